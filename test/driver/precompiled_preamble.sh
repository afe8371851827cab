#!/usr/bin/env bash
# Precompiled preambles (issue 14): the system headers a source starts with are precompiled on the second
# translation of that preamble (with those flags, from any source), for the translator and for the host
# compiler, reused while every file they read is unchanged, and never change what a program does or where a
# diagnostic points.
#   precompiled_preamble.sh AMPCC SOURCE_DIR WORK_DIR
# RUN: bash %s %ampcc_exe %src_root/test %t
set -euo pipefail
ampcc=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work/sys" "$work/user" && cd "$work"
export AMPCC_PREAMBLE_DIR=$work/cache
unset AMPCC_PREAMBLE AMPCC_PREAMBLE_CACHE_MB
export AMPCC_SHIPPED_PRELUDES=0 # the cache's own behaviour (shipped_prelude.sh tests those)
fail() { echo "precompiled preamble: $*"; exit 1; }
note() { grep -E "^# ampcc (translator|host compile): " "$1" || true; }

# A system header (found through -isystem) whose value the host code and the kernel both use.
cat > sys/scale.h <<'H'
#pragma once
const int scale_factor = 3;
H
cat > user/helper.h <<'H'
#pragma once
inline int helper() { return 1; }
H
cat > scaled.cpp <<'C'
// A kernel and host code that both read a system header of the preamble.
#include <amp.h>
#include <iostream>   // a comment after an include is part of the preamble
/* a block comment */
#include <scale.h>
using namespace concurrency;
int main() {
  int v[4] = {1, 2, 3, 4};
  array_view<int, 1> a(4, v);
  parallel_for_each(a.extent, [=](index<1> i) restrict(amp) { a[i] *= scale_factor; });
  a.synchronize();
  std::cout << v[0] + v[1] + v[2] + v[3] << " " << scale_factor << "\n";
}
C
build() { "$ampcc" -v -isystem sys "$@" scaled.cpp -o scaled 2> log.txt || fail "build failed: $(cat log.txt)"; }

# First translation: nothing precompiled, a stamp only. Second: both precompiled. Third: both reused.
build
note log.txt | grep -q "first translation of this preamble" || fail "first build: $(note log.txt)"
[[ "$(./scaled)" == "30 3" ]] || fail "first build's program: $(./scaled)"
build
note log.txt | grep -q "translator: precompiled preamble built" || fail "second build: $(note log.txt)"
note log.txt | grep -q "host compile: host precompiled preamble built" || fail "second build, host: $(note log.txt)"
[[ "$(./scaled)" == "30 3" ]] || fail "second build's program: $(./scaled)"
build
note log.txt | grep -q "translator: precompiled preamble reused" || fail "third build: $(note log.txt)"
note log.txt | grep -q "host compile: host precompiled preamble reused" || fail "third build, host: $(note log.txt)"
[[ "$(./scaled)" == "30 3" ]] || fail "third build's program: $(./scaled)"

# A header of the preamble changes: both are precompiled again, and the program sees the new value.
sleep 1
sed -i 's/= 3;/= 5;/' sys/scale.h
build
note log.txt | grep -q "translator: precompiled preamble built" || fail "after the change: $(note log.txt)"
note log.txt | grep -q "host compile: host precompiled preamble built" || fail "after the change, host: $(note log.txt)"
[[ "$(./scaled)" == "50 5" ]] || fail "a stale preamble was used: $(./scaled)"

# A dependency file lists the preamble's headers, and nothing of the cache or the compile's temporaries.
"$ampcc" -isystem sys -MD -MF scaled.d -c scaled.cpp -o scaled.o 2> log.txt || fail "-MD: $(cat log.txt)"
grep -q "sys/scale.h" scaled.d || fail "the preamble's header is not a dependency: $(cat scaled.d)"
grep -q "amp.h" scaled.d || fail "amp.h is not a dependency: $(cat scaled.d)"
if grep -q "$AMPCC_PREAMBLE_DIR\|ampcc-preamble-" scaled.d; then fail "a cache file is a dependency: $(cat scaled.d)"; fi

# A diagnostic after the preamble points where it does without one, word for word.
sed 's/a\[i\] \*= scale_factor;/a[i] *= undeclared_name;/' scaled.cpp > broken.cpp
for i in 1 2 3; do "$ampcc" -isystem sys -fsyntax-only broken.cpp 2> broken.$i.txt && fail "broken.cpp compiled"; done
AMPCC_PREAMBLE=0 "$ampcc" -isystem sys -fsyntax-only broken.cpp 2> broken.off.txt && fail "broken.cpp compiled"
grep -q "broken.cpp:10:.*undeclared_name" broken.3.txt || fail "no located error: $(cat broken.3.txt)"
diff broken.off.txt broken.3.txt || fail "the diagnostics differ with the precompiled preamble"

# An error inside a standard template the source instantiates (std::sort of a type without <): its include stack
# and instantiation name the source and its lines, never a cache's or temporary file. The translation from a
# precompiled preamble reports it (Clang's words, the same from the entry's builder and its user); one that
# parses the headers itself skips the standard library's function bodies, and the host compiler reports it.
cat > sort_error.cpp <<'C'
#include <amp.h>
#include <algorithm>
#include <vector>
struct no_less { int v; };
int main() {
  std::vector<no_less> x(3);
  std::sort(x.begin(), x.end());
}
C
for i in 1 2 3; do "$ampcc" -fsyntax-only sort_error.cpp 2> sort.$i.txt && fail "sort_error.cpp compiled"; done
AMPCC_PREAMBLE=0 "$ampcc" -fsyntax-only sort_error.cpp 2> sort.off.txt && fail "sort_error.cpp compiled"
for f in sort.1.txt sort.3.txt sort.off.txt; do
  grep -Eq "^(In file included )?[[:space:]]*from ([^ ]*/)?sort_error\.cpp:1[:,]" $f || fail "no include stack naming the source in $f: $(head -5 $f)"
  grep -q "sort_error\.cpp:7:" $f || fail "the instantiation is not located at the call in $f: $(cat $f)"
  if grep -Eq "$AMPCC_PREAMBLE_DIR|ampcc-preamble|sort_error-[a-z0-9]+\.cpp" $f; then fail "$f names a cache or temporary file"; fi
done
diff sort.2.txt sort.3.txt || fail "the diagnostics differ between the preamble's builder and its user"

# A source without kernels gets both too: its host source is the source after a `#line` naming it.
printf '#include <amp.h>\n#include <cstdio>\nint main() { std::puts(__FILE__); }\n' > plain.cpp
for i in 1 2 3; do "$ampcc" -v plain.cpp -o plain 2> plain.$i.txt || fail "plain.cpp: $(cat plain.$i.txt)"; done
note plain.3.txt | grep -q "translator: precompiled preamble reused" || fail "no kernels: $(note plain.3.txt)"
note plain.3.txt | grep -q "host compile: host precompiled preamble reused" || fail "no kernels, host: $(note plain.3.txt)"
[[ "$(./plain)" == */plain.cpp ]] || fail "__FILE__ of a source without kernels: $(./plain)"

# One entry serves every source with the same preamble and flags: another source's first translation uses
# the ones scaled.cpp's builds made, for the translator and for the host compiler.
sed 's/std::cout << /std::cout << "other " << /' scaled.cpp > other.cpp
"$ampcc" -v -isystem sys other.cpp -o other 2> log.txt || fail "other.cpp: $(cat log.txt)"
note log.txt | grep -q "translator: precompiled preamble reused" || fail "other source: $(note log.txt)"
note log.txt | grep -q "host compile: host precompiled preamble reused" || fail "other source, host: $(note log.txt)"
[[ "$(./other)" == "other 50 5" ]] || fail "other source's program: $(./other)"

# A diagnostic in a header the preamble includes on its second line, from an entry another source made: the
# include stack names this source and its line, word for word as without a preamble.
cat > texel_ok.cpp <<'C'
#include <amp.h>
#include <amp_graphics.h>
int main() { return 0; }
C
cat > texel_error.cpp <<'C'
#include <amp.h>
#include <amp_graphics.h>
using namespace concurrency::graphics;
void g(texture<int_2, 1> &t) {
  parallel_for_each(t.extent, [&t](concurrency::index<1> i) restrict(amp) { t.set(i, int_2(1, 2)); });
}
int main() { return 0; }
C
AMPCC_PREAMBLE=always "$ampcc" -fsyntax-only texel_ok.cpp 2> log.txt || fail "texel_ok.cpp: $(cat log.txt)"
AMPCC_PREAMBLE=always "$ampcc" -v -fsyntax-only texel_error.cpp 2> texel.on.txt && fail "texel_error.cpp compiled"
note texel.on.txt | grep -q "translator: precompiled preamble reused" || fail "texel_error: $(note texel.on.txt)"
AMPCC_PREAMBLE=0 "$ampcc" -fsyntax-only texel_error.cpp 2> texel.off.txt && fail "texel_error.cpp compiled"
grep -q "In file included from .*texel_error.cpp:2:" texel.off.txt || fail "no include stack: $(head texel.off.txt)"
diff texel.off.txt <(grep -v "^# ampcc\|^ampcc [0-9]" texel.on.txt) || fail "the include stacks differ with another source's preamble"

# The source line quoted under an error is the user's, `restrict(amp)` as written, from a preamble or not (the
# translator parses it respelled for Clang, Frontend/AmpSource).
cat > quoted.cpp <<'C'
#include <amp.h>
void f(concurrency::array_view<int, 1> a) {
  parallel_for_each(a.extent, [=](concurrency::index<1> i) restrict(amp) { a[i] = undeclared_name; });
}
C
for mode in 0 always; do
  AMPCC_PREAMBLE=$mode "$ampcc" -fsyntax-only quoted.cpp 2> quoted.$mode.txt && fail "quoted.cpp compiled"
  grep -q "^    3 | .*\[=\](concurrency::index<1> i) restrict(amp) { a\[i\] = undeclared_name; });" quoted.$mode.txt ||
    fail "AMPCC_PREAMBLE=$mode: the quoted line is not the source's: $(cat quoted.$mode.txt)"
done

# A header from a -I directory stops the preamble: the user's headers are rewritten for the host.
printf '#include <helper.h>\n#include <amp.h>\nint main() { return helper() - 1; }\n' > user_first.cpp
for i in 1 2; do "$ampcc" -v -I user user_first.cpp -o user_first 2> log.txt || fail "$(cat log.txt)"; done
note log.txt | grep -q "does not start with #include <...> of system headers" || fail "user header: $(note log.txt)"
./user_first || fail "user_first failed"

# Off, nothing is precompiled.
AMPCC_PREAMBLE=0 "$ampcc" -v -isystem sys scaled.cpp -o scaled 2> log.txt || fail "$(cat log.txt)"
note log.txt | grep -q "AMPCC_PREAMBLE is off" || fail "off: $(note log.txt)"

# Two compiles at once of a source precompiled for the first time both succeed.
rm -rf "$AMPCC_PREAMBLE_DIR"
AMPCC_PREAMBLE=always "$ampcc" -isystem sys -c scaled.cpp -o p1.o 2> p1.txt & p1=$!
AMPCC_PREAMBLE=always "$ampcc" -isystem sys -c scaled.cpp -o p2.o 2> p2.txt & p2=$!
wait $p1 || fail "concurrent compile 1: $(cat p1.txt)"
wait $p2 || fail "concurrent compile 2: $(cat p2.txt)"

# Over its budget the cache keeps only the newest entry; builds still work.
AMPCC_PREAMBLE=always AMPCC_PREAMBLE_CACHE_MB=1 "$ampcc" -isystem sys -c broken.cpp -fsyntax-only 2> /dev/null || true
AMPCC_PREAMBLE=always AMPCC_PREAMBLE_CACHE_MB=1 "$ampcc" -isystem sys scaled.cpp -o scaled 2> log.txt ||
  fail "$(cat log.txt)"
[[ "$(./scaled)" == "50 5" ]] || fail "budget build's program: $(./scaled)"
n=$(ls "$AMPCC_PREAMBLE_DIR" | grep -c '\.pch$' || true)
[[ $n -le 2 ]] || fail "the cache kept $n entries over its budget: $(ls "$AMPCC_PREAMBLE_DIR")"
echo "precompiled preamble: all checks passed"
