#!/usr/bin/env python3
"""Checks every manifest under Scenes/ against docs/schema with jsonschema (draft-07):
app.json against app.schema.json, scenes/*.json against scene.schema.json. Each manifest
must name its schema with a relative `$schema` that resolves to the right file."""
import json
import pathlib
import sys

import jsonschema

root = pathlib.Path(__file__).resolve().parent.parent
schemas = {name: json.loads((root / "docs/schema" / f"{name}.schema.json").read_text()) for name in ("app", "scene")}
for schema in schemas.values():
    jsonschema.Draft7Validator.check_schema(schema)

problems = 0
checked = 0
manifests = sorted((root / "Scenes").glob("*/app.json")) + sorted((root / "Scenes").glob("*/scenes/*.json"))
# Scenes/Broken is broken on purpose (a file that does not parse, keys that do not exist).
for manifest in [m for m in manifests if m.relative_to(root).parts[1] != "Broken"]:
    kind = "app" if manifest.name == "app.json" else "scene"
    document = json.loads(manifest.read_text())
    relative = manifest.relative_to(root)
    named = document.get("$schema")
    expected = (root / "docs/schema" / f"{kind}.schema.json").resolve()
    if named is None or (manifest.parent / named).resolve() != expected:
        print(f"{relative}: '$schema' must point at docs/schema/{kind}.schema.json (found {named!r})")
        problems += 1
    for error in sorted(jsonschema.Draft7Validator(schemas[kind]).iter_errors(document), key=lambda e: list(e.path)):
        pointer = "/" + "/".join(str(part) for part in error.path)
        print(f"{relative}: {pointer}: {error.message[:300]}")
        problems += 1
    checked += 1

# What validate refuses as a structure error, the schema refuses too, so an editor shows it
# while typing: each manifest here holds such a value (docs/manifest.md#built-in-workers).
refused = [root / "Tests/SceneryCLITests/Contract/manifest/findings-worker-words/scenes/A.json"]
for manifest in refused:
    document = json.loads(manifest.read_text())
    if not list(jsonschema.Draft7Validator(schemas["scene"]).iter_errors(document)):
        print(f"{manifest.relative_to(root)}: the schema lets through what validate refuses")
        problems += 1
    checked += 1

# The schemas take what validate takes: `$schema` and `x-` keys in every object
# (checks: docs/editors.md, the schemas paragraph; docs/manifest.md, the top section).
def with_extension_keys(value):
    if isinstance(value, dict):
        marked = {key: with_extension_keys(item) for key, item in value.items()}
        marked.setdefault("$schema", "../../../docs/schema/scene.schema.json")
        marked["x-note"] = "a note"
        return marked
    if isinstance(value, list):
        return [with_extension_keys(item) for item in value]
    return value


for manifest in [root / "Scenes/Shop/app.json", root / "Scenes/Shop/scenes/Catalog.json", root / "Scenes/Orders/scenes/OrderForm.json"]:
    kind = "app" if manifest.name == "app.json" else "scene"
    document = with_extension_keys(json.loads(manifest.read_text()))
    for error in jsonschema.Draft7Validator(schemas[kind]).iter_errors(document):
        print(f"{manifest.relative_to(root)} with x- keys everywhere: /{'/'.join(map(str, error.path))}: {error.message[:300]}")
        problems += 1
    checked += 1

print(f"schemas: {checked} manifests checked, {problems} problems")
sys.exit(1 if problems or checked == 0 else 0)
