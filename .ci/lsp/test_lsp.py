"""`scenery lsp` end to end, driven by pytest-lsp as an editor would drive it.

Run by .ci/run: SCENERY=.build/debug/scenery python -m pytest .ci/lsp
"""
import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHOP = ROOT / "Scenes" / "Shop"
ORDERS = ROOT / "Scenes" / "Orders"
SCENERY = os.environ.get("SCENERY", str(ROOT / ".build" / "debug" / "scenery"))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[SCENERY, "lsp"]))
async def client(lsp_client: LanguageClient):
    params = types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=SHOP.as_uri())
    result = await lsp_client.initialize_session(params)
    assert result.capabilities.completion_provider is not None
    assert result.capabilities.definition_provider
    yield
    # Teardown sends shutdown, then exit; a server that did not answer fails the test.
    await lsp_client.shutdown_session()


def open_scene(client: LanguageClient, name: str, app: pathlib.Path = SHOP) -> tuple[str, str]:
    path = app / "scenes" / f"{name}.json"
    uri, text = path.as_uri(), path.read_text(encoding="utf-8")
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="json", version=1, text=text)))
    return uri, text


def change(client: LanguageClient, uri: str, text: str, version: int = 2):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


async def complete(client: LanguageClient, uri: str, position: types.Position) -> set[str]:
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position))
    items = result.items if isinstance(result, types.CompletionList) else result
    return {item.label for item in items}


async def definition(client: LanguageClient, uri: str, position: types.Position) -> list:
    """The locations a definition request gives, as a list whether the server sent one or many."""
    result = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position))
    return result if isinstance(result, list) else [result]


def position_of(text: str, needle: str, after: int = 0) -> types.Position:
    index = text.index(needle) + after
    line = text.count("\n", 0, index)
    character = index - (text.rfind("\n", 0, index) + 1)
    return types.Position(line=line, character=character)


@pytest.mark.asyncio(loop_scope="function")
async def test_a_misspelt_provider_is_a_diagnostic_at_its_value_and_the_fix_clears_it(client: LanguageClient):
    uri, text = open_scene(client, "Catalog")
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics.get(uri, [])) == []

    typo = text.replace('"provider": "products"', '"provider": "prodcts"', 1)
    change(client, uri, typo)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    diagnostics = client.diagnostics[uri]
    assert [d.code for d in diagnostics] == ["E304"]
    start = position_of(typo, '"prodcts"')
    assert diagnostics[0].range.start == start
    assert diagnostics[0].range.end == types.Position(line=start.line, character=start.character + len('"prodcts"'))
    assert "did you mean 'products'" in diagnostics[0].message
    assert diagnostics[0].severity == types.DiagnosticSeverity.Error

    change(client, uri, text, version=3)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri]) == []


@pytest.mark.asyncio(loop_scope="function")
async def test_a_typed_path_completes_to_the_models_fields(client: LanguageClient):
    uri, text = open_scene(client, "Product")
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    edited = text.replace('"notice": "@{null}"', '"notice": "@{response.product.}"', 1)
    change(client, uri, edited)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    labels = await complete(client, uri, position_of(edited, "@{response.product.}", after=len("@{response.product.")))
    assert labels == {"id", "name", "price", "category", "tags"}


@pytest.mark.asyncio(loop_scope="function")
async def test_a_routes_target_goes_to_the_scene_file(client: LanguageClient):
    uri, text = open_scene(client, "Catalog")
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    location = (await definition(client, uri, position_of(text, '"to": "Product"', after=len('"to": "Pro'))))[0]
    assert location.uri == (SHOP / "scenes" / "Product.json").as_uri()


@pytest.mark.asyncio(loop_scope="function")
async def test_step_types_complete_and_functions_have_their_doc(client: LanguageClient):
    uri, text = open_scene(client, "Product")
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert "route" in await complete(client, uri, position_of(text, '"type": "fetch"', after=len('"type": "')))
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, "currency(", after=2)))
    assert "currency(amount" in hover.contents.value


@pytest.mark.asyncio(loop_scope="function")
async def test_a_scenes_references_are_its_routes_and_its_own_name(client: LanguageClient):
    uri, text = open_scene(client, "Product")
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    result = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=position_of(text, '"scene": "Product"', after=len('"scene": "Pr')),
        context=types.ReferenceContext(include_declaration=True)))
    found = sorted((pathlib.Path(location.uri.removeprefix("file://")).name, location.range.start.line) for location in result)
    catalog = (SHOP / "scenes" / "Catalog.json").read_text(encoding="utf-8")
    assert found == sorted([("Catalog.json", position_of(catalog, '"to": "Product"').line),
                            ("Product.json", position_of(text, '"scene": "Product"').line)])


async def hover_text(client: LanguageClient, uri: str, position: types.Position) -> str:
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position))
    return hover.contents.value if hover else ""


@pytest.mark.asyncio(loop_scope="function")
async def test_hover_on_a_name_says_what_it_is_and_where_it_is_declared(client: LanguageClient):
    # checks: docs/editors.md#what-the-server-does
    uri, text = open_scene(client, "Catalog")
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    shown = await hover_text(client, uri, position_of(text, '"provider": "products"', after=len('"provider": "pro')))
    # Declared in app.json: line 21, its key after the quote.
    assert shown == "the provider `products`, declared at app.json:21:6"


@pytest.mark.asyncio(loop_scope="function")
async def test_keys_complete_by_place_and_hover_gives_keys_types_and_codes(client: LanguageClient):
    uri, text = open_scene(client, "Catalog")
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    # A fetch step's keys, from the decoder's own list.
    step = '{ "type": "fetch", "provider": "products", "as": "all" }'
    edited = text.replace(step, step[:-2] + ', "" }', 1)
    change(client, uri, edited)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    labels = await complete(client, uri, position_of(edited, '"as": "all", "', after=len('"as": "all", "')))
    assert labels == {"type", "if", "provider", "as", "args", "onError", "fallback"}
    change(client, uri, text, version=3)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    assert "the provider to read" in await hover_text(client, uri, position_of(text, '"provider": "products"', after=3))
    # The static type of a path in an expression.
    assert "`response.products`: [Product]" in await hover_text(
        client, uri, position_of(text, '"each": "@{response.products}"', after=len('"each": "@{response.pro')))

    # A finding's code and what it means.
    typo = text.replace('"provider": "products"', '"provider": "prodcts"', 1)
    change(client, uri, typo, version=4)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert "**E304**: " in await hover_text(client, uri, position_of(typo, '"prodcts"', after=3))


@pytest.mark.asyncio(loop_scope="function")
async def test_use_cases_in_on_appear_and_translation_keys_have_definitions_and_references(client: LanguageClient):
    uri, text = open_scene(client, "Catalog")
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    location = (await definition(client, uri, position_of(text, '"onAppear": ["load"', after=len('"onAppear": ["lo'))))[0]
    assert location.range.start.line == position_of(text, '"load": {').line

    title = position_of(text, "t('catalog.title')", after=len("t('cat"))
    assert {"catalog.title", "login.title"} <= await complete(client, uri, title)
    result = await definition(client, uri, title)
    assert sorted(pathlib.Path(location.uri.removeprefix("file://")).name for location in result) == ["en.json", "ru.json"]
    result = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=title, context=types.ReferenceContext(include_declaration=True)))
    names = sorted(pathlib.Path(location.uri.removeprefix("file://")).name for location in result)
    assert names == ["Catalog.json", "Catalog.json", "en.json", "ru.json"]


@pytest.mark.asyncio(loop_scope="function")
async def test_a_bound_input_completes_to_fields_of_a_record_in_state_and_new_keys_have_docs(client: LanguageClient):
    # checks: docs/manifest.md#forms
    uri, text = open_scene(client, "OrderForm", app=ORDERS)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    labels = await complete(client, uri, position_of(text, '"bind": "state.form.city"', after=len('"bind": "state.form.')))
    assert {"state.form", "state.form.firstName", "state.form.deliverBy"} <= labels
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, '"bind"', after=2)))
    assert "state path" in hover.contents.value
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, "uuid()", after=1)))
    assert "unique id" in hover.contents.value


@pytest.mark.asyncio(loop_scope="function")
async def test_a_collections_sort_completes_to_its_fields(client: LanguageClient):
    # checks: docs/manifest.md#collections
    uri, text = open_scene(client, "OrderList", app=ORDERS)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    labels = await complete(client, uri, position_of(text, '"sort": "-createdAt"', after=len('"sort": "')))
    assert {"total", "-total", "createdAt", "-createdAt", "lastName"} <= labels
    assert "note" in labels and "-note" in labels


@pytest.mark.asyncio(loop_scope="function")
async def test_a_lists_item_completes_hovers_and_goes_to_its_as(client: LanguageClient):
    # checks: docs/editors.md#what-the-server-does
    uri, text = open_scene(client, "OrderList", app=ORDERS)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    item = '"title": "@{o.firstName}'
    labels = await complete(client, uri, position_of(text, item, after=len('"title": "@{o.')))
    assert {"firstName", "lastName", "total", "createdAt", "note"} <= labels
    assert "orders" not in labels
    roots = await complete(client, uri, position_of(text, item, after=len('"title": "@{')))
    assert {"o", "response", "state"} <= roots
    assert "`o.total`: decimal" in await hover_text(client, uri, position_of(text, "@{currency(o.total)}", after=len("@{currency(o.t")))
    location = (await definition(client, uri, position_of(text, item, after=len('"title": "@{'))))[0]
    assert location.uri == uri
    assert location.range.start == position_of(text, '"as": "o"', after=len('"as": "'))
    # Outside the each's value, `o` is no local.
    assert "o" not in await complete(client, uri, position_of(text, '"summary": "@{', after=len('"summary": "@{')))


def edit(client: LanguageClient, uri: str, version: int, *changes: tuple[types.Position, types.Position, str]):
    """An incremental change: each (start, end, text) replaces a range, in order."""
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text=text)
                         for start, end, text in changes]))


@pytest.mark.asyncio(loop_scope="function")
async def test_incremental_changes_apply_in_order_with_utf16_columns(client: LanguageClient):
    # checks: docs/editors.md#what-the-server-does
    uri, text = open_scene(client, "Catalog")
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    start = position_of(text, '"provider": "products"', after=len('"provider": "'))
    end = types.Position(line=start.line, character=start.character + len("products"))
    # Two changes in one message: a word before it on its line gains a character outside the
    # BMP (two UTF-16 units), then the provider is misspelt at the columns that follow from it.
    line_start = types.Position(line=start.line, character=0)
    shifted = lambda p: types.Position(line=p.line, character=p.character + 2)
    edit(client, uri, 2, (line_start, line_start, "\U0001F6D2"), (shifted(start), shifted(end), "prodcts"))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    # The emoji breaks the JSON before the provider: both findings, in order.
    codes = [d.code for d in client.diagnostics[uri]]
    assert codes and codes[0].startswith("E1"), codes
    # Take the emoji out again: only the misspelt provider is left, at its place.
    edit(client, uri, 3, (line_start, types.Position(line=start.line, character=2), ""))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    diagnostics = client.diagnostics[uri]
    assert [d.code for d in diagnostics] == ["E304"]
    assert diagnostics[0].range.start == types.Position(line=start.line, character=start.character - 1)
    # The fix clears the finding.
    edit(client, uri, 4, (types.Position(line=start.line, character=start.character), types.Position(line=start.line, character=start.character + len("prodcts")), "products"))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri]) == []


@pytest.mark.asyncio(loop_scope="function")
async def test_a_scenes_outline_and_the_workspaces_symbols(client: LanguageClient):
    # checks: docs/editors.md#what-the-server-does
    uri, text = open_scene(client, "OrderList", app=ORDERS)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    [scene] = symbols
    assert scene.name == "OrderList" and scene.kind == types.SymbolKind.Class
    sections = {child.name: child for child in scene.children}
    assert list(sections) == ["state", "useCases", "view"]
    assert [(c.name, c.detail) for c in sections["state"].children] == [("problem", "string?")]
    assert [(c.name, c.kind, c.detail) for c in sections["useCases"].children] == [
        ("load", types.SymbolKind.Method, "internal use case"), ("open", types.SymbolKind.Method, "use case")]
    assert [c.name for c in sections["useCases"].children[1].children] == ["orderId"]
    assert [c.name for c in sections["view"].children] == ["header", "text", "list", "text", "button", "error"]
    load = sections["useCases"].children[0]
    assert load.selection_range.start == position_of(text, '"load": {')
    # The use case's range runs from its key to the end of its object.
    assert load.range.end.line > load.range.start.line
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="orlist"))
    assert [(s.name, s.kind, s.container_name) for s in found] == [("OrderList", types.SymbolKind.Class, "Orders")]
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="Order"))
    names = {(s.name, s.kind) for s in found}
    assert {("OrderList", types.SymbolKind.Class), ("OrderDetails", types.SymbolKind.Class), ("Order", types.SymbolKind.Struct),
            ("OrderForm", types.SymbolKind.Class)} <= names


async def code_actions(client: LanguageClient, uri: str, start: types.Position, end: types.Position) -> list:
    return await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=types.Range(start=start, end=end),
        context=types.CodeActionContext(diagnostics=[])))


@pytest.mark.asyncio(loop_scope="function")
async def test_a_did_you_mean_is_a_quick_fix_and_a_missing_string_is_added_to_every_table(client: LanguageClient):
    # checks: docs/editors.md#what-the-server-does
    uri, text = open_scene(client, "Catalog")
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    typo = text.replace('"provider": "products"', '"provider": "prodcts"', 1)
    change(client, uri, typo)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    start = position_of(typo, '"prodcts"', after=3)
    [fix] = await code_actions(client, uri, start, start)
    assert fix.title == "Change 'prodcts' to 'products'" and fix.kind == "quickfix" and fix.is_preferred
    [edit] = fix.edit.changes[uri]
    word = position_of(typo, '"prodcts"', after=1)
    assert edit.new_text == "products"
    assert (edit.range.start, edit.range.end) == (word, types.Position(line=word.line, character=word.character + len("prodcts")))
    assert fix.diagnostics[0].code == "E304"

    # A key no table has: added to both, after each table's last entry, with the key as its text.
    missing = text.replace("@{t('catalog.title')}", "@{t('catalog.subtitle')}", 1)
    change(client, uri, missing, version=3)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    at = position_of(missing, "catalog.subtitle", after=2)
    actions = await code_actions(client, uri, at, at)
    [add] = [action for action in actions if action.title.startswith("Add")]
    assert add.title == "Add 'catalog.subtitle' to locales/en.json, locales/ru.json"
    for locale in ("en", "ru"):
        table = SHOP / "locales" / f"{locale}.json"
        [insert] = add.edit.changes[table.as_uri()]
        lines = table.read_text(encoding="utf-8").split("\n")
        last = len(lines) - 3  # the line before "}" and the final newline
        assert insert.range.start == types.Position(line=last, character=len(lines[last]))
        assert insert.new_text == ',\n  "catalog.subtitle": "catalog.subtitle"'


def apply_edit(edit: types.WorkspaceEdit):
    """Writes a workspace edit to disk as an editor applies it: text edits, then file renames."""
    for change in edit.document_changes:
        if isinstance(change, types.RenameFile):
            pathlib.Path(change.old_uri[len("file://"):]).rename(change.new_uri[len("file://"):])
            continue
        path = pathlib.Path(change.text_document.uri[len("file://"):])
        lines = path.read_text(encoding="utf-8").split("\n")

        def offset(position: types.Position) -> int:
            before = sum(len(line.encode("utf-16-le")) // 2 + 1 for line in lines[:position.line])
            return before + position.character

        text = "\n".join(lines)
        units = text.encode("utf-16-le")
        for item in sorted(change.edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
            start, end = offset(item.range.start) * 2, offset(item.range.end) * 2
            units = units[:start] + item.new_text.encode("utf-16-le") + units[end:]
        path.write_text(units.decode("utf-16-le"), encoding="utf-8")


RENAMES = [
    # (file, text at the cursor, where in it, new name, places renamed, what transcripts show)
    ("scenes/Catalog.json", '"provider": "products"', len('"provider": "pro'), "items", 3, "same"),
    ("scenes/Catalog.json", '"to": "Product"', len('"to": "Pro'), "ProductPage", 2, "name"),
    ("scenes/Catalog.json", '"state.query"', len('"state.qu'), "search", 5, "same"),
    ("scenes/Cart.json", "shared.cart", len("shared.ca"), "basket", 17, "same"),
    ("app.json", '"Product": {', 3, "Item", 3, "same"),
    ("scenes/Catalog.json", "t('catalog.title')", len("t('cata"), "catalog.heading", 4, "same"),
    ("app.json", '"loyaltyPoints"', 3, "points", 2, "same"),
    ("scenes/Deals.json", '"provider": "deals"', len('"provider": "de'), "offers", 3, "name"),
    ("scenes/Catalog.json", '"open": {', 3, "show", 2, "typed"),
    # A model's field from its declaration, a typed read and a worker's argument: one symbol,
    # the same 13 places (with the 8 records of the products' data file).
    ("app.json", '"price": "decimal", "category"', 3, "cost", 13, "same"),
    ("scenes/Product.json", "state.product.price", len("state.product.pr"), "cost", 13, "same"),
    ("scenes/Catalog.json", '"by": "price"', len('"by": "pr'), "cost", 13, "same"),
]


@pytest.mark.asyncio(loop_scope="function")
@pytest.mark.parametrize("file,needle,after,new_name,count,transcripts", RENAMES)
async def test_a_rename_changes_every_use_and_nothing_else(client: LanguageClient, tmp_path, file, needle, after, new_name, count, transcripts):
    # checks: docs/editors.md#what-the-server-does
    import shutil
    import subprocess
    app = tmp_path / "Shop"
    shutil.copytree(SHOP, app)
    path = app / file
    text = path.read_text(encoding="utf-8")
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="json", version=1, text=text)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    position = position_of(text, needle, after=after)
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position))
    assert prepared is not None
    edit = await client.text_document_rename_async(types.RenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position, new_name=new_name))
    edits = sum(len(change.edits) for change in edit.document_changes if isinstance(change, types.TextDocumentEdit))
    assert edits == count, edit
    apply_edit(edit)
    # Every use renamed: the app validates as cleanly as before.
    validated = subprocess.run([SCENERY, "validate", "--strict", str(app)], capture_output=True, text=True)
    assert validated.returncode == 0, validated.stdout + validated.stderr
    # Nothing else: the transcripts replay as before, or differ only where the output shows
    # the name (a `stack`, a provider's message); a renamed use case is a new word to type.
    replayed = subprocess.run([SCENERY, "test", str(app)], capture_output=True, text=True)
    if transcripts == "same":
        assert replayed.returncode == 0, replayed.stdout
    elif transcripts == "name":
        added = [line for line in replayed.stderr.split("\n") if line.startswith("+") and not line.startswith("+++")]
        assert added and all(new_name in line for line in added), replayed.stderr


@pytest.mark.asyncio(loop_scope="function")
async def test_rename_refuses_a_taken_name_and_says_what_cannot_be_renamed(client: LanguageClient):
    uri, text = open_scene(client, "Catalog")
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    position = position_of(text, '"to": "Product"', after=len('"to": "Pro'))
    with pytest.raises(Exception, match="the app has a scene named 'Cart' already"):
        await client.text_document_rename_async(types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position, new_name="Cart"))
    with pytest.raises(Exception, match="cannot name a scene"):
        await client.text_document_rename_async(types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position, new_name="2 words"))
    assert await client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, '"type": "fetch"', after=3))) is None


@pytest.mark.asyncio(loop_scope="function")
async def test_a_models_field_is_renamed_in_a_record_written_where_the_model_lands(client: LanguageClient, tmp_path):
    # checks: docs/editors.md#what-the-server-does
    import shutil
    app = tmp_path / "Shop"
    shutil.copytree(SHOP, app)
    scene = app / "scenes" / "Product.json"
    step = '{ "type": "set", "path": "state.product", "value": "@{product}" }'
    literal = "{ \"type\": \"set\", \"path\": \"state.product\", \"if\": \"@{product == null}\", \"value\": \"@{{id: 'none', name: 'None', price: 0, category: 'x', tags: []}}\" }"
    scene.write_text(scene.read_text(encoding="utf-8").replace(step, step + ",\n        " + literal), encoding="utf-8")
    path = app / "app.json"
    text = path.read_text(encoding="utf-8")
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=path.as_uri(), language_id="json", version=1, text=text)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    edit = await client.text_document_rename_async(types.RenameParams(
        text_document=types.TextDocumentIdentifier(uri=path.as_uri()), position=position_of(text, '"price": "decimal", "category"', after=3),
        new_name="cost"))
    apply_edit(edit)
    assert "name: 'None', cost: 0" in scene.read_text(encoding="utf-8")
