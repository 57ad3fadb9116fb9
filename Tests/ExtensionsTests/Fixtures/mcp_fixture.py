#!/usr/bin/env python3
"""A small MCP server over stdio for the tests, standard library only.

Behaviour switches come from FIXTURE_MODE (environment):
  normal (default), crash-on-call, hang-on-call, malformed-on-call, malformed-echo-on-call,
  oversized-on-call,
  unknown-id-on-call, old-version (offers 2024-11-05), bad-version, silent (never answers
  initialize).
Tools are listed two to a page, so the client must follow nextCursor.
"""
import json
import os
import sys

MODE = os.environ.get("FIXTURE_MODE", "normal")

TOOLS = [
    {
        "name": "echo",
        "title": "Echo",
        "description": "Returns its text.",
        "inputSchema": {
            "type": "object",
            "properties": {"text": {"type": "string", "description": "What to say."}},
            "required": ["text"],
        },
    },
    {
        "name": "add",
        "description": "Adds two integers.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "a": {"type": "integer"},
                "b": {"type": "integer", "default": 1},
            },
            "required": ["a"],
        },
        "outputSchema": {"type": "object", "properties": {"sum": {"type": "integer"}}},
    },
    {
        "name": "delete_all",
        "description": "Pretends to delete everything.",
        "inputSchema": {
            "type": "object",
            "properties": {"scope": {"type": "string", "enum": ["mine", "everyone"]}},
            "required": ["scope"],
        },
        "annotations": {"destructiveHint": True},
    },
    {
        "name": "fail",
        "description": "Always reports an error.",
        "inputSchema": {"type": "object", "properties": {}},
    },
    {
        "name": "slow",
        "description": "Reports progress, then answers.",
        "inputSchema": {"type": "object", "properties": {"steps": {"type": "integer"}}},
    },
]


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def reply(request_id, result):
    send({"jsonrpc": "2.0", "id": request_id, "result": result})


def text(value):
    return {"content": [{"type": "text", "text": value}]}


def call(request_id, params):
    name = params.get("name")
    args = params.get("arguments", {})
    if MODE == "crash-on-call":
        sys.stderr.write("fixture: crashing as asked\n")
        sys.stderr.flush()
        os._exit(3)
    if MODE == "hang-on-call":
        # Says it has the call (so a test can time it out at that moment), then never answers.
        token = params.get("_meta", {}).get("progressToken")
        send({"jsonrpc": "2.0", "method": "notifications/progress",
              "params": {"progressToken": token, "progress": 0, "message": "hanging"}})
        return
    if MODE == "malformed-on-call":
        sys.stdout.write("{this is not json\n")
        sys.stdout.flush()
        return
    if MODE == "malformed-echo-on-call":
        # The text it was given across column 80, where the error's quote is cut.
        sys.stdout.write("{" + "x" * 70 + args.get("text", "") + " not json\n")
        sys.stdout.flush()
        return
    if MODE == "oversized-on-call":
        sys.stdout.write('{"jsonrpc": "2.0", "padding": "' + "x" * (9 << 20) + '"}\n')
        sys.stdout.flush()
        return
    if MODE == "unknown-id-on-call":
        reply(request_id + 1000, text("who asked?"))
        return
    if name == "echo":
        said = args.get("text", "")
        if said.startswith("log "):
            # MCP logging: two messages for the calling step's log, one with a logger and data
            # that is not text.
            send({"jsonrpc": "2.0", "method": "notifications/message",
                  "params": {"level": "warning", "logger": "fx", "data": said[4:]}})
            send({"jsonrpc": "2.0", "method": "notifications/message",
                  "params": {"level": "info", "data": {"echoed": len(said)}}})
        reply(request_id, text(said))
    elif name == "add":
        total = args["a"] + args.get("b", 1)
        result = text(str(total))
        result["structuredContent"] = {"sum": total}
        reply(request_id, result)
    elif name == "delete_all":
        reply(request_id, text("deleted " + args["scope"]))
    elif name == "fail":
        result = text("the fixture failed on purpose")
        result["isError"] = True
        reply(request_id, result)
    elif name == "slow":
        token = params.get("_meta", {}).get("progressToken")
        steps = args.get("steps", 3)
        for step in range(steps):
            if token is not None:
                send({"jsonrpc": "2.0", "method": "notifications/progress",
                      "params": {"progressToken": token, "progress": step + 1, "total": steps}})
        reply(request_id, text("done"))
    else:
        send({"jsonrpc": "2.0", "id": request_id,
              "error": {"code": -32602, "message": "unknown tool " + str(name)}})


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        method = message.get("method")
        request_id = message.get("id")
        params = message.get("params", {})
        if method == "initialize" and MODE == "silent":
            continue
        if method == "initialize":
            version = params.get("protocolVersion")
            if MODE == "old-version":
                version = "2024-11-05"
            elif MODE == "bad-version":
                version = "1999-01-01"
            reply(request_id, {
                "protocolVersion": version,
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "fixture", "version": "1"},
            })
        elif method == "tools/list":
            start = int(params.get("cursor") or 0)
            page = {"tools": TOOLS[start:start + 2]}
            if start + 2 < len(TOOLS):
                page["nextCursor"] = str(start + 2)
            reply(request_id, page)
        elif method == "tools/call":
            call(request_id, params)
        elif method == "ping":
            reply(request_id, {})
        elif method == "notifications/cancelled" and os.environ.get("FIXTURE_LOG"):
            # What the runner said about a call it gave up on, for the test to read.
            with open(os.environ["FIXTURE_LOG"], "a") as log:
                log.write(str(params.get("reason")) + "\n")
        elif request_id is not None:
            send({"jsonrpc": "2.0", "id": request_id,
                  "error": {"code": -32601, "message": "no method " + str(method)}})


if __name__ == "__main__":
    main()
