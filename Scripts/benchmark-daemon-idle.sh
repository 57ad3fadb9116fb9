#!/usr/bin/env bash
# Measures the CPU time the scheduler daemon uses while it waits for a far-off fire time.
# Usage: Scripts/benchmark-daemon-idle.sh [SECONDS]   (default 30; builds a release binary)
set -euo pipefail
seconds=${1:-30}
cd "$(dirname "$0")/.."
swift build -c release --product intentflow >/dev/null
binary=.build/release/intentflow
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/flows"
cat > "$work/flows/daily.json" <<'JSON'
{ "name": "daily", "schedule": "0 3 * * *",
  "steps": [ { "intent": "text.uppercase", "parameters": { "input": "good night" } } ] }
JSON
INTENTFLOW_HOME="$work/home" "$binary" schedule "$work/flows" >"$work/out.log" 2>&1 &
pid=$!
sleep 2   # let it start and settle
ticks=$(getconf CLK_TCK)
read -r start_utime start_stime < <(awk '{print $14, $15}' "/proc/$pid/stat")
sleep "$seconds"
read -r end_utime end_stime < <(awk '{print $14, $15}' "/proc/$pid/stat")
used=$(( (end_utime - start_utime) + (end_stime - start_stime) ))
threads=$(ls "/proc/$pid/task" | wc -l)
rss=$(awk '/VmRSS/ {print $2, $3}' "/proc/$pid/status")
awk -v used="$used" -v ticks="$ticks" -v secs="$seconds" -v threads="$threads" -v rss="$rss" 'BEGIN {
  cpu = used / ticks
  printf "daemon idle for %d s: %.3f s CPU (%.4f%% of one core), %d threads, RSS %s\n", secs, cpu, 100 * cpu / secs, threads, rss
}'
kill -TERM "$pid"
wait "$pid" || true
