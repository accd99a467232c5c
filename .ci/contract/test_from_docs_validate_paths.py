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
for each unreachable copy" of the 909-scene app. Samples: Scenes/Shop (documented clean) and
Scenes/Broken with its findings.txt.

No source code or tests of Scenery were read; only README.md, docs/, Scenes/ and the style
of the other files here. Where the docs are silent (the order of the paths' blocks, whether
a path given twice is checked twice, what a clean path prints beside a path with findings,
how a missing path is reported) nothing is asserted beyond what every reading shares.
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


def no_findings_on_stdout(p):
    for ln in text(p.stdout).splitlines():
        assert not FINDING.match(ln), f"a finding on standard output: {ln!r}"


# ------------------------------------------------------------------ clean paths

# checks: docs/cli.md#scenery-validate
def test_two_clean_apps_exit_0_and_nothing_on_stderr(tmp_path):
    """ "A clean result (`no problems found`) goes to standard output, exit code 0." """
    copy_app(SHOP, tmp_path / "Shop")
    copy_app(SHOP, tmp_path / "Shop2")
    p = validate("Shop", "Shop2", cwd=tmp_path)
    assert p.returncode == 0, text(p.stderr)
    assert p.stderr == b""
    lines = text(p.stdout).splitlines()
    assert lines, "nothing on standard output for a clean result"
    assert all(ln.endswith("no problems found") for ln in lines), lines


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
    assert summaries and SUMMARY.match(err.splitlines()[-1])


# ------------------------------------------------------------------ several paths with findings

# checks: docs/cli.md#scenery-validate
# checks: docs/manifest.md#diagnostics
def test_two_paths_with_findings_file_by_file_then_one_summary(tmp_path):
    """ "Findings go to standard error ... in file order, then a summary line": Broken's 7
    errors and Cart.json's 1, each file's findings together and in its own order, then one
    summary line that counts them all."""
    copy_app(BROKEN, tmp_path / "Broken")
    write_cart(tmp_path)
    p = validate("Broken", "Cart.json", cwd=tmp_path)
    assert p.returncode == 1
    no_findings_on_stdout(p)
    err = text(p.stderr)
    findings, summaries = findings_of(err)
    groups = by_file(findings)
    expected = by_file(split_findings_txt("Broken") + [(
        "Cart.json:1:61: error[E201]: unknown key 'interactr' in use case 'load'",
        "  hint: did you mean 'interactor'?")])
    assert groups == expected
    assert summaries == ["8 errors, 0 warnings"], summaries
    assert err.endswith("\n8 errors, 0 warnings\n")


# checks: docs/cli.md#scenery-validate
def test_json_with_several_paths_is_one_array_of_every_finding(tmp_path):
    """ "`--format json`: findings ... a JSON array on standard output, one object per
    finding": one array for the run holding each path's findings, the same objects as each
    path gives alone."""
    copy_app(BROKEN, tmp_path / "Broken")
    write_cart(tmp_path)
    alone = []
    for path in ("Broken", "Cart.json"):
        q = validate(path, "--format", "json", cwd=tmp_path)
        assert q.returncode == 1
        alone += json.loads(text(q.stdout))
    p = validate("Broken", "Cart.json", "--format", "json", cwd=tmp_path)
    assert p.returncode == 1
    records = json.loads(text(p.stdout))
    assert isinstance(records, list) and len(records) == 8 == len(alone)
    key = lambda r: json.dumps(r, sort_keys=True)
    assert Counter(map(key, records)) == Counter(map(key, alone))
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
    """Silent on whether a path given twice is checked twice; either way Broken's findings
    are all there, every line is a finding, a hint or a summary, the summary is last, and
    the clean Shop twice stays clean."""
    p = validate("Scenes/Broken", "Scenes/Broken", cwd=REPO)
    assert p.returncode == 1
    no_findings_on_stdout(p)
    err = text(p.stderr)
    findings, summaries = findings_of(err)
    assert set(findings) == set(split_findings_txt("Scenes/Broken"))
    assert SUMMARY.match(err.splitlines()[-1])

    q = validate("Scenes/Shop", "Scenes/Shop", cwd=REPO)
    assert q.returncode == 0, text(q.stderr)
    assert q.stderr == b""
    lines = text(q.stdout).splitlines()
    assert lines and all(ln.endswith("no problems found") for ln in lines), lines


# checks: docs/cli.md#scenery-validate
# checks: docs/cli.md#the-command-line
# checks: docs/manifest.md#diagnostics
@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_a_missing_path_among_clean_ones_is_not_success(tmp_path, where):
    """Silent on how validate reports a path that names nothing (E100 "a file or folder
    cannot be read" is a finding, exit 1; `run` makes it a usage error, exit 2): either
    way not exit 0, and the path named on standard error, wherever it stands."""
    copy_app(SHOP, tmp_path / "Shop")
    copy_app(SHOP, tmp_path / "Shop2")
    args = {"first": ["Nowhere", "Shop", "Shop2"], "middle": ["Shop", "Nowhere", "Shop2"],
            "last": ["Shop", "Shop2", "Nowhere"]}[where]
    p = validate(*args, cwd=tmp_path)
    assert p.returncode in (1, 2), (p.returncode, text(p.stdout), text(p.stderr))
    assert "Nowhere" in text(p.stderr), text(p.stderr)
    no_findings_on_stdout(p)


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
    errors all printed, exit 1; under `--format json`, 907 objects."""
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

    j = validate("big", "Broken", "--format", "json", cwd=big)
    assert j.returncode == 1
    records = json.loads(text(j.stdout))
    assert Counter(r["severity"] for r in records) == Counter({"warning": 900, "error": 7})
