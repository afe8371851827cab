#!/usr/bin/env bash
# Finishes a build on a machine without Clang: compiles the ampcc runtime and every translated host
# source (<name>.ampcc.cpp, written by `ampcc -save-temps`) in SRC_DIR with the system C++ compiler.
#   scripts/build-translated.sh SRC_DIR OUT_DIR
# CXX picks the compiler; CLBLAST_ROOT (a folder with usr/include and usr/lib/...) adds CLBlast to ampcc::blas (cuBLAS
# is always there, opened at run time).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
src=$1 out=$2
cxx=${CXX:-c++}
mkdir -p "$out/obj"
# The same forced includes as the ampcc driver gives the host compiler, in its order: posix_names.h must come
# before any system header (cilk/ampcc_cilk.h includes <cstring>, which would declare glibc's index()).
flags=(-std=c++17 -O2 -I"$root/include" -include ampcc/posix_names.h -include ampcc/restrict.h -include cilk/ampcc_cilk.h)
# -fopenmp: host `_Cilk_for` loops run in parallel through `_Pragma("omp parallel for")`.
# ampcc::blas: cuBLAS on the CUDA back end (opened at run time: nothing to build against), CLBlast on OpenCL when
# CLBLAST_ROOT is set.
blasflags=() cllink=()
if [[ -n ${CLBLAST_ROOT:-} ]]; then
  cllib=$(dirname "$(find "$CLBLAST_ROOT" -name 'libclblast.so*' | head -n 1)")
  blasflags=(-DAMPCC_HAVE_CLBLAST=1 -I"$CLBLAST_ROOT/usr/include")
  "$cxx" "${flags[@]}" "${blasflags[@]}" -I"$root/runtime" -c "$root/runtime/blas/ClBlast.cpp" -o "$out/obj/ClBlast.o"
  cllink=("$out/obj/ClBlast.o" -L"$cllib" -lclblast -Wl,-rpath,"$cllib")
fi
for f in Blas blas/CuBlas blas/CuBlasApi; do
  "$cxx" "${flags[@]}" "${blasflags[@]}" -I"$root/runtime" -c "$root/runtime/$f.cpp" -o "$out/obj/$(basename $f).o"
done
blas=("$out/obj/Blas.o" "$out/obj/CuBlas.o" "$out/obj/CuBlasApi.o" "${cllink[@]}")
objs=()
# The runtime's sources, as runtime/CMakeLists.txt lists them: runtime/, its back ends (runtime/backend/) and
# lib/Support/CacheBound.cpp (the caches' bound, shared with the translator).
for f in "$root"/runtime/*.cpp "$root"/runtime/backend/*.cpp "$root"/lib/Support/CacheBound.cpp; do
  [[ $(basename "$f") == Blas.cpp ]] && continue
  o="$out/obj/$(basename "$f" .cpp).o"
  "$cxx" "${flags[@]}" -I"$root/lib" -I"$root/runtime" -c "$f" -o "$o" &
  objs+=("$o")
done
wait
ar rcs "$out/libampcc_rt.a" "${objs[@]}"
for f in "$src"/*.ampcc.cpp; do
  name=$(basename "$f" .ampcc.cpp)
  # A source whose kernels live in its headers: ampcc -save-temps kept the rewritten headers and the source in
  # <name>.ampcc.tree (at their absolute paths under it); the source there includes them.
  if [[ -d $src/$name.ampcc.tree ]]; then
    f=$(find "$src/$name.ampcc.tree" -type f \( -name "$name.cpp" -o -name "$name.cc" -o -name "$name.cxx" \) | head -n 1)
  fi
  # One compile a processor.
  while (($(jobs -rp | wc -l) >= $(nproc))); do wait -n; done
  rm -f "$out/$name.failed"
  # <name>.flags: macros the ampcc command line gave the host compile (-fampcc-checked: -DAMPCC_CHECKED=1).
  extra=()
  [[ -f $src/$name.flags ]] && { read -r -a extra <"$src/$name.flags" || true; }
  { "$cxx" "${flags[@]}" "${extra[@]}" -D__AMPCC_TRANSLATED__=1 ${CLBLAST_ROOT:+-I"$CLBLAST_ROOT/usr/include"} -fopenmp "$f" "${blas[@]}" \
      "$out/libampcc_rt.a" -lOpenCL -ldl -pthread -o "$out/$name" || touch "$out/$name.failed"; } &
done
wait
if compgen -G "$out/*.failed" > /dev/null; then
  echo "build-translated.sh: these failed to compile: $(cd "$out" && ls *.failed | sed 's/\.failed$//' | tr '\n' ' ')" >&2
  exit 1
fi
echo "built into $out"
