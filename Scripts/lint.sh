#!/usr/bin/env bash
# Checks the code against the project's .swift-format (2-space indent, 100 columns).
# Usage: Scripts/lint.sh          (lint; exit 1 on findings)
#        Scripts/lint.sh --fix    (reformat in place, then lint)
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Fuzz Examples)
if [ "${1:-}" = "--fix" ]; then
  swift format format --in-place --recursive "${paths[@]}"
fi
swift format lint --strict --recursive "${paths[@]}"

# DataIntents holds the pure data domains: no I/O. It may import only the model, the pure
# libraries and FoundationEssentials (dates and numbers), never Foundation, Glibc, Storage,
# ChildProcesses or a system library.
allowed='IntentKit|StrictJSON|Cron|CivilTime|Suggestions|ICUSupport|FoundationEssentials|Synchronization'
if grep -rnE '^(public |package |internal |@testable )?import ' Sources/DataIntents \
  | grep -vE "import ($allowed)\$"; then
  echo "error: Sources/DataIntents imports a module outside its list ($allowed): the data intents do no I/O" >&2
  exit 1
fi
