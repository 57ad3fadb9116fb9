#!/usr/bin/env python3
"""An IntentFlow extension in Python, standard library only (see Docs/Extensions.md).

extensions.json:  { "extensions": { "greeter": { "command": "python3",
                    "args": ["/path/to/greeter.py"] } } }
Intents: greeter.greet (text in, text out) and greeter.count (long-running, with progress,
stops when cancelled).
"""
import json
import sys
import threading
import time

INTENTS = [
    {"name": "greet", "title": "Greet", "description": "Says hello to someone.",
     "parameterSummary": "Greet {name}", "input": "name", "output": "text", "resolve": ["name"],
     "inputSchema": {"type": "object", "required": ["name"],
                     "properties": {"name": {"type": "string", "title": "Name"}}}},
    {"name": "count", "title": "Count", "description": "Counts to a number, slowly.",
     "output": "integer", "longRunning": True,
     "inputSchema": {"type": "object", "required": ["to"],
                     "properties": {"to": {"type": "integer", "title": "To"}}}},
]
lock = threading.Lock()
cancelled = set()


def send(message):
    with lock:  # replies and progress come from several threads: one line at a time
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()


def perform(request_id, params):
    intent, args = params["intent"], params.get("parameters", {})
    token = params.get("_meta", {}).get("progressToken")
    if intent == "greet":
        return send({"jsonrpc": "2.0", "id": request_id, "result": {"value": "Hello, " + args["name"] + "!"}})
    for done in range(1, args["to"] + 1):
        if request_id in cancelled:
            return  # the runner gave up on this request: no reply is expected
        time.sleep(0.01)
        if token is not None:
            send({"jsonrpc": "2.0", "method": "notifications/progress",
                  "params": {"progressToken": token, "progress": done, "total": args["to"]}})
    send({"jsonrpc": "2.0", "id": request_id, "result": {"value": args["to"]}})


for line in sys.stdin:
    message = json.loads(line)
    method, request_id = message.get("method"), message.get("id")
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": request_id, "result": {"protocolVersion": "1", "intents": INTENTS}})
    elif method == "intents/resolve":  # only 'name' of 'greet' asks for it
        value = message["params"]["value"]
        if any(c.isdigit() for c in value):
            result = {"result": "unsupported", "reason": "a name has no digits"}
        else:
            result = {"result": "success", "value": value.strip()}
        send({"jsonrpc": "2.0", "id": request_id, "result": result})
    elif method == "intents/perform":
        threading.Thread(target=perform, args=(request_id, message["params"]), daemon=True).start()
    elif method == "notifications/cancelled":
        cancelled.add(message["params"]["requestId"])
        print("cancelled:", message["params"].get("reason"), file=sys.stderr)
    elif method == "ping":
        send({"jsonrpc": "2.0", "id": request_id, "result": {}})
    elif request_id is not None:
        send({"jsonrpc": "2.0", "id": request_id,
              "error": {"code": -32601, "message": "unknown method " + method}})
