#!/usr/bin/env bash
# The cost of the bounds guards: bench/amp/amp_kernels.cpp translated three times, unchecked, checked
# (ampcc -fampcc-checked) and with Direct3D's bounds behaviour (ampcc -fampcc-directcompute-bounds), all built with
# the system compiler and each case run by the three in turn in one run; prints the times and their ratios to the
# unchecked build and writes OUT/checked.jsonl.
#   bench/checked.sh [--quick] [--out DIR] [--reps R] [--src DIR]
# --quick: small sizes for a CPU device (PoCL). --src DIR: use the translated sources already in DIR (written
# by an earlier run into OUT/checked-src) instead of running ampcc, as on a GPU machine without Clang.
# AMPCC picks ampcc, CXX the compiler (g++), AMPCC_DEVICE the device.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/bench/out quick=0 reps="" src=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --quick) quick=1; shift ;;
    --out) out=$2; shift 2 ;;
    --reps) reps=$2; shift 2 ;;
    --src) src=$2; shift 2 ;;
    *) echo "checked.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$out" && out=$(cd "$out" && pwd)
if ((quick)); then
  sizes=(256 512) n=4194304 mintime=0.1; : "${reps:=3}"
else
  sizes=(1024 2048 4096) n=33554432 mintime=0.5; : "${reps:=5}"
fi

if [[ -z $src ]]; then
  ampcc=${AMPCC:-$root/build/tools/ampcc/ampcc}
  src=$out/checked-src && rm -rf "$src" && mkdir -p "$src"
  # -save-temps writes amp_kernels.ampcc.cpp into the current directory.
  for variant in unchecked checked directcompute; do
    flag=()
    [[ $variant == checked ]] && flag=(-fampcc-checked)
    [[ $variant == directcompute ]] && flag=(-fampcc-directcompute-bounds)
    (cd "$src" && "$ampcc" -O2 "${flag[@]}" -save-temps -I "$root/bench/common" -c "$root/bench/amp/amp_kernels.cpp" \
      -o amp_kernels.o && mv amp_kernels.ampcc.cpp "$variant.ampcc.cpp" && rm -f amp_kernels.ampcc.cl amp_kernels.o)
  done
fi
src=$(cd "$src" && pwd)

cxx=${CXX:-g++}
bin=$out/checked-bin && rm -rf "$bin" && mkdir -p "$bin/obj"
# The flags ampcc gives the host compiler; checked mode's host checks need AMPCC_CHECKED as well (the host code
# does not read AMPCC_DIRECTCOMPUTE_BOUNDS; it is defined as ampcc defines it).
flags=(-std=c++17 -O2 -I"$root/include" -I"$root/runtime" -include ampcc/posix_names.h -include ampcc/restrict.h -I"$root/bench/common")
objs=()
for f in "$root"/runtime/*.cpp "$root"/runtime/backend/*.cpp; do
  [[ $(basename "$f") == Blas.cpp ]] && continue
  o=$bin/obj/$(basename "$f" .cpp).o
  "$cxx" "${flags[@]}" -c "$f" -o "$o" &
  objs+=("$o")
done
wait
ar rcs "$bin/libampcc_rt.a" "${objs[@]}"
"$cxx" "${flags[@]}" "$src/unchecked.ampcc.cpp" "$bin/libampcc_rt.a" -lOpenCL -ldl -pthread -o "$bin/unchecked"
"$cxx" "${flags[@]}" -DAMPCC_CHECKED=1 "$src/checked.ampcc.cpp" "$bin/libampcc_rt.a" -lOpenCL -ldl -pthread -o "$bin/checked"
"$cxx" "${flags[@]}" -DAMPCC_DIRECTCOMPUTE_BOUNDS=1 "$src/directcompute.ampcc.cpp" "$bin/libampcc_rt.a" -lOpenCL -ldl -pthread \
  -o "$bin/directcompute"

res=$out/checked.jsonl
: >"$res"
common=(--reps "$reps" --min-time "$mintime")
field() { sed -E "s/.*\"$1\": ([0-9.eE+-]+).*/\\1/" <<<"$2"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b / a }'; }
printf '%-24s %13s %13s %13s %9s %9s\n' case unchecked_s checked_s d3dbounds_s checked/u d3dbounds/u
one() { # one LABEL ARGS...: the three builds, one after the other
  local label=$1
  shift
  local u c d
  u=$("$bin/unchecked" "$@" "${common[@]}")
  c=$("$bin/checked" "$@" "${common[@]}")
  d=$("$bin/directcompute" "$@" "${common[@]}")
  echo "${u%\}}, \"variant\": \"unchecked\"}" >>"$res"
  echo "${c%\}}, \"variant\": \"checked\"}" >>"$res"
  echo "${d%\}}, \"variant\": \"directcompute\"}" >>"$res"
  local key
  for key in seconds batched_seconds; do
    grep -q "\"$key\"" <<<"$u" || continue
    local tu tc td
    tu=$(field "$key" "$u") tc=$(field "$key" "$c") td=$(field "$key" "$d")
    local name=$label
    [[ $key == batched_seconds ]] && name="$label, batched"
    printf '%-24s %13.6g %13.6g %13.6g %9s %9s\n' "$name" "$tu" "$tc" "$td" "$(ratio "$tu" "$tc")" "$(ratio "$tu" "$td")"
  done
}
one "vadd n=$n" --case vadd --n "$n"
one "saxpy n=$n" --case saxpy --n "$n"
for s in "${sizes[@]}"; do
  one "matmul_simple $s" --case matmul_simple --size "$s"
  one "matmul_tiled $s" --case matmul_tiled --size "$s"
done
one "empty launch+wait" --case empty
echo "device: $(sed -E 's/.*"device": "([^"]*)".*/\1/' <<<"$(head -n 1 "$res")"); results in $res"
