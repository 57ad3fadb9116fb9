#!/usr/bin/env bash
# Checks the performance figures that do not depend on how fast or how busy the machine is,
# against the limits in Scripts/performance-thresholds.txt (`.ci/run` runs it after the
# release build):
#   - allocations per executed step and per validated step (valgrind's heap summary; the
#     difference of two runs of different lengths, so start-up and planning cancel out);
#   - instructions of a cold `intentflow run` of 3 steps (callgrind; the same count for the
#     same binary and input however loaded the machine is; hashing made deterministic);
#   - threads a cold run starts (strace: clone calls with CLONE_THREAD);
#   - shared libraries the release binary needs (readelf).
# The same-process time ratios are checked by `IntentFlowBenchmarks goals --check`.
# Usage: Scripts/check-performance.sh PATH-TO-intentflow PATH-TO-IntentFlowBenchmarks
#   (both release builds; needs valgrind, strace, readelf). Prints one line a figure and
#   exits 1 when one is over its limit. A change that makes a figure better should lower
#   its limit in the same commit; one that makes it worse must say why in its message.
set -euo pipefail
binary="${1:?usage: Scripts/check-performance.sh PATH-TO-intentflow PATH-TO-IntentFlowBenchmarks}"
benchmarks="${2:?usage: Scripts/check-performance.sh PATH-TO-intentflow PATH-TO-IntentFlowBenchmarks}"
cd "$(dirname "$0")/.."
thresholds=Scripts/performance-thresholds.txt

for tool in valgrind strace readelf; do
  command -v "$tool" >/dev/null || { echo "check-performance: needs $tool" >&2; exit 2; }
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SWIFT_DETERMINISTIC_HASHING=1

limit() {
  local value
  value="$(sed -n "s/^$1[[:space:]]*<=[[:space:]]*\([0-9.]*\).*/\1/p" "$thresholds")"
  [ -n "$value" ] || { echo "check-performance: no limit for '$1' in $thresholds" >&2; exit 2; }
  printf '%s' "$value"
}

failed=0
report() { # NAME VALUE
  local name=$1 value=$2 max
  max="$(limit "$name")"
  if awk -v v="$value" -v m="$max" 'BEGIN { exit !(v <= m) }'; then
    printf 'ok   %s = %s (limit %s)\n' "$name" "$value" "$max"
  else
    printf 'FAIL %s = %s (limit %s)\n' "$name" "$value" "$max"
    failed=1
  fi
}

allocations() { # COMMAND...: the allocations valgrind counts over the whole process
  valgrind --tool=memcheck --leak-check=no "$@" 2>&1 >/dev/null |
    sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}

# Allocations per executed step: 3 runs against 1 run of `repeat` 2,000 of text.uppercase.
passes=2000
one="$(allocations "$benchmarks" profile-steps 1 "$passes")"
three="$(allocations "$benchmarks" profile-steps 3 "$passes")"
report allocations-per-step "$(awk -v a="$one" -v b="$three" -v n="$passes" \
  'BEGIN { printf "%.2f", (b - a) / (2 * n) }')"

# Allocations per validated step: 3 validations against 1 of 10,000 chained steps.
one="$(allocations "$benchmarks" profile-validate 1)"
three="$(allocations "$benchmarks" profile-validate 3)"
report allocations-per-validated-step "$(awk -v a="$one" -v b="$three" \
  'BEGIN { printf "%.2f", (b - a) / 20000 }')"

# A cold run of 3 steps, in a home whose store already exists (as every run but the first).
cat > "$work/three.json" <<'JSON'
{ "name": "three", "steps": [
  { "intent": "text.uppercase", "parameters": { "input": "hello" } },
  { "intent": "text.uppercase" },
  { "intent": "text.uppercase" } ] }
JSON
export INTENTFLOW_HOME="$work/home"
"$binary" run "$work/three.json" </dev/null >/dev/null
instructions="$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
  "$binary" run "$work/three.json" 2>&1 </dev/null >/dev/null |
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p')"
report cold-run-instructions "$instructions"

strace -f -qq -e trace=clone,clone3 -o "$work/clones" "$binary" run "$work/three.json" \
  </dev/null >/dev/null
report cold-run-threads "$(grep -c CLONE_THREAD "$work/clones" || true)"
strace -f -qq -e trace=clone,clone3 -o "$work/clones" "$binary" validate "$work/three.json" \
  </dev/null >/dev/null
report validate-threads "$(grep -c CLONE_THREAD "$work/clones" || true)"

libraries="$(readelf -d "$binary" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | sort | tr '\n' ' ')"
echo "     the release binary needs: $libraries"
report release-libraries "$(printf '%s' "$libraries" | wc -w)"

exit "$failed"
