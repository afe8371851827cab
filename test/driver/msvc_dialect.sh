#!/usr/bin/env bash
# -fampcc-msvc, the switch for code written for Visual Studio: its flags (MSVC's dialect as clang-cl reads it and
# `-include ampcc/msvc.h`) reach the translator and the host compile, a GCC host compiler gives way to Clang and -v
# says so; the same from the installed CMake toolchain file (-DAMPCC_MSVC=ON, with clangd reading the code through
# compile_commands.json) and package (ampcc_target(<target> MSVC)). The program is test/e2e/msvc_dialect.cpp.
#   msvc_dialect.sh BUILD_DIR PROJECT_SOURCE_DIR WORK_DIR
# RUN: bash %s %build_root %src_root %t
set -euo pipefail
build=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
ampcc=$build/tools/ampcc/ampcc
program=$src/test/e2e/msvc_dialect.cpp
expected="total 1036 max 328 min 11 root 1.41421 args 1"
c++ --version | grep -q "Free Software Foundation" || fail "the default host compiler c++ is not GCC"

# The translator's and the host compiler's commands of `ampcc -### ARGS -c $program`, one per line.
commands() {
  "$ampcc" -### "$@" -c "$program" -o x.o 2> hash.txt || fail "ampcc -### $*"
  grep '^# ampcc translator' hash.txt > translator.txt || fail "no translator command: $(cat hash.txt)"
  grep -- '"-D__AMPCC_TRANSLATED__=1"' hash.txt > host.txt || fail "no host command: $(cat hash.txt)"
}
# The switch is its flags, and what Clang's MSVC mode leaves out of GNU's environment, for both compilers.
commands -fampcc-msvc
for flag in -fms-compatibility -fms-extensions -fdelayed-template-parsing -fms-compatibility-version=19.00 \
  ampcc/msvc.h -fgnuc-version=4.2.1 -D__EXCEPTIONS=1 -D__STRICT_ANSI__=1; do
  grep -q -- "\"$flag\"" translator.txt || fail "translator without $flag: $(cat translator.txt)"
  grep -q -- "\"$flag\"" host.txt || fail "host compile without $flag: $(cat host.txt)"
done
grep -q '^ "[^"]*clang++[^"]*"' host.txt || fail "GCC host compiler kept for MSVC's dialect: $(cat host.txt)"
# Any one of the flags alone moves a GCC host compiler to Clang; a Clang host compiler stays; none, nothing moves.
commands --host-cxx=g++ -fdelayed-template-parsing
grep -q '^ "[^"]*clang++[^"]*"' host.txt || fail "-fdelayed-template-parsing kept g++: $(cat host.txt)"
commands --host-cxx=g++ -fms-compatibility-version=19.00
grep -q '^ "[^"]*clang++[^"]*"' host.txt || fail "-fms-compatibility-version kept g++: $(cat host.txt)"
commands --host-cxx=clang++-19 -fampcc-msvc
grep -q '^ "clang++-19"' host.txt || fail "--host-cxx=clang++-19 not kept: $(cat host.txt)"
commands --host-cxx=g++ -fms-extensions -fno-ms-extensions
grep -q '^ "g++"' host.txt || fail "g++ not kept with -fno-ms-extensions last: $(cat host.txt)"
commands
grep -q '^ "c++"' host.txt || fail "default host compiler without MSVC's dialect: $(cat host.txt)"

# -v says which compiler compiles the host side and why; the program runs. (-fno-delayed-template-parsing: see
# the program's first lines.)
"$ampcc" -v -fampcc-msvc -fno-delayed-template-parsing -O2 "$program" -o prog 2> verbose.txt ||
  { cat verbose.txt; fail "build with -fampcc-msvc"; }
grep -q "c++ is GCC, which cannot read MSVC's C++ dialect (-fms-compatibility): the host compiler is .*clang++" \
  verbose.txt || fail "-v does not say the host compiler moved: $(grep '^#' verbose.txt)"
[[ $(./prog) == "$expected" ]] || fail "program output: $(./prog)"

# The flags tools need, the switch's with them.
args=$("$ampcc" -fampcc-msvc --print-clang-args)
[[ $args == *"-include ampcc/clang_tools.h -fms-compatibility -fms-extensions -fdelayed-template-parsing"* &&
  $args == *"-include ampcc/msvc.h -idirafter "*"/include/ampcc/msvc -fgnuc-version=4.2.1"* ]] ||
  fail "--print-clang-args: $args"

# From the installed tree: the toolchain file with -DAMPCC_MSVC=ON, the package with ampcc_target(... MSVC).
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" > install.log
generator=("Unix Makefiles")
command -v ninja > /dev/null && generator=(Ninja)
for mode in toolchain package; do
  dir=$work/$mode
  mkdir -p "$dir" && cp -r "$src/test/driver/inputs/msvc" "$dir/src" && cp "$program" "$dir/src/main.cpp"
  if [[ $mode == toolchain ]]; then
    how=(-DCMAKE_TOOLCHAIN_FILE="$prefix/lib/cmake/ampcc/ampcc-toolchain.cmake" -DAMPCC_MSVC=ON)
  else
    how=(-DCMAKE_PREFIX_PATH="$prefix")
  fi
  cmake -S "$dir/src" -B "$dir/build" -G "${generator[@]}" "${how[@]}" > "$dir/configure.log" 2>&1 ||
    { cat "$dir/configure.log"; fail "$mode configure"; }
  cmake --build "$dir/build" > "$dir/build.log" 2>&1 || { cat "$dir/build.log"; fail "$mode build"; }
  [[ $("$dir/build/msvc_app") == "$expected" ]] || fail "$mode program output: $("$dir/build/msvc_app")"
  grep -q -- "-fms-compatibility .*-include ampcc/msvc.h" "$dir/build/compile_commands.json" ||
    fail "$mode: compile_commands.json without MSVC's dialect"
  # clangd reads the code as ampcc does, through the compile database. (Its per-location checks are left out: the
  # tweak that spells out an `auto` fails on one whose type depends on a template parameter, whatever the flags.)
  if command -v clangd-19 > /dev/null; then
    clangd-19 --compile-commands-dir="$dir/build" --check="$dir/src/main.cpp" --check-locations=false \
      > "$dir/clangd.log" 2>&1 ||
      { grep '^E\[' "$dir/clangd.log"; fail "$mode: clangd --check"; }
    grep -q "All checks completed, 0 errors" "$dir/clangd.log" || fail "$mode: clangd found errors"
  fi
done
echo "MSVC dialect: all checks passed"
