"""Contract tests for `scenery run --render diff`, written from the documentation alone:
docs/cli.md's "scenery run" (the options table's `--render full|diff` row — "whole frames
(default), or only the lines that changed: `~3 text` changed, `+4 text` added, `-5`
removed" — the echo of each scripted line as `> line` before the frame it produces, a bad
line's `error: …` on standard output with the frames, `--script`, `--state-dir`, `--seed`,
`--fixture` and `--record`'s `# args:` header that records `--render`), docs/testing.md's
"3. A flow: transcripts", docs/architecture.md's "Props-based MVVM" row on
`DiffRenderer.update(_:)` ("an unchanged component is not rendered again; a list renders
again only the rows whose item changed (matched by position, since each row's line
carries its number); only changed lines are reported") and the opening of
docs/performance.md ("a diff render of one changed row reports exactly that row").

Where the docs leave the shape open, the sample transcripts recorded with `--render diff`
(Scenes/Orders/tests/create.transcript and the others whose `# args:` hold it) are read as
the documented example: there the first frame is printed as added lines (`+1 …`), a later
frame is compared with the frame printed before it line by line, by line number, and an
action that changes nothing prints nothing under its `> line`. Nothing here asserts the
order in which a frame's changed lines are printed: the docs do not say.

Each app (Scenes/Shop, Scenes/Orders) is copied into a temporary folder; every `run` keeps
its state in a temporary `--state-dir` of its own and reads its lines from `--script FILE`.
The same script runs once with `--render full` and once with `--render diff`, and the
walks are shared by the cases (module fixtures), so the file makes only a few runs. One
case changes its copy of the Shop in one place (the Catalog's error banner drawn above the
list) to have an unchanged list move down and up in the frame.
"""
import re
import shutil
from pathlib import Path

import pytest

from scenery_cli import run_scenery

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "Scenes"

CHANGED = re.compile(r"^~(?P<n>[1-9]\d*) (?P<text>.*)$")
ADDED = re.compile(r"^\+(?P<n>[1-9]\d*) (?P<text>.*)$")
REMOVED = re.compile(r"^-(?P<n>[1-9]\d*)$")

# The words a person types in the Shop: sign in, then searches that narrow, keep, change
# one row of, and widen the catalog; sorts of one row and of two; a row number that names
# no row; a product added twice; a cart whose list loses a line.
SHOP_SCRIPT = [
    "email ada@example.com",
    "login",
    "load sale",          # 8 rows -> 2: the list shrinks
    "load sale",          # the same again: nothing changes
    "load bluetooth",     # Earbuds stays row 1; row 2 becomes the headphones
    "load android",       # 2 rows -> 1
    "sort",               # one row: only the sort button's title changes
    "sort",
    "load camera",        # 1 row -> 2: the list grows
    "sort",               # both rows swap places, and the button changes
    "load a",             # 2 rows -> 8
    "open 9",             # no row 9: an error, no frame
    "open 1",             # push Product
    "add",
    "add",                # the frame stays as it was
    "back",
    "open 2",
    "add",
    "cart",
    "remove 1",           # the cart's list loses its first line
    "checkout",           # presents Checkout
    "pay",                # disabled: an error, no frame
    "phone 555 12",
    "pay",                # a banner at the end of the frame
    "pay",                # the same banner again
    "phone +1 555 123 4567",
    "pay",                # back on the Cart: a text above its list, and the list empties
    "back",
]

# The words a person types in Orders, started from the sample's seed of two orders.
ORDERS_SCRIPT = [
    "open 1",
    "edit",
    "city Cambridge",     # one field of the form
    "total 8.75",
    "save",
    "back",
    "open 2",
    "delete",
    "new",
    "save",               # an empty form: a banner under each field that needs a value
    "firstName Ada",      # one banner goes, the lines below it move up
    "back",
]


def copy_app(name, dest):
    shutil.copytree(SAMPLES / name, dest)
    return dest


def run_script(work, app, lines, render, *extra, tag):
    script = work / f"{tag}.script"
    script.write_text("".join(l + "\n" for l in lines))
    state = work / f"state-{tag}-{render}"
    state.mkdir()
    return run_scenery(["run", app, "--script", script, "--render", render,
                    "--state-dir", state, *extra], work)


def segments(stdout):
    """Split a scripted run's output at the echoed `> line`s: the first block has no input
    (the first frame), every other block is what the echoed line produced."""
    blocks = [(None, [])]
    for line in stdout.splitlines():
        if line.startswith("> "):
            blocks.append((line[2:], []))
        elif line.startswith(">> "):        # a directive, echoed as written
            blocks.append((line, []))
        else:
            blocks[-1][1].append(line)
    return blocks


def errors_of(block):
    return [l for l in block if l.startswith("error: ")]


def body_of(block):
    return [l for l in block if not l.startswith("error: ")]


def parse_diff(lines):
    changed, added, removed, odd = {}, {}, [], []
    for l in lines:
        m = CHANGED.match(l)
        if m:
            changed[int(m["n"])] = m["text"]
            continue
        m = ADDED.match(l)
        if m:
            added[int(m["n"])] = m["text"]
            continue
        m = REMOVED.match(l)
        if m:
            removed.append(int(m["n"]))
            continue
        odd.append(l)
    return changed, added, removed, odd


def rebuild(old, diff_lines):
    """The frame a diff describes, read as the docs put it: `~N text` — line N is now
    text; `+N text` — line N is added, holding text; `-N` — line N is gone. Lines not
    named are the old frame's lines that were neither changed nor removed, in order."""
    changed, added, removed, odd = parse_diff(diff_lines)
    assert not odd, f"lines of no documented diff shape: {odd}"
    named = {**changed, **added}
    assert len(named) == len(changed) + len(added), f"a line number given twice: {diff_lines}"
    kept = [l for i, l in enumerate(old, 1) if i not in changed and i not in removed]
    size = len(kept) + len(named)
    frame, rest = [], iter(kept)
    for n in range(1, size + 1):
        frame.append(named[n] if n in named else next(rest))
    assert all(1 <= n <= size for n in named), f"a line beyond the frame: {diff_lines}"
    return frame


def positional_diff(old, new):
    """The lines that changed, compared line by line by number: what the docs' examples
    (`~3 text`, `+4 text`, `-5`) and the recorded sample transcripts show."""
    out = []
    for i in range(min(len(old), len(new))):
        if old[i] != new[i]:
            out.append(f"~{i + 1} {new[i]}")
    out += [f"+{i + 1} {new[i]}" for i in range(len(old), len(new))]
    out += [f"-{i + 1}" for i in range(len(new), len(old))]
    return out


def paired(full_out, diff_out, script):
    """(input, previous full frame, this full frame, this block of diff output) for every
    block; a block whose full run printed no frame (a bad line) keeps the frame before."""
    full, diff = segments(full_out), segments(diff_out)
    assert [i for i, _ in full] == [None, *script], full_out
    assert [i for i, _ in diff] == [None, *script], diff_out
    rows, previous = [], []
    for (word, fblock), (_, dblock) in zip(full, diff):
        frame = body_of(fblock) or previous
        rows.append({"input": word, "old": previous, "new": frame,
                     "full": fblock, "diff": dblock})
        previous = frame
    return rows


def at(rows, index):
    return rows[index + 1]  # rows[0] is the first frame; script line k is rows[k + 1]


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    work = tmp_path_factory.mktemp("shop")
    app = copy_app("Shop", work / "Shop")
    full = run_script(work, app, SHOP_SCRIPT, "full", "--width", "48", tag="shop")
    diff = run_script(work, app, SHOP_SCRIPT, "diff", "--width", "48", tag="shop")
    assert full.returncode == 0, full.stdout + full.stderr
    assert diff.returncode == 0, diff.stdout + diff.stderr
    return {"full": full.stdout, "diff": diff.stdout,
            "rows": paired(full.stdout, diff.stdout, SHOP_SCRIPT)}


@pytest.fixture(scope="module")
def orders(tmp_path_factory):
    work = tmp_path_factory.mktemp("orders")
    app = copy_app("Orders", work / "Orders")
    extra = ["--width", "60", "--seed", "0",
             "--fixture", f"orders={app / 'tests' / 'seeds' / 'two.json'}"]
    full = run_script(work, app, ORDERS_SCRIPT, "full", *extra, tag="orders")
    diff = run_script(work, app, ORDERS_SCRIPT, "diff", *extra, tag="orders")
    assert full.returncode == 0, full.stdout + full.stderr
    assert diff.returncode == 0, diff.stdout + diff.stderr
    return {"full": full.stdout, "diff": diff.stdout,
            "rows": paired(full.stdout, diff.stdout, ORDERS_SCRIPT)}


def show(row):
    return (f"input {row['input']!r}\n--- frame before\n" + "\n".join(row["old"]) +
            "\n--- full frame\n" + "\n".join(row["new"]) +
            "\n--- diff printed\n" + "\n".join(row["diff"]))


# checks: docs/cli.md#scenery-run
def test_the_first_frame_is_printed_as_added_lines(shop, orders):
    # Not said in cli.md; shown by every sample transcript recorded with --render diff
    # (Scenes/Orders/tests/create.transcript begins `+1 == Orders ==`).
    for walk in (shop, orders):
        first = walk["rows"][0]
        assert first["new"], walk["full"]
        assert first["diff"] == [f"+{i} {l}" for i, l in enumerate(first["new"], 1)], show(first)


# checks: docs/cli.md#scenery-run
# checks: docs/architecture.md#props-based-mvvm
def test_the_diff_rebuilds_every_full_frame_of_the_shop_walk(shop):
    frame = []
    for row in shop["rows"]:
        frame = rebuild(frame, body_of(row["diff"]))
        assert frame == row["new"], show(row)


# checks: docs/cli.md#scenery-run
# checks: docs/architecture.md#props-based-mvvm
def test_the_diff_rebuilds_every_full_frame_of_the_orders_walk(orders):
    frame = []
    for row in orders["rows"]:
        frame = rebuild(frame, body_of(row["diff"]))
        assert frame == row["new"], show(row)


# checks: docs/cli.md#scenery-run
# checks: docs/architecture.md#props-based-mvvm
def test_only_the_lines_that_changed_are_reported_by_their_line_numbers(shop, orders):
    for walk in (shop, orders):
        for row in walk["rows"][1:]:
            assert sorted(body_of(row["diff"])) == sorted(positional_diff(row["old"], row["new"])), show(row)
    # one field typed into a form changes one line, and only it is reported
    row = at(orders["rows"], ORDERS_SCRIPT.index("city Cambridge"))
    assert len(positional_diff(row["old"], row["new"])) == 1, show(row)
    assert len(body_of(row["diff"])) == 1 and row["diff"][0].startswith("~"), show(row)
    assert "Cambridge" in row["diff"][0], show(row)


# checks: docs/cli.md#scenery-run
def test_a_frame_where_nothing_changed_reports_nothing(shop):
    second_search = at(shop["rows"], 3)          # "load sale" again
    second_add = at(shop["rows"], 14)            # "add" again on the same product
    for row, word in ((second_search, "load sale"), (second_add, "add")):
        assert row["input"] == word
        assert body_of(row["full"]) == row["old"], show(row)   # the full run reprints it
        assert row["diff"] == [], show(row)


# checks: docs/architecture.md#props-based-mvvm
# checks: docs/performance.md#performance
def test_a_list_whose_one_item_changed_reports_only_that_row(shop):
    row = at(shop["rows"], SHOP_SCRIPT.index("load bluetooth"))
    old, new = row["old"], row["new"]
    assert len(old) == len(new), show(row)
    differing = [n for n, (a, b) in enumerate(zip(old, new), 1) if a != b]
    # the search field's line and the second row; the first row and the "2 products"
    # summary stay
    assert len(differing) == 2, show(row)
    row_line = [n for n in differing if new[n - 1].startswith("2. ")]
    assert row_line and "Headphones" in new[row_line[0] - 1], show(row)
    assert sorted(body_of(row["diff"])) == sorted(f"~{n} {new[n - 1]}" for n in differing), show(row)
    assert not any(l.startswith("~") and l.split(" ", 1)[1].startswith("1. ") for l in row["diff"]), show(row)


# checks: docs/architecture.md#props-based-mvvm
def test_a_sort_reports_only_the_rows_that_moved_and_the_button(shop):
    one = at(shop["rows"], SHOP_SCRIPT.index("sort"))        # a list of one row
    assert one["input"] == "sort"
    assert len(one["new"]) == len(one["old"]), show(one)
    assert len(body_of(one["diff"])) == 1, show(one)
    only = body_of(one["diff"])[0]
    assert only.startswith("~") and "Sort:" in only, show(one)
    assert not any(l.split(" ", 1)[-1].startswith("1. ") for l in one["diff"]), show(one)

    two = at(shop["rows"], SHOP_SCRIPT.index("load camera") + 1)  # both rows change places
    assert two["input"] == "sort"
    reported = sorted(body_of(two["diff"]))
    assert reported == sorted(positional_diff(two["old"], two["new"])), show(two)
    texts = [l.split(" ", 1)[1] for l in reported]
    assert len(reported) == 3, show(two)
    assert sum(t.startswith(("1. ", "2. ")) for t in texts) == 2, show(two)
    assert any("Sort:" in t for t in texts), show(two)


# checks: docs/cli.md#scenery-run
def test_a_list_that_shrinks_or_grows_reports_removed_and_added_lines(shop):
    shrink = at(shop["rows"], SHOP_SCRIPT.index("load sale"))   # 8 rows -> 2
    old, new = shrink["old"], shrink["new"]
    assert len(new) == len(old) - 6, show(shrink)
    changed, added, removed, _ = parse_diff(body_of(shrink["diff"]))
    assert not added, show(shrink)
    assert sorted(removed) == list(range(len(new) + 1, len(old) + 1)), show(shrink)
    assert all(re.fullmatch(r"-\d+", l) for l in shrink["diff"] if l.startswith("-")), show(shrink)
    assert changed == {n: new[n - 1] for n in range(1, len(new) + 1) if old[n - 1] != new[n - 1]}, show(shrink)

    grow = at(shop["rows"], SHOP_SCRIPT.index("load a"))        # 2 rows -> 8
    old, new = grow["old"], grow["new"]
    assert len(new) == len(old) + 6, show(grow)
    changed, added, removed, _ = parse_diff(body_of(grow["diff"]))
    assert not removed, show(grow)
    assert added == {n: new[n - 1] for n in range(len(old) + 1, len(new) + 1)}, show(grow)
    assert changed == {n: new[n - 1] for n in range(1, len(old) + 1) if old[n - 1] != new[n - 1]}, show(grow)

    cart = at(shop["rows"], SHOP_SCRIPT.index("remove 1"))      # the cart loses a line
    old, new = cart["old"], cart["new"]
    assert len(new) == len(old) - 1, show(cart)
    changed, added, removed, _ = parse_diff(body_of(cart["diff"]))
    assert removed == [len(old)] and not added, show(cart)


# checks: docs/cli.md#scenery-run
def test_a_bad_line_prints_its_error_and_the_next_frame_is_compared_with_the_last(shop):
    bad = at(shop["rows"], SHOP_SCRIPT.index("open 9"))
    assert errors_of(bad["full"]) and not body_of(bad["full"]), show(bad)
    assert errors_of(bad["diff"]) == errors_of(bad["full"]), show(bad)
    assert body_of(bad["diff"]) == [], show(bad)
    after = at(shop["rows"], SHOP_SCRIPT.index("open 9") + 1)
    assert rebuild(bad["new"], body_of(after["diff"])) == after["new"], show(after)


# checks: docs/cli.md#scenery-run
# checks: docs/architecture.md#props-based-mvvm
def test_an_unchanged_list_that_moves_down_and_up_is_reported_where_it_now_is(tmp_path):
    # The Shop with one change to its Catalog's view: the error banner drawn under the
    # header, above the search field and the list. A search whose fetch fails (a `>> fault`
    # begun midway, docs/testing.md#faults) shows a banner and leaves the list's items as
    # they were, so every line below the banner moves down; lifting the fault and
    # searching again moves them back up.
    app = copy_app("Shop", tmp_path / "Shop")
    catalog = app / "scenes" / "Catalog.json"
    text = catalog.read_text()
    banner = '    { "type": "error" }\n'
    assert banner in text
    text = text.replace(",\n" + banner, "\n").replace(
        '"@{t(\'catalog.title\')}" },\n',
        '"@{t(\'catalog.title\')}" },\n' + banner.rstrip("\n") + ",\n", 1)
    assert text.index('"type": "error"') < text.index('"type": "input"'), text
    catalog.write_text(text)
    script = ["email ada@example.com", "login", "load sale",
              ">> fault products=fail", "load bluetooth", "load sale",
              ">> fault products=none", "load bluetooth", "load sale"]
    full = run_script(tmp_path, app, script, "full", "--width", "40", tag="moved")
    diff = run_script(tmp_path, app, script, "diff", "--width", "40", tag="moved")
    assert full.returncode == 0, full.stdout + full.stderr
    assert diff.returncode == 0, diff.stdout + diff.stderr
    rows = paired(full.stdout, diff.stdout, script)
    failed = at(rows, script.index("load bluetooth"))
    assert failed["new"][1].startswith("! "), show(failed)          # the banner, under the header
    assert [l for l in failed["new"] if l[:3] in ("1. ", "2. ")] == \
        [l for l in failed["old"] if l[:3] in ("1. ", "2. ")], show(failed)  # the same rows
    frame = []
    for row in rows:
        frame = rebuild(frame, body_of(row["diff"]))
        assert frame == row["new"], show(row)
        if row["input"] is not None:
            assert sorted(body_of(row["diff"])) == sorted(positional_diff(row["old"], row["new"])), show(row)


# checks: docs/cli.md#scenery-run
# checks: docs/testing.md#3-a-flow-transcripts
def test_a_session_recorded_with_render_diff_replays(tmp_path):
    app = copy_app("Shop", tmp_path / "Shop")
    script = tmp_path / "walk.script"
    script.write_text("".join(l + "\n" for l in SHOP_SCRIPT[:11]))
    record = tmp_path / "walk.transcript"
    p = run_scenery(["run", app, "--script", script, "--render", "diff", "--width", "48",
                 "--record", record], tmp_path)
    assert p.returncode == 0, p.stdout + p.stderr
    text = record.read_text()
    args = [l for l in text.splitlines() if l.startswith("# args:")]
    assert args and "--render diff" in args[0], text
    body = [l for l in text.splitlines() if not l.startswith("#") and not l.startswith("> ")]
    assert body and all(CHANGED.match(l) or ADDED.match(l) or REMOVED.match(l)
                        or l.startswith("error: ") for l in body), text
    t = run_scenery(["test", record], tmp_path)
    assert t.returncode == 0, t.stdout + t.stderr
    assert "1 passed, 0 failed" in t.stdout, t.stdout + t.stderr


# checks: docs/testing.md#3-a-flow-transcripts
def test_the_samples_transcripts_recorded_with_render_diff_still_pass(tmp_path):
    app = copy_app("Orders", tmp_path / "Orders")
    diffed = sorted(p for p in (app / "tests").glob("*.transcript")
                    if "--render diff" in p.read_text().splitlines()[1])
    assert len(diffed) >= 3, [p.name for p in diffed]
    t = run_scenery(["test", *diffed], tmp_path)
    assert t.returncode == 0, t.stdout + t.stderr
    assert f"{len(diffed)} passed, 0 failed" in t.stdout, t.stdout + t.stderr
