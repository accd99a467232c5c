"""Contract tests for ejected views, written from the documentation alone: docs/eject.md
(the intro, "Eject a scene", "What eject writes" and "The view", "Layouts", "How it runs in
place of the scene", "What is not there yet") and docs/cli.md ("A scene in Swift":
`registry.register(view:)` and `SceneContext.value(...)`).

Every app is written (or copied from Scenes/) into a temporary folder; eject runs with that
folder as its working directory, so `Sources` and `Templates/` are there too. Generated
Swift is read from `--no-format` output with whitespace collapsed, so the checks follow what
the docs say the code holds, not how it is laid out. Sessions always get `--state-dir`.
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


# ---------------------------------------------------------------- helpers

def need(binary, var):
    if not binary:
        pytest.skip(f"{var} is not set")


def run(args, cwd, env=None):
    full = dict(os.environ)
    full.pop("EJECTED_SCENES", None)
    full.pop("EJECTED_VIEWS", None)
    if env:
        full.update(env)
    return subprocess.run([str(a) for a in args], cwd=str(cwd), env=full,
                          capture_output=True, text=True, timeout=TIMEOUT)


def eject(cwd, *args, env=None):
    need(SCENERY, "SCENERY")
    return run([SCENERY, "eject", *args], cwd, env)


def scenery(cwd, *args):
    need(SCENERY, "SCENERY")
    return run([SCENERY, *args], cwd)


def out(p):
    return p.stdout + p.stderr


def files_under(root):
    root = Path(root)
    if not root.exists():
        return {}
    return {str(p.relative_to(root)): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def copy_sample(dest_root, name, folder="Scenes"):
    dest = Path(dest_root) / folder / name
    shutil.copytree(SAMPLES / name, dest)
    return dest


def created(p):
    return [l[len("created "):] for l in p.stdout.splitlines() if l.startswith("created ")]


def flat(text):
    """Swift text with whitespace collapsed and none just inside brackets and braces."""
    t = re.sub(r"\s+", " ", text)
    t = re.sub(r"([(\[{]) ", r"\1", t)
    t = re.sub(r" ([)\]}])", r"\1", t)
    return t.strip()


def write_app(root, app, scenes):
    root = Path(root)
    (root / "scenes").mkdir(parents=True)
    (root / "app.json").write_text(json.dumps(app, indent=2))
    for scene in scenes:
        (root / "scenes" / f"{scene['scene']}.json").write_text(json.dumps(scene, indent=2))
    return root


def validated(cwd, app):
    v = scenery(cwd, "validate", app)
    assert v.returncode == 0, "test app does not validate: " + out(v)


def edit_json(path, change):
    data = json.loads(Path(path).read_text())
    change(data)
    Path(path).write_text(json.dumps(data, indent=2))


def write_template(root, name, eject_paths):
    """A team template ROOT/Templates/NAME with an "eject" object and a file of its own."""
    t = Path(root) / "Templates" / name
    (t / "sources" / "{{Name}}").mkdir(parents=True)
    (t / "sources" / "{{Name}}" / "{{Name}}Screen.swift").write_text("enum {{Name}}Screen {}\n")
    spec = {"formatVersion": 1, "description": "Our modules", "options": {}, "eject": eject_paths}
    (t / "template.json").write_text(json.dumps(spec, indent=2))
    return t


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
                       capture_output=True, text=True, timeout=120)
    errors = [l for l in (p.stdout + p.stderr).splitlines() if ": error:" in l]
    return p.returncode, errors


_sessions = [0]


def session(binary, cwd, app, lines, *flags, env=None, width=60):
    """The frames `run --script` prints for LINES, each run with a fresh --state-dir."""
    need(binary, "SCENERY" if binary == SCENERY else "EJECTED")
    _sessions[0] += 1
    n = _sessions[0]
    script = Path(cwd) / f"script-{n}.txt"
    script.write_text("\n".join(lines) + "\n")
    state = Path(cwd) / f"state-{n}"
    state.mkdir()
    p = run([binary, "run", app, "--script", script, "--state-dir", state,
             "--width", str(width), *flags], cwd, env)
    assert p.returncode == 0, out(p)
    return p.stdout


def frame_after(text, typed):
    """The frame (and any lines) printed after the script line `> TYPED`, up to the next."""
    lines = text.splitlines()
    i = lines.index(f"> {typed}")
    rest = []
    for l in lines[i + 1:]:
        if l.startswith("> "):
            break
        rest.append(l)
    return rest


# ---------------------------------------------------------------- a showcase of components

PANTRY_APP = {
    "formatVersion": 1, "name": "Pantry", "entry": "Pantry", "env": {"greeting": "Hello"},
    "models": {"Item": {"id": "string", "name": "string", "qty": "int"}},
    "providers": {"items": {"type": "inline", "model": "[Item]",
                            "value": [{"id": "a", "name": "Apples", "qty": 3},
                                      {"id": "b", "name": "Pears", "qty": 0}]}},
}

PANTRY = {
    "formatVersion": 1, "scene": "Pantry",
    "state": {"query": {"type": "string", "default": ""},
              "note": {"type": "string?", "default": None},
              "size": {"type": "string?", "default": None},
              "shelf": {"type": "int", "default": 1},
              "busy": {"type": "bool", "default": False},
              "picked": {"type": "string?", "default": None}},
    "useCases": {
        "load": {"interactor": [{"type": "fetch", "provider": "items", "as": "all"}],
                 "response": {"items": "@{all}"},
                 "presenter": {"summary": "@{count(response.items)} items",
                               "rows": {"each": "@{response.items}", "as": "i",
                                        "value": {"title": "@{i.name}", "detail": "@{i.qty}",
                                                  "id": "@{i.id}"}}}},
        "search": {"request": {"text": "string"},
                   "interactor": [{"type": "set", "path": "state.query", "value": "@{request.text}"}]},
        "open": {"request": {"id": "string"},
                 "interactor": [{"type": "set", "path": "state.picked", "value": "@{request.id}"}]},
        "save": {"interactor": [{"type": "set", "path": "state.busy", "value": True}]}},
    "view": [
        {"type": "header", "text": "@{env.greeting}, pantry"},
        {"type": "text", "text": "@{vm.summary}"},
        {"type": "input", "label": "Search", "value": "@{state.query}", "action": "search"},
        {"type": "list", "items": "@{vm.rows}", "empty": "Nothing here", "action": "open",
         "request": {"id": "@{it.id}"}},
        {"type": "input", "label": "Note", "bind": "state.note", "word": "comment"},
        {"type": "input", "label": "Shelf", "bind": "state.shelf"},
        {"type": "choice", "label": "Size", "bind": "state.size", "options": ["small", "large"]},
        {"type": "loading", "text": "Loading now"},
        {"type": "divider"},
        {"type": "text", "text": "Picked @{state.picked}", "if": "@{state.picked != null}"},
        {"type": "group", "if": "@{state.busy}", "children": [
            {"type": "text", "text": "Saving"},
            {"type": "text", "text": "Please wait"}]},
        {"type": "button", "title": "Save", "action": "save", "enabled": "@{count(state.query) > 0}"},
        {"type": "button", "title": "Details", "route": {"to": "Details", "args": {"shelf": "@{state.shelf}"}},
         "word": "details"},
        {"type": "error"}],
    "onAppear": ["load"],
}

DETAILS = {
    "formatVersion": 1, "scene": "Details", "args": {"shelf": "int"},
    "state": {"seen": {"type": "bool", "default": False}},
    "useCases": {"look": {"interactor": [{"type": "set", "path": "state.seen", "value": True}]}},
    "view": [{"type": "header", "text": "Shelf @{args.shelf}"},
             {"type": "button", "title": "Look", "action": "look"},
             {"type": "button", "title": "Back", "action": "back"}],
}


@pytest.fixture(scope="module")
def pantry(tmp_path_factory):
    """The Pantry app, validated and ejected whole without formatting:
    (workdir, process, module dir)."""
    need(SCENERY, "SCENERY")
    work = tmp_path_factory.mktemp("pantry")
    write_app(work / "Pantry", PANTRY_APP, [PANTRY, DETAILS])
    validated(work, "Pantry")
    p = eject(work, "Pantry", "--all", "--no-format")
    return work, p, work / "Sources" / "PantryScenes"


def pantry_view(pantry):
    _, p, module = pantry
    assert p.returncode == 0, out(p)
    return flat((module / "Pantry" / "PantryView.swift").read_text())


def in_order(text, parts):
    """Each part found in TEXT after the one before; returns the first missing one."""
    at = 0
    for part in parts:
        i = text.find(part, at)
        if i < 0:
            return part
        at = i + len(part)
    return None


# ================================================================ what eject writes

DOC_LOGIN_CREATED = [
    "Sources/ShopScenes/Launch/LaunchDataFlow.swift",
    "Sources/ShopScenes/Launch/LaunchInteractor.swift",
    "Sources/ShopScenes/Launch/LaunchBuilder.swift",
    "Sources/ShopScenes/Login/LoginDataFlow.swift",
    "Sources/ShopScenes/Login/LoginInteractor.swift",
    "Sources/ShopScenes/Login/LoginBuilder.swift",
    "Sources/ShopScenes/Login/LoginView.swift",
    "Sources/ShopScenes/Models.swift",
    "Sources/ShopScenes/ShopScenes.swift",
]


# checks: docs/eject.md#what-eject-writes (`LoginView.swift` ... "none for a scene without a view")
def test_login_gets_a_view_file_and_viewless_launch_gets_none(tmp_path):
    copy_sample(tmp_path, "Shop")
    p = eject(tmp_path, "Scenes/Shop", "Launch", "Login", "--no-format")
    assert p.returncode == 0, out(p)
    assert created(p) == DOC_LOGIN_CREATED, out(p)
    module = tmp_path / "Sources" / "ShopScenes"
    assert not any("View" in n for n in files_under(module / "Launch")), sorted(files_under(module))
    view = flat((module / "Login" / "LoginView.swift").read_text())
    assert re.search(r"\benum LoginView\b", view), view
    assert "static func draw(_ scene: SceneContext, into view: inout SceneLines)" in view, view


# checks: docs/eject.md#the-view ("Login's:" the documented `enum LoginView` draw(_:into:))
def test_logins_view_is_the_swift_the_docs_show(tmp_path):
    doc = (REPO / "docs" / "eject.md").read_text()
    m = re.search(r"```swift\n(enum LoginView \{.*?\n\})\n```", doc, re.S)
    assert m, "the docs' LoginView example is not found"
    copy_sample(tmp_path, "Shop")
    p = eject(tmp_path, "Scenes/Shop", "Login", "--no-format")
    assert p.returncode == 0, out(p)
    text = (tmp_path / "Sources/ShopScenes/Login/LoginView.swift").read_text()
    g = re.search(r"(enum LoginView \{.*\n\})", text, re.S)
    assert g, text
    assert flat(g.group(1)) == flat(m.group(1))


# checks: docs/eject.md#eject-a-scene ("A file that exists already is not written over: eject lists each one, writes nothing and exits 1, unless `--force`")
def test_an_existing_view_file_blocks_eject_until_force(tmp_path):
    copy_sample(tmp_path, "Shop")
    mine = tmp_path / "Sources" / "ShopScenes" / "Login" / "LoginView.swift"
    mine.parent.mkdir(parents=True)
    mine.write_text("// my own view\n")
    before = files_under(tmp_path)
    p = eject(tmp_path, "Scenes/Shop", "Login", "--no-format")
    assert p.returncode == 1, out(p)
    assert "Sources/ShopScenes/Login/LoginView.swift" in out(p), out(p)
    assert files_under(tmp_path) == before, out(p)
    p = eject(tmp_path, "Scenes/Shop", "Login", "--no-format", "--force")
    assert p.returncode == 0, out(p)
    assert "enum LoginView" in mine.read_text()


# checks: docs/eject.md#what-eject-writes ("`register(into:only:views:)` registers ... its view with `register(view:)` — or, with `views: false`, its use cases alone")
def test_module_register_registers_views_unless_views_is_false(tmp_path):
    copy_sample(tmp_path, "Shop")
    p = eject(tmp_path, "Scenes/Shop", "--all", "--no-format")
    assert p.returncode == 0, out(p)
    text = flat((tmp_path / "Sources/ShopScenes/ShopScenes.swift").read_text())
    # callable as `register(into: registry)`, with `only` and `views` to give
    sig = re.search(r"func register\(into \w+: SceneRegistry, only \w+: Set<String>\? = nil, "
                    r"views: Bool = true\)", text)
    assert sig, text
    with_view = ["Cart", "Catalog", "Checkout", "Deals", "Login", "Orders", "Product"]
    for scene in with_view:
        call = f'registry.register(view: "{scene}", {scene}View.draw)'
        assert text.count(call) == 1, (scene, text)
        # the view's registration is the one `views: false` leaves out; the use cases' is not
        guarded = re.search(r"if views \{[^{}]*" + re.escape(call) + r"[^{}]*\}", text)
        assert guarded, (scene, text)
        assert f'registry.register(scene: "{scene}"' not in guarded.group(0), guarded.group(0)
        assert f'registry.register(scene: "{scene}", {scene}Builder.useCases)' in text, scene
    assert 'register(view: "Launch"' not in text, text


# checks: docs/cli.md#a-scene-in-swift (`registry.register(view: "Login", LoginView.draw)` draws each frame ... adds the components to a `SceneLines`)
def test_a_showcase_module_with_every_component_type_checks(pantry, tmp_path):
    _, p, module = pantry
    assert p.returncode == 0, out(p)
    assert (module / "Pantry" / "PantryView.swift").is_file(), out(p)
    assert (module / "Details" / "DetailsView.swift").is_file(), out(p)
    code, errors = typecheck(sorted(module.rglob("*.swift")), "PantryScenes", tmp_path)
    assert code == 0 and not errors, "\n".join(errors)


# checks: docs/eject.md#the-view ("adds the frame's components to a `SceneLines` in the order the manifest lists them" and the component table)
def test_each_component_becomes_its_documented_call_in_manifest_order(pantry):
    view = pantry_view(pantry)
    missing = in_order(view, [
        "view.header {",                  # header
        "view.text {",                    # text
        "view.input(label:",              # input with an action
        "view.list(items:",               # list
        "view.input(label:",              # bound input with a word
        "view.input(label:",              # bound input
        "view.choice(label:",             # choice
        "view.loading {",                 # loading
        "view.divider()",                 # divider
        "if view.holds(",                 # a component's if
        "if view.holds(",                 # a group's if
        "view.button(title:",             # button with enabled
        "view.button(title:",             # route button
        "view.errors()",                  # error
    ])
    assert missing is None, f"{missing!r} missing or out of order in:\n{view}"
    assert view.count("view.input(") == 3 and view.count("view.button(") == 2, view


# checks: docs/eject.md#the-view (`list` ... `view.list(items: { … }, empty: { … }, action: WORD)`: items ... read as its presenter's row struct, `[Cart.Load.RowsRow]?`)
def test_a_list_reads_its_items_as_the_presenters_row_struct(pantry):
    view = pantry_view(pantry)
    m = re.search(r'view\.list\(items: \{(.*?)\}, empty: \{(.*?)\}, action: "open"\)', view)
    assert m, view
    assert 'scene.value("vm.rows", as: [Pantry.Load.RowsRow]?.self)' in m.group(1), m.group(0)
    assert '"Nothing here"' in m.group(2), m.group(0)
    # the row's request stays the manifest's: nothing of it is in the Swift
    assert "it.id" not in view and "request" not in view, view


# checks: docs/eject.md#the-view (`input` | `view.input(label:value:word:bound:)`; without `value`, a bound input shows what its path holds; `choice` | `view.choice(label:word:path:options:)`)
def test_inputs_and_choices_carry_their_words_and_paths(pantry):
    view = pantry_view(pantry)
    inputs = re.findall(r"view\.input\(label: \{(.*?)\}, value: \{(.*?)\}, word: \"(\w+)\"(, bound: true)?\)",
                        view)
    assert [(i[2], bool(i[3])) for i in inputs] == [
        ("search", False), ("comment", True), ("shelf", True)], view
    assert '"Search"' in inputs[0][0] and 'scene.value("state.query"' in inputs[0][1], inputs[0]
    # no `value`: the bound inputs show what their paths hold
    assert 'scene.value("state.note"' in inputs[1][1], inputs[1]
    assert 'scene.value("state.shelf"' in inputs[2][1], inputs[2]
    choice = re.search(r'view\.choice\(label: \{(.*?)\}, word: "size", path: "state\.size", '
                       r'options: \{(.*?)\}\)', view)
    assert choice, view
    assert '"Size"' in choice.group(1) and '"small", "large"' in choice.group(2), choice.group(0)


# checks: docs/eject.md#the-view (`button` | `view.button(title:action:enabled:)`, the word a route button is pressed by as its `action`)
def test_buttons_carry_enabled_and_a_route_buttons_word(pantry):
    view = pantry_view(pantry)
    save = re.search(r'view\.button\(title: \{ ?"Save" ?\}, action: "save", enabled: \{(.*?)\}\)', view)
    assert save, view
    assert 'scene.value("state.query", as: String.self)' in save.group(1), save.group(0)
    assert re.search(r'view\.button\(title: \{ ?"Details" ?\}, action: "details"\)', view), view
    # the route itself (and its args) stays the manifest's
    assert view.count('"Details"') == 1 and "args.shelf" not in view, view


# checks: docs/eject.md#the-view (an `if`, a `group` | `if view.holds({ … }) { … }` around the component, or around all a group's children)
def test_an_if_and_a_group_become_view_holds_around_their_components(pantry):
    view = pantry_view(pantry)
    assert view.count("if view.holds(") == 2, view
    assert view.count("view.holds(") == 2, view   # the group's children have no if of their own
    picked = view.index("if view.holds(")
    group = view.index("if view.holds(", picked + 1)
    first_if = view[picked:group]
    assert 'scene.value("state.picked"' in first_if and "Picked" in first_if, first_if
    rest = view[group:]
    m = re.match(r'if view\.holds\(\{(.*?)\}\) \{(.*?)\} view\.button', rest)
    assert m, rest
    assert 'scene.value("state.busy", as: Bool.self)' in m.group(1), m.group(1)
    assert '"Saving"' in m.group(2) and '"Please wait"' in m.group(2), m.group(2)


# checks: docs/eject.md#the-view ("`vm.FIELD` is read as the type its presenters give it, made optional") and docs/cli.md#a-scene-in-swift (`value(...)` reads `args.f`, `env.NAME` and `vm.f`)
def test_view_reads_vm_as_optional_and_env_and_args_through_value(pantry):
    view = pantry_view(pantry)
    assert 'scene.value("vm.summary", as: String?.self)' in view, view
    assert 'scene.value("env.greeting", as: String.self)' in view, view   # env is read as text
    _, _, module = pantry
    details = flat((module / "Details" / "DetailsView.swift").read_text())
    assert 'scene.value("args.shelf", as: Int.self)' in details, details


TALLY_APP = '{ "formatVersion": 1, "name": "Tally", "entry": "Tally" }\n'
TALLY_SCENE = '''\
{ "formatVersion": 1, "scene": "Tally",
  "state": { "count": { "type": "int", "default": 0 } },
  "useCases": {
    "add": { "interactor": [ { "type": "set", "path": "state.count", "value": "@{state.count + 1}" } ],
             "response": { "count": "@{state.count}" },
             "presenter": { "total": "@{response.count}" } },
    "word": { "interactor": [], "response": { "count": "@{state.count}" },
              "presenter": { "total": "@{plural(response.count, 'one', 'many')}" } } },
  "view": [ { "type": "text", "text": "Total: @{vm.total}" },
            { "type": "button", "title": "Add", "action": "add" } ] }
'''
TALLY_OUTPUT = """\
note: the view of 'Tally' stays the manifest's: Tally/scenes/Tally.json:9:52: the type of 'vm.total' is not known: 'add' and 'word' give it different types
created Sources/TallyScenes/Tally/TallyDataFlow.swift
created Sources/TallyScenes/Tally/TallyInteractor.swift
created Sources/TallyScenes/Tally/TallyPresenter.swift
created Sources/TallyScenes/Tally/TallyBuilder.swift
created Sources/TallyScenes/TallyScenes.swift
note: register the scenes in the app's executable with 'TallyScenes.register(into: registry)'; its target depends on SceneRuntime, SceneManifest and VIP
"""


# checks: docs/eject.md#the-view ("a view-model field two use cases give as different types ... Eject says so in a `note:` with the place")
def test_tally_view_stays_the_manifests_as_documented(tmp_path):
    (tmp_path / "Tally" / "scenes").mkdir(parents=True)
    (tmp_path / "Tally" / "app.json").write_text(TALLY_APP)
    (tmp_path / "Tally" / "scenes" / "Tally.json").write_text(TALLY_SCENE)
    validated(tmp_path, "Tally")
    p = eject(tmp_path, "Tally", "--all")
    assert p.returncode == 0, out(p)
    assert out(p) == TALLY_OUTPUT, out(p)
    register = flat((tmp_path / "Sources/TallyScenes/TallyScenes.swift").read_text())
    assert "register(view:" not in register, register
    assert 'registry.register(scene: "Tally"' in register, register


def dial_scene(view):
    return {"formatVersion": 1, "scene": "Dial",
            "state": {"n": {"type": "int", "default": 0}},
            "useCases": {
                "bump": {"interactor": [{"type": "set", "path": "state.n", "value": "@{state.n + 1}"}],
                         "response": {"n": "@{state.n}"},
                         "presenter": {"label": "@{response.n} turns"}},
                "fancy": {"interactor": [], "response": {"n": "@{state.n}"},
                          "presenter": {"swift": "FancyPresenter"}}},
            "view": view}


# checks: docs/eject.md#the-view ("A view is left to the manifest ... when it reads a value with no type before running: ... any view-model field when a presenter of the scene is in Swift")
def test_a_swift_presenter_leaves_a_view_reading_vm_to_the_manifest(tmp_path):
    button = {"type": "button", "title": "Bump", "action": "bump"}
    write_app(tmp_path / "Dial", {"formatVersion": 1, "name": "Dial", "entry": "Dial"},
              [dial_scene([{"type": "text", "text": "@{vm.label}"}, button])])
    write_app(tmp_path / "Still", {"formatVersion": 1, "name": "Still", "entry": "Dial"},
              [dial_scene([{"type": "text", "text": "@{state.n} turns"}, button])])
    validated(tmp_path, "Dial")
    validated(tmp_path, "Still")
    p = eject(tmp_path, "Dial", "--all", "--no-format")
    assert p.returncode == 0, out(p)
    notes = [l for l in p.stdout.splitlines()
             if l.startswith("note: the view of 'Dial' stays the manifest's: ")]
    assert len(notes) == 1, out(p)
    assert re.search(r"Dial/scenes/Dial\.json:\d+:\d+: .*'vm\.label'", notes[0]), notes
    assert "fancy" in notes[0], notes
    assert not [c for c in created(p) if c.endswith("View.swift")], out(p)
    assert "Sources/DialScenes/Dial/DialBuilder.swift" in created(p), out(p)
    # a view that reads no view-model field has nothing without a type: it is ejected
    q = eject(tmp_path, "Still", "--all", "--no-format")
    assert q.returncode == 0, out(q)
    assert "stays the manifest's" not in out(q), out(q)
    assert "Sources/StillScenes/Dial/DialView.swift" in created(q), out(q)


# checks: docs/eject.md#the-view ("two lists of rows with the same fields are one type")
def test_two_use_cases_presenting_rows_with_the_same_fields_keep_the_view(tmp_path):
    rows = lambda src: {"each": src, "as": "w", "value": {"title": "@{w}", "detail": "@{count(w)}"}}
    write_app(tmp_path / "Twin", {"formatVersion": 1, "name": "Twin", "entry": "Twin"}, [{
        "formatVersion": 1, "scene": "Twin",
        "state": {"a": {"type": "[string]", "default": ["x"]},
                  "b": {"type": "[string]", "default": ["yy", "zzz"]}},
        "useCases": {
            "first": {"interactor": [], "response": {"l": "@{state.a}"},
                      "presenter": {"rows": rows("@{response.l}")}},
            "second": {"interactor": [], "response": {"l": "@{state.b}"},
                       "presenter": {"rows": rows("@{response.l}")}}},
        "view": [{"type": "list", "items": "@{vm.rows}", "empty": "none"}]}])
    validated(tmp_path, "Twin")
    p = eject(tmp_path, "Twin", "--all", "--no-format")
    assert p.returncode == 0, out(p)
    assert "stays the manifest's" not in out(p), out(p)
    view = flat((tmp_path / "Sources/TwinScenes/Twin/TwinView.swift").read_text())
    assert re.search(r'view\.list\(items: \{ ?try scene\.value\("vm\.rows", as: \[Twin\.\w+\.\w+\]\?\.self\) ?\}',
                     view), view
    code, errors = typecheck(sorted((tmp_path / "Sources").rglob("*.swift")), "TwinScenes", tmp_path)
    assert code == 0 and not errors, "\n".join(errors)


# checks: docs/eject.md#the-view ("A view is left to the manifest, and the rest of the scene ejected, when it reads ... a construct eject refuses")
def test_a_refused_construct_in_the_view_leaves_only_the_view_to_the_manifest(tmp_path):
    scene = {"formatVersion": 1, "scene": "Mixed",
             "state": {"n": {"type": "int", "default": 0}},
             "useCases": {"go": {"interactor": [{"type": "set", "path": "state.n",
                                                 "value": "@{state.n + 1}"}]}},
             "view": [{"type": "text", "text": "@{count([1, 'a'])} things"},
                      {"type": "button", "title": "Go", "action": "go"}]}
    write_app(tmp_path / "Mixed", {"formatVersion": 1, "name": "Mixed", "entry": "Mixed"}, [scene])
    validated(tmp_path, "Mixed")
    text = (tmp_path / "Mixed/scenes/Mixed.json").read_text()
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "count([1, 'a'])" in l)
    p = eject(tmp_path, "Mixed", "--all", "--no-format")
    assert p.returncode == 0, out(p)
    notes = [l for l in p.stdout.splitlines()
             if l.startswith("note: the view of 'Mixed' stays the manifest's: ")]
    assert len(notes) == 1, out(p)
    assert f"Mixed/scenes/Mixed.json:{line}:" in notes[0], (line, notes)
    assert "Sources/MixedScenes/Mixed/MixedInteractor.swift" in created(p), out(p)
    assert not [c for c in created(p) if c.endswith("View.swift")], out(p)


# ================================================================ layouts

LAYOUT_VIEW = {"yarch": "Login/LoginView.swift", "stt": "Login/View/LoginView.swift",
               "clean-swift": "Login/LoginView.swift"}


# checks: docs/eject.md#layouts (the `view` column: `Login/LoginView.swift`, `Login/View/LoginView.swift`, `Login/LoginView.swift`)
def test_each_builtin_layout_puts_the_view_where_its_column_says(tmp_path):
    copy_sample(tmp_path, "Shop")
    for template, where in LAYOUT_VIEW.items():
        p = eject(tmp_path, "Scenes/Shop", "Login", "Launch", "--template", template, "--no-format",
                  "--output", template)
        assert p.returncode == 0, out(p)
        module = tmp_path / template / "ShopScenes"
        views = [n for n in files_under(module) if n.endswith("View.swift")]
        assert views == [where], (template, views)
        text = (module / where).read_text()
        assert re.search(r"\benum LoginView\b", text), text
        assert 'registry.register(view: "Login", LoginView.draw)' in \
            flat((module / "ShopScenes.swift").read_text()), template


# checks: docs/eject.md#layouts ("optionally `view` ... The builder's and the view's types are their files' names")
def test_a_team_templates_view_path_places_and_names_the_view(tmp_path):
    copy_sample(tmp_path, "Shop")
    write_template(tmp_path, "team", {
        "dataFlow": "sources/{{Name}}/{{Name}}DataFlow.swift",
        "interactor": "sources/{{Name}}/Logic/{{Name}}Interactor.swift",
        "presenter": "sources/{{Name}}/Logic/{{Name}}Presenter.swift",
        "builder": "sources/{{Name}}/{{Name}}Wiring.swift",
        "view": "sources/{{Name}}/Screens/{{name}}/{{Name}}Screen.swift"})
    p = eject(tmp_path, "Scenes/Shop", "Login", "Cart", "Launch", "--template", "team", "--no-format")
    assert p.returncode == 0, out(p)
    module = tmp_path / "Sources" / "ShopScenes"
    views = sorted(n for n in files_under(module) if "Screen" in n or n.endswith("View.swift"))
    assert views == ["Cart/Screens/cart/CartScreen.swift", "Login/Screens/login/LoginScreen.swift"], views
    login = flat((module / "Login/Screens/login/LoginScreen.swift").read_text())
    assert re.search(r"\benum LoginScreen \{", login), login
    assert "static func draw(_ scene: SceneContext, into view: inout SceneLines)" in login, login
    register = flat((module / "ShopScenes.swift").read_text())
    assert 'registry.register(view: "Login", LoginScreen.draw)' in register, register
    assert 'registry.register(view: "Cart", CartScreen.draw)' in register, register
    assert "LoginView" not in register and "CartView" not in register, register


# checks: docs/eject.md#layouts ("a template without `view` puts the view beside the DataFlow, as `{{Name}}View.swift`")
def test_a_team_template_without_view_puts_it_beside_the_dataflow(tmp_path):
    copy_sample(tmp_path, "Shop")
    write_template(tmp_path, "team", {
        "dataFlow": "sources/Flows/{{name}}/{{Name}}Flow.swift",
        "interactor": "sources/Logic/{{Name}}Interactor.swift",
        "presenter": "sources/Logic/{{Name}}Presenter.swift",
        "builder": "sources/Wiring/{{Name}}Setup.swift"})
    p = eject(tmp_path, "Scenes/Shop", "Login", "Catalog", "Launch", "--template", "team", "--no-format")
    assert p.returncode == 0, out(p)
    module = tmp_path / "Sources" / "ShopScenes"
    views = sorted(n for n in files_under(module) if n.endswith("View.swift"))
    assert views == ["Flows/catalog/CatalogView.swift", "Flows/login/LoginView.swift"], views
    assert re.search(r"\benum CatalogView\b", (module / views[0]).read_text())
    register = flat((module / "ShopScenes.swift").read_text())
    assert 'registry.register(view: "Catalog", CatalogView.draw)' in register, register


STT_PATHS = {
    "builder": "sources/{{Name}}/Assembler/{{Name}}Assembler.swift",
    "dataFlow": "sources/{{Name}}/{{Name}}DataFlow.swift",
    "interactor": "sources/{{Name}}/Interactor/{{Name}}Interactor.swift",
    "presenter": "sources/{{Name}}/Presenter/{{Name}}Presenter.swift",
}

def bad(**paths):
    return dict(STT_PATHS, **paths)


# (id, [(an "eject" object, words the error must hold), …])
BAD_VIEW_PATHS = [
    ("outside-sources-or-not-swift", [
        (bad(view="tests/{{Name}}/{{Name}}View.swift"), ["tests/{{Name}}/{{Name}}View.swift"]),
        (bad(view="sources/../{{Name}}View.swift"), ["sources/../{{Name}}View.swift"]),
        (bad(view="sources/{{Name}}/{{Name}}View.txt"), ["sources/{{Name}}/{{Name}}View.txt"])]),
    ("not-named-as-a-swift-type", [
        (bad(view="sources/{{Name}}/struct.swift"), ["struct.swift"]),
        (bad(view="sources/{{Name}}/{{Name}}-view.swift"), ["{{Name}}-view.swift"])]),
    ("named-as-a-scene-the-module-or-Models", [
        (bad(view="sources/{{Name}}/Screens/{{Name}}.swift"), []),
        (bad(view="sources/{{Name}}/{{Module}}.swift"), []),
        (bad(view="sources/{{Name}}/Models.swift"), [])]),
    ("named-as-another-scenes-view-or-builder", [
        (bad(view="sources/{{Name}}/LoginView.swift"), []),
        (bad(view="sources/{{Name}}/Screens/LoginAssembler.swift"), [])]),
    ("two-files-in-one-place-or-two-roles-in-one-file", [
        (bad(view="sources/Views/TheView.swift"), []),
        (bad(view="sources/{{Module}}.swift"), []),
        (bad(view=STT_PATHS["dataFlow"]), ["dataFlow", "view"]),
        (bad(view=STT_PATHS["builder"]), ["builder", "view"])]),
    ("unknown-placeholder-or-role", [
        (bad(view="sources/{{Name}}/{{Scene}}View.swift"), ["Scene"]),
        (bad(veiw="sources/{{Name}}/View/{{Name}}View.swift"), ["veiw", "did you mean 'view'"])]),
]


# checks: docs/eject.md#layouts ("a path outside `sources/` or not a `.swift` file, two roles in one file, paths that put two files in one place ..., a builder or view file not named as a Swift type ..., a builder or view named as a scene, the module, `Models` or another scene's builder or view, or a placeholder other than those three is refused before anything is written")
@pytest.mark.parametrize("specs", [r[1] for r in BAD_VIEW_PATHS], ids=[r[0] for r in BAD_VIEW_PATHS])
def test_a_bad_view_path_is_refused_before_anything_is_written(tmp_path, specs):
    copy_sample(tmp_path, "Shop")
    for i, (spec, words) in enumerate(specs):
        name = f"team{i}"
        write_template(tmp_path, name, spec)
        before = files_under(tmp_path)
        p = eject(tmp_path, "Scenes/Shop", "Login", "Catalog", "--template", name, "--no-format")
        assert p.returncode == 1, (spec, out(p))
        errors = [l for l in p.stderr.splitlines() if l.startswith("error:")]
        assert errors and name in errors[0], (spec, out(p))
        assert p.stderr.strip().endswith("nothing was written"), (spec, out(p))
        for word in words:
            assert word in p.stderr, f"{word!r} not in: {out(p)}"
        assert files_under(tmp_path) == before, (spec, out(p))


# ================================================================ running in place of the scene

SHOP_LINES = ["help", "login", "email ada@example.com", "login", "load phone", "sort", "open 1", "add",
              "cart", "remove 1", "back", "open 2", "add", "add", "cart", "checkout",
              "phone 12", "cancel", "back", "orders", "back", "sort", "logout", "quit"]
ORDERS_LINES = ["help", "open 1", "edit", "help", "firstName Ada", "shipping EXPRESS", "gift yes", "save",
                "back", "open 2", "delete", "new", "save", "quantity 0", "shipping expres",
                "zip 1", "back", "quit"]


def orders_flags(app):
    return ["--now", "2026-01-01T00:00:00Z", "--seed", "0",
            "--fixture", f"orders={app / 'tests' / 'seeds' / 'two.json'}"]


# checks: docs/eject.md#how-it-runs-in-place-of-the-scene ("Once a scene's view is registered, its frames are the Swift's") and #the-view ("Scenery draws the scene's frames with it in place of the manifest's view")
def test_frames_under_ejected_equal_plain_sceneries(tmp_path):
    need(EJECTED, "EJECTED")
    for sample in ["Shop", "Orders"]:
        app = copy_sample(tmp_path, sample)
        if sample == "Shop":
            lines, flags = SHOP_LINES, ["--locale", "ru_RU"]
        else:
            lines, flags = ORDERS_LINES, orders_flags(app)
        plain = session(SCENERY, tmp_path, f"Scenes/{sample}", lines, *flags, width=44)
        swift = session(EJECTED, tmp_path, f"Scenes/{sample}", lines, *flags, width=44)
        kept = session(EJECTED, tmp_path, f"Scenes/{sample}", lines, *flags, width=44,
                       env={"EJECTED_VIEWS": "manifest"})
        assert swift == plain, sample
        assert kept == plain, sample


def edit_order_list(app):
    def change(d):
        d["view"][0]["text"] = "All the orders"
        d["view"].insert(1, {"type": "text", "text": "Edited view"})
    edit_json(app / "scenes" / "OrderList.json", change)


# checks: docs/eject.md#how-it-runs-in-place-of-the-scene ("a change to the manifest's view shows under plain `scenery`, or ... with the manifests' views kept (`views: false`; `EJECTED_VIEWS=manifest` for `ejected`)")
def test_an_edited_manifest_view_shows_under_plain_and_manifest_views_only(tmp_path):
    need(EJECTED, "EJECTED")
    app = copy_sample(tmp_path, "Orders")
    edit_order_list(app)
    validated(tmp_path, "Scenes/Orders")
    flags = orders_flags(app)
    plain = session(SCENERY, tmp_path, "Scenes/Orders", ["quit"], *flags).splitlines()
    kept = session(EJECTED, tmp_path, "Scenes/Orders", ["quit"], *flags,
                   env={"EJECTED_VIEWS": "manifest"}).splitlines()
    swift = session(EJECTED, tmp_path, "Scenes/Orders", ["quit"], *flags).splitlines()
    assert plain[:2] == ["== All the orders ==", "Edited view"], plain
    assert kept == plain
    assert swift[0] == "== Orders ==" and "Edited view" not in swift, swift
    assert swift[1:] == plain[2:], (swift, plain)


# checks: docs/eject.md#how-it-runs-in-place-of-the-scene ("`EJECTED_SCENES=Cart,Login` registers only the scenes named, as if they alone had been ejected")
def test_ejected_scenes_registers_only_the_named_scenes_views(tmp_path):
    need(EJECTED, "EJECTED")
    app = copy_sample(tmp_path, "Orders")
    edit_order_list(app)
    flags = orders_flags(app)
    others = session(EJECTED, tmp_path, "Scenes/Orders", ["quit"], *flags,
                     env={"EJECTED_SCENES": "OrderForm,OrderDetails"}).splitlines()
    assert others[:2] == ["== All the orders ==", "Edited view"], others
    alone = session(EJECTED, tmp_path, "Scenes/Orders", ["quit"], *flags,
                    env={"EJECTED_SCENES": "OrderList"}).splitlines()
    assert alone[0] == "== Orders ==" and "Edited view" not in alone, alone
    kept = session(EJECTED, tmp_path, "Scenes/Orders", ["quit"], *flags,
                   env={"EJECTED_SCENES": "OrderList", "EJECTED_VIEWS": "manifest"}).splitlines()
    assert kept[:2] == ["== All the orders ==", "Edited view"], kept


# checks: docs/eject.md#the-view ("whether a button is enabled when its word is typed — stays declared in the manifest's view") and docs/manifest.md (a disabled button's action is refused with the reason)
def test_a_disabled_buttons_word_is_refused_under_ejected_as_under_scenery(tmp_path):
    need(EJECTED, "EJECTED")
    copy_sample(tmp_path, "Shop")
    lines = ["login", "email ada@example.com", "login", "quit"]
    plain = session(SCENERY, tmp_path, "Scenes/Shop", lines)
    swift = session(EJECTED, tmp_path, "Scenes/Shop", lines)
    refused = frame_after(swift, "login")
    assert refused and refused[0].startswith("error: 'login'") and "disabled" in refused[0], swift
    assert "[ Sign in ] (disabled)" in swift.splitlines()[:4], swift
    assert swift == plain


# checks: docs/eject.md#the-view ("so a frame drawn differently from it works as the manifest says")
def test_a_button_drawn_enabled_by_the_swift_is_refused_as_the_manifest_says(tmp_path):
    need(EJECTED, "EJECTED")
    app = copy_sample(tmp_path, "Shop")
    edit_json(app / "scenes" / "Login.json",
              lambda d: d["view"][2].__setitem__("enabled", "@{count(state.email) > 3}"))
    validated(tmp_path, "Scenes/Shop")
    lines = ["email ab", "login", "email ab@example.com", "login", "quit"]
    plain = session(SCENERY, tmp_path, "Scenes/Shop", lines)
    swift = session(EJECTED, tmp_path, "Scenes/Shop", lines)
    # the manifest's view draws it disabled; the ejected view (count > 0) enabled
    assert "[ Sign in ] (disabled)" in frame_after(plain, "email ab"), plain
    assert "[ Sign in ]" in frame_after(swift, "email ab"), swift
    # typed, the word is refused under both, as the manifest says
    assert frame_after(swift, "login")[0] == frame_after(plain, "login")[0], (swift, plain)
    assert "disabled" in frame_after(swift, "login")[0], swift
    assert "== Catalog ==" in swift.split("> login")[-1], swift


# checks: docs/eject.md#the-view ("What each word does — a bound input's path and rules ... stays declared in the manifest's view")
def test_a_bound_inputs_path_and_rules_stay_the_manifests(tmp_path):
    need(EJECTED, "EJECTED")
    app = copy_sample(tmp_path, "Orders")

    def change(d):
        for c in d["view"]:
            if c.get("bind") == "state.form.note":
                c["bind"], c["word"] = "state.form.street", "note"
            if c.get("bind") == "state.form.zip":
                c["pattern"] = "[0-9]{3}"
    edit_json(app / "scenes" / "OrderForm.json", change)
    validated(tmp_path, "Scenes/Orders")
    lines = ["new", "note Baker St", "zip 123", "save", "quit"]
    flags = orders_flags(app)
    plain = session(SCENERY, tmp_path, "Scenes/Orders", lines, *flags)
    swift = session(EJECTED, tmp_path, "Scenes/Orders", lines, *flags)
    typed = frame_after(swift, "note Baker St")
    # the word sets the manifest's path; the ejected Note input still draws state.form.note
    assert "Street: [Baker St]  > street" in typed, typed
    assert "Note: []  > note" in typed, typed
    assert "Note: [Baker St]  > note" in frame_after(plain, "note Baker St"), plain
    # the manifest's new pattern is the rule checked: 123 is a ZIP now
    saved = frame_after(swift, "save")
    zip_at = saved.index("ZIP: [123]  > zip")
    assert not saved[zip_at + 1].startswith("! "), saved
    # apart from the Note line the ejected view draws from its own path, the frames agree
    def but_note(text):
        return [l for l in text.splitlines() if not l.startswith("Note: ")]
    assert but_note(swift) == but_note(plain)


# checks: docs/eject.md#the-view ("What each word does — ... a list row's `request` ... stays declared in the manifest's view")
def test_a_list_rows_request_stays_the_manifests(tmp_path):
    need(EJECTED, "EJECTED")
    app = copy_sample(tmp_path, "Shop")

    def change(d):
        for c in d["view"]:
            if c["type"] == "list":
                c["request"] = {"productId": "nothing"}
    edit_json(app / "scenes" / "Cart.json", change)
    validated(tmp_path, "Scenes/Shop")
    lines = ["email ada@example.com", "login", "open 1", "add", "cart", "remove 1", "quit"]
    plain = session(SCENERY, tmp_path, "Scenes/Shop", lines)
    swift = session(EJECTED, tmp_path, "Scenes/Shop", lines)
    after = frame_after(swift, "remove 1")
    assert after[0] == "== Cart ==" and after[1].startswith("1. "), after   # the row stays
    assert swift == plain


# checks: docs/eject.md#the-view (`input` | "without `value`, a bound input shows what its path holds, or nothing")
def test_a_bound_input_without_value_shows_its_path_under_ejected(tmp_path):
    need(EJECTED, "EJECTED")
    app = copy_sample(tmp_path, "Orders")
    form = json.loads((app / "scenes" / "OrderForm.json").read_text())
    first = next(c for c in form["view"] if c.get("bind") == "state.form.firstName")
    assert "value" not in first, first   # the sample's input has no `value`
    lines = ["new", "firstName Ada", "firstName", "quit"]
    swift = session(EJECTED, tmp_path, "Scenes/Orders", lines, *orders_flags(app))
    assert "First name: []  > firstName" in frame_after(swift, "new"), swift
    assert "First name: [Ada]  > firstName" in frame_after(swift, "firstName Ada"), swift
    assert "First name: []  > firstName" in frame_after(swift, "firstName"), swift


# checks: docs/eject.md#the-view ("a value that fails leaves its component out (a button shows its word as its title ...) and its failure shows in the banner")
def test_a_failing_title_in_the_swift_shows_the_buttons_word_and_a_banner(tmp_path):
    """Catalog's `state.order` is renamed in the manifest: the ejected view still reads
    `state.order` for the sort button's title, which fails."""
    need(EJECTED, "EJECTED")
    app = copy_sample(tmp_path, "Shop")
    path = app / "scenes" / "Catalog.json"
    text = path.read_text()
    text = text.replace('"order":', '"direction":', 1).replace("state.order", "state.direction")
    path.write_text(text)
    validated(tmp_path, "Scenes/Shop")
    lines = ["email ada@example.com", "login", "quit"]
    plain = frame_after(session(SCENERY, tmp_path, "Scenes/Shop", lines), "login")
    assert "[ Sort: cheapest first ]" in plain, plain
    swift = frame_after(session(EJECTED, tmp_path, "Scenes/Shop", lines), "login")
    assert "[ sort ]" in swift, swift
    banners = [l for l in swift if l.startswith("! ")]
    assert any("state.order" in b for b in banners), swift
    # the other components are drawn as ever
    assert "[ Deals ]" in swift and "[ Orders ]" in swift, swift


# checks: docs/cli.md#a-scene-in-swift (`value(...)` reads ... `args.f` ... and `vm.f` (null until a presenter gives it)) and docs/eject.md#the-view ("a field no use case has presented yet is null")
def test_an_ejected_view_reads_args_and_a_vm_field_not_yet_presented(tmp_path):
    need(EJECTED, "EJECTED")
    app = copy_sample(tmp_path, "Orders")
    lines = ["open 1", "edit", "back", "back", "new", "quit"]
    swift = session(EJECTED, tmp_path, "Scenes/Orders", lines, *orders_flags(app))
    plain = session(SCENERY, tmp_path, "Scenes/Orders", lines, *orders_flags(app))
    assert frame_after(swift, "edit")[0] == "== Edit order ==", swift      # args.orderId given
    assert "First name: [Alan]  > firstName" in frame_after(swift, "edit"), swift
    assert frame_after(swift, "new")[0] == "== New order ==", swift        # args.orderId null
    assert swift == plain
    # OrderDetails' load fails, so nothing presents `vm.name`: `vm.name ?? 'Order'` is 'Order'
    flags = ["--scene", "OrderDetails", "--arg", "orderId=x", "--fault", "orders=fail"]
    swift = session(EJECTED, tmp_path, "Scenes/Orders", ["quit"], *orders_flags(app), *flags)
    plain = session(SCENERY, tmp_path, "Scenes/Orders", ["quit"], *orders_flags(app), *flags)
    assert swift.splitlines()[0] == "== Order ==", swift
    assert swift == plain


# checks: docs/eject.md#what-is-not-there-yet ("`--coverage` counts no component of a view drawn in Swift as shown")
def test_coverage_counts_no_component_of_a_swift_view(tmp_path):
    need(EJECTED, "EJECTED")
    copy_sample(tmp_path, "Orders")

    def components(env):
        p = run([EJECTED, "test", "Scenes/Orders", "--coverage", tmp_path / "c.info"], tmp_path, env)
        assert p.returncode == 0, out(p)
        found = {}
        for m in re.finditer(r"^coverage: Scenes/Orders/scenes/(\w+)\.json .*?(\d+)/(\d+) components",
                             p.stdout, re.M):
            found[m.group(1)] = (int(m.group(2)), int(m.group(3)))
        assert set(found) == {"OrderDetails", "OrderForm", "OrderList"}, out(p)
        return found

    swift = components(None)
    kept = components({"EJECTED_VIEWS": "manifest"})
    for scene, (shown, total) in swift.items():
        assert total > 0 and shown == 0, swift
        assert kept[scene][1] == total and kept[scene][0] > 0, kept
