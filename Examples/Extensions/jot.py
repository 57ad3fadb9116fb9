#!/usr/bin/env python3
"""An IntentFlow extension with an entity type, in Python, standard library only.

Protocol version 2 (see Docs/Extensions.md): it declares the entity type Note (title, body),
answers entities/query (ids, suggested, string) and has intents that take and return notes.
Notes live in the JSON file JOT_FILE (default: jot.json in INTENTFLOW_HOME, else in ~).

extensions.json:  { "extensions": { "jot": { "command": "python3",
                    "args": ["/path/to/jot.py"] } } }
Intents: jot.add {title, body} -> Note, jot.append {note, text} -> Note,
jot.read {note} -> text, jot.find {query} -> list of Note.
"""
import json
import os
import sys
import uuid

FILE = os.environ.get("JOT_FILE") or os.path.join(
    os.environ.get("INTENTFLOW_HOME") or os.path.expanduser("~"), "jot.json")

ENTITIES = [
    {"name": "Note", "displayName": "Note", "properties": {"title": "text", "body": "text"},
     "queries": ["ids", "suggested", "string"]},
]
NOTE = {"entity": "Note", "title": "Note"}
INTENTS = [
    {"name": "add", "title": "Add a note", "parameterSummary": "Add {title}", "output": "Note",
     "inputSchema": {"type": "object", "required": ["title"], "properties": {
         "title": {"type": "string"}, "body": {"type": "string", "default": ""}}}},
    {"name": "append", "title": "Append to a note", "input": "note", "output": "Note",
     "parameterSummary": "Append {text} to {note}",
     "inputSchema": {"type": "object", "required": ["note", "text"], "properties": {
         "note": NOTE, "text": {"type": "string"}}}},
    {"name": "read", "title": "Read a note", "input": "note", "output": "text",
     "inputSchema": {"type": "object", "required": ["note"], "properties": {"note": NOTE}}},
    {"name": "find", "title": "Find notes", "output": "list of Note",
     "inputSchema": {"type": "object", "required": ["query"], "properties": {
         "query": {"type": "string"}}}},
]


def load():
    try:
        with open(FILE) as f:
            return json.load(f)
    except FileNotFoundError:
        return []


def save(notes):
    with open(FILE + ".tmp", "w") as f:
        json.dump(notes, f, indent=1)
    os.replace(FILE + ".tmp", FILE)


def entity(note):  # the wire form of an entity
    return {"id": note["id"], "display": note["title"],
            "properties": {"title": note["title"], "body": note["body"]}}


def matching(text):
    return [n for n in load() if text.lower() in n["title"].lower()]


def query(params):
    notes, kind = load(), params["kind"]
    if kind == "ids":
        found = [n for n in notes if n["id"] in params["ids"]]
    elif kind == "string":
        found = matching(params["string"])
    else:
        found = list(reversed(notes))  # newest first
    return {"entities": [entity(n) for n in found]}


def perform(params):
    intent, args, notes = params["intent"], params.get("parameters", {}), load()
    if intent == "add":
        note = {"id": uuid.uuid4().hex[:8], "title": args["title"], "body": args.get("body", "")}
        save(notes + [note])
        return {"value": entity(note)}
    if intent == "find":
        return {"value": [entity(n) for n in matching(args["query"])]}
    # A parameter of an entity type arrives as {"type", "id", "display", "properties"}.
    note = next((n for n in notes if n["id"] == args["note"]["id"]), None)
    if note is None:
        raise LookupError("note '%s' no longer exists" % args["note"]["display"])
    if intent == "read":
        return {"value": note["body"]}
    note["body"] = (note["body"] + "\n" + args["text"]).strip("\n")
    save(notes)
    return {"value": entity(note)}


def reply(request_id, result=None, error=None):
    message = {"jsonrpc": "2.0", "id": request_id}
    message.update({"error": {"code": -32000, "message": error}} if error else {"result": result})
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    message = json.loads(line)
    method, request_id = message.get("method"), message.get("id")
    try:
        if method == "initialize":
            reply(request_id, {"protocolVersion": "2", "entities": ENTITIES, "intents": INTENTS})
        elif method == "entities/query":
            reply(request_id, query(message["params"]))
        elif method == "intents/perform":
            reply(request_id, perform(message["params"]))
        elif method == "ping":
            reply(request_id, {})
        elif request_id is not None:
            reply(request_id, error="unknown method " + method)
    except Exception as failure:  # the step fails with the message
        reply(request_id, error=str(failure))
