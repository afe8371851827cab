#!/usr/bin/env bash
# On the GPU machine (no Clang there): builds the end-to-end programs that `ampcc --offload-arch=sm_90
# -save-temps` translated here, runs each on the GPU with embedded PTX and again with the OpenCL C
# (AMPCC_DEVICE_CODE=0), no caches, and checks that the PTX was what the first run loaded. Each run's output
# goes to OUT_DIR/<name>.{ptx,src}.{out,err,status}, for FileCheck here (docs/gpu-runs.md).
#   test/gpu/device_code_e2e.sh SRC_DIR OUT_DIR
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
src=$1 out=$2
mkdir -p "$out"
bash "$root/scripts/build-translated.sh" "$src" "$out/bin" > "$out/build.log" 2>&1 || { cat "$out/build.log"; }
export AMPCC_DEVICE=${AMPCC_DEVICE:-gpu} AMPCC_PROFILE=1 AMPCC_CACHE=0 CUDA_CACHE_DISABLE=1
ptx=0 total=0 missing=()
for f in "$src"/*.ampcc.cpp; do
  name=$(basename "$f" .ampcc.cpp)
  exe=$out/bin/$name
  [[ -x $exe ]] || continue
  grep -q "ampcc_device_codes" "$f" || continue # a program without kernels
  total=$((total + 1))
  (cd "$out" && timeout 120 "$exe" > "$name.ptx.out" 2> "$name.ptx.err"; echo $? > "$name.ptx.status")
  (cd "$out" && AMPCC_DEVICE_CODE=0 timeout 120 "$exe" > "$name.src.out" 2> "$name.src.err"; echo $? > "$name.src.status")
  if grep -q ": embedded PTX sm_90 (" "$out/$name.ptx.err"; then
    ptx=$((ptx + 1))
  else
    missing+=("$name")
  fi
done
echo "device code on the GPU: $ptx of $total programs loaded their embedded PTX${missing[*]:+; not: ${missing[*]}}"
