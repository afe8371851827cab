#!/usr/bin/env bash
# With no device (OpenCL or CUDA), or an AMPCC_DEVICE that matches none, a program stops with a clear message
# and status 1, not a crash.
#   no_device.sh AMPCC SOURCE WORK_DIR
# RUN: bash %s %ampcc_exe %src_root/test/e2e/seed_add_arrays.cpp %t
set -uo pipefail
ampcc=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work/vendors"
"$ampcc" "$src" -o "$work/prog" || exit 1
OCL_ICD_VENDORS="$work/vendors" "$work/prog" > "$work/out" 2> "$work/err"
status=$?
[[ $status -eq 1 ]] || { echo "status $status"; cat "$work/err"; exit 1; }
grep -q "ampcc: no OpenCL device found" "$work/err" || { cat "$work/err"; exit 1; }
AMPCC_DEVICE=no-such-device "$work/prog" > "$work/out" 2> "$work/err"
status=$?
[[ $status -eq 1 ]] || { echo "status $status"; cat "$work/err"; exit 1; }
grep -q "AMPCC_DEVICE=no-such-device matches none of the devices" "$work/err" || { cat "$work/err"; exit 1; }
echo "no device: ok"
