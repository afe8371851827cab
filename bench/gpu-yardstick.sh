#!/usr/bin/env bash
# The GPU machine's one command: ampcc's benchmarks (translated here, carried there) on the NVIDIA GPU through
# OpenCL, and the same cases in CUDA (bench/cuda: nvcc kernels, cuBLAS), in one run; writes bench.json and
# bench.png with the ampcc / nvcc ratio of every case (docs/benchmarks.md, "Against CUDA").
#   bash bench/gpu-yardstick.sh [--carry DIR] [--out DIR] [--arch sm_90] [--check-only] [--sizes S] [--n N] [--reps R]
# DIR (default .carry) holds what bench/run_translated.sh needs and the GPU machine lacks:
#   DIR/bench/translated/*.ampcc.cpp   the benchmarks translated here: bash bench/translate.sh --out DIR/bench
#   DIR/debs/libclblast{1,-dev}_*.deb  Debian's CLBlast (the GEMM cases): apt-get download, here
#   DIR/xxhash/libxxhash-dev_*.deb     Debian's xxHash headers (the runtime includes <xxhash.h>)
# --check-only: the CUDA self-check, then both suites at the small sizes of --quick (a first run, about a minute).
# Results go to OUT (default $OUT, the folder the device tool brings back, else /tmp/yardstick/results).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
args="$*"
carry=.carry out=${OUT:-/tmp/yardstick/results} arch=sm_90 check_only=0 pass=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --carry) carry=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --arch) arch=$2; shift 2 ;;
    --check-only) check_only=1; shift ;;
    --sizes | --n | --reps) pass+=("$1" "$2"); shift 2 ;;
    *) echo "gpu-yardstick.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
carry=$(cd "$carry" && pwd)
mkdir -p "$out" && out=$(cd "$out" && pwd)
work=/tmp/yardstick/work && rm -rf "$work" && mkdir -p "$work"
((check_only)) && pass+=(--quick)

# Whatever happens, bring back what was written: the figures, the raw lines (to redraw the plot where
# matplotlib is) and the log.
exec > >(tee "$out/yardstick.log") 2>&1
keep() {
  for f in bench.json bench.png results.jsonl cuda/cuda.json; do
    [[ -f $work/$f ]] && cp "$work/$f" "$out/"
  done
  return 0
}
trap keep EXIT

echo "== device"
command -v nvidia-smi >/dev/null || { echo "gpu-yardstick.sh: no nvidia-smi: not an NVIDIA machine" >&2; exit 1; }
nvidia-smi -L | tee "$out/device.txt"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader | tee -a "$out/device.txt"
# CUDA numbers its devices fastest first by default, NVIDIA's OpenCL in bus order: the same first GPU for both.
export CUDA_DEVICE_ORDER=PCI_BUS_ID AMPCC_DEVICE=gpu

echo "== OpenCL: the NVIDIA ICD (the machine starts with PoCL's only)"
icd=""
for f in /usr/lib/libnvidia-opencl.so.1 /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1; do
  [[ -e $f ]] && { icd=$f; break; }
done
[[ -n $icd ]] || { echo "gpu-yardstick.sh: no libnvidia-opencl.so.1: the driver's OpenCL is not installed" >&2; exit 1; }
mkdir -p /etc/OpenCL/vendors
grep -qsx "$icd" /etc/OpenCL/vendors/*.icd || echo "$icd" >/etc/OpenCL/vendors/nvidia.icd
ls /etc/OpenCL/vendors

echo "== carried: $carry"
src=$carry/bench/translated
for p in amp_kernels amp_e2e amp_blas; do
  [[ -f $src/$p.ampcc.cpp ]] ||
    { echo "gpu-yardstick.sh: no $src/$p.ampcc.cpp (here: bash bench/translate.sh --out $carry/bench)" >&2; exit 1; }
done
if grep -q ampcc_device_codes "$src/amp_kernels.ampcc.cpp"; then
  echo "the translated programs embed device code (ampcc --offload-arch): the NVIDIA GPU loads it"
else
  echo "the translated programs carry OpenCL C only: NVIDIA's OpenCL compiler builds it at run time"
fi
if compgen -G "$carry/debs/libclblast*.deb" >/dev/null; then
  rm -rf /tmp/clb && mkdir -p /tmp/clb
  for d in "$carry"/debs/libclblast*.deb; do dpkg -x "$d" /tmp/clb; done
  export CLBLAST_ROOT=/tmp/clb
else
  echo "note: no $carry/debs/libclblast*.deb: the GEMM row has cuBLAS only (no ampcc::blas::gemm, no CLBlast)"
fi
if ! echo '#include <xxhash.h>' | g++ -x c++ -E - >/dev/null 2>&1; then
  xxh=$(compgen -G "$carry/xxhash/libxxhash-dev_*.deb" | head -n 1) ||
    { echo "gpu-yardstick.sh: no <xxhash.h> and no $carry/xxhash/libxxhash-dev_*.deb" >&2; exit 1; }
  rm -rf /tmp/xxh && dpkg -x "$xxh" /tmp/xxh
  export CPATH=/tmp/xxh/usr/include${CPATH:+:$CPATH}
fi

echo "== CUDA self-check (bench/cuda, small sizes)"
bash bench/cuda/run.sh --check-only --arch "$arch" --out "$work/cuda"

echo "== CUDA: every case"
BENCH_COMMAND="bench/gpu-yardstick.sh $args" bash bench/cuda/run.sh --arch "$arch" --out "$work/cuda" "${pass[@]}"

echo "== ampcc and hand-written OpenCL on the same GPU, then the report"
BENCH_COMMAND="bench/gpu-yardstick.sh $args" bash bench/run_translated.sh --src "$src" --out "$work" \
  --cuda "$work/cuda/cuda.json" "${pass[@]}"

keep
[[ -f $out/bench.png ]] ||
  echo "note: no matplotlib here, so no bench.png; draw it where there is: python3 bench/report.py" \
    "--results results.jsonl --cuda cuda.json --out . (in the folder these files came back to)"
echo "== wrote $(cd "$out" && ls | tr '\n' ' ')into $out"
