#!/usr/bin/env bash
# Builds the benchmarks from already-translated sources with the system C++ compiler only (no Clang,
# no ampcc: the GPU machine's way), runs every case, and writes OUT/bench.json and OUT/bench.png.
#   bench/run_translated.sh [--quick] [--out DIR] [--src DIR] [--sizes 1024,2048,4096] [--n N] [--reps R]
#                           [--cuda FILE]
# --cuda FILE: the CUDA yardstick's records (OUT/cuda.json of bench/cuda/run.sh), compared case by case in the report.
# SRC defaults to OUT/translated (written by bench/translate.sh). CXX picks the compiler (g++);
# CLBLAST_ROOT (a folder with usr/include and usr/lib/x86_64-linux-gnu, e.g. from `dpkg -x`) adds
# CLBlast, else a system libclblast is used if found, else the CLBlast case is skipped with a note.
# AMPCC_DEVICE (gpu | cpu | <index> | <name substring>) picks the device for both sides.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
args="$*"
out=$root/bench/out src="" quick=0 sizes="" n="" reps="" cuda=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --quick) quick=1; shift ;;
    --out) out=$2; shift 2 ;;
    --src) src=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    --n) n=$2; shift 2 ;;
    --reps) reps=$2; shift 2 ;;
    --cuda) cuda=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift 2 ;;
    *) echo "run_translated.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$out" && out=$(cd "$out" && pwd)
src=$(cd "${src:-$out/translated}" && pwd)
# --quick is for a CPU device (PoCL): small sizes, short repetitions.
if ((quick)); then
  : "${sizes:=256,512}" "${n:=16777216}" "${reps:=3}"; mintime=0.1 e2e=256 cold_runs=3
else
  : "${sizes:=1024,2048,4096}" "${n:=33554432}" "${reps:=5}"; mintime=0.5 e2e=1024 cold_runs=5
fi

# --- Build -------------------------------------------------------------------------------------------
cxx=${CXX:-g++}
bin=$out/bin && rm -rf "$bin" && mkdir -p "$bin/obj"
flags=(-std=c++17 -O2 -I"$root/include" -I"$root/lib" -I"$root/runtime" -include ampcc/posix_names.h -I"$root/bench/common")
objs=()
# The runtime's sources, as runtime/CMakeLists.txt lists them: runtime/, runtime/backend/ and lib/Support/CacheBound.cpp.
for f in "$root"/runtime/*.cpp "$root"/runtime/backend/*.cpp "$root"/lib/Support/CacheBound.cpp; do
  [[ $(basename "$f") == Blas.cpp ]] && continue # ampcc::blas: built with amp_blas below
  o=$bin/obj/$(basename "$f" .cpp).o
  "$cxx" "${flags[@]}" -c "$f" -o "$o" &
  objs+=("$o")
done
wait
ar rcs "$bin/libampcc_rt.a" "${objs[@]}"
progs=()
for f in "$src"/*.ampcc.cpp; do
  name=$(basename "$f" .ampcc.cpp)
  [[ $name == amp_blas ]] && continue # ampcc::blas: built below
  "$cxx" "${flags[@]}" "$f" "$bin/libampcc_rt.a" -lOpenCL -ldl -pthread -o "$bin/$name" &
  progs+=("$name")
done

clblast=() clnote=""
if [[ -n ${CLBLAST_ROOT:-} ]]; then
  cllib=$(dirname "$(find "$CLBLAST_ROOT" -name 'libclblast.so*' | head -n 1)")
  clblast=(-DBENCH_HAVE_CLBLAST -I"$CLBLAST_ROOT/usr/include" -L"$cllib" -lclblast -Wl,-rpath,"$cllib")
elif echo '#include <clblast_c.h>' | "$cxx" -x c++ -E - >/dev/null 2>&1 &&
  echo 'int main(){}' | "$cxx" -x c++ - -lclblast -o "$bin/cltest" 2>/dev/null; then
  clblast=(-DBENCH_HAVE_CLBLAST -lclblast)
else
  clnote="CLBlast not found (set CLBLAST_ROOT): the clblast case is skipped"
  echo "note: $clnote"
fi
"$cxx" "${flags[@]}" "$root/bench/ocl/ocl_bench.cpp" "${clblast[@]}" -lOpenCL -o "$bin/ocl_bench"
if [[ -f $src/amp_blas.ampcc.cpp ]]; then
  # ampcc's BLAS interop: the translated program plus runtime/Blas.cpp, cuBLAS (opened at run time) and, where it is
  # found, the same CLBlast.
  blassrc=("$root/runtime/Blas.cpp" "$root/runtime/blas/CuBlas.cpp" "$root/runtime/blas/CuBlasApi.cpp")
  [[ ${#clblast[@]} -gt 0 ]] && blassrc+=(-DAMPCC_HAVE_CLBLAST=1 "$root/runtime/blas/ClBlast.cpp")
  "$cxx" "${flags[@]}" "$src/amp_blas.ampcc.cpp" "${blassrc[@]}" "$bin/libampcc_rt.a" "${clblast[@]}" \
    -lOpenCL -ldl -pthread -o "$bin/amp_blas"
fi
wait # the C++ AMP programs
for p in amp_kernels amp_e2e; do
  [[ -x $bin/$p ]] || { echo "run_translated.sh: $bin/$p was not built (is $src/$p.ampcc.cpp there?)" >&2; exit 1; }
done

# --- Run ---------------------------------------------------------------------------------------------
res=$out/results.jsonl
: >"$res"
# Runs one case; a failing program (a wrong result exits 3) stops the whole run.
run() { # run VARIANT PROGRAM ARGS...
  local variant=$1
  shift
  local line
  if ! line=$("$@"); then
    echo "FAILED: $* (see the message above)" >&2
    exit 1
  fi
  echo "${line%\}}, \"variant\": \"$variant\"}" | tee -a "$res"
}
common=(--reps "$reps" --min-time "$mintime")
for c in vadd saxpy; do
  run - "$bin/amp_kernels" --case $c --n "$n" "${common[@]}"
  run - "$bin/ocl_bench" --case $c --n "$n" "${common[@]}"
done
run - "$bin/ocl_bench" --case copy --n "$n" "${common[@]}"
for s in ${sizes//,/ }; do
  for c in matmul_simple matmul_tiled; do
    run - "$bin/amp_kernels" --case $c --size "$s" "${common[@]}"
    run - "$bin/ocl_bench" --case $c --size "$s" "${common[@]}"
  done
  [[ ${#clblast[@]} -gt 0 ]] && run - "$bin/ocl_bench" --case clblast --size "$s" "${common[@]}"
  [[ -x $bin/amp_blas && ${#clblast[@]} -gt 0 ]] && run - "$bin/amp_blas" --case blas_gemm --size "$s" "${common[@]}"
  # The same program on the CUDA back end, through cuBLAS, where there is a CUDA driver (variant "cuda").
  [[ -x $bin/amp_blas && -e /dev/nvidiactl ]] &&
    run cuda env AMPCC_BACKEND=cuda "$bin/amp_blas" --case blas_gemm --size "$s" "${common[@]}"
done
run - "$bin/amp_kernels" --case empty "${common[@]}"
run - "$bin/ocl_bench" --case empty "${common[@]}"
# Host loops over array_view / array elements against the same loop over a std::vector (data on the host).
run - "$bin/amp_kernels" --case host_access --n "$n" --reps 9
# A view made in the kernel over its local array (kept in a per-launch scratch buffer) against the array itself.
run - "$bin/amp_kernels" --case local_view --n "$n" --reps 7
# An array made from a vector and copied back, against std::copy of the same bytes.
run - "$bin/amp_kernels" --case array_copies --n "$n" --reps 7
# Cold = the first call in a fresh process. "nocache": no program cache anywhere (ampcc's on-disk
# cache, PoCL's and NVIDIA's kernel caches off), so the OpenCL C compiler runs; "cached": ampcc's
# on-disk cache primed by an earlier process (what a user sees from the second run on; AMPCC_CACHE=1, which PoCL
# needs for it, docs/design/runtime.md).
nocache=(env AMPCC_CACHE=0 POCL_KERNEL_CACHE=0 CUDA_CACHE_DISABLE=1)
cache=$out/ampcc-cache && rm -rf "$cache"
# A program translated with --offload-arch (AMPCC_OFFLOAD_ARCH in bench/translate.sh) embeds device code: its
# "nocache" run uses it where the device takes it, "nocache-source" (AMPCC_DEVICE_CODE=0) builds the OpenCL C.
# The "cached" run loads the disk cache's entry, which only the OpenCL C build path writes and reads.
embedded=0
grep -q "ampcc_device_codes" "$src/amp_e2e.ampcc.cpp" && embedded=1
AMPCC_CACHE=1 AMPCC_DEVICE_CODE=0 AMPCC_CACHE_DIR=$cache "$bin/amp_e2e" --size "$e2e" --reps 1 >/dev/null
for ((i = 0; i < cold_runs; ++i)); do
  run startup "$bin/ocl_bench" --case startup
  run nocache "${nocache[@]}" "$bin/amp_e2e" --size "$e2e" --reps "$reps"
  ((embedded)) && run nocache-source "${nocache[@]}" AMPCC_DEVICE_CODE=0 "$bin/amp_e2e" --size "$e2e" --reps "$reps"
  run nocache "${nocache[@]}" "$bin/ocl_bench" --case e2e --size "$e2e" --reps "$reps"
  run cached env AMPCC_CACHE=1 AMPCC_DEVICE_CODE=0 AMPCC_CACHE_DIR="$cache" "$bin/amp_e2e" --size "$e2e" --reps "$reps"
done

# --- Report ------------------------------------------------------------------------------------------
# The plot needs matplotlib: use a python3 that has it (apt's lands in /usr/bin/python3, which may not be
# the first python3 on PATH), install it where we can (Debian, as root), else report.py skips the PNG.
has_mpl() { "$1" -c 'import matplotlib' 2>/dev/null; }
py=python3
if ! has_mpl python3; then
  if ! has_mpl /usr/bin/python3 && command -v apt-get >/dev/null && [[ $(id -u) == 0 ]]; then
    echo "installing python3-matplotlib for the plot"
    apt-get install -y -q python3-matplotlib >/dev/null 2>&1 ||
      { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q python3-matplotlib >/dev/null 2>&1; } || true
  fi
  has_mpl /usr/bin/python3 && py=/usr/bin/python3
fi
compile=$src/compile.json # compile times, measured where ampcc ran (bench/translate.sh)
[[ -f $compile ]] || compile=""
"$py" "$root/bench/report.py" --results "$res" ${compile:+--compile "$compile"} ${cuda:+--cuda "$cuda"} --out "$out" \
  --command "${BENCH_COMMAND:-bench/run_translated.sh $args}" --quick "$quick" --note "$clnote"
