#!/usr/bin/env bash
# The prelude (issue 14): amp.h, precompiled by the translator and by the host compiler on its second use with
# a set of flags, serves every later source that includes <amp.h> among the system headers it starts with, in
# any folder and whatever else its preamble includes, without changing what a program does, what a diagnostic
# says or what a dependency file lists.
#   precompiled_prelude.sh AMPCC SOURCE_DIR WORK_DIR
# RUN: bash %s %ampcc_exe %src_root/test %t
set -euo pipefail
ampcc=$1 work=$3
rm -rf "$work" && mkdir -p "$work/four" && cd "$work"
export AMPCC_PREAMBLE_DIR=$work/cache
unset AMPCC_PREAMBLE AMPCC_PREAMBLE_CACHE_MB
export AMPCC_SHIPPED_PRELUDES=0 # the cache's own behaviour (shipped_prelude.sh tests those)
fail() { echo "precompiled prelude: $*"; exit 1; }
note() { grep -E "^# ampcc host compile: " "$1" || true; }
tnote() { grep -E "^# ampcc translator: " "$1" || true; }

# The same program under three preambles: amp.h first, amp.h after another header, amp.h last.
program() {
  cat <<'C'
using namespace concurrency;
int main() {
  std::vector<int> v = {1, 2, 3, 4};
  array_view<int, 1> a(4, v);
  parallel_for_each(a.extent, [=](index<1> i) restrict(amp) { a[i] *= 3; });
  a.synchronize();
  std::cout << v[0] + v[1] + v[2] + v[3] << "\n";
}
C
}
# Sources whose preambles differ (so that the translator's own precompiled preamble, made on a preamble's
# second translation, never serves them): SOURCE HEADER... writes SOURCE with those #include <...> lines.
source() {
  local s=$1; shift
  mkdir -p "$(dirname "$s")"
  { printf '// a comment\n'; printf '#include <%s>\n' "$@"; program; } > "$s"
}
source one/a.cpp amp.h iostream vector
source two/b.cpp vector amp.h iostream
source three/c.cpp iostream vector cmath amp.h
# amp.h after a header of the user's own: no prelude (the preamble ends at the user's header).
printf '#pragma once\n#include <vector>\n' > four/mine.h
{ printf '#include "mine.h"\n#include <amp.h>\n#include <iostream>\n'; program; } > four/d.cpp

build() { # SOURCE [FLAGS...]
  local s=$1; shift
  "$ampcc" -v "$@" "$s" -o "${s%.cpp}" 2> log.txt || fail "build of $s failed: $(cat log.txt)"
  [[ "$("${s%.cpp}")" == "30" ]] || fail "$s's program printed $("${s%.cpp}")"
}

build one/a.cpp
note log.txt | grep -q "the prelude's first use with these flags" || fail "first source: $(note log.txt)"
tnote log.txt | grep -q "no precompiled preamble: first translation" || fail "first source: $(tnote log.txt)"
build two/b.cpp
note log.txt | grep -q "host precompiled prelude built" || fail "second source: $(note log.txt)"
tnote log.txt | grep -q "translator: precompiled prelude built" || fail "second source: $(tnote log.txt)"
build three/c.cpp
note log.txt | grep -q "host precompiled prelude reused" || fail "third source: $(note log.txt)"
tnote log.txt | grep -q "translator: precompiled prelude reused" || fail "third source: $(tnote log.txt)"

# Diagnostics from the prelude read as without it: an error inside amp.h names the source's line that
# includes amp.h (line 3 here), not the prelude's copy.
mkdir -p bad
cat > bad/e.cpp <<'C'
// errors in amp.h and in the source
#include <vector>
#include <amp.h>
struct NotTrivial { virtual ~NotTrivial() {} int x; };
int main() {
  concurrency::index<2> i(1, 2, 3);
  std::vector<NotTrivial> v(4);
  concurrency::array_view<NotTrivial, 1> a(4, v);
}
C
AMPCC_PREAMBLE=0 "$ampcc" -fsyntax-only bad/e.cpp 2> expected.txt && fail "bad/e.cpp compiled"
"$ampcc" -v -fsyntax-only bad/e.cpp 2> log.txt && fail "bad/e.cpp compiled from the prelude"
tnote log.txt | grep -q "translator: precompiled prelude reused" || fail "bad/e.cpp: $(tnote log.txt)"
grep -v -E "^(# ampcc|ampcc [0-9])" log.txt > got.txt
grep -q "In file included from .*bad/e.cpp:3:" got.txt || fail "no include line for amp.h: $(cat got.txt)"
diff expected.txt got.txt > /dev/null || fail "diagnostics differ from the prelude: $(diff expected.txt got.txt)"
build four/d.cpp
note log.txt | grep -q "does not include <amp.h>" || fail "a user header first: $(note log.txt)"

# A syntax check with the same flags reuses it; other flags make a prelude of their own.
source five/e.cpp amp.h iostream vector cstdio
"$ampcc" -v -fsyntax-only five/e.cpp 2> log.txt || fail "syntax check failed: $(cat log.txt)"
note log.txt | grep -q "host precompiled prelude reused" || fail "syntax check: $(note log.txt)"
build one/a.cpp -DOTHER_FLAGS=1
note log.txt | grep -q "the prelude's first use with these flags" || fail "other flags: $(note log.txt)"

# The dependency file names amp.h, which the prelude read, and nothing of the cache.
source six/f.cpp amp.h iostream vector cstring
"$ampcc" -v -MD -c six/f.cpp -o six/f.o 2> log.txt || fail "compile with -MD failed: $(cat log.txt)"
note log.txt | grep -q "host precompiled prelude reused" || fail "compile with -MD: $(note log.txt)"
grep -q "/amp.h" six/f.d || fail "the dependency file lacks amp.h: $(cat six/f.d)"
if grep -q "$AMPCC_PREAMBLE_DIR" six/f.d; then fail "the dependency file names the cache: $(cat six/f.d)"; fi

# Clang as the host compiler: the same, with its own prelude.
if command -v clang++-19 > /dev/null; then
  export AMPCC_CXX=clang++-19
  source clang/a.cpp amp.h iostream vector climits
  source clang/b.cpp amp.h iostream vector cfloat
  source clang/c.cpp amp.h iostream vector cstdlib
  build clang/a.cpp
  note log.txt | grep -q "the prelude's first use with these flags" || fail "clang, first source: $(note log.txt)"
  build clang/b.cpp
  note log.txt | grep -q "host precompiled prelude built" || fail "clang, second source: $(note log.txt)"
  build clang/c.cpp
  note log.txt | grep -q "host precompiled prelude reused" || fail "clang, third source: $(note log.txt)"
fi
