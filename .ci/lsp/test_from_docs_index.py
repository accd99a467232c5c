"""Contract cases for the editor's index, written from docs/editors.md#what-the-server-does and docs/architecture.md#the-editors-index alone.

Each case writes a small app into pytest's tmp_path, checks that `scenery validate` accepts
it, opens one of its files in `scenery lsp` and asks for definitions, references, renames
or workspace symbols, asserting the exact places the docs' words name.

Run: SCENERY=.build/debug/scenery python -m pytest -c .ci/lsp/pytest.ini .ci/lsp/test_from_docs_index.py
"""
# checks: docs/editors.md#what-the-server-does
# checks: docs/architecture.md#the-editors-index
import os
import pathlib
import subprocess
import urllib.parse

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

SCENERY = os.environ.get("SCENERY", str(pathlib.Path(__file__).resolve().parents[2] / ".build" / "debug" / "scenery"))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[SCENERY, "lsp"]))
async def client(lsp_client: LanguageClient):
    # No root: the server learns of each app from the files the test opens.
    params = types.InitializeParams(capabilities=types.ClientCapabilities())
    result = await lsp_client.initialize_session(params)
    assert result.capabilities.definition_provider
    yield
    await lsp_client.shutdown_session()


# --- The app the cases read -------------------------------------------------------------
#
# Two scenes: Home (the entry) routes to Detail; Detail routes back and to Home. Both scenes
# have a use case `load` and a state field `query`, so a name of one scene can be told from
# the same name in the other. Both models have a field `total`, so a model's field can be
# told from another model's field of the same name; Item's records are in a file provider's
# data file.

APP_JSON = """{
  "formatVersion": 1,
  "name": "Mini",
  "entry": "Home",
  "locale": "en_US",
  "models": {
    "Order": { "id": "string", "title": "string", "total": "decimal" },
    "Item": { "sku": "string", "total": "decimal" }
  },
  "shared": {
    "basket": { "type": "[string]", "default": [] }
  },
  "providers": {
    "orders": { "type": "collection", "model": "Order", "key": "id" },
    "items": { "type": "file", "path": "data/items.json", "model": "[Item]" }
  }
}
"""

HOME_JSON = """{
  "formatVersion": 1,
  "scene": "Home",
  "state": {
    "orders": { "type": "[Order]", "default": [] },
    "query": { "type": "string", "default": "" }
  },
  "onAppear": ["load"],
  "onResult": "load",
  "useCases": {
    "load": {
      "interactor": [
        { "type": "fetch", "provider": "orders", "as": "found",
          "args": { "where": { "total": { ">=": 0 }, "title": { "contains": "@{state.query}" } }, "sort": "-total" } },
        { "type": "set", "path": "state.orders", "value": "@{found}" }
      ],
      "response": { "orders": "@{found}" },
      "presenter": {
        "rows": { "each": "@{response.orders}", "as": "o",
                  "value": { "title": "@{o.title}", "detail": "@{currency(o.total)}" } }
      }
    },
    "refresh": {
      "interactor": [
        { "type": "set", "path": "state.query", "value": "" },
        { "type": "call", "useCase": "load" }
      ]
    },
    "add": {
      "request": { "title": "string" },
      "interactor": [
        { "type": "insert", "provider": "orders",
          "value": { "id": "@{uuid()}", "title": "@{request.title}", "total": 5 } },
        { "type": "set", "path": "shared.basket", "value": "@{shared.basket + [request.title]}" }
      ]
    },
    "open": {
      "request": { "row": "int" },
      "interactor": [
        { "type": "fail", "if": "@{request.row < 1 || request.row > count(state.orders)}", "message": "No such row" },
        { "type": "route", "to": "Detail", "mode": "push", "args": { "orderId": "@{state.orders[request.row - 1].id}" } }
      ]
    }
  },
  "view": [
    { "type": "header", "text": "@{t('home.title')}" },
    { "type": "input", "label": "Search", "bind": "state.query" },
    { "type": "button", "title": "Search", "action": "load" },
    { "type": "list", "items": "@{vm.rows}", "empty": "None", "action": "open" },
    { "type": "text", "text": "@{count(shared.basket)} in the basket" },
    { "type": "button", "title": "Add", "action": "add" },
    { "type": "button", "title": "Refresh", "action": "refresh" },
    { "type": "error" }
  ]
}
"""

DETAIL_JSON = """{
  "formatVersion": 1,
  "scene": "Detail",
  "args": { "orderId": "string" },
  "state": {
    "order": { "type": "Order?" },
    "query": { "type": "string", "default": "none" }
  },
  "onAppear": ["load"],
  "useCases": {
    "load": {
      "interactor": [
        { "type": "fetch", "provider": "orders", "as": "order", "args": { "key": "@{args.orderId}" } },
        { "type": "set", "path": "state.order", "value": "@{order}" },
        { "type": "fetch", "provider": "items", "as": "all" }
      ],
      "response": { "title": "@{order.title ?? state.query}", "sum": "@{sum(all, 'total')}" },
      "presenter": { "title": "@{response.title}", "sum": "@{response.sum}" }
    },
    "done": {
      "interactor": [
        { "type": "set", "path": "shared.basket", "value": [] },
        { "type": "route", "mode": "back" }
      ]
    },
    "home": { "interactor": [ { "type": "route", "to": "Home", "mode": "root" } ] }
  },
  "view": [
    { "type": "header", "text": "@{t('detail.title')}" },
    { "type": "text", "text": "@{vm.title}: @{vm.sum}" },
    { "type": "text", "text": "Total: @{state.order.total}" },
    { "type": "text", "text": "@{count(shared.basket)} in the basket" },
    { "type": "button", "title": "Done", "action": "done" },
    { "type": "button", "title": "Home", "action": "home" },
    { "type": "error" }
  ]
}
"""

ITEMS_JSON = """[
  { "sku": "a1", "total": 1.50 },
  { "sku": "b2", "total": 2.25 }
]
"""

EN_JSON = """{
  "home.title": "Orders",
  "detail.title": "Order"
}
"""

RU_JSON = """{
  "home.title": "Заказы",
  "detail.title": "Заказ"
}
"""

FILES = {
    "app.json": APP_JSON,
    "scenes/Home.json": HOME_JSON,
    "scenes/Detail.json": DETAIL_JSON,
    "data/items.json": ITEMS_JSON,
    "locales/en.json": EN_JSON,
    "locales/ru.json": RU_JSON,
}


def make_app(root: pathlib.Path, files: dict[str, str] = FILES, name: str = "Mini") -> pathlib.Path:
    """Writes the app into a temporary folder and checks that it validates, warnings included."""
    app = root / name
    for relative, text in files.items():
        path = app / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    validated = subprocess.run([SCENERY, "validate", "--strict", str(app)], capture_output=True, text=True)
    assert validated.returncode == 0, validated.stdout + validated.stderr
    return app


# --- Helpers ----------------------------------------------------------------------------


def position_of(text: str, needle: str, after: int = 0, nth: int = 0) -> types.Position:
    """The position `after` characters into the nth occurrence of needle (ASCII text only)."""
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    index += after
    line = text.count("\n", 0, index)
    return types.Position(line=line, character=index - (text.rfind("\n", 0, index) + 1))


def word_at(text: str, needle: str, word: str, nth: int = 0) -> tuple[int, int]:
    """(line, character) where `word` starts inside the nth occurrence of needle."""
    position = position_of(text, needle, after=needle.index(word), nth=nth)
    return position.line, position.character


async def open_file(client: LanguageClient, app: pathlib.Path, relative: str) -> tuple[str, str]:
    path = app / relative
    uri, text = path.as_uri(), path.read_text(encoding="utf-8")
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="json", version=1, text=text)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [d.code for d in client.diagnostics.get(uri, [])] == []
    return uri, text


def relative_of(app: pathlib.Path, uri: str) -> str:
    path = pathlib.Path(urllib.parse.unquote(urllib.parse.urlparse(uri).path))
    return path.resolve().relative_to(app.resolve()).as_posix()


def place(app: pathlib.Path, location) -> tuple[str, int, int, str]:
    """A location as (file, line, character where the name starts, the name): the text the
    range covers, read from disk, with surrounding quotes (a JSON string's or a t() key's)
    taken off, so a range with or without its quotes reads the same."""
    uri = location.uri if hasattr(location, "uri") else location.target_uri
    rng = location.range if hasattr(location, "range") else location.target_selection_range
    relative = relative_of(app, uri)
    lines = (app / relative).read_text(encoding="utf-8").split("\n")
    assert rng.start.line == rng.end.line, f"a name spans lines: {location}"
    text = lines[rng.start.line][rng.start.character:rng.end.character]
    character = rng.start.character
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text, character = text[1:-1], character + 1
    return relative, rng.start.line, character, text


async def definition(client: LanguageClient, app: pathlib.Path, uri: str, position: types.Position) -> set:
    result = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position))
    if result is None:
        return set()
    return {place(app, location) for location in (result if isinstance(result, list) else [result])}


async def references(client: LanguageClient, app: pathlib.Path, uri: str, position: types.Position,
                     include_declaration: bool = True) -> list:
    result = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position,
        context=types.ReferenceContext(include_declaration=include_declaration)))
    return sorted(place(app, location) for location in (result or []))


async def rename(client: LanguageClient, uri: str, position: types.Position, new_name: str) -> types.WorkspaceEdit:
    return await client.text_document_rename_async(types.RenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position, new_name=new_name))


def edits_of(app: pathlib.Path, edit: types.WorkspaceEdit) -> tuple[list, list]:
    """The text edits of a workspace edit as sorted (file, line, character, old text, new text),
    and its file renames as (old file, new file)."""
    texts, renames = [], []
    changes = edit.document_changes or []
    for change in changes:
        if isinstance(change, types.RenameFile):
            renames.append((relative_of(app, change.old_uri), relative_of(app, change.new_uri)))
        elif isinstance(change, types.TextDocumentEdit):
            relative = relative_of(app, change.text_document.uri)
            lines = (app / relative).read_text(encoding="utf-8").split("\n")
            for item in change.edits:
                line, start, end = item.range.start.line, item.range.start.character, item.range.end.character
                assert item.range.end.line == line
                texts.append((relative, line, start, lines[line][start:end], item.new_text))
    for uri, items in (edit.changes or {}).items():
        relative = relative_of(app, uri)
        lines = (app / relative).read_text(encoding="utf-8").split("\n")
        for item in items:
            line, start, end = item.range.start.line, item.range.start.character, item.range.end.character
            texts.append((relative, line, start, lines[line][start:end], item.new_text))
    return sorted(texts), renames


def at(relative: str, text: str, needle: str, word: str, nth: int = 0) -> tuple[str, int, int, str]:
    """The expected place of `word` inside the nth `needle` of a file."""
    return (relative, *word_at(text, needle, word, nth), word)


# --- Scenes -----------------------------------------------------------------------------


@pytest.mark.asyncio(loop_scope="function")
async def test_a_routes_to_and_the_entry_go_to_the_scenes_declaration_and_are_its_references(client: LanguageClient, tmp_path):
    # "a route's "to" or the entry to the scene's "scene" in its file"; references: "every
    # place the app's files name it ..., its declaration included unless the request leaves
    # it out (includeDeclaration: false)".
    app = make_app(tmp_path)
    home, detail = FILES["scenes/Home.json"], FILES["scenes/Detail.json"]
    uri, _ = await open_file(client, app, "scenes/Home.json")

    detail_declaration = at("scenes/Detail.json", detail, '"scene": "Detail"', "Detail")
    route = position_of(home, '"to": "Detail"', after=len('"to": "De'))
    assert await definition(client, app, uri, route) == {detail_declaration}

    app_uri, app_text = await open_file(client, app, "app.json")
    home_declaration = at("scenes/Home.json", home, '"scene": "Home"', "Home")
    entry = position_of(app_text, '"entry": "Home"', after=len('"entry": "Ho'))
    assert await definition(client, app, app_uri, entry) == {home_declaration}

    # Home is named by its own "scene", the app's entry and Detail's route.
    expected = sorted([home_declaration, at("app.json", app_text, '"entry": "Home"', "Home"),
                       at("scenes/Detail.json", detail, '"to": "Home"', "Home")])
    assert await references(client, app, app_uri, entry) == expected
    assert await references(client, app, app_uri, entry, include_declaration=False) == sorted(set(expected) - {home_declaration})
    # From the declaration itself, the same places.
    assert await references(client, app, uri, position_of(home, '"scene": "Home"', after=len('"scene": "Ho'))) == expected


@pytest.mark.asyncio(loop_scope="function")
async def test_a_scene_rename_edits_its_scene_every_route_the_entry_and_renames_its_file(client: LanguageClient, tmp_path):
    # "renames a scene (its "scene", every route's "to", the app's entry, and the file
    # scenes/NAME.json itself)".
    app = make_app(tmp_path)
    home, detail = FILES["scenes/Home.json"], FILES["scenes/Detail.json"]
    uri, _ = await open_file(client, app, "scenes/Detail.json")
    position = position_of(detail, '"to": "Home"', after=len('"to": "Ho'))
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position))
    assert prepared is not None
    edit = await rename(client, uri, position, "Start")
    texts, renames = edits_of(app, edit)
    assert texts == sorted([
        ("app.json", *word_at(FILES["app.json"], '"entry": "Home"', "Home"), "Home", "Start"),
        ("scenes/Detail.json", *word_at(detail, '"to": "Home"', "Home"), "Home", "Start"),
        ("scenes/Home.json", *word_at(home, '"scene": "Home"', "Home"), "Home", "Start"),
    ])
    assert renames == [("scenes/Home.json", "scenes/Start.json")]


# --- Use cases --------------------------------------------------------------------------


@pytest.mark.asyncio(loop_scope="function")
async def test_a_use_case_named_by_action_on_appear_on_result_and_call_is_found_in_its_own_scene_only(client: LanguageClient, tmp_path):
    # Definition: "an "action", an onAppear entry, onResult or a call step's useCase to the
    # use case's key". Rename (and so references): "every action, onAppear, onResult and
    # call naming it, in its scene" — Detail's own `load` is another use case.
    app = make_app(tmp_path)
    home = FILES["scenes/Home.json"]
    uri, _ = await open_file(client, app, "scenes/Home.json")
    key = at("scenes/Home.json", home, '"load": {', "load")
    uses = {
        "onAppear": ('"onAppear": ["load"]', 0),
        "onResult": ('"onResult": "load"', 0),
        "call": ('"useCase": "load"', 0),
        "action": ('"action": "load"', 0),
    }
    for kind, (needle, nth) in uses.items():
        position = position_of(home, needle, after=needle.index("load") + 2, nth=nth)
        assert await definition(client, app, uri, position) == {key}, kind

    named = sorted([at("scenes/Home.json", home, needle, "load", nth) for needle, nth in uses.values()])
    from_action = position_of(home, '"action": "load"', after=len('"action": "lo'))
    assert await references(client, app, uri, from_action) == sorted(named + [key])
    assert await references(client, app, uri, from_action, include_declaration=False) == named


@pytest.mark.asyncio(loop_scope="function")
async def test_a_use_case_rename_edits_its_key_and_every_name_of_it_in_its_scene_and_refuses_a_taken_name(client: LanguageClient, tmp_path):
    # "a use case (its key, every action, onAppear, onResult and call naming it, in its
    # scene)"; "A new name ... that the app already has for that kind, is refused with the
    # reason."
    app = make_app(tmp_path)
    home = FILES["scenes/Home.json"]
    uri, _ = await open_file(client, app, "scenes/Home.json")
    position = position_of(home, '"onResult": "load"', after=len('"onResult": "lo'))
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position))
    prepared_range = prepared.range if hasattr(prepared, "range") else prepared
    assert isinstance(prepared_range, types.Range), prepared
    line, character = word_at(home, '"onResult": "load"', "load")
    assert (prepared_range.start, prepared_range.end) == (types.Position(line=line, character=character),
                                                          types.Position(line=line, character=character + len("load")))

    texts, renames = edits_of(app, await rename(client, uri, position, "reload"))
    expected = [("scenes/Home.json", *word_at(home, needle, "load"), "load", "reload")
                for needle in ('"load": {', '"onAppear": ["load"]', '"onResult": "load"', '"useCase": "load"', '"action": "load"')]
    assert texts == sorted(expected)  # nothing in Detail.json, whose `load` is its own
    assert renames == []

    with pytest.raises(Exception, match="refresh"):
        await rename(client, uri, position, "refresh")


# --- State and shared fields ------------------------------------------------------------


@pytest.mark.asyncio(loop_scope="function")
async def test_a_state_field_is_declared_in_its_scenes_state_and_named_in_expressions_paths_and_binds(client: LanguageClient, tmp_path):
    # Definition: "state.NAME to the scene's state". Rename (and references): "a state field
    # (its declaration, state.NAME in the scene's expressions, path and bind)". Detail's own
    # `query` is another field.
    app = make_app(tmp_path)
    home = FILES["scenes/Home.json"]
    uri, _ = await open_file(client, app, "scenes/Home.json")
    declaration = at("scenes/Home.json", home, '"query": { "type"', "query")
    uses = [at("scenes/Home.json", home, '"@{state.query}"', "query"),
            at("scenes/Home.json", home, '"path": "state.query"', "query"),
            at("scenes/Home.json", home, '"bind": "state.query"', "query")]
    for needle in ('"@{state.query}"', '"path": "state.query"', '"bind": "state.query"'):
        position = position_of(home, needle, after=needle.index("query") + 2)
        assert await definition(client, app, uri, position) == {declaration}, needle
    from_bind = position_of(home, '"bind": "state.query"', after=len('"bind": "state.qu'))
    assert await references(client, app, uri, from_bind) == sorted(uses + [declaration])
    assert await references(client, app, uri, from_bind, include_declaration=False) == sorted(uses)


@pytest.mark.asyncio(loop_scope="function")
async def test_a_shared_field_is_declared_in_app_json_and_named_across_every_scene(client: LanguageClient, tmp_path):
    # Definition: "shared.NAME to app.json's shared". Rename (and references): "a shared
    # field (the same across every scene, and its declaration in app.json)".
    app = make_app(tmp_path)
    home, detail = FILES["scenes/Home.json"], FILES["scenes/Detail.json"]
    uri, _ = await open_file(client, app, "scenes/Detail.json")
    declaration = at("app.json", FILES["app.json"], '"basket": {', "basket")
    position = position_of(detail, "@{count(shared.basket)}", after=len("@{count(shared.ba"))
    assert await definition(client, app, uri, position) == {declaration}
    uses = [
        at("scenes/Home.json", home, '"path": "shared.basket"', "basket"),
        at("scenes/Home.json", home, "@{shared.basket + [", "basket"),
        at("scenes/Home.json", home, "@{count(shared.basket)}", "basket"),
        at("scenes/Detail.json", detail, '"path": "shared.basket"', "basket"),
        at("scenes/Detail.json", detail, "@{count(shared.basket)}", "basket"),
    ]
    assert await references(client, app, uri, position) == sorted(uses + [declaration])
    assert await references(client, app, uri, position, include_declaration=False) == sorted(uses)


# --- Models and their fields ------------------------------------------------------------


@pytest.mark.asyncio(loop_scope="function")
async def test_a_model_named_in_types_goes_to_app_json_and_its_references_are_every_type_naming_it(client: LanguageClient, tmp_path):
    # Definition: "a type's model to their entry in app.json". Rename (and references): "a
    # model (its declaration and every type naming it: [Order], Order?, a provider's model)".
    app = make_app(tmp_path)
    home, detail, app_text = FILES["scenes/Home.json"], FILES["scenes/Detail.json"], FILES["app.json"]
    uri, _ = await open_file(client, app, "scenes/Home.json")
    declaration = at("app.json", app_text, '"Order": {', "Order")
    list_type = position_of(home, '"type": "[Order]"', after=len('"type": "[Or'))
    assert await definition(client, app, uri, list_type) == {declaration}
    detail_uri, _ = await open_file(client, app, "scenes/Detail.json")
    optional = position_of(detail, '"type": "Order?"', after=len('"type": "Or'))
    assert await definition(client, app, detail_uri, optional) == {declaration}

    uses = [at("scenes/Home.json", home, '"type": "[Order]"', "Order"),
            at("scenes/Detail.json", detail, '"type": "Order?"', "Order"),
            at("app.json", app_text, '"model": "Order"', "Order")]
    assert await references(client, app, uri, list_type) == sorted(uses + [declaration])
    assert await references(client, app, uri, list_type, include_declaration=False) == sorted(uses)


@pytest.mark.asyncio(loop_scope="function")
async def test_a_models_field_read_inserted_filtered_and_sorted_on_is_one_symbol_apart_from_another_models_field(client: LanguageClient, tmp_path):
    # Definition: "a model's field (p.price, a collection's where or sort) to its model".
    # Rename (and references): "its declaration, every read of it the validator types
    # (p.price, an each item's ...), ... the records a collection of the model writes and the
    # fields its fetches filter and sort on". Item's `total` is another model's field.
    app = make_app(tmp_path)
    home, detail, app_text = FILES["scenes/Home.json"], FILES["scenes/Detail.json"], FILES["app.json"]
    uri, _ = await open_file(client, app, "scenes/Home.json")
    declaration = at("app.json", app_text, '"Order": { "id": "string", "title": "string", "total"', "total")
    read = position_of(home, "currency(o.total)", after=len("currency(o.to"))
    where = position_of(home, '{ "total": { ">="', after=len('{ "to'))
    sort = position_of(home, '"sort": "-total"', after=len('"sort": "-to'))
    for name, position in (("read", read), ("where", where), ("sort", sort)):
        assert await definition(client, app, uri, position) == {declaration}, name

    uses = [at("scenes/Home.json", home, "currency(o.total)", "total"),
            at("scenes/Home.json", home, '{ "total": { ">="', "total"),
            at("scenes/Home.json", home, '"sort": "-total"', "total"),
            at("scenes/Home.json", home, '"total": 5', "total"),
            at("scenes/Detail.json", detail, "@{state.order.total}", "total")]
    assert await references(client, app, uri, read) == sorted(uses + [declaration])
    assert await references(client, app, uri, sort, include_declaration=False) == sorted(uses)


@pytest.mark.asyncio(loop_scope="function")
async def test_a_field_of_a_file_providers_model_is_named_by_the_records_of_its_data_file(client: LanguageClient, tmp_path):
    # The index holds "the data files of file providers"; a field's rename takes "sum(list,
    # 'price')" and "the records of a file provider's data file". Order's `total` is apart.
    app = make_app(tmp_path)
    app_text, items, detail = FILES["app.json"], FILES["data/items.json"], FILES["scenes/Detail.json"]
    uri, _ = await open_file(client, app, "app.json")
    position = position_of(app_text, '"sku": "string", "total"', after=len('"sku": "string", "to'))
    expected = sorted([at("app.json", app_text, '"sku": "string", "total"', "total"),
                       at("data/items.json", items, '"total": 1.50', "total"),
                       at("data/items.json", items, '"total": 2.25', "total"),
                       at("scenes/Detail.json", detail, "sum(all, 'total')", "total")])
    assert await references(client, app, uri, position) == expected
    texts, _ = edits_of(app, await rename(client, uri, position, "amount"))
    assert texts == sorted((file, line, character, "total", "amount") for file, line, character, _ in expected)


def with_drafts() -> dict[str, str]:
    """The app with a record of Order in state, edited through `bind` and `path`, sorted by a
    built-in worker, changed item by item with `it`, and updated in the collection by `set`."""
    files = dict(FILES)
    home = FILES["scenes/Home.json"]
    home = home.replace('"query": { "type": "string", "default": "" }',
                        '"query": { "type": "string", "default": "" },\n    "draft": { "type": "Order?" }')
    home = home.replace('    "open": {', """    "bump": {
      "interactor": [
        { "type": "set", "path": "state.orders", "where": "@{it.total > 100}", "value": "@{it + {title: 'big'}}" },
        { "type": "work", "worker": "sort", "input": "@{state.orders}", "args": { "by": "total", "order": "desc" }, "as": "sorted" },
        { "type": "set", "path": "state.orders", "value": "@{sorted}" },
        { "type": "update", "if": "@{state.draft}", "provider": "orders", "key": "@{state.draft.id}",
          "set": { "total": "@{state.draft.total + 1}" } }
      ]
    },
    "open": {""")
    home = home.replace('    { "type": "input", "label": "Search", "bind": "state.query" },',
                        """    { "type": "input", "label": "Search", "bind": "state.query" },
    { "type": "input", "label": "Total", "bind": "state.draft.total" },
    { "type": "button", "title": "Bump", "action": "bump" },""")
    files["scenes/Home.json"] = home
    return files


@pytest.mark.asyncio(loop_scope="function")
async def test_a_models_field_rename_follows_it_workers_updates_and_paths_and_items_go_to_their_as(client: LanguageClient, tmp_path):
    # Rename of a model's field: "its declaration, every read of it the validator types
    # (p.price, an each item's, it's), a built-in worker's argument naming it ("by": "price",
    # ..., an update's set), ..., the records a collection of the model writes and the fields
    # its fetches filter and sort on, ..., a path or bind through a record of it
    # (state.form.price)". References give "the places a rename edits".
    files = with_drafts()
    app = make_app(tmp_path, files)
    home, detail, app_text = files["scenes/Home.json"], files["scenes/Detail.json"], files["app.json"]
    uri, _ = await open_file(client, app, "scenes/Home.json")
    expected = sorted([
        at("app.json", app_text, '"Order": { "id": "string", "title": "string", "total"', "total"),
        at("scenes/Home.json", home, "currency(o.total)", "total"),
        at("scenes/Home.json", home, '{ "total": { ">="', "total"),
        at("scenes/Home.json", home, '"sort": "-total"', "total"),
        at("scenes/Home.json", home, '"total": 5', "total"),
        at("scenes/Home.json", home, "@{it.total > 100}", "total"),
        at("scenes/Home.json", home, '"by": "total"', "total"),
        at("scenes/Home.json", home, '"set": { "total"', "total"),
        at("scenes/Home.json", home, "@{state.draft.total + 1}", "total"),
        at("scenes/Home.json", home, '"bind": "state.draft.total"', "total"),
        at("scenes/Detail.json", detail, "@{state.order.total}", "total"),
    ])
    from_bind = position_of(home, '"bind": "state.draft.total"', after=len('"bind": "state.draft.to'))
    assert await references(client, app, uri, from_bind) == expected

    # Definition: "a list's item in an expression (t of t.title) to the "as" that names it,
    # and it to its step's "path"". The docs name the place, not the range's length.
    item = position_of(home, "currency(o.total)", after=len("currency("))
    starts = {(file, line, character) for file, line, character, _ in await definition(client, app, uri, item)}
    assert starts == {("scenes/Home.json", *word_at(home, '"as": "o"', "o"))}
    it = position_of(home, "@{it.total > 100}", after=len("@{i"))
    starts = {(file, line, character) for file, line, character, _ in await definition(client, app, uri, it)}
    assert starts == {("scenes/Home.json", *word_at(home, '"path": "state.orders", "where"', "state.orders"))}

    texts, _ = edits_of(app, await rename(client, uri, from_bind, "amount"))
    assert texts == sorted((file, line, character, "total", "amount") for file, line, character, _ in expected)


@pytest.mark.asyncio(loop_scope="function")
async def test_a_model_rename_edits_every_type_naming_it_and_refuses_a_model_the_app_has(client: LanguageClient, tmp_path):
    # Rename: "a model (its declaration and every type naming it: [Order], Order?, a
    # provider's model)"; "A new name that is not a name, or that the app already has for
    # that kind, is refused with the reason."
    app = make_app(tmp_path)
    home, detail, app_text = FILES["scenes/Home.json"], FILES["scenes/Detail.json"], FILES["app.json"]
    uri, _ = await open_file(client, app, "app.json")
    position = position_of(app_text, '"Order": {', after=3)
    texts, renames = edits_of(app, await rename(client, uri, position, "Purchase"))
    assert texts == sorted([
        ("app.json", *word_at(app_text, '"Order": {', "Order"), "Order", "Purchase"),
        ("app.json", *word_at(app_text, '"model": "Order"', "Order"), "Order", "Purchase"),
        ("scenes/Home.json", *word_at(home, '"type": "[Order]"', "Order"), "Order", "Purchase"),
        ("scenes/Detail.json", *word_at(detail, '"type": "Order?"', "Order"), "Order", "Purchase"),
    ])
    assert renames == []
    with pytest.raises(Exception, match="Item"):
        await rename(client, uri, position, "Item")
    with pytest.raises(Exception):
        await rename(client, uri, position, "two words")


# --- Providers and string keys ----------------------------------------------------------


@pytest.mark.asyncio(loop_scope="function")
async def test_a_provider_goes_to_its_entry_in_app_json_and_its_references_are_every_step_naming_it(client: LanguageClient, tmp_path):
    # Definition: ""provider" ... to their entry in app.json"; references: every place the
    # app's files name it.
    app = make_app(tmp_path)
    home, detail, app_text = FILES["scenes/Home.json"], FILES["scenes/Detail.json"], FILES["app.json"]
    uri, _ = await open_file(client, app, "scenes/Home.json")
    declaration = at("app.json", app_text, '"orders": { "type": "collection"', "orders")
    position = position_of(home, '"type": "insert", "provider": "orders"', after=len('"type": "insert", "provider": "or'))
    assert await definition(client, app, uri, position) == {declaration}
    uses = [at("scenes/Home.json", home, '"type": "fetch", "provider": "orders"', "orders"),
            at("scenes/Home.json", home, '"type": "insert", "provider": "orders"', "orders"),
            at("scenes/Detail.json", detail, '"provider": "orders"', "orders")]
    assert await references(client, app, uri, position) == sorted(uses + [declaration])
    assert await references(client, app, uri, position, include_declaration=False) == sorted(uses)


@pytest.mark.asyncio(loop_scope="function")
async def test_a_string_key_goes_to_every_table_and_is_named_by_each_t_call(client: LanguageClient, tmp_path):
    # Definition: "t('catalog.title') to that key in every string table (locales/*.json)";
    # rename (and references): "a string key (every table and t('…'))".
    extra = dict(FILES)
    extra["scenes/Detail.json"] = FILES["scenes/Detail.json"].replace(
        '"text": "@{vm.title}: @{vm.sum}"', '"text": "@{t(\'home.title\')}: @{vm.title}: @{vm.sum}"')
    app = make_app(tmp_path, extra)
    home, detail = extra["scenes/Home.json"], extra["scenes/Detail.json"]
    uri, _ = await open_file(client, app, "scenes/Home.json")
    tables = [at("locales/en.json", EN_JSON, '"home.title"', "home.title"),
              at("locales/ru.json", RU_JSON, '"home.title"', "home.title")]
    position = position_of(home, "t('home.title')", after=len("t('home.t"))
    assert await definition(client, app, uri, position) == set(tables)
    calls = [at("scenes/Home.json", home, "t('home.title')", "home.title"),
             at("scenes/Detail.json", detail, "t('home.title')", "home.title")]
    assert await references(client, app, uri, position) == sorted(tables + calls)
    assert await references(client, app, uri, position, include_declaration=False) == sorted(calls)
    # From a table's key: the same symbol.
    en_uri, _ = await open_file(client, app, "locales/en.json")
    assert await references(client, app, en_uri, position_of(EN_JSON, '"home.title"', after=3)) == sorted(tables + calls)


# --- Unsaved text ------------------------------------------------------------------------


@pytest.mark.asyncio(loop_scope="function")
async def test_the_index_follows_the_unsaved_text_of_an_open_file(client: LanguageClient, tmp_path):
    # "the app is validated with the unsaved text of every open file over the files on disk";
    # "Definition, references and rename all read one index the server keeps with its
    # validation".
    app = make_app(tmp_path)
    detail = FILES["scenes/Detail.json"]
    detail_uri, _ = await open_file(client, app, "scenes/Detail.json")
    # Unsaved: a second route to Home, in a new use case of Detail.
    home_case = '    "home": { "interactor": [ { "type": "route", "to": "Home", "mode": "root" } ] }'
    edited = detail.replace(home_case, home_case + ',\n    "again": { "interactor": [ { "type": "route", "to": "Home", "mode": "replace" } ] }')
    assert edited != detail
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=detail_uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=edited)]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [d.code for d in client.diagnostics.get(detail_uri, [])] == []

    app_uri, app_text = await open_file(client, app, "app.json")
    entry = position_of(app_text, '"entry": "Home"', after=len('"entry": "Ho'))
    found = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=app_uri), position=entry,
        context=types.ReferenceContext(include_declaration=False)))
    # Positions in Detail.json are those of the unsaved text (the file on disk has one route).
    starts = sorted((relative_of(app, l.uri), l.range.start.line, l.range.start.character) for l in found)
    assert starts == sorted([("app.json", *word_at(app_text, '"entry": "Home"', "Home")),
                             ("scenes/Detail.json", *word_at(edited, '"to": "Home", "mode": "root"', "Home")),
                             ("scenes/Detail.json", *word_at(edited, '"to": "Home", "mode": "replace"', "Home"))])
    # The new use case, named only by its unsaved key, is one the index knows too.
    again = position_of(edited, '"again": {', after=3)
    found = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=detail_uri), position=again,
        context=types.ReferenceContext(include_declaration=True)))
    starts = {(relative_of(app, l.uri), l.range.start.line, l.range.start.character) for l in found or []}
    assert starts == {("scenes/Detail.json", *word_at(edited, '"again": {', "again"))}


# --- Workspace symbols ------------------------------------------------------------------


@pytest.mark.asyncio(loop_scope="function")
async def test_workspace_symbols_are_the_scenes_use_cases_and_models_of_the_opened_apps_by_letters_in_order(client: LanguageClient, tmp_path):
    # "every scene, use case and model of the apps opened so far whose name holds the
    # query's letters in order, ignoring case (orlist finds OrderList)".
    app = make_app(tmp_path)
    other_files = dict(FILES)
    other_files["app.json"] = FILES["app.json"].replace('"name": "Mini"', '"name": "Other"').replace(
        '"Item": {', '"Invoice": {').replace('"[Item]"', '"[Invoice]"')
    other = make_app(tmp_path, other_files, name="Other")
    never_opened_files = dict(other_files)
    never_opened_files["app.json"] = other_files["app.json"].replace('"name": "Other"', '"name": "Unseen"').replace(
        '"Invoice": {', '"Ingot": {').replace('"[Invoice]"', '"[Ingot]"')
    make_app(tmp_path, never_opened_files, name="Unseen")

    await open_file(client, app, "scenes/Home.json")
    # "ITM": I…t…m in order, any case — the model Item; no scene or use case has them.
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="ITM"))
    assert sorted(s.name for s in found) == ["Item"]
    # "dtl": the scene Detail. "ld": the two scenes' `load` use cases.
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="dtl"))
    assert sorted(s.name for s in found) == ["Detail"]
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="LD"))
    assert sorted(s.name for s in found) == ["load", "load"]
    assert sorted(relative_of(app, s.location.uri) for s in found) == ["scenes/Detail.json", "scenes/Home.json"]

    # A second app, once opened, is searched too; a third never opened is not.
    await open_file(client, other, "scenes/Detail.json")
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="i"))
    names = sorted(s.name for s in found)
    assert "Invoice" in names and "Ingot" not in names, names
    assert "Item" in names, names
