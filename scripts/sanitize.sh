#!/usr/bin/env bash
# Builds the runtime and its tests with AddressSanitizer, LeakSanitizer and UBSan in build-asan/ and runs
# runtime_tests as one process; the first error stops the run. Extra arguments go to runtime_tests.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DAMPCC_BUILD_TRANSLATOR=OFF -DAMPCC_SANITIZE=ON >/dev/null
cmake --build build-asan -j2 --target runtime_tests
# Leaks inside the OpenCL driver's own state are not ampcc's: test/lsan.supp says which and why.
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export LSAN_OPTIONS=suppressions=$root/test/lsan.supp:print_suppressions=0
# As CTest runs it: the on-disk program cache would turn builds into loads and change the counts tested.
AMPCC_CACHE=0 build-asan/test/runtime/runtime_tests "$@"
