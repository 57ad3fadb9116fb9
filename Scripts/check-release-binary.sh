#!/usr/bin/env bash
# Checks a release build of intentflow for what its link decides, which no test of the debug
# build can see:
#   1. swift-corelibs-foundation (Foundation, CoreFoundation) is not in it. The libraries
#      import FoundationEssentials and FoundationInternationalization only, which start
#      faster (Docs/Performance.md); one use of a corelibs-only API links all of
#      it back, and this is where that shows.
#   2. What it looks up at run time is still there: named time zones (a static link drops
#      ICU's zones unless something keeps them), ICU's date patterns and regular
#      expressions, case folding and the order of texts. Scripts/smoke-release.json uses them,
#      and its output must be what a Foundation build printed.
# Usage: Scripts/check-release-binary.sh PATH-TO-intentflow
set -euo pipefail
binary="${1:?usage: Scripts/check-release-binary.sh PATH-TO-intentflow}"
cd "$(dirname "$0")/.."

fail() {
  echo "check-release-binary: $*" >&2
  exit 1
}

[ -x "$binary" ] || fail "'$binary' is not an executable; build it first"

if readelf -d "$binary" | grep -Eq 'NEEDED.*lib(Core)?Foundation\.so'; then
  fail "'$binary' loads libFoundation.so; a library target uses an API that only swift-corelibs-foundation has"
fi
found="$(nm "$binary" 2>/dev/null | grep -E ' (\$s10Foundation|__CFInitialize$)' | head -n 3 || true)"
if [ -n "$found" ]; then
  fail "swift-corelibs-foundation is linked into '$binary' (for one: ${found%%$'\n'*}); find the file that uses an API only it has (Thread, Process, NSString, DateFormatter …) and use FoundationEssentials or the package's own (see Docs/Performance.md)"
fi

home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT
expected='Sunday 29 March 2026 03:30 GMT+2 | STRASSE
Straße
über'
actual="$(INTENTFLOW_HOME="$home" TZ=UTC "$binary" run Scripts/smoke-release.json </dev/null)" ||
  fail "'$binary run Scripts/smoke-release.json' failed"
if [ "$actual" != "$expected" ]; then
  fail "Scripts/smoke-release.json printed:
$actual
instead of:
$expected"
fi
echo "check-release-binary: '$binary' has no swift-corelibs-foundation, and zones, dates, regular expressions and text order work"
