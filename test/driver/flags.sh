#!/usr/bin/env bash
# Checks the driver's gcc-like flags: -c and linking .o files, -D/-I, -save-temps, -fsyntax-only,
# --version, and clear errors for bad input.
#   flags.sh AMPCC SOURCE_DIR WORK_DIR
# RUN: bash %s %ampcc_exe %S %t
set -euo pipefail
ampcc=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }

"$ampcc" --version | grep -q '^ampcc ' || fail "--version"

# Separate compilation: two sources compiled with -c, then linked from their objects.
"$ampcc" -c "$src/scale_kernel.cpp" -I"$src/include" -DSCALE=3 -o scale_kernel.o
"$ampcc" -c "$src/scale_main.cpp" -I"$src/include" -O1 -g -Wall
[[ -f scale_main.o ]] || fail "-c without -o writes <stem>.o"
"$ampcc" scale_kernel.o scale_main.o -o scale
[[ $(./scale) == "3 6 9 12" ]] || fail "linked program output: $(./scale)"

# Several sources in one command, with -save-temps keeping the intermediate files.
"$ampcc" -save-temps "$src/scale_kernel.cpp" "$src/scale_main.cpp" -I"$src/include" -DSCALE=2 -o scale2
[[ $(./scale2) == "2 4 6 8" ]] || fail "two-source program output"
[[ -s scale_kernel.ampcc.cl && -s scale_kernel.ampcc.cpp ]] || fail "-save-temps files"
grep -q '__kernel void ampcc_scale_all_scale_kernel_cpp_6(' scale_kernel.ampcc.cl || fail "kept OpenCL C"

# A source whose kernels live in a header: -save-temps keeps the header as the translator rewrote it, in
# <name>.ampcc.tree beside <name>.ampcc.cpp, so the host side compiles elsewhere from the kept files alone.
mkdir -p kept/lib && cat > kept/lib/kernels.h <<'CPP'
#include <amp.h>
inline void twice(concurrency::array_view<int, 1> v) {
  concurrency::parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { v[i] *= 2; });
}
CPP
cat > kept/main.cpp <<'CPP'
#include "lib/kernels.h"
#include <cstdio>
int main() {
  int d[3] = {1, 2, 3};
  concurrency::array_view<int, 1> v(3, d);
  twice(v);
  v.synchronize();
  std::printf("%d %d %d\n", d[0], d[1], d[2]);
}
CPP
"$ampcc" -save-temps kept/main.cpp -o kept_prog || fail "header kernels with -save-temps"
[[ $(./kept_prog) == "2 4 6" ]] || fail "header kernels output: $(./kept_prog)"
tree_main=$(find main.ampcc.tree -name main.cpp | head -n 1)
tree_header=$(find main.ampcc.tree -path '*/lib/kernels.h' | head -n 1)
[[ -n $tree_main && -n $tree_header ]] || fail "no kept tree: $(ls)"
grep -q "ampcc::detail::launch(" "$tree_header" || fail "kept header not rewritten"
# Compiled from the kept tree by the host command ampcc shows (-###), the program links and runs the same.
line=$("$ampcc" -### -c kept/main.cpp -o kept_main.o 2>&1 | grep -m1 '"-D__AMPCC_TRANSLATED__=1"')
eval "cmd=($line)"
for i in "${!cmd[@]}"; do [[ ${cmd[$i]} == *.cpp ]] && cmd[$i]=$tree_main; done
"${cmd[@]}" || fail "compiling the kept tree: ${cmd[*]}"
"$ampcc" kept_main.o -o kept_prog2 && [[ $(./kept_prog2) == "2 4 6" ]] || fail "program from the kept tree"

# C++20, and amp.h is clean under the user's strictest warnings; -v shows the host compiler's commands.
"$ampcc" -std=c++20 -Wall -Wextra -Werror -v "$src/scale_kernel.cpp" "$src/scale_main.cpp" -I"$src/include" \
  -DSCALE=4 -o scale20 2> verbose.err
[[ $(./scale20) == "4 8 12 16" ]] || fail "c++20 program output"
grep -q -- "-std=c++20" verbose.err || fail "-v does not show the host commands"

# Another host compiler, by flag and by environment.
if command -v clang++-19 > /dev/null; then
  "$ampcc" --host-cxx=clang++-19 -v "$src/scale_kernel.cpp" "$src/scale_main.cpp" -I"$src/include" -DSCALE=5 \
    -o scale_clang 2> hostcxx.err
  [[ $(./scale_clang) == "5 10 15 20" ]] || fail "--host-cxx program output"
  grep -q "^clang++-19 " hostcxx.err || fail "--host-cxx not used"
  AMPCC_CXX=clang++-19 "$ampcc" -v -c "$src/scale_main.cpp" -I"$src/include" -o env.o 2> envcxx.err
  grep -q "^clang++-19 " envcxx.err || fail "AMPCC_CXX not used"
fi

# -fsyntax-only writes nothing; -U removes a definition.
"$ampcc" -fsyntax-only "$src/scale_kernel.cpp" -I"$src/include" -DSCALE=2 -o should_not_exist
[[ ! -e should_not_exist ]] || fail "-fsyntax-only wrote output"
if "$ampcc" -fsyntax-only "$src/scale_kernel.cpp" -I"$src/include" -DSCALE=2 -USCALE 2> undef.err; then
  fail "-U did not remove SCALE"
fi
grep -q "scale_kernel.cpp:[0-9]*:[0-9]*: error: use of undeclared identifier 'SCALE'" undef.err || fail "-U error text"

# Bad input: located error, non-zero exit, no crash.
if "$ampcc" "$src/broken.cpp" -o broken 2> broken.err; then fail "broken.cpp compiled"; fi
grep -q "broken.cpp:7:" broken.err || fail "broken.cpp error location: $(cat broken.err)"
if "$ampcc" does_not_exist.cpp 2> missing.err; then fail "missing file accepted"; fi
if "$ampcc" --no-such-flag x.cpp 2> flag.err; then fail "unknown flag accepted"; fi
grep -q "unknown option '--no-such-flag'" flag.err || fail "unknown flag message"
if "$ampcc" -std=c++98 "$src/scale_main.cpp" 2> std.err; then fail "c++98 accepted"; fi
# C++ AMP code written for MSVC's C++11/14 modes is accepted (compiled as C++17).
for std in c++11 c++14 gnu++14; do
  "$ampcc" -std=$std -DSCALE=2 -fsyntax-only "$src/scale_kernel.cpp" -I"$src/include" || fail "-std=$std rejected"
done
# Machine-readable diagnostics from the translator: SARIF, never a crash (Clang's SARIF printer needs its
# writer from the tool).
"$ampcc" -fsyntax-only -Xclang -fdiagnostics-format -Xclang sarif "$src/scale_main.cpp" -I"$src/include" \
  > sarif-ok.out 2>&1 || fail "SARIF on a valid file: $(head -c 300 sarif-ok.out)"
if "$ampcc" -fsyntax-only -Xclang -fdiagnostics-format -Xclang sarif "$src/broken.cpp" > sarif.out 2>&1; then
  fail "broken.cpp accepted with SARIF diagnostics"
fi
python3 - sarif.out <<'PY' || fail "SARIF output: $(head -c 300 sarif.out)"
import json, sys
text = open(sys.argv[1]).read()
doc = json.loads(text[text.index("{"):text.rindex("}") + 1])
result = doc["runs"][0]["results"][0]
assert result["level"] == "error", result
assert result["locations"][0]["physicalLocation"]["region"]["startLine"] == 7, result
PY
echo "driver flags: all checks passed"
