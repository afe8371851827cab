#!/usr/bin/env bash
# Installs what the tests need (idempotent), builds, runs the whole test suite with CTest, then the C++ AMP
# conformance tests that passed before (test/conformance/passing.txt): CI fails if one of them stops passing.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
jobs=$(nproc 2>/dev/null || echo 2)
status=0
ctest --test-dir build --output-on-failure -j "$jobs" || status=$?
# The runtime, its tests and a subset of the end-to-end programs again under AddressSanitizer,
# LeakSanitizer and UndefinedBehaviorSanitizer.
bash scripts/sanitize.sh || status=1
# The translator under libFuzzer, repeatably: a fixed seed (AMPCC_FUZZ_SEED, default 1) and a fixed number of
# inputs per target (AMPCC_FUZZ_RUNS, default 60000), capped at AMPCC_FUZZ_SECONDS (default 300, 0 skips it), so
# a commit passes or fails here the same way on every machine and every run; exploring new inputs is
# scripts/fuzz.sh without them (docs/reliability.md). AMPCC_FUZZ_TARGETS says which targets: the default, the
# front end's source rewriting, builds in a minute; translator_fuzzer needs a second, instrumented build of lib/.
fuzz=${AMPCC_FUZZ_SECONDS:-300}
if ((fuzz > 0)); then
  read -r -a fuzz_targets <<<"${AMPCC_FUZZ_TARGETS:-source_rewriter_fuzzer}"
  AMPCC_FUZZ_SEED=${AMPCC_FUZZ_SEED:-1} AMPCC_FUZZ_RUNS=${AMPCC_FUZZ_RUNS:-60000} \
    bash scripts/fuzz.sh "$fuzz" "${fuzz_targets[@]}" || status=1
fi
# Microsoft's C++ AMP libraries and their own test suites (../shared/real-code), built as Visual Studio users built
# them: the tests that passed before (test/real-code/passing.txt) must still pass (docs/real-code.md).
if [[ -d ../shared/real-code/ports ]]; then
  bash scripts/real-code.sh --jobs "$jobs" --check test/real-code/passing.txt || status=1
elif [[ ${CI:-} == true ]]; then
  echo "test.sh: Microsoft's libraries are missing at ../shared/real-code" >&2
  status=1
fi
suite=../shared/amp-conformance
if [[ -d $suite/Tests ]]; then
  # The first configuration of each listed test: the whole list within CI's time (all configurations take
  # about twice as long; docs/conformance.md).
  bash scripts/conformance.sh --jobs "$jobs" --first-config --check test/conformance/passing.txt || status=1
elif [[ ${CI:-} == true ]]; then
  echo "test.sh: the conformance suite is missing at $suite" >&2
  status=1
fi
exit $status
