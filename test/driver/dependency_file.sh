#!/usr/bin/env bash
# Checks make-style dependency files: -MD/-MMD with -MF/-MT/-MQ/-MP during a compile and with -fsyntax-only
# (as clang writes them), -M/-MM alone; they list what the translator and the host compiler read, user headers
# under their own names (not the rewritten copies the host compiler read), and -MM/-MMD leave system headers
# out.
#   dependency_file.sh AMPCC SOURCE_DIR WORK_DIR
# RUN: bash %s %ampcc_exe %S %t
set -euo pipefail
ampcc=$1 src=$2 work=$3
in=$src/inputs
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
# The prerequisites of a dependency file, one a line, continuation backslashes gone.
prereqs() { sed -e 's/\\$//' "$1" | tr ' ' '\n' | grep -v ':$' | grep -v '^$' || true; }

# As CMake's Ninja and Makefile generators ask for it.
"$ampcc" -MD -MT obj/k.o -MF obj/k.o.d -c "$src/scale_kernel.cpp" -I"$src/include" -DSCALE=3 -o k.o 2> md.err &&
  fail "-MF into a missing directory succeeded"
grep -q "ampcc: error: cannot write the dependency file 'obj/k.o.d'" md.err || fail "missing directory message"
mkdir obj
"$ampcc" -MD -MT obj/k.o -MF obj/k.o.d -c "$src/scale_kernel.cpp" -I"$src/include" -DSCALE=3 -o obj/k.o
head -1 obj/k.o.d | grep -q '^obj/k.o: .*scale_kernel.cpp' || fail "target line: $(head -1 obj/k.o.d)"
prereqs obj/k.o.d > md.list
grep -qx "$src/include/scale.h" md.list || fail "user header missing"
grep -q '/amp.h$' md.list || fail "amp.h missing (read by both compilers)"
grep -q '/c++/[0-9]*/vector$' md.list || fail "system header missing under -MD"
# The host compiler's own headers (gcc's stddef.h) and the translator's (Clang's) are both listed.
grep -q '/gcc/.*/include/std[a-z]*\.h$' md.list || fail "host compiler's headers missing"
grep -q '/clang/[0-9]*/include/' md.list || fail "translator's headers missing"
[[ $(sort md.list | uniq -d | wc -l) -eq 0 ]] || fail "a file listed twice"

# -MMD: no system headers; default file name from -o; -MP phony targets; -MQ quotes for make.
"$ampcc" -MMD -MP -MQ 'the $target' -c "$src/scale_kernel.cpp" -I"$src/include" -DSCALE=3 -o mmd.o
[[ -f mmd.d ]] || fail "-MMD default dependency file name"
head -1 mmd.d | grep -q '^the\\ \$\$target: ' || fail "-MQ quoting: $(head -1 mmd.d)"
prereqs mmd.d > mmd.list
grep -qx "$src/include/scale.h" mmd.list || fail "-MMD user header"
grep -q '/amp.h$\|/usr/include' mmd.list && fail "-MMD listed a system header"
grep -qx "$src/include/scale.h:" mmd.d || fail "-MP phony target"

# A user header with amp code is read by the host compiler as a rewritten copy in a temporary tree: the
# dependency file names the user's file, never the copy.
"$ampcc" -MMD -c "$in/uses_header.cpp" -o uses_header.o
prereqs uses_header.d > uses.list
grep -qx "$in/amp_header.h" uses.list || fail "rewritten header not listed under its name: $(cat uses.list)"
grep -q 'ampcc-host' uses_header.d && fail "temporary copy listed: $(cat uses_header.d)"

# -M and -MM: the rule alone, on stdout or into -MF / -o; nothing compiled.
"$ampcc" -MM "$src/scale_kernel.cpp" -I"$src/include" -DSCALE=3 > mm.out
head -1 mm.out | grep -q '^scale_kernel.o: ' || fail "-MM default target: $(head -1 mm.out)"
grep -q 'scale.h' mm.out || fail "-MM user header"
[[ ! -e scale_kernel.o ]] || fail "-MM compiled"
"$ampcc" -M "$src/scale_kernel.cpp" -I"$src/include" -DSCALE=3 -MF m.d
grep -q '/amp.h' m.d || fail "-M lists system headers"

# -fsyntax-only with -MD/-MMD writes the dependency file, as clang does (clang++ -fsyntax-only -MD): -MF, else
# the name of -o with .d, else <stem>.d here; the target is -o, else <stem>.o. Nothing else is written. The
# host compiler checks the host side, so its headers are listed too.
"$ampcc" -fsyntax-only -MD -MF syntax.d "$src/scale_kernel.cpp" -I"$src/include" -DSCALE=3
head -1 syntax.d | grep -q '^scale_kernel.o: .*scale_kernel.cpp' || fail "-fsyntax-only -MD target: $(head -1 syntax.d)"
prereqs syntax.d > syntax.list
grep -qx "$src/include/scale.h" syntax.list || fail "-fsyntax-only -MD: user header missing"
grep -q '/gcc/.*/include/std[a-z]*\.h$' syntax.list || fail "-fsyntax-only -MD: host compiler's headers missing"
grep -q '/clang/[0-9]*/include/' syntax.list || fail "-fsyntax-only -MD: translator's headers missing"
[[ ! -e scale_kernel.o ]] || fail "-fsyntax-only wrote an object"
mkdir syntax && (cd syntax && "$ampcc" -fsyntax-only -MMD "$src/scale_kernel.cpp" -I"$src/include" -DSCALE=3)
[[ $(ls syntax) == scale_kernel.d ]] || fail "-fsyntax-only -MMD wrote: $(ls syntax)"
grep -q '/amp.h\|/usr/include' syntax/scale_kernel.d && fail "-fsyntax-only -MMD listed a system header"
"$ampcc" -fsyntax-only -MMD "$src/scale_kernel.cpp" -I"$src/include" -DSCALE=3 -o syntax/named.o
head -1 syntax/named.d | grep -q '^syntax/named.o: ' || fail "-fsyntax-only -MMD -o: $(ls syntax)"
# On a file without kernels ampcc writes what clang writes, but for the spelling of the prerequisites (ampcc
# names them by absolute path).
mkdir plain && printf '#include "plain.h"\nint main() { return PLAIN; }\n' > plain/plain.cpp
echo '#define PLAIN 0' > plain/plain.h
for tool in "$ampcc" clang++-19; do
  out=$(basename "$tool")
  "$tool" -fsyntax-only -MMD -MP -MF "$out.d" plain/plain.cpp -o plain/plain.o
  "$tool" -fsyntax-only -MMD plain/plain.cpp -o plain/$out.o
done
relative() { sed -e 's/ \\$//' -e "s|$PWD/||g" "$1" | tr -s ' \n' ' '; }
diff <(relative ampcc.d) <(relative clang++-19.d) || fail "-fsyntax-only -MMD -MP -MF: ampcc and clang differ"
diff <(relative plain/ampcc.d | sed 's/ampcc.o/X.o/') <(relative plain/clang++-19.d | sed 's/clang++-19.o/X.o/') ||
  fail "-fsyntax-only -MMD -o: ampcc and clang differ"
if "$ampcc" -fsyntax-only -MD -MF broken-syntax.d "$src/broken.cpp" 2> /dev/null; then fail "broken.cpp passed"; fi
[[ ! -e broken-syntax.d ]] || fail "dependency file of a failed -fsyntax-only"

# A failing compile writes no dependency file.
if "$ampcc" -MD -c "$src/broken.cpp" -o broken.o 2> /dev/null; then fail "broken.cpp compiled"; fi
[[ ! -e broken.d ]] || fail "dependency file of a failed compile"
echo "dependency files: all checks passed"
