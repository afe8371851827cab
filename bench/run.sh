#!/usr/bin/env bash
# The one command: translate the C++ AMP benchmarks with ampcc, build them and the hand-written
# OpenCL harness with the system compiler, run every case, write OUT/bench.json and OUT/bench.png.
#   bench/run.sh [--quick] [--out DIR] [other bench/run_translated.sh options]
# --quick: small sizes for a CPU device (PoCL). AMPCC picks ampcc, AMPCC_DEVICE the device.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$here/out
args=("$@")
for ((i = 0; i < $#; ++i)); do
  [[ ${args[i]} == --out ]] && out=${args[i + 1]}
done
"$here/translate.sh" --out "$out"
BENCH_COMMAND="bench/run.sh $*" "$here/run_translated.sh" "$@"
