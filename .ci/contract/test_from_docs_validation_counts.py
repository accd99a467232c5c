"""Contract cases for docs/performance.md "Validation", the paragraphs "Night of 2026-11-29",
"Tried and not kept, again" and "How a part is counted alone" with its ```sh block.

Written from the documentation's words alone (docs/performance.md, docs/cli.md "scenery
validate" for the summary line and exit codes, and the Scenes/Shop sample the recipe
copies). No source code or tests of Scenery were read.

Nothing here times anything or asserts an instruction count: the paragraphs' figures are
measurements. What is checked is what a user can see from the words: the row's app the
recipe writes ("the 909-scene app", and "the 90-scene app" with `seq 0 80`, "÷ 819"), that
`scenery validate` takes it without errors, the counts the paragraph gives for the catalog
scene that can be read from the file ("their 12 steps", "the templates' 29 expressions"),
and that the counting recipe prints a `PROGRAM TOTALS` line.
"""
# checks: docs/performance.md#validation
# checks: docs/cli.md#scenery-validate
import json
import os
import pathlib
import re
import shutil
import subprocess

import pytest

SCENERY = os.environ.get("SCENERY", "scenery")
SCENERY_RELEASE = os.environ.get("SCENERY_RELEASE")
REPO = pathlib.Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "performance.md"
CATALOG = REPO / "Scenes" / "Shop" / "scenes" / "Catalog.json"

# docs/cli.md "scenery validate": "... then a summary line; exit code 1 when there are
# errors. A clean result (`no problems found`) goes to standard output, exit code 0."
SUMMARY = re.compile(r"^(\d+) errors?, (\d+) warnings?$")
FINDING = re.compile(r"^.+?:\d+:\d+: (error|warning)\[[EW]\d{3}\]: .*$")


# ------------------------------------------------------------------ the doc's recipe

def recipe_block():
    """The ```sh block after "How a part is counted alone", as the doc writes it."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index("How a part is counted alone")
    fence = text.index("```sh\n", start) + len("```sh\n")
    end = text.index("```", fence)
    return text[fence:end]


def app_lines(block):
    """The block's lines that write the row's app (up to the loop's `done`)."""
    lines = block.splitlines()
    done = next(i for i, l in enumerate(lines) if l.strip() == "done")
    return "\n".join(lines[: done + 1]) + "\n"


def write_row_app(dest, last=899):
    """Runs the doc's loop with bash from the repo root, /tmp/big replaced by dest."""
    script = app_lines(recipe_block())
    assert "/tmp/big" in script and "seq 0 899" in script, script
    script = script.replace("/tmp/big", str(dest))
    if last != 899:
        # "The same with `seq 0 80` gives the 90-scene app"
        script = script.replace("seq 0 899", f"seq 0 {last}")
    p = subprocess.run(["bash", "-e", "-c", script], cwd=REPO,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return dest


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    return write_row_app(tmp_path_factory.mktemp("row") / "big")


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    return write_row_app(tmp_path_factory.mktemp("row90") / "big", last=80)


def scene_files(app):
    return sorted((app / "scenes").glob("*.json"))


def validate(app, *args):
    env = {k: v for k, v in os.environ.items() if k != "FORCE_COLOR"}
    return subprocess.run([SCENERY, "validate", str(app), *args],
                          capture_output=True, text=True, env=env, timeout=120)


def assert_no_errors(p):
    """No errors as docs/cli.md describes validate's output: exit 0, and either
    `no problems found` on standard output or a summary line with 0 errors."""
    out = p.stdout + p.stderr
    assert p.returncode == 0, out[-2000:]
    errors = [l for l in p.stderr.splitlines() if FINDING.match(l) and " error[" in l]
    assert errors == [], errors[:5]
    lines = p.stderr.strip().splitlines()
    if lines:
        m = SUMMARY.match(lines[-1])
        assert m, f"no summary line last on standard error: {lines[-1]!r}"
        assert int(m.group(1)) == 0, lines[-1]
    else:
        assert "no problems found" in p.stdout, p.stdout


# ------------------------------------------------------------------ the 909-scene app

# checks: docs/performance.md#validation
def test_row_app_has_909_scenes(big):
    """ "the 909-scene app": the Shop's scenes and 900 copies of its catalog."""
    files = scene_files(big)
    assert len(files) == 909, [f.name for f in files][:20]
    shop = {f.name for f in (REPO / "Scenes" / "Shop" / "scenes").glob("*.json")}
    copies = {f"Catalog{i}.json" for i in range(900)}
    assert {f.name for f in files} == shop | copies


# checks: docs/performance.md#validation
def test_row_app_has_no_tests_folder(big):
    """ "cp -R Scenes/Shop/. /tmp/big && rm -rf /tmp/big/tests" """
    assert not (big / "tests").exists()
    assert (big / "app.json").is_file()


# checks: docs/performance.md#validation
def test_row_app_copies_are_the_catalog_renamed(big):
    """ "900 copies of its catalog, each renamed": Catalog<i> is the catalog scene with its
    scene name, and nothing else, changed."""
    original = json.loads(CATALOG.read_text(encoding="utf-8"))
    assert original["scene"] == "Catalog"
    for i in (0, 1, 450, 899):
        copy = json.loads((big / "scenes" / f"Catalog{i}.json").read_text(encoding="utf-8"))
        assert copy["scene"] == f"Catalog{i}"
        assert {k: v for k, v in copy.items() if k != "scene"} == \
               {k: v for k, v in original.items() if k != "scene"}


# checks: docs/performance.md#validation
# checks: docs/cli.md#scenery-validate
def test_row_app_validates_without_errors(big):
    """The row validates the 909-scene app: no errors (exit 0, summary with 0 errors)."""
    assert_no_errors(validate(big))


# checks: docs/performance.md#validation
# checks: docs/cli.md#scenery-validate
def test_row_app_json_findings_hold_no_error(big):
    """The same through `--format json`: a JSON array on standard output, no error in it."""
    p = validate(big, "--format", "json")
    assert p.returncode == 0, p.stderr[-2000:]
    findings = json.loads(p.stdout)
    assert isinstance(findings, list)
    assert [f for f in findings if f.get("severity") == "error"] == []


# ------------------------------------------------------------------ the 90-scene app

# checks: docs/performance.md#validation
def test_seq_0_80_gives_the_90_scene_app(small, big):
    """ "The same with `seq 0 80` gives the 90-scene app; the difference of the two
    totals, ÷ 819" — 909 less 90 scenes is 819."""
    files = scene_files(small)
    assert len(files) == 90
    assert {f"Catalog{i}.json" for i in range(81)} <= {f.name for f in files}
    assert not (small / "scenes" / "Catalog81.json").exists()
    assert len(scene_files(big)) - len(files) == 819


# checks: docs/performance.md#validation
# checks: docs/cli.md#scenery-validate
def test_90_scene_app_validates_without_errors(small):
    assert_no_errors(validate(small))


# ------------------------------------------------------------------ the catalog scene

def catalog():
    return json.loads(CATALOG.read_text(encoding="utf-8"))


# checks: docs/performance.md#validation
def test_catalog_use_cases_have_12_steps():
    """ "the use cases 336 k (their 12 steps 206 k)" """
    use_cases = catalog()["useCases"]
    in_interactors = sum(len(uc.get("interactor", [])) for uc in use_cases.values())
    assert in_interactors == 12

    def typed(x):  # any step nested anywhere in the use cases (handlers' steps too)
        if isinstance(x, dict):
            return ("type" in x) + sum(typed(v) for v in x.values())
        if isinstance(x, list):
            return sum(typed(v) for v in x)
        return 0
    assert typed(use_cases) == 12


# checks: docs/performance.md#validation
def test_catalog_has_29_expressions():
    """ "parsing the templates' 29 expressions" """
    assert CATALOG.read_text(encoding="utf-8").count("@{") == 29


# ------------------------------------------------------------------ counting a part

# checks: docs/performance.md#validation
def test_counting_recipe_prints_program_totals(big, tmp_path):
    """ "callgrind collecting only under the part's function (its mangled name from
    `nm`)": the block, as written, ends with a `PROGRAM TOTALS` line."""
    for tool in ("valgrind", "callgrind_annotate", "nm", "awk"):
        if not shutil.which(tool):
            pytest.skip(f"{tool} is not installed")
    if not SCENERY_RELEASE or not os.path.isfile(SCENERY_RELEASE):
        pytest.skip("SCENERY_RELEASE does not point to a release scenery binary")
    block = recipe_block()
    lines = block.splitlines()
    done = next(i for i, l in enumerate(lines) if l.strip() == "done")
    rest = [l for l in lines[done + 1:] if not l.startswith("swift build")]
    assert any("callgrind_annotate" in l and "PROGRAM TOTALS" in l for l in rest), rest
    script = "\n".join(rest) + "\n"
    script = (script.replace(".build/release/scenery", SCENERY_RELEASE)
                    .replace("/tmp/part.out", str(tmp_path / "part.out"))
                    .replace("/tmp/big", str(big)))
    script = script.replace(
        "head -1)", 'head -1)\necho "part=$part" >&2')
    p = subprocess.run(["bash", "-c", script], cwd=tmp_path,
                       capture_output=True, text=True, timeout=300)
    part = re.search(r"^part=(.*)$", p.stderr, re.M)
    assert part and part.group(1).strip(), \
        f"nm gave no name matching the doc's pattern:\n{p.stderr[-2000:]}"
    assert re.search(r"^\s*[\d,]+ .*PROGRAM TOTALS", p.stdout, re.M), \
        (p.stdout[-2000:], p.stderr[-2000:])
