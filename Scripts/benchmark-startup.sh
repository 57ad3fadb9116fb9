#!/usr/bin/env bash
# Measures the runner's cold start: --version, validating and running a one-step workflow.
# Usage: Scripts/benchmark-startup.sh   (builds a release binary; uses hyperfine if present)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product intentflow >/dev/null
binary=$PWD/.build/release/intentflow
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/one.json" <<'JSON'
{ "name": "one", "steps": [ { "intent": "text.uppercase", "parameters": { "input": "hello" } } ] }
JSON
export INTENTFLOW_HOME="$work/home"
"$binary" run "$work/one.json" >/dev/null   # creates the run store once
if command -v hyperfine >/dev/null; then
  hyperfine -N --warmup 10 --runs 200 \
    "$binary --version" "$binary validate $work/one.json" "$binary run $work/one.json"
else
  for command in "--version" "validate $work/one.json" "run $work/one.json"; do
    start=$(date +%s%N)
    for _ in $(seq 200); do "$binary" $command >/dev/null; done
    end=$(date +%s%N)
    echo "intentflow $command: $(( (end - start) / 200000 )) µs per start (200 runs)"
  done
fi
