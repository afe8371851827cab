#!/usr/bin/env bash
# The generated OpenCL C is type-checked while ampcc runs: a kernel that OpenCL C 1.2 rejects fails the build
# with an error at the user's line; -fno-ampcc-kernel-check leaves the error to the program's first run.
#   kernel_check.sh AMPCC SOURCE_DIR WORK_DIR
# RUN: bash %s %ampcc_exe %S %t
set -euo pipefail
ampcc=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "kernel check: $*"; exit 1; }
bad=$src/inputs/opencl_rejects.cpp

for mode in -c -fsyntax-only; do
  if "$ampcc" $mode "$bad" -o bad.o 2> err.txt; then fail "ampcc $mode accepted a kernel OpenCL rejects"; fi
  # The kernel's statement is line 13 of the input; the error names the file, line and column.
  grep -Eq "opencl_rejects\.cpp:13:[0-9]+: error: " err.txt || fail "no located error ($mode): $(cat err.txt)"
  grep -q "ampcc: error: the OpenCL C generated for the kernels is not valid OpenCL C 1.2" err.txt ||
    fail "no summary ($mode): $(cat err.txt)"
  if grep -q "Stack dump\|PLEASE submit" err.txt; then fail "crashed: $(cat err.txt)"; fi
done
[[ ! -e bad.o ]] || fail "an object was written for a failed build"
# A statement on its function's line is numbered with that line.
if "$ampcc" -fsyntax-only "$src/inputs/opencl_rejects_one_line.cpp" 2> err.txt; then fail "one-line function accepted"; fi
grep -Eq "opencl_rejects_one_line\.cpp:6:[0-9]+: error: " err.txt || fail "not at the function's line: $(cat err.txt)"
# -save-temps keeps the rejected OpenCL C where the messages without a user line point.
"$ampcc" -save-temps -c "$bad" -o bad.o 2> err.txt && fail "-save-temps build succeeded"
grep -Eq "opencl_rejects\.ampcc\.cl:[0-9]+:[0-9]+: error: " err.txt || fail "no error in the kept file: $(cat err.txt)"
grep -q "int image1d_t;" opencl_rejects.ampcc.cl || fail "the rejected OpenCL C was not kept"

# Turned off, the build succeeds and the device compiler finds the error when the program first runs.
"$ampcc" -fno-ampcc-kernel-check "$bad" -o bad 2> err.txt || fail "-fno-ampcc-kernel-check: $(cat err.txt)"
if AMPCC_CACHE=0 ./bad > run.txt 2>&1; then fail "the unchecked program ran: $(cat run.txt)"; fi
grep -q "failed to build" run.txt || fail "no build failure at run time: $(cat run.txt)"

# A correct program passes the check, and the time report shows what it cost.
"$ampcc" -fampcc-time-report -c "$src/../e2e/seed_add_arrays.cpp" -o good.o 2> report.txt || fail "$(cat report.txt)"
grep -q "kernel check (OpenCL C 1.2, Clang)" report.txt || fail "no check in the time report: $(cat report.txt)"
grep -q "host compile" report.txt || fail "no host compile in the time report: $(cat report.txt)"
echo "kernel check: all checks passed"
