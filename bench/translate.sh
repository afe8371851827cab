#!/usr/bin/env bash
# Translates the C++ AMP benchmark programs with ampcc (-save-temps) into OUT/translated, and times
# `ampcc -c` against g++/clang++ -c on the seed's tiled matrix multiply (OUT/translated/compile.json).
#   bench/translate.sh [--out DIR]        AMPCC picks the ampcc binary (default build/tools/ampcc/ampcc)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/bench/out
while [[ $# -gt 0 ]]; do
  case $1 in
    --out) out=$2; shift 2 ;;
    *) echo "translate.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$out" && out=$(cd "$out" && pwd)
ampcc=${AMPCC:-$root/build/tools/ampcc/ampcc}
if [[ ! -x $ampcc ]]; then
  echo "translate.sh: no ampcc at $ampcc (run scripts/build.sh, or set AMPCC)" >&2
  exit 1
fi
tr=$out/translated
rm -rf "$tr" && mkdir -p "$tr"
# -save-temps writes <stem>.ampcc.{cpp,cl} into the current directory.
cd "$tr"
for src in "$root"/bench/amp/*.cpp; do
  stem=$(basename "$src" .cpp)
  # -ffp-contract=fast: the hand-written OpenCL C it is compared with fuses multiply-adds (OpenCL's default);
  # ampcc's kernels do only when allowed (docs/design/kernel-identity-and-launch.md, "Floating point").
  "$ampcc" -O2 -ffp-contract=fast -save-temps ${AMPCC_OFFLOAD_ARCH:+--offload-arch=$AMPCC_OFFLOAD_ARCH} \
    -I "$root/bench/common" -c "$src" -o "$stem.o"
  rm -f "$stem.o"
done

# Compile time: the same sample through ampcc (translate + host compile) and through the host
# compilers alone on ampcc's translated output, with the flags ampcc passes (see `ampcc -v`).
sample=$root/test/e2e/seed_matmul_tiled.cpp
ct=$out/compile-work && rm -rf "$ct" && mkdir -p "$ct" && cd "$ct"
"$ampcc" -O2 -save-temps -c "$sample" -o sample.o
host=(-std=c++17 -D__AMPCC__=1 -isystem "$root/include" -include ampcc/posix_names.h -include ampcc/restrict.h -O2 -c seed_matmul_tiled.ampcc.cpp -o host.o)
syntax=(-std=c++17 -D__AMPCC__=1 -isystem "$root/include" -include ampcc/posix_names.h -include ampcc/restrict.h -fsyntax-only seed_matmul_tiled.ampcc.cpp)
median_time() { # median wall time of 5 runs of "$@", in seconds
  local ts=()
  for _ in 1 2 3 4 5; do
    local s e
    s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N)
    ts+=("$(echo "$e - $s" | bc -l)")
  done
  printf '%.4f\n' "$(printf '%s\n' "${ts[@]}" | sort -g | sed -n 3p)"
}
t_ampcc=$(median_time "$ampcc" -O2 -c "$sample" -o sample.o)
t_emit=$(median_time "$ampcc" --emit-opencl "$sample")
t_syntax=$(median_time "$ampcc" -fsyntax-only "$sample")
t_gxx=$(median_time g++ "${host[@]}")
# Prefer the Clang that ampcc is built on (19), so both sides use the same front end.
clangxx=$(command -v clang++-19 || command -v clang++ || true)
t_clang=null
t_clang_syntax=null
if [[ -n $clangxx ]]; then
  t_clang=$(median_time "$clangxx" "${host[@]}")
  t_clang_syntax=$(median_time "$clangxx" "${syntax[@]}")
fi
gxx_ver=$(g++ -dumpfullversion)
clang_ver=$([[ -n $clangxx ]] && "$clangxx" --version | head -n 1 || true)
cat > "$tr/compile.json" <<JSON
{"case": "compile", "sample": "test/e2e/seed_matmul_tiled.cpp", "flags": "-O2",
 "ampcc_c_seconds": $t_ampcc, "ampcc_emit_opencl_seconds": $t_emit,
 "ampcc_fsyntax_only_seconds": $t_syntax, "clangxx_fsyntax_only_seconds": $t_clang_syntax,
 "gxx_c_seconds": $t_gxx, "clangxx_c_seconds": $t_clang,
 "gxx_version": "$gxx_ver", "clangxx_version": "$clang_ver",
 "note": "g++/clang++ compile ampcc's translated host source (seed_matmul_tiled.ampcc.cpp) with the flags ampcc uses; ampcc -c = translation + that host compile (ampcc's host compiler is c++)"}
JSON
cd "$root" && rm -rf "$ct"
echo "translated into $tr"
