#!/usr/bin/env bash
# ccache caches ampcc builds: examples/cmake, built with the installed toolchain file and ccache as the compiler
# launcher, is all cache misses the first time; cleaned and built again it is all hits, with the same objects
# and a program that still runs; after a header changes, only the file that includes it misses again. Then
# `ccache ampcc -c` on the command line hits on its second run.
#   ccache.sh BUILD_DIR PROJECT_SOURCE_DIR WORK_DIR
# RUN: bash %s %build_root %src_root %t
set -euo pipefail
build=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
command -v ccache > /dev/null || fail "ccache is not installed (scripts/install-deps.sh installs it)"
# A private cache and no configuration but ours.
export CCACHE_DIR=$work/cache CCACHE_CONFIGPATH=$work/ccache.conf
: > "$CCACHE_CONFIGPATH"
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" > install.log
example=$src/examples/cmake
generator=("Unix Makefiles")
command -v ninja > /dev/null && generator=(Ninja)

# The ccache counter $1 since the last `ccache -z`.
stat() { ccache --print-stats | awk -F'\t' -v k="$1" '$1 == k { print $2 }'; }
hits() { echo $(($(stat direct_cache_hit) + $(stat preprocessed_cache_hit))); }
# Builds, with the counters zeroed first; $1 names the step in messages.
build_step() {
  ccache -z > /dev/null
  cmake --build project/build > "$1.log" 2>&1 || { cat "$1.log"; fail "$1"; }
}

cp -r "$example" project
cmake -S project -B project/build -G "${generator[@]}" -DCMAKE_TOOLCHAIN_FILE="$prefix/lib/cmake/ampcc/ampcc-toolchain.cmake" \
  -DCMAKE_CXX_COMPILER_LAUNCHER=ccache > configure.log 2>&1 || { cat configure.log; fail "configure"; }

build_step "first build"
[[ $(stat cache_miss) == 2 && $(hits) == 0 ]] || fail "first build: $(stat cache_miss) misses, $(hits) hits"
mkdir first && find project/build -name '*.o' -exec cp {} first/ \;
[[ $(ls first | wc -l) == 2 ]] || fail "first build: objects $(ls first)"

cmake --build project/build --target clean > clean.log
[[ -z $(find project/build -name '*.o') ]] || fail "clean left objects"
build_step "second build"
[[ $(hits) == 2 && $(stat cache_miss) == 0 ]] || fail "second build: $(hits) hits, $(stat cache_miss) misses"
for o in first/*.o; do
  cmp -s "$o" "$(find project/build -name "$(basename "$o")")" || fail "cached $(basename "$o") differs"
done
[[ $(project/build/example) == "3 6 9 12 " ]] || fail "program from the cache: $(project/build/example)"

# A change to a header read only by the kernel's file (by the translator and the host compiler): that file
# misses. (A comment alone would be a hit: ccache compares the preprocessed text, ampcc -E.)
echo "inline int changed_helper() { return 1; }" >> project/kernel_math.h
build_step "build after a header change"
[[ $(stat cache_miss) == 1 && $(hits) == 0 ]] || fail "after the change: $(stat cache_miss) misses, $(hits) hits"

# On the command line.
ccache -z > /dev/null
ccache "$prefix/bin/ampcc" -c "$example/scale.cpp" -I"$example" -o one.o
ccache "$prefix/bin/ampcc" -c "$example/scale.cpp" -I"$example" -o two.o
[[ $(hits) == 1 ]] || fail "ccache ampcc -c: $(hits) hits"
cmp -s one.o two.o || fail "ccache ampcc -c: the cached object differs"
echo "ccache: all checks passed"
