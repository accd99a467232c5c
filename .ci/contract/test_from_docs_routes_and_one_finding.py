"""Contract cases from the docs alone (black box, `scenery validate --format json`), checking:

- docs/manifest.md, top paragraph: `$schema` and `x-` keys in every object the format defines and
  every map the format keys by name (an `update`'s `set` among them), read for nothing; "In a
  value you write (the record a `set` or `insert` step writes, a fetch's `where`), every key is
  data"; a key written with JSON escapes is the key it spells.
- docs/manifest.md "### Routes": "`push`, `present` and `replace` need `to` (E202 without it);
  `back` and `dismiss` take none (E214); `root` may leave it out." -- route steps and a button's
  `route` ("Rows and buttons": its `mode` is `push` when left out).
- docs/manifest.md "## Diagnostics": "Positions" (a key given twice, a missing key, an unknown key,
  a wrong value) and "One mistake gives one finding" (an unread step still binds its `as`; a
  part that might route and is left out hides W001, a part not in the list does not, and a route
  read with a mistake beside it still goes where its `to` says).
- docs/editors.md: the JSON Schemas take `$schema` and `x-` keys wherever `scenery validate` does.
"""
import copy
import json
import shutil
from pathlib import Path

import pytest

from scenery_cli import need_scenery, run_scenery

REPO = Path(__file__).resolve().parents[2]
LIST = "scenes/OrderList.json"
EXTRA = '{"formatVersion": 1, "scene": "Extra", "view": [ { "type": "header", "text": "Extra" } ]}\n'
SPARE = '{"formatVersion": 1, "scene": "Spare", "view": [ { "type": "header", "text": "Spare" } ]}\n'
STEP_AT = '"interactor": [ { "type": "route", "to": "OrderDetails"'
OPEN_ROUTE = '{ "type": "route", "to": "OrderDetails"'
COMP_AT = '{ "type": "error" }'
UC_AT = '"useCases": {'


def copy_app(tmp_path, name="Orders", extra=False):
    need_scenery()
    app = tmp_path / name
    shutil.copytree(REPO / "Scenes" / name, app)
    if extra:  # two scenes nothing routes to: W001 for both unless something might reach them
        (app / "scenes" / "Extra.json").write_text(EXTRA)
        (app / "scenes" / "Spare.json").write_text(SPARE)
    return app


def edit(app, rel, old, new):
    p = app / rel
    text = p.read_text()
    assert text.count(old) == 1, (rel, old)
    p.write_text(text.replace(old, new))


def put(app, where, snippet):
    """Into OrderList: a step before `open`'s route step (after any put before), a component, or use case 'go'."""
    if where == "uc":
        return edit(app, LIST, UC_AT, UC_AT + ' "go": ' + snippet + ",")
    anchor, sep = {"step": (OPEN_ROUTE, ",\n        "), "comp": (COMP_AT, ",\n    ")}[where]
    edit(app, LIST, anchor, snippet + sep + anchor)


def validate(app):
    r = run_scenery(["validate", "--format", "json", app], cwd=app.parent, timeout=60)
    assert r.stdout.strip().startswith("["), (r.stdout, r.stderr)
    return r.returncode, json.loads(r.stdout)


def codes(findings):
    return sorted(f["code"] for f in findings)


def unreachable(findings):  # the files of the scenes W001 says are unreachable
    return sorted(Path(f["file"]).name for f in findings if f["code"] == "W001")


def place(app, rel, needle, offset=0):
    """(line, column), 1-based, of the character `offset` into the one `needle` in the file."""
    text = (app / rel).read_text()
    assert text.count(needle) == 1, needle
    i = text.index(needle) + offset
    return text.count("\n", 0, i) + 1, i - (text.rfind("\n", 0, i) + 1) + 1


def at(findings, code):
    hits = [(f["line"], f["column"]) for f in findings if f["code"] == code]
    assert len(hits) == 1, findings
    return hits[0]


# ---- W001 and the parts that might route ----
def test_control_extra_scenes_are_unreachable_until_a_button_routes_to_one(tmp_path):
    app = copy_app(tmp_path, extra=True)
    rc, fs = validate(app)
    assert rc == 0 and codes(fs) == ["W001", "W001"] and unreachable(fs) == ["Extra.json", "Spare.json"]
    put(app, "comp", '{ "type": "button", "title": "Extra", "route": { "to": "Extra" }, "word": "extra" }')
    rc, fs = validate(app)
    assert rc == 0 and unreachable(fs) == ["Spare.json"]


BTN = '"title": "Extra", "route": { "to": "Extra" }, "word": "extra"'
ROUTE = '{ "type": "route", "to": "Extra" }'
# where, snippet, code, and where it points: "{" the object's `{`, or a needle to its first character
MIGHT_ROUTE = {
    "step-missing-type": ("step", '{ "to": "Extra", "mode": "push" }', "E202", "{"),
    "step-unknown-type": ("step", '{ "type": "rout", "to": "Extra" }', "E205", '"rout"'),
    "component-missing-type": ("comp", "{ " + BTN + " }", "E202", "{"),
    "component-unknown-type": ("comp", '{ "type": "buton", ' + BTN + " }", "E205", '"buton"'),
    "route-step-bad-mode": ("step", '{ "type": "route", "to": "Extra", "mode": "psh" }', "E205", '"psh"'),
    "route-step-push-without-to": ("step", '{ "type": "route", "mode": "push" }', "E202", "{"),
    "step-with-onError-steps": ("step", '{ "type": "fetch", "as": "got", "onError": [ ' + ROUTE + " ] }", "E202", "{"),
    "button-missing-title": ("comp", '{ "type": "button", "route": { "to": "Extra" }, "word": "extra" }', "E202", "{"),
    "button-action-and-route": ("comp", '{ "type": "button", "action": "open", ' + BTN + " }", "E214", None),
    "group-children-not-a-list": ("comp", '{ "type": "group", "children": { "type": "button", ' + BTN + " } }", "E203", '{ "type": "button"'),
    "use-case-bad-value": ("uc", '{ "interactor": [ ' + ROUTE + ' ], "reentrant": "yes" }', "E203", '"yes"'),
    "interactor-not-a-list": ("uc", '{ "interactor": ' + ROUTE + " }", "E203", ROUTE),
    "route-step-to-a-number": ("step", '{ "type": "route", "to": 5 }', "E203", "5 }"),
    "route-step-to-a-list": ("step", '{ "type": "route", "to": ["Extra"] }', "E203", '["Extra"]'),
    "button-route-to-a-number": ("comp", '{ "type": "button", "title": "Extra", "route": { "to": 7 }, "word": "extra" }', "E203", "7 }"),
}


# "A route read with a mistake beside it (a misspelt `mode`, read as `push`; a button with both
# `action` and `route`) still goes where its `to` says": these parts are read, so Spare, which no
# route names, is still unreachable. (A use case with a bad `reentrant` is read too.)
READ_WITH_A_MISTAKE_BESIDE = {"button-action-and-route", "route-step-bad-mode", "use-case-bad-value"}


@pytest.mark.parametrize("case", sorted(MIGHT_ROUTE))
def test_a_part_that_might_route_and_cannot_be_read_hides_w001(tmp_path, case):
    """One finding, where the docs put it; while the part is unread no scene of the app is said
    to be unreachable, and a part read with a mistake beside it still reaches its `to`."""
    where, snippet, code, points = MIGHT_ROUTE[case]
    app = copy_app(tmp_path, extra=True)
    put(app, where, snippet)
    rc, fs = validate(app)
    expected = ["Spare.json"] if case in READ_WITH_A_MISTAKE_BESIDE else []
    assert rc == 1 and unreachable(fs) == expected, fs
    mistakes = [f for f in fs if f["code"] != "W001"]
    assert codes(mistakes) == [code] and Path(mistakes[0]["file"]).name == "OrderList.json", fs
    if points == "{":
        assert at(fs, code) == place(app, LIST, snippet)
    elif points:
        assert at(fs, code) == place(app, LIST, snippet, snippet.index(points))


def test_a_use_case_that_is_not_an_object_hides_w001(tmp_path):
    app = copy_app(tmp_path, extra=True)
    put(app, "uc", "[ " + ROUTE + " ]")
    rc, fs = validate(app)
    assert rc == 1 and codes(fs) == ["E203"], fs


NOT_LISTED = {
    "header-with-a-broken-expression": ("comp", '{ "type": "header", "text": "@{state.nope}" }', "E409"),
    "set-step-with-a-bad-expression": ("step", '{ "type": "set", "path": "state.problem", "value": "@{1 +}" }', "E401"),
    "text-component-without-text": ("comp", '{ "type": "text" }', "E202"),
    "set-step-without-path": ("step", '{ "type": "set", "value": "a" }', "E202"),
    "fetch-step-without-provider-or-onError": ("step", '{ "type": "fetch", "as": "got" }', "E202"),
}


@pytest.mark.parametrize("case", sorted(NOT_LISTED))
def test_a_part_not_in_the_list_leaves_w001_standing(tmp_path, case):
    where, snippet, code = NOT_LISTED[case]
    app = copy_app(tmp_path, extra=True)
    put(app, where, snippet)
    rc, fs = validate(app)
    assert rc == 1 and codes(fs) == sorted([code, "W001", "W001"]), fs
    assert unreachable(fs) == ["Extra.json", "Spare.json"]


def test_an_unreadable_part_in_an_unreachable_scene_hides_every_w001(tmp_path):
    app = copy_app(tmp_path, extra=True)
    (app / "scenes" / "Extra.json").write_text(EXTRA.replace(
        '"type": "header", "text": "Extra"', '"type": "buton", "title": "S", "route": { "to": "Spare" }, "word": "s"'))
    rc, fs = validate(app)
    assert rc == 1 and codes(fs) == ["E205"], fs


# ---- A step that cannot be read still binds its `as` ----

USE_GOT = '{ "type": "set", "path": "state.problem", "value": "@{string(got)}" }'
BINDS = {
    "misspelt-type": ('{ "type": "fetc", "provider": "orders", "as": "got" }', "E205"),
    "missing-type": ('{ "provider": "orders", "as": "got" }', "E202"),
    "fetch-missing-provider": ('{ "type": "fetch", "as": "got" }', "E202"),
    "let-missing-value": ('{ "type": "let", "as": "got" }', "E202"),
    "work-missing-worker": ('{ "type": "work", "input": "@{[]}", "as": "got" }', "E202"),
}


@pytest.mark.parametrize("case", sorted(BINDS))
def test_an_unreadable_step_still_binds_its_as(tmp_path, case):
    snippet, code = BINDS[case]
    app = copy_app(tmp_path)
    put(app, "step", snippet)
    put(app, "step", USE_GOT)
    rc, fs = validate(app)
    assert rc == 1 and codes(fs) == [code], fs


def test_control_without_as_the_later_step_is_told_the_local_is_unknown(tmp_path):
    app = copy_app(tmp_path)
    put(app, "step", '{ "type": "fetc", "provider": "orders" }')
    put(app, "step", USE_GOT)
    rc, fs = validate(app)
    assert rc == 1 and codes(fs) == ["E205", "E405"], fs


# ---- Routes: which modes need `to`, which take none ----

MODES = ["push", "present", "replace", "back", "dismiss", "root"]


@pytest.mark.parametrize("kind", ["step", "button"])
@pytest.mark.parametrize("to", [False, True], ids=["without-to", "with-to"])
@pytest.mark.parametrize("mode", MODES)
def test_which_route_modes_need_to_and_which_take_none(tmp_path, kind, to, mode):
    app = copy_app(tmp_path)
    body = ('"to": "OrderForm", ' if to else "") + '"mode": "%s"' % mode
    if kind == "step":
        obj = '{ "type": "route", ' + body + " }"
        put(app, "step", obj)
    else:
        obj = "{ " + body + " }"
        put(app, "comp", '{ "type": "button", "title": "Go", "route": ' + obj + ', "word": "go" }')
    rc, fs = validate(app)
    if not to and mode in ("push", "present", "replace"):
        assert rc == 1 and codes(fs) == ["E202"], fs
        assert at(fs, "E202") == place(app, LIST, obj)  # at the `{` of the object that lacks it
    elif to and mode in ("back", "dismiss"):
        assert rc == 1 and codes(fs) == ["E214"], fs
        assert at(fs, "E214")[0] == place(app, LIST, obj)[0]
    else:
        assert rc == 0 and fs == [], fs


def test_a_buttons_route_without_mode_is_a_push_and_needs_to(tmp_path):
    app = copy_app(tmp_path)
    put(app, "comp", '{ "type": "button", "title": "Go", "route": { }, "word": "go" }')
    rc, fs = validate(app)
    assert rc == 1 and codes(fs) == ["E202"] and "'to'" in fs[0]["message"], fs
    assert at(fs, "E202") == place(app, LIST, "{ }")


# ---- Keys: `$schema` and `x-` keys, values as data, escapes, duplicates ----

NOTES = {"x-note": {"type": "nonsense", "to": "Nowhere", "interactor": 5}, "$schema": "mine"}


def note(obj):
    if isinstance(obj, dict):
        for k, v in NOTES.items():
            obj.setdefault(k, copy.deepcopy(v))


def note_steps(steps):
    for s in steps if isinstance(steps, list) else []:
        note(s)
        note_steps(s.get("onError"))
        [note(rule) for rule in s.get("rules") or []]


def note_components(components):
    for c in components:
        note(c), note(c.get("route"))
        note_components(c.get("children", []) if c.get("type") == "group" else [])


def note_app(a):
    for key in ("models", "shared", "providers", "workers", "formatters"):
        [note(v) for v in a.get(key, {}).values()]  # a model (a map of field names), a field, a provider, ...
        note(a.get(key))
    note(a)


def note_scene(s):
    [note(f) for f in (s.get("state") or {}).values()]
    for u in (s.get("useCases") or {}).values():
        note(u), note(u.get("request"))  # a request map of field names (a model's name is a string)
        note_steps(u.get("interactor")), note_steps(u.get("onError"))
        [note(p) for p in (u.get("presenter") or {}).values() if isinstance(p, dict) and "each" in p]
    [note(s.get(key)) for key in ("args", "state", "useCases")]
    note_components(s.get("view", []))
    note(s)


def noted_copy(tmp_path, name):
    app = copy_app(tmp_path, name)
    docs = {"app.json": json.loads((app / "app.json").read_text())}
    note_app(docs["app.json"])
    for p in sorted((app / "scenes").glob("*.json")):
        docs["scenes/" + p.name] = json.loads(p.read_text())
        note_scene(docs["scenes/" + p.name])
    for rel, doc in docs.items():
        (app / rel).write_text(json.dumps(doc, indent=2, ensure_ascii=False))
    return app, docs


@pytest.mark.parametrize("name", ["Shop", "Orders"])
def test_validate_takes_schema_and_x_keys_everywhere_and_reads_nothing_from_them(tmp_path, name):
    app, docs = noted_copy(tmp_path, name)
    assert sum(json.dumps(d).count('"x-note"') for d in docs.values()) > 40
    rc, fs = validate(app)
    assert rc == 0 and fs == [], fs


@pytest.mark.parametrize("name", ["Shop", "Orders"])
def test_the_json_schemas_take_the_same_copies(tmp_path, name):
    jsonschema = pytest.importorskip("jsonschema")
    schemas = {k: json.loads((REPO / "docs" / "schema" / f"{k}.schema.json").read_text()) for k in ("app", "scene")}
    _, docs = noted_copy(tmp_path, name)
    for rel, doc in docs.items():
        schema = schemas["app" if rel == "app.json" else "scene"]
        errors = [(list(e.absolute_path), e.message) for e in jsonschema.Draft7Validator(schema).iter_errors(doc)]
        assert errors == [], (rel, errors)


def test_an_x_use_case_and_an_x_key_on_a_button_route_nowhere(tmp_path):
    app = copy_app(tmp_path, extra=True)
    put(app, "uc", '{ }, "x-go": { "interactor": [ ' + ROUTE + " ] }")
    put(app, "comp", '{ "type": "button", "title": "X", "action": "open", "x-route": { "to": "Extra" } }')
    rc, fs = validate(app)
    assert rc == 0 and unreachable(fs) == ["Extra.json", "Spare.json"] and codes(fs) == ["W001", "W001"], fs


RECORD = ('"id": "a", "createdAt": "2026-01-01", "firstName": "a", "lastName": "a", "email": "a", "phone": "a", '
          '"street": "a", "city": "a", "zip": "a", "shipping": "a", "deliverBy": "2026-01-02", "quantity": 1, '
          '"total": 1, "card": "a", "gift": false')


@pytest.mark.parametrize("key", ["x-note", "$schema"])
@pytest.mark.parametrize("step", [
    '{ "type": "fetch", "provider": "orders", "as": "f", "args": { "where": { "KEY": "a" } } }',
    '{ "type": "insert", "provider": "orders", "value": { ' + RECORD + ', "KEY": "a" } }',
], ids=["fetch-where", "insert-value"])
def test_in_a_value_you_write_every_key_is_data(tmp_path, key, step):
    app = copy_app(tmp_path)
    put(app, "step", step.replace("KEY", key))
    rc, fs = validate(app)
    assert rc == 1 and len(fs) == 1 and fs[0]["code"] in ("E201", "E312", "E314"), fs
    assert key in fs[0]["message"], fs


@pytest.mark.parametrize("key", ["x-note", "$schema"])
def test_an_update_set_is_a_map_of_names_and_takes_extension_keys(tmp_path, key):
    """manifest.md, top: every map the format keys by name, "an `update`'s `set`" among them,
    takes `$schema` and `x-` keys and reads nothing from them."""
    app = copy_app(tmp_path)
    put(app, "step", '{ "type": "update", "provider": "orders", "key": "a", "set": { "KEY": "a" } }'.replace("KEY", key))
    rc, fs = validate(app)
    assert rc == 0 and fs == [], fs


@pytest.mark.parametrize("snippet", [
    '{ "type": "insert", "provider": "orders", "value": { ' + RECORD + " } }",  # controls: no x- key
    '{ "type": "fetch", "provider": "orders", "as": "f", "args": { "where": { "city": "a" } } }',
    r'{ "t\u0079pe": "set", "path": "state.problem", "value": "a" }',
    r'{ "type": "set", "p\u0061th": "state.problem", "value": "a", "\u0078-note": 5 }',
    r'{ "type": "set", "path": "state.problem", "value": "a", "\u0024schema": 5 }',
], ids=["control-record", "control-where", "escaped-type", "escaped-path-and-x-key", "escaped-schema-key"])
def test_clean_steps_and_an_escaped_key_is_the_key_it_spells(tmp_path, snippet):
    app = copy_app(tmp_path)
    put(app, "step", snippet)
    rc, fs = validate(app)
    assert rc == 0 and fs == [], fs


def test_an_escaped_unknown_key_is_reported_at_its_opening_quote(tmp_path):
    app = copy_app(tmp_path)
    snippet = r'{ "type": "set", "path": "state.problem", "valu\u0065s": "a" }'
    put(app, "step", snippet)
    rc, fs = validate(app)
    assert rc == 1 and at(fs, "E201") == place(app, LIST, r'"valu\u0065s"')
    assert "'values'" in [f["message"] for f in fs if f["code"] == "E201"][0], fs


DUPLICATES = {
    "scene-title": (LIST, '"title": "Orders",', '"title": "Orders", "title": "Again",', '"title": "Again"'),
    "escaped-title": (LIST, '"title": "Orders",', r'"title": "Orders", "t\u0069tle": "Again",', r'"t\u0069tle"'),
    "state-field": (LIST, '"problem": { "type": "string?" } }', '"problem": { "type": "string?" }, "problem": { "type": "string?" } }', '"problem": { "type": "string?" } }'),
    "step-key": (LIST, STEP_AT, STEP_AT + ', "to": "OrderForm"', '"to": "OrderForm", "args"'),
    "use-case": (LIST, UC_AT, UC_AT + ' "go": { }, "go": { },', ('"go": { }, "go"', len('"go": { }, '))),
}


@pytest.mark.parametrize("case", sorted(DUPLICATES))
def test_a_key_given_twice_is_reported_at_the_second_ones_opening_quote(tmp_path, case):
    rel, old, new, second = DUPLICATES[case]
    app = copy_app(tmp_path)
    edit(app, rel, old, new)
    rc, fs = validate(app)
    assert rc == 1 and "E210" in codes(fs), fs
    needle, offset = second if isinstance(second, tuple) else (second, 0)
    assert at(fs, "E210") == place(app, rel, needle, offset)
