#!/usr/bin/env bash
# The cost of checked mode (ampcc -fampcc-checked): bench/amp/amp_kernels.cpp built twice, unchecked and
# checked, each case run by both in turn in one run; prints the times and their ratio and writes
# OUT/checked.jsonl.
#   bench/checked.sh [--quick] [--out DIR] [--reps R]
# --quick: small sizes for a CPU device (PoCL). AMPCC picks ampcc, AMPCC_DEVICE the device.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/bench/out quick=0 reps=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --quick) quick=1; shift ;;
    --out) out=$2; shift 2 ;;
    --reps) reps=$2; shift 2 ;;
    *) echo "checked.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$out" && out=$(cd "$out" && pwd)
ampcc=${AMPCC:-$root/build/tools/ampcc/ampcc}
if ((quick)); then
  sizes=(256 512) n=4194304 mintime=0.1; : "${reps:=3}"
else
  sizes=(1024 2048) n=33554432 mintime=0.5; : "${reps:=5}"
fi
bin=$out/checked-bin && rm -rf "$bin" && mkdir -p "$bin"
"$ampcc" -O2 -I "$root/bench/common" "$root/bench/amp/amp_kernels.cpp" -o "$bin/unchecked"
"$ampcc" -O2 -fampcc-checked -I "$root/bench/common" "$root/bench/amp/amp_kernels.cpp" -o "$bin/checked"

res=$out/checked.jsonl
: >"$res"
common=(--reps "$reps" --min-time "$mintime")
seconds() { sed -E 's/.*"seconds": ([0-9.e+-]+).*/\1/' <<<"$1"; }
printf '%-22s %14s %14s %8s\n' case unchecked_s checked_s ratio
one() { # one LABEL ARGS...: both builds, one after the other
  local label=$1
  shift
  local u c
  u=$("$bin/unchecked" "$@" "${common[@]}")
  c=$("$bin/checked" "$@" "${common[@]}")
  echo "${u%\}}, \"variant\": \"unchecked\"}" >>"$res"
  echo "${c%\}}, \"variant\": \"checked\"}" >>"$res"
  local tu tc
  tu=$(seconds "$u") tc=$(seconds "$c")
  printf '%-22s %14.6g %14.6g %8.2f\n' "$label" "$tu" "$tc" "$(echo "$tc / $tu" | bc -l)"
}
one "vadd n=$n" --case vadd --n "$n"
one "saxpy n=$n" --case saxpy --n "$n"
for s in "${sizes[@]}"; do
  one "matmul_simple $s" --case matmul_simple --size "$s"
  one "matmul_tiled $s" --case matmul_tiled --size "$s"
done
one "empty (launch+wait)" --case empty
echo "results in $res"
