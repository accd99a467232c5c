"""Text functions, records read back, and list rows at a width: written from the docs alone.

Sections it was written from:

- docs/manifest.md "Functions" (the table: `contains`, `count`, `first`, `last`; and the
  null rule above it: "`count` ... give 0 ... `contains` ... false ... `first`, `last` ...
  null").
- docs/manifest.md "Collections", the "Reading" bullet: "a list, `[Book]`, in key order
  unless `sort` says. A record read back has its model's fields in the model's order; a
  field holding a record (a model) has its fields in name order, whatever order they were
  stored in." -- and the "Tests and debugging" bullet (`--fixture books=FILE`).
- docs/manifest.md "View components" (`list`: "numbered rows; items are strings or records
  with `title` and `detail` (right-aligned ...)"; `text`: "text wrapped at the width").
- docs/cli.md "Output, colour and terminal safety" (control characters shown as Swift-style
  escapes, "frame widths count the escapes as shown", one-line components show a newline
  as `\\u{A}`, text components keep their line breaks, JSON output escapes the JSON way)
  and "scenery run" (`--width N`: "longer lines end in `…`", the built-in `state` word,
  `--format json` frames with `scene stack vm lines error`, piped lines echoed `> line`).
- README.md's and Scenes/Shop/tests/*.transcript's frames, which show list rows at a width:
  `1. Earbuds                             $0.10` is exactly 44 characters at `--width 44`,
  and the shop's rows holding `×` (U+00D7), `·` (U+00B7) and Cyrillic are exactly 48 at
  `--width 48`.
- docs/performance.md ("The frame"): rows "counted by bytes where every scalar is below
  U+0300 and none is CR (no such scalar joins the one before it, so a scalar is a
  character ...)" -- so the docs' "character" is one that a combining scalar joins; used
  only where a case says so.

Expressions are evaluated in a small app: a presenter whose fields are the expressions,
read back from the `vm` object of a `--format json` frame (a string that is one expression
keeps the value's type, docs/manifest.md "Expressions").
"""
# checks: docs/manifest.md#functions
# checks: docs/manifest.md#collections
# checks: docs/manifest.md#view-components
# checks: docs/cli.md#output-colour-and-terminal-safety
# checks: docs/cli.md#scenery-run

import json
import os
import subprocess
import unicodedata

SCENERY = os.environ.get("SCENERY", "scenery")


# --------------------------------------------------------------------------- helpers

def env_for(tmp_path):
    env = dict(os.environ)
    for name, sub in (("XDG_STATE_HOME", "xdg"), ("TMPDIR", "tmp")):
        (tmp_path / sub).mkdir(exist_ok=True)
        env[name] = str(tmp_path / sub)
    env.pop("FORCE_COLOR", None)  # plain output, as piped output is by default
    env.pop("NO_COLOR", None)
    return env


def write_app(tmp_path, app, scenes, files=None):
    folder = tmp_path / app["name"]
    (folder / "scenes").mkdir(parents=True)
    (folder / "app.json").write_text(json.dumps(app), encoding="utf-8")
    for scene in scenes:
        (folder / "scenes" / (scene["scene"] + ".json")).write_text(json.dumps(scene),
                                                                    encoding="utf-8")
    for name, value in (files or {}).items():
        (tmp_path / name).write_text(json.dumps(value), encoding="utf-8")
    return folder


def run(tmp_path, app, scenes, lines=(), width=60, fmt="text", extra=(), files=None):
    """`scenery run APP` with `lines` piped in; gives (stdout, stderr, exit code)."""
    folder = write_app(tmp_path, app, scenes, files)
    state = tmp_path / "state"
    state.mkdir(exist_ok=True)
    args = [SCENERY, "run", str(folder), "--state-dir", str(state), "--width", str(width),
            "--format", fmt] + list(extra)
    text = "".join(line + "\n" for line in list(lines) + ["quit"])
    done = subprocess.run(args, input=text.encode("utf-8"), capture_output=True,
                          env=env_for(tmp_path), cwd=str(tmp_path), timeout=60)
    out = done.stdout.decode("utf-8")
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, out + err
    return out, err, done.returncode


def json_objects(out):
    """Every line of a `--format json` run parses (docs/cli.md)."""
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def frames(out):
    return [o for o in json_objects(out) if "scene" in o and "lines" in o]


def text_frame(out, width):
    """The first frame of a plain-text run: the lines before the first echoed `> `."""
    got = []
    for line in out.split("\n"):
        if line.startswith("> "):
            break
        got.append(line)
    return got


def chars(s):
    """Characters as the docs count them: a combining scalar joins the one before it."""
    return sum(1 for c in s if unicodedata.combining(c) == 0)


EVAL_APP = {"formatVersion": 1, "name": "Eval", "entry": "Calc"}


def evaluate(tmp_path, exprs, state=None):
    """The values of `exprs` (name -> expression text) as the `vm` of the first JSON frame."""
    scene = {"formatVersion": 1, "scene": "Calc",
             "state": state or {},
             "onAppear": ["show"],
             "useCases": {"show": {"presenter": {k: "@{%s}" % v for k, v in exprs.items()}}},
             "view": [{"type": "header", "text": "Calc"}]}
    out, _, _ = run(tmp_path, EVAL_APP, [scene], fmt="json")
    first = frames(out)[0]
    assert first["scene"] == "Calc"
    assert first["error"] is None, first
    return first["vm"]


# Texts that are easiest to give as data (JSON escapes), read as `state.NAME`.
TEXTS = {
    "twoLines": {"type": "string", "default": "first line\nsecond line"},
    "lf": {"type": "string", "default": "\n"},
    "brokenPart": {"type": "string", "default": "line\nsecond"},
    "combined": {"type": "string", "default": "cafe\u0301"},      # e + COMBINING ACUTE
    "combinedLead": {"type": "string", "default": "e\u0301tude"},
    "nothing": {"type": "string?"},
}


# --------------------------------------------------------------------------- Functions

def test_contains_on_a_list_is_whether_the_list_has_the_item(tmp_path):
    vm = evaluate(tmp_path, {
        "hasB": "contains(['a', 'b'], 'b')",
        "hasC": "contains(['a', 'b'], 'c')",
        "partOfItem": "contains(['phone case', 'cable'], 'case')",  # an item, not a part of one
        "number": "contains([1, 2, 3], 2)",
        "noNumber": "contains([1, 2, 3], 4)",
        "emptyList": "contains([], 'a')",
        "unicodeItem": "contains(['Привет', '👍', 'café'], '👍')",
    })
    assert vm == {"hasB": True, "hasC": False, "partOfItem": False, "number": True,
                  "noNumber": False, "emptyList": False, "unicodeItem": True}


def test_contains_on_text_follows_the_tables_examples(tmp_path):
    vm = evaluate(tmp_path, {
        "example": "contains('phone case', 'case')",
        "exampleEmpty": "contains('phone case', '')",
        "start": "contains('phone case', 'phone')",
        "middle": "contains('phone case', 'e c')",
        "whole": "contains('phone case', 'phone case')",
        "longer": "contains('phone', 'phone case')",
        "absent": "contains('phone case', 'cable')",
    })
    assert vm == {"example": True, "exampleEmpty": False, "start": True, "middle": True,
                  "whole": True, "longer": False, "absent": False}


def test_the_empty_text_is_in_no_text(tmp_path):
    # "(empty text is in none)": not in a word, not in itself, not in a text of line breaks
    vm = evaluate(tmp_path, {
        "inWord": "contains('abc', '')",
        "inEmpty": "contains('', '')",
        "inSpace": "contains(' ', '')",
        "inAccented": "contains('café', '')",
        "inEmoji": "contains('👍', '')",
        "inLines": "contains(state.twoLines, '')",
        "inLineBreak": "contains(state.lf, '')",
    }, state=TEXTS)
    assert vm == {k: False for k in vm} and len(vm) == 7


def test_contains_on_text_with_accents(tmp_path):
    vm = evaluate(tmp_path, {
        "accent": "contains('café crème', 'é')",
        "word": "contains('café crème', 'crème')",
        "notTheBareLetters": "contains('café', 'cafe')",
        "sharpS": "contains('Straße', 'ß')",
        "notSs": "contains('Straße', 'ss')",
        "dot": "contains('A-1 · 2 items', ' · ')",
        "combinedWhole": "contains(state.combined, state.combined)",
        "combinedWord": "contains('Le ' + state.combined + ' est', state.combined)",
    }, state=TEXTS)
    assert vm == {"accent": True, "word": True, "notTheBareLetters": False, "sharpS": True,
                  "notSs": False, "dot": True, "combinedWhole": True, "combinedWord": True}


def test_contains_on_text_with_a_line_break(tmp_path):
    vm = evaluate(tmp_path, {
        "secondLine": "contains(state.twoLines, 'second')",
        "theBreak": "contains(state.twoLines, state.lf)",
        "acrossTheBreak": "contains(state.twoLines, state.brokenPart)",
        "spaceIsNoBreak": "contains(state.twoLines, 'line second')",
        "breakNotInOneLine": "contains('first line', state.lf)",
    }, state=TEXTS)
    assert vm == {"secondLine": True, "theBreak": True, "acrossTheBreak": True,
                  "spaceIsNoBreak": False, "breakNotInOneLine": False}


def test_contains_on_text_that_is_not_ascii(tmp_path):
    vm = evaluate(tmp_path, {
        "emoji": "contains('I 👍 it', '👍')",
        "otherEmoji": "contains('I 👍 it', '👎')",
        "emojiAndText": "contains('I 👍 it', '👍 it')",
        "cyrillic": "contains('Привет, мир', 'мир')",
        "cyrillicAbsent": "contains('Привет, мир', 'мира')",
        "latinLookalike": "contains('Привет', 'P')",  # Latin P is not Cyrillic Р
        "chinese": "contains('日本語の本', '本')",
        "chineseAbsent": "contains('日本語の本', '中')",
    })
    assert vm == {"emoji": True, "otherEmoji": False, "emojiAndText": True, "cyrillic": True,
                  "cyrillicAbsent": False, "latinLookalike": False, "chinese": True,
                  "chineseAbsent": False}


def test_contains_and_count_and_first_and_last_on_null(tmp_path):
    # "count and sum give 0 ... contains and matches false ... first, last ... null"
    vm = evaluate(tmp_path, {
        "contains": "contains(state.nothing, 'a')",
        "count": "count(state.nothing)",
        "first": "first(state.nothing)",
        "last": "last(state.nothing)",
    }, state=TEXTS)
    assert vm == {"contains": False, "count": 0, "first": None, "last": None}


def test_count_gives_the_characters_of_text(tmp_path):
    vm = evaluate(tmp_path, {
        "example": "count(['a', 'b'])",
        "ascii": "count('abc')",
        "empty": "count('')",
        "accented": "count('naïve café')",
        "sharpS": "count('Straße')",
        "cyrillic": "count('Привет')",
        "emoji": "count('👍')",
        "emojiInText": "count('ok 👍')",
        "chinese": "count('日本語')",
        "lineBreak": "count(state.twoLines)",
        "lf": "count(state.lf)",
    }, state=TEXTS)
    assert vm == {"example": 2, "ascii": 3, "empty": 0, "accented": 10, "sharpS": 6,
                  "cyrillic": 6, "emoji": 1, "emojiInText": 4, "chinese": 3,
                  "lineBreak": 22, "lf": 1}


def test_a_letter_and_its_combining_accent_are_one_character(tmp_path):
    # docs/performance.md: a scalar at or above U+0300 may join the one before it, making
    # one character of the two -- the docs' sense of "characters of text" and of
    # "the first / last ... character".
    vm = evaluate(tmp_path, {"count": "count(state.combined)",
                             "countLead": "count(state.combinedLead)",
                             "last": "last(state.combined)",
                             "first": "first(state.combinedLead)"}, state=TEXTS)
    assert vm == {"count": 4, "countLead": 5, "last": "e\u0301", "first": "e\u0301"}


def test_first_and_last_give_a_character_of_text_or_an_item_or_null(tmp_path):
    vm = evaluate(tmp_path, {
        "example": "last('abc')",
        "firstAscii": "first('abc')",
        "one": "first('x')",
        "firstCyrillic": "first('Привет')",
        "lastCyrillic": "last('Привет')",
        "firstAccent": "first('été')",
        "lastAccent": "last('café')",
        "lastSharpS": "last('Fuß')",
        "firstEmoji": "first('👍 ok')",
        "lastEmoji": "last('ok 👍')",
        "firstChinese": "first('日本語')",
        "lastOfTwoLines": "last(state.twoLines)",
        "firstOfBreak": "first(state.lf)",
        # "or null": no character, no item
        "firstEmptyText": "first('')",
        "lastEmptyText": "last('')",
        "firstEmptyList": "first([])",
        "lastEmptyList": "last([])",
        "firstItem": "first(['x', 'y', 'z'])",
        "lastItem": "last(['x', 'y', 'z'])",
    }, state=TEXTS)
    assert vm == {"example": "c", "firstAscii": "a", "one": "x", "firstCyrillic": "П",
                  "lastCyrillic": "т", "firstAccent": "é", "lastAccent": "é",
                  "lastSharpS": "ß", "firstEmoji": "👍", "lastEmoji": "👍",
                  "firstChinese": "日", "lastOfTwoLines": "e", "firstOfBreak": "\n",
                  "firstEmptyText": None, "lastEmptyText": None, "firstEmptyList": None,
                  "lastEmptyList": None, "firstItem": "x", "lastItem": "z"}


def test_a_template_shows_the_results_in_a_text_frame(tmp_path):
    # the same functions through a `text` component's template, read in the plain frame
    scene = {"formatVersion": 1, "scene": "Calc", "state": TEXTS,
             "view": [{"type": "header", "text": "Calc"},
                      {"type": "text", "text": "count=@{count('Привет 👍')}"},
                      {"type": "text", "text": "first=@{first('été')} last=@{last('日本語')}"},
                      {"type": "text", "text": "empty=[@{first('')}]"},
                      {"type": "text", "text": "END"}]}
    out, _, _ = run(tmp_path, EVAL_APP, [scene])
    frame = text_frame(out, 60)
    assert frame[:5] == ["== Calc ==", "count=8", "first=é last=語",
                         "empty=[]",  # "an optional value shows as nothing"
                         "END"]


# --------------------------------------------------------------------------- Collections

LIB_APP = {
    "formatVersion": 1, "name": "Lib", "entry": "Shelf",
    "models": {
        # fields deliberately not in name order
        "Place": {"town": "string", "country": "string"},
        "Person": {"name": "string", "born": "int", "home": "Place", "country": "string"},
        "Book": {"title": "string", "id": "string", "year": "int", "author": "Person",
                 "note": "string?"},
    },
    "providers": {"books": {"type": "collection", "model": "Book", "key": "id"}},
}
BOOK_ORDER = ["title", "id", "year", "author", "note"]
PERSON_NAME_ORDER = ["born", "country", "home", "name"]
PLACE_NAME_ORDER = ["country", "town"]

AUTHOR_LITERAL = ("{name: 'Ann', home: {town: 'York', country: 'UK'}, country: 'UK', "
                  "born: 1970}")


def shelf(fetch_args=None):
    load = [{"type": "fetch", "provider": "books", "as": "all"},
            {"type": "fetch", "provider": "books", "as": "one", "args": {"key": "b2"}}]
    if fetch_args is not None:
        load.append({"type": "fetch", "provider": "books", "as": "picked",
                     "args": fetch_args})
    response = {"all": "@{all}", "one": "@{one}"}
    if fetch_args is not None:
        response["picked"] = "@{picked}"
    return {
        "formatVersion": 1, "scene": "Shelf", "onAppear": ["load"],
        "useCases": {
            "load": {"interactor": load, "response": response,
                     "presenter": {k: "@{response.%s}" % k for k in response}},
            "add": {"request": {"id": "string", "year": "int"}, "interactor": [
                {"type": "insert", "provider": "books",
                 "value": "@{{note: null, author: %s, year: request.year, id: request.id, "
                          "title: 'T-' + request.id}}" % AUTHOR_LITERAL}]},
            "addjson": {"request": {"id": "string"}, "interactor": [
                {"type": "insert", "provider": "books",
                 "value": {"year": 1999, "author": {"home": {"town": "Oslo", "country": "NO"},
                                                    "born": 1950, "name": "Bo",
                                                    "country": "NO"},
                           "id": "@{request.id}", "title": "J-@{request.id}"}}]},
            "retitle": {"request": {"id": "string", "title": "string"}, "interactor": [
                {"type": "update", "provider": "books", "key": "@{request.id}",
                 "set": {"title": "@{request.title}"}}]},
            "rewrite": {"request": {"id": "string"}, "interactor": [
                {"type": "update", "provider": "books",
                 "value": "@{{author: {born: 1, name: 'Zed', country: 'FR', "
                          "home: {country: 'FR', town: 'Lyon'}}, year: 2020, "
                          "title: 'W-' + request.id, id: request.id}}"}]},
        },
        "view": [{"type": "header", "text": "Shelf"},
                 {"type": "text", "text": "books: @{count(vm.all)}"},
                 {"type": "error"}]}


def check_book(record):
    assert list(record) == BOOK_ORDER, record  # the model's order, every field
    author = record["author"]
    assert list(author) == PERSON_NAME_ORDER, author  # name order
    assert list(author["home"]) == PLACE_NAME_ORDER, author["home"]  # name order, nested


def last_frame(out):
    return frames(out)[-1]


def test_a_record_written_out_of_order_reads_back_in_the_models_order(tmp_path):
    out, _, _ = run(tmp_path, LIB_APP, [shelf()], ["add b2 2001", "load"], fmt="json")
    vm = last_frame(out)["vm"]
    assert vm["one"]["id"] == "b2"
    check_book(vm["one"])
    assert vm["one"]["author"] == {"born": 1970, "country": "UK",
                                   "home": {"country": "UK", "town": "York"}, "name": "Ann"}
    assert [r["id"] for r in vm["all"]] == ["b2"]
    check_book(vm["all"][0])
    # written as a JSON object of expressions, in yet another order
    again = tmp_path / "again"
    again.mkdir()
    out, _, _ = run(again, LIB_APP, [shelf()], ["addjson b2", "load"], fmt="json")
    one = last_frame(out)["vm"]["one"]
    assert one["title"] == "J-b2"
    check_book(one)


def test_records_from_a_fixture_read_back_in_the_models_order(tmp_path):
    fixture = [
        {"author": {"name": "Cy", "home": {"town": "Rome", "country": "IT"}, "born": 1900,
                    "country": "IT"}, "year": 1930, "id": "b3", "title": "Three"},
        {"id": "b1", "title": "One", "year": 1910, "note": "first",
         "author": {"country": "DE", "born": 1880, "name": "Al",
                    "home": {"country": "DE", "town": "Bonn"}}},
        {"year": 1920, "title": "Two", "note": None, "id": "b2",
         "author": {"home": {"town": "Kyiv", "country": "UA"}, "name": "Bea",
                    "country": "UA", "born": 1890}},
    ]
    out, _, _ = run(tmp_path, LIB_APP, [shelf()], ["load"], fmt="json",
                    extra=["--fixture", "books=%s" % (tmp_path / "books.json")],
                    files={"books.json": fixture})
    vm = last_frame(out)["vm"]
    assert [r["id"] for r in vm["all"]] == ["b1", "b2", "b3"]  # key order
    for record in vm["all"]:
        check_book(record)
    check_book(vm["one"])
    assert vm["all"][0]["note"] == "first" and vm["all"][0]["author"]["name"] == "Al"


def test_a_list_read_by_fetch_is_in_key_order(tmp_path):
    lines = ["add b3 2003", "add b10 2010", "add b1 2001", "add a9 1999", "add b2 2002",
             "load"]
    out, _, _ = run(tmp_path, LIB_APP, [shelf()], lines, fmt="json")
    vm = last_frame(out)["vm"]
    assert [r["id"] for r in vm["all"]] == ["a9", "b1", "b10", "b2", "b3"]
    for record in vm["all"]:
        check_book(record)


def test_a_list_is_in_the_order_sort_says_else_in_key_order(tmp_path):
    lines = ["add b3 2001", "add b1 2003", "add b4 2001", "add b2 2002", "load"]
    out, _, _ = run(tmp_path, LIB_APP, [shelf({"sort": "-year"})], lines, fmt="json")
    vm = last_frame(out)["vm"]
    assert [r["id"] for r in vm["all"]] == ["b1", "b2", "b3", "b4"]
    # -year, descending; "the key breaks ties (descending when the last sort field is)"
    assert [r["id"] for r in vm["picked"]] == ["b1", "b2", "b4", "b3"]
    for record in vm["picked"]:
        check_book(record)
    # a `where` and no `sort`: key order again
    again = tmp_path / "again"
    again.mkdir()
    lines = ["add b3 2001", "add b1 2003", "add b4 2001", "add b2 2001", "load"]
    out, _, _ = run(again, LIB_APP, [shelf({"where": {"year": 2001}})], lines, fmt="json")
    picked = last_frame(out)["vm"]["picked"]
    assert [r["id"] for r in picked] == ["b2", "b3", "b4"]
    for record in picked:
        check_book(record)


def test_an_int_key_orders_the_list_by_number(tmp_path):
    app = {"formatVersion": 1, "name": "Nums", "entry": "Rows",
           "models": {"Row": {"label": "string", "n": "int"}},
           "providers": {"rows": {"type": "collection", "model": "Row", "key": "n"}}}
    scene = {"formatVersion": 1, "scene": "Rows", "onAppear": ["load"],
             "useCases": {
                 "load": {"interactor": [{"type": "fetch", "provider": "rows", "as": "all"}],
                          "response": {"all": "@{all}"},
                          "presenter": {"all": "@{response.all}"}},
                 "add": {"request": {"n": "int"}, "interactor": [
                     {"type": "insert", "provider": "rows",
                      "value": "@{{n: request.n, label: 'r' + string(request.n)}}"}]}},
             "view": [{"type": "header", "text": "Rows"}]}
    out, _, _ = run(tmp_path, app, [scene], ["add 10", "add 9", "add 100", "add 2", "add -1",
                                             "load"], fmt="json")
    rows = last_frame(out)["vm"]["all"]
    assert [r["n"] for r in rows] == [-1, 2, 9, 10, 100]
    assert all(list(r) == ["label", "n"] for r in rows)  # the model's order, key not first


def test_an_updated_record_still_reads_back_in_the_models_order(tmp_path):
    lines = ["add b2 2001", "retitle b2 Renamed", "load"]
    out, _, _ = run(tmp_path, LIB_APP, [shelf()], lines, fmt="json")
    one = last_frame(out)["vm"]["one"]
    assert one["title"] == "Renamed"
    check_book(one)
    again = tmp_path / "again"  # a second app and state folder of its own
    again.mkdir()
    out2, _, _ = run(again, LIB_APP, [shelf()], ["add b2 2001", "rewrite b2", "load"],
                     fmt="json")
    one = last_frame(out2)["vm"]["one"]
    assert one["title"] == "W-b2" and one["author"]["name"] == "Zed"
    check_book(one)


def test_the_state_word_shows_records_in_key_order_and_the_models_order(tmp_path):
    lines = ["add b3 2003", "add b1 2001", "add b2 2002", "state"]
    out, _, _ = run(tmp_path, LIB_APP, [shelf()], lines)
    line = next(l for l in out.splitlines() if l.startswith("collection books: "))
    prefix = "collection books: 3 records, first 3: "
    assert line.startswith(prefix), line
    records = json.loads(line[len(prefix):])
    assert [r["id"] for r in records] == ["b1", "b2", "b3"]
    for record in records:
        check_book(record)


# --------------------------------------------------------------------------- list rows

ROWS_APP = {"formatVersion": 1, "name": "Rows", "entry": "List"}
END = "END"


def rows_frame(tmp_path, items, width, extra_view=(), fmt="text", lines=()):
    scene = {"formatVersion": 1, "scene": "List",
             "view": [{"type": "header", "text": "List"},
                      {"type": "list", "items": items}] + list(extra_view)
                     + [{"type": "text", "text": END}]}
    out, _, _ = run(tmp_path, ROWS_APP, [scene], lines, width=width, fmt=fmt)
    if fmt == "json":
        return out
    frame = text_frame(out, width)
    assert frame[0] == "== List ==", frame
    return frame[1:frame.index(END)]


def test_rows_are_numbered_and_a_detail_ends_at_the_right_edge(tmp_path):
    width = 30
    items = [{"title": "Earbuds", "detail": "$0.10"}, "Apples",
             {"title": "Screen Protector", "detail": "$0.20"}, {"title": "Pears", "detail": "2"}]
    rows = rows_frame(tmp_path, items, width)
    assert rows[1] == "2. Apples"
    for number, item, row in ((1, items[0], rows[0]), (3, items[2], rows[2]),
                              (4, items[3], rows[3])):
        assert row.startswith("%d. %s " % (number, item["title"])), row
        assert row.endswith(" " + item["detail"]), row
        assert len(row) == width, row  # the detail is right-aligned at the frame's edge
        assert row[len("%d. %s" % (number, item["title"])):-len(item["detail"])].strip() == ""
    assert len(rows) == 4


def test_rows_match_the_readme_frame_at_width_44(tmp_path):
    items = [{"title": "Earbuds", "detail": "$0.10"},
             {"title": "Screen Protector", "detail": "$0.20"}]
    assert rows_frame(tmp_path, items, 44) == [
        "1. Earbuds                             $0.10",
        "2. Screen Protector                    $0.20"]


def test_rows_with_accents_and_symbols_count_each_as_one_character(tmp_path):
    # the Shop's rows hold `×` and `·` and are exactly --width long; é and ß are scalars
    # below U+0300, each one character (docs/performance.md)
    items = [{"title": "Café · Straße × 2", "detail": "€1"},
             {"title": "A-1 · 2 items", "detail": "$0.30"},
             {"title": "Noise-Cancelling Headphones × 2", "detail": "498,00 $"},
             {"title": "Корзина", "detail": "Итого"}]
    rows = rows_frame(tmp_path, items, 48)
    assert rows[1] == "2. A-1 · 2 items                           $0.30"  # Shop's Orders row
    assert rows[2] == "3. Noise-Cancelling Headphones × 2      498,00 $"  # Shop's Russian cart
    for n, (item, row) in enumerate(zip(items, rows), 1):
        assert row.startswith("%d. %s " % (n, item["title"])) and row.endswith(item["detail"])
        assert len(row) == 48, row


def test_a_letter_with_a_combining_accent_counts_as_one_character_in_a_row(tmp_path):
    title = "Cafe\u0301 cre\u0300me"  # two combining accents
    rows = rows_frame(tmp_path, [{"title": title, "detail": "x"}], 30)
    assert rows[0].startswith("1. " + title + " ") and rows[0].endswith(" x")
    assert chars(rows[0]) == 30, rows[0]
    assert len(rows[0]) == 32, rows[0]


def test_a_row_too_long_for_the_width_ends_in_an_ellipsis(tmp_path):
    text = "A plain string item that is far too long for this frame"
    rows = rows_frame(tmp_path, [text], 30)
    row = rows[0]
    assert row.endswith("…"), row
    assert len(row) <= 30, row
    assert ("1. " + text).startswith(row[:-1]), row
    text = "Überraschungsgeschenk für die Straße, café à la crème"
    again = tmp_path / "again"
    again.mkdir()
    row = rows_frame(again, [text], 24)[0]
    assert row.endswith("…") and len(row) <= 24, row
    assert ("1. " + text).startswith(row[:-1]), row


def test_a_row_whose_title_is_too_long_is_cut_with_an_ellipsis_within_the_width(tmp_path):
    title = "A title that is far too long for this frame"
    rows = rows_frame(tmp_path, [{"title": title, "detail": "$9.99"}], 30)
    row = rows[0]
    assert len(row) <= 30, row
    assert "…" in row, row
    cut = row[:row.index("…")]
    assert ("1. " + title).startswith(cut) and len(cut) > len("1. "), row


def test_emoji_and_chinese_titles_that_fit_show_whole_with_their_detail(tmp_path):
    # how wide an emoji or a Chinese character is, the docs do not say; at a wide frame
    # these fit however they are counted
    items = [{"title": "👍 great", "detail": "$1"}, {"title": "日本語の本", "detail": "¥500"},
             {"title": "Привет 👋 мир", "detail": "ok"}]
    rows = rows_frame(tmp_path, items, 80)
    for n, (item, row) in enumerate(zip(items, rows), 1):
        assert row.startswith("%d. %s " % (n, item["title"])), row
        assert row.endswith(" " + item["detail"]), row
        assert "…" not in row


def test_control_characters_in_rows_show_as_swift_escapes_counted_as_shown(tmp_path):
    items = [{"title": "a\u001bb\tc", "detail": "w"},  # ESC and a tab
             "line\nbreak",                          # one-line: a newline as \u{A}
             "nul\u0000del\u007fc1\u0085\u009b.",
             "bidi\u202eX\u2066Y\u2069Z\u202a.",
             "marks\u200eL\u200fR"]                 # the marks stay
    rows = rows_frame(tmp_path, items, 80)
    assert rows[0].startswith("1. a\\u{1B}b\\u{9}c ") and rows[0].endswith(" w")
    assert rows[1] == "2. line\\u{A}break"
    assert rows[2] == "3. nul\\u{0}del\\u{7F}c1\\u{85}\\u{9B}."
    assert rows[3] == "4. bidi\\u{202E}X\\u{2066}Y\\u{2069}Z\\u{202A}."
    assert rows[4] == "5. marks\u200eL\u200fR"
    for row in rows[:4]:
        assert not any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F or 0x202A <= ord(c) <= 0x202E
                       or 0x2066 <= ord(c) <= 0x2069 for c in row), repr(row)
    # "frame widths count the escapes as shown": the detail still ends at the edge
    items = [{"title": "a\u001bb", "detail": "X"}, {"title": "t\tab", "detail": "$1"}]
    again = tmp_path / "again"
    again.mkdir()
    rows = rows_frame(again, items, 30)
    assert rows[0].startswith("1. a\\u{1B}b ") and rows[0].endswith(" X")
    assert rows[1].startswith("2. t\\u{9}ab ") and rows[1].endswith(" $1")
    assert len(rows[0]) == 30 and len(rows[1]) == 30, rows


def test_a_text_keeps_its_line_breaks_and_a_header_and_button_show_them_escaped(tmp_path):
    view = [{"type": "text", "text": "line one\nline two"},
            {"type": "header", "text": "Head\nline"},
            {"type": "button", "title": "Go\nnow", "action": "back"},
            {"type": "text", "text": "esc \u001b[31mred"}]
    rows = rows_frame(tmp_path, [], 40, extra_view=view)
    assert rows == ["line one", "line two", "== Head\\u{A}line ==", "[ Go\\u{A}now ]",
                    "esc \\u{1B}[31mred"]


def test_a_text_wraps_at_the_width(tmp_path):
    words = ("Scenery runs scenes defined in JSON from the command line and prints "
             "every frame at the width it is given").split()
    rows = rows_frame(tmp_path, [], 20, extra_view=[{"type": "text", "text": " ".join(words)}])
    assert len(rows) > 1
    assert all(len(r) <= 20 and "…" not in r for r in rows), rows
    assert " ".join(rows).split() == words


def test_an_echoed_input_line_shows_a_tab_escaped(tmp_path):
    scene = {"formatVersion": 1, "scene": "List",
             "useCases": {"say": {"request": {"text": "string"}}},
             "view": [{"type": "header", "text": "List"}]}
    out, _, _ = run(tmp_path, ROWS_APP, [scene], ["say\tx"])
    echoed = [l for l in out.splitlines() if l.startswith("> ")]
    assert echoed[0] == "> say\\u{9}x", echoed
    assert "\t" not in out


def test_json_output_escapes_control_characters_the_json_way(tmp_path):
    scene = {"formatVersion": 1, "scene": "List",
             "state": {"raw": {"type": "string", "default": "a\u001bb\u0000c\u0085d"}},
             "onAppear": ["show"],
             "useCases": {"show": {"presenter": {"raw": "@{state.raw}"}}},
             "view": [{"type": "header", "text": "List"},
                      {"type": "list", "items": [{"title": "t\u001bx", "detail": "d"}]}]}
    out, _, _ = run(tmp_path, ROWS_APP, [scene], fmt="json")
    raw = out.encode("utf-8")
    assert b"\x1b" not in raw and b"\x00" not in raw and "\u0085".encode() not in raw
    assert "\\u001b" in out.lower()
    frame = frames(out)[0]  # every line parses
    assert frame["vm"]["raw"] == "a\u001bb\u0000c\u0085d"
