"""Contract cases for `scenery validate` given several paths at once, written from the
documentation's words alone.

Written from docs/cli.md "scenery validate" (`scenery validate PATH... [--format text|json]
[--strict]`: apps and scene files, a scene inside an app checked with its app around it, a
scene outside any app checked alone; findings on standard error then a summary line, exit 1
on errors; a clean result, `no problems found`, on standard output, exit 0; `--format json`
a JSON array on standard output; `--strict` makes warnings fail), docs/cli.md's opening
section (exit codes 0/1/2, a usage mistake named with a did-you-mean) and "Output, colour and
terminal safety" (results to standard output, problems to standard error), docs/manifest.md
"Diagnostics" (findings "printed file by file, each file's in order"; W001, E100), and
docs/performance.md "Validation", the paragraph "**2026-11-30**" (the command keeps its
report until it exits rather than freeing it; nothing else about its output changes) with
the "validate, per scene" bullet and the late-2026-11-29 paragraph's "the 900 findings, one
for each unreachable copy" of the 909-scene app. Samples: Scenes/Shop (documented clean),
Scenes/Orders (clean in cli.md's example) and Scenes/Broken with its findings.txt (README:
`scenery validate Scenes/Broken` "prints exactly findings.txt and exits 1").

docs/cli.md "scenery validate" now has a paragraph on several paths, and the cases follow it
exactly: "Several paths are checked in the order given, each as it would be alone: their
findings one path after another, then one summary line for them all (one JSON array with
`--format json`). When every path is clean, one line names them all" (the example
`scenery validate Scenes/Shop Scenes/Orders` → `Scenes/Shop, Scenes/Orders: no problems
found`, run here from a copy of the repo's Scenes); "A path that names nothing is a finding,
not a usage mistake: `PATH:1:1: error[E100]: no such file or folder 'PATH'`, exit code 1. A
path given twice is checked twice." So each path's block is what that path gives alone less
its summary, the blocks in the order of the paths (a path given twice twice, a missing path
its E100 line in its place), then one summary counting them all; in JSON one array, each
path's objects in the same order; and all clean, exactly one line on standard output naming
every path given, in order, joined by ", ".

No source code or tests of Scenery were read; only README.md, docs/, Scenes/ and the style
of the other files here. Still silent, and not asserted: what a clean path prints beside a
path with findings (beyond no finding on standard output), whether a scene inside an app
also shows its app.json's findings, and whether `--format json` adds a summary on standard
error.
"""
# checks: docs/cli.md#scenery-validate
# checks: docs/cli.md#the-command-line
# checks: docs/cli.md#output-colour-and-terminal-safety
# checks: docs/manifest.md#diagnostics
# checks: docs/performance.md#validation
import json
import os
import pathlib
import re
import shutil
import subprocess
from collections import Counter

import pytest

SCENERY = os.environ.get("SCENERY", "scenery")
REPO = pathlib.Path(__file__).resolve().parents[2]
SHOP = REPO / "Scenes" / "Shop"
BROKEN = REPO / "Scenes" / "Broken"
FINDINGS_TXT = (BROKEN / "findings.txt").read_text(encoding="utf-8")

FINDING = re.compile(
    r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning)\[(?P<code>[EW]\d{3})\]: (?P<msg>.*)$"
)
SUMMARY = re.compile(r"^(\d+) errors?, (\d+) warnings?$")

# docs/cli.md "scenery validate", the Cart.json example, as the doc writes it.
CART_JSON = '{"formatVersion": 1, "scene": "Cart", "useCases": {"load": {"interactr": []}}}\n'
CART_OUT = (
    "Cart.json:1:61: error[E201]: unknown key 'interactr' in use case 'load'\n"
    "  hint: did you mean 'interactor'?\n"
    "1 error, 0 warnings\n"
)


def plain_env():
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["TERM"] = "xterm-256color"
    return env


def validate(*args, cwd):
    return subprocess.run([SCENERY, "validate", *map(str, args)], capture_output=True,
                          cwd=cwd, env=plain_env(), timeout=120)


def text(b):
    return b.decode("utf-8")


def copy_app(src, dest):
    shutil.copytree(src, dest)
    return dest


def write_cart(folder):
    (folder / "Cart.json").write_text(CART_JSON)
    return folder / "Cart.json"


def write_warn_app(root):
    """An app whose entry is Home and a scene 'Lone' nothing routes to: one W001."""
    (root / "scenes").mkdir(parents=True)
    (root / "app.json").write_text(json.dumps({"formatVersion": 1, "name": "Warn", "entry": "Home"}))
    for name in ("Home", "Lone"):
        (root / "scenes" / f"{name}.json").write_text(json.dumps({
            "formatVersion": 1, "scene": name, "view": [{"type": "header", "text": name}]}))
    return root


def findings_of(err):
    """[(finding line, hint line or None)] and [summary lines]; fails on any other line."""
    assert err.endswith("\n"), f"standard error does not end with a newline: {err[-200:]!r}"
    out, summaries = [], []
    for ln in err[:-1].split("\n"):
        if ln.startswith("  hint: "):
            assert out and out[-1][1] is None, f"hint line not right after a finding: {ln!r}"
            out[-1] = (out[-1][0], ln)
        elif SUMMARY.match(ln):
            summaries.append(ln)
        else:
            assert FINDING.match(ln), f"line is neither a finding, a hint nor a summary: {ln!r}"
            out.append((ln, None))
    return out, summaries


def by_file(findings):
    """{path: [findings in the order printed]}, failing unless each file's are together
    (manifest.md: "printed file by file, each file's in order")."""
    groups, order = {}, []
    for f in findings:
        path = FINDING.match(f[0])["path"]
        if order and order[-1] != path:
            assert path not in groups, f"{path}'s findings are not together"
        if path not in groups:
            order.append(path)
            groups[path] = []
        groups[path].append(f)
    return groups


def split_findings_txt(prefix):
    """findings.txt's findings and hints, its paths under `prefix` rather than Scenes/Broken."""
    out, _ = findings_of(FINDINGS_TXT.replace("Scenes/Broken", prefix))
    return out


def block(p):
    """What a path gives alone, less its summary line: its block in a run of several."""
    err = text(p.stderr)
    lines = err.splitlines(keepends=True)
    assert lines and SUMMARY.match(lines[-1].rstrip("\n")), err[-500:]
    return "".join(lines[:-1])


BROKEN_BLOCK = FINDINGS_TXT[:FINDINGS_TXT.rindex("7 errors, 0 warnings\n")]
CART_BLOCK = CART_OUT[:CART_OUT.rindex("1 error, 0 warnings\n")]


def e100(path):
    """cli.md: "`PATH:1:1: error[E100]: no such file or folder 'PATH'`"."""
    return f"{path}:1:1: error[E100]: no such file or folder '{path}'\n"


def no_findings_on_stdout(p):
    for ln in text(p.stdout).splitlines():
        assert not FINDING.match(ln), f"a finding on standard output: {ln!r}"


# ------------------------------------------------------------------ clean paths

# checks: docs/cli.md#scenery-validate
def test_two_clean_apps_exit_0_and_nothing_on_stderr(tmp_path):
    """ "A clean result (`no problems found`) goes to standard output, exit code 0." and
    "When every path is clean, one line names them all": `Shop, Shop2: no problems found`."""
    copy_app(SHOP, tmp_path / "Shop")
    copy_app(SHOP, tmp_path / "Shop2")
    p = validate("Shop", "Shop2", cwd=tmp_path)
    assert p.returncode == 0, text(p.stderr)
    assert p.stderr == b""
    assert text(p.stdout) == "Shop, Shop2: no problems found\n"


# checks: docs/cli.md#scenery-validate
@pytest.mark.parametrize("args", [
    ("Scenes/Shop", "Scenes/Orders"),
    ("Scenes/Orders", "Scenes/Shop"),
    ("Scenes/Shop/scenes/Catalog.json", "Scenes/Orders", "Scenes/Shop"),
], ids=["doc-example", "reversed", "scene-and-two-apps"])
def test_doc_example_every_path_clean_one_line_names_them_all(tmp_path, args):
    """The doc's own example, run from a copy of the repo's Scenes:
    `$ scenery validate Scenes/Shop Scenes/Orders` → `Scenes/Shop, Scenes/Orders: no
    problems found`; "checked in the order given", so reversed the line names them reversed;
    a clean scene inside the clean Shop is named as given, beside two apps."""
    shutil.copytree(REPO / "Scenes", tmp_path / "Scenes")
    p = validate(*args, cwd=tmp_path)
    assert p.returncode == 0, (text(p.stdout), text(p.stderr))
    assert p.stderr == b""
    assert text(p.stdout) == ", ".join(args) + ": no problems found\n"


# checks: docs/cli.md#scenery-validate
def test_json_with_several_clean_paths_is_an_empty_array(tmp_path):
    """ "`--format json`: ... a JSON array on standard output, one object per finding" —
    no finding, an empty array, exit 0."""
    copy_app(SHOP, tmp_path / "Shop")
    write_warn_app(tmp_path / "Warn")
    (tmp_path / "Warn" / "scenes" / "Lone.json").unlink()  # now clean: Home alone
    p = validate("Shop", "Warn", "--format", "json", cwd=tmp_path)
    assert p.returncode == 0, text(p.stderr)
    assert json.loads(text(p.stdout)) == []


# ------------------------------------------------------------------ a clean path and one with findings

# checks: docs/cli.md#scenery-validate
# checks: docs/cli.md#output-colour-and-terminal-safety
@pytest.mark.parametrize("order", [("Scenes/Shop", "Scenes/Broken"), ("Scenes/Broken", "Scenes/Shop")],
                         ids=["clean-first", "clean-last"])
def test_clean_app_beside_broken_app_gives_broken_findings_exactly_and_exit_1(order):
    """The clean app adds no finding, so standard error is Broken's, as findings.txt has
    them; "exit code 1 when there are errors" whichever path comes last."""
    p = validate(*order, cwd=REPO)
    assert p.returncode == 1
    assert text(p.stderr) == FINDINGS_TXT
    no_findings_on_stdout(p)


# checks: docs/cli.md#scenery-validate
@pytest.mark.parametrize("first_app", [True, False], ids=["app-first", "scene-first"])
def test_app_folder_and_a_lone_scene_file(tmp_path, first_app):
    """The doc's Cart.json, checked alone, beside the clean Shop: its finding, hint and
    summary as the doc prints them, and exit 1."""
    copy_app(SHOP, tmp_path / "Shop")
    write_cart(tmp_path)
    args = ("Shop", "Cart.json") if first_app else ("Cart.json", "Shop")
    p = validate(*args, cwd=tmp_path)
    assert p.returncode == 1
    assert text(p.stderr) == CART_OUT
    no_findings_on_stdout(p)


# checks: docs/cli.md#scenery-validate
# checks: docs/manifest.md#diagnostics
@pytest.mark.parametrize("broken_first", [True, False], ids=["broken-first", "shop-first"])
def test_scenes_inside_two_apps_each_checked_with_its_own_app(broken_first):
    """ "A scene inside an app is checked with its app around it": Broken's Catalog.json
    gives the findings findings.txt has for that file, did-you-means drawn from its app
    (`'products'`, `'Product'`) and all; the Shop's Catalog.json, checked with the clean
    Shop around it, adds none. Whether app.json's own finding shows is not said."""
    shop_scene, broken_scene = "Scenes/Shop/scenes/Catalog.json", "Scenes/Broken/scenes/Catalog.json"
    args = (broken_scene, shop_scene) if broken_first else (shop_scene, broken_scene)
    p = validate(*args, cwd=REPO)
    assert p.returncode == 1
    no_findings_on_stdout(p)
    err = text(p.stderr)
    findings, summaries = findings_of(err)
    groups = by_file(findings)
    assert shop_scene not in groups, groups.get(shop_scene)
    assert all(k.startswith("Scenes/Broken/") for k in groups), list(groups)
    assert groups[broken_scene] == by_file(split_findings_txt("Scenes/Broken"))[broken_scene]
    # "then one summary line for them all"
    assert len(summaries) == 1 and SUMMARY.match(err.splitlines()[-1]), summaries


# ------------------------------------------------------------------ several paths with findings

# checks: docs/cli.md#scenery-validate
# checks: docs/manifest.md#diagnostics
@pytest.mark.parametrize("broken_first", [True, False], ids=["broken-first", "cart-first"])
def test_two_paths_with_findings_file_by_file_then_one_summary(tmp_path, broken_first):
    """ "Several paths are checked in the order given, each as it would be alone: their
    findings one path after another, then one summary line for them all": Broken's 7
    errors as findings.txt has them and Cart.json's 1 as the doc prints it, in the order
    the paths are given, then `8 errors, 0 warnings`."""
    copy_app(BROKEN, tmp_path / "Broken")
    write_cart(tmp_path)
    broken = FINDINGS_TXT.replace("Scenes/Broken", "Broken")
    broken_block = broken[:broken.rindex("7 errors, 0 warnings\n")]
    args, blocks = (("Broken", "Cart.json"), [broken_block, CART_BLOCK]) if broken_first \
        else (("Cart.json", "Broken"), [CART_BLOCK, broken_block])
    p = validate(*args, cwd=tmp_path)
    assert p.returncode == 1
    no_findings_on_stdout(p)
    err = text(p.stderr)
    findings, summaries = findings_of(err)
    assert summaries == ["8 errors, 0 warnings"], summaries
    assert err == "".join(blocks) + "8 errors, 0 warnings\n"


# checks: docs/cli.md#scenery-validate
# checks: docs/manifest.md#diagnostics
@pytest.mark.parametrize("order", [
    ("Broken", "Cart.json", "Warn"), ("Broken", "Warn", "Cart.json"),
    ("Cart.json", "Broken", "Warn"), ("Cart.json", "Warn", "Broken"),
    ("Warn", "Broken", "Cart.json"), ("Warn", "Cart.json", "Broken"),
], ids=lambda o: "-".join(x.split(".")[0] for x in o))
def test_findings_follow_the_order_of_the_paths(tmp_path, order):
    """ "checked in the order given, each as it would be alone: their findings one path
    after another, then one summary line for them all (one JSON array with `--format
    json`)": three paths with findings (Broken's 7 errors, Cart.json's error, Warn's W001)
    in every order; each block is exactly what its path prints alone less the summary, the
    blocks in the order given, then `8 errors, 1 warning`; in JSON one array, each path's
    objects as it gives them alone, in the order given."""
    copy_app(BROKEN, tmp_path / "Broken")
    write_cart(tmp_path)
    write_warn_app(tmp_path / "Warn")
    alone = {path: validate(path, cwd=tmp_path) for path in order}
    assert alone["Broken"].returncode == 1 and alone["Cart.json"].returncode == 1
    assert alone["Warn"].returncode == 0
    assert block(alone["Cart.json"]) == CART_BLOCK
    p = validate(*order, cwd=tmp_path)
    assert p.returncode == 1
    no_findings_on_stdout(p)
    err = text(p.stderr)
    assert err == "".join(block(alone[path]) for path in order) + "8 errors, 1 warning\n"
    findings, summaries = findings_of(err)
    assert summaries == ["8 errors, 1 warning"]

    alone_json = {path: json.loads(text(validate(path, "--format", "json", cwd=tmp_path).stdout))
                  for path in order}
    j = validate(*order, "--format", "json", cwd=tmp_path)
    assert j.returncode == 1
    records = json.loads(text(j.stdout))
    assert isinstance(records, list)
    assert records == [r for path in order for r in alone_json[path]]


# checks: docs/cli.md#scenery-validate
@pytest.mark.parametrize("order", [("Broken", "Cart.json"), ("Cart.json", "Broken")],
                         ids=["broken-first", "cart-first"])
def test_json_with_several_paths_is_one_array_of_every_finding(tmp_path, order):
    """ "`--format json`: findings ... a JSON array on standard output, one object per
    finding", and for several paths "one JSON array": one array for the run (standard
    output is one JSON value), each path's objects as it gives them alone, in the order the
    paths are given."""
    copy_app(BROKEN, tmp_path / "Broken")
    write_cart(tmp_path)
    alone = []
    for path in order:
        q = validate(path, "--format", "json", cwd=tmp_path)
        assert q.returncode == 1
        alone += json.loads(text(q.stdout))
    p = validate(*order, "--format", "json", cwd=tmp_path)
    assert p.returncode == 1
    records = json.loads(text(p.stdout))
    assert isinstance(records, list) and len(records) == 8 == len(alone)
    assert records == alone
    for r in records:
        assert set(r) >= {"severity", "code", "message", "file", "line", "column", "pointer", "hint"}
    # "findings as text on standard error (default), or a JSON array on standard output"
    for ln in text(p.stderr).splitlines():
        assert not FINDING.match(ln), f"a text finding on standard error under --format json: {ln!r}"


# checks: docs/cli.md#scenery-validate
# checks: docs/manifest.md#diagnostics
def test_strict_after_several_paths_makes_a_warning_fail(tmp_path):
    """ "`--strict`: warnings fail too (exit 1)", written after the paths as the synopsis
    has it; the clean Shop beside an app with one W001."""
    copy_app(SHOP, tmp_path / "Shop")
    write_warn_app(tmp_path / "Warn")
    loose = validate("Shop", "Warn", cwd=tmp_path)
    strict = validate("Shop", "Warn", "--strict", cwd=tmp_path)
    assert loose.returncode == 0, text(loose.stderr)
    assert strict.returncode == 1
    findings, summaries = findings_of(text(loose.stderr))
    assert [FINDING.match(f)["code"] for f, _ in findings] == ["W001"]
    assert FINDING.match(findings[0][0])["path"] == "Warn/scenes/Lone.json"
    assert summaries == ["0 errors, 1 warning"]
    assert strict.stderr == loose.stderr


# ------------------------------------------------------------------ the same path twice, a missing path

# checks: docs/cli.md#scenery-validate
def test_same_path_twice(tmp_path):
    """ "A path given twice is checked twice": Broken twice is findings.txt's findings twice
    and `14 errors, 0 warnings`; in JSON its 7 objects twice. The clean Shop twice stays
    clean, its one line naming every path given: `Scenes/Shop, Scenes/Shop: no problems
    found`."""
    p = validate("Scenes/Broken", "Scenes/Broken", cwd=REPO)
    assert p.returncode == 1
    no_findings_on_stdout(p)
    assert text(p.stderr) == BROKEN_BLOCK * 2 + "14 errors, 0 warnings\n"

    alone = json.loads(text(validate("Scenes/Broken", "--format", "json", cwd=REPO).stdout))
    j = validate("Scenes/Broken", "Scenes/Broken", "--format", "json", cwd=REPO)
    assert j.returncode == 1
    assert json.loads(text(j.stdout)) == alone * 2

    q = validate("Scenes/Shop", "Scenes/Shop", cwd=REPO)
    assert q.returncode == 0, text(q.stderr)
    assert q.stderr == b""
    assert text(q.stdout) == "Scenes/Shop, Scenes/Shop: no problems found\n"


# checks: docs/cli.md#scenery-validate
def test_same_path_twice_with_another_between(tmp_path):
    """ "checked in the order given" and "A path given twice is checked twice": Broken,
    Cart.json, Broken gives Broken's block, Cart.json's, Broken's again, then `15 errors, 0
    warnings`."""
    copy_app(BROKEN, tmp_path / "Broken")
    write_cart(tmp_path)
    broken = block(validate("Broken", cwd=tmp_path))
    assert broken == BROKEN_BLOCK.replace("Scenes/Broken", "Broken")
    p = validate("Broken", "Cart.json", "Broken", cwd=tmp_path)
    assert p.returncode == 1
    assert text(p.stderr) == broken + CART_BLOCK + broken + "15 errors, 0 warnings\n"


# checks: docs/cli.md#scenery-validate
# checks: docs/cli.md#the-command-line
# checks: docs/manifest.md#diagnostics
@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_a_missing_path_among_clean_ones_is_not_success(tmp_path, where):
    """ "A path that names nothing is a finding, not a usage mistake: `PATH:1:1:
    error[E100]: no such file or folder 'PATH'`, exit code 1", wherever it stands: beside
    two clean apps (which add no finding) standard error is that finding and `1 error, 0
    warnings`, exit 1."""
    copy_app(SHOP, tmp_path / "Shop")
    copy_app(SHOP, tmp_path / "Shop2")
    args = {"first": ["Nowhere", "Shop", "Shop2"], "middle": ["Shop", "Nowhere", "Shop2"],
            "last": ["Shop", "Shop2", "Nowhere"]}[where]
    p = validate(*args, cwd=tmp_path)
    assert p.returncode == 1, (p.returncode, text(p.stdout), text(p.stderr))
    assert text(p.stderr) == e100("Nowhere") + "1 error, 0 warnings\n"
    no_findings_on_stdout(p)


# checks: docs/cli.md#scenery-validate
# checks: docs/manifest.md#diagnostics
@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_a_missing_path_among_paths_with_findings_stands_in_its_place(tmp_path, where):
    """The missing path's E100 is its block, in the order given, among Broken's and
    Cart.json's findings, counted in the one summary: `9 errors, 0 warnings`, exit 1."""
    copy_app(BROKEN, tmp_path / "Broken")
    write_cart(tmp_path)
    missing = "gone/Cart.json"
    broken = BROKEN_BLOCK.replace("Scenes/Broken", "Broken")
    args, blocks = {
        "first": ([missing, "Broken", "Cart.json"], [e100(missing), broken, CART_BLOCK]),
        "middle": (["Broken", missing, "Cart.json"], [broken, e100(missing), CART_BLOCK]),
        "last": (["Broken", "Cart.json", missing], [broken, CART_BLOCK, e100(missing)]),
    }[where]
    p = validate(*args, cwd=tmp_path)
    assert p.returncode == 1, (p.returncode, text(p.stdout), text(p.stderr))
    assert text(p.stderr) == "".join(blocks) + "9 errors, 0 warnings\n"
    no_findings_on_stdout(p)


# checks: docs/cli.md#scenery-validate
# checks: docs/cli.md#the-command-line
def test_a_missing_path_is_a_finding_in_json_and_twice_when_given_twice(tmp_path):
    """Not a usage mistake (exit 1, not 2): under `--format json` the E100 is one object of
    the one array, its `file` the path, `line` and `column` 1, its message as the doc
    prints it; given twice, it is checked twice: two E100 lines, `2 errors, 0 warnings`."""
    copy_app(SHOP, tmp_path / "Shop")
    j = validate("Shop", "Nowhere", "--format", "json", cwd=tmp_path)
    assert j.returncode == 1, (j.returncode, text(j.stdout), text(j.stderr))
    records = json.loads(text(j.stdout))
    assert isinstance(records, list) and len(records) == 1, records
    r = records[0]
    assert set(r) >= {"severity", "code", "message", "file", "line", "column", "pointer", "hint"}
    assert (r["severity"], r["code"], r["message"], r["file"], r["line"], r["column"]) == (
        "error", "E100", "no such file or folder 'Nowhere'", "Nowhere", 1, 1)

    p = validate("Nowhere", "Shop", "Nowhere", cwd=tmp_path)
    assert p.returncode == 1, (p.returncode, text(p.stdout), text(p.stderr))
    assert text(p.stderr) == e100("Nowhere") * 2 + "2 errors, 0 warnings\n"


# checks: docs/cli.md#the-command-line
@pytest.mark.parametrize("args,shown", [
    (["Scenes/Shop", "Scenes/Broken", "--stict"], ["error: unknown option '--stict'", "did you mean '--strict'?"]),
    (["Scenes/Shop", "Scenes/Broken", "--formt", "json"], ["error: unknown option '--formt'", "did you mean '--format'?"]),
    (["Scenes/Shop", "Scenes/Broken", "--format", "xml"], ["text", "json"]),
    ([], []),
], ids=["strict-misspelt", "format-misspelt", "format-value", "no-path"])
def test_usage_mistakes_exit_2(args, shown):
    """ "Exit codes everywhere: ... 2 usage. A usage mistake names the valid choices, with a
    did-you-mean" (usage errors go to standard error); `PATH...` takes at least one path."""
    p = validate(*args, cwd=REPO)
    assert p.returncode == 2, (p.returncode, text(p.stdout), text(p.stderr))
    err = text(p.stderr)
    for s in shown:
        assert s in err, err
    assert "no problems found" not in text(p.stdout)


# ------------------------------------------------------------------ the 909-scene app (performance.md)

@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """ "The Shop and 900 copies of its catalog, each renamed, as the row validates." """
    root = tmp_path_factory.mktemp("row")
    app = copy_app(SHOP, root / "big")
    shutil.rmtree(app / "tests")
    catalog = (SHOP / "scenes" / "Catalog.json").read_text(encoding="utf-8")
    assert '"scene": "Catalog"' in catalog
    for i in range(900):
        (app / "scenes" / f"Catalog{i}.json").write_text(
            catalog.replace('"scene": "Catalog"', f'"scene": "Catalog{i}"'), encoding="utf-8")
    return root


# checks: docs/performance.md#validation
# checks: docs/cli.md#scenery-validate
def test_909_scene_app_prints_900_warnings_one_per_copy_and_exits_0(big):
    """ "`scenery validate` on the command line, which also prints the 900 findings, one for
    each unreachable copy"; the 2026-11-30 change keeps the report until exit and changes
    nothing printed: exit 0 (warnings only), every finding and the summary, the same twice."""
    p = validate("big", cwd=big)
    assert p.returncode == 0, text(p.stderr)[-2000:]
    assert p.stdout == b"", "a result with warnings is not 'no problems found'"
    err = text(p.stderr)
    findings, summaries = findings_of(err)
    assert summaries == ["0 errors, 900 warnings"]
    assert err.endswith("\n0 errors, 900 warnings\n")
    assert len(findings) == 900
    paths = Counter()
    for line, hint in findings:
        m = FINDING.match(line)
        assert (m["sev"], m["code"]) == ("warning", "W001"), line
        paths[m["path"]] += 1
    assert paths == Counter(f"big/scenes/Catalog{i}.json" for i in range(900))
    again = validate("big", cwd=big)
    assert (again.returncode, again.stdout, again.stderr) == (p.returncode, p.stdout, p.stderr)


# checks: docs/performance.md#validation
# checks: docs/cli.md#scenery-validate
def test_909_scene_app_beside_broken_keeps_every_finding(big):
    """Several reports kept until exit: the 909-scene app's 900 warnings and Broken's 7
    errors all printed, exit 1; under `--format json`, 907 objects. cli.md's several-paths
    paragraph: the app's block as it prints alone, then Broken's, then `7 errors, 900
    warnings`; the JSON array in the same order."""
    if not (big / "Broken").exists():
        copy_app(BROKEN, big / "Broken")
    p = validate("big", "Broken", cwd=big)
    assert p.returncode == 1
    no_findings_on_stdout(p)
    err = text(p.stderr)
    findings, summaries = findings_of(err)
    groups = by_file(findings)
    assert sum(len(v) for k, v in groups.items() if k.startswith("big/")) == 900
    broken = {k: v for k, v in groups.items() if k.startswith("Broken/")}
    assert broken == by_file(split_findings_txt("Broken"))
    assert SUMMARY.match(err.splitlines()[-1])
    # cli.md: "in the order given, each as it would be alone ... then one summary line"
    big_block = block(validate("big", cwd=big))
    assert err == big_block + BROKEN_BLOCK.replace("Scenes/Broken", "Broken") \
        + "7 errors, 900 warnings\n"
    assert summaries == ["7 errors, 900 warnings"]

    j = validate("big", "Broken", "--format", "json", cwd=big)
    assert j.returncode == 1
    records = json.loads(text(j.stdout))
    assert Counter(r["severity"] for r in records) == Counter({"warning": 900, "error": 7})
    assert records == json.loads(text(validate("big", "--format", "json", cwd=big).stdout)) \
        + json.loads(text(validate("Broken", "--format", "json", cwd=big).stdout))
