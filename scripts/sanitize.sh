#!/usr/bin/env bash
# Builds the runtime and its tests with AddressSanitizer, LeakSanitizer and UBSan in build-asan/ and runs
# runtime_tests as one process, then the end-to-end programs of test/e2e through lit (compiled by build/'s ampcc with
# a sanitizing host compiler, linked with the sanitized runtime); the first error stops each program.
#   scripts/sanitize.sh [--e2e all|quick|none] [runtime_tests arguments...]
# --e2e quick (the default, what CI runs) is the subset in test/sanitize-e2e.txt; all is every e2e program.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
e2e=quick
if [[ ${1:-} == --e2e ]]; then
  e2e=$2
  shift 2
fi
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DAMPCC_BUILD_TRANSLATOR=OFF -DAMPCC_SANITIZE=ON >/dev/null
cmake --build build-asan -j2 --target runtime_tests
# Leaks inside the OpenCL driver's own state are not ampcc's: test/lsan.supp says which and why.
# fast_unwind_on_malloc=0: allocation stacks through the driver (built without frame pointers) reach the
# functions test/lsan.supp names; the frame-pointer unwinder stops at the driver's first frame.
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:fast_unwind_on_malloc=0
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export LSAN_OPTIONS=suppressions=$root/test/lsan.supp:print_suppressions=0
# As CTest runs it: the on-disk program cache would turn builds into loads and change the counts tested.
AMPCC_CACHE=0 build-asan/test/runtime/runtime_tests "$@"

[[ $e2e == none ]] && exit 0
ampcc=$root/build/tools/ampcc/ampcc
lit=$root/build/bin/lit
if [[ ! -x $ampcc || ! -x $lit ]]; then
  echo "sanitize.sh: no translator at $ampcc (run scripts/build.sh first): end-to-end programs skipped" >&2
  exit 1
fi
if [[ $e2e == all ]]; then
  tests=(test/e2e/*.cpp)
else
  mapfile -t tests < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' test/sanitize-e2e.txt)
fi
# Each program's own RUN lines (test/lit.cfg.py), run by lit in build-asan/test: the tests take this environment.
export AMPCC_CXX=$root/scripts/sanitize-cxx.sh AMPCC_SANITIZED_RUNTIME=$root/build-asan/runtime
status=0
"$lit" -sv --param exec_root="$root/build-asan/test" "${tests[@]/#/$root/build/}" > build-asan/lit.log 2>&1 || status=1
((status == 0)) || grep -v '^PASS: ' build-asan/lit.log | head -200 >&2
passed=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' build-asan/lit.log)
echo "sanitize.sh: ${passed:-0} of ${#tests[@]} end-to-end programs passed under ASan/LSan/UBSan"
exit $status
