#!/bin/sh
# An IntentFlow extension in POSIX sh (see Docs/Extensions.md). intentflow writes each request
# on one line as {"jsonrpc":"2.0","id":N,"method":"M","params":{...}}, in that key order and
# without spaces, so sed can take it apart. Log to stderr; stdout carries only messages.
#
# extensions.json: { "extensions": { "system": { "command": "/path/to/system.sh" } } }
# Intents: system.kernel (no parameters, text out), system.shout (text in, text out).

reply() { printf '{"jsonrpc":"2.0","id":%s,"result":%s}\n' "$1" "$2"; }

while IFS= read -r line; do
  id=$(printf '%s\n' "$line" | sed -n 's/^{"jsonrpc":"2.0","id":\([0-9]*\),.*/\1/p')
  method=$(printf '%s\n' "$line" | sed -n 's/.*"method":"\([^"]*\)".*/\1/p')
  case "$method" in
    initialize)
      reply "$id" '{"protocolVersion":"1","intents":[
{"name":"kernel","title":"Kernel","description":"The kernel name and release.","output":"text","inputSchema":{"type":"object","properties":{}}},
{"name":"shout","title":"Shout","description":"Upper-cases a text.","output":"text","input":"text","inputSchema":{"type":"object","required":["text"],"properties":{"text":{"type":"string"}}}}]}' | tr -d '\n'
      echo ;;
    intents/perform)
      case "$line" in
        *'"intent":"kernel"'*) value=$(uname -sr) ;;
        *) value=$(printf '%s\n' "$line" | sed -n 's/.*"text":"\([^"]*\)".*/\1/p' | tr '[:lower:]' '[:upper:]') ;;
      esac
      reply "$id" "{\"value\":\"$value\"}" ;;
    ping) reply "$id" '{}' ;;
    notifications/*) ;;
    *) [ -n "$id" ] && printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"unknown method"}}\n' "$id" ;;
  esac
done
