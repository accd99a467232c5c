"""Contract tests for `scenery eject --template`, written from the documentation alone:
docs/eject.md ("Layouts", "How it runs in place of the scene", "What is not there yet"),
docs/cli.md ("scenery eject", "Team templates") and docs/performance.md ("Ejected scenes").

Every app and template is written (or copied from Scenes/) into a temporary folder and
eject runs with that folder as its working directory, so the default `Sources` and a
`Templates/` found "here" are there too. Layouts are compared from `--no-format` output,
so only where a file goes and what it holds matter, not how `swift format` lays it out.
No benchmark is run: the benchmark executable is only asked for an unknown row.
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
BENCH = os.environ.get("SCENERY_BENCHMARKS")
REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "Scenes"
FORMAT_CONFIGURATION = REPO / ".ci" / "swift-format.json"
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
    """The paths eject's `created …` lines name, in order."""
    return [l[len("created "):] for l in p.stdout.splitlines() if l.startswith("created ")]


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


TOP_LEVEL_TYPE = re.compile(
    r"^(?:public |internal |fileprivate |private )?(?:final )?(?:enum|struct|class|actor|protocol)"
    r"\s+(`?\w+`?)", re.M)


def top_level_types(module_dir):
    """(type name, file) for each type declared at the top of a file of the module."""
    found = []
    for f in sorted(Path(module_dir).rglob("*.swift")):
        for m in TOP_LEVEL_TYPE.finditer(f.read_text()):
            found.append((m.group(1), str(f.relative_to(module_dir))))
    return found


# ---------------------------------------------------------------- the layouts of the docs

ROLES = ["dataFlow", "interactor", "presenter", "builder", "view"]

# docs/eject.md, "Layouts": where each file goes, and the builder's type.
LAYOUTS = {
    "yarch": {"dataFlow": "{N}/{N}DataFlow.swift", "interactor": "{N}/{N}Interactor.swift",
              "presenter": "{N}/{N}Presenter.swift", "builder": "{N}/{N}Builder.swift",
              "view": "{N}/{N}View.swift", "type": "{N}Builder"},
    "stt": {"dataFlow": "{N}/{N}DataFlow.swift", "interactor": "{N}/Interactor/{N}Interactor.swift",
            "presenter": "{N}/Presenter/{N}Presenter.swift",
            "builder": "{N}/Assembler/{N}Assembler.swift", "view": "{N}/View/{N}View.swift",
            "type": "{N}Assembler"},
    "clean-swift": {"dataFlow": "{N}/{N}Models.swift", "interactor": "{N}/{N}Interactor.swift",
                    "presenter": "{N}/{N}Presenter.swift",
                    "builder": "{N}/{N}Configurator.swift", "view": "{N}/{N}View.swift",
                    "type": "{N}Configurator"},
}


def layout_path(template, role, scene):
    return LAYOUTS[template][role].replace("{N}", scene)


def builder_type(template, scene):
    return LAYOUTS[template]["type"].replace("{N}", scene)


@pytest.fixture(scope="module")
def shop_layouts(tmp_path_factory):
    """The Shop ejected whole (no formatting) in each built-in layout, and with no
    `--template`: {layout: (process, module folder)}."""
    need(SCENERY, "SCENERY")
    work = tmp_path_factory.mktemp("layouts")
    copy_sample(work, "Shop")
    result = {}
    for name in ["default", *LAYOUTS]:
        extra = [] if name == "default" else ["--template", name]
        p = eject(work, "Scenes/Shop", "--all", "--no-format", "--output", f"out-{name}", *extra)
        result[name] = (p, work / f"out-{name}" / "ShopScenes")
    return result


def yarch_roles(shop_layouts):
    """{scene: [roles written]} as read from the YARCH layout's files."""
    p, module = shop_layouts["yarch"]
    assert p.returncode == 0, out(p)
    roles = {}
    for folder in sorted(d for d in module.iterdir() if d.is_dir()):
        scene = folder.name
        roles[scene] = [r for r in ROLES if (module / layout_path("yarch", r, scene)).is_file()]
    return roles


def write_template(root, name, eject_paths=None, *, extra=None, folder="Templates"):
    """A team template ROOT/FOLDER/NAME: template.json (with "eject" when given) and a
    file under sources/ and tests/, as a template folder holds."""
    t = Path(root) / folder / name
    (t / "sources" / "{{Name}}").mkdir(parents=True)
    (t / "tests").mkdir()
    (t / "sources" / "{{Name}}" / "{{Name}}Screen.swift").write_text("enum {{Name}}Screen {}\n")
    (t / "tests" / "{{Name}}Tests.swift").write_text("// tests of {{Name}}\n")
    spec = {"formatVersion": 1, "description": "Our modules", "options": {}}
    if eject_paths is not None:
        spec["eject"] = eject_paths
    if extra:
        spec.update(extra)
    (t / "template.json").write_text(json.dumps(spec, indent=2))
    return t


STT_EJECT = {
    "builder": "sources/{{Name}}/Assembler/{{Name}}Assembler.swift",
    "dataFlow": "sources/{{Name}}/{{Name}}DataFlow.swift",
    "interactor": "sources/{{Name}}/Interactor/{{Name}}Interactor.swift",
    "presenter": "sources/{{Name}}/Presenter/{{Name}}Presenter.swift",
    "view": "sources/{{Name}}/View/{{Name}}View.swift",
}

# docs/eject.md's team example: STT with the builder moved to Wiring/.
WIRING_EJECT = dict(STT_EJECT, builder="sources/{{Name}}/Wiring/{{Name}}Wiring.swift")


# ---------------------------------------------------------------- built-in layouts

# checks: docs/eject.md#layouts
def test_yarch_is_the_default_layout(shop_layouts):
    p_default, default = shop_layouts["default"]
    p_yarch, yarch = shop_layouts["yarch"]
    assert p_default.returncode == 0 and p_yarch.returncode == 0, out(p_default) + out(p_yarch)
    assert files_under(default) == files_under(yarch)
    assert files_under(default), out(p_default)


# checks: docs/eject.md#layouts
@pytest.mark.parametrize("template", list(LAYOUTS))
def test_builtin_layout_places_each_file_as_the_table_says(shop_layouts, template):
    p, module = shop_layouts[template]
    assert p.returncode == 0, out(p)
    roles = yarch_roles(shop_layouts)
    assert "presenter" in roles["Catalog"] and "presenter" not in roles["Login"], roles
    expected = {"Models.swift", "ShopScenes.swift"}
    for scene, written in roles.items():
        assert {"dataFlow", "interactor", "builder"} <= set(written), (scene, written)
        expected |= {layout_path(template, r, scene) for r in written}
    assert set(files_under(module)) == expected, sorted(set(files_under(module)) ^ expected)
    # the `created` lines name the same files
    prefix = f"out-{template}/ShopScenes/"
    assert {c[len(prefix):] for c in created(p) if c.startswith(prefix)} == expected, out(p)


# checks: docs/eject.md#layouts
@pytest.mark.parametrize("template", list(LAYOUTS))
def test_builtin_layout_names_the_builder_type_and_registers_it(shop_layouts, template):
    p, module = shop_layouts[template]
    assert p.returncode == 0, out(p)
    register = (module / "ShopScenes.swift").read_text()
    for scene in yarch_roles(shop_layouts):
        name = builder_type(template, scene)
        text = (module / layout_path(template, "builder", scene)).read_text()
        assert re.search(r"\benum %s\b" % name, text), text
        assert re.search(r"\b%s\.useCases\b" % name, register), register
    others = {builder_type(t, "Login") for t in LAYOUTS} - {builder_type(template, "Login")}
    for other in others:
        assert not re.search(r"\b%s\b" % other, register), register


# checks: docs/eject.md#layouts
def test_swift_is_the_same_in_every_layout_apart_from_the_builders_name(shop_layouts):
    roles = yarch_roles(shop_layouts)
    _, yarch = shop_layouts["yarch"]
    for template in ["stt", "clean-swift"]:
        p, module = shop_layouts[template]
        assert p.returncode == 0, out(p)
        for scene, written in roles.items():
            for role in written:
                a = (yarch / layout_path("yarch", role, scene)).read_text()
                b = (module / layout_path(template, role, scene)).read_text()
                if role == "builder":
                    a = re.sub(r"\b%s\b" % builder_type("yarch", scene),
                               builder_type(template, scene), a)
                assert a == b, (template, scene, role)
        assert (yarch / "Models.swift").read_text() == (module / "Models.swift").read_text()
        register = (yarch / "ShopScenes.swift").read_text()
        for scene in roles:
            register = re.sub(r"\b%s\b" % builder_type("yarch", scene),
                              builder_type(template, scene), register)
        assert register == (module / "ShopScenes.swift").read_text(), template


# checks: docs/eject.md#layouts
@pytest.mark.parametrize("template", [*LAYOUTS, "team"])
def test_models_and_the_module_file_stay_at_the_top_of_the_module(tmp_path, template):
    copy_sample(tmp_path, "Shop")
    if template == "team":
        write_template(tmp_path, "team", {
            "dataFlow": "sources/Flows/{{Name}}/{{Name}}DataFlow.swift",
            "interactor": "sources/Flows/{{Name}}/{{Name}}Interactor.swift",
            "presenter": "sources/Flows/{{Name}}/{{Name}}Presenter.swift",
            "builder": "sources/Flows/{{Name}}/{{Name}}Builder.swift"})
    p = eject(tmp_path, "Scenes/Shop", "Login", "Catalog", "--template", template, "--no-format")
    assert p.returncode == 0, out(p)
    names = set(files_under(tmp_path / "Sources" / "ShopScenes"))
    assert {"Models.swift", "ShopScenes.swift"} <= names, sorted(names)
    assert [n for n in names if n.endswith("/Models.swift") or n.endswith("/ShopScenes.swift")] == []


# checks: docs/eject.md#layouts
def test_a_file_at_the_layouts_place_blocks_eject_and_another_layouts_place_does_not(tmp_path):
    copy_sample(tmp_path, "Shop")
    module = tmp_path / "Sources" / "ShopScenes"
    mine = module / "Login" / "Assembler" / "LoginAssembler.swift"
    mine.parent.mkdir(parents=True)
    mine.write_text("// my own assembler\n")
    before = files_under(tmp_path)
    p = eject(tmp_path, "Scenes/Shop", "Login", "--template", "stt", "--no-format")
    assert p.returncode == 1, out(p)
    assert "Sources/ShopScenes/Login/Assembler/LoginAssembler.swift" in out(p), out(p)
    assert files_under(tmp_path) == before, out(p)
    # a YARCH builder where the STT one is not is no obstacle, and is left alone
    mine.unlink()
    yarch_builder = module / "Login" / "LoginBuilder.swift"
    yarch_builder.write_text("// my own builder\n")
    p = eject(tmp_path, "Scenes/Shop", "Login", "--template", "stt", "--no-format")
    assert p.returncode == 0, out(p)
    assert yarch_builder.read_text() == "// my own builder\n"
    assert re.search(r"\benum LoginAssembler\b", mine.read_text())


# checks: docs/eject.md#layouts
@pytest.mark.parametrize("wrong,meant", [("sttt", "stt"), ("cleanswift", "clean-swift"),
                                         ("yrach", "yarch")])
def test_unknown_template_is_refused_with_did_you_mean(tmp_path, wrong, meant):
    copy_sample(tmp_path, "Shop")
    before = files_under(tmp_path)
    p = eject(tmp_path, "Scenes/Shop", "Login", "--template", wrong)
    # the docs do not say whether this is a usage error (2) or a finding (1)
    assert p.returncode in (1, 2), out(p)
    assert f"'{wrong}'" in p.stderr, out(p)
    assert f"did you mean '{meant}'" in p.stderr, out(p)
    assert files_under(tmp_path) == before, out(p)


# checks: docs/cli.md#scenery-eject
def test_help_lists_the_template_option(tmp_path):
    p = eject(tmp_path, "--help")
    assert p.returncode == 0, out(p)
    assert "--template NAME" in p.stdout, p.stdout
    for name in ["yarch", "stt", "clean-swift"]:
        assert name in p.stdout, p.stdout


# ---------------------------------------------------------------- team templates

# checks: docs/cli.md#team-templates
def test_new_template_from_stt_copies_the_builtin_eject_paths(tmp_path):
    p = scenery(tmp_path, "new", "template", "team", "--from", "stt")
    assert p.returncode == 0, out(p)
    spec = json.loads((tmp_path / "Templates" / "team" / "template.json").read_text())
    assert spec.get("eject") == STT_EJECT, spec


# checks: docs/cli.md#team-templates
@pytest.mark.parametrize("template", list(LAYOUTS))
def test_a_copied_builtin_template_ejects_as_the_builtin_does(tmp_path, template):
    copy_sample(tmp_path, "Shop")
    p = scenery(tmp_path, "new", "template", "team", "--from", template)
    assert p.returncode == 0, out(p)
    a = eject(tmp_path, "Scenes/Shop", "--all", "--no-format", "--template", template,
              "--output", "Builtin")
    b = eject(tmp_path, "Scenes/Shop", "--all", "--no-format", "--template", "team",
              "--output", "Team")
    assert a.returncode == 0 and b.returncode == 0, out(a) + out(b)
    assert files_under(tmp_path / "Builtin") == files_under(tmp_path / "Team")
    assert files_under(tmp_path / "Team"), out(b)


# checks: docs/eject.md#layouts
def test_an_edited_copy_of_stt_puts_the_builder_where_it_says(tmp_path):
    """The docs' example: `new template team --from stt`, the builder moved to Wiring/."""
    copy_sample(tmp_path, "Shop")
    p = scenery(tmp_path, "new", "template", "team", "--from", "stt")
    assert p.returncode == 0, out(p)
    spec_file = tmp_path / "Templates" / "team" / "template.json"
    spec = json.loads(spec_file.read_text())
    spec["eject"]["builder"] = "sources/{{Name}}/Wiring/{{Name}}Wiring.swift"
    spec_file.write_text(json.dumps(spec, indent=2))
    p = eject(tmp_path, "Scenes/Shop", "Login", "Catalog", "--template", "team", "--no-format")
    assert p.returncode == 0, out(p)
    module = tmp_path / "Sources" / "ShopScenes"
    assert set(files_under(module)) == {
        "Login/LoginDataFlow.swift", "Login/Interactor/LoginInteractor.swift",
        "Login/Wiring/LoginWiring.swift", "Login/View/LoginView.swift",
        "Catalog/CatalogDataFlow.swift", "Catalog/Interactor/CatalogInteractor.swift",
        "Catalog/Presenter/CatalogPresenter.swift", "Catalog/Wiring/CatalogWiring.swift",
        "Catalog/View/CatalogView.swift",
        "Models.swift", "ShopScenes.swift"}, sorted(files_under(module))
    assert re.search(r"\benum LoginWiring\b", (module / "Login/Wiring/LoginWiring.swift").read_text())
    register = (module / "ShopScenes.swift").read_text()
    assert re.search(r"\bLoginWiring\.useCases\b", register), register
    assert re.search(r"\bCatalogWiring\.useCases\b", register), register
    assert "Assembler" not in register, register


# checks: docs/cli.md#team-templates
def test_the_cli_docs_template_json_places_files_as_stt_does(tmp_path):
    """cli.md's example template.json, options and all, with a file of its own."""
    copy_sample(tmp_path, "Shop")
    write_template(tmp_path, "team", STT_EJECT, extra={
        "description": "Our modules: STT with analytics",
        "options": {"customRouter": {"default": False,
                                     "doc": "write Router/ with the module's own router"}}})
    a = eject(tmp_path, "Scenes/Shop", "--all", "--no-format", "--template", "team",
              "--output", "Team")
    b = eject(tmp_path, "Scenes/Shop", "--all", "--no-format", "--template", "stt",
              "--output", "Stt")
    assert a.returncode == 0 and b.returncode == 0, out(a) + out(b)
    assert files_under(tmp_path / "Team") == files_under(tmp_path / "Stt")


PLACEHOLDER_EJECT = {
    "dataFlow": "sources/{{name}}/{{Name}}Flow.swift",
    "interactor": "sources/{{Module}}Logic/{{Name}}Steps.swift",
    "presenter": "sources/{{name}}/show/{{Name}}Show.swift",
    "builder": "sources/{{Name}}{{Module}}Setup.swift",
}


# checks: docs/eject.md#layouts
def test_team_paths_fill_in_name_lowercase_name_and_module(tmp_path):
    copy_sample(tmp_path, "Shop")
    write_template(tmp_path, "team", PLACEHOLDER_EJECT)
    p = eject(tmp_path, "Scenes/Shop", "Login", "Catalog", "--template", "team",
              "--module", "Flows", "--no-format")
    assert p.returncode == 0, out(p)
    module = tmp_path / "Sources" / "Flows"
    assert set(files_under(module)) == {
        "login/LoginFlow.swift", "FlowsLogic/LoginSteps.swift", "LoginFlowsSetup.swift",
        "catalog/CatalogFlow.swift", "FlowsLogic/CatalogSteps.swift",
        "catalog/show/CatalogShow.swift", "CatalogFlowsSetup.swift",
        # no "view" path: the view goes beside the DataFlow, as {{Name}}View.swift
        "login/LoginView.swift", "catalog/CatalogView.swift",
        "Models.swift", "Flows.swift"}, sorted(files_under(module))
    # the builder's type is its file's name
    assert re.search(r"\benum LoginFlowsSetup\b", (module / "LoginFlowsSetup.swift").read_text())
    register = (module / "Flows.swift").read_text()
    assert re.search(r"\bLoginFlowsSetup\.useCases\b", register), register
    assert re.search(r"\bCatalogFlowsSetup\.useCases\b", register), register
    # the template's own files are for `new scene`, not for eject
    assert not any("Screen" in n for n in files_under(tmp_path / "Sources")), out(p)


# checks: docs/eject.md#layouts
def test_team_layout_swift_is_the_same_as_yarch_apart_from_the_builders_name(tmp_path):
    copy_sample(tmp_path, "Shop")
    write_template(tmp_path, "team", PLACEHOLDER_EJECT)
    a = eject(tmp_path, "Scenes/Shop", "Login", "Catalog", "--no-format", "--output", "Y")
    b = eject(tmp_path, "Scenes/Shop", "Login", "Catalog", "--template", "team", "--no-format",
              "--output", "T")
    assert a.returncode == 0 and b.returncode == 0, out(a) + out(b)
    y, t = tmp_path / "Y" / "ShopScenes", tmp_path / "T" / "ShopScenes"
    pairs = [("Login/LoginDataFlow.swift", "login/LoginFlow.swift"),
             ("Login/LoginInteractor.swift", "ShopScenesLogic/LoginSteps.swift"),
             ("Catalog/CatalogDataFlow.swift", "catalog/CatalogFlow.swift"),
             ("Catalog/CatalogInteractor.swift", "ShopScenesLogic/CatalogSteps.swift"),
             ("Catalog/CatalogPresenter.swift", "catalog/show/CatalogShow.swift"),
             ("Models.swift", "Models.swift")]
    for ya, te in pairs:
        assert (y / ya).read_text() == (t / te).read_text(), (ya, te)
    for scene in ["Login", "Catalog"]:
        builder = (y / f"{scene}/{scene}Builder.swift").read_text()
        builder = re.sub(r"\b%sBuilder\b" % scene, f"{scene}ShopScenesSetup", builder)
        assert builder == (t / f"{scene}ShopScenesSetup.swift").read_text(), scene


# checks: docs/eject.md#layouts
@pytest.mark.parametrize("where", ["here", "next-to-the-app", "folder"])
def test_team_template_is_found_as_new_scene_finds_it(tmp_path, where):
    """A name in Templates/ here or next to the app (as cli.md's `new scene` finds it),
    or the template's folder."""
    copy_sample(tmp_path, "Shop", folder="Apps")
    if where == "here":
        write_template(tmp_path, "team", WIRING_EJECT)
        name = "team"
    elif where == "next-to-the-app":
        write_template(tmp_path / "Apps", "team", WIRING_EJECT)
        name = "team"
    else:
        write_template(tmp_path, "team", WIRING_EJECT, folder="Mine")
        name = "Mine/team"
    p = eject(tmp_path, "Apps/Shop", "Login", "--template", name, "--no-format")
    assert p.returncode == 0, out(p)
    assert (tmp_path / "Sources/ShopScenes/Login/Wiring/LoginWiring.swift").is_file(), out(p)


# ---------------------------------------------------------------- refusals

# checks: docs/eject.md#layouts
def test_template_without_eject_is_refused_with_the_documented_wording(tmp_path):
    copy_sample(tmp_path, "Shop")
    write_template(tmp_path, "team", None)
    before = files_under(tmp_path)
    p = eject(tmp_path, "Scenes/Shop", "Login", "--template", "team")
    assert p.returncode == 1, out(p)
    lines = p.stderr.strip().splitlines()
    assert len(lines) >= 1, out(p)
    error = [l for l in lines if l.startswith("error:")]
    assert error, out(p)
    assert error[0].startswith("error: template 'team' does not say where ejected files go; "
                               "add \"eject\" to its template.json"), out(p)
    assert error[0].endswith("; nothing was written"), out(p)
    assert files_under(tmp_path) == before, out(p)


def with_role(role, path):
    return dict(STT_EJECT, **{role: path})


def without_role(role):
    return {k: v for k, v in STT_EJECT.items() if k != role}


# (id, "eject" object, words the error must hold)
REFUSED_TEMPLATES = [
    ("role-missing", without_role("presenter"), ["presenter"]),
    ("role-unknown", dict(STT_EJECT, presentr="sources/{{Name}}/X.swift"),
     ["presentr", "did you mean 'presenter'"]),
    ("role-miscased", {**without_role("dataFlow"), "dataflow": STT_EJECT["dataFlow"]},
     ["dataflow", "did you mean 'dataFlow'"]),
    ("path-under-tests", with_role("builder", "tests/{{Name}}/{{Name}}Builder.swift"),
     ["tests/{{Name}}/{{Name}}Builder.swift"]),
    ("path-climbing-out", with_role("builder", "sources/../{{Name}}Builder.swift"),
     ["sources/../{{Name}}Builder.swift"]),
    ("path-absolute", with_role("dataFlow", "/tmp/{{Name}}DataFlow.swift"),
     ["/tmp/{{Name}}DataFlow.swift"]),
    ("not-swift", with_role("interactor", "sources/{{Name}}/{{Name}}Interactor.txt"),
     ["sources/{{Name}}/{{Name}}Interactor.txt"]),
    ("two-roles-one-file", with_role("presenter", STT_EJECT["interactor"]),
     ["interactor", "presenter"]),
    ("builder-with-a-dash", with_role("builder", "sources/{{Name}}/{{Name}}-wiring.swift"),
     ["{{Name}}-wiring.swift"]),
    ("builder-starting-with-a-digit", with_role("builder", "sources/{{Name}}/2{{Name}}.swift"),
     ["2{{Name}}.swift"]),
    ("builder-a-swift-keyword", with_role("builder", "sources/{{Name}}/class.swift"),
     ["class.swift"]),
    ("placeholder-usecase", with_role("dataFlow", "sources/{{Name}}/{{UseCase}}DataFlow.swift"),
     ["UseCase"]),
    ("placeholder-misspelt", with_role("dataFlow", "sources/{{Nmae}}/{{Name}}DataFlow.swift"),
     ["Nmae", "did you mean 'Name'"]),
]


# checks: docs/eject.md#layouts
@pytest.mark.parametrize("spec,words", [r[1:] for r in REFUSED_TEMPLATES],
                         ids=[r[0] for r in REFUSED_TEMPLATES])
def test_a_wrong_eject_object_is_refused_before_anything_is_written(tmp_path, spec, words):
    copy_sample(tmp_path, "Shop")
    write_template(tmp_path, "team", spec)
    before = files_under(tmp_path)
    p = eject(tmp_path, "Scenes/Shop", "Login", "Catalog", "--template", "team", "--no-format")
    assert p.returncode == 1, out(p)
    errors = [l for l in p.stderr.splitlines() if l.startswith("error:")]
    assert errors, out(p)
    assert "nothing was written" in p.stderr.strip().splitlines()[-1], out(p)
    for word in words:
        assert word in p.stderr, f"{word!r} not in: {out(p)}"
    assert files_under(tmp_path) == before, out(p)


def scene_dataflow_enums(module_dir):
    return {name for name, _ in top_level_types(module_dir)}


# Paths every check above lets through, that put two ejected files in one, or two builder
# types of one name in the module (or one named as a scene's DataFlow enum or the module's
# own enum). The docs refuse "two roles in one file"; none of these is listed, but each
# loses a scene's code or writes a module that cannot compile.
COLLIDING_TEMPLATES = [
    ("dataFlow-shared-by-scenes", with_role("dataFlow", "sources/Flows.swift")),
    ("dataFlow-on-Models.swift", with_role("dataFlow", "sources/Models.swift")),
    ("dataFlow-on-the-module-file", with_role("dataFlow", "sources/{{Module}}.swift")),
    ("builder-named-as-the-scene", with_role("builder", "sources/{{Name}}/{{Name}}.swift")),
    ("builder-named-as-the-module", with_role("builder", "sources/{{Name}}/{{Module}}.swift")),
    ("builder-named-Models", with_role("builder", "sources/{{Name}}/Models.swift")),
    ("builder-shared-by-scenes", with_role("builder", "sources/{{Name}}/Builder.swift")),
]


# checks: docs/eject.md#layouts
@pytest.mark.parametrize("spec", [r[1] for r in COLLIDING_TEMPLATES],
                         ids=[r[0] for r in COLLIDING_TEMPLATES])
def test_paths_that_collide_are_refused_or_lose_nothing(tmp_path, spec):
    copy_sample(tmp_path, "Shop")
    write_template(tmp_path, "team", spec)
    before = files_under(tmp_path)
    p = eject(tmp_path, "Scenes/Shop", "Login", "Catalog", "--template", "team", "--no-format")
    if p.returncode != 0:
        assert p.returncode == 1, out(p)
        assert "nothing was written" in p.stderr, out(p)
        assert files_under(tmp_path) == before, out(p)
        return
    names = created(p)
    assert len(names) == len(set(names)), f"one file written twice:\n{out(p)}"
    module = tmp_path / "Sources" / "ShopScenes"
    types = [name for name, _ in top_level_types(module)]
    assert {"Login", "Catalog", "Models", "ShopScenes"} <= set(types), top_level_types(module)
    twice = sorted({t for t in types if types.count(t) > 1})
    assert not twice, f"types declared twice: {twice}: {top_level_types(module)}"


# ---------------------------------------------------------------- the sample modules

# checks: docs/eject.md#how-it-runs-in-place-of-the-scene
@pytest.mark.parametrize("app,template", [("Orders", "stt"), ("Shop", "yarch")])
def test_checked_in_sample_module_is_what_eject_writes_in_its_layout(tmp_path, app, template):
    """Sources/Examples/<App>Scenes is the app ejected whole in its layout, formatted with
    the repository's swift-format configuration."""
    need(SCENERY, "SCENERY")
    need_swift_format()
    checked_in = REPO / "Sources" / "Examples" / f"{app}Scenes"
    if not checked_in.is_dir():
        pytest.skip(f"{checked_in} is not there")
    copy_sample(tmp_path, app)
    p = eject(tmp_path, f"Scenes/{app}", "--all", "--template", template,
              "--format-configuration", FORMAT_CONFIGURATION)
    assert p.returncode == 0, out(p)
    fresh = files_under(tmp_path / "Sources" / f"{app}Scenes")
    there = {k: v for k, v in files_under(checked_in).items() if k.endswith(".swift")}
    assert sorted(fresh) == sorted(there)
    differ = sorted(k for k in fresh if fresh[k] != there[k])
    assert not differ, differ


# checks: docs/eject.md#how-it-runs-in-place-of-the-scene
def test_orders_transcripts_pass_under_ejected_as_shown(tmp_path):
    need(EJECTED, "EJECTED")
    copy_sample(tmp_path, "Orders")
    n = len(list((tmp_path / "Scenes" / "Orders").rglob("*.transcript")))
    p = run([EJECTED, "test", "Scenes/Orders"], tmp_path)
    assert p.returncode == 0, out(p)
    lines = p.stdout.strip().splitlines()
    assert lines[0] == "PASS Scenes/Orders/tests/create.transcript", out(p)
    assert lines[-1] == f"{n} passed, 0 failed", out(p)
    assert n == 10, n   # the docs' "10 passed, 0 failed"


# ---------------------------------------------------------------- what is not there yet

# checks: docs/eject.md#the-view and #layouts (the view column)
@pytest.mark.parametrize("template", list(LAYOUTS))
def test_each_scene_with_a_view_gets_a_view_registered_with_it(shop_layouts, template):
    p, module = shop_layouts[template]
    assert p.returncode == 0, out(p)
    register = (module / "ShopScenes.swift").read_text()
    for scene in yarch_roles(shop_layouts):
        path = module / layout_path(template, "view", scene)
        if scene == "Launch":  # a scene with no view has none
            assert not path.exists(), path
            continue
        text = path.read_text()
        assert re.search(r"\benum %sView\b" % scene, text), text
        assert "static func draw(_ scene: SceneContext, into view: inout SceneLines)" in text, text
        assert 'registry.register(view: "%s", %sView.draw)' % (scene, scene) in register, register
    for f in module.rglob("*.swift"):
        assert not re.search(r":\s*(?:[\w.]+,\s*)*Display\b", f.read_text()), f


# checks: docs/eject.md#what-is-not-there-yet
def test_no_tests_are_generated_even_when_the_template_has_tests(tmp_path):
    copy_sample(tmp_path, "Shop")
    p = scenery(tmp_path, "new", "template", "team", "--from", "stt")
    assert p.returncode == 0, out(p)
    assert list((tmp_path / "Templates" / "team" / "tests").iterdir()), "stt copy has tests/"
    before = set(files_under(tmp_path))
    p = eject(tmp_path, "Scenes/Shop", "--all", "--template", "team", "--no-format")
    assert p.returncode == 0, out(p)
    new = set(files_under(tmp_path)) - before
    assert new and all(n.startswith("Sources/ShopScenes/") for n in new), sorted(new)
    assert not [n for n in new if "Test" in n], sorted(new)
    assert not (tmp_path / "Tests").exists()


# ---------------------------------------------------------------- performance

# checks: docs/performance.md#ejected-scenes
def test_usecase_ejected_is_a_row_of_the_benchmarks():
    need(BENCH, "SCENERY_BENCHMARKS")
    p = subprocess.run([BENCH, "no-such-row"], capture_output=True, text=True, timeout=TIMEOUT)
    listing = p.stdout + p.stderr
    assert p.returncode == 2, listing
    words = set(listing.replace(",", " ").replace("`", " ").replace("'", " ").split())
    assert {"usecase", "usecase-ejected"} <= words, listing
