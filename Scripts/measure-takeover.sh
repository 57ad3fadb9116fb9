#!/usr/bin/env bash
# Measures how fast a standby `intentflow schedule` takes over when the active one is killed
# with SIGKILL (DESIGN.md section 13 promises within 2 s), and what a standby costs while it
# waits. Each round starts a new standby, kills the active daemon and times the standby's
# "taking over" line; the standby is then the active daemon of the next round.
# Usage: Scripts/measure-takeover.sh [ROUNDS] [BINARY]   (defaults: 20, .build/debug/intentflow)
set -euo pipefail
rounds=${1:-20}
binary=${2:-$(dirname "$0")/../.build/debug/intentflow}
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
export INTENTFLOW_HOME=$work/home NO_COLOR=1 TZ=UTC
mkdir -p "$work/flows"
cat > "$work/flows/tick.json" <<'JSON'
{ "name": "tick", "schedule": "* * * * * *",
  "steps": [ { "intent": "text.uppercase", "parameters": { "input": "tick" } } ] }
JSON

# Waits (10 ms steps, 20 s at most) until file $1 contains text $2.
wait_for() {
  for _ in $(seq 2000); do
    grep -q -- "$2" "$1" 2>/dev/null && return 0
    sleep 0.01
  done
  echo "timed out waiting for '$2' in $1" >&2
  exit 1
}

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

start_daemon() {  # $1: log file; prints the pid
  "$binary" schedule "$work/flows" > "$1" 2>&1 &
  echo $!
}

active=$(start_daemon "$work/0.log")
pids+=("$active")
wait_for "$work/0.log" "finished tick"
times=()
for round in $(seq "$rounds"); do
  log=$work/$round.log
  standby=$(start_daemon "$log")
  pids+=("$standby")
  wait_for "$log" "waiting to take over"
  if [ "$round" = 1 ]; then
    # The standby's cost while it waits: CPU time over 10 s, from /proc/PID/stat.
    ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
    before=$(ticks "$standby")
    sleep 10
    after=$(ticks "$standby")
    hz=$(getconf CLK_TCK)
    idle_cpu=$(awk -v t=$((after - before)) -v hz="$hz" 'BEGIN { printf "%.2f", 100 * t / hz / 10 }')
    rss=$(awk '/VmRSS/ { print $2 }' "/proc/$standby/status")
  fi
  killed=$(now_ms)
  kill -KILL "$active"
  wait "$active" 2>/dev/null || true
  wait_for "$log" "taking over"
  times+=($(( $(now_ms) - killed )))
  wait_for "$log" "fired tick"
  active=$standby
done
sorted=($(printf '%s\n' "${times[@]}" | sort -n))
count=${#sorted[@]}
echo "takeover after SIGKILL of the active daemon, $count rounds (ms):"
echo "  min ${sorted[0]}  median ${sorted[$((count / 2))]}  max ${sorted[$((count - 1))]}"
echo "  all: ${times[*]}"
echo "standby while waiting: ${idle_cpu}% of one CPU over 10 s, ${rss} KiB resident"
# Every fire time ran once (needs jq).
if command -v jq > /dev/null; then
  dupes=$("$binary" history --events --json --limit 100000 | jq '[.[]
    | select(.kind == "fired" or .kind == "caughtUp") | .scheduledFor]
    | group_by(.) | map(select(length > 1)) | length')
  echo "fire times run twice: $dupes"
fi
