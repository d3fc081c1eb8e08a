#!/usr/bin/env bash
# Builds the libFuzzer harnesses (AddressSanitizer on) and runs each for SECONDS.
#
#   Fuzz/run.sh SECONDS [harness...]     # all harnesses when none is named
#   Fuzz/run.sh --build-only [harness...]
#
# Exits non-zero when a harness crashes or breaks one of its properties; the input that did it
# is written to .build/fuzz/findings/<harness>/. Extra libFuzzer flags go in FUZZ_FLAGS;
# FUZZ_SKIP_BUILD=1 runs the harnesses built by an earlier --build-only (for parallel runs).
# The library is built by SwiftPM in its own build folder (.build/fuzz), so `swift build` and
# `swift test` never need libFuzzer.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=$root/.build/fuzz

usage() { echo "usage: Fuzz/run.sh SECONDS|--build-only [harness...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
seconds=$1
shift
case $seconds in --build-only | [0-9]*) ;; *) usage ;; esac

all=$(cd Fuzz/Harnesses && for d in */; do echo "${d%/}"; done)
harnesses=${*:-$all}

if [ -n "${FUZZ_SKIP_BUILD:-}" ]; then
  :  # built earlier with --build-only: parallel runs of different harnesses share the build
else
echo "== building CSReduxKit with -sanitize=fuzzer,address (into $build)"
swift build --build-path "$build" --sanitize=address --sanitize=fuzzer --target CSReduxKit \
  2>&1 | grep -vE "^\[[0-9]+/[0-9]+\]" || true
products=$(swift build --build-path "$build" --show-bin-path)
# The library and the targets it depends on, as the manifest says (no guessing at names).
targets=$(swift package dump-package | python3 -c '
import json, sys
targets = {t["name"]: t for t in json.load(sys.stdin)["targets"]}
order = ["CSReduxKit"]
for name in order:
    for dependency in targets[name].get("dependencies", []):
        found = list(dependency.values())[0][0]
        if found in targets and found not in order:
            order.append(found)
print(" ".join(order))')
objects=()
includes=()
for target in $targets; do
  objects+=("$products/$target.build"/*.o)
  if [ -f "$products/$target.build/module.modulemap" ]; then
    includes+=(-Xcc "-fmodule-map-file=$products/$target.build/module.modulemap")
  fi
done
mkdir -p "$build/bin"
for harness in $harnesses; do
  [ -d "Fuzz/Harnesses/$harness" ] || { echo "no harness named $harness" >&2; exit 2; }
  echo "== building $harness"
  swiftc -sanitize=fuzzer,address -parse-as-library -g -O -swift-version 6 \
    -module-name "${harness}Fuzz" -I "$products/Modules" "${includes[@]}" \
    Fuzz/Harnesses/FuzzSupport.swift Fuzz/Harnesses/"$harness"/*.swift "${objects[@]}" \
    -o "$build/bin/$harness" 2>&1 | grep -vE "ld.gold: warning: Cannot export local symbol" \
    || true
  [ -x "$build/bin/$harness" ] || { echo "error: $harness did not build" >&2; exit 1; }
done
fi
[ "$seconds" = --build-only ] && exit 0

# Swift's own crash handler would race AddressSanitizer's report; libFuzzer reports crashes.
export SWIFT_BACKTRACE=enable=no
# The leaks the test suites know about (Foundation's read buffer for an empty file).
export LSAN_OPTIONS="suppressions=$root/.ci/lsan-suppressions.txt"
# State files go to memory when it can: a save flushes to the storage device.
if [ -z "${FUZZ_TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then
  export FUZZ_TMPDIR=/dev/shm
fi
status=0
for harness in $harnesses; do
  corpus=$build/corpus/$harness
  findings=$build/findings/$harness
  mkdir -p "$corpus" "$findings"
  echo "== fuzzing $harness for $seconds s"
  # The seeds are read, never written: new inputs go to the working corpus in .build. The
  # per-input timeout is generous: a shared, loaded machine must not turn into a finding.
  # shellcheck disable=SC2086
  if ! "$build/bin/$harness" -max_total_time="$seconds" -dict=Fuzz/json.dict \
    -max_len=4096 -timeout=60 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$findings/" ${FUZZ_FLAGS:-} "$corpus" "Fuzz/Corpus/$harness" \
    >"$build/$harness.log" 2>&1; then
    status=1
    echo "error: $harness found a problem; the input is in $findings:" >&2
    tail -n 40 "$build/$harness.log" >&2
  fi
  grep -aE "^(#[0-9]+[[:space:]]+DONE|Done [0-9]+ runs|stat::number_of_executed_units|stat::peak_rss_mb)" \
    "$build/$harness.log" || true
done
exit $status
