#!/usr/bin/env bash
# Installs ampcc (`cmake --install`) and builds examples/cmake from the installed tree both ways: with the
# toolchain file (ampcc is the project's C++ compiler) and with find_package(ampcc) + ampcc_target, each with
# Ninja and with Makefiles. After a build, touching a header rebuilds exactly the objects that include it.
# Then: pkg-config ampcc-runtime links a program compiled with ampcc -c. (clangd and clang-tidy on the
# compile database: clang_tools.sh; ccache: ccache.sh.)
#   cmake_package.sh BUILD_DIR EXAMPLE_DIR WORK_DIR
# RUN: bash %s %build_root %src_root/examples/cmake %t
set -euo pipefail
build=$1 example=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" > install.log
toolchain=$prefix/lib/cmake/ampcc/ampcc-toolchain.cmake
[[ -f $toolchain && -f $prefix/lib/cmake/ampcc/ampccConfig.cmake && -x $prefix/bin/ampcc ]] || fail "install tree"

generators=("Unix Makefiles")
command -v ninja > /dev/null && generators+=(Ninja)

# The objects rebuilt after touching header $2 in project $1, as sorted source names.
rebuilt_after_touch() {
  local dir=$1 header=$2
  sleep 1
  touch "$dir/marker"
  sleep 1
  touch "$dir/src/$header"
  cmake --build "$dir/build" > "$dir/rebuild.log" 2>&1 || { cat "$dir/rebuild.log"; fail "rebuild in $dir"; }
  find "$dir/build" -name '*.o' -newer "$dir/marker" | sed 's|.*/||; s|\.o$||' | sort | tr '\n' ' '
}

for mode in toolchain package; do
  for gen in "${generators[@]}"; do
    dir=$work/$mode-${gen// /_}
    mkdir -p "$dir" && cp -r "$example" "$dir/src"
    if [[ $mode == toolchain ]]; then
      how=(-DCMAKE_TOOLCHAIN_FILE="$toolchain")
    else
      how=(-DCMAKE_PREFIX_PATH="$prefix")
    fi
    cmake -S "$dir/src" -B "$dir/build" -G "$gen" "${how[@]}" > "$dir/configure.log" 2>&1 ||
      { cat "$dir/configure.log"; fail "$mode/$gen configure"; }
    cmake --build "$dir/build" > "$dir/build.log" 2>&1 || { cat "$dir/build.log"; fail "$mode/$gen build"; }
    [[ $("$dir/build/example") == "3 6 9 12 " ]] || fail "$mode/$gen program output: $("$dir/build/example")"
    if [[ $mode == toolchain ]]; then
      grep -q "set(CMAKE_CXX_COMPILER \"$prefix/bin/ampcc\")" "$dir"/build/CMakeFiles/*/CMakeCXXCompiler.cmake ||
        fail "toolchain: ampcc is not the C++ compiler"
    fi
    [[ $(rebuilt_after_touch "$dir" kernel_math.h) == "scale.cpp " ]] || fail "$mode/$gen: kernel_math.h rebuild"
    [[ $(rebuilt_after_touch "$dir" report.h) == "main.cpp " ]] || fail "$mode/$gen: report.h rebuild"
    [[ $(rebuilt_after_touch "$dir" scale.h) == "main.cpp scale.cpp " ]] || fail "$mode/$gen: scale.h rebuild"
    [[ $("$dir/build/example") == "3 6 9 12 " ]] || fail "$mode/$gen program after rebuilds"
  done
done

# pkg-config ampcc-runtime: compile with ampcc -c, link with the plain C++ compiler.
PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --exists ampcc-runtime || fail "pkg-config ampcc-runtime"
"$prefix/bin/ampcc" -c "$example/scale.cpp" -I"$example" -o pc_scale.o
"$prefix/bin/ampcc" -c "$example/main.cpp" -I"$example" -o pc_main.o
c++ pc_scale.o pc_main.o $(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --libs ampcc-runtime) -o pc_example
[[ $(./pc_example) == "3 6 9 12 " ]] || fail "pkg-config program output"
echo "cmake package, toolchain, pkg-config: all checks passed"
