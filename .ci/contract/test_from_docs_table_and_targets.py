"""Contract tests for two tables, written from the documentation alone (and Package.swift,
the package manifest docs/architecture.md's table describes); nothing under Sources/ or
Tests/ was read.

docs/architecture.md "## Targets": the table of targets, their roles and what each
"depends on", and the paragraph under it ("The arrows go one way: `SceneManifest` knows
nothing of `VIP` or of running; … a team testing typed pairs links `VIPTesting` without the
JSON runtime; `SceneryCLI` does not link the examples"). Read as a reader would: every
target a row names is a target of Package.swift, and every dependency a row names is one
Package.swift gives that target. A row is not taken to list every dependency, except where
it says so: "—" (depends on nothing) and "built only on `VIP`". In a row of several targets,
"; the executable also X" names what the row's executable adds to the row's other names.

docs/performance.md "## The table" (how `scenery-benchmarks` is run, rows by name, "The
command exits 1 when a row misses its target. A row name it does not know is refused before
anything is measured: the command exits 2 and lists the rows it has."), the Round 3
section's "**2026-11-30**, every row in one run …" table, and the "What each row compares"
bullets for "diff render" and "validate, per scene". No case asserts a time: the rows are
run with `--runs 1` on whatever build SCENERY_BENCHMARKS names, and only what a user sees
without trusting timings is checked — the metric and target columns, the A side's
description, and the exit status where the doc says what it is.
"""
import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARCH = ROOT / "docs" / "architecture.md"
PERF = ROOT / "docs" / "performance.md"
PACKAGE = ROOT / "Package.swift"

BENCH = os.environ.get("SCENERY_BENCHMARKS")


# ---------------------------------------------------------------- Package.swift, read plainly

def _strip_comments(text):
    """Swift source without its `//` and `/* */` comments (string literals kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            i = text.index("*/", i) + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _balanced(text, start):
    """The text inside the parentheses opening at text[start]."""
    depth = 0
    for j in range(start, len(text)):
        if text[j] == "(":
            depth += 1
        elif text[j] == ")":
            depth -= 1
            if depth == 0:
                return text[start + 1:j]
    raise AssertionError("unbalanced parentheses in Package.swift")


def package_targets():
    """{name: (kind, [direct dependencies])} for every target in Package.swift."""
    code = _strip_comments(PACKAGE.read_text())
    targets = {}
    for m in re.finditer(r"\.(target|executableTarget|testTarget)\(", code):
        args = _balanced(code, m.end() - 1)
        name = re.match(r'\s*name:\s*"([^"]+)"', args)
        assert name, f"a target without a leading name in Package.swift: {args[:80]}"
        deps = re.search(r"dependencies:\s*\[([^\]]*)\]", args)
        names = re.findall(r'"([^"]+)"', deps.group(1)) if deps else []
        targets[name.group(1)] = (m.group(1), names)
    return targets


def closure(targets, name):
    """Everything `name` depends on, directly or through others."""
    seen, todo = set(), list(targets[name][1])
    while todo:
        d = todo.pop()
        if d not in seen:
            seen.add(d)
            todo.extend(targets.get(d, ("", []))[1])
    return seen


# ---------------------------------------------------------------- the doc's Targets table

def section(path, heading):
    """The lines of a `## heading` section up to the next heading of the same level."""
    lines = path.read_text().splitlines()
    level = heading.split(" ")[0]
    start = lines.index(heading)
    end = next((i for i in range(start + 1, len(lines))
                if lines[i].startswith(level + " ")), len(lines))
    return lines[start + 1:end]


def targets_table():
    """The rows of architecture.md's Targets table as dicts: targets (names in order), role,
    main (dependencies named before any '; the executable also'), also (after it), none
    (the cell is '—')."""
    rows = []
    for line in section(ARCH, "## Targets"):
        if not line.startswith("| `"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == 3, line
        names, role, deps = cells
        main, _, also = deps.partition("the executable also")
        rows.append({
            "line": line,
            "targets": re.findall(r"`([^`]+)`", names),
            "role": role,
            "main": re.findall(r"`([^`]+)`", main),
            "also": re.findall(r"`([^`]+)`", also),
            "none": deps == "—",
        })
    assert len(rows) >= 10, "the Targets table was not found in docs/architecture.md"
    return rows


def executable_of(row):
    """The row's executable, where the role names one: a row of one target whose role is
    'the executable' or 'an app executable', or the last target of a row whose role ends
    '… and its own executable' / '…, and an executable that …'."""
    role = row["role"]
    if len(row["targets"]) == 1:
        return row["targets"][0] if re.match(r"(the|an app) executable", role) else None
    if re.search(r"\band (its own|an) executable\b", role):
        return row["targets"][-1]
    return None


# checks: docs/architecture.md#targets
def test_every_target_the_table_names_is_in_package_swift():
    pkg = package_targets()
    missing, not_executables = [], []
    executables = []
    for row in targets_table():
        for name in row["targets"]:
            if name not in pkg:
                missing.append((name, row["line"]))
        exe = executable_of(row)
        if exe:
            executables.append(exe)
            if exe in pkg and pkg[exe][0] != "executableTarget":
                not_executables.append((exe, pkg[exe][0]))
    # The roles that say so: `scenery`, `catalog`, `shop`, `ejected`, `planted`.
    assert set(executables) == {"scenery", "catalog", "shop", "ejected", "planted"}, executables
    assert not missing, f"named in the table, not a target of Package.swift: {missing}"
    assert not not_executables, f"called an executable, not an executableTarget: {not_executables}"


# checks: docs/architecture.md#targets
def test_each_one_target_row_names_dependencies_package_swift_gives_it():
    pkg = package_targets()
    wrong = []
    checked = 0
    for row in targets_table():
        if len(row["targets"]) != 1 or row["targets"][0] not in pkg:
            continue
        name = row["targets"][0]
        given = pkg[name][1]
        if row["none"] and given:
            wrong.append(f"{name}: the row says '—', Package.swift gives {given}")
        for dep in row["main"] + row["also"]:
            checked += 1
            if dep not in given:
                wrong.append(f"{name}: the row names `{dep}`, Package.swift gives {given}")
    assert checked >= 15, checked
    assert not wrong, "\n".join(wrong)


# checks: docs/architecture.md#targets
def test_line_renderer_depends_on_scenery_support_and_support_on_nothing():
    pkg = package_targets()
    rows = {tuple(r["targets"]): r for r in targets_table()}
    line_renderer = rows[("LineRenderer",)]
    assert line_renderer["main"] == ["ScenerySupport"], line_renderer["line"]
    assert "ScenerySupport" in pkg["LineRenderer"][1], pkg["LineRenderer"]
    support = rows[("ScenerySupport",)]
    assert support["none"], support["line"]
    assert pkg["ScenerySupport"][1] == [], pkg["ScenerySupport"]


# checks: docs/architecture.md#targets
def test_rows_of_several_targets_name_what_package_swift_gives_them():
    """In a row of several targets, the names before '; the executable also' are the
    dependencies of the row's library targets, and of its executable directly or through
    those libraries; the names after it are the executable's own. 'built only on `VIP`'
    says all of CatalogExample's."""
    pkg = package_targets()
    wrong = []
    rows = [r for r in targets_table() if len(r["targets"]) > 1 and r["main"]]
    assert len(rows) == 3, [r["targets"] for r in rows]
    for row in rows:
        exe = executable_of(row)
        assert exe, row["line"]
        libraries = [t for t in row["targets"] if t != exe]
        for dep in row["main"]:
            for lib in libraries:
                if dep not in pkg[lib][1]:
                    wrong.append(f"{lib}: the row names `{dep}`, Package.swift gives {pkg[lib][1]}")
            reach = set(pkg[exe][1]) | {d for lib in libraries if lib in pkg[exe][1]
                                        for d in pkg[lib][1]}
            if dep not in reach:
                wrong.append(f"{exe}: the row names `{dep}`, Package.swift gives {pkg[exe][1]}")
        for dep in row["also"]:
            if dep not in pkg[exe][1]:
                wrong.append(f"{exe}: 'the executable also `{dep}`', Package.swift gives {pkg[exe][1]}")
    catalog = next(r for r in rows if "CatalogExample" in r["targets"])
    assert "built only on `VIP`" in catalog["role"], catalog["line"]
    assert pkg["CatalogExample"][1] == ["VIP"], pkg["CatalogExample"]
    assert not wrong, "\n".join(wrong)


# checks: docs/architecture.md#targets
def test_the_arrows_go_one_way():
    text = "\n".join(section(ARCH, "## Targets"))
    assert "`SceneManifest` knows nothing of `VIP` or of running" in text
    assert "links\n`VIPTesting` without the JSON runtime" in text or \
        "links `VIPTesting` without the JSON runtime" in text
    assert "`SceneryCLI` does not link the examples" in text
    pkg = package_targets()
    manifest = closure(pkg, "SceneManifest")
    assert not manifest & {"VIP", "SceneRuntime", "SceneryCLI"}, manifest
    vip_testing = closure(pkg, "VIPTesting")
    assert not vip_testing & {"SceneRuntime", "SceneManifest"}, vip_testing
    cli = closure(pkg, "SceneryCLI")
    examples = {"CatalogExample", "catalog", "ShopComponents", "shop", "ShopScenes",
                "OrdersScenes", "ejected", "BenchScenes"}
    assert not cli & examples, cli & examples
    # `SceneRuntime` is a client of `VIP`, not a second engine; LineRenderer is below it.
    assert "VIP" in pkg["SceneRuntime"][1]
    assert not closure(pkg, "LineRenderer") & {"VIP", "SceneRuntime", "SceneManifest"}


# ---------------------------------------------------------------- scenery-benchmarks

def need_bench():
    if not BENCH:
        pytest.skip("SCENERY_BENCHMARKS is not set")


def bench(*args, timeout=60):
    need_bench()
    p = subprocess.run([BENCH, *args], capture_output=True, text=True, timeout=timeout)
    return p, p.stdout + p.stderr


def markdown_rows(out):
    """The rows of the first markdown table in `out`, as dicts keyed by the header's
    cells (the unnamed last column as 'status')."""
    lines = [l for l in out.splitlines() if l.startswith("|")]
    assert len(lines) >= 3, out
    header = [c.strip() or "status" for c in lines[0].strip().strip("|").split("|")]
    rows = []
    for line in lines[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == len(header), line
        rows.append(dict(zip(header, cells)))
    return rows


def table_of_2026_11_30():
    """The Round 3 section's '**2026-11-30**, every row in one run' table, by metric."""
    lines = section(PERF, "## Round 3: every target side by side (2026-11-27)")
    start = next(i for i, l in enumerate(lines) if l.startswith("**2026-11-30**, every row in one run"))
    table = []
    for line in lines[start:]:
        if line.startswith("|"):
            table.append(line)
        elif table:
            break
    rows = markdown_rows("\n".join(table))
    return {r["metric"]: r for r in rows}


def listed_rows():
    """The names the command lists when refusing an unknown row (after the message's colon)."""
    p, out = bench("no-such-row")
    tail = out.split("no-such-row", 1)[-1]
    tail = tail.split(":", 1)[1] if ":" in tail else tail
    return p, out, set(re.findall(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*", tail))


def documented_row_names():
    """Every row name performance.md gives after `scenery-benchmarks` in a command."""
    text = PERF.read_text()
    names = set()
    for m in re.finditer(r"scenery-benchmarks((?:\s+[a-z][a-z0-9-]*)+)", text):
        names.update(m.group(1).split())
    return names


# Metric names of the 2026-11-30 table paired with row names where the doc pairs them.
ROW_OF_METRIC = {
    # "In the evening" command lists these rows in the order of its table's rows; and the
    # "What each row compares" bullets.
    "typed use-case cycle": "cycle",
    "typed use-case cycle, an `async` interactor": "cycle-async",
    "validate, per scene": "validate",
    "JSON parse, 2 MB catalog (A ≤ 4 ms is 0.5 GB/s)": "parse",
    "JSON parse, 2 MB catalog, and every name read": "parse-names",  # bullet: (`parse-names`)
    # "Ejected scenes": `usecase usecase-ejected`, and "The `usecase-ejected` row times …"
    "JSON use case (fetch 100, search, sort, rows with currency)": "usecase",
    "Ejected use case (the JSON row's `load` as `scenery eject` writes it)": "usecase-ejected",
    # The 2026-11-30 paragraph under the table: `scenery-benchmarks diff --runs 11`.
    "diff render, 1 row of 10 000 changed": "diff",
    # "The last two rows …  (`scenery-benchmarks dates diagnostics --runs 21`)".
    "`date` value read, per value": "dates",
    "validate, 30 000 unread state fields": "diagnostics",
    # "## Collections": its command's five rows, in its table's order.
    "collection of 100 000: update one record's field": "collection-update",
    "collection of 100 000: insert one record": "collection-insert",
    "collection of 100 000: a filtered, sorted page of 50": "collection-page",
    "collection of 100 000: a scene showing its first page opens": "collection-scene",
    "collection: resident memory while paging through it": "collection-memory",
    # "## A real list": `collection-list collection-list-back`, and `collection-list-process`.
    "a list of 2 000 collection records (nested records, a date and money a row) opens": "collection-list",
    "the list of 2 000 collection records, coming back to it": "collection-list-back",
    "a list of 2 000 collection records opens: the whole `scenery run` to its first frame":
        "collection-list-process",
    # "What each row compares": collection-query, collection-query-deep, collection-seed.
    "collection of 100 000: a page of 50 by `status`, a date range and `-createdAt`, the first pages":
        "collection-query",
    "collection of 100 000: the same page at offset 40 000": "collection-query-deep",
    "a collection seeded from a `--fixture` of 100 000 records, to the first frame": "collection-seed",
    # "### Start-up" (`scenery-benchmarks startup`) and the bullets startup, transcripts, ….
    "`scenery run` of a one-scene app, started and quit": "startup",
    "`scenery test`, per transcript, of a 200-scene app, one at a time": "transcripts",
    "`scenery test --jobs 2` against `--jobs 1`, 2 000 transcripts": "transcripts-jobs",
    "a scene pushed, its `onAppear` load run and shown, then popped": "push-pop",
    "a scene pushed, its `onAppear` load run and shown, then popped, against an immediate screen":
        "push-pop-immediate",
    # "## The language server": its command's four rows, in its table's order.
    "lsp: findings after an edit, 90 scenes": "lsp-edit-90",
    "lsp: findings after an edit, 900 scenes": "lsp-edit-900",
    "lsp: completion, 900 scenes": "lsp-completion",
    "lsp: peak memory, 900 scenes": "lsp-memory",
}
# Rows of the 2026-11-30 table the doc never pairs with a row name.
UNPAIRED = {
    "`Command.observe` notification",
    "`Dependencies.register` of 5 services + assemble",
    "memory after popping 10 000 screens without yielding",
}


# checks: docs/performance.md#the-table
def test_an_unknown_row_exits_2_lists_the_rows_and_measures_nothing():
    p, out, listed = listed_rows()
    assert p.returncode == 2, out
    assert "no-such-row" in out, out
    missing = documented_row_names() - listed
    assert not missing, f"rows the doc runs by name, not in the listing: {sorted(missing)}\n{out}"
    # Refused before anything is measured, even after a row it knows.
    q, out2 = bench("diff", "no-such-row", "--runs", "1")
    assert q.returncode == 2, out2
    assert "no-such-row" in out2 and "| metric |" not in out2 and "diff render" not in out2, out2


# checks: docs/performance.md#round-3-every-target-side-by-side-2026-11-27
# checks: docs/performance.md#the-table
def test_every_metric_of_the_2026_11_30_table_is_a_row_the_command_knows():
    table = table_of_2026_11_30()
    assert set(table) == set(ROW_OF_METRIC) | UNPAIRED, \
        set(table) ^ (set(ROW_OF_METRIC) | UNPAIRED)
    _, out, listed = listed_rows()
    unknown = {m: r for m, r in ROW_OF_METRIC.items() if r not in listed}
    assert not unknown, f"{unknown}\n{out}"
    # "every row in one run": the table holds every A-against-B row the command lists; the
    # listing's `run` is the shop walk ("## Running scenes"), not a row of that table.
    assert len(listed - {"run"}) == len(table), (sorted(listed), len(table))


# checks: docs/performance.md#the-table
# checks: docs/performance.md#collections
def test_diff_row_prints_the_doc_metric_and_target():
    p, out = bench("diff", "--runs", "1")
    rows = markdown_rows(out)
    doc = table_of_2026_11_30()["diff render, 1 row of 10 000 changed"]
    assert [r["metric"] for r in rows] == [doc["metric"]], out
    assert rows[0]["target"] == doc["target"] == "≤ 0.05×", out
    # "A is `DiffRenderer.update` with a frame whose 10 000-row list differs from the last
    # in one row; B renders the same frame in full."
    described = [l for l in out.splitlines() if l.startswith("- " + doc["metric"])]
    assert len(described) == 1, out
    assert "`DiffRenderer.update`" in described[0] and "full" in described[0], out
    # "The command exits 1 when a row misses its target" (a debug build may miss it).
    status = rows[0]["status"].lower()
    assert status in ("ok", "missed"), out
    assert p.returncode == (1 if status == "missed" else 0), (p.returncode, out)


# checks: docs/performance.md#the-table
# checks: docs/performance.md#collections
# checks: docs/performance.md#validation
def test_validate_row_keeps_its_report_and_misses_its_target():
    p, out = bench("validate", "--runs", "1")
    rows = markdown_rows(out)
    doc = table_of_2026_11_30()["validate, per scene"]
    assert [r["metric"] for r in rows] == ["validate, per scene"], out
    assert rows[0]["target"] == doc["target"] == "A ≤ 50.0 µs, ratio ≤ 1.3×", out
    # "A validates the Shop plus 900 copies of its catalog scene and divides by 909; B does
    # the same with 81 copies and divides by 90. … Each report is let go after the clock
    # stops, as `scenery validate` keeps its report until it exits."
    described = [l for l in out.splitlines() if l.startswith("- validate, per scene")]
    assert len(described) == 1, out
    a_side = described[0].split("; B ", 1)[0]
    assert "909" in a_side and "900 copies" in a_side, out
    assert "report kept as `scenery validate` keeps it" in a_side, out
    assert "90" in described[0].split("; B ", 1)[1], out
    # The doc: the row is "missed" ("Every row but validation meets its target", "Still
    # missed"), and "The command exits 1 when a row misses its target".
    assert doc["status"] == "missed"
    assert rows[0]["status"].lower() == "missed", out
    assert p.returncode == 1, (p.returncode, out)


# checks: docs/performance.md#round-3-every-target-side-by-side-2026-11-27
def test_quick_rows_print_the_doc_metrics_and_targets():
    """The rows the doc names that take seconds at most in a debug build, in one run."""
    quick = ["cycle", "cycle-async", "usecase", "usecase-ejected", "parse", "parse-names",
             "dates", "diagnostics", "push-pop", "push-pop-immediate",
             "collection-list", "collection-list-back"]
    p, out = bench(*quick, "--runs", "1")
    assert p.returncode in (0, 1), out
    printed = {r["metric"]: r for r in markdown_rows(out)}
    doc = table_of_2026_11_30()
    expected = {m for m, r in ROW_OF_METRIC.items() if r in quick}
    assert len(expected) == len(quick)
    assert set(printed) == expected, set(printed) ^ expected
    wrong = [(m, printed[m]["target"], doc[m]["target"]) for m in expected
             if printed[m]["target"] != doc[m]["target"]]
    assert not wrong, wrong
    missed = [m for m, r in printed.items() if r["status"].lower() == "missed"]
    assert p.returncode == (1 if missed else 0), (p.returncode, missed, out)
