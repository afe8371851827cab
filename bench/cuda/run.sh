#!/usr/bin/env bash
# Builds the CUDA yardstick (bench/cuda/cuda_bench.cu) with nvcc and runs every case with the sizes, repetitions
# and timing of bench/run_translated.sh, writing OUT/cuda.json for bench/report.py --cuda.
#   bench/cuda/run.sh [--out DIR] [--arch sm_90] [--sizes 1024,2048,4096] [--n N] [--reps R] [--quick] [--check-only]
# --check-only: build, then every case once at small sizes (results checked), and no cuda.json.
# NVCC picks the compiler (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc); CUDA_VISIBLE_DEVICES the GPU.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
args="$*"
out=$root/bench/out arch=sm_90 sizes="" n="" reps="" quick=0 check_only=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --out) out=$2; shift 2 ;;
    --arch) arch=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    --n) n=$2; shift 2 ;;
    --reps) reps=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    --check-only) check_only=1; shift ;;
    *) echo "cuda/run.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
# The same defaults as bench/run_translated.sh, so the records pair with ampcc's.
if ((quick)); then
  : "${sizes:=256,512}" "${n:=16777216}" "${reps:=3}"; mintime=0.1
else
  : "${sizes:=1024,2048,4096}" "${n:=33554432}" "${reps:=5}"; mintime=0.5
fi
mkdir -p "$out" && out=$(cd "$out" && pwd)

nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[[ -x $nvcc ]] || { echo "cuda/run.sh: no nvcc (set NVCC, or put CUDA's bin on PATH)" >&2; exit 1; }
bin=$out/bin && mkdir -p "$bin"
nvcc_version=$("$nvcc" --version | sed -n "s/^Cuda compilation tools, //p")
echo "building bench/cuda/cuda_bench.cu: $nvcc -O3 -arch=$arch ($nvcc_version)"
"$nvcc" -O3 -arch="$arch" -std=c++17 -I"$root/bench/common" "$root/bench/cuda/cuda_bench.cu" -lcublas \
  -o "$bin/cuda_bench"

if ((check_only)); then
  "$bin/cuda_bench" --check-only
  exit 0
fi

res=$out/cuda.jsonl
: >"$res"
# Runs one case; a wrong result (exit 3) or a CUDA error (exit 4) stops the whole run.
run() {
  local line
  if ! line=$("$@"); then
    echo "FAILED: $* (see the message above)" >&2
    exit 1
  fi
  echo "${line%\}}, \"variant\": \"-\"}" | tee -a "$res"
}
common=(--reps "$reps" --min-time "$mintime")
for c in vadd saxpy copy; do
  run "$bin/cuda_bench" --case $c --n "$n" "${common[@]}"
done
for s in ${sizes//,/ }; do
  for c in matmul_simple matmul_tiled cublas; do
    run "$bin/cuda_bench" --case $c --size "$s" "${common[@]}"
  done
done
run "$bin/cuda_bench" --case empty "${common[@]}"
run "$bin/cuda_bench" --case array_copies --n "$n" --reps 7

# One JSON document: what was built, how, and the records (report.py pairs them with ampcc's by case and size).
smi=$(nvidia-smi -L 2>/dev/null || echo "nvidia-smi: not available")
python3 - "$res" "$out/cuda.json" "$nvcc_version" "$arch" "$smi" "${BENCH_COMMAND:-bench/cuda/run.sh $args}" <<'PY'
import datetime, json, sys
res, path, nvcc, arch, smi, command = sys.argv[1:]
records = [json.loads(l) for l in open(res) if l.strip()]
doc = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
       "device": records[0]["device"], "nvidia_smi": smi.splitlines(), "nvcc": nvcc,
       "flags": "-O3 -arch=%s -std=c++17" % arch, "command": command, "records": records}
json.dump(doc, open(path, "w"), indent=1)
print("wrote " + path)
PY
