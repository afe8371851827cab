#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ in build-fuzz (clang++-19, ASan + UBSan) and runs each for a bounded
# time over a seed corpus: the tests' and examples' sources, the fuzzing regressions and ../shared/seeds.
# A crash, a sanitizer report or a hang fails the run; the input is kept in build-fuzz/crashes/.
#   scripts/fuzz.sh [SECONDS_PER_TARGET (default 60)] [TARGET...]
# AMPCC_FUZZ_SEED=N and AMPCC_FUZZ_RUNS=M make a run repeatable: libFuzzer's random seed fixed, a fixed number
# of inputs (the time limit still caps it) and a fresh corpus, so the same commit fuzzes the same inputs on any
# machine; CI runs that way (scripts/test.sh). Without them each run explores anew from the kept corpus.
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/.."
secs=${1:-60}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(source_rewriter_fuzzer translator_fuzzer)
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang-19 \
  -DCMAKE_CXX_COMPILER=clang++-19 -DAMPCC_FUZZ=ON -DAMPCC_BUILD_RUNTIME=OFF -DAMPCC_BUILD_TESTS=OFF >/dev/null
cmake --build build-fuzz -j"${AMPCC_JOBS:-2}" --target "${targets[@]}"

seeds=build-fuzz/seeds
rm -rf "$seeds"
mkdir -p "$seeds" build-fuzz/crashes
# Named by their folder too: several folders hold a file of the same name.
for f in test/translate/*.cpp test/diagnostics/*.cpp test/e2e/*.cpp examples/*.cpp ../shared/seeds/*.txt; do
  cp "$f" "$seeds/$(tr / _ <<<"${f#../}")"
done

repeatable=()
[[ -n ${AMPCC_FUZZ_SEED:-} ]] && repeatable+=(-seed="$AMPCC_FUZZ_SEED")
[[ -n ${AMPCC_FUZZ_RUNS:-} ]] && repeatable+=(-runs="$AMPCC_FUZZ_RUNS")

status=0
for t in "${targets[@]}"; do
  corpus=build-fuzz/corpus/$t
  ((${#repeatable[@]})) && corpus=build-fuzz/corpus-repeatable/$t && rm -rf "$corpus"
  mkdir -p "$corpus"
  # The translator prints diagnostics for most inputs: they go to the log with libFuzzer's own lines.
  if ! build-fuzz/fuzz/"$t" "$corpus" "$seeds" -max_total_time="$secs" -timeout=30 -rss_limit_mb=6144 \
    -max_len=32768 "${repeatable[@]}" -print_final_stats=1 -artifact_prefix=build-fuzz/crashes/"$t"- >build-fuzz/"$t".log 2>&1; then
    status=1
    echo "fuzz.sh: $t failed; the input is in build-fuzz/crashes/, the report in build-fuzz/$t.log:" >&2
    grep -E -A30 "^==[0-9]+==ERROR|runtime error|deadly signal|ALARM|out-of-memory" build-fuzz/"$t".log | head -60 >&2
  fi
  echo "$t: $(grep -E '^stat::number_of_executed_units' build-fuzz/"$t".log | awk '{print $2}') inputs run in" \
    "at most ${secs}s, corpus $(ls "$corpus" | wc -l) files"
done
exit $status
