#!/usr/bin/env bash
# The shipped preludes (issue 14): amp.h precompiled when ampcc is built or installed, for the default flags,
# serve a machine's very first compile, from any working directory, read only; never where the flags or a
# file could make them read differently (a relative search path, a forced include answered by the working
# directory, a changed or damaged entry), and never named in a dependency file.
#   shipped_prelude.sh AMPCC SOURCE_DIR WORK_DIR [BUILD_PRELUDES]
# BUILD_PRELUDES: the folder the build made (empty when it was configured to make none).
# RUN: bash %s %ampcc_exe %src_root/test %t %shipped_preludes
set -euo pipefail
ampcc=$1 work=$3 built=${4:-}
rm -rf "$work" && mkdir -p "$work/one" "$work/two" && cd "$work"
export AMPCC_PREAMBLE_DIR=$work/cache
unset AMPCC_PREAMBLE AMPCC_PREAMBLE_CACHE_MB AMPCC_SHIPPED_PRELUDES AMPCC_CXX
fail() { echo "shipped prelude: $*"; exit 1; }
note() { grep -E "^# ampcc (translator|host compile): " "$1" || true; }

cat > prog.cpp <<'C'
// a program whose preamble no cache has seen
#include <amp.h>
#include <iostream>
#include <vector>
int main() {
  std::vector<int> v = {1, 2, 3, 4};
  concurrency::array_view<int, 1> a(4, v);
  concurrency::parallel_for_each(a.extent, [=](concurrency::index<1> i) restrict(amp) { a[i] *= 3; });
  a.synchronize();
  std::cout << v[0] + v[1] + v[2] + v[3] << "\n";
}
C
# build LOG [FLAGS...]: a fresh cache, the program built and run from the working directory.
build() {
  local log=$1; shift
  rm -rf "$AMPCC_PREAMBLE_DIR"
  "$ampcc" -v "$@" "$work/prog.cpp" -o prog 2> "$log" || fail "build failed: $(cat "$log")"
  [[ "$(./prog)" == "30" ]] || fail "the program printed $(./prog)"
}
shipped() { # LOG: both sides started from a shipped prelude
  note "$1" | grep -q "translator: shipped precompiled prelude reused" || fail "translator: $(note "$1")"
  note "$1" | grep -q "host compile: host shipped precompiled prelude reused" || fail "host: $(note "$1")"
}
not_shipped() { # LOG
  if note "$1" | grep -q "shipped"; then fail "a shipped prelude was used: $(note "$1")"; fi
}

# 1. The build's own, for its default flags and host compilers, from two working directories.
if [[ -n "$built" ]]; then
  # Made by the ampcc that runs: a relinked ampcc (`--target ampcc` alone) has none until they are made again.
  [[ "$built.stamp" -nt "$ampcc" ]] ||
    fail "the build's shipped preludes are older than $ampcc: build the target ampcc_preludes (or all)"
  for cxx in c++ clang++-19; do
    command -v "$cxx" > /dev/null || continue
    (cd one && AMPCC_CXX=$cxx build log.txt -O2)
    shipped one/log.txt
    (cd two && AMPCC_CXX=$cxx build log.txt)
    shipped two/log.txt
    # The first compile precompiles nothing into the cache (stamps only).
    if ls "$AMPCC_PREAMBLE_DIR" | grep -q -E '\.(pch|gch)$'; then fail "$cxx: the cache got an entry: $(ls "$AMPCC_PREAMBLE_DIR")"; fi
    grep -q "$built" one/log.txt || fail "$cxx: not the build's folder ($built): $(note one/log.txt)"
  done
fi

# 2. A folder of one's own (AMPCC_SHIPPED_PRELUDES), made as the build makes it (AMPCC_PREAMBLE=prelude), for
# other flags. Nothing in it changes when it is used.
flags=(-DSHIPPED_TEST=1 -O1)
AMPCC_PREAMBLE=prelude AMPCC_PREAMBLE_DIR=$work/made AMPCC_SHIPPED_PRELUDES=0 \
  "$ampcc" "${flags[@]}" -fsyntax-only prog.cpp || fail "making the folder failed"
ls made | grep -q '\.pch$' || fail "no translator prelude made: $(ls made)"
ls made | grep -q '\.h\.gch$' || fail "no host prelude made: $(ls made)"
export AMPCC_SHIPPED_PRELUDES=$work/made
before=$(ls -l --full-time made)
(cd one && build log.txt "${flags[@]}")
shipped one/log.txt
[[ "$(ls -l --full-time made)" == "$before" ]] || fail "the shipped folder changed"
grep -q "$work/made/" one/log.txt || fail "not the given folder: $(note one/log.txt)"

# 3. The dependency file lists amp.h and nothing of the shipped folder.
rm -rf "$AMPCC_PREAMBLE_DIR"
"$ampcc" -v "${flags[@]}" -MD -c prog.cpp -o prog.o 2> log.txt || fail "compile with -MD failed: $(cat log.txt)"
shipped log.txt
grep -q "/amp.h" prog.d || fail "the dependency file lacks amp.h: $(cat prog.d)"
if grep -q "$work/made" prog.d; then fail "the dependency file names the shipped folder: $(cat prog.d)"; fi

# 4. Not for other flags, nor where the working directory changes what the flags find: a relative search
# path (a folder made with -Iinc serves compiles from its working directory only), or a forced include that a
# file below the working directory answers.
build log.txt -DSHIPPED_TEST=2 -O1
not_shipped log.txt
mkdir -p inc one/inc
AMPCC_PREAMBLE=prelude AMPCC_PREAMBLE_DIR=$work/made AMPCC_SHIPPED_PRELUDES=0 \
  "$ampcc" "${flags[@]}" -Iinc -fsyntax-only prog.cpp || fail "making the -Iinc prelude failed"
build log.txt "${flags[@]}" -Iinc
shipped log.txt
(cd one && build log.txt "${flags[@]}" -Iinc)
not_shipped one/log.txt
mkdir -p three/ampcc && cp "$2/../include/ampcc/restrict.h" three/ampcc/
(cd three && build log.txt "${flags[@]}")
not_shipped three/log.txt

# 5. Not from an entry cut short or a host entry without its precompiled header; the compile goes on without.
cp -r made damaged
export AMPCC_SHIPPED_PRELUDES=$work/damaged
for f in damaged/*.pch; do truncate -s 100000 "$f"; done
rm damaged/*.h.gch
build log.txt "${flags[@]}"
not_shipped log.txt
note log.txt | grep -q "translator: no precompiled preamble: first translation" || fail "damaged: $(note log.txt)"

# 6. AMPCC_SHIPPED_PRELUDES=0: none.
AMPCC_SHIPPED_PRELUDES=0 build log.txt "${flags[@]}"
not_shipped log.txt
echo "shipped preludes: ok"
