#!/usr/bin/env bash
# Checks that the driver reads gcc/clang flags through Clang's option table: -###, -v, response files, -x c++,
# -E, -S, -std variants, language flags that define macros for the kernels too (-fopenmp, -march), link flags,
# -shared libraries with kernels (linked and dlopen'ed), and clear errors for flags it cannot honour.
#   command_line.sh AMPCC SOURCE_DIR WORK_DIR
# RUN: bash %s %ampcc_exe %S %t
set -euo pipefail
ampcc=$1 src=$2 work=$3
in=$src/inputs
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }

# -### prints the translator step and the host commands, and runs none of them.
"$ampcc" -### -c "$src/scale_kernel.cpp" -I"$src/include" -DSCALE=3 -o k.o 2> hash.err
[[ ! -e k.o ]] || fail "-### wrote an object"
grep -q '^# ampcc translator (in process, Clang .*): "clang" .*"-fsyntax-only" ".*scale_kernel.cpp"' hash.err ||
  fail "-### translator line: $(cat hash.err)"
grep -q '^ "c++" .*"-c" .*"-o" "k.o"' hash.err || fail "-### host line: $(cat hash.err)"
# -v shows the translator step as it runs.
"$ampcc" -v -fsyntax-only "$src/scale_kernel.cpp" -I"$src/include" -DSCALE=3 2> v.err
grep -q '^# ampcc translator .* SCALE=3 .*scale_kernel.cpp' v.err || fail "-v translator line: $(cat v.err)"

# Response files: every flag inside is read as on the command line (the source is translated, so it runs).
printf -- '-I%s/include -DSCALE=3\n-o "rsp prog"\n' "$src" > flags.rsp
"$ampcc" @flags.rsp "$src/scale_kernel.cpp" "$src/scale_main.cpp"
[[ $(./"rsp prog") == "3 6 9 12" ]] || fail "response file program output"
if "$ampcc" @missing.rsp "$src/scale_main.cpp" 2> rsp.err; then fail "missing response file accepted"; fi
grep -q "ampcc: error: cannot read the response file 'missing.rsp'" rsp.err || fail "missing rsp: $(cat rsp.err)"

# -x c++ makes any file name a C++ source.
cp "$src/scale_kernel.cpp" kernel.amp
"$ampcc" -x c++ -c kernel.amp -I"$src/include" -DSCALE=2 -o kernel_amp.o
nm -C kernel_amp.o > kernel_amp.syms
grep -q 'scale_all(' kernel_amp.syms || fail "-x c++ object"
if "$ampcc" -x c -c kernel.amp 2> xc.err; then fail "-x c accepted"; fi
grep -q "ampcc compiles C++ only; '-x c' given for 'kernel.amp'" xc.err || fail "-x c message: $(cat xc.err)"

# -E: the file as the translator parses it (restriction specifiers become the ampcc_restrict attribute).
"$ampcc" -E "$src/scale_kernel.cpp" -I"$src/include" -DSCALE=3 -o kernel.ii
grep -q 'ampcc_restrict("amp")' kernel.ii || fail "-E output is not the translator's view"
# Specifiers the restrict pragma rewrites (before an exception specification hidden in a macro) print as written
# attributes, and a restrict(amp) function's type convention with them.
printf '#define NOEX noexcept\nint f() restrict(cpu) NOEX;\nint f() restrict(amp) NOEX;\n' > pragma_spelled.cpp
"$ampcc" -E pragma_spelled.cpp -o pragma_spelled.ii
grep -q 'noexcept __attribute__((ampcc_restrict("cpu")))' pragma_spelled.ii || fail "-E of the pragma: $(cat pragma_spelled.ii)"
grep -q '__attribute__((preserve_most)) *__attribute__((ampcc_restrict("amp")))' pragma_spelled.ii ||
  fail "-E of the amp type: $(cat pragma_spelled.ii)"
# (Into a file: grep -q leaving a pipe early would fail the writer under pipefail.)
"$ampcc" -E -dM "$in/avx2_only.cpp" -march=haswell > macros.txt
grep -q '#define __AVX2__ 1' macros.txt || fail "-E -dM -march"

# -Wp, and -Xpreprocessor are preprocessor flags: the translator sees their macros.
"$ampcc" -Wp,-D__AVX2__ -fsyntax-only "$in/avx2_only.cpp" || fail "-Wp,-D did not reach the translator"
"$ampcc" -Xpreprocessor -D__AVX2__ -c "$in/avx2_only.cpp" -o wp.o || fail "-Xpreprocessor -D"

# -S writes the host assembly.
"$ampcc" -S "$src/scale_kernel.cpp" -I"$src/include" -DSCALE=3
grep -q '\.text' scale_kernel.s || fail "-S output"

# Language standards: C++11 to C++20, gnu++ variants; older and newer ones are refused by name.
for std in c++11 c++14 c++17 c++20 gnu++11 gnu++14 gnu++17 gnu++20 c++2a; do
  "$ampcc" -std=$std -fsyntax-only "$src/scale_kernel.cpp" -I"$src/include" -DSCALE=1 || fail "-std=$std"
done
if "$ampcc" -std=c++23 -fsyntax-only "$src/scale_main.cpp" 2> std.err; then fail "c++23 accepted"; fi
grep -q "unsupported language standard 'c++23'" std.err || fail "c++23 message"

# -f/-m flags reach the translator: a kernel under #ifdef _OPENMP is translated, <omp.h> is found, and
# -march defines __AVX2__ for the translator as for the host compiler.
"$ampcc" -fopenmp "$in/openmp_kernel.cpp" -o openmp
[[ $(./openmp) == "openmp 40 1" ]] || fail "-fopenmp program output: $(./openmp)"
"$ampcc" -march=haswell -fsyntax-only "$in/avx2_only.cpp" || fail "-march=haswell did not reach the translator"
"$ampcc" -march=haswell -c "$in/avx2_only.cpp" -o avx2.o || fail "-march=haswell did not reach the host compiler"

# Link flags: -Wl, and -Xlinker reach the linker.
"$ampcc" "$src/scale_kernel.cpp" "$src/scale_main.cpp" -I"$src/include" -DSCALE=1 -Wl,-Map,wl.map \
  -Xlinker -Map -Xlinker xl.map -o linkflags
[[ -s wl.map || -s xl.map ]] || fail "-Wl,/-Xlinker map files"
grep -q ampcc_rt xl.map || fail "-Xlinker -Map"

# -shared -fPIC: a library with kernels in one command, used by a linked program and through dlopen.
"$ampcc" -shared -fPIC "$in/shared_scale.cpp" -o libscale.so
c++ "$in/shared_user.cpp" -L. -lscale -Wl,-rpath,"$PWD" -o linked_user
[[ $(./linked_user) == "linked 20" ]] || fail "program linked with the kernel library: $(./linked_user)"
c++ -DUSE_DLOPEN "$in/shared_user.cpp" -ldl -o dlopen_user
[[ $(./dlopen_user "$PWD/libscale.so") == "dlopen 30" ]] || fail "dlopen'ed kernel library"

# -fdiagnostics-format=sarif reaches the translator: one SARIF document with the error and its line.
if "$ampcc" -fdiagnostics-format=sarif -fsyntax-only "$src/broken.cpp" > sarif.out 2>&1; then fail "broken.cpp accepted"; fi
python3 - sarif.out <<'PY' || fail "SARIF output: $(head -c 300 sarif.out)"
import json, sys
text = open(sys.argv[1]).read()
result = json.loads(text[text.index("{"):text.rindex("}") + 1])["runs"][0]["results"][0]
assert result["level"] == "error" and result["locations"][0]["physicalLocation"]["region"]["startLine"] == 7, result
PY

# --print-clang-args: with these flags a plain Clang reads a C++ AMP source (what clangd and clang-tidy need).
clang_args=$("$ampcc" --print-clang-args)
# shellcheck disable=SC2086
clang++-19 -std=c++17 -fsyntax-only $clang_args -I"$src/include" -DSCALE=2 "$src/scale_kernel.cpp" ||
  fail "clang++ with --print-clang-args"

# Flags ampcc cannot honour are refused by name, with Clang's suggestion when there is one.
if "$ampcc" -fsyntax-onlyy "$src/scale_main.cpp" 2> typo.err; then fail "misspelt flag accepted"; fi
grep -q "ampcc: error: unknown option '-fsyntax-onlyy'; did you mean '-fsyntax-only'?" typo.err || fail "$(cat typo.err)"
if "$ampcc" -emit-llvm -c "$src/scale_main.cpp" 2> action.err; then fail "-emit-llvm accepted"; fi
grep -q "ampcc: error: '-emit-llvm' is not supported" action.err || fail "-emit-llvm message: $(cat action.err)"
if "$ampcc" -MG -M "$src/scale_main.cpp" 2> mg.err; then fail "-MG accepted"; fi
grep -q "ampcc: error: '-MG' is not supported" mg.err || fail "-MG message"
for flag in -E -c -M; do
  if "$ampcc" $flag no_such_file.cpp 2> nofile.err; then fail "$flag on a missing file succeeded"; fi
  [[ $(cat nofile.err) == "ampcc: error: no such file: 'no_such_file.cpp'" ]] || fail "$flag missing file: $(cat nofile.err)"
done
if "$ampcc" -c 2> none.err; then fail "no input accepted"; fi
grep -q "ampcc: error: no input files" none.err || fail "no input message"
# The host compiler sees the source under its own name, with kernels or without: __FILE__ and the host's
# messages name it, not the temporary copy ampcc compiles.
printf '#include <cstdio>\nint main() { std::puts(__FILE__); }\n' > no_kernels.cpp
"$ampcc" no_kernels.cpp -o no_kernels
[[ $(./no_kernels) == */no_kernels.cpp ]] || fail "__FILE__ in a source without kernels: $(./no_kernels)"
# (An error inside a standard template is the host compiler's to find when the translator parses the headers
# itself: it skips their function bodies.)
printf '#include <algorithm>\nstruct S {};\nint main() { S a[2]; std::sort(a, a + 2); }\n' > host_error.cpp
AMPCC_PREAMBLE=0 "$ampcc" -c host_error.cpp 2> host_error.txt && fail "host_error.cpp compiled"
grep -q "host_error\.cpp:3:" host_error.txt || fail "the error does not name the source: $(cat host_error.txt)"

echo "driver command line: all checks passed"
