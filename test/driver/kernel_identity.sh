#!/usr/bin/env bash
# Kernel identity across translation units and host compilers (docs/design/kernel-identity-and-launch.md): a header's
# kernels, included by two sources (one through another spelling of its path), built with GCC and with Clang as
# host compiler, compiled apart and linked; the same code rebuilt from -save-temps output by
# scripts/build-translated.sh; the build-time warning for kernels only the run-time lookup can find.
#   kernel_identity.sh AMPCC SOURCE_DIR WORK_DIR
# RUN: bash %s %ampcc_exe %src_root/test %t
set -euo pipefail
ampcc=$1 src=$2 work=$3
in=$src/driver/inputs
root=$(cd "$src/.." && pwd)
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
want=$'a: 7 7 3.5\na: 10\nb: 9 12 3.5'
for cxx in c++ clang++-19; do
  command -v "$cxx" > /dev/null || fail "no $cxx"
  AMPCC_CXX=$cxx "$ampcc" -c "$in/identity_a.cpp" -o "a_$cxx.o" 2> build.err || fail "$cxx: a: $(cat build.err)"
  AMPCC_CXX=$cxx "$ampcc" -c "$in/identity_b.cpp" -I"$in/../inputs" -o "b_$cxx.o" 2> build.err ||
    fail "$cxx: b: $(cat build.err)"
  AMPCC_CXX=$cxx "$ampcc" "a_$cxx.o" "b_$cxx.o" -o "prog_$cxx" 2> build.err || fail "$cxx: link: $(cat build.err)"
  got=$("./prog_$cxx") || fail "$cxx: exit status, output: $got"
  [[ $got == "$want" ]] || fail "$cxx: output: $got"
  # Rebuilt from what -save-temps keeps, as on a machine without Clang.
  mkdir -p "kept_$cxx" && (cd "kept_$cxx" && AMPCC_CXX=$cxx "$ampcc" -save-temps -c "$in/identity_single.cpp" -o single.o)
  CXX=$cxx bash "$root/scripts/build-translated.sh" "kept_$cxx" "rebuilt_$cxx" > rebuild.log 2>&1 ||
    fail "$cxx: build-translated.sh: $(cat rebuild.log)"
  got=$("./rebuilt_$cxx/identity_single") || fail "$cxx: rebuilt: exit status, output: $got"
  [[ $got == "$want" ]] || fail "$cxx: rebuilt: output: $got"
done
# Two instantiations of a lambda written in a macro's definition that the run-time lookup cannot tell apart: a
# warning at the call when the program is built.
"$ampcc" -c "$src/e2e/kernel_identity_residual.cpp" -o residual.o 2> residual.err || fail "residual: $(cat residual.err)"
grep -q 'kernel_identity_residual.cpp:13:71: warning: ampcc cannot tell apart two instantiations of this kernel when it launches them' residual.err ||
  fail "residual warning: $(cat residual.err)"
echo "kernel identity: all checks passed"
