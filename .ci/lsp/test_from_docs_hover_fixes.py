"""Contract cases for hover, completion and quick fixes, written from docs/editors.md#what-the-server-does and docs/manifest.md alone.

Each case builds a small app in a tmp folder (validated first with `scenery validate`), opens
its files in `scenery lsp` through pytest-lsp and checks one promise of the docs.
"""
# checks: docs/editors.md#what-the-server-does
# checks: docs/architecture.md#declared-once
import os
import pathlib
import shutil
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHOP = ROOT / "Scenes" / "Shop"
SCENERY = os.environ.get("SCENERY", str(pathlib.Path(__file__).resolve().parents[2] / ".build" / "debug" / "scenery"))

APP_JSON = """{
  "formatVersion": 1,
  "name": "Mini",
  "entry": "Home",
  "models": {
    "Product": { "id": "string", "name": "string", "price": "decimal" }
  },
  "providers": {
    "products": { "type": "collection", "model": "Product", "key": "id" },
    "remote": { "type": "http", "url": "http://127.0.0.1:9/items", "model": "[Product]" },
    "saved": { "type": "keyValue", "model": "string?", "default": null },
    "fixed": { "type": "inline", "value": ["a"], "model": "[string]" }
  }
}
"""

EN_JSON = """{
  "home.title": "Home"
}
"""

HOME_JSON = """{
  "formatVersion": 1,
  "scene": "Home",
  "state": {
    "count": { "type": "int", "default": 0 },
    "items": { "type": "[Product]", "default": [] }
  },
  "useCases": {
    "load": {
      "interactor": [
        { "type": "fetch", "provider": "products", "as": "all" },
        { "type": "set", "path": "state.items", "value": "@{all}" }
      ]
    },
    "add": {
      "request": { "name": "string" },
      "interactor": [
        { "type": "insert", "provider": "products", "value": "@{{id: uuid(), name: request.name, price: 1}}" },
        { "type": "set", "path": "state.count", "value": "@{state.count + 1}" },
        { "type": "call", "useCase": "load" }
      ]
    },
    "drop": {
      "request": { "id": "string" },
      "interactor": [
        { "type": "delete", "provider": "products", "key": "@{request.id}" },
        { "type": "store", "provider": "saved", "value": "@{request.id}" }
      ]
    },
    "open": {
      "interactor": [ { "type": "route", "to": "Details", "mode": "push" } ]
    }
  },
  "view": [
    { "type": "header", "text": "@{t('home.title')}" },
    { "type": "text", "text": "@{state.count} @{count(state.items)}" },
    { "type": "input", "label": "Name", "value": "", "action": "add" },
    { "type": "list", "items": "@{state.items}", "empty": "None", "action": "drop" },
    { "type": "loading", "text": "Loading" },
    { "type": "button", "title": "Open", "action": "open" },
    { "type": "error" }
  ],
  "onAppear": ["load"]
}
"""

DETAILS_JSON = """{
  "formatVersion": 1,
  "scene": "Details",
  "useCases": {
    "load": {
      "interactor": [
        { "type": "fetch", "provider": "remote", "as": "list", "fallback": [] },
        { "type": "fetch", "provider": "fixed", "as": "words" }
      ],
      "response": { "total": "@{count(list) + count(words)}" },
      "presenter": { "total": "@{response.total}" }
    }
  },
  "view": [
    { "type": "text", "text": "@{vm.total}" },
    { "type": "button", "title": "Back", "action": "back" }
  ],
  "onAppear": ["load"]
}
"""


def validate(app: pathlib.Path):
    run = subprocess.run([SCENERY, "validate", str(app)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "no problems found" in run.stdout, run.stdout


def make_app(root: pathlib.Path) -> pathlib.Path:
    app = root / "Mini"
    (app / "scenes").mkdir(parents=True)
    (app / "locales").mkdir()
    (app / "app.json").write_text(APP_JSON, encoding="utf-8")
    (app / "locales" / "en.json").write_text(EN_JSON, encoding="utf-8")
    (app / "scenes" / "Home.json").write_text(HOME_JSON, encoding="utf-8")
    (app / "scenes" / "Details.json").write_text(DETAILS_JSON, encoding="utf-8")
    validate(app)
    return app


@pytest.fixture
def app(tmp_path) -> pathlib.Path:
    return make_app(tmp_path)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[SCENERY, "lsp"]))
async def client(lsp_client: LanguageClient):
    params = types.InitializeParams(capabilities=types.ClientCapabilities())
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


# --- helpers ---------------------------------------------------------------------------------


def position_of(text: str, needle: str, after: int = 0) -> types.Position:
    index = text.index(needle) + after
    line = text.count("\n", 0, index)
    character = index - (text.rfind("\n", 0, index) + 1)
    return types.Position(line=line, character=character)


def shifted(position: types.Position, by: int) -> types.Position:
    return types.Position(line=position.line, character=position.character + by)


def one_based(text: str, needle: str, after: int = 0) -> str:
    """`LINE:COLUMN`, 1-based, as the docs' ``declared at app.json:21:6`` writes it."""
    position = position_of(text, needle, after)
    return f"{position.line + 1}:{position.character + 1}"


async def open_file(client: LanguageClient, path: pathlib.Path, text: str | None = None) -> tuple[str, str]:
    uri = path.as_uri()
    text = path.read_text(encoding="utf-8") if text is None else text
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="json", version=1, text=text)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return uri, text


async def change(client: LanguageClient, uri: str, text: str, version: int):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)


async def hover_text(client: LanguageClient, uri: str, position: types.Position) -> str:
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position))
    if hover is None:
        return ""
    contents = hover.contents
    if isinstance(contents, types.MarkupContent):
        return contents.value
    if isinstance(contents, str):
        return contents
    if isinstance(contents, list):
        return "\n".join(c if isinstance(c, str) else c.value for c in contents)
    return contents.value


async def completion_items(client: LanguageClient, uri: str, position: types.Position) -> list[types.CompletionItem]:
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position))
    if result is None:
        return []
    return list(result.items if isinstance(result, types.CompletionList) else result)


def doc_of(item: types.CompletionItem) -> str:
    doc = item.documentation
    if isinstance(doc, types.MarkupContent):
        doc = doc.value
    return (doc or item.detail or "").strip()


def apply_edits(text: str, edits: list[types.TextEdit]) -> str:
    lines = text.split("\n")

    def offset(position: types.Position) -> int:
        return sum(len(line) + 1 for line in lines[:position.line]) + position.character

    for item in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[:offset(item.range.start)] + item.new_text + text[offset(item.range.end):]
    return text


# --- hover on a key: its doc for the object it is in ------------------------------------------


@pytest.mark.asyncio(loop_scope="function")
async def test_hover_on_provider_key_gives_the_fetch_doc_in_a_fetch_and_the_insert_doc_in_an_insert(client: LanguageClient, app):
    # docs/editors.md: "`provider` (step): the provider to read, in a fetch step; the collection
    # to add the record to, in an insert"
    uri, text = await open_file(client, app / "scenes" / "Home.json")
    fetch = await hover_text(client, uri, position_of(text, '{ "type": "fetch", "provider"', after=len('{ "type": "fetch", "pro')))
    insert = await hover_text(client, uri, position_of(text, '{ "type": "insert", "provider"', after=len('{ "type": "insert", "pro')))
    assert "the provider to read" in fetch, fetch
    assert "the collection to add the record to" in insert, insert
    assert "the collection to add the record to" not in fetch
    assert "the provider to read" not in insert


@pytest.mark.asyncio(loop_scope="function")
async def test_hover_on_the_same_key_in_other_object_types_gives_each_types_own_doc(client: LanguageClient, app):
    # docs/editors.md: "on a key, its doc for the object it is in"; docs/manifest.md gives the
    # same key different meanings by type: a collection provider's `key` (the key field) and a
    # delete step's `key` (the record to remove); an inline provider's `value` (constant data)
    # and a set step's `value` (what is written at `path`); a list's `action` (the use case
    # `ACTION N` runs with the row) and a button's.
    app_uri, app_text = await open_file(client, app / "app.json")
    uri, text = await open_file(client, app / "scenes" / "Home.json")
    provider_key = await hover_text(client, app_uri, position_of(app_text, '"key": "id"', after=2))
    step_key = await hover_text(client, uri, position_of(text, '"key": "@{request.id}"', after=2))
    inline_value = await hover_text(client, app_uri, position_of(app_text, '"value": ["a"]', after=2))
    set_value = await hover_text(client, uri, position_of(text, '"value": "@{all}"', after=2))
    list_action = await hover_text(client, uri, position_of(text, '"action": "drop"', after=2))
    button_action = await hover_text(client, uri, position_of(text, '"action": "open"', after=2))
    for shown in (provider_key, step_key, inline_value, set_value, list_action, button_action):
        assert shown.strip(), "a key's hover gives its doc"
    assert provider_key != step_key
    assert inline_value != set_value
    assert list_action != button_action


# --- hover on a name: what it is and where it is declared -------------------------------------


@pytest.mark.asyncio(loop_scope="function")
async def test_hover_on_a_provider_name_in_the_shop_reads_as_the_docs_example(client: LanguageClient, tmp_path):
    # docs/editors.md: "what it is and where it is declared: the provider `products`, declared at app.json:21:6"
    shop = tmp_path / "Shop"
    shutil.copytree(SHOP, shop)
    validate(shop)
    uri, text = await open_file(client, shop / "scenes" / "Catalog.json")
    shown = await hover_text(client, uri, position_of(text, '"provider": "products"', after=len('"provider": "pro')))
    assert "the provider `products`, declared at app.json:21:6" in shown, shown


NAMES = [
    # (file, text at the cursor, where in it, what it is, name, declaring file, its declaration, where in it)
    ("scenes/Home.json", '"provider": "products"', len('"provider": "pro'), "provider", "products",
     "app.json", '"products": {', 1),
    ("scenes/Home.json", '"to": "Details"', len('"to": "De'), "scene", "Details",
     "scenes/Details.json", '"scene": "Details"', len('"scene": "')),
    ("scenes/Home.json", '"useCase": "load"', len('"useCase": "lo'), "use case", "load",
     "scenes/Home.json", '"load": {', 1),
    # In an expression a path's hover is its static type; a `set`'s `path` names the field itself.
    ("scenes/Home.json", '"path": "state.count"', len('"path": "state.co'), "field", "count",
     "scenes/Home.json", '"count": {', 1),
    ("scenes/Home.json", "t('home.title')", len("t('home.t"), "key", "home.title",
     "locales/en.json", '"home.title"', 1),
]


@pytest.mark.asyncio(loop_scope="function")
@pytest.mark.parametrize("file,needle,after,kind,name,declared_in,declaration,declaration_after", NAMES,
                         ids=["provider", "scene", "use-case", "state-field", "string-key"])
async def test_hover_on_a_name_says_what_it_is_and_where_it_is_declared(
        client: LanguageClient, app, file, needle, after, kind, name, declared_in, declaration, declaration_after):
    # docs/editors.md: "on any other name the server's index knows — a scene, use case, field,
    # model, provider, worker or string key — what it is and where it is declared"
    uri, text = await open_file(client, app / file)
    shown = await hover_text(client, uri, position_of(text, needle, after=after))
    declaring = (app / declared_in).read_text(encoding="utf-8")
    assert f"`{name}`" in shown, shown
    assert kind in shown.lower(), shown
    assert f"declared at {declared_in}:{one_based(declaring, declaration, declaration_after)}" in shown, shown


# --- completion in a key: the keys that object allows, each with its doc ----------------------


KEYS = [
    # (file, object as written, the keys docs/manifest.md's table gives it)
    ("scenes/Home.json", '{ "type": "insert", "provider": "products", "value": "@{{id: uuid(), name: request.name, price: 1}}" }',
     {"type", "if", "provider", "value", "onError"}),
    ("app.json", '{ "type": "http", "url": "http://127.0.0.1:9/items", "model": "[Product]" }',
     {"type", "model", "url", "method", "headers", "timeout", "maxBytes", "cache", "body"}),
    ("scenes/Home.json", '{ "type": "button", "title": "Open", "action": "open" }',
     {"type", "if", "title", "action", "enabled", "request", "route", "word"}),
]


@pytest.mark.asyncio(loop_scope="function")
@pytest.mark.parametrize("file,obj,keys", KEYS, ids=["insert-step", "http-provider", "button-component"])
async def test_completion_in_a_key_offers_the_keys_of_that_type_each_with_its_doc(client: LanguageClient, app, file, obj, keys):
    # docs/editors.md: "in a key, the keys that object allows — the decoders' own lists ... each
    # with its one-line doc"; docs/manifest.md's tables give each type's keys (every step takes
    # `type` and `if`, every provider `type` and `model`, every component `if`).
    uri, text = await open_file(client, app / file)
    edited = text.replace(obj, obj[:-2] + ', "" }', 1)
    assert edited != text
    await change(client, uri, edited, version=2)
    items = await completion_items(client, uri, position_of(edited, obj[:-2] + ', "', after=len(obj[:-2] + ', "')))
    assert {item.label for item in items} == keys
    undocumented = [item.label for item in items if not doc_of(item)]
    assert undocumented == [], f"keys without a doc: {undocumented}"


# --- code actions: the did-you-mean fix replaces exactly the misspelt name ---------------------


FIXES = [
    # (what is misspelt, the text as it should be, the same text misspelt, the misspelt name, the one meant, code)
    ("provider-value", '"provider": "products", "as": "all"', '"provider": "prodcts", "as": "all"', "prodcts", "products", "E304"),
    ("route-scene", '"to": "Details"', '"to": "Detials"', "Detials", "Details", "E301"),
    ("step-key", '{ "type": "delete", "provider"', '{ "type": "delete", "provdier"', "provdier", "provider", "E201"),
    ("model-in-type", '"type": "[Product]"', '"type": "[Prodct]"', "Prodct", "Product", "E306"),
    ("state-field-in-expression", "@{state.count + 1}", "@{state.cuont + 1}", "cuont", "count", "E409"),
]


@pytest.mark.asyncio(loop_scope="function")
@pytest.mark.parametrize("case,right,wrong,typo,meant,code", FIXES, ids=[f[0] for f in FIXES])
async def test_the_quick_fix_puts_the_name_meant_where_the_misspelt_one_stands_and_clears_the_finding(
        client: LanguageClient, app, case, right, wrong, typo, meant, code):
    # docs/editors.md: "the validator makes one with every did-you-mean hint about a misspelt name
    # ..., the edit that puts the one meant where the misspelt one stands, in a value, a key, a
    # type or an expression (`Change 'prodcts' to 'products'` ...; the preferred fix)"
    uri, text = await open_file(client, app / "scenes" / "Home.json")
    assert list(client.diagnostics.get(uri, [])) == []
    broken = text.replace(right, wrong, 1)
    assert broken != text
    await change(client, uri, broken, version=2)
    findings = [d for d in client.diagnostics[uri] if d.code == code]
    assert len(findings) == 1, [(d.code, d.message) for d in client.diagnostics[uri]]

    start = position_of(broken, wrong, after=wrong.index(typo))
    end = shifted(start, len(typo))
    cursor = shifted(start, 1)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=types.Range(start=cursor, end=cursor),
        context=types.CodeActionContext(diagnostics=findings)))
    fixes = [a for a in actions or [] if isinstance(a, types.CodeAction) and a.title == f"Change '{typo}' to '{meant}'"]
    assert len(fixes) == 1, [getattr(a, "title", a) for a in actions or []]
    [fix] = fixes
    assert fix.kind == types.CodeActionKind.QuickFix
    assert fix.is_preferred
    edits = fix.edit.changes[uri]
    assert [(e.range.start, e.range.end, e.new_text) for e in edits] == [(start, end, meant)]

    fixed = apply_edits(broken, edits)
    assert fixed == text
    await change(client, uri, fixed, version=3)
    assert list(client.diagnostics[uri]) == []
