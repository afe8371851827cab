#!/usr/bin/env bash
# NVIDIA's tools on ampcc programs (issue 36 item 5; docs/gpu-runs.md): compute-sanitizer finds the out-of-bounds
# write planted in planted_oob_write.cpp, and Nsight Compute (ncu) names the kernels of the seed's tiled matmul
# after the user's functions. Both run on the CUDA back end, which loads the PTX ampcc embeds.
#   here:  bash bench/nvidia-tools/check.sh --translate [DIR]   (DIR default .carry/nvtools: ampcc -save-temps
#          --offload-arch=sm_90 of both programs, and Debian's xxHash headers)
#   there: bash bench/nvidia-tools/check.sh [DIR]               (builds them with g++, runs the tools; exit 1 when
#          the sanitizer misses the write or ncu names no user function)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
if [[ ${1:-} == --translate ]]; then
  out=${2:-$root/.carry/nvtools}
  rm -rf "$out/translated" && mkdir -p "$out/translated" "$out/xxhash"
  work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
  for src in "$root/bench/nvidia-tools/planted_oob_write.cpp" "$root/test/e2e/seed_matmul_tiled.cpp"; do
    "${AMPCC:-$root/build/tools/ampcc/ampcc}" -O2 -save-temps --offload-arch=sm_90 "$src" -o "$work/$(basename "$src" .cpp)"
    cp "$work/$(basename "$src" .cpp).ampcc.cpp" "$out/translated/"
  done
  compgen -G "$out/xxhash/libxxhash-dev_*.deb" >/dev/null || (cd "$out/xxhash" && apt-get download libxxhash-dev)
  echo "translated into $out"
  exit 0
fi
carry=$(cd "${1:-$root/.carry/nvtools}" && pwd) work=/tmp/nvtools && rm -rf $work && mkdir -p $work
if ! echo '#include <xxhash.h>' | g++ -x c++ -E - >/dev/null 2>&1; then
  dpkg -x "$(compgen -G "$carry/xxhash/libxxhash-dev_*.deb" | head -n 1)" $work/xxh
  export CPATH=$work/xxh/usr/include${CPATH:+:$CPATH}
fi
bash "$root/scripts/build-translated.sh" "$carry/translated" $work/bin >$work/build.log 2>&1 || { cat $work/build.log; exit 1; }
export PATH=/usr/local/cuda/bin:$PATH AMPCC_BACKEND=cuda AMPCC_CACHE=0
status=0
echo "== compute-sanitizer --tool memcheck: planted_oob_write"
compute-sanitizer --tool memcheck --print-limit 4 $work/bin/planted_oob_write >$work/sanitizer.log 2>&1 || true
head -n 30 $work/sanitizer.log
grep -q "Invalid __global__ write" $work/sanitizer.log && grep -q "ampcc_scaleAndOverrun" $work/sanitizer.log ||
  { echo "FAIL: compute-sanitizer did not report the planted write in ampcc_scaleAndOverrun"; status=1; }
echo "== ncu: seed_matmul_tiled"
ncu --print-summary per-kernel $work/bin/seed_matmul_tiled >$work/ncu.log 2>&1 || true
grep -E "ampcc_|==PROF==|==ERROR==|==WARNING==" $work/ncu.log | head -n 20 || true
grep -q "ampcc_MatMulTiledGlobal_seed_matmul_tiled_cpp" $work/ncu.log ||
  { echo "FAIL: ncu did not name the kernel after the user's function MatMulTiledGlobal"; status=1; }
exit $status
