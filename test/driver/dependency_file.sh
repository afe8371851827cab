#!/usr/bin/env bash
# Checks make-style dependency files: -MD/-MMD with -MF/-MT/-MQ/-MP during a compile, -M/-MM alone; they list
# what the translator and the host compiler read, user headers under their own names (not the rewritten
# copies the host compiler read), and -MM/-MMD leave system headers out.
#   dependency_file.sh AMPCC SOURCE_DIR WORK_DIR
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

# A failing compile writes no dependency file.
if "$ampcc" -MD -c "$src/broken.cpp" -o broken.o 2> /dev/null; then fail "broken.cpp compiled"; fi
[[ ! -e broken.d ]] || fail "dependency file of a failed compile"
echo "dependency files: all checks passed"
