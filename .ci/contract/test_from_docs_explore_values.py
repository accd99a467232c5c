"""Contract tests for the values `scenery explore` types, written from the documentation
alone: docs/explore.md, "Explore an app" — two rules of its list of what a walk picks:

1. "a use case a person may type, with arguments made from its request's declared types — a
   `string` argument, half the time, the key of a record the app holds when it starts (a
   collection's fixture), as a scene's args are;"
2. "A value a `validate` rule checks with `matches()` — `matches(state.phone,
   '^[+]?[0-9 ]{9,17}$')`, `matches(trim(request.code), '…')` — is made from that pattern
   the same way: an input with no `pattern` of its own takes it, and a typed argument
   mostly gets text it matches, sometimes that text a character short."

Each app plants a division by zero (E502) that only a value of the kind the docs promise
reaches: a step after a `validate` rule's `matches()`, which only text the pattern matches
gets past; a step before it that only text one character short of such a text reaches; a
fetch by a typed id that only a fixture's key finds. The patterns are ones that none of the
plain values the docs list (empty text, text with spaces around it, long text, 0, -1,
2147483648, a cent, dates) can match, so a finding shows the value was made from the
pattern. Each finding must still fail under `scenery test`, and the same seed must write
the same transcripts.

Every app and every output is under pytest's tmp_path, explore runs there (its `explore`
folder lands there), `scenery run` keeps its state in a `--state-dir` inside it and
XDG_STATE_HOME points inside it. Walks are 40-80 a run; the file runs in about 20 s.
"""
import json
import re
import shlex
from pathlib import Path

import pytest

from scenery_cli import run_scenery

TIMEOUT = 60

SUMMARY = re.compile(
    r"^explored (?P<app>\S+): (?P<walks>\d+) walks?, (?P<actions>\d+) actions?, "
    r"(?P<frames>\d+) distinct frames?, (?P<pct>\d+\.\d)% of places reached "
    r"\((?P<reached>\d+)/(?P<places>\d+)\), (?P<failures>\d+) failures?$")
FOUND_BY = re.compile(r"^# found by: scenery explore (?P<command>.*), walk (?P<walk>\d+), "
                      r"shrunk from (?P<before>\d+) actions? to (?P<after>\d+)$")

CODE = "^Q[0-9]{6}Z$"  # no plain value the docs list matches it
CODE_RX = re.compile(r"Q[0-9]{6}Z")


# ---------------------------------------------------------------- helpers

def run(args, cwd):
    return run_scenery(args, cwd, timeout=TIMEOUT)


def out(p):
    return p.stdout + p.stderr


def explore(cwd, app, *args):
    return run(["explore", app, *args], cwd)


def script_run(cwd, app, lines, *flags):
    """`scenery run APP --script` with its state in a folder of cwd (never the default)."""
    script = Path(cwd) / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    state = Path(cwd) / "state-run"
    state.mkdir(exist_ok=True)
    return run(["run", app, "--script", script, "--state-dir", state, *flags], cwd)


def summary(p):
    lines = [l for l in p.stdout.splitlines() if l.startswith("explored ")]
    assert len(lines) == 1, out(p)
    m = SUMMARY.match(lines[0])
    assert m, f"summary line of an unexpected shape: {lines[0]!r}"
    return {k: (v if k == "app" else float(v) if k == "pct" else int(v))
            for k, v in m.groupdict().items()}


def findings(root, folder="explore"):
    d = Path(root) / folder
    return {p.name: p.read_text() for p in sorted(d.glob("*.transcript"))} if d.is_dir() else {}


def header(text):
    lines = []
    for l in text.splitlines():
        if not l.startswith("#"):
            break
        lines.append(l)
    return lines


def body(text):
    return text.splitlines()[len(header(text)):]


def found_by(text):
    for l in header(text):
        m = FOUND_BY.match(l)
        if m:
            return m
    raise AssertionError(f"no '# found by:' line in\n{text}")


def by_place(found, place):
    """The one finding whose first header line names `place`."""
    hits = [t for t in found.values() if place in header(t)[0]]
    assert len(hits) == 1, (place, list(found), [header(t)[0] for t in found.values()])
    return hits[0]


def typed(text, word):
    """The words after `word` on each input line of a transcript that types it."""
    lines = [l[2:] for l in body(text) if l.startswith("> ")]
    return [shlex.split(l)[1:] for l in lines if shlex.split(l)[:1] == [word]]


def request_of(words, fields):
    """A typed action's words as its request: in declared order, or by name as name=value
    (docs/cli.md: "Arguments fill the use case's request fields in declared order, or by name
    as `name=value`")."""
    got, rest = {}, list(fields)
    for w in words:
        name, eq, value = w.partition("=")
        if eq and name in fields:
            got[name] = value
            if name in rest:
                rest.remove(name)
        elif rest:
            got[rest.pop(0)] = w
    return got


def input_value(text, label, word):
    """What the last frame of a transcript shows in a bound input: `Label: [value]  > word`."""
    rx = re.compile(r"^%s: \[(.*)\]  > %s$" % (re.escape(label), re.escape(word)))
    values = [m.group(1) for m in map(rx.match, body(text)) if m]
    assert values, text
    return values[-1]


def fails_under_test(cwd, name, folder="explore"):
    t = run(["test", Path(folder) / name], cwd)
    assert t.returncode == 1, out(t)
    assert "'(E502)' appeared" in t.stderr, out(t)  # it fails where the property does


def write_app(root, app, scenes):
    root = Path(root)
    (root / "scenes").mkdir(parents=True, exist_ok=True)
    (root / "app.json").write_text(json.dumps(app, indent=2))
    for scene in scenes:
        (root / "scenes" / f"{scene['scene']}.json").write_text(json.dumps(scene, indent=2))
    v = run(["validate", root], root.parent)
    assert v.returncode == 0, out(v)  # the app itself is sound
    return root


def setp(path, value, **kw):
    return {"type": "set", "path": path, "value": value, **kw}


def crash(when="true"):
    """A `set` that divides by zero when `when` holds, and does nothing harmful otherwise."""
    return setp("state.x", "@{1 / ((%s) ? state.zero : 1)}" % when)


def rule(check, message):
    return {"type": "validate", "rules": [{"check": "@{%s}" % check, "message": message}]}


def one_short(field, letters=("Q", "Z")):
    """Text of 7 characters holding the code's first or last letter: CODE's text (8
    characters) with one of them left out — no plain value the docs list is so."""
    a, b = letters
    return f"count({field}) == 7 && (contains({field}, '{a}') || contains({field}, '{b}'))"


def is_one_short(value, pattern=CODE_RX):
    """Whether putting one character back somewhere makes text the pattern matches."""
    if len(value) != 7:
        return False
    for i in range(len(value) + 1):
        for c in "QZqz0123456789":
            if pattern.fullmatch(value[:i] + c + value[i:]):
                return True
    return False


BASE_STATE = {"x": {"type": "decimal", "default": 0}, "zero": {"type": "int", "default": 0},
              "n": {"type": "int", "default": 0}}
INC = {"interactor": [setp("state.n", "@{state.n + 1}")]}


def scene(name, use_cases, view, state=None):
    return {"formatVersion": 1, "scene": name,
            "state": {**BASE_STATE, **(state or {})},
            "useCases": {**use_cases, "inc": INC},
            "view": [{"type": "header", "text": name}, *view,
                     {"type": "text", "text": "N: @{state.n}"},
                     {"type": "button", "title": "Inc", "action": "inc"},
                     {"type": "error"}]}


# ---------------------------------------------------------------- apps

CHECKS = {  # how a rule reaches the typed field, and the pattern it checks
    "request.c": (CODE, ("Q", "Z")),
    "trim(request.c)": (CODE, ("Q", "Z")),
    "lower(request.c)": ("^q[0-9]{6}z$", ("q", "z")),
    "upper(request.c)": (CODE, ("Q", "Z")),
}


def codes(root, check="request.c", probe=True, optional=False):
    """`code C`: step 1 divides by zero for text one character short of the code (probe),
    step 2 checks `matches(CHECK, PATTERN)`, step 3 divides by zero: only a code gets there.
    With `optional`, C is `string?` and step 1 divides by zero when it is left out."""
    pattern, letters = CHECKS[check]
    steps = []
    if probe:
        steps.append(crash("request.c == null" if optional else one_short("request.c", letters)))
    steps += [rule(f"matches({check}, '{pattern}')", "Not a code"), crash()]
    home = scene("Codes", {"code": {"request": {"c": "string?" if optional else "string"},
                                    "interactor": steps}},
                 [{"type": "text", "text": "X: @{state.x}"}])
    return write_app(Path(root) / "Codes", {"formatVersion": 1, "name": "Codes", "entry": "Codes"},
                     [home])


PHONE = "^[+]?[0-9 ]{9,17}$"  # the docs' example


def phones(root):
    """Two bound inputs with no pattern of their own, each checked by a `validate` rule's
    `matches()` over the state it binds: Save checks the phone (the docs' example), Send
    the code; each divides by zero once its rule holds. Probe divides by zero when the code
    input holds text one character short of a code."""
    home = scene("Phones", {
        "save": {"interactor": [rule(f"matches(state.phone, '{PHONE}')", "Enter a phone"), crash()]},
        "send": {"interactor": [rule(f"matches(trim(state.code), '{CODE}')", "Enter a code"),
                                setp("state.x", "@{2 / state.zero}")]},
        "probe": {"interactor": [crash(one_short("state.code"))]}},
        [{"type": "input", "label": "Phone", "bind": "state.phone"},
         {"type": "input", "label": "Code", "bind": "state.code"},
         {"type": "button", "title": "Save", "action": "save"},
         {"type": "button", "title": "Send", "action": "send"},
         {"type": "button", "title": "Probe", "action": "probe"}],
        state={"phone": {"type": "string", "default": ""}, "code": {"type": "string", "default": ""}})
    return write_app(Path(root) / "Phones", {"formatVersion": 1, "name": "Phones", "entry": "Phones"},
                     [home])


def zips(root):
    """A bound input with a `pattern` of its own (five digits) that a `validate` rule also
    checks with another pattern (two capital letters). Own divides by zero when the input
    holds five digits, Other when it holds what the rule's pattern matches, Save after the
    rule holds."""
    own = "count(state.zip) == 5 && state.zip == trim(state.zip) && lower(state.zip) == upper(state.zip)"
    other = "count(state.zip) == 2 && upper(state.zip) == state.zip && lower(state.zip) != state.zip"
    home = scene("Zips", {
        "save": {"interactor": [rule("matches(state.zip, '^[A-Z]{2}$')", "Two letters"),
                                setp("state.x", "@{3 / state.zero}")]},
        "own": {"interactor": [crash(own)]},
        "other": {"interactor": [setp("state.x", "@{4 / ((%s) ? state.zero : 1)}" % other)]}},
        [{"type": "input", "label": "ZIP", "bind": "state.zip", "pattern": "[0-9]{5}"},
         {"type": "button", "title": "Save", "action": "save"},
         {"type": "button", "title": "Own", "action": "own"},
         {"type": "button", "title": "Other", "action": "other"}],
        state={"zip": {"type": "string", "default": ""}})
    return write_app(Path(root) / "Zips", {"formatVersion": 1, "name": "Zips", "entry": "Zips"},
                     [home])


def pairs(root):
    """`pair A B`, two string fields, each checked by its own rule: A three capitals, B (through
    trim) four digits, a dash and two digits; step 2 divides by zero once both hold."""
    home = scene("Pairs", {"pair": {"request": {"a": "string", "b": "string"}, "interactor": [
        {"type": "validate", "rules": [
            {"check": "@{matches(request.a, '^[A-Z]{3}$')}", "message": "A is three capitals"},
            {"check": "@{matches(trim(request.b), '^[0-9]{4}-[0-9]{2}$')}", "message": "B is 1234-56"}]},
        crash()]}}, [{"type": "text", "text": "X: @{state.x}"}])
    return write_app(Path(root) / "Pairs", {"formatVersion": 1, "name": "Pairs", "entry": "Pairs"},
                     [home])


KEYS = ["k-alpha", "k-beta", "k-gamma"]


def keyed(root):
    """A collection `items` and use cases typed with string ids: `look ID` divides by zero at
    step 2 when ID names a record and at step 3 when it names none; `link A B` at step 3 when
    both name records."""
    app = {"formatVersion": 1, "name": "Keyed", "entry": "Keyed",
           "models": {"Item": {"id": "string", "title": "string"}},
           "providers": {"items": {"type": "collection", "model": "Item", "key": "id"}}}

    def fetch(arg, local):
        return {"type": "fetch", "provider": "items", "as": local, "args": {"key": f"@{{{arg}}}"}}

    home = scene("Keyed", {
        "look": {"request": {"id": "string"}, "interactor": [
            fetch("request.id", "item"),
            setp("state.x", "@{1 / state.zero}", **{"if": "@{item}"}),
            setp("state.x", "@{2 / state.zero}", **{"if": "@{!item}"})]},
        "link": {"request": {"a": "string", "b": "string"}, "interactor": [
            fetch("request.a", "first"), fetch("request.b", "second"),
            setp("state.x", "@{3 / state.zero}", **{"if": "@{first && second}"})]}},
        [{"type": "text", "text": "X: @{state.x}"}])
    (Path(root) / "items.json").write_text(json.dumps([{"id": k, "title": k.upper()} for k in KEYS]))
    return write_app(Path(root) / "Keyed", app, [home])


# ---------------------------------------------------------------- a typed argument a rule checks

@pytest.mark.parametrize("check", list(CHECKS))
# checks: docs/explore.md#explore-an-app ("a typed argument mostly gets text it matches,
# sometimes that text a character short"; `matches(trim(request.code), '…')`)
def test_a_typed_argument_gets_text_its_rule_matches_and_text_a_character_short(tmp_path, check):
    codes(tmp_path, check)
    p = explore(tmp_path, "Codes", "--walks", 40)
    assert p.returncode == 1, out(p)
    found = findings(tmp_path)
    assert len(found) == 2 and summary(p)["failures"] == 2, out(p)
    pattern = re.compile(CHECKS[check][0].strip("^$"))
    # past the rule: the code typed is text the pattern matches (through the function)
    past = by_place(found, "Codes.code, step 3 (set): division by zero (E502)")
    words = typed(past, "code")
    assert words and len(words[-1]) == 1, past
    value = words[-1][0]
    assert pattern.fullmatch(value) or pattern.fullmatch(value.strip()), past
    # before it: text one character short of such a text
    short = by_place(found, "Codes.code, step 1 (set): division by zero (E502)")
    words = typed(short, "code")
    assert words and len(words[-1]) == 1 and is_one_short(words[-1][0], pattern), short
    for name in found:
        fails_under_test(tmp_path, name)


# checks: docs/explore.md#explore-an-app ("sometimes that text a character short" — then the
# rule's message is what a person sees)
def test_the_text_a_character_short_is_refused_with_the_rules_message(tmp_path):
    codes(tmp_path / "probed")
    p = explore(tmp_path / "probed", "Codes", "--walks", 40)
    assert p.returncode == 1, out(p)
    short = by_place(findings(tmp_path / "probed"), "Codes.code, step 1 (set)")
    [value] = typed(short, "code")[-1]
    # the same app without the probe: the value explore made is refused by the rule, and the
    # use case stops before its division by zero
    codes(tmp_path, probe=False)
    r = script_run(tmp_path, "Codes", [f"code {shlex.quote(value)}"])
    assert r.returncode == 0, out(r)
    after = r.stdout.split(f"> code {shlex.quote(value)}\n", 1)[1].splitlines()
    assert "! Not a code" in after and "(E502)" not in r.stdout, out(r)


# checks: docs/explore.md#explore-an-app ("an optional field is sometimes left out"; a typed
# argument a rule checks "mostly gets text it matches")
def test_an_optional_string_argument_a_rule_checks_gets_its_text_or_is_left_out(tmp_path):
    codes(tmp_path, optional=True)
    p = explore(tmp_path, "Codes", "--walks", 40)
    assert p.returncode == 1, out(p)
    found = findings(tmp_path)
    assert len(found) == 2, out(p)
    left_out = by_place(found, "Codes.code, step 1 (set)")
    assert typed(left_out, "code")[-1] == [], left_out  # `code` alone: null
    past = by_place(found, "Codes.code, step 3 (set)")
    words = typed(past, "code")[-1]
    assert len(words) == 1 and CODE_RX.fullmatch(words[0]), past
    for name in found:
        fails_under_test(tmp_path, name)


# checks: docs/explore.md#explore-an-app ("with arguments made from its request's declared
# types"; each field's rule gives its own text)
def test_a_use_case_with_two_string_fields_gets_each_its_own_rules_text(tmp_path):
    pairs(tmp_path)
    p = explore(tmp_path, "Pairs", "--walks", 60)
    assert p.returncode == 1, out(p)
    found = findings(tmp_path)
    assert len(found) == 1, out(p)
    [text] = found.values()
    assert "Pairs.pair, step 2 (set): division by zero (E502)" in header(text)[0], text
    req = request_of(typed(text, "pair")[-1], ["a", "b"])
    assert re.fullmatch(r"[A-Z]{3}", req.get("a", "")), text
    assert re.fullmatch(r"[0-9]{4}-[0-9]{2}", req.get("b", "").strip()), text
    fails_under_test(tmp_path, next(iter(found)))


# ---------------------------------------------------------------- an input a rule checks

# checks: docs/explore.md#explore-an-app ("`matches(state.phone, '^[+]?[0-9 ]{9,17}$')` ...
# an input with no `pattern` of its own takes it")
def test_an_input_with_no_pattern_takes_the_pattern_of_a_rule_over_its_state(tmp_path):
    phones(tmp_path)
    p = explore(tmp_path, "Phones", "--walks", 60)
    assert p.returncode == 1, out(p)
    found = findings(tmp_path)
    phone = by_place(found, "Phones.save, step 2 (set): division by zero (E502)")
    assert re.fullmatch(PHONE, input_value(phone, "Phone", "phone")), phone
    assert typed(phone, "phone") and typed(phone, "save") == [[]], phone
    code = by_place(found, "Phones.send, step 2 (set): division by zero (E502)")
    assert CODE_RX.fullmatch(input_value(code, "Code", "code").strip()), code
    for name in found:
        fails_under_test(tmp_path, name)


# checks: docs/explore.md#explore-an-app ("an input with [rules] mostly gets a value they let
# through ... and otherwise one just outside them: ... the pattern's text one character
# short" — for a pattern the input takes from a `validate` rule's `matches()`)
def test_an_input_that_takes_a_rules_pattern_sometimes_gets_its_text_a_character_short(tmp_path):
    phones(tmp_path)
    p = explore(tmp_path, "Phones", "--walks", 60)
    assert p.returncode == 1, out(p)
    short = by_place(findings(tmp_path), "Phones.probe, step 1 (set): division by zero (E502)")
    assert is_one_short(input_value(short, "Code", "code")), short
    assert typed(short, "probe") == [[]], short
    fails_under_test(tmp_path, next(n for n, t in findings(tmp_path).items() if t == short))


# checks: docs/explore.md#explore-an-app ("an input with no `pattern` of its own takes it":
# one with a `pattern` of its own follows that one)
def test_an_input_with_its_own_pattern_follows_it_not_the_rules(tmp_path):
    zips(tmp_path)
    p = explore(tmp_path, "Zips", "--walks", 60)
    assert p.returncode == 1, out(p)
    found = findings(tmp_path)
    heads = [header(t)[0] for t in found.values()]
    own = by_place(found, "Zips.own, step 1 (set): division by zero (E502)")
    assert re.fullmatch(r"[0-9]{5}", input_value(own, "ZIP", "zip")), own
    # the rule's pattern (two capitals) is never what the input is given
    assert not any("Zips.other" in h for h in heads), heads
    assert not any("Zips.save" in h for h in heads), heads
    for name in found:
        fails_under_test(tmp_path, name)


# ---------------------------------------------------------------- typed ids of records

# checks: docs/explore.md#explore-an-app ("a `string` argument, half the time, the key of a
# record the app holds when it starts (a collection's fixture), as a scene's args are" — and
# otherwise "a value that names none")
def test_typed_string_arguments_get_the_keys_of_a_fixtures_records_and_others(tmp_path):
    keyed(tmp_path)
    p = explore(tmp_path, "Keyed", "--walks", 60, "--fixture", "items=items.json")
    assert p.returncode == 1, out(p)
    found = findings(tmp_path)
    assert len(found) == 3 and summary(p)["failures"] == 3, out(p)
    names = by_place(found, "Keyed.look, step 2 (set): division by zero (E502)")
    assert request_of(typed(names, "look")[-1], ["id"]).get("id") in KEYS, names
    none = by_place(found, "Keyed.look, step 3 (set): division by zero (E502)")
    assert request_of(typed(none, "look")[-1], ["id"]).get("id") not in KEYS, none
    both = by_place(found, "Keyed.link, step 3 (set): division by zero (E502)")
    req = request_of(typed(both, "link")[-1], ["a", "b"])
    assert req.get("a") in KEYS and req.get("b") in KEYS, both
    for name, text in found.items():
        assert "--fixture items=../items.json" in " ".join(
            l for l in header(text) if l.startswith("# args:")), text
        fails_under_test(tmp_path, name)


# checks: docs/explore.md#explore-an-app ("the key of a record the app holds when it starts":
# with no fixture the collection holds none, so no typed id names a record)
def test_with_no_fixture_no_typed_id_names_a_record(tmp_path):
    keyed(tmp_path)
    p = explore(tmp_path, "Keyed", "--walks", 60)
    assert p.returncode == 1, out(p)
    found = findings(tmp_path)
    assert len(found) == 1 and summary(p)["failures"] == 1, out(p)
    [(name, text)] = found.items()
    assert "Keyed.look, step 3 (set): division by zero (E502)" in header(text)[0], text
    assert request_of(typed(text, "look")[-1], ["id"]).get("id") not in KEYS, text
    fails_under_test(tmp_path, name)


# ---------------------------------------------------------------- rules as apps write them

def forms(root):
    """Inputs as forms have them, each checked by a `validate` rule's `matches()` and none
    with a `pattern` of its own: a draft's field (`state.form.code`); an input with
    `required` and length rules; an optional phone the rule lets stay empty
    (`!state.phone || matches(…)`); and an input with an `action` (no `bind`) whose use case
    checks its request. Each use case divides by zero once its rule holds for a value."""
    app = {"formatVersion": 1, "name": "Forms", "entry": "Forms",
           "models": {"Thing": {"code": "string"}}}
    home = scene("Forms", {
        "save": {"interactor": [rule("matches(state.form.code, '^F[0-9]{5}$')", "Enter a form code"),
                                setp("state.x", "@{1 / state.zero}")]},
        "keep": {"interactor": [rule("matches(state.ref, '^R[0-9]{6}$')", "Enter a reference"),
                                setp("state.x", "@{2 / state.zero}")]},
        "call": {"interactor": [rule("!state.phone || matches(state.phone, '^[+]1 [0-9]{3}-[0-9]{4}$')",
                                     "Enter a phone or nothing"),
                                setp("state.x", "@{3 / state.zero}", **{"if": "@{state.phone}"})]},
        "look": {"request": {"q": "string"}, "interactor": [
            rule("matches(trim(request.q), '^L[0-9]{4}$')", "Enter L and 4 digits"),
            setp("state.x", "@{4 / state.zero}")]}},
        [{"type": "input", "label": "Code", "bind": "state.form.code"},
         {"type": "input", "label": "Ref", "bind": "state.ref", "required": True,
          "minLength": 7, "maxLength": 7},
         {"type": "input", "label": "Phone", "bind": "state.phone"},
         {"type": "input", "label": "Look", "action": "look"},
         {"type": "button", "title": "Save", "action": "save"},
         {"type": "button", "title": "Keep", "action": "keep"},
         {"type": "button", "title": "Call", "action": "call"}],
        state={"form": {"type": "draft Thing", "default": {}},
               "ref": {"type": "string", "default": ""}, "phone": {"type": "string?"}})
    return write_app(Path(root) / "Forms", app, [home])


def typed_rules(root):
    """Typed use cases as apps write them: a model's record as the request (`add NAME
    CODE`); an optional field the rule lets be left out; a pattern with a class escape
    (`\\d`, written `\\\\d` inside the JSON text); and an internal use case, which no
    person may type, with a rule and a division by zero of its own."""
    app = {"formatVersion": 1, "name": "Typed", "entry": "Typed",
           "models": {"Contact": {"name": "string", "code": "string"}}}
    home = scene("Typed", {
        "add": {"request": "Contact", "interactor": [
            rule("matches(request.code, '^C[0-9]{5}$')", "Enter C and 5 digits"),
            setp("state.x", "@{1 / state.zero}")]},
        "opt": {"request": {"c": "string?"}, "interactor": [
            rule("!request.c || matches(request.c, '^O[0-9]{5}$')", "Enter O and 5 digits"),
            setp("state.x", "@{2 / state.zero}", **{"if": "@{request.c}"})]},
        "esc": {"request": {"c": "string"}, "interactor": [
            rule("matches(request.c, '^\\\\d{3}-\\\\d{2}$')", "Enter 123-45"),
            setp("state.x", "@{3 / state.zero}")]},
        "hidden": {"internal": True, "request": {"c": "string"}, "interactor": [
            rule(f"matches(request.c, '{CODE}')", "Not a code"),
            setp("state.x", "@{4 / state.zero}")]}},
        [{"type": "text", "text": "X: @{state.x}"}])
    return write_app(Path(root) / "Typed", app, [home])


@pytest.fixture(scope="module")
def forms_explored(tmp_path_factory):
    root = tmp_path_factory.mktemp("forms")
    forms(root)
    p = explore(root, "Forms", "--walks", 80)
    return root, p, findings(root)


@pytest.fixture(scope="module")
def typed_explored(tmp_path_factory):
    root = tmp_path_factory.mktemp("typed")
    typed_rules(root)
    p = explore(root, "Typed", "--walks", 60)
    return root, p, findings(root)


# checks: docs/explore.md#explore-an-app ("an input with no `pattern` of its own takes it" —
# an input bound to a draft's field, `state.form.code`)
def test_an_input_bound_to_a_drafts_field_takes_the_pattern_of_a_rule_over_it(forms_explored):
    root, p, found = forms_explored
    assert p.returncode == 1, out(p)
    text = by_place(found, "Forms.save, step 2 (set): division by zero (E502)")
    assert re.fullmatch(r"F[0-9]{5}", input_value(text, "Code", "code")), text
    fails_under_test(root, next(n for n, t in found.items() if t == text))


# checks: docs/explore.md#explore-an-app ("an input with no `pattern` of its own takes it" —
# one with `required`, `minLength` and `maxLength` but no `pattern`)
def test_an_input_with_other_rules_but_no_pattern_takes_the_rules_pattern(forms_explored):
    root, p, found = forms_explored
    text = by_place(found, "Forms.keep, step 2 (set): division by zero (E502)")
    assert re.fullmatch(r"R[0-9]{6}", input_value(text, "Ref", "ref")), text
    fails_under_test(root, next(n for n, t in found.items() if t == text))


# checks: docs/explore.md#explore-an-app (a rule that lets an optional value stay empty,
# `!state.phone || matches(state.phone, …)`, still checks it with `matches()`)
def test_an_optional_input_a_rule_checks_only_when_given_takes_its_pattern(forms_explored):
    root, p, found = forms_explored
    text = by_place(found, "Forms.call, step 2 (set): division by zero (E502)")
    value = input_value(text, "Phone", "phone")
    assert re.fullmatch(r"[+]1 [0-9]{3}-[0-9]{4}", value), text
    assert " ".join(typed(text, "phone")[-1]) == value, text  # typed so it reads back the same
    fails_under_test(root, next(n for n, t in found.items() if t == text))


# checks: docs/explore.md#explore-an-app ("a shown input, with a value of the type it edits";
# its action's request field checked with `matches(trim(request.q), …)`)
def test_an_input_with_an_action_gets_the_text_its_use_cases_rule_matches(forms_explored):
    root, p, found = forms_explored
    text = by_place(found, "Forms.look, step 2 (set): division by zero (E502)")
    words = typed(text, "look")[-1]
    assert len(words) == 1 and re.fullmatch(r"L[0-9]{4}", words[0].strip()), text
    fails_under_test(root, next(n for n, t in found.items() if t == text))


# checks: docs/explore.md#explore-an-app ("with arguments made from its request's declared
# types" — a model's record as the request, its fields typed in declared order)
def test_a_request_of_a_models_record_gets_its_rules_text_in_its_field(typed_explored):
    root, p, found = typed_explored
    assert p.returncode == 1, out(p)
    text = by_place(found, "Typed.add, step 2 (set): division by zero (E502)")
    req = request_of(typed(text, "add")[-1], ["name", "code"])
    assert re.fullmatch(r"C[0-9]{5}", req.get("code", "")), text
    fails_under_test(root, next(n for n, t in found.items() if t == text))


# checks: docs/explore.md#explore-an-app (an optional argument a rule lets be left out,
# `!request.c || matches(request.c, …)`, "mostly gets text it matches")
def test_an_optional_argument_a_rule_checks_only_when_given_gets_its_text(typed_explored):
    root, p, found = typed_explored
    text = by_place(found, "Typed.opt, step 2 (set): division by zero (E502)")
    words = typed(text, "opt")[-1]
    assert len(words) == 1 and re.fullmatch(r"O[0-9]{5}", request_of(words, ["c"])["c"]), text
    fails_under_test(root, next(n for n, t in found.items() if t == text))


# checks: docs/explore.md#explore-an-app ("made from that pattern": a pattern with `\d`)
def test_a_pattern_with_a_class_escape_gives_text_it_matches(typed_explored):
    root, p, found = typed_explored
    text = by_place(found, "Typed.esc, step 2 (set): division by zero (E502)")
    words = typed(text, "esc")[-1]
    assert len(words) == 1 and re.fullmatch(r"[0-9]{3}-[0-9]{2}", words[0]), text
    fails_under_test(root, next(n for n, t in found.items() if t == text))


# checks: docs/explore.md#explore-an-app ("a use case a person may type": an `internal` one,
# which typing is refused, is never typed — docs/manifest.md#use-cases)
def test_an_internal_use_case_is_not_typed_whatever_its_rules(typed_explored):
    root, p, found = typed_explored
    assert not [t for t in found.values() if "Typed.hidden" in header(t)[0]], list(found)
    assert summary(p)["failures"] == 3 == len(found), out(p)
    nr = [l for l in p.stdout.splitlines() if l.startswith("not reached: ")]
    assert len(nr) == 1 and nr[0].startswith("not reached: scenes/Typed.json: hidden at "), out(p)


# checks: docs/explore.md#explore-an-app ("the key of a record the app holds when it starts
# (a collection's fixture)": any collection's; an optional `string?` argument is a string one)
def test_keys_of_each_collections_fixture_reach_string_and_optional_arguments(tmp_path):
    app = {"formatVersion": 1, "name": "Two", "entry": "Two",
           "models": {"Item": {"id": "string", "title": "string"}, "Tag": {"name": "string"}},
           "providers": {"items": {"type": "collection", "model": "Item", "key": "id"},
                         "tags": {"type": "collection", "model": "Tag", "key": "name"}}}

    def finds(provider, arg, n):
        return [{"type": "fetch", "provider": provider, "as": "r", "args": {"key": f"@{{{arg}}}"}},
                setp("state.x", "@{%d / state.zero}" % n, **{"if": "@{r}"})]

    home = scene("Two", {
        "item": {"request": {"id": "string"}, "interactor": finds("items", "request.id", 1)},
        "tag": {"request": {"name": "string"}, "interactor": finds("tags", "request.name", 2)},
        "opt": {"request": {"id": "string?"}, "interactor": finds("items", "request.id ?? ''", 3)}},
        [{"type": "text", "text": "X: @{state.x}"}])
    write_app(tmp_path / "Two", app, [home])
    (tmp_path / "items.json").write_text(json.dumps([{"id": k, "title": k} for k in KEYS]))
    tags = ["t-red", "t-blue"]
    (tmp_path / "tags.json").write_text(json.dumps([{"name": t} for t in tags]))
    p = explore(tmp_path, "Two", "--walks", 60, "--fixture", "items=items.json",
                "--fixture", "tags=tags.json")
    assert p.returncode == 1, out(p)
    found = findings(tmp_path)
    assert len(found) == 3, out(p)
    for use_case, field, keys in [("item", "id", KEYS), ("tag", "name", tags), ("opt", "id", KEYS)]:
        text = by_place(found, f"Two.{use_case}, step 2 (set): division by zero (E502)")
        assert request_of(typed(text, use_case)[-1], [field]).get(field) in keys, text
    for name in found:
        fails_under_test(tmp_path, name)


# checks: docs/explore.md#explore-an-app (both rules at once: a `string` argument "half the
# time, the key of a record", and a typed argument a rule checks "mostly gets text it matches"
# — how the two share the argument is not said; both must show up)
def test_a_string_argument_with_a_rule_and_a_fixture_gets_keys_and_the_rules_text(tmp_path):
    app = {"formatVersion": 1, "name": "Both", "entry": "Both",
           "models": {"Item": {"id": "string", "title": "string"}},
           "providers": {"items": {"type": "collection", "model": "Item", "key": "id"}}}
    home = scene("Both", {"look": {"request": {"id": "string"}, "interactor": [
        {"type": "fetch", "provider": "items", "as": "item", "args": {"key": "@{request.id}"}},
        setp("state.x", "@{1 / state.zero}", **{"if": "@{item}"}),
        rule("matches(request.id, '^Z[0-9]{4}$')", "Enter Z and 4 digits"),
        setp("state.x", "@{2 / state.zero}")]}}, [{"type": "text", "text": "X: @{state.x}"}])
    write_app(tmp_path / "Both", app, [home])
    (tmp_path / "items.json").write_text(json.dumps([{"id": k, "title": k} for k in KEYS]))
    p = explore(tmp_path, "Both", "--walks", 60, "--fixture", "items=items.json")
    assert p.returncode == 1, out(p)
    found = findings(tmp_path)
    key = by_place(found, "Both.look, step 2 (set): division by zero (E502)")
    assert request_of(typed(key, "look")[-1], ["id"]).get("id") in KEYS, key
    code = by_place(found, "Both.look, step 4 (set): division by zero (E502)")
    assert re.fullmatch(r"Z[0-9]{4}", request_of(typed(code, "look")[-1], ["id"]).get("id", "")), code
    for name in found:
        fails_under_test(tmp_path, name)


# ---------------------------------------------------------------- values that need quoting

def looked_up(root, keys):
    """`look ID`: a fetch by ID, then a step per key, dividing by zero when ID names that key's
    record (step 2 for the first key, 3 for the second, …)."""
    app = {"formatVersion": 1, "name": "Odd", "entry": "Odd",
           "models": {"Item": {"id": "string", "title": "string"}},
           "providers": {"items": {"type": "collection", "model": "Item", "key": "id"}}}
    steps = [{"type": "fetch", "provider": "items", "as": "r", "args": {"key": "@{request.id}"}}]
    for i in range(len(keys)):
        steps.append(setp("state.x", "@{%d / state.zero}" % (i + 1),
                          **{"if": "@{r && r.title == 'key %d'}" % i}))
    home = scene("Odd", {"look": {"request": {"id": "string"}, "interactor": steps}},
                 [{"type": "text", "text": "X: @{state.x}"}])
    write_app(Path(root) / "Odd", app, [home])
    (Path(root) / "odd.json").write_text(
        json.dumps([{"id": k, "title": f"key {i}"} for i, k in enumerate(keys)]))


# checks: docs/explore.md#explore-an-app ("the key of a record the app holds") with
# docs/cli.md#scenery-run ("words split shell-style (quotes group, `\` escapes, `#` starts a
# comment)"): a key with a space, a quote, a `#`, a backslash or spaces around it is typed so
# that it reads back as that key
def test_keys_that_need_quoting_are_typed_so_they_name_their_records(tmp_path):
    keys = ["big box", "O'Brien", "#7", "a\\b", "  pad  "]
    looked_up(tmp_path, keys)
    p = explore(tmp_path, "Odd", "--walks", 60, "--fixture", "items=odd.json")
    assert p.returncode == 1, out(p)
    found = findings(tmp_path)
    assert len(found) == len(keys), out(p)
    for i, key in enumerate(keys):
        text = by_place(found, f"Odd.look, step {i + 2} (set): division by zero (E502)")
        assert typed(text, "look")[-1] == [key], text
    for name in found:
        fails_under_test(tmp_path, name)


# checks: docs/explore.md#explore-an-app ("a `string` argument, half the time, the key of a
# record the app holds when it starts")
def test_a_key_with_an_equals_sign_names_its_record(tmp_path):
    looked_up(tmp_path, ["k-alpha", "dGVzdA=="])
    p = explore(tmp_path, "Odd", "--walks", 60, "--fixture", "items=odd.json")
    assert p.returncode == 1, out(p)
    found = findings(tmp_path)
    plain = by_place(found, "Odd.look, step 2 (set): division by zero (E502)")
    assert typed(plain, "look")[-1] == ["k-alpha"], plain
    eq = by_place(found, "Odd.look, step 3 (set): division by zero (E502)")
    fails_under_test(tmp_path, next(n for n, t in found.items() if t == eq))


def key_values(root):
    """A `key=value` pattern, checked on a typed argument (`pair C`) and on the state a bound
    input edits (`kv`, submitted by Save)."""
    home = scene("Kv", {
        "pair": {"request": {"c": "string"}, "interactor": [
            rule("matches(request.c, '^[a-z]{3}=[0-9]{2}$')", "Enter abc=12"),
            setp("state.x", "@{1 / state.zero}")]},
        "save": {"interactor": [rule("matches(state.kv, '^[a-z]{3}=[0-9]{2}$')", "Enter abc=12"),
                                setp("state.x", "@{2 / state.zero}")]}},
        [{"type": "input", "label": "KV", "bind": "state.kv"},
         {"type": "button", "title": "Save", "action": "save"}],
        state={"kv": {"type": "string", "default": ""}})
    return write_app(Path(root) / "Kv", {"formatVersion": 1, "name": "Kv", "entry": "Kv"}, [home])


# checks: docs/explore.md#explore-an-app ("a typed argument mostly gets text it matches")
def test_a_typed_argument_gets_pattern_text_with_an_equals_sign(tmp_path):
    key_values(tmp_path)
    p = explore(tmp_path, "Kv", "--walks", 60)
    found = findings(tmp_path)
    text = by_place(found, "Kv.pair, step 2 (set): division by zero (E502)")
    fails_under_test(tmp_path, next(n for n, t in found.items() if t == text))


# checks: docs/explore.md#explore-an-app ("an input with no `pattern` of its own takes it")
def test_an_input_gets_pattern_text_with_an_equals_sign(tmp_path):
    key_values(tmp_path)
    p = explore(tmp_path, "Kv", "--walks", 60)
    found = findings(tmp_path)
    text = by_place(found, "Kv.save, step 2 (set): division by zero (E502)")
    assert re.fullmatch(r"[a-z]{3}=[0-9]{2}", input_value(text, "KV", "kv")), text
    fails_under_test(tmp_path, next(n for n, t in found.items() if t == text))


# ---------------------------------------------------------------- the same seed, the same values

# checks: docs/explore.md#explore-an-app ("The same `--seed N` (default 0) gives the same
# walks, the same findings and the same transcripts on every run"; `--jobs N` ... "the
# findings added up ... and the summary are those of a serial run")
def test_the_same_seed_makes_the_same_values_and_transcripts(tmp_path):
    runs = []
    for tag, extra in [("a", []), ("b", []), ("c", ["--jobs", "2"])]:
        root = tmp_path / tag
        codes(root, "trim(request.c)")
        keyed(root)
        p1 = explore(root, "Codes", "--walks", 40, "--seed", 9, *extra)
        p2 = explore(root, "Keyed", "--walks", 40, "--seed", 9, "--fixture", "items=items.json",
                     "--output", "keyed", *extra)
        assert p1.returncode == 1 and p2.returncode == 1, out(p1) + out(p2)
        files = {str(f.relative_to(root)): f.read_text() for f in sorted(root.rglob("*.transcript"))}
        runs.append((p1.stdout, p2.stdout, files))
    assert runs[0] == runs[1]
    assert runs[0] == runs[2]
    assert len(runs[0][2]) >= 4, runs[0][2].keys()
    for text in runs[0][2].values():
        assert found_by(text)["command"].endswith("--seed 9"), text


# checks: docs/explore.md#what-it-writes ("`# found by:` names the command that makes the walk
# again")
def test_found_by_makes_the_same_typed_values_again(tmp_path):
    codes(tmp_path, "lower(request.c)")
    p = explore(tmp_path, "Codes", "--walks", 40, "--seed", 4)
    assert p.returncode == 1, out(p)
    found = findings(tmp_path)
    command = shlex.split(found_by(next(iter(found.values())))["command"])
    assert command[0] == "Codes" and command[-2:] == ["--seed", "4"], command
    again = explore(tmp_path, *command, "--walks", 40, "--output", "again")
    assert again.returncode == 1, out(again)
    assert findings(tmp_path, "again") == found
