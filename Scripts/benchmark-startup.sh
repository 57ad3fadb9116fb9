#!/usr/bin/env bash
# Measures the runner's cold start, each figure as a ratio against a baseline timed in the same
# run (the starts interleaved with it, `validate` with hyperfine), so that a busy machine
# moves both sides alike:
#   - `intentflow run` of a 3-step workflow, against a static Swift hello world (built here)
#     and against bash + jq doing the same three steps;
#   - `intentflow --version` against the hello world: what starting the binary costs alone;
#   - `intentflow validate` of 10,000 chained steps, against `jq empty` of the same file.
# It also checks that a named time zone works in the static binary (see TOOLCHAIN.md).
# Usage: Scripts/benchmark-startup.sh [RUNS]   (default 200; needs hyperfine, jq, python3)
#   INTENTFLOW_BINARY=PATH measures that binary instead of building one (to compare builds).
set -euo pipefail
runs=${1:-200}
cd "$(dirname "$0")/.."
for tool in hyperfine jq; do
  command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install -y $tool)" >&2; exit 2; }
done
if [ -n "${INTENTFLOW_BINARY:-}" ]; then
  binary=$INTENTFLOW_BINARY
else
  read -r -a release_flags < Scripts/release-flags
  swift build -c release "${release_flags[@]}" --product intentflow >/dev/null
  binary=$PWD/.build/release/intentflow
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The static build must still know named time zones (FoundationInternationalization).
zone=$("$binary" next "0 7 * * *" --timezone Europe/Prague --count 1 --after 2026-07-01T00:00:00Z)
if [ "$zone" != "2026-07-01T07:00:00+02:00" ]; then
  echo "the static binary lost named time zones: got '$zone'" >&2
  exit 1
fi

cat > "$work/hello.swift" <<'SWIFT'
print("Hello, world!")
SWIFT
swiftc -O -static-stdlib "$work/hello.swift" -o "$work/hello" 2>/dev/null

cat > "$work/three.json" <<'JSON'
{ "name": "three", "steps": [
  { "intent": "text.uppercase", "parameters": { "input": "hello" } },
  { "intent": "text.uppercase" },
  { "intent": "text.uppercase" } ] }
JSON
# The same three steps in bash and jq: read the input, then one jq per step.
cat > "$work/three.sh" <<'SH'
#!/usr/bin/env bash
value=$(jq -r '.steps[0].parameters.input' "$1")
for _ in 1 2 3; do value=$(jq -rn --arg v "$value" '$v | ascii_upcase'); done
printf '%s\n' "$value"
SH
chmod +x "$work/three.sh"

{
  printf '{"name":"chained","steps":[{"id":"s0","intent":"text.uppercase","parameters":{"input":"start"}}'
  for i in $(seq 1 9999); do
    printf ',\n{"id":"s%d","intent":"text.uppercase","parameters":{"input":"${s%d} x"}}' "$i" $((i - 1))
  done
  printf ']}\n'
} > "$work/chained.json"

export INTENTFLOW_HOME="$work/home"
"$binary" run "$work/three.json" >/dev/null   # creates the run store once

# The starts are measured interleaved, one of each in turn, RUNS times: a few milliseconds
# each, they move with the machine's state from one second to the next, and a block of one
# command's runs after another's (as hyperfine times them) put the drift into the ratios
# (2.1× and 2.5× for the same binaries a minute apart). Wall time from spawn to exit, CPU
# time from the child's rusage; written in hyperfine's JSON shape for the report below.
python3 - "$runs" "$work/start.json" "$work/hello" "$binary" "$work/three.json" \
  "$work/three.sh" <<'PY'
import json, os, sys, time
runs, output, hello, binary, three, script = sys.argv[1:]
commands = {
    "hello": [hello],
    "version": [binary, "--version"],
    "run": [binary, "run", three],
    "bash+jq": [script, three],
}
times = {name: {"wall": [], "cpu": []} for name in commands}
null = os.open(os.devnull, os.O_WRONLY)
for round in range(10 + int(runs)):
    for name, argv in commands.items():
        start = time.perf_counter()
        pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, null, 1)])
        _, status, usage = os.wait4(pid, 0)
        wall = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"{' '.join(argv)} failed")
        if round >= 10:  # the first ten warm the caches
            times[name]["wall"].append(wall)
            times[name]["cpu"].append(usage.ru_utime + usage.ru_stime)
median = lambda values: sorted(values)[len(values) // 2]
results = [
    {"command": name, "median": median(t["wall"]), "user": median(t["cpu"]), "system": 0}
    for name, t in times.items()
]
json.dump({"results": results}, open(output, "w"))
PY
hyperfine -N --warmup 3 --runs $((runs / 10 + 5)) --export-json "$work/validate.json" \
  -n "jq empty" "jq empty $work/chained.json" \
  -n validate "$binary validate $work/chained.json" >/dev/null

# Medians of wall time, and of CPU time (user + system; for `validate`, hyperfine's means): on
# a busy machine a process also waits for a processor, which the CPU time leaves out.
wall() { jq -r --arg n "$2" '.results[] | select(.command == $n) | .median' "$1"; }
cpu() { jq -r --arg n "$2" '.results[] | select(.command == $n) | .user + .system' "$1"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
ms() { awk -v a="$1" 'BEGIN { printf "%.1f ms", a * 1000 }'; }
report() { # FILE NAME BASELINE GOAL
  local file=$1 name=$2 base=$3 goal=$4
  local w c bw bc
  w=$(wall "$file" "$name"); c=$(cpu "$file" "$name")
  bw=$(wall "$file" "$base"); bc=$(cpu "$file" "$base")
  echo "$name against $base: wall $(ms "$w") / $(ms "$bw") = $(ratio "$w" "$bw")×," \
    "CPU $(ms "$c") / $(ms "$bc") = $(ratio "$c" "$bc")×; goal $goal"
}
report "$work/start.json" run hello "≤ 2×"
report "$work/start.json" version hello "(the start alone)"
report "$work/start.json" run bash+jq "≤ 0.1×"
report "$work/validate.json" validate "jq empty" "≤ 1×"
