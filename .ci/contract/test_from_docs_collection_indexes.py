"""Contract cases for a collection's indexes, written from docs/manifest.md#collections alone
(the "Indexes" bullet, the rest of the Collections section, and docs/cli.md for `scenery run`'s
`--state-dir`, `--fixture` and `--script`). No source code or tests were read.
"""
# checks: docs/manifest.md#collections
import contextlib
import json
import os
import re
import sqlite3
import subprocess

import pytest

SCENERY = os.environ.get("SCENERY", "scenery")
FIELDS = {"id", "status", "createdAt", "total", "year", "paid", "note", "tags"}
APP = {"formatVersion": 1, "name": "Ledger", "entry": "Board",
       "models": {"Order": {"id": "string", "status": "string", "createdAt": "date", "total": "decimal",
                            "year": "int", "paid": "bool", "note": "string?", "tags": "[string]"}},
       "providers": {"orders": {"type": "collection", "model": "Order", "key": "id"}}}


def order(id, status, created, total, year, paid, note, tags=()):
    return {"id": id, "status": status, "createdAt": created, "total": total, "year": year,
            "paid": paid, "note": note, "tags": list(tags)}


RECORDS = [order("o1", "open", "2026-03-01T10:00:00Z", 10.50, 2019, False, "gift box"),
           order("o2", "open", "2026-05-01T09:00:00+02:00", 99.99, 2024, True, "Gift wrap", ["a"]),
           order("o3", "closed", "2026-04-01", 5, 2021, False, "Gift"),
           order("o4", "open", "2025-12-31T23:00:00Z", 20, 2021, True, None),
           order("o5", "open", "2026-05-01T08:00:00Z", 49.99, 2025, False, "Gift card")]


def fetch_case(args, request=None):
    step = {"type": "fetch", "provider": "orders", "as": "found", **({"args": args} if args else {})}
    return {**({"request": request} if request else {}), "interactor": [step], "response": {"found": "@{found}"},
            "presenter": {"rows": {"each": "@{response.found}", "as": "o", "value": "@{o.id}"}}}


def board(use_cases, on_appear, status=False):
    state = {"info": {"type": "string?"}, **({"status": {"type": "string", "default": "open"}} if status else {})}
    return {"formatVersion": 1, "scene": "Board", "state": state,
            "onAppear": on_appear, "useCases": use_cases,
            "view": [{"type": "header", "text": "Board"},
                     {"type": "list", "items": "@{vm.rows}", "empty": "Nothing"},
                     {"type": "text", "if": "@{state.info}", "text": "@{state.info}"},
                     {"type": "button", "title": "Stats", "route": {"to": "Stats"}, "word": "stats"},
                     {"type": "error"}]}


def stats(use_cases):
    return {"formatVersion": 1, "scene": "Stats", "useCases": use_cases,
            "view": [{"type": "header", "text": "Stats"}]}


ONE = {"request": {"id": "string"},
       "interactor": [{"type": "fetch", "provider": "orders", "as": "o", "args": {"key": "@{request.id}"}},
                      {"type": "set", "path": "state.info", "value": "one: @{o ? o.id : 'none'}"}]}
TALLY = {"interactor": [{"type": "fetch", "provider": "orders", "as": "n", "args": {
            "count": True, "where": {"status": "open", "year": {">": 2020}}}},
         {"type": "set", "path": "state.info", "value": "count: @{n}"}]}
# Several shapes: equality + range + descending sort; a sort only; a fetch by key; a count with
# where; a fetch of everything; a shape without sort; and a shape in a scene that never opens.
SHAPES = {
    "Board": board({
        "page": fetch_case({"where": {"status": "@{state.status}",
                                      "createdAt": {">=": "2026-01-01", "<": "2027-01-01"},
                                      "note": {"contains": "GIFT"}},
                            "sort": "-createdAt", "limit": 50}),
        "sorted": fetch_case({"sort": ["year", "-total"]}),
        "cheap": fetch_case({"where": {"status": {"=": "open"}, "total": {"<": 50},
                                       "year": {">=": 2000}, "id": {"!=": "o9"}}}),
        "all": fetch_case(None), "one": ONE, "tally": TALLY}, ["page"], status=True),
    "Stats": stats({"old": fetch_case({"where": {"year": {"<=": 2000}}, "sort": "status"})}),
}
# columns of each index the docs give for SHAPES: equality fields, sort fields, key (sorted) or
# equality fields, first range field, key (no sort); a fetch by key or of everything needs none
SHAPE_COLUMNS = {("status", "createdAt", "id"), ("year", "total", "id"), ("status", "total", "id"),
                 ("status", "year", "id"), ("status", "id")}
DYNAMIC = {"Board": board({"all": fetch_case({"sort": "@{request.by ?? 'id'}"}, {"by": "string?"}),
                           "one": ONE}, ["all"]),
           "Stats": stats({})}


def env_for(tmp_path):
    for name in ("xdg", "tmp", "state"):
        (tmp_path / name).mkdir(exist_ok=True)
    return dict(os.environ, XDG_STATE_HOME=str(tmp_path / "xdg"), TMPDIR=str(tmp_path / "tmp"))


def write_app(root, scenes):
    (root / "scenes").mkdir(parents=True, exist_ok=True)
    (root / "app.json").write_text(json.dumps(APP))
    for old in (root / "scenes").glob("*.json"):
        old.unlink()
    for name, scene in scenes.items():
        (root / "scenes" / f"{name}.json").write_text(json.dumps(scene))
    done = subprocess.run([SCENERY, "validate", str(root)], capture_output=True, text=True,
                          env=env_for(root.parent), timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no problems found" in done.stdout
    return root


def run(tmp_path, app, lines, fixture=None):
    script = tmp_path / "script.txt"
    script.write_text("".join(line + "\n" for line in lines))
    cmd = [SCENERY, "run", str(app), "--state-dir", str(tmp_path / "state"), "--script", str(script)]
    if fixture is not None:
        path = tmp_path / "fixture.json"
        path.write_text(json.dumps(fixture))
        cmd += ["--fixture", f"orders={path}"]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env_for(tmp_path), timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    frames, current = {"": []}, ""
    for line in done.stdout.splitlines():
        if line.startswith("> "):
            current = line[2:]
            frames[current] = []
        else:
            frames[current].append(line)
    return frames


def rows(frame):
    return [m.group(1) for m in (re.match(r"^\d+\. (\S+)", line) for line in frame) if m]


@contextlib.contextmanager
def database(tmp_path):
    path = tmp_path / "state" / "Ledger.sqlite"
    assert path.is_file(), "the collection lives in STATE/APPNAME.sqlite"
    db = sqlite3.connect(str(path))
    try:
        yield db
    finally:
        db.close()


def table_of(db):
    for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
        if {r[1] for r in db.execute(f'PRAGMA table_info("{name}")')} >= FIELDS:
            return name
    pytest.fail("no table with a column per field of the model")


def split_terms(body):
    """The columns of CREATE INDEX … (col, col, …), split at commas outside parentheses."""
    terms, depth, start = [], 0, 0
    for i, ch in enumerate(body):
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            terms.append(body[start:i].strip())
            start = i + 1
    return terms + [body[start:].strip()]


def indexes(db):
    """{name: [(field, descending, term)]} for every index on the collection's table but SQLite's own."""
    found = {}
    for name, sql in db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?",
                                (table_of(db),)):
        if name.startswith("sqlite_autoindex_"):
            continue
        body = sql[sql.index("(", sql.upper().index(" ON ")) + 1: sql.rindex(")")]
        cols = []
        for term in split_terms(body):
            desc = term.upper().endswith(" DESC")
            term = re.sub(r"\s+(ASC|DESC)$", "", term, flags=re.I)
            named = {f for f in FIELDS if re.search(rf'(^|[^\w]){f}([^\w]|$)', term)}
            assert len(named) == 1, f"{name}: column {term[:60]} should be one field"
            cols.append((named.pop(), desc, term))
        found[name] = cols
    return found


def fields(cols):
    return tuple(c[0] for c in cols)


def count_records(db):
    return db.execute(f'SELECT count(*) FROM "{table_of(db)}"').fetchone()[0]


def test_several_shapes_give_exactly_their_indexes_and_the_documented_results(tmp_path):
    app = write_app(tmp_path / "Ledger", SHAPES)
    frames = run(tmp_path, app, ["sorted", "cheap", "all", "one o3", "one zz", "tally"], RECORDS)
    assert rows(frames[""]) == ["o5", "o2", "o1"]  # open, in 2026, note holds "gift", newest first
    assert rows(frames["sorted"]) == ["o1", "o4", "o3", "o2", "o5"]
    assert rows(frames["cheap"]) == ["o1", "o4", "o5"]  # key order
    assert rows(frames["all"]) == ["o1", "o2", "o3", "o4", "o5"]
    assert "one: o3" in frames["one o3"] and "one: none" in frames["one zz"]
    assert "count: 3" in frames["tally"]
    with database(tmp_path) as db:
        found = indexes(db)
        assert all(name.startswith("collection_orders_") for name in found), sorted(found)
        assert sorted(fields(c) for c in found.values()) == sorted(SHAPE_COLUMNS), sorted(found)
        assert count_records(db) == 5


def test_indexes_without_a_descending_field_are_named_by_their_fields(tmp_path):
    run(tmp_path, write_app(tmp_path / "Ledger", SHAPES), [], RECORDS)
    with database(tmp_path) as db:
        names = set(indexes(db))
    # a shape without sort: equality fields, then the first range field, then the key
    assert "collection_orders_query_status_total_id" in names  # where status =, total <, year >=
    assert "collection_orders_query_status_year_id" in names  # a count with where
    # a range field is left out when the shape sorts; one field and the key is `by_FIELD`
    assert "collection_orders_by_status" in names


def test_mixed_sort_directions_name_the_descending_fields_with_a_dash(tmp_path):
    run(tmp_path, write_app(tmp_path / "Ledger", SHAPES), [], RECORDS)
    with database(tmp_path) as db:
        found = indexes(db)
        name = "collection_orders_query_year_-total_-id"
        assert name in found, sorted(found)
        assert [(f, d) for f, d, _ in found[name]] == [("year", False), ("total", True), ("id", True)]
        year, total, key = (t for _, _, t in found[name])
        plan = db.execute(f'EXPLAIN QUERY PLAN SELECT * FROM "{table_of(db)}" '
                          f"ORDER BY {year} ASC, {total} DESC, {key} DESC LIMIT 50").fetchall()
    details = " | ".join(str(row[-1]) for row in plan)
    assert name in details and "TEMP B-TREE" not in details, details


def test_a_wholly_descending_sort_has_the_ascending_index_of_the_sort_the_other_way(tmp_path):
    # "a sort wholly descending has the same ascending index as the sort the other way"
    # (this case first read the older wording, "in the sort's directions", as DESC columns;
    # the doc now says how directions are taken from the first sort field).
    run(tmp_path, write_app(tmp_path / "Ledger", SHAPES), [], RECORDS)
    with database(tmp_path) as db:
        found = indexes(db)
    name = "collection_orders_query_status_createdAt_id"
    assert name in found, sorted(found)
    assert [(f, d) for f, d, _ in found[name]] == [("status", False), ("createdAt", False), ("id", False)]


def test_the_filtered_sorted_page_is_read_from_its_index_and_never_sorted(tmp_path):
    run(tmp_path, write_app(tmp_path / "Ledger", SHAPES), [], RECORDS)
    with database(tmp_path) as db:
        found = indexes(db)
        [(name, cols)] = [(n, c) for n, c in found.items() if fields(c) == ("status", "createdAt", "id")]
        status, created, key = (t for _, _, t in cols)
        plan = db.execute(f'EXPLAIN QUERY PLAN SELECT * FROM "{table_of(db)}" WHERE {status} = ? '
                          f"AND {created} >= julianday(?) AND {created} < julianday(?) "
                          f"ORDER BY {created} DESC, {key} DESC LIMIT 50", ("open", "2026", "2027")).fetchall()
    details = " | ".join(str(row[-1]) for row in plan)
    assert f"USING INDEX {name}" in details or f"USING COVERING INDEX {name}" in details, details
    assert "TEMP B-TREE" not in details, details


def test_an_expression_sort_gives_every_sortable_field_but_booleans_an_index(tmp_path):
    app = write_app(tmp_path / "Ledger", DYNAMIC)
    frames = run(tmp_path, app, ["all total", "all -year", "all createdAt"], RECORDS)
    assert rows(frames[""]) == ["o1", "o2", "o3", "o4", "o5"]
    assert rows(frames["all total"]) == ["o3", "o1", "o4", "o5", "o2"]
    assert rows(frames["all -year"]) == ["o5", "o2", "o4", "o3", "o1"]  # tie: key descending
    assert rows(frames["all createdAt"]) == ["o4", "o1", "o3", "o2", "o5"]
    with database(tmp_path) as db:
        found = indexes(db)
    # the key's own `by_id` is left open: the primary key already orders by it (see report)
    found.pop("collection_orders_by_id", None)
    expected = {f"collection_orders_by_{f}" for f in ("status", "createdAt", "total", "year", "note")}
    assert set(found) == expected  # not `paid` (a boolean), not `tags` (a list)
    for name, cols in found.items():
        assert fields(cols) == (name.rsplit("_", 1)[1], "id"), (name, cols)


def test_indexes_follow_the_app_when_its_fetches_change_and_records_stay(tmp_path):
    app = write_app(tmp_path / "Ledger", SHAPES)
    run(tmp_path, app, [], RECORDS)
    with database(tmp_path) as db:
        before = set(indexes(db))
    assert {"collection_orders_query_status_total_id", "collection_orders_by_status"} <= before
    page = fetch_case({"where": {"status": "open"}, "sort": ["year", "createdAt"]})
    write_app(app, {"Board": board({"page": page, "tally": TALLY}, ["page"]),
                    "Stats": stats({})})
    frames = run(tmp_path, app, ["tally", "state"])
    assert rows(frames[""]) == ["o1", "o4", "o2", "o5"]
    assert "count: 3" in frames["tally"]
    assert any(line.startswith("collection orders: 5 records") for line in frames["state"]), frames["state"]
    with database(tmp_path) as db:
        assert set(indexes(db)) == {"collection_orders_query_status_year_createdAt_id",
                                    "collection_orders_query_status_year_id"}
        assert count_records(db) == 5


def test_indexes_of_an_expression_sort_are_dropped_when_the_sort_is_written_out(tmp_path):
    app = write_app(tmp_path / "Ledger", DYNAMIC)
    run(tmp_path, app, [], RECORDS)
    write_app(app, {"Board": board({"all": fetch_case({"sort": ["status", "total"]})}, ["all"]),
                    "Stats": stats({})})
    frames = run(tmp_path, app, [])
    assert rows(frames[""]) == ["o3", "o1", "o4", "o5", "o2"]
    with database(tmp_path) as db:
        assert set(indexes(db)) == {"collection_orders_query_status_total_id"}
        assert count_records(db) == 5


def test_a_fixture_fills_an_empty_collection_then_its_indexes_are_made(tmp_path):
    app = write_app(tmp_path / "Ledger", SHAPES)
    frames = run(tmp_path, app, ["all", "state"], RECORDS)
    assert rows(frames["all"]) == ["o1", "o2", "o3", "o4", "o5"]
    assert any(line.startswith("collection orders: 5 records, first 5:") for line in frames["state"])
    with database(tmp_path) as db:
        assert count_records(db) == 5
        assert sorted(fields(c) for c in indexes(db).values()) == sorted(SHAPE_COLUMNS)
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"  # index entries match rows
    # the collection is not empty now: another fixture seeds nothing
    other = [dict(RECORDS[0], id="o9")]
    frames = run(tmp_path, app, ["all"], other)
    assert rows(frames["all"]) == ["o1", "o2", "o3", "o4", "o5"]
    with database(tmp_path) as db:
        assert count_records(db) == 5
