#!/usr/bin/env bash
# Fuzzes the StrictJSON parser and writer with libFuzzer.
#
#   Scripts/fuzz-json.sh [SECONDS] [LIBFUZZER-FLAGS...]     (default: 60 seconds)
#
# Compiles Sources/StrictJSON together with Fuzz/JSON/FuzzJSON.swift into .build-fuzz/json/,
# runs it on the corpus there (seeded from Fuzz/JSON/Seeds), and stops after SECONDS or at the
# first failure, whose input libFuzzer saves as .build-fuzz/json/artifacts/crash-*; replay it
# with `.build-fuzz/json/fuzz-json FILE`. Set FUZZ_SANITIZE (default "fuzzer,address") to
# change the sanitizers, e.g. to "fuzzer" for more runs per second.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
work=.build-fuzz/json
mkdir -p "$work/corpus" "$work/artifacts"

# shellcheck disable=SC2046  # one argument per source file is what swiftc wants
swiftc -sanitize="${FUZZ_SANITIZE:-fuzzer,address}" -parse-as-library -O -swift-version 6 -use-ld=lld \
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
  -module-name FuzzJSON $(find Sources/StrictJSON -name '*.swift' | sort) Fuzz/JSON/*.swift \
  -o "$work/fuzz-json"

cp Fuzz/JSON/Seeds/* "$work/corpus/"
# Without this the Swift runtime's backtracer takes over the crash and no crash file is saved.
export SWIFT_BACKTRACE=enable=no
exec "$work/fuzz-json" -max_total_time="$seconds" -dict=Fuzz/JSON/json.dict \
  -artifact_prefix="$work/artifacts/" -print_final_stats=1 "$@" "$work/corpus"
