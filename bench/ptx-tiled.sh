#!/usr/bin/env bash
# The GPU machine's check of the tiled matmul on the CUDA back end (docs/benchmarks.md, "The tiled matmul's 0.80"):
# nvcc's cuda_bench against amp_kernels translated with --offload-arch=sm_90 before and after a change
# (CARRY/{before,after}/amp_kernels.ampcc.cpp, from `ampcc -O2 -ffp-contract=fast -save-temps --offload-arch=sm_90
# -I bench/common -c bench/amp/amp_kernels.cpp`), in one run: matmul tiled at 1024/2048/4096, simple at 4096 (the
# after program on the OpenCL back end too), vadd and saxpy; then the SASS that the CUDA back end's cuLink made of
# the tiled kernel (from the program cache), counted: LDS.128 and other LDS.   bash bench/ptx-tiled.sh [CARRY]
# CARRY also holds xxhash/*.deb (libxxhash-dev). Writes ptx-tiled.txt and sass-{before,after}.txt to $OUT if set.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd) carry=$(cd "${1:-.carry/ptx-tiled}" && pwd) b=/tmp/ptx-tiled
out=${OUT:-$b/out}
rm -rf $b && mkdir -p $b/xxh "$out"
export PATH=/usr/local/cuda/bin:$PATH
for icd in /usr/lib/libnvidia-opencl.so.1 /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1; do # NVIDIA's OpenCL
  [[ -e $icd ]] && mkdir -p /etc/OpenCL/vendors && { grep -qsx $icd /etc/OpenCL/vendors/*.icd || echo $icd >/etc/OpenCL/vendors/nvidia.icd; } && break
done
for d in "$carry"/xxhash/*.deb; do dpkg -x "$d" $b/xxh; done
f=(-std=c++17 -O2 -I"$root/include" -I"$root/lib" -I"$root/runtime" -I$b/xxh/usr/include -include ampcc/posix_names.h -I"$root/bench/common")
# In a subshell, so that its `wait`s wait for the builds only (a caller that tees this script's output through a
# process substitution would otherwise wait for the tee too: bash 5.1 on).
(nvcc -O3 -arch=sm_90 -std=c++17 -I"$root/bench/common" "$root/bench/cuda/cuda_bench.cu" -o $b/cuda_bench -lcublas &
 for s in "$root"/runtime/*.cpp "$root"/runtime/backend/*.cpp "$root"/lib/Support/CacheBound.cpp; do
   [[ $s == */Blas.cpp ]] || g++ "${f[@]}" -c "$s" -o $b/$(basename "$s" .cpp).o &
 done
 wait
 for v in before after; do g++ "${f[@]}" "$carry/$v/amp_kernels.ampcc.cpp" $b/*.o -lOpenCL -ldl -pthread -o $b/amp_$v & done
 wait)
{
  nvidia-smi -L; date -u
  g() { "$@" | grep -o '"gflops": [0-9.]*\|"gbps": [0-9.]*' | cut -d' ' -f2; }
  printf '%-18s %10s %10s %10s %14s\n' "case (GFLOP/s)" nvcc before after "after, OpenCL"
  for s in 1024 2048 4096; do
    printf '%-18s %10.0f %10.0f %10.0f %14.0f\n' "matmul_tiled $s" "$(g $b/cuda_bench --case matmul_tiled --size $s)" \
      "$(AMPCC_BACKEND=cuda g $b/amp_before --case matmul_tiled --size $s)" \
      "$(AMPCC_BACKEND=cuda g $b/amp_after --case matmul_tiled --size $s)" \
      "$(AMPCC_BACKEND=opencl g $b/amp_after --case matmul_tiled --size $s)"
  done
  printf '%-18s %10.0f %10.0f %10.0f %14.0f\n' "matmul_simple 4096" "$(g $b/cuda_bench --case matmul_simple --size 4096)" \
    "$(AMPCC_BACKEND=cuda g $b/amp_before --case matmul_simple --size 4096)" \
    "$(AMPCC_BACKEND=cuda g $b/amp_after --case matmul_simple --size 4096)" \
    "$(AMPCC_BACKEND=opencl g $b/amp_after --case matmul_simple --size 4096)"
  for k in vadd saxpy; do
    printf '%-18s %10.0f %10.0f %10.0f\n' "$k (GB/s)" "$(g $b/cuda_bench --case $k)" \
      "$(AMPCC_BACKEND=cuda g $b/amp_before --case $k)" "$(AMPCC_BACKEND=cuda g $b/amp_after --case $k)"
  done
  for v in before after; do
    AMPCC_BACKEND=cuda AMPCC_CACHE_DIR=$b/cache-$v $b/amp_$v --case matmul_tiled --size 256 --reps 1 >/dev/null
    python3 - $b/cache-$v $b/$v.cubin <<'PY'
import os, sys
best = b''
for d, _, fs in os.walk(sys.argv[1]):
    for f in fs:
        data = open(os.path.join(d, f), 'rb').read()
        i = data.find(b'\x7fELF')
        if i >= 0 and b'matmulTiled' in data and len(data) > len(best):
            best = data[i:]
open(sys.argv[2], 'wb').write(best)
PY
    cuobjdump -sass $b/$v.cubin | awk '/Function : .*matmulTiled/,/\.\.\.\.\.\.\.\.\.\./' > "$out/sass-$v.txt"
    echo "cuLink's SASS of the tiled kernel, $v: LDS.128 $(grep -c 'LDS\.128' "$out/sass-$v.txt"), other LDS" \
      "$(grep 'LDS' "$out/sass-$v.txt" | grep -vc 'LDS\.128'), FFMA $(grep -c FFMA "$out/sass-$v.txt")"
  done
} 2>&1 | tee "$out/ptx-tiled.txt"
