#!/usr/bin/env python3
"""An IntentFlow extension (protocol version 2) with an entity type, for the tests; standard
library only.

Entity type Note (title, body), three notes held in memory. Intents: make {title} -> Note,
read {note} -> text (its body), pick {} -> Note given by id only.
Behaviour switches come from FIXTURE_MODE (environment):
  normal (default); crash-once (the first perform of all processes exits with status 3;
  FIXTURE_MARKER names the file that remembers it); crash-always (every perform exits);
  exit-at-start (exits before initialize); v1 (answers version 1 with the intent hello,
  listing entities anyway); slow-query (a query by ids first reads a line from the FIFO that
  FIXTURE_GATE names, so it waits until the test writes one).
FIXTURE_STARTS, when set, names a file that gets one line per process start.
"""
import json
import os
import sys

MODE = os.environ.get("FIXTURE_MODE", "normal")
if os.environ.get("FIXTURE_STARTS"):
    with open(os.environ["FIXTURE_STARTS"], "a") as starts:
        starts.write("%d\n" % os.getpid())
if MODE == "exit-at-start":
    print("fixture: cannot start as asked", file=sys.stderr)
    sys.exit(4)

NOTES = [
    {"id": "n1", "title": "Groceries", "body": "milk"},
    {"id": "n2", "title": "Groceries for the party", "body": "cake"},
    {"id": "n3", "title": "Ideas", "body": "a boat"},
]
ENTITIES = [{"name": "Note", "displayName": "Note",
             "properties": {"title": "text", "body": "text"}}]
NOTE = {"entity": "Note"}
INTENTS = [
    {"name": "make", "output": "Note", "inputSchema": {
        "type": "object", "required": ["title"], "properties": {"title": {"type": "string"}}}},
    {"name": "read", "output": "text", "inputSchema": {
        "type": "object", "required": ["note"], "properties": {"note": NOTE}}},
    {"name": "pick", "output": "Note", "inputSchema": {"type": "object", "properties": {}}},
]


def entity(note):
    return {"id": note["id"], "display": note["title"],
            "properties": {"title": note["title"], "body": note["body"]}}


def send(request_id, result):
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": request_id, "result": result}) + "\n")
    sys.stdout.flush()


def crash():
    print("fixture: crashing as asked", file=sys.stderr)
    sys.stderr.flush()
    os._exit(3)


for line in sys.stdin:
    message = json.loads(line)
    method, request_id, params = message.get("method"), message.get("id"), message.get("params")
    if method == "initialize":
        if MODE == "v1":  # a version 1 extension has no entity types to name
            intents = [{"name": "hello", "output": "text"}]
            send(request_id, {"protocolVersion": "1", "entities": ENTITIES, "intents": intents})
        else:
            send(request_id, {"protocolVersion": "2", "entities": ENTITIES, "intents": INTENTS})
    elif method == "entities/query":
        if MODE == "slow-query" and params["kind"] == "ids":
            with open(os.environ["FIXTURE_GATE"]) as gate:
                gate.readline()
        if params["kind"] == "ids":
            found = [n for n in NOTES if n["id"] in params["ids"]]
        elif params["kind"] == "string":
            found = [n for n in NOTES if params["string"].lower() in n["title"].lower()]
        else:
            found = NOTES
        send(request_id, {"entities": [entity(n) for n in found]})
    elif method == "intents/perform":
        if MODE == "crash-always":
            crash()
        if MODE == "crash-once" and not os.path.exists(os.environ["FIXTURE_MARKER"]):
            open(os.environ["FIXTURE_MARKER"], "w").close()
            crash()
        intent, args = params["intent"], params.get("parameters", {})
        if intent == "make":
            value = entity({"id": "new", "title": args["title"], "body": ""})
        elif intent == "read":
            value = args["note"]["properties"]["body"]
        else:
            value = "n3"
        send(request_id, {"value": value})
    elif method == "ping":
        send(request_id, {})
