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
# The translator under libFuzzer for a bounded time: AMPCC_FUZZ_SECONDS per target (default 60, 0 skips it),
# AMPCC_FUZZ_TARGETS which targets. The default, the front end's source rewriting, builds in a minute; add
# translator_fuzzer where the budget allows a second, instrumented build of lib/ with Clang (docs/reliability.md).
fuzz=${AMPCC_FUZZ_SECONDS:-60}
if ((fuzz > 0)); then
  read -r -a fuzz_targets <<<"${AMPCC_FUZZ_TARGETS:-source_rewriter_fuzzer}"
  bash scripts/fuzz.sh "$fuzz" "${fuzz_targets[@]}" || status=1
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
