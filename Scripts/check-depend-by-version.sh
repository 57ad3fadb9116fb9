#!/usr/bin/env bash
# Checks that another package can depend on IntentFlow's library products by version: SwiftPM
# refuses such a dependency when a target of one of its products has unsafe build flags. The
# committed tree is cloned and tagged, and Examples/DependingByVersion resolves it by version
# and plans a build (of a target that compiles nothing of IntentFlow), which is where SwiftPM
# checks the flags. The release binary's flags come from the command line (README.md).
# Usage: Scripts/check-depend-by-version.sh   (checks HEAD: commit first)
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone --quiet --no-hardlinks . "$work/IntentFlow"
git -C "$work/IntentFlow" tag 0.1.0
cp -R Examples/DependingByVersion "$work/dependent"
cd "$work/dependent"
if ! INTENTFLOW_PACKAGE_URL="file://$work/IntentFlow" swift build --target Probe >"$work/log" 2>&1; then
  cat "$work/log" >&2
  echo "check-depend-by-version: a package cannot depend on IntentFlow by version (see above)" >&2
  exit 1
fi
echo "check-depend-by-version: IntentFlow's libraries can be depended on by version"
