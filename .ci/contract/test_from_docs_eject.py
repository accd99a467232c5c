"""Contract tests for `scenery eject` and the `ejected` executable, written from the
documentation alone: docs/eject.md, and docs/cli.md's "scenery eject", "Apps with Swift
components" and "A scene in Swift".

Every app is written (or copied from Scenes/) into a temporary folder and eject runs with
that folder as its working directory, so the default `Sources` lands there too. Swift code
is read with whitespace collapsed, and from `--no-format` output where only its content
matters, so the checks follow what the docs say the code holds, not how it is laid out.
"""
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

SCENERY = os.environ.get("SCENERY")
EJECTED = os.environ.get("EJECTED")
REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "Scenes"
TIMEOUT = 60


def need(binary, var):
    if not binary:
        pytest.skip(f"{var} is not set")


def run(args, cwd, env=None):
    full = dict(os.environ)
    full.pop("EJECTED_SCENES", None)
    if env:
        full.update(env)
    return subprocess.run([str(a) for a in args], cwd=str(cwd), env=full,
                          capture_output=True, text=True, timeout=TIMEOUT)


def eject(cwd, *args, env=None):
    need(SCENERY, "SCENERY")
    return run([SCENERY, "eject", *args], cwd, env)


def out(p):
    return p.stdout + p.stderr


def files_under(root):
    root = Path(root)
    return {str(p.relative_to(root)): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def copy_sample(dest_root, name):
    dest = Path(dest_root) / "Scenes" / name
    shutil.copytree(SAMPLES / name, dest)
    return dest


def flat(text):
    """Swift text with whitespace collapsed and none just inside brackets."""
    t = re.sub(r"\s+", " ", text)
    t = re.sub(r"([(\[]) ", r"\1", t)
    t = re.sub(r" ([)\]])", r"\1", t)
    return t


def interactor(text, scene, use_case):
    """The body of the interactor struct eject writes for SCENE's USE_CASE
    (named as the docs' `LoginLoginInteractor` is: scene, then use case)."""
    name = f"{scene}{use_case[0].upper()}{use_case[1:]}Interactor"
    m = re.search(r"struct %s\b(.*?)(?=\n(?:///[^\n]*\n)*struct |\Z)" % name, text, re.S)
    assert m, f"no struct {name} in:\n{text}"
    return flat(m.group(1))


_swift_format = None


def need_swift_format():
    global _swift_format
    if _swift_format is None:
        swift = shutil.which("swift")
        ok = False
        if swift:
            try:
                ok = subprocess.run([swift, "format", "--version"], capture_output=True,
                                    timeout=TIMEOUT).returncode == 0
            except (OSError, subprocess.TimeoutExpired):
                ok = False
        _swift_format = ok
    if not _swift_format:
        pytest.skip("'swift format' is not available")


def typecheck(files, module, tmp):
    """Type-check an ejected module against the built SceneRuntime and VIP modules."""
    need(SCENERY, "SCENERY")
    swiftc = shutil.which("swiftc")
    modules = Path(SCENERY).resolve().parent / "Modules"
    if not swiftc or not (modules / "SceneRuntime.swiftmodule").exists() \
            or not (modules / "VIP.swiftmodule").exists():
        pytest.skip("swiftc or the built SceneRuntime/VIP modules are not available")
    p = subprocess.run([swiftc, "-typecheck", "-parse-as-library", "-module-name", module,
                        "-I", str(modules), "-module-cache-path", str(Path(tmp) / "mc"),
                        *map(str, files)],
                       capture_output=True, text=True, timeout=TIMEOUT)
    errors = [l for l in (p.stdout + p.stderr).splitlines() if ": error:" in l]
    return p.returncode, errors


# ---------------------------------------------------------------- test apps

STEPS_APP = {
    "formatVersion": 1, "name": "Steps", "entry": "Main",
    "models": {"Book": {"id": "string", "title": "string", "price": "decimal"}},
    "providers": {
        "books": {"type": "collection", "model": "Book", "key": "id"},
        "memo": {"type": "keyValue", "model": "string?", "default": None},
        "items": {"type": "inline", "model": "[Book]",
                  "value": [{"id": "a", "title": "A", "price": 1}]},
    },
}

STEPS_USE_CASES = {
    "doFetch": {"interactor": [
        {"type": "fetch", "provider": "memo", "as": "m"},
        {"type": "set", "path": "state.text", "value": "@{m ?? ''}"}]},
    "doFetchArgs": {"interactor": [
        {"type": "fetch", "provider": "books", "as": "b", "args": {"key": "a"}},
        {"type": "set", "path": "state.text", "value": "@{b.title ?? ''}"}]},
    "doStore": {"interactor": [{"type": "store", "provider": "memo", "value": "@{state.text}"}]},
    "doInsert": {"interactor": [{"type": "insert", "provider": "books",
                                 "value": {"id": "b", "title": "B", "price": 2}}]},
    "doUpdateSet": {"interactor": [{"type": "update", "provider": "books", "key": "b",
                                    "set": {"title": "C"}}]},
    "doUpdateValue": {"interactor": [{"type": "update", "provider": "books",
                                      "value": {"id": "b", "title": "D", "price": 3}}]},
    "doDelete": {"interactor": [{"type": "delete", "provider": "books", "key": "b"}]},
    "doSet": {"interactor": [{"type": "set", "path": "state.text", "value": "x"}]},
    "doSetWhere": {"interactor": [{"type": "set", "path": "state.books",
                                   "where": "@{it.id == 'a'}",
                                   "value": "@{it + {title: 'Z'}}"}]},
    "doRemove": {"interactor": [{"type": "remove", "path": "state.books",
                                 "where": "@{it.id == 'a'}"}]},
    "doWork": {"interactor": [
        {"type": "fetch", "provider": "items", "as": "all"},
        {"type": "work", "worker": "sort", "input": "@{all}",
         "args": {"by": "price", "order": "desc"}, "as": "sorted"},
        {"type": "set", "path": "state.books", "value": "@{sorted}"}]},
    "doValidate": {"interactor": [{"type": "validate", "rules": [
        {"check": "@{count(state.text) > 0}", "message": "Enter text"},
        {"check": "@{count(state.text) < 9}", "message": "Too long"}]}]},
    "doFail": {"interactor": [{"type": "fail", "message": "Nope"}]},
    "doRoute": {"interactor": [
        {"type": "route", "to": "Other", "mode": "push"},
        {"type": "set", "path": "state.text", "value": "after route"}]},
    "target": {"request": {"text": "string"},
               "interactor": [{"type": "set", "path": "state.text", "value": "@{request.text}"}]},
    "doCall": {"interactor": [
        {"type": "call", "useCase": "target", "request": {"text": "hi"}},
        {"type": "set", "path": "state.text", "value": "after call"}]},
    "doLet": {"interactor": [
        {"type": "let", "as": "greeting", "value": "@{'hi ' + state.text}"},
        {"type": "set", "path": "state.text", "value": "@{greeting}"}]},
    "doOnError": {"interactor": [{"type": "store", "provider": "memo", "value": "x", "onError": [
        {"type": "set", "path": "state.text", "value": "Not saved: @{error.message}"}]}]},
    "doFallback": {"interactor": [
        {"type": "fetch", "provider": "memo", "as": "m", "fallback": "fallen"},
        {"type": "set", "path": "state.text", "value": "@{m ?? ''}"}]},
    "doIf": {"interactor": [
        {"type": "fetch", "if": "@{state.text == 'go'}", "provider": "memo", "as": "m"},
        {"type": "set", "path": "state.text", "value": "@{m ?? 'none'}"}]},
    "doRouteArgs": {"interactor": [{"type": "route", "to": "Third", "mode": "present",
                                    "args": {"n": "@{count(state.text)}"}}]},
    "returned": {"request": {"x": "int"}, "internal": True,
                 "interactor": [{"type": "set", "path": "state.text", "value": "@{string(result.x)}"}]},
    "native": {"interactor": {"swift": "NativeThing"}},
    "show": {"interactor": [],
             "response": {"n": "@{count(state.text)}", "books": "@{state.books}"},
             "presenter": {
                 "zeta": "@{response.n + 1}",
                 "alpha": "@{state.text}",
                 "rows": {"each": "@{response.books}", "as": "b",
                          "value": {"title": "@{b.title}", "detail": "@{b.price}"}}}},
    "pick": {"request": "Book",
             "interactor": [{"type": "set", "path": "state.text", "value": "@{request.title}"}]},
}

STEPS_MAIN = {
    "formatVersion": 1, "scene": "Main",
    "state": {"text": {"type": "string", "default": ""},
              "books": {"type": "[Book]", "default": []}},
    "useCases": STEPS_USE_CASES,
    "onResult": "returned",
    "view": [{"type": "text", "text": "@{state.text} @{vm.zeta} @{vm.alpha}"},
             {"type": "list", "items": "@{vm.rows}"}],
}

# A scene whose only use case is Swift already.
STEPS_NATIVE = {"formatVersion": 1, "scene": "Native",
                "useCases": {"go": {"interactor": {"swift": "GoThing"}}},
                "view": [{"type": "text", "text": "Native"}]}

STEPS_OTHER = {"formatVersion": 1, "scene": "Other",
               "useCases": {"hello": {"interactor": [{"type": "route", "mode": "back"}]}},
               "view": [{"type": "text", "text": "Other"}]}

STEPS_THIRD = {"formatVersion": 1, "scene": "Third", "args": {"n": "int"},
               "useCases": {"done": {"interactor": [{"type": "route", "mode": "dismiss",
                                                     "result": {"x": "@{args.n}"}}]}},
               "view": [{"type": "text", "text": "Third @{args.n}"}]}


def write_app(root, app, scenes):
    root = Path(root)
    (root / "scenes").mkdir(parents=True)
    (root / "app.json").write_text(json.dumps(app, indent=2))
    for scene in scenes:
        (root / "scenes" / f"{scene['scene']}.json").write_text(json.dumps(scene, indent=2))
    return root


@pytest.fixture(scope="module")
def steps(tmp_path_factory):
    """The Steps app, ejected whole without formatting: (workdir, process, module dir)."""
    work = tmp_path_factory.mktemp("steps")
    write_app(work / "Steps", STEPS_APP, [STEPS_MAIN, STEPS_NATIVE, STEPS_OTHER, STEPS_THIRD])
    p = eject(work, "Steps", "--all", "--no-format")
    return work, p, work / "Sources" / "StepsScenes"


@pytest.fixture(scope="module")
def steps_interactors(steps):
    _, p, module = steps
    assert p.returncode == 0, out(p)
    return (module / "Main" / "MainInteractor.swift").read_text()


@pytest.fixture(scope="module")
def samples(tmp_path_factory):
    """Both sample apps copied into one folder, as Scenes/Shop and Scenes/Orders."""
    work = tmp_path_factory.mktemp("samples")
    copy_sample(work, "Shop")
    copy_sample(work, "Orders")
    return work


# ---------------------------------------------------------------- eject a scene

DOC_EXAMPLE = """\
created Sources/ShopScenes/Launch/LaunchDataFlow.swift
created Sources/ShopScenes/Launch/LaunchInteractor.swift
created Sources/ShopScenes/Launch/LaunchBuilder.swift
created Sources/ShopScenes/Login/LoginDataFlow.swift
created Sources/ShopScenes/Login/LoginInteractor.swift
created Sources/ShopScenes/Login/LoginBuilder.swift
created Sources/ShopScenes/Login/LoginView.swift
created Sources/ShopScenes/Models.swift
created Sources/ShopScenes/ShopScenes.swift
note: register the scenes in the app's executable with 'ShopScenes.register(into: registry)'; its target depends on SceneRuntime, SceneManifest and VIP
"""


# checks: docs/eject.md#eject-a-scene
def test_documented_example_prints_and_writes_exactly_those_files(tmp_path):
    copy_sample(tmp_path, "Shop")
    p = eject(tmp_path, "Scenes/Shop", "Launch", "Login")
    assert p.returncode == 0, out(p)
    assert p.stdout == DOC_EXAMPLE, out(p)
    written = {k for k in files_under(tmp_path / "Sources")}
    listed = {l[len("created Sources/"):] for l in DOC_EXAMPLE.splitlines()
              if l.startswith("created ")}
    assert written == listed, written


# checks: docs/cli.md#scenery-eject
def test_module_and_output_options_name_the_folder_file_and_type(tmp_path):
    copy_sample(tmp_path, "Shop")
    p = eject(tmp_path, "Scenes/Shop", "Login", "--module", "StoreFlows",
              "--output", "Gen", "--no-format")
    assert p.returncode == 0, out(p)
    assert not (tmp_path / "Sources").exists(), out(p)
    module = tmp_path / "Gen" / "StoreFlows"
    assert sorted(files_under(module)) == sorted([
        "Login/LoginDataFlow.swift", "Login/LoginInteractor.swift",
        "Login/LoginBuilder.swift", "Login/LoginView.swift", "Models.swift", "StoreFlows.swift"]), out(p)
    assert "created Gen/StoreFlows/StoreFlows.swift" in p.stdout.splitlines(), out(p)
    assert "'StoreFlows.register(into: registry)'" in p.stdout, out(p)
    register = flat((module / "StoreFlows.swift").read_text())
    assert re.search(r"\benum StoreFlows\b", register), register


# checks: docs/eject.md#eject-a-scene
def test_a_file_that_exists_is_listed_and_nothing_is_written(tmp_path):
    copy_sample(tmp_path, "Shop")
    mine = tmp_path / "Sources" / "ShopScenes" / "Login" / "LoginBuilder.swift"
    mine.parent.mkdir(parents=True)
    mine.write_text("// my own builder\n")
    models = tmp_path / "Sources" / "ShopScenes" / "Models.swift"
    models.write_text("// my own models\n")
    before = files_under(tmp_path)
    p = eject(tmp_path, "Scenes/Shop", "Launch", "Login")
    assert p.returncode == 1, out(p)
    assert "Sources/ShopScenes/Login/LoginBuilder.swift" in out(p), out(p)
    assert "Sources/ShopScenes/Models.swift" in out(p), out(p)
    assert files_under(tmp_path) == before, out(p)


# checks: docs/cli.md#scenery-eject
def test_force_writes_over_files_that_exist(tmp_path):
    copy_sample(tmp_path, "Shop")
    mine = tmp_path / "Sources" / "ShopScenes" / "Login" / "LoginBuilder.swift"
    mine.parent.mkdir(parents=True)
    mine.write_text("// my own builder\n")
    p = eject(tmp_path, "Scenes/Shop", "Launch", "Login", "--force", "--no-format")
    assert p.returncode == 0, out(p)
    assert "my own builder" not in mine.read_text()
    assert "useCases" in mine.read_text()
    assert len(files_under(tmp_path / "Sources")) == 9, out(p)


def indented_by(text, n):
    return any(re.match(r" {%d}\S" % n, line) for line in text.splitlines())


# checks: docs/eject.md#eject-a-scene
def test_swift_format_finds_the_configuration_above_and_no_format_skips_it(tmp_path):
    need_swift_format()
    copy_sample(tmp_path, "Shop")
    (tmp_path / "Fmt").mkdir()
    (tmp_path / "Raw").mkdir()
    conf = json.dumps({"version": 1, "indentation": {"spaces": 7}, "lineLength": 200})
    (tmp_path / "Fmt" / ".swift-format").write_text(conf)
    (tmp_path / "Raw" / ".swift-format").write_text(conf)
    a = eject(tmp_path, "Scenes/Shop", "Launch", "--output", "Fmt")
    b = eject(tmp_path, "Scenes/Shop", "Launch", "--output", "Raw", "--no-format")
    assert a.returncode == 0 and b.returncode == 0, out(a) + out(b)
    fmt = (tmp_path / "Fmt/ShopScenes/Launch/LaunchInteractor.swift").read_text()
    raw = (tmp_path / "Raw/ShopScenes/Launch/LaunchInteractor.swift").read_text()
    assert indented_by(fmt, 7), fmt
    assert not indented_by(raw, 7), raw
    assert fmt != raw


# checks: docs/cli.md#scenery-eject
def test_format_configuration_file_is_used_over_the_one_above(tmp_path):
    need_swift_format()
    copy_sample(tmp_path, "Shop")
    (tmp_path / "Out").mkdir()
    (tmp_path / "Out" / ".swift-format").write_text(
        json.dumps({"version": 1, "indentation": {"spaces": 5}, "lineLength": 200}))
    conf = tmp_path / "three.json"
    conf.write_text(json.dumps({"version": 1, "indentation": {"spaces": 3}, "lineLength": 200}))
    p = eject(tmp_path, "Scenes/Shop", "Launch", "--output", "Out",
              "--format-configuration", str(conf))
    assert p.returncode == 0, out(p)
    text = (tmp_path / "Out/ShopScenes/Launch/LaunchInteractor.swift").read_text()
    assert indented_by(text, 3), text
    assert not indented_by(text, 5), text


# checks: docs/eject.md#eject-a-scene
def test_without_a_toolchain_the_files_stay_as_written_with_a_note(tmp_path):
    copy_sample(tmp_path, "Shop")
    (tmp_path / "nothing").mkdir()
    raw = eject(tmp_path, "Scenes/Shop", "Launch", "--output", "Raw", "--no-format")
    assert raw.returncode == 0, out(raw)
    p = eject(tmp_path, "Scenes/Shop", "Launch", "--output", "Bare",
              env={"PATH": str(tmp_path / "nothing")})
    assert p.returncode == 0, out(p)
    notes = [l for l in out(p).splitlines() if l.startswith("note:") and "format" in l]
    assert notes, out(p)
    assert files_under(tmp_path / "Bare" / "ShopScenes") == \
        files_under(tmp_path / "Raw" / "ShopScenes")


# ---------------------------------------------------------------- usage and refusals

# checks: docs/cli.md#scenery-eject
def test_unknown_scene_is_refused_with_did_you_mean_and_nothing_written(tmp_path):
    copy_sample(tmp_path, "Shop")
    before = files_under(tmp_path)
    p = eject(tmp_path, "Scenes/Shop", "Launch", "Logn")
    assert p.returncode == 1, out(p)
    assert "Logn" in p.stderr and "did you mean 'Login'" in p.stderr, out(p)
    assert files_under(tmp_path) == before, out(p)


# checks: docs/cli.md#scenery-eject
def test_app_with_errors_is_refused_with_its_findings(tmp_path):
    app = write_app(tmp_path / "Bad", {"formatVersion": 1, "name": "Bad", "entry": "Home"}, [
        {"formatVersion": 1, "scene": "Home",
         "useCases": {"go": {"interactor": [{"type": "set", "path": "state.nope", "value": 1}]}},
         "view": [{"type": "text", "text": "Home", "colour": "red"}]}])
    before = files_under(tmp_path)
    p = eject(tmp_path, "Bad", "--all")
    assert p.returncode == 1, out(p)
    assert re.search(r"Bad/scenes/Home\.json:\d+:\d+: error", p.stderr), out(p)
    assert files_under(tmp_path) == before, out(p)
    assert app.exists()


# checks: docs/cli.md#scenery-eject
def test_no_scene_and_no_all_is_a_usage_error(tmp_path):
    copy_sample(tmp_path, "Shop")
    p = eject(tmp_path, "Scenes/Shop")
    assert p.returncode == 2, out(p)
    assert "error:" in p.stderr, out(p)
    assert not (tmp_path / "Sources").exists()


# checks: docs/cli.md#the-command-line
def test_unknown_option_is_a_usage_error_with_did_you_mean(tmp_path):
    copy_sample(tmp_path, "Shop")
    p = eject(tmp_path, "Scenes/Shop", "Login", "--forse")
    assert p.returncode == 2, out(p)
    assert "unknown option '--forse'" in p.stderr, out(p)
    assert "did you mean '--force'?" in p.stderr, out(p)
    assert not (tmp_path / "Sources").exists()


# checks: docs/cli.md#the-command-line
def test_eject_help_is_the_same_as_help_eject(tmp_path):
    a = eject(tmp_path, "--help")
    b = run([SCENERY, "help", "eject"], tmp_path)
    assert a.returncode == 0 and b.returncode == 0, out(a) + out(b)
    assert a.stdout == b.stdout and "scenery eject APP SCENE..." in a.stdout, out(a)
    for option in ["--all", "--module", "--output", "--force",
                   "--format-configuration", "--no-format"]:
        assert option in a.stdout, option


# The doc's example, byte for byte.
NOTES_APP = '{ "formatVersion": 1, "name": "Notes", "entry": "Notes" }\n'
NOTES_SCENE = '''\
{ "formatVersion": 1, "scene": "Notes",
  "state": { "notes": { "type": "[string]", "default": [] } },
  "useCases": {
    "first": { "interactor": [ { "type": "call", "useCase": "count", "as": "n" } ] },
    "count": { "interactor": [], "response": { "n": "@{count(state.notes)}" } } },
  "view": [ { "type": "text", "text": "@{count(state.notes)} notes" } ] }
'''
NOTES_REFUSAL = """\
Notes/scenes/Notes.json:4:32: error: cannot eject 'Notes': 'call' with 'as' is not ejected yet
error: nothing was written; the construct above is not ejected
"""


# checks: docs/eject.md#what-eject-refuses
def test_documented_refusal_of_call_with_as(tmp_path):
    (tmp_path / "Notes" / "scenes").mkdir(parents=True)
    (tmp_path / "Notes" / "app.json").write_text(NOTES_APP)
    (tmp_path / "Notes" / "scenes" / "Notes.json").write_text(NOTES_SCENE)
    before = files_under(tmp_path)
    p = eject(tmp_path, "Notes", "--all")
    assert p.returncode == 1, out(p)
    assert p.stderr == NOTES_REFUSAL, out(p)
    assert files_under(tmp_path) == before


REFUSE_APP = {
    "formatVersion": 1, "name": "Refuse", "entry": "Main",
    "env": {"greeting": "hi"},
    "models": {"Item": {"id": "string", "name": "string"}},
    "providers": {
        "live": {"type": "swift", "name": "Live", "model": "[Item]"},
        "loose": {"type": "swift", "name": "Loose"},
    },
    "workers": {"points": {"type": "swift"}},
    "formatters": {"badge": {"type": "swift"}},
}

# (construct, the use case on one line, a word the refusal's reason names)
REFUSED = [
    ("a Swift worker",
     '"u": { "interactor": [ { "type": "work", "worker": "points", "input": "@{state.notes}", "as": "p" } ] }',
     "points"),
    ("a present step",
     '"u": { "interactor": [ { "type": "present", "response": { "busy": true } } ], "response": { "busy": false }, "presenter": { "busy": "@{response.busy}" } }',
     "present"),
    ("call with as",
     '"u": { "interactor": [ { "type": "call", "useCase": "t", "request": {}, "as": "r" } ] }, "t": { "interactor": [], "response": { "x": 1 } }',
     "as"),
    ("fetch args that are not a record",
     '"u": { "interactor": [ { "type": "fetch", "provider": "live", "args": "@{state.text}", "as": "x" } ] }',
     "args"),
    ("a list of mixed item types",
     '"u": { "interactor": [ { "type": "let", "as": "l", "value": "@{[1, \'a\']}" } ] }',
     "list"),
    ("a type that cannot be known before running",
     '"u": { "interactor": [ { "type": "fetch", "provider": "loose", "as": "y" }, { "type": "set", "path": "state.maybe", "value": "@{y.name}" } ] }',
     "loose"),
]


def refuse_scene(use_cases):
    """A scene whose use cases start on line 5 (each may span lines); returns the text."""
    head = ['{ "formatVersion": 1, "scene": "Main",',
            '  "state": { "text": { "type": "string", "default": "" }, "notes": { "type": "[string]", "default": [] },',
            '             "maybe": { "type": "string?" } },',
            '  "useCases": {']
    idle = '"idle": { "interactor": [], "response": { "busy": false }, "presenter": { "busy": "@{response.busy}" } }'
    body = ",\n".join("    " + u for u in [*use_cases, idle])
    tail = ['  },',
            '  "view": [ { "type": "text", "text": "@{state.text} @{state.maybe ?? \'\'} @{vm.busy}" } ] }']
    return "\n".join(head + [body] + tail) + "\n"


# checks: docs/eject.md#what-eject-refuses
@pytest.mark.parametrize("construct,use_case,word", REFUSED, ids=[r[0] for r in REFUSED])
def test_construct_is_refused_at_its_place_and_nothing_written(tmp_path, construct, use_case, word):
    app = tmp_path / "Refuse"
    (app / "scenes").mkdir(parents=True)
    (app / "app.json").write_text(json.dumps(REFUSE_APP))
    (app / "scenes" / "Main.json").write_text(refuse_scene([use_case]))
    need(SCENERY, "SCENERY")
    v = run([SCENERY, "validate", "Refuse"], tmp_path)
    assert v.returncode == 0, "test app does not validate: " + out(v)
    before = files_under(tmp_path)
    p = eject(tmp_path, "Refuse", "--all")
    assert p.returncode == 1, out(p)
    refusals = [l for l in p.stderr.splitlines() if "cannot eject 'Main'" in l]
    assert len(refusals) == 1, out(p)
    m = re.match(r"Refuse/scenes/Main\.json:(\d+):(\d+): error: cannot eject 'Main': (.+)", refusals[0])
    assert m, refusals[0]
    assert m.group(1) == "5", refusals[0]   # the use case's line
    assert word in m.group(3), refusals[0]
    assert "nothing was written" in p.stderr.splitlines()[-1], out(p)
    assert files_under(tmp_path) == before


# checks: docs/eject.md#what-eject-refuses
def test_first_refusal_of_each_use_case_of_each_scene_is_listed(tmp_path):
    app = tmp_path / "Refuse"
    (app / "scenes").mkdir(parents=True)
    (app / "app.json").write_text(json.dumps(REFUSE_APP))
    main = refuse_scene([
        # line 5: two refused constructs, on lines 5 and 6
        '"a": { "interactor": [ { "type": "work", "worker": "points", "input": "@{state.notes}", "as": "p" },\n'
        '                        { "type": "present", "response": { "busy": true } } ] }',
        # line 7: fine
        '"b": { "interactor": [ { "type": "set", "path": "state.text", "value": "ok" } ] }',
        # line 8: refused
        '"c": { "interactor": [ { "type": "present", "response": { "busy": true } } ], "response": { "busy": false }, "presenter": { "busy": "@{response.busy}" } }',
    ])
    assert main.splitlines()[7].lstrip().startswith('"c"'), main
    (app / "scenes" / "Main.json").write_text(main)
    (app / "scenes" / "Second.json").write_text(json.dumps({
        "formatVersion": 1, "scene": "Second",
        "useCases": {"z": {"interactor": [{"type": "work", "worker": "points",
                                           "input": "@{[state.t]}", "as": "p"}]}},
        "state": {"t": {"type": "string", "default": ""}},
        "view": [{"type": "text", "text": "@{state.t}"}]}, indent=2))
    need(SCENERY, "SCENERY")
    v = run([SCENERY, "validate", "Refuse"], tmp_path)
    assert v.returncode == 0, "test app does not validate: " + out(v) + main
    before = files_under(tmp_path)
    p = eject(tmp_path, "Refuse", "--all")
    assert p.returncode == 1, out(p)
    main_lines = sorted(int(m.group(1)) for m in
                        re.finditer(r"Refuse/scenes/Main\.json:(\d+):\d+: error: cannot eject 'Main'", p.stderr))
    assert main_lines == [5, 8], out(p)
    assert re.search(r"Refuse/scenes/Second\.json:\d+:\d+: error: cannot eject 'Second'", p.stderr), out(p)
    assert files_under(tmp_path) == before


# checks: docs/eject.md#what-eject-refuses
def test_index_env_and_the_apps_formatters_are_ejected(tmp_path):
    app = tmp_path / "Refuse"
    (app / "scenes").mkdir(parents=True)
    (app / "app.json").write_text(json.dumps(REFUSE_APP))
    (app / "scenes" / "Main.json").write_text(refuse_scene([
        '"u": { "interactor": [ { "type": "set", "path": "state.text", '
        '"value": "@{(state.notes[0] ?? \'\') + env.greeting + badge(state.text)}" } ] }']))
    p = eject(tmp_path, "Refuse", "--all", "--no-format")
    assert p.returncode == 0, out(p)
    swift = (tmp_path / "Sources" / "RefuseScenes" / "Main" / "MainInteractor.swift").read_text()
    assert "SceneFunctions.index(" in swift, swift
    assert 'scene.value("env.greeting", as: String.self)' in swift, swift
    assert 'SceneFunctions.call("badge"' in swift, swift


# ---------------------------------------------------------------- what eject writes

# checks: docs/eject.md#what-eject-writes
def test_scene_of_swift_use_cases_only_is_left_out_with_a_note(samples, tmp_path):
    work = tmp_path
    shutil.copytree(samples / "Scenes" / "Shop", work / "Scenes" / "Shop")
    p = eject(work, "Scenes/Shop", "--all", "--no-format")
    assert p.returncode == 0, out(p)
    notes = [l for l in out(p).splitlines() if l.startswith("note:") and "'Rewards'" in l]
    assert notes, out(p)
    module = work / "Sources" / "ShopScenes"
    assert not (module / "Rewards").exists()
    assert not any("Rewards" in name for name in files_under(module))
    register = (module / "ShopScenes.swift").read_text()
    assert '"Rewards"' not in register
    for scene in ["Cart", "Catalog", "Checkout", "Deals", "Launch", "Login", "Orders", "Product"]:
        assert f'"{scene}"' in register, scene
        assert (module / scene / f"{scene}Builder.swift").exists(), scene


# checks: docs/eject.md#what-eject-writes
def test_swift_use_case_is_left_out_and_keeps_running_as_registered(steps):
    _, p, module = steps
    assert p.returncode == 0, out(p)
    # Native's one use case is Swift already: its view, which reads no view model, is
    # ejected alone, with a note, and registered as a view only.
    assert "note: 'Native' has no use case to eject, each is in Swift already: its view is ejected alone" in out(p), out(p)
    assert sorted(files_under(module / "Native")) == ["NativeView.swift"], sorted(files_under(module / "Native"))
    builder = flat((module / "Main" / "MainBuilder.swift").read_text())
    assert "static func useCases(_" in builder, builder
    for name in STEPS_USE_CASES:
        if name == "native":
            assert 'SwiftUseCase("native"' not in builder, builder
        else:
            assert f'SwiftUseCase("{name}"' in builder, name
    dataflow = (module / "Main" / "MainDataFlow.swift").read_text()
    assert "enum Native" not in dataflow


# checks: docs/eject.md#what-eject-writes
def test_dataflow_types_requests_responses_rows_and_never(steps):
    _, p, module = steps
    assert p.returncode == 0, out(p)
    text = (module / "Main" / "MainDataFlow.swift").read_text()
    f = flat(text)
    assert re.search(r"enum Main\s*\{", f), f  # a caseless enum named after the scene
    assert not re.search(r"enum Main\s*\{[^}]*\bcase\b", f)
    # a DataFlow enum per use case
    assert re.search(r"enum Show\s*:\s*DataFlow", f), f
    assert re.search(r"enum Target\s*:\s*DataFlow", f), f
    # the request as the manifest declares it
    target = f[f.index("enum Target"):f.index("enum DoCall") if "enum DoCall" in f else None]
    assert re.search(r"struct Request\b[^{]*\{[^}]*var text: String\b", target), target
    # a model's struct when the request is a model
    pick = f[f.index("enum Pick"):]
    assert re.search(r"Request = Models\.Book\b", pick), pick
    # Response and ViewModel typed from their expressions, with a row struct for `each`
    show = f[f.index("enum Show"):]
    assert re.search(r"struct Response\b[^{]*\{[^}]*var n: Int\b", show), show
    assert re.search(r"var books: \[Models\.Book\]", show), show
    assert re.search(r"var zeta: Int\b", show) and re.search(r"var alpha: String\b", show), show
    row = re.search(r"var rows: \[(\w+(?:\.\w+)*)\]", show)
    assert row, show
    row_name = row.group(1).split(".")[-1]
    assert re.search(r"struct %s\b[^{]*\{[^}]*var title: String\b" % row_name, show), show
    # Never where a use case presents nothing
    do_set = f[f.index("enum DoSet:") if "enum DoSet:" in f else f.index("enum DoSet "):]
    assert re.search(r"typealias ViewModel = Never", do_set[:600]), do_set[:600]


# checks: docs/eject.md#what-eject-writes
def test_presenter_file_holds_each_field_in_order(steps):
    _, p, module = steps
    assert p.returncode == 0, out(p)
    presenter = module / "Main" / "MainPresenter.swift"
    assert presenter.exists(), sorted(files_under(module))
    f = flat(presenter.read_text())
    assert re.search(r"struct MainShowPresenter\s*:\s*Presenter", f), f
    ctor = re.search(r"ViewModel\(zeta: \w+, alpha: \w+, rows: \w+\)", f)
    assert ctor, f
    # a use case with no presenter fields has no presenter
    assert "MainDoSetPresenter" not in f


# checks: docs/eject.md#what-eject-writes
def test_models_and_register_into_only(steps):
    _, p, module = steps
    assert p.returncode == 0, out(p)
    models = flat((module / "Models.swift").read_text())
    assert re.search(r"enum Models\b", models), models
    assert re.search(r"struct Book\s*:[^{]*\bCodable\b", models), models
    register = flat((module / "StepsScenes.swift").read_text())
    assert re.search(r"enum StepsScenes\b", register), register
    assert re.search(r"func register\(into \w+: SceneRegistry, only \w+:", register), register
    assert '"Main"' in register and '"Other"' in register
    assert 'registry.register(view: "Native", NativeView.draw)' in register, register
    assert 'register(scene: "Native"' not in register, register


# checks: docs/eject.md#what-eject-writes
def test_login_use_case_reads_as_the_documented_example(samples, tmp_path):
    shutil.copytree(samples / "Scenes" / "Shop", tmp_path / "Scenes" / "Shop")
    p = eject(tmp_path, "Scenes/Shop", "Login", "--no-format")
    assert p.returncode == 0, out(p)
    text = (tmp_path / "Sources/ShopScenes/Login/LoginInteractor.swift").read_text()
    assert re.search(r"struct LoginLoginInteractor: Interactor", text), text
    body = interactor(text, "Login", "login")
    expected = [
        "typealias Route = SceneRoute",
        "let scene: SceneContext",
        "func handle(_ request: Login.Login.Request, output: Output<Never, SceneRoute>) async throws {",
        "var broken = false",
        'let email = try scene.value("state.email", as: String.self)',
        'let count = try SceneFunctions.call("count", email, format: scene.format) as Int',
        "if !(count > 0) {",
        'SceneFunctions.call("t", "login.emailRequired", format: scene.format) as String',
        "output.report(DisplayedError(translation))",
        "broken = true",
        "if broken { throw UseCaseStopped() }",
        'let email2 = try scene.value("state.email", as: String.self)',
        'try await scene.provider("session", as: String?.self).store(email2)',
        'output.route(SceneRoute(to: "Catalog", mode: .root))',
    ]
    at = 0
    for line in expected:
        i = body.find(flat(line), at)
        assert i >= 0, f"{line!r} not found in order in:\n{body}"
        at = i + 1


STEP_TABLE = [
    # (use case, fragments in order, doc row)
    ("doFetch", ['scene.provider("memo", as: String?.self).fetch()'], "fetch"),
    ("doFetchArgs", ['scene.provider("books", as: ', ".fetch(arguments:"], "fetch with args"),
    ("doStore", ['scene.provider("memo", as: String?.self).store('], "store"),
    ("doInsert", ['scene.collection("books").insert('], "insert"),
    ("doUpdateSet", ['scene.collection("books").update(key:', "fields:"], "update set"),
    ("doUpdateValue", ['scene.collection("books").update('], "update value"),
    ("doDelete", ['scene.collection("books").delete(key:'], "delete"),
    ("doSet", ['scene.set("state.text", to:'], "set"),
    ("doSetWhere", ['scene.update("state.books", where:', "to:"], "set with where"),
    ("doRemove", ['scene.remove(from: "state.books", where:'], "remove"),
    ("doWork", ['SceneWorkers.run("sort", all'], "work"),
    ("doValidate", ['output.report(DisplayedError("Enter text"))', 'output.report(DisplayedError("Too long"))',
                    "throw UseCaseStopped()"], "validate"),
    ("doFail", ['throw DisplayedError("Nope")'], "fail"),
    ("doRoute", ['output.route(SceneRoute(to: "Other", mode: .push'], "route"),
    ("doRouteArgs", ['output.route(SceneRoute(to: "Third", mode: .present, arguments:'],
     "route with args"),
    ("doCall", ['scene.call("target", request:'], "call"),
    ("doLet", ["let greeting"], "let"),
    ("doOnError", ["do {", 'scene.provider("memo"', "} catch {", "scene.recover(error",
                   'scene.set("state.text"'], "onError"),
    ("doFallback", ["do {", "} catch {", "scene.recover(error", '"fallen"'], "fallback"),
    ("doIf", ['"go"', 'scene.provider("memo"', "} else {", "= nil"], "if"),
]


# checks: docs/eject.md#what-eject-writes
@pytest.mark.parametrize("use_case,fragments,row", STEP_TABLE, ids=[r[2] for r in STEP_TABLE])
def test_each_step_becomes_the_documented_swift(steps_interactors, use_case, fragments, row):
    body = interactor(steps_interactors, "Main", use_case)
    at = 0
    for fragment in fragments:
        i = body.find(flat(fragment), at)
        assert i >= 0, f"{row}: {fragment!r} not found (in order) in:\n{body}"
        at = i + 1


# checks: docs/eject.md#what-eject-writes
def test_a_route_with_a_result_becomes_scene_route_with_result(steps):
    _, p, module = steps
    assert p.returncode == 0, out(p)
    body = interactor((module / "Third" / "ThirdInteractor.swift").read_text(), "Third", "done")
    assert re.search(r"output\.route\(SceneRoute\(to: nil, mode: \.dismiss\b.*\bresult: ", body), body


# checks: docs/eject.md#what-eject-writes
@pytest.mark.parametrize("use_case,wait", [
    ("doRoute", 'output.route(SceneRoute(to: "Other", mode: .push))'),
    ("doFetch", 'scene.provider("memo", as: String?.self).fetch()'),
    ("doCall", 'scene.call("target", request:'),
], ids=["after a route", "after a provider", "after a call"])
def test_guard_is_active_after_a_wait(steps_interactors, use_case, wait):
    body = interactor(steps_interactors, "Main", use_case)
    i = body.find(flat(wait))
    assert i >= 0, body
    rest = body[i:]
    g = rest.find("guard output.isActive else { return }")
    s = rest.find('scene.set("state.text"')
    assert 0 <= g < s, f"no guard between the wait and the next step:\n{body}"


# checks: docs/eject.md#what-eject-writes
def test_ejected_module_type_checks(steps, tmp_path):
    _, p, module = steps
    assert p.returncode == 0, out(p)
    code, errors = typecheck(sorted(module.rglob("*.swift")), "StepsScenes", tmp_path)
    assert code == 0 and not errors, "\n".join(errors)


KEYWORD_APP = {"formatVersion": 1, "name": "Kw", "entry": "Home",
               "models": {"Thing": {"class": "string", "default": "int", "self": "bool?"}}}
KEYWORD_SCENE = {
    "formatVersion": 1, "scene": "Home",
    "state": {"class": {"type": "string", "default": ""},
              "things": {"type": "[Thing]", "default": []},
              "n": {"type": "int", "default": 0}},
    "useCases": {
        "default": {"request": {"in": "string", "where": "int?"}, "interactor": [
            {"type": "set", "path": "state.class", "value": "@{request.in}"},
            {"type": "let", "as": "return", "value": "@{request.where ?? 1}"},
            {"type": "set", "path": "state.n", "value": "@{return}"}]},
        "class": {"interactor": [],
                  "response": {"self": "@{state.things}", "for": "@{state.class}"},
                  "presenter": {"rows": {"each": "@{response.self}", "as": "t",
                                         "value": {"title": "@{t.class}", "default": "@{t.default}"}},
                                "switch": "@{response.for}"}}},
    "view": [{"type": "text", "text": "@{state.class} @{state.n} @{vm.switch}"},
             {"type": "list", "items": "@{vm.rows}"}]}


# checks: docs/eject.md#what-eject-writes
def test_names_that_are_swift_keywords_still_make_a_typed_module(tmp_path):
    need(SCENERY, "SCENERY")
    write_app(tmp_path / "Kw", KEYWORD_APP, [KEYWORD_SCENE])
    v = run([SCENERY, "validate", "Kw"], tmp_path)
    assert v.returncode == 0, out(v)
    p = eject(tmp_path, "Kw", "--all", "--no-format")
    assert p.returncode == 0, out(p)
    code, errors = typecheck(sorted((tmp_path / "Sources").rglob("*.swift")), "KwScenes", tmp_path)
    assert code == 0 and not errors, "\n".join(errors)


# checks: docs/eject.md#what-eject-writes
def test_module_of_only_a_left_out_scene_still_type_checks(tmp_path):
    copy_sample(tmp_path, "Shop")
    p = eject(tmp_path, "Scenes/Shop", "Rewards", "--no-format")
    assert [l for l in out(p).splitlines() if l.startswith("note:") and "'Rewards'" in l], out(p)
    written = sorted((tmp_path / "Sources").rglob("*.swift")) if (tmp_path / "Sources").exists() else []
    if p.returncode != 0 or not written:
        return  # refusing, or writing nothing, would do too
    code, errors = typecheck(written, "ShopScenes", tmp_path)
    assert code == 0 and not errors, "\n".join(errors)


# checks: docs/eject.md#eject-a-scene
def test_module_stays_inside_the_output_folder(tmp_path):
    copy_sample(tmp_path, "Shop")
    before = set(files_under(tmp_path))
    p = eject(tmp_path, "Scenes/Shop", "Launch", "--module", "../Escaped", "--no-format")
    new = set(files_under(tmp_path)) - before
    outside = sorted(n for n in new if not n.startswith("Sources/"))
    assert not outside, f"written outside Sources: {outside}\n{out(p)}"


# ---------------------------------------------------------------- the ejected executable

def transcripts(app):
    return sorted(app.rglob("*.transcript"))


def summary_line(p):
    lines = p.stdout.strip().splitlines()
    return lines[-1] if lines else ""


# checks: docs/eject.md#how-it-runs-in-place-of-the-scene
def test_every_transcript_of_both_apps_passes_under_ejected(samples):
    need(EJECTED, "EJECTED")
    for app in ["Orders", "Shop"]:
        folder = samples / "Scenes" / app
        paths = sorted({str(t.parent.relative_to(samples)) for t in transcripts(folder)})
        p = run([EJECTED, "test", *paths], samples)
        n = len(transcripts(folder))
        assert p.returncode == 0, out(p)
        assert summary_line(p) == f"{n} passed, 0 failed", out(p)
        for t in transcripts(folder):
            assert f"PASS {t.relative_to(samples)}" in p.stdout.splitlines(), out(p)
    p = run([EJECTED, "test", "Scenes/Orders"], samples)
    assert p.stdout.splitlines()[0] == "PASS Scenes/Orders/tests/create.transcript", out(p)


def sample_scene_names():
    return sorted(p.stem for app in ["Shop", "Orders"]
                  for p in (SAMPLES / app / "scenes").glob("*.json"))


# checks: docs/eject.md#how-it-runs-in-place-of-the-scene
@pytest.mark.parametrize("scene", sample_scene_names())
def test_transcripts_pass_with_each_scene_ejected_alone(samples, scene):
    need(EJECTED, "EJECTED")
    folders = sorted({str(t.parent.relative_to(samples))
                      for app in ["Shop", "Orders"]
                      for t in transcripts(samples / "Scenes" / app)})
    n = sum(len(transcripts(samples / "Scenes" / app)) for app in ["Shop", "Orders"])
    p = run([EJECTED, "test", *folders], samples, env={"EJECTED_SCENES": scene})
    assert p.returncode == 0, out(p)
    assert summary_line(p) == f"{n} passed, 0 failed", out(p)


def first_frame(binary, app, tmp_path, tag, env=None):
    script = tmp_path / "quit.txt"
    script.write_text("quit\n")
    state = tmp_path / f"state-{tag}"
    state.mkdir()
    p = run([binary, "run", app, "--script", script, "--state-dir", state, "--width", "200"],
            app.parent, env)
    assert p.returncode == 0, out(p)
    return p.stdout.splitlines()


# checks: docs/eject.md#how-it-runs-in-place-of-the-scene
def test_ejected_swift_runs_in_place_and_ejected_scenes_picks_them(tmp_path):
    """Launch's manifest steps are swapped in a copy (route to Catalog when nobody is signed
    in): the manifest then opens Catalog, the ejected Swift still opens Sign in."""
    need(SCENERY, "SCENERY")
    need(EJECTED, "EJECTED")
    app = copy_sample(tmp_path, "Shop")
    launch = json.loads((app / "scenes" / "Launch.json").read_text())
    steps_ = launch["useCases"]["start"]["interactor"]
    steps_[2]["to"], steps_[3]["to"] = "Catalog", "Login"
    (app / "scenes" / "Launch.json").write_text(json.dumps(launch, indent=2))
    # Login's header changed in the manifest: the ejected view draws the header it was
    # ejected with, and the manifest's view draws the new one where it is kept
    login = json.loads((app / "scenes" / "Login.json").read_text())
    login["view"][0]["text"] = "Welcome back"
    (app / "scenes" / "Login.json").write_text(json.dumps(login, indent=2))

    plain = first_frame(SCENERY, app, tmp_path, "plain")
    assert plain[0] == "== Catalog ==", plain
    every = first_frame(EJECTED, app, tmp_path, "all")
    assert every[0] == "== Sign in ==", every
    kept = first_frame(EJECTED, app, tmp_path, "kept", {"EJECTED_VIEWS": "manifest"})
    assert kept[0] == "== Welcome back ==", kept
    others = first_frame(EJECTED, app, tmp_path, "others", {"EJECTED_SCENES": "Cart,Login"})
    assert others[0] == "== Catalog ==", others
    launch_only = first_frame(EJECTED, app, tmp_path, "launch", {"EJECTED_SCENES": "Cart,Launch"})
    assert launch_only[0] == "== Welcome back ==", launch_only


# checks: docs/cli.md#a-scene-in-swift
def test_registration_of_an_undeclared_use_case_is_refused_with_did_you_mean(tmp_path):
    need(EJECTED, "EJECTED")
    app = copy_sample(tmp_path, "Shop")
    login = json.loads((app / "scenes" / "Login.json").read_text())
    login["useCases"]["logon"] = login["useCases"].pop("login")
    for component in login["view"]:
        if component.get("action") == "login":
            component["action"] = "logon"
    (app / "scenes" / "Login.json").write_text(json.dumps(login, indent=2))
    frame = "\n".join(first_frame(EJECTED, app, tmp_path, "logon"))
    assert "'login'" in frame and "did you mean 'logon'" in frame, frame


# checks: docs/cli.md#apps-with-swift-components
def test_ejected_has_every_subcommand_and_validates_the_manifests(samples):
    need(EJECTED, "EJECTED")
    v = run([EJECTED, "version"], samples)
    assert v.returncode == 0 and v.stdout.strip() == "scenery 0.1.0", out(v)
    p = run([EJECTED, "validate", "Scenes/Shop", "Scenes/Orders"], samples)
    assert p.returncode == 0 and "no problems found" in p.stdout, out(p)


# checks: docs/eject.md#how-it-runs-in-place-of-the-scene
# The Shop in the YARCH layout, Orders with `--template stt`, as the section says.
@pytest.mark.parametrize("app,template", [("Shop", "yarch"), ("Orders", "stt")])
def test_sample_modules_hold_what_eject_all_writes(tmp_path, app, template):
    """Sources/Examples/<App>Scenes holds the files `eject --all` writes (names only)."""
    checked_in = REPO / "Sources" / "Examples" / f"{app}Scenes"
    if not checked_in.is_dir():
        pytest.skip(f"{checked_in} is not there")
    copy_sample(tmp_path, app)
    p = eject(tmp_path, f"Scenes/{app}", "--all", "--no-format", "--template", template)
    assert p.returncode == 0, out(p)
    fresh = {str(f.relative_to(tmp_path / "Sources" / f"{app}Scenes"))
             for f in (tmp_path / "Sources" / f"{app}Scenes").rglob("*.swift")}
    there = {str(f.relative_to(checked_in)) for f in checked_in.rglob("*.swift")}
    assert fresh == there, (sorted(fresh ^ there))


# ---------------------------------------------------------------- same results, exactly

SHOP_SESSION = ["email ada", "login", "email ada@example.com", "login", "load phone", "sort",
                "open 1", "add", "add", "cart", "checkout", "phone 12", "pay",
                "phone +1 555 123 4567", "pay", "stack", "back", "deals", "back", "help", "quit"]
ORDERS_SESSION = ["new", "save", "firstName Ada", "lastName Lovelace", "email ada@example.com",
                  "phone 5551234567", "street 12 Baker Street", "city London", "zip 10001",
                  "deliverBy 1/15/26", "quantity lots", "quantity 2", "total 19.90",
                  "card 4111111111111111", "gift yes", "save", "open 1", "edit", "total 0.1",
                  "save", "back", "delete", "open 9", "quit"]
ORDERS_FLAGS = ["--now", "2026-01-01T00:00:00Z", "--seed", "0"]


def session(binary, app, lines, tmp_path, tag, *flags, env=None):
    script = tmp_path / f"{tag}.txt"
    script.write_text("\n".join(lines) + "\n")
    state = tmp_path / f"state-{tag}"
    state.mkdir()
    p = run([binary, "run", app, "--script", script, "--state-dir", state, "--width", "60", *flags],
            tmp_path, env)
    assert p.returncode == 0, out(p)
    return p.stdout


# checks: docs/eject.md#same-results-exactly
@pytest.mark.parametrize("app,lines,flags", [
    ("Shop", SHOP_SESSION, ["--fault", "deals=fail"]),
    ("Orders", ORDERS_SESSION, ORDERS_FLAGS),
    ("Orders", ORDERS_SESSION, ORDERS_FLAGS + ["--fault", "orders=fail-store"]),
], ids=["shop", "orders", "orders-failing-store"])
def test_a_session_prints_the_same_frames_and_banners_under_ejected(tmp_path, app, lines, flags):
    need(SCENERY, "SCENERY")
    need(EJECTED, "EJECTED")
    folder = copy_sample(tmp_path, app)
    plain = session(SCENERY, folder, lines, tmp_path, "plain", *flags)
    ejected = session(EJECTED, folder, lines, tmp_path, "ejected", *flags)
    assert ejected == plain


# checks: docs/eject.md#same-results-exactly
def test_an_error_from_the_swift_carries_the_use_case_but_no_manifest_position(tmp_path):
    need(SCENERY, "SCENERY")
    need(EJECTED, "EJECTED")
    folder = copy_sample(tmp_path, "Shop")
    lines = ["email ada@example.com", "login", "deals", "quit"]
    flags = ["--fault", "deals=fail", "--trace"]
    plain = session(SCENERY, folder, lines, tmp_path, "plain", *flags).splitlines()
    ejected = session(EJECTED, folder, lines, tmp_path, "ejected", *flags).splitlines()
    # the same banner
    banners = [l for l in plain if l.startswith("! ")]
    assert banners and banners == [l for l in ejected if l.startswith("! ")], ejected
    # the manifest's error names its step's place; the Swift's names the use case only
    plain_error = [l for l in plain if l.startswith("trace: error Deals.load")]
    swift_error = [l for l in ejected if l.startswith("trace: error Deals.load")]
    assert plain_error and re.search(r"Deals\.json:\d+:\d+", plain_error[0]), plain
    assert swift_error, ejected
    assert not re.search(r"\.json:\d+:\d+", swift_error[0]), swift_error


# checks: docs/eject.md#same-results-exactly
def test_a_frame_showing_a_record_is_the_same_under_ejected(tmp_path):
    need(SCENERY, "SCENERY")
    need(EJECTED, "EJECTED")
    folder = copy_sample(tmp_path, "Shop")
    product = json.loads((folder / "scenes" / "Product.json").read_text())
    product["view"].insert(1, {"type": "text", "text": "Record: @{state.product}"})
    (folder / "scenes" / "Product.json").write_text(json.dumps(product, indent=2))
    lines = ["email ada@example.com", "login", "open 1", "quit"]
    plain = [l for l in session(SCENERY, folder, lines, tmp_path, "plain").splitlines()
             if l.startswith("Record:")]
    assert plain and plain[0].startswith("Record: {id: 'p7', name: 'Earbuds'"), plain
    for i in range(3):
        # the manifest's edited view, kept, over the ejected use cases
        ejected = [l for l in session(EJECTED, folder, lines, tmp_path, f"ejected{i}",
                                      env={"EJECTED_VIEWS": "manifest"}).splitlines()
                   if l.startswith("Record:")]
        assert ejected == plain


# checks: docs/eject.md#same-results-exactly
def test_a_json_recording_of_the_shop_replays_under_ejected(tmp_path):
    need(SCENERY, "SCENERY")
    need(EJECTED, "EJECTED")
    copy_sample(tmp_path, "Shop")
    script = tmp_path / "s.txt"
    script.write_text("email ada@example.com\nlogin\nload phone\nsort\nopen 1\nadd\ncart\nquit\n")
    # --record keeps its state in a temporary folder of its own (and refuses --state-dir)
    r = run([SCENERY, "run", "Scenes/Shop", "--record", "rec.transcript", "--format", "json",
             "--script", script, "--width", "60"], tmp_path)
    assert r.returncode == 0, out(r)
    p = run([SCENERY, "test", "rec.transcript"], tmp_path)
    assert p.returncode == 0, out(p)
    for _ in range(3):
        p = run([EJECTED, "test", "rec.transcript"], tmp_path)
        assert p.returncode == 0 and summary_line(p) == "1 passed, 0 failed", out(p)


# ---------------------------------------------------------------- apps with Swift components

# checks: docs/cli.md#apps-with-swift-components
def test_plain_scenery_names_the_unregistered_component_and_goes_on(tmp_path):
    need(SCENERY, "SCENERY")
    folder = copy_sample(tmp_path, "Shop")
    lines = ["email ada@example.com", "login", "open 1", "add", "cart", "rewards", "back", "quit"]
    text = session(SCENERY, folder, lines, tmp_path, "plain")
    after = text[text.index("> rewards"):]
    banner = " ".join(l[2:] for l in after.splitlines() if l.startswith("! "))
    assert "loyalty" in banner or "LoyaltyAccounts" in banner, after
    assert "> back\n== Cart ==" in after, after


# checks: docs/cli.md#a-scene-in-swift
def test_a_json_use_case_calls_an_ejected_one_and_gets_its_response(tmp_path):
    """Catalog gains a JSON use case that calls `load`; the manifest's `load` is changed to
    search the category only, so its answer (2 phones) differs from the ejected Swift's (4)."""
    need(SCENERY, "SCENERY")
    need(EJECTED, "EJECTED")
    folder = copy_sample(tmp_path, "Shop")
    catalog = json.loads((folder / "scenes" / "Catalog.json").read_text())
    for step in catalog["useCases"]["load"]["interactor"]:
        if step.get("worker") == "search":
            step["args"]["fields"] = ["category"]
    catalog["useCases"]["reload"] = {"interactor": [
        {"type": "call", "useCase": "load", "request": {"query": "phone"}, "as": "r"},
        {"type": "set", "path": "state.query", "value": "@{'found ' + string(count(r.products))}"}]}
    (folder / "scenes" / "Catalog.json").write_text(json.dumps(catalog, indent=2))
    lines = ["email ada@example.com", "login", "reload", "quit"]
    plain = session(SCENERY, folder, lines, tmp_path, "plain")
    ejected = session(EJECTED, folder, lines, tmp_path, "ejected")
    assert "Search: [found 2]" in plain, plain
    assert "Search: [found 4]" in ejected, ejected
    # a scene registered for Login only leaves Catalog's manifest to run
    only = session(EJECTED, folder, lines, tmp_path, "only", env={"EJECTED_SCENES": "Login"})
    assert only == plain
