#!/usr/bin/env bash
# Measures the runner at its bounds (issue 20, items 9-11): peak RSS with GNU time, wall time.
# Usage: Scripts/benchmark-bounds.sh [path/to/intentflow]   (default: .build/release/intentflow)
# Every server it starts listens on 127.0.0.1 and stops with the script.
set -uo pipefail
cd "$(dirname "$0")/.."
bin="$(realpath "${1:-.build/release/intentflow}")"
work="$(mktemp -d)"
export INTENTFLOW_HOME="$work/home"
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT

peak() {  # peak RSS in MB and exit status of a command; prints "LABEL: rss MB, exit N, S s"
  local label="$1"; shift
  local start end
  start=$(date +%s.%N)
  /usr/bin/time -q -f "%M %x" -o "$work/time" "$@" >/dev/null 2>"$work/stderr"
  end=$(date +%s.%N)
  read -r kb status <"$work/time"
  printf '%-44s %7.1f MB peak RSS, exit %s, %5.2f s\n' "$label:" "$(echo "$kb/1024" | bc -l)" \
    "$status" "$(echo "$end - $start" | bc -l)"
}

# 1. shell.run of 200 MB of output (outputLimit raised above it, where the binary has it).
limit=""
if "$bin" describe shell.run 2>/dev/null | grep -q outputLimit; then
  limit=', "outputLimit": 300000000'
fi
cat >"$work/shell.json" <<JSON
{ "name": "shell200", "steps": [ { "id": "big", "intent": "shell.run", "timeout": "none",
  "parameters": { "script": "head -c 200000000 /dev/zero | tr '\\\\0' a"$limit } } ] }
JSON
peak "shell.run, 200 MB of output" "$bin" run "$work/shell.json"

# 2 and 3. A 2 GB body and a 1 MB gzip body that inflates to 1 GiB, from a local server.
cat >"$work/server.py" <<'PY'
import gzip, http.server, io, sys, os, threading
bomb = gzip.compress(b"\0" * (1 << 30), compresslevel=9)
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/big":
            self.send_response(200); self.send_header("Content-Length", str(2 << 30)); self.end_headers()
            chunk = b"x" * (1 << 20)
            try:
                for _ in range(2048): self.wfile.write(chunk)
            except Exception: pass
        else:
            self.send_response(200); self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(bomb))); self.end_headers(); self.wfile.write(bomb)
    def log_message(self, *a): pass
s = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
print(s.server_address[1], flush=True)
s.serve_forever()
PY
/usr/bin/python3 "$work/server.py" >"$work/port" &
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(cat "$work/port")
for path in big bomb; do
  cat >"$work/http-$path.json" <<JSON
{ "name": "http-$path", "steps": [ { "intent": "http.request", "timeout": "none",
  "parameters": { "url": "http://127.0.0.1:$port/$path" } } ] }
JSON
done
peak "http.request, 2 GB body (64 MiB limit)" "$bin" run "$work/http-big.json"
grep -o "answered with a body of more than [0-9]* bytes" "$work/stderr" | head -1
peak "http.request, gzip bomb (64 MiB limit)" "$bin" run "$work/http-bomb.json"

# 4. Validation of 25 files, each running the next twice (2^24 call sites).
mkdir -p "$work/fan"
for i in $(seq 0 24); do
  n=$((i + 1))
  printf '{ "name": "f%s", "steps": [ { "workflow": "f%s.json" }, { "workflow": "f%s.json" } ] }\n' \
    "$i" "$n" "$n" >"$work/fan/f$i.json"
done
echo '{ "name": "f25", "steps": [ { "intent": "text.uppercase", "parameters": { "input": "x" } } ] }' \
  >"$work/fan/f25.json"
peak "validate, 25-file fan-out" "$bin" validate "$work/fan/f0.json"

# 5. A backtracking regular expression with a 1 s timeout.
cat >"$work/regex.json" <<JSON
{ "name": "regex", "steps": [ { "intent": "text.match", "timeout": "1s",
  "parameters": { "input": "$(printf 'a,%.0s' $(seq 40))", "pattern": "(.*,){12}x" } } ] }
JSON
peak "text.match '(.*,){12}x', timeout 1s" "$bin" run "$work/regex.json"
