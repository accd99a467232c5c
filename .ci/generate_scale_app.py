#!/usr/bin/env python3
"""Writes a generated app for measuring `scenery test` at scale (docs/performance.md):
SCENES scenes in a ring, each with a list, a search and a route to the next, and
TRANSCRIPTS transcripts that each search one scene and walk to the next two.

usage: .ci/generate_scale_app.py OUT_FOLDER SCENES TRANSCRIPTS

The app is not kept in git; make it where you measure:
    python3 .ci/generate_scale_app.py /tmp/scale 200 1000
    swift build -c release --product scenery
    time .build/release/scenery test /tmp/scale --jobs 1
    time .build/release/scenery test /tmp/scale --jobs 2
"""
import json
import os
import sys

out, scenes, transcripts = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
os.makedirs(f"{out}/scenes", exist_ok=True)
os.makedirs(f"{out}/tests", exist_ok=True)
for name in os.listdir(f"{out}/tests"):
    os.remove(f"{out}/tests/{name}")
with open(f"{out}/app.json", "w") as app:
    json.dump({"formatVersion": 1, "name": "Scale", "entry": "S0"}, app)


def scene(index):
    items = [f"Item {index}-{item}" for item in range(12)]
    return {
        "formatVersion": 1,
        "scene": f"S{index}",
        "state": {"query": {"type": "string", "default": ""}},
        "useCases": {
            "search": {
                "request": {"text": "string"},
                "interactor": [{"type": "set", "path": "state.query", "value": "@{request.text}"}],
                "response": {"word": "@{upper(request.text)}"},
                "presenter": {"summary": "found @{response.word}"},
            },
            "next": {"interactor": [{"type": "route", "to": f"S{(index + 1) % scenes}", "mode": "push"}]},
        },
        "view": [
            {"type": "header", "text": f"Scene {index}"},
            {"type": "input", "label": "Search", "value": "@{state.query}", "action": "search"},
            {"type": "text", "text": "@{vm.summary}", "if": "@{vm.summary != null}"},
            {"type": "list", "items": json.dumps(items).replace('"', "'").join(["@{", "}"])},
            {"type": "button", "title": "Next", "action": "next"},
        ],
    }


for index in range(scenes):
    with open(f"{out}/scenes/S{index}.json", "w") as file:
        json.dump(scene(index), file, indent=1)

for number in range(transcripts):
    # Each transcript starts at S0 and walks to a scene of its own, then searches there.
    steps = number % scenes
    lines = ["...", "> next"] * min(steps, 3) + ["...", f"> search word{number}", "...", f"found WORD{number}", "..."]
    with open(f"{out}/tests/t{number:05d}.transcript", "w") as file:
        file.write(f"# t{number:05d}\n# args: --width 40\n" + "\n".join(lines) + "\n")
