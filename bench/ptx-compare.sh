#!/usr/bin/env bash
# The GPU machine's check of issue 36 item 4: matmul_simple and matmul_tiled (4096) of the benchmarks translated with
# --offload-arch=sm_90 before and after the PTX fix (CARRY/{before,after}/translated, bench/translate.sh), and the
# OpenCL C of the same program (AMPCC_DEVICE_CODE=0), in GFLOP/s side by side.   bash bench/ptx-compare.sh [CARRY]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd) carry=$(cd "${1:-.carry/ptx}" && pwd) b=/tmp/ptx-compare && rm -rf $b && mkdir -p $b/xxh
for icd in /usr/lib/libnvidia-opencl.so.1 /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1; do # NVIDIA's OpenCL
  [[ -e $icd ]] && mkdir -p /etc/OpenCL/vendors && { grep -qsx $icd /etc/OpenCL/vendors/*.icd || echo $icd >/etc/OpenCL/vendors/nvidia.icd; } && break
done
for d in "$carry"/xxhash/*.deb; do dpkg -x "$d" $b/xxh; done
f=(-std=c++17 -O2 -I"$root/include" -I"$root/lib" -I"$root/runtime" -I$b/xxh/usr/include -include ampcc/posix_names.h -I"$root/bench/common")
for s in "$root"/runtime/*.cpp "$root"/runtime/backend/*.cpp "$root"/lib/Support/CacheBound.cpp; do [[ $s == */Blas.cpp ]] || g++ "${f[@]}" -c "$s" -o $b/$(basename "$s" .cpp).o & done; wait
for v in before after; do g++ "${f[@]}" "$carry/$v/translated/amp_kernels.ampcc.cpp" $b/*.o -lOpenCL -ldl -pthread -o $b/$v & done; wait
g() { "$@" --size 4096 --reps 5 --min-time 0.5 | grep -o '"gflops": [0-9.e+]*' | cut -d' ' -f2; }
printf '%-14s %12s %12s %12s\n' case "PTX before" "PTX after" "OpenCL C"
for c in matmul_simple matmul_tiled; do
  AMPCC_PROFILE=1 $b/after --case $c --size 16 --reps 1 2>&1 >/dev/null | grep -o 'embedded PTX sm_90' | head -n 1 >&2 || true
  printf '%-14s %12.0f %12.0f %12.0f\n' $c "$(g $b/before --case $c)" "$(g $b/after --case $c)" "$(AMPCC_DEVICE_CODE=0 g $b/after --case $c)"
done
