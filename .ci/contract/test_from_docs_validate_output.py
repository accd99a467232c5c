"""Contract cases for `scenery validate`'s output, written from the documentation alone.

Written from docs/performance.md "Validation" (the paragraph "Late on 2026-11-29":
`scenery validate` writes its findings "in one write (909 writes before), each line
escaped and coloured as before"), docs/cli.md "scenery validate" and "Output, colour and
terminal safety", docs/manifest.md "Diagnostics" (W001, `--strict`, `--format json`) and
README.md "Quick start" (the Scenes/Broken sample). No source code or tests of Scenery were
read; only README.md, docs/, Scenes/ and the style of the other files here.
"""
# checks: docs/performance.md#validation
# checks: docs/cli.md#scenery-validate
# checks: docs/cli.md#output-colour-and-terminal-safety
# checks: docs/manifest.md#diagnostics
# checks: README.md#quick-start
import json
import os
import pathlib
import pty
import random
import re
import select
import shutil
import subprocess
import time

import pytest

SCENERY = os.environ.get("SCENERY", "scenery")
REPO = pathlib.Path(__file__).resolve().parents[2]

FINDING = re.compile(
    r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning)\[(?P<code>[EW]\d{3})\]: (?P<msg>.*)$"
)
SUMMARY = re.compile(r"^(\d+) errors?, (\d+) warnings?$")
SGR = re.compile(r"\x1b\[[0-9;]*m")


def plain_env(**extra):
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["TERM"] = "xterm-256color"
    env.update(extra)
    return env


def validate(*args, cwd=None, env=None):
    return subprocess.run(
        [SCENERY, "validate", *map(str, args)],
        capture_output=True, cwd=cwd, env=env or plain_env(), timeout=60,
    )


def text(b):
    return b.decode("utf-8")


# ------------------------------------------------------------------ apps

SCENE_NAMES = [f"S{i:03d}" for i in range(300)]


def write_many_scene_app(root, names=SCENE_NAMES):
    """An app whose entry is Home and whose other scenes nothing routes to: one W001 each."""
    (root / "scenes").mkdir(parents=True)
    (root / "app.json").write_text(json.dumps({"formatVersion": 1, "name": "Many", "entry": "Home"}))
    order = ["Home", *names]
    random.Random(7).shuffle(order)  # the directory's order is not the names' order
    for name in order:
        (root / "scenes" / f"{name}.json").write_text(json.dumps({
            "formatVersion": 1, "scene": name,
            "view": [{"type": "header", "text": name}],
        }))
    return root


def write_keys_scene(path, keys, scene=None):
    """A lone scene file whose use case 'load' has each of `keys` (unknown: E201 each) on its own line."""
    scene = scene or path.stem
    lines = ['{"formatVersion": 1, "scene": %s, "useCases": {"load": {' % json.dumps(scene)]
    for k in keys:
        lines.append(f"  {json.dumps(k)}: 1,")
    lines.append('  "interactor": []}}}')
    path.write_text("\n".join(lines) + "\n")
    return path


def parse_findings(err):
    """[(finding line, hint line or None)], summary line — fails on any line of another shape."""
    lines = err.split("\n")
    assert lines[-1] == "", f"stderr does not end with a newline: {err[-200:]!r}"
    lines = lines[:-1]
    assert lines, "no output on standard error"
    summary = lines[-1]
    assert SUMMARY.match(summary), f"last line is not the summary: {summary!r}"
    out = []
    for ln in lines[:-1]:
        if ln.startswith("  hint: "):
            assert out and out[-1][1] is None, f"hint line not right after a finding: {ln!r}"
            out[-1] = (out[-1][0], ln)
        else:
            assert FINDING.match(ln), f"line is neither a finding nor a hint: {ln!r}"
            out.append((ln, None))
    return out, summary


# ------------------------------------------------------------------ the documented examples

def test_cli_cart_example_exactly(tmp_path):
    (tmp_path / "Cart.json").write_text(
        '{"formatVersion": 1, "scene": "Cart", "useCases": {"load": {"interactr": []}}}\n')
    p = validate("Cart.json", cwd=tmp_path)
    assert p.returncode == 1
    assert p.stdout == b""
    assert text(p.stderr) == (
        "Cart.json:1:61: error[E201]: unknown key 'interactr' in use case 'load'\n"
        "  hint: did you mean 'interactor'?\n"
        "1 error, 0 warnings\n"
    )


def test_clean_app_says_no_problems_on_stdout_exit_0():
    p = validate("Scenes/Shop", cwd=REPO)
    assert p.returncode == 0, text(p.stderr)
    assert text(p.stdout) == "Scenes/Shop: no problems found\n"
    assert p.stderr == b""


def test_broken_sample_prints_its_findings_txt_and_readme_lines():
    p = validate("Scenes/Broken", cwd=REPO)
    assert p.returncode == 1
    assert p.stdout == b""
    err = text(p.stderr)
    assert err == (REPO / "Scenes/Broken/findings.txt").read_text()
    # README: the first finding, the E304 one, and the summary, as quoted
    assert err.startswith(
        "Scenes/Broken/app.json:9:82: error[E306]: unknown model 'integer'\n"
        "  hint: did you mean 'int'? the built-in types are string, int, decimal, bool, date\n")
    assert ("Scenes/Broken/scenes/Catalog.json:13:40: error[E304]: unknown provider 'prodcts'\n"
            "  hint: did you mean 'products'?\n") in err
    assert err.endswith("\n7 errors, 0 warnings\n")


# ------------------------------------------------------------------ many findings

def test_three_hundred_warnings_each_once_in_file_order_with_summary(tmp_path):
    app = write_many_scene_app(tmp_path / "Many")
    p = validate("Many", cwd=tmp_path)
    assert p.returncode == 0, "warnings alone do not fail without --strict"
    assert p.stdout == b"", "a result with warnings is not 'no problems found'"
    findings, summary = parse_findings(text(p.stderr))
    assert summary == "0 errors, 300 warnings"
    assert len(findings) == 300
    paths = []
    for line, hint in findings:
        m = FINDING.match(line)
        assert m["sev"] == "warning" and m["code"] == "W001", line
        assert hint is not None, f"W001 without its hint line: {line}"
        paths.append(m["path"])
    assert paths == [f"Many/scenes/{n}.json" for n in SCENE_NAMES], "not each once, in file order"
    assert app.exists()


def test_strict_makes_the_same_warnings_fail(tmp_path):
    write_many_scene_app(tmp_path / "Many", SCENE_NAMES[:20])
    loose = validate("Many", cwd=tmp_path)
    strict = validate("--strict", "Many", cwd=tmp_path)
    assert loose.returncode == 0
    assert strict.returncode == 1
    assert strict.stderr == loose.stderr  # same findings, same summary


def test_one_warning_summary_is_singular(tmp_path):
    write_many_scene_app(tmp_path / "One", ["Lone"])
    p = validate("One", cwd=tmp_path)
    findings, summary = parse_findings(text(p.stderr))
    assert len(findings) == 1
    assert summary == "0 errors, 1 warning"


def test_many_findings_in_one_file_in_line_order(tmp_path):
    keys = [f"k{i:03d}" for i in range(200)]
    write_keys_scene(tmp_path / "Cart.json", keys)
    p = validate("Cart.json", cwd=tmp_path)
    assert p.returncode == 1
    findings, summary = parse_findings(text(p.stderr))
    assert summary == "200 errors, 0 warnings"
    assert len(findings) == 200
    for i, (line, hint) in enumerate(findings):
        m = FINDING.match(line)
        assert (m["path"], int(m["line"]), m["code"]) == ("Cart.json", i + 2, "E201"), line
        assert f"'k{i:03d}'" in m["msg"], line
        assert hint is not None


def test_text_and_json_give_the_same_findings_in_the_same_order(tmp_path):
    app = write_many_scene_app(tmp_path / "Mixed", SCENE_NAMES[:40])
    write_keys_scene(app / "scenes" / "S005.json", ["bad\x1bone", "worse\x07two"], scene="S005")
    write_keys_scene(app / "scenes" / "S031.json", ["nope"], scene="S031")
    t = validate("Mixed", cwd=tmp_path)
    j = validate("--format", "json", "Mixed", cwd=tmp_path)
    assert t.returncode == 1 and j.returncode == 1
    findings, summary = parse_findings(text(t.stderr))
    records = json.loads(text(j.stdout))
    assert len(records) == len(findings) == 43
    errors = sum(r["severity"] == "error" for r in records)
    warnings = sum(r["severity"] == "warning" for r in records)
    assert summary == f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    for (line, hint), r in zip(findings, records):
        m = FINDING.match(line)
        assert (m["path"], int(m["line"]), int(m["col"]), m["sev"], m["code"]) == (
            r["file"], r["line"], r["column"], r["severity"], r["code"]), (line, r)
        assert (hint is None) == (r["hint"] is None), (line, r)
    keyed = [(r["file"], r["line"], r["column"]) for r in records]
    assert keyed == sorted(keyed), "findings not in file order"


# ------------------------------------------------------------------ terminal safety

# (character, how cli.md says it shows)
CONTROLS = [
    ("\x1b", r"\u{1B}"),   # ESC
    ("\x00", r"\u{0}"),    # NUL
    ("\x07", r"\u{7}"),    # another C0
    ("\t", r"\u{9}"),      # tab, cli.md's own example
    ("\r", r"\u{D}"),
    ("\n", r"\u{A}"),      # a line break would split the finding's line
    ("\x7f", r"\u{7F}"),   # DEL
    ("\x9b", r"\u{9B}"),   # C1 (CSI)
    ("\u202e", r"\u{202E}"),  # bidi override
    ("\u2066", r"\u{2066}"),  # bidi isolate
]


@pytest.mark.parametrize("raw,shown", CONTROLS, ids=[f"U+{ord(c):04X}" for c, _ in CONTROLS])
def test_control_character_in_a_key_is_escaped_in_the_finding(tmp_path, raw, shown):
    write_keys_scene(tmp_path / "Cart.json", [f"in{raw}ter"])
    p = validate("Cart.json", cwd=tmp_path)
    err = text(p.stderr)
    assert p.returncode == 1
    assert f"unknown key 'in{shown}ter' in use case 'load'" in err, f"not escaped: {err!r}"
    # the output's own line breaks aside, the character never shows raw
    assert raw not in (err.replace("\n", "") if raw == "\n" else err), f"raw U+{ord(raw):04X}: {err!r}"
    findings, summary = parse_findings(err)
    assert len(findings) == 1 and summary == "1 error, 0 warnings"


def test_left_to_right_mark_stays(tmp_path):
    write_keys_scene(tmp_path / "Cart.json", ["in\u200eter"])
    err = text(validate("Cart.json", cwd=tmp_path).stderr)
    assert "unknown key 'in\u200eter'" in err, err


def test_control_characters_in_scene_and_file_names_never_raw(tmp_path):
    names = ["Esc\x1bX", "Bel\x07X", "Del\x7fX", "Csi\x9bX", "Bidi\u202eX"]
    app = write_many_scene_app(tmp_path / "Odd", names)
    p = validate("Odd", cwd=tmp_path)
    err = text(p.stderr)
    for ch in "\x1b\x07\x7f\x9b\u202e":
        assert ch not in err, f"raw U+{ord(ch):04X} in {err!r}"
    for shown in (r"Esc\u{1B}X", r"Bel\u{7}X", r"Del\u{7F}X", r"Csi\u{9B}X", r"Bidi\u{202E}X"):
        assert f"Odd/scenes/{shown}.json:" in err
        assert f"scene '{shown}'" in err
    parse_findings(err)  # every line a finding, a hint or the summary
    j = validate("--format", "json", "Odd", cwd=tmp_path)
    assert "\\u001b" in text(j.stdout)  # JSON escapes the JSON way
    assert "\x1b" not in text(j.stdout)
    files = {r["file"] for r in json.loads(text(j.stdout))}
    assert f"Odd/scenes/Esc\x1bX.json" in files
    assert app.exists()


def test_many_findings_each_with_an_escape_all_escaped(tmp_path):
    keys = [f"k\x1b[31m{i:03d}" for i in range(150)]
    write_keys_scene(tmp_path / "Cart.json", keys)
    for env in (plain_env(), plain_env(FORCE_COLOR="1")):
        err = text(validate("Cart.json", cwd=tmp_path, env=env).stderr)
        visible = SGR.sub("", err)
        assert "\x1b" not in visible, "a raw ESC other than the colours' own"
        findings, summary = parse_findings(visible)
        assert summary == "150 errors, 0 warnings"
        assert [FINDING.match(f)["msg"] for f, _ in findings] == [
            f"unknown key 'k\\u{{1B}}[31m{i:03d}' in use case 'load'" for i in range(150)]


# ------------------------------------------------------------------ colour

def sgr_attrs(s):
    """[(char, frozenset of SGR params active)] for the visible characters of s."""
    out, active, i = [], set(), 0
    while i < len(s):
        m = SGR.match(s, i)
        if m:
            params = m.group()[2:-1].split(";")
            for prm in params:
                if prm in ("", "0"):
                    active = set()
                else:
                    active.add(prm)
            i = m.end()
            continue
        out.append((s[i], frozenset(active)))
        i += 1
    return out


def check_coloured(err):
    lines = err.split("\n")
    seen = set()
    for ln in lines:
        vis = SGR.sub("", ln)
        attrs = sgr_attrs(ln)
        if vis.startswith("  hint:"):
            at = vis.index("hint:")
            for _, a in attrs[at:at + 5]:
                assert a & {"36", "96"}, f"'hint:' not cyan: {ln!r}"
            seen.add("hint")
            continue
        m = FINDING.match(vis)
        if not m:
            continue
        for _, a in attrs[:m.end("col") + 1]:
            assert "1" in a, f"path:line:column: not bold: {ln!r}"
        colour = {"error": {"31", "91"}, "warning": {"35", "95"}}[m["sev"]]
        for _, a in attrs[m.start("sev"):m.end("code") + 2]:
            assert a & colour, f"{m['sev']} not in its colour: {ln!r}"
        for _, a in attrs[m.start("msg"):]:
            assert "1" in a, f"message not bold: {ln!r}"
        seen.add(m["sev"])
    return seen


def test_piped_output_is_plain(tmp_path):
    p = validate("Scenes/Broken", cwd=REPO)
    assert b"\x1b" not in p.stderr


@pytest.mark.parametrize("extra", [{"FORCE_COLOR": "0"}, {"FORCE_COLOR": "false"},
                                   {"NO_COLOR": "1"}, {"FORCE_COLOR": ""}])
def test_no_colour_settings_when_piped(extra):
    p = validate("Scenes/Broken", cwd=REPO, env=plain_env(**extra))
    assert b"\x1b" not in p.stderr


def test_force_color_colours_as_swiftc_and_only_adds_colour(tmp_path):
    app = write_many_scene_app(tmp_path / "Mixed", SCENE_NAMES[:30])
    write_keys_scene(app / "scenes" / "S007.json", ["in\x1bter"], scene="S007")
    plain = text(validate("Mixed", cwd=tmp_path).stderr)
    coloured = text(validate("Mixed", cwd=tmp_path, env=plain_env(FORCE_COLOR="1")).stderr)
    assert SGR.sub("", coloured) == plain, "colour changed the text, or its order"
    assert coloured != plain
    assert check_coloured(coloured) >= {"error", "warning", "hint"}


def run_on_pty(args, cwd, env, timeout=30):
    master, slave = pty.openpty()
    p = subprocess.Popen([SCENERY, *args], cwd=cwd, env=env,
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    out, deadline = b"", time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            r, _, _ = select.select([master], [], [], 0.2)
            if r:
                try:
                    d = os.read(master, 65536)
                except OSError:
                    break
                if not d:
                    break
                out += d
            elif p.poll() is not None:
                break
    finally:
        os.close(master)
        p.wait(timeout=10)
    return p.returncode, out.decode("utf-8").replace("\r\n", "\n")


def test_on_a_terminal_findings_are_coloured():
    rc, err = run_on_pty(["validate", "Scenes/Broken"], REPO, plain_env())
    assert rc == 1
    assert "\x1b[" in err
    assert "error" in check_coloured(err) and "hint" in check_coloured(err)
    assert SGR.sub("", err) == (REPO / "Scenes/Broken/findings.txt").read_text()


@pytest.mark.parametrize("extra", [{"NO_COLOR": "1"}, {"TERM": "dumb"}])
def test_on_a_terminal_no_color_and_dumb_are_plain(extra):
    rc, err = run_on_pty(["validate", "Scenes/Broken"], REPO, plain_env(**extra))
    assert rc == 1
    assert "\x1b" not in err
    assert err == (REPO / "Scenes/Broken/findings.txt").read_text()


# ------------------------------------------------------------------ one write

WRITE = re.compile(r'^(?:\[pid\s+\d+\]\s+|\d+\s+)?write\(2, "((?:\\x[0-9a-f]{2})*)"(?:\.\.\.)?, (\d+)\)\s+=\s+(-?\d+)')


def test_findings_go_out_in_one_write(tmp_path):
    strace = shutil.which("strace")
    if not strace:
        pytest.skip("strace is not installed")
    write_many_scene_app(tmp_path / "Many")
    log = tmp_path / "strace.log"
    errf = tmp_path / "stderr.txt"
    with open(errf, "wb") as ef:
        p = subprocess.run([strace, "-f", "-qq", "-xx", "-s", "4000000", "-e", "trace=write,writev,pwritev,pwrite64",
                            "-o", str(log), SCENERY, "validate", "Many"],
                           cwd=tmp_path, env=plain_env(), stdout=subprocess.DEVNULL, stderr=ef, timeout=60)
    if p.returncode not in (0, 1) or not log.exists() or "write" not in log.read_text():
        pytest.skip(f"strace could not trace here (exit {p.returncode})")
    trace = log.read_text()
    assert not re.search(r"writev\(2,|pwrite", trace), "stderr written other than by write(2)"
    writes = []
    for ln in trace.splitlines():
        m = WRITE.match(ln)
        if m:
            writes.append(bytes.fromhex(m.group(1).replace("\\x", "")).decode("utf-8"))
    err = errf.read_text()
    assert "".join(writes) == err
    with_findings = [w for w in writes if "warning[W001]" in w]
    assert len(with_findings) == 1, f"findings spread over {len(with_findings)} writes"
    findings, summary = parse_findings(err)
    assert summary == "0 errors, 300 warnings"
    body = "".join(f"{f}\n{h}\n" for f, h in findings)
    assert body in with_findings[0], "the one write does not hold every finding and its hint"
    assert len(writes) <= 2, f"{len(writes)} writes to standard error"
