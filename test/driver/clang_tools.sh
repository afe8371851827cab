#!/usr/bin/env bash
# clangd and clang-tidy read C++ AMP sources through the compile_commands.json of a CMake build that uses the
# installed ampcc, each way docs/driver.md gives: the toolchain file, find_package(ampcc) + ampcc_target, and
# ampcc as a plain C++ compiler with a .clangd config and clang-tidy --extra-arg made from
# `ampcc --print-clang-args`. The plain database without those flags must fail ('amp.h' file not found), which
# shows the check can fail.
#   clang_tools.sh BUILD_DIR PROJECT_SOURCE_DIR WORK_DIR
# RUN: bash %s %build_root %src_root %t
set -euo pipefail
build=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
clangd=$(command -v clangd-19) || fail "clangd-19 is not installed (scripts/install-deps.sh installs it)"
tidy=$(command -v clang-tidy-19) || fail "clang-tidy-19 is not installed (scripts/install-deps.sh installs it)"
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" > install.log
ampcc=$prefix/bin/ampcc
project=$src/test/driver/inputs/clang_tools
example=$src/examples/cmake
generator=("Unix Makefiles")
command -v ninja > /dev/null && generator=(Ninja)

# clangd --check and clang-tidy on file $2 with the compile database in $1 (more clang-tidy flags after):
# any error of either tool fails the test.
check_tools() {
  local dir=$1 file=$2
  shift 2
  local name
  name=$(basename "$file")
  "$clangd" --compile-commands-dir="$dir" --check="$file" > "$dir/clangd-$name.log" 2>&1 ||
    { grep '^E\[' "$dir/clangd-$name.log"; fail "clangd --check=$name with $dir"; }
  grep -q "All checks completed, 0 errors" "$dir/clangd-$name.log" || fail "clangd on $name: no verdict"
  "$tidy" -p "$dir" --checks='-*,clang-analyzer-core.*,bugprone-*' "$@" "$file" > "$dir/tidy-$name.log" 2>&1 ||
    { cat "$dir/tidy-$name.log"; fail "clang-tidy on $name with $dir"; }
  if grep -q "error:" "$dir/tidy-$name.log"; then
    cat "$dir/tidy-$name.log"
    fail "clang-tidy errors on $name with $dir"
  fi
}

# $1: a name; $2: the project; then CMake's arguments. Configures and builds with ampcc (the sources are
# valid C++ AMP), leaving compile_commands.json in $work/$1/build.
configure() {
  local name=$1 source=$2
  shift 2
  mkdir -p "$work/$name" && cp -r "$source" "$work/$name/src"
  cmake -S "$work/$name/src" -B "$work/$name/build" -G "${generator[@]}" "$@" > "$work/$name/configure.log" 2>&1 ||
    { cat "$work/$name/configure.log"; fail "$name: configure"; }
  cmake --build "$work/$name/build" > "$work/$name/build.log" 2>&1 ||
    { cat "$work/$name/build.log"; fail "$name: build"; }
  [[ -f $work/$name/build/compile_commands.json ]] || fail "$name: no compile_commands.json"
}

# The toolchain file: ampcc is the compiler in every entry, with the flags of --print-clang-args.
configure toolchain "$project" -DCMAKE_TOOLCHAIN_FILE="$prefix/lib/cmake/ampcc/ampcc-toolchain.cmake"
grep -q '"command": "[^"]*/bin/ampcc ' toolchain/build/compile_commands.json || fail "toolchain: ampcc not in the entry"
check_tools toolchain/build "$work/toolchain/src/tiled.cpp"
configure toolchain-example "$example" -DCMAKE_TOOLCHAIN_FILE="$prefix/lib/cmake/ampcc/ampcc-toolchain.cmake"
check_tools toolchain-example/build "$work/toolchain-example/src/scale.cpp"
check_tools toolchain-example/build "$work/toolchain-example/src/main.cpp"

# The package: the project's compiler in the entries, ampcc as its launcher.
configure package "$project" -DCMAKE_PREFIX_PATH="$prefix"
check_tools package/build "$work/package/src/tiled.cpp"

# ampcc as a plain C++ compiler: the database alone does not do.
configure plain "$project" -DCMAKE_CXX_COMPILER="$ampcc"
if "$clangd" --compile-commands-dir=plain/build --check="$work/plain/src/tiled.cpp" > plain/bare.log 2>&1; then
  fail "clangd read tiled.cpp without ampcc's flags"
fi
grep -q "'amp.h' file not found" plain/bare.log || fail "clangd without ampcc's flags: $(grep '^E\[' plain/bare.log)"
if "$tidy" -p plain/build --checks='-*,clang-analyzer-core.*' "$work/plain/src/tiled.cpp" > plain/bare-tidy.log 2>&1; then
  fail "clang-tidy read tiled.cpp without ampcc's flags"
fi
grep -q "'amp.h' file not found" plain/bare-tidy.log || fail "clang-tidy without ampcc's flags: $(cat plain/bare-tidy.log)"
# With them: a .clangd beside the sources for clangd, --extra-arg for clang-tidy.
read -r -a clang_args <<< "$("$ampcc" --print-clang-args)"
(
  IFS=,
  printf 'CompileFlags:\n  Add: [%s]\n' "${clang_args[*]}"
) > plain/src/.clangd
extra=()
for a in "${clang_args[@]}"; do extra+=("--extra-arg=$a"); done
check_tools plain/build "$work/plain/src/tiled.cpp" "${extra[@]}"
echo "clangd and clang-tidy on C++ AMP sources: all checks passed"
