"""Contract tests for docs/performance.md, written from the documentation alone.

No case here times anything; the benchmark executable is only asked for an
unknown row, never run.
"""
import json
import os
import subprocess

import pytest

SCENERY = os.environ.get("SCENERY")
BENCH = os.environ.get("SCENERY_BENCHMARKS")

# Row names performance.md gives in backticks as `scenery-benchmarks` arguments.
DOCUMENTED_ROWS = [
    # "In the evening" command (Round 3)
    "cycle", "cycle-async", "usecase", "validate", "parse", "parse-names",
    "collection-list", "collection-list-back", "collection-list-process",
    "startup", "transcripts", "transcripts-jobs", "push-pop",
    # "The table" command
    "diff",
]


def need(binary, var):
    if not binary:
        pytest.skip(f"{var} is not set")


def bench_listing():
    need(BENCH, "SCENERY_BENCHMARKS")
    p = subprocess.run([BENCH, "no-such-row"], capture_output=True, text=True, timeout=60)
    return p, p.stdout + p.stderr


# checks: docs/performance.md#the-table
def test_unknown_row_is_refused_and_rows_listed():
    p, out = bench_listing()
    assert p.returncode == 2, out
    assert "no-such-row" in out, out


# checks: docs/performance.md#round-3-every-target-side-by-side-2026-11-27
@pytest.mark.parametrize("row", DOCUMENTED_ROWS)
def test_documented_row_is_known(row):
    p, out = bench_listing()
    words = set(out.replace(",", " ").replace("`", " ").replace("'", " ").split())
    assert row in words, f"row {row!r} not in listing:\n{out}"


# checks: docs/performance.md#the-parser
def test_parse_names_is_its_own_row_beside_parse():
    _, out = bench_listing()
    words = set(out.replace(",", " ").replace("`", " ").replace("'", " ").split())
    assert {"parse", "parse-names"} <= words, out


# ---------------------------------------------------------------- push / pop

def write_app(root):
    (root / "scenes").mkdir(parents=True)
    (root / "app.json").write_text(json.dumps({
        "formatVersion": 1, "name": "PushPop", "entry": "Home",
        "locale": "en_US", "currency": "USD",
        "models": {"Item": {"id": "string", "name": "string", "price": "decimal"}},
        "providers": {"items": {"type": "inline", "model": "[Item]", "value": [
            {"id": "a", "name": "Lamp", "price": 1234.5},
            {"id": "b", "name": "Mug", "price": 7.25},
            {"id": "c", "name": "Pen", "price": 0.125},
        ]}},
    }))
    (root / "scenes" / "Home.json").write_text(json.dumps({
        "formatVersion": 1, "scene": "Home",
        "view": [
            {"type": "header", "text": "Home"},
            {"type": "button", "title": "Show list", "route": {"to": "List"}, "word": "show"},
        ],
    }))
    (root / "scenes" / "List.json").write_text(json.dumps({
        "formatVersion": 1, "scene": "List", "onAppear": ["load"],
        "useCases": {"load": {
            "internal": True,
            "interactor": [{"type": "fetch", "provider": "items", "as": "all"}],
            "response": {"items": "@{all}"},
            "presenter": {"rows": {"each": "@{response.items}", "as": "i",
                                   "value": {"title": "@{i.name}",
                                             "detail": "@{i.price | currency}"}}},
        }},
        "view": [
            {"type": "header", "text": "List"},
            {"type": "list", "items": "@{vm.rows}", "empty": "Nothing"},
        ],
    }))


def run_script(tmp_path, app, lines, *extra):
    need(SCENERY, "SCENERY")
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    state = tmp_path / "state"
    state.mkdir(exist_ok=True)
    p = subprocess.run([SCENERY, "run", str(app), "--script", str(script),
                        "--state-dir", str(state), *extra],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
    return p.stdout


def frames_after(out, echo):
    """The frame printed after each `> echo` line, as a list of line lists."""
    lines = out.splitlines()
    result = []
    for i, line in enumerate(lines):
        if line == f"> {echo}":
            frame = []
            for nxt in lines[i + 1:]:
                if nxt.startswith("> "):
                    break
                frame.append(nxt)
            result.append(frame)
    return result


def list_rows(frame):
    return [l for l in frame if l[:1].isdigit() and ". " in l]


PUSH_POP = ["show", "back", "show", "back", "show", "quit"]


# checks: docs/performance.md#a-scene-pushed-loaded-and-popped
def test_rows_identical_on_every_push(tmp_path):
    app = tmp_path / "PushPop"
    write_app(app)
    out = run_script(tmp_path, app, PUSH_POP)
    frames = frames_after(out, "show")
    assert len(frames) == 3, out
    rows = [list_rows(f) for f in frames]
    assert rows[0] == rows[1] == rows[2], out
    assert len(rows[0]) == 3, out
    assert rows[0][0].startswith("1. Lamp") and rows[0][0].endswith("$1,234.50"), out
    assert rows[0][1].startswith("2. Mug") and rows[0][1].endswith("$7.25"), out
    # half to even: 0.125 -> 0.12 (manifest.md, rounding)
    assert rows[0][2].startswith("3. Pen") and rows[0][2].endswith("$0.12"), out
    # back returns to Home each time
    for home in frames_after(out, "back"):
        assert "== Home ==" in home, out


# checks: docs/performance.md#a-scene-pushed-loaded-and-popped
def test_row_memo_follows_the_locale(tmp_path):
    app = tmp_path / "PushPop"
    write_app(app)
    en = run_script(tmp_path, app, PUSH_POP)
    ru = run_script(tmp_path, app, PUSH_POP, "--locale", "ru_RU")
    en_rows = [list_rows(f) for f in frames_after(en, "show")]
    ru_rows = [list_rows(f) for f in frames_after(ru, "show")]
    assert len(ru_rows) == 3 and ru_rows[0] == ru_rows[1] == ru_rows[2], ru
    assert ru_rows[0] != en_rows[0], ru
    # ru writes a decimal comma (manifest.md: `699,00 ₽`, `1 234,50`)
    assert "234,50" in ru_rows[0][0] and "7,25" in ru_rows[0][1], ru
    assert "$1,234.50" not in "\n".join(ru_rows[0]), ru


# ---------------------------------------------------------------- nesting limit

def nested_app(root, depth):
    """A valid app whose scene carries an inline provider value nested `depth` levels
    counting the file's own top-level object as level 1."""
    (root / "scenes").mkdir(parents=True)
    # scene file: {  "view": [ {"type":"text","text":"x"} ] } is 3 levels for the component;
    # put the depth in the app's inline provider value instead.
    # app.json levels: 1 (app) + 1 (providers) + 1 (deep provider) = 3; value adds the rest.
    inner = depth - 3
    value = "x"
    for _ in range(inner):
        value = [value]
    app = {
        "formatVersion": 1, "name": "Deep", "entry": "Home",
        "providers": {"deep": {"type": "inline", "value": value}},
    }
    (root / "app.json").write_text(json.dumps(app))
    (root / "scenes" / "Home.json").write_text(json.dumps({
        "formatVersion": 1, "scene": "Home",
        "view": [{"type": "header", "text": "Home"}],
    }))


# checks: docs/performance.md#what-is-bounded
def test_manifest_nesting_at_and_past_limit(tmp_path):
    need(SCENERY, "SCENERY")
    ok, bad = tmp_path / "ok" / "Deep", tmp_path / "bad" / "Deep"
    nested_app(ok, 64)
    nested_app(bad, 65)
    p = subprocess.run([SCENERY, "validate", str(ok)], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "E105" not in p.stdout + p.stderr, p.stdout + p.stderr
    q = subprocess.run([SCENERY, "validate", str(bad)], capture_output=True, text=True, timeout=60)
    assert q.returncode == 1, q.stdout + q.stderr
    assert "E105" in q.stdout + q.stderr, q.stdout + q.stderr
