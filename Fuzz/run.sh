#!/usr/bin/env bash
# Builds the libFuzzer harnesses (AddressSanitizer on) and runs each for SECONDS.
#
#   Fuzz/run.sh SECONDS [harness...]     # all harnesses when none is named
#   Fuzz/run.sh --build-only [harness...]
#
# Exits non-zero when a harness crashes or breaks one of its properties; the input that did it
# is written to .build-fuzz/findings/<harness>/. Extra libFuzzer flags go in FUZZ_FLAGS;
# FUZZ_SKIP_BUILD=1 runs the harnesses built by an earlier --build-only (for parallel runs).
# The library is built by SwiftPM in a scratch folder of its own (.build-fuzz, beside .build,
# not in it), so `swift build` and `swift test` never need libFuzzer, and a `swift build`
# running at the same time never shares a folder or its lock with this one.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=$root/.build-fuzz

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
mkdir -p "$build"
# A library that fails to build must stop here with its errors, not reappear later as a
# harness's "no such module". The two sanitizers go to the compiler as one option: SwiftPM's
# `--sanitize=address --sanitize=fuzzer` reaches the compiler as two options, of which only
# the last takes effect, and leaves the library without coverage instrumentation (libFuzzer
# then sees the harness's own branches only).
if ! swift build --scratch-path "$build" -Xswiftc -sanitize=fuzzer,address \
  -Xcc -fsanitize=address --target CSReduxKit >"$build/library.log" 2>&1; then
  grep -vE "^\[[0-9]+/[0-9]+\]" "$build/library.log" | tail -n 40 >&2
  echo "error: the library did not build with -sanitize=fuzzer,address (log: $build/library.log)" >&2
  exit 1
fi
products=$(swift build --scratch-path "$build" --show-bin-path)
# Without coverage in the library, a campaign explores blind: refuse to run one.
# (A glob and a variable, not `ls | head` or `nm | grep -q`: under pipefail, a reader that
# closes the pipe early makes the writer fail with SIGPIPE, and the whole pipeline with it.)
probes=("$products"/CSReduxKitCore.build/*.o)
probe=${probes[0]}
symbols=$(nm "$probe" 2>/dev/null || true)
if [[ $symbols != *sanitizer_cov* ]]; then
  echo "error: $probe has no coverage instrumentation (-sanitize=fuzzer did not reach" \
    "the compiler); see $build/library.log" >&2
  exit 1
fi
# The umbrella and every target it depends on, directly or not, as the manifest says (no
# guessing at names): the modules it re-exports, the C shim, anything added later.
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
  dir=$products/$target.build
  if [ -f "$dir/output-file-map.json" ]; then
    # A Swift target: the objects of its current sources only, so an object left in a reused
    # build folder by a file since deleted or renamed is never linked twice.
    [ -f "$products/Modules/$target.swiftmodule" ] \
      || { echo "error: $target built no module in $products/Modules" >&2; exit 1; }
    found=()
    while IFS= read -r object; do found+=("$object"); done < <(python3 -c '
import json, sys
for entry in json.load(open(sys.argv[1])).values():
    if entry.get("object"):
        print(entry["object"])' "$dir/output-file-map.json")
  else
    # A C target: its objects, and the module map that makes it importable.
    found=("$dir"/*.o)
    if [ -f "$dir/module.modulemap" ]; then
      includes+=(-Xcc "-fmodule-map-file=$dir/module.modulemap")
    fi
  fi
  for object in "${found[@]}"; do
    [ -f "$object" ] || { echo "error: $target has no object $object" >&2; exit 1; }
  done
  objects+=("${found[@]}")
done
mkdir -p "$build/bin"
for harness in $harnesses; do
  [ -d "Fuzz/Harnesses/$harness" ] || { echo "no harness named $harness" >&2; exit 2; }
  echo "== building $harness"
  swiftc -sanitize=fuzzer,address -parse-as-library -g -O -swift-version 6 \
    -module-name "${harness}Fuzz" -I "$products/Modules" "${includes[@]}" \
    Fuzz/Harnesses/FuzzSupport.swift Fuzz/Harnesses/"$harness"/*.swift "${objects[@]}" \
    -o "$build/bin/$harness" >"$build/$harness.build.log" 2>&1 || {
    grep -vE "ld.gold: warning: Cannot export local symbol" "$build/$harness.build.log" >&2
    echo "error: $harness did not build" >&2
    exit 1
  }
done
fi
[ "$seconds" = --build-only ] && exit 0

# Swift's own crash handler would race AddressSanitizer's report; libFuzzer reports crashes.
export SWIFT_BACKTRACE=enable=no
# The leaks the test suites know about (Foundation's read buffer for an empty file), without
# a report of the suppressions at every leak check libFuzzer makes.
export LSAN_OPTIONS="suppressions=$root/.ci/lsan-suppressions.txt:print_suppressions=0"
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
  # The seeds are read, never written: new inputs go to the working corpus in .build-fuzz. The
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
