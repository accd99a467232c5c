#!/usr/bin/env python3
"""Writes a generated app for measuring how fast `date` values are checked against a model
(docs/performance.md): a file provider of RECORDS events, each with two `date` fields
(a day and a time with a zone), typed `[Event]`, fetched when the one scene appears.

usage: .ci/generate_dated_app.py OUT_FOLDER RECORDS

The app is not kept in git; make it where you measure:
    python3 .ci/generate_dated_app.py /tmp/dated 2500
    swift build -c release --product scenery
    echo quit > /tmp/quit.txt
    time .build/release/scenery run /tmp/dated --script /tmp/quit.txt
"""
import json
import os
import sys

out, records = sys.argv[1], int(sys.argv[2])
os.makedirs(f"{out}/scenes", exist_ok=True)
os.makedirs(f"{out}/data", exist_ok=True)
with open(f"{out}/app.json", "w") as app:
    json.dump({
        "formatVersion": 1, "name": "Dated", "entry": "Events",
        "models": {"Event": {"id": "string", "title": "string", "day": "date", "startsAt": "date"}},
        "providers": {"events": {"type": "file", "path": "data/events.json", "model": "[Event]"}},
    }, app, indent=2)
with open(f"{out}/scenes/Events.json", "w") as scene:
    json.dump({
        "formatVersion": 1, "scene": "Events",
        "useCases": {"load": {
            "interactor": [{"type": "fetch", "provider": "events", "as": "all"}],
            "response": {"count": "@{count(all)}", "first": "@{first(all).startsAt}"},
            "presenter": {"summary": "@{response.count} events from @{date(response.first, 'long')}"},
        }},
        "view": [{"type": "header", "text": "Events"}, {"type": "text", "text": "@{vm.summary}"}],
        "onAppear": ["load"],
    }, scene, indent=2)
events = []
for index in range(records):
    month, day, hour, minute = index % 12 + 1, index % 28 + 1, index % 24, index * 7 % 60
    events.append({
        "id": f"e{index}", "title": f"Event {index}",
        "day": f"2026-{month:02d}-{day:02d}",
        "startsAt": f"2026-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:00{'Z' if index % 2 else '+02:00'}",
    })
with open(f"{out}/data/events.json", "w") as data:
    json.dump(events, data, indent=1)
