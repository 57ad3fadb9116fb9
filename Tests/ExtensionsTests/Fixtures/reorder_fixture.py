#!/usr/bin/env python3
"""Answers requests out of order, for the connection's multiplexing tests.

Each request's params are {"n": N, "batch": B}: the server holds requests until B have come,
then answers them newest first, each with {"n": N}; before the oldest it waits 20 ms, so that
some replies come after their callers stopped reading themselves. The delay only decides which
path (the caller's own read or the reader thread) serves a reply; the answers are checked
whichever path serves them, so it shapes coverage, never the outcome.
"""
import json
import sys
import time

held = []
for line in sys.stdin:
    message = json.loads(line)
    if "id" not in message:
        continue
    held.append(message)
    if len(held) < message["params"]["batch"]:
        continue
    for index, request in enumerate(reversed(held)):
        if index == len(held) - 1:
            time.sleep(0.02)
        reply = {"jsonrpc": "2.0", "id": request["id"], "result": {"n": request["params"]["n"]}}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    held = []
