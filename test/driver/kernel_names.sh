#!/usr/bin/env bash
# Kernels are named for their function, file and line, so a program of several files tells them apart in
# AMPCC_PROFILE output and OpenCL build logs.
#   kernel_names.sh AMPCC SOURCE_DIR WORK_DIR
# RUN: bash %s %ampcc_exe %S %t
set -euo pipefail
ampcc=$1 src=$2 work=$3
in=$src/inputs
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
"$ampcc" --emit-opencl "$in/names_b.cpp" > b.cl
grep -q '__kernel void ampcc_twice_names_b_cpp_6(' b.cl || fail "kernel name in OpenCL C: $(grep __kernel b.cl)"
grep -q '__kernel void ampcc_negate_names_b_cpp_9(' b.cl || fail "template kernel name: $(grep __kernel b.cl)"
"$ampcc" "$in/names_a.cpp" "$in/names_b.cpp" -o names
AMPCC_PROFILE=1 AMPCC_CACHE=0 ./names 2> profile.err || fail "program status"
grep -q 'kernel ampcc_add_one_names_a_cpp_5: 1 launches' profile.err || fail "profile: $(cat profile.err)"
grep -q 'kernel ampcc_twice_names_b_cpp_6: 1 launches' profile.err || fail "profile: $(cat profile.err)"
grep -q 'kernel ampcc_negate_names_b_cpp_9: 1 launches' profile.err || fail "profile: $(cat profile.err)"
echo "kernel names: all checks passed"
