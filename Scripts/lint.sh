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
