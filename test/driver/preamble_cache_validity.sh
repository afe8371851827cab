#!/usr/bin/env bash
# Precompiled preambles and the prelude (issue 14) are used only where the compile without them would read the
# same thing: a header rewritten within the same second as the entry was made, an entry cut short (a full disk,
# a copy interrupted), and a header of the user's own, found through -isystem, that defines a macro amp.h reads
# before the source includes amp.h. Each program prints what it saw; each build is compared with
# AMPCC_PREAMBLE=0.
#   preamble_cache_validity.sh AMPCC SOURCE_DIR WORK_DIR
# RUN: bash %s %ampcc_exe %src_root/test %t
set -euo pipefail
ampcc=$1 work=$3
rm -rf "$work" && mkdir -p "$work/sys" && cd "$work"
export AMPCC_PREAMBLE_DIR=$work/cache
unset AMPCC_PREAMBLE AMPCC_PREAMBLE_CACHE_MB
export AMPCC_SHIPPED_PRELUDES=0 # the cache's own behaviour (shipped_prelude.sh tests those)
fail() { echo "preamble cache validity: $*"; exit 1; }
note() { grep -E "^# ampcc (translator|host compile): " "$1" || true; }

# 1. A system header changed twice within one second, with the same size: the entry made from the first text
# must not serve the second (a file's time is compared to the nanosecond).
cat > conf.cpp <<'C'
#include <amp.h>
#include <conf.h>
#include <cstdio>
int main() {
  std::vector<int> v(4, 0);
  concurrency::array_view<int, 1> a(4, v);
  concurrency::parallel_for_each(a.extent, [=](concurrency::index<1> i) restrict(amp) { a[i] = CONF; });
  a.synchronize();
  std::printf("%d %d\n", CONF, v[3]);
}
C
conf() { # VALUE TIME
  echo "#define CONF $1" > sys/conf.h
  touch -d "$2" sys/conf.h
}
for cxx in c++ clang++-19; do
  command -v "$cxx" > /dev/null || continue
  rm -rf cache
  conf 1 "2026-01-01 10:00:00.100"
  for i in 1 2; do AMPCC_CXX=$cxx "$ampcc" -isystem sys conf.cpp -o conf || fail "$cxx: build $i failed"; done
  [[ "$(./conf)" == "1 1" ]] || fail "$cxx: the first header's program printed $(./conf)"
  conf 2 "2026-01-01 10:00:00.900"
  AMPCC_CXX=$cxx "$ampcc" -v -isystem sys conf.cpp -o conf 2> log.txt || fail "$cxx: rebuild failed: $(cat log.txt)"
  [[ "$(./conf)" == "2 2" ]] || fail "$cxx: a header rewritten in the same second: the program printed $(./conf): $(note log.txt)"
done

# 2. Entries cut short: the translator's and the host compiler's are made again, not read.
for cxx in c++ clang++-19; do
  command -v "$cxx" > /dev/null || continue
  rm -rf cache
  conf 3 "2026-01-01 10:00:01"
  for i in 1 2; do AMPCC_CXX=$cxx "$ampcc" -isystem sys conf.cpp -o conf || fail "$cxx: build $i failed"; done
  for f in cache/*.pch cache/*.gch; do
    [[ -e "$f" ]] && truncate -s 100000 "$f"
  done
  AMPCC_CXX=$cxx "$ampcc" -v -isystem sys conf.cpp -o conf 2> log.txt ||
    fail "$cxx: a build from entries cut short failed: $(cat log.txt)"
  [[ "$(./conf)" == "3 3" ]] || fail "$cxx: from entries cut short the program printed $(./conf)"
  note log.txt | grep -q "reused" && fail "$cxx: an entry cut short was reused: $(note log.txt)"
  AMPCC_CXX=$cxx "$ampcc" -v -isystem sys conf.cpp -o conf 2> log.txt || fail "$cxx: rebuild failed: $(cat log.txt)"
  [[ "$(note log.txt | grep -c reused)" == 2 ]] || fail "$cxx: the entries made again are not reused: $(note log.txt)"
done

# 3. A header of the user's own before <amp.h> that defines a macro amp.h reads (checked mode): the prelude
# would parse amp.h before it. Three sources with different preambles, so that the third would be served by the
# prelude; each must still throw on an access out of bounds.
printf '#pragma once\n#define AMPCC_CHECKED 1\n' > sys/projconf.h
for h in cstdio cstdlib cstring; do
  cat > checked_$h.cpp <<C
#include <projconf.h>
#include <amp.h>
#include <$h>
#include <cstdio>
int main() {
  std::vector<int> v(4);
  concurrency::array_view<int, 1> a(4, v);
  try {
    a[7] = 1;
    std::printf("unchecked\n");
  } catch (std::exception &) {
    std::printf("checked\n");
  }
}
C
  "$ampcc" -v -isystem sys checked_$h.cpp -o checked_$h 2> log.txt || fail "checked_$h.cpp: $(cat log.txt)"
  [[ "$(./checked_$h 2>&1)" == "checked" ]] ||
    fail "checked_$h.cpp: the macro its first header defines was not seen by amp.h: $(note log.txt)"
done
note log.txt | grep -q "prelude" && fail "a header of the user's own before amp.h got the prelude: $(note log.txt)"
# 4. A dependency file (-MD) from the entries lists what the compile without them lists, the host compiler's own
# headers (GCC's stddef.h, held in its precompiled header) included, and no file of the cache.
deps() { tr ' ' '\n' < "$1" | grep -v -E '^(\\|.*:)?$' | sort -u; }
for cxx in c++ clang++-19; do
  command -v "$cxx" > /dev/null || continue
  rm -rf cache
  AMPCC_PREAMBLE=0 AMPCC_CXX=$cxx "$ampcc" -isystem sys -MD -MF off.d -c conf.cpp -o conf.o || fail "$cxx: -MD failed"
  for i in 1 2 3; do
    AMPCC_CXX=$cxx "$ampcc" -v -isystem sys -MD -MF on.d -c conf.cpp -o conf.o 2> log.txt || fail "$cxx: -MD $i failed"
  done
  [[ "$(note log.txt | grep -c reused)" == 2 ]] || fail "$cxx: -MD: $(note log.txt)"
  diff <(deps off.d) <(deps on.d) > diff.txt || fail "$cxx: the dependency file differs from the entries: $(cat diff.txt)"
done
# 5. A source and a header with kernels that start with a UTF-8 byte order mark (as editors on Windows save them),
# with and without the caches: the host compiler must not meet the mark after ampcc's #line.
printf '\xEF\xBB\xBF#pragma once\ninline int twice(int x) restrict(amp, cpu) { return 2 * x; }\n' > bom.h
printf '\xEF\xBB\xBF' > bom.cpp
cat >> bom.cpp <<'C'
#include <amp.h>
#include <cstdio>
#include "bom.h"
int main() {
  std::vector<int> v(4, 5);
  concurrency::array_view<int, 1> a(4, v);
  concurrency::parallel_for_each(a.extent, [=](concurrency::index<1> i) restrict(amp) { a[i] = twice(a[i]); });
  a.synchronize();
  std::printf("%d\n", v[0] + v[3]);
}
C
for policy in 0 "" ""; do
  AMPCC_PREAMBLE=$policy "$ampcc" bom.cpp -o bom 2> log.txt || fail "a source with a byte order mark: $(cat log.txt)"
  [[ "$(./bom)" == "20" ]] || fail "a source with a byte order mark printed $(./bom)"
done
# 6. An error in a header of the preamble found through a relative -isystem folder names the header as found
# (sys/tmpl.h), as without the entry; the precompiled header keeps absolute paths.
printf '#pragma once\ntemplate <class T> int member(T t) { return t.nope; }\n' > sys/tmpl.h
printf '#include <amp.h>\n#include <tmpl.h>\nint main() { return member(3); }\n' > tmpl.cpp
rm -rf cache
AMPCC_PREAMBLE=0 "$ampcc" -isystem sys -c tmpl.cpp -o tmpl.o 2> expected.txt && fail "tmpl.cpp compiled"
for i in 1 2 3; do
  "$ampcc" -v -isystem sys -c tmpl.cpp -o tmpl.o 2> log.txt && fail "tmpl.cpp compiled from the entries"
done
note log.txt | grep -q "translator: precompiled preamble reused" || fail "tmpl.cpp: $(note log.txt)"
grep -v -E "^(# ampcc|ampcc [0-9])" log.txt > got.txt
diff expected.txt got.txt > diff.txt || fail "an error in a header found by a relative path: $(cat diff.txt)"
echo "preamble cache validity: OK"
