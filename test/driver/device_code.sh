#!/usr/bin/env bash
# --offload-arch=sm_90 embeds PTX beside the OpenCL C; on a device that does not take it (PoCL here) the
# runtime builds the OpenCL C and AMPCC_PROFILE says so. (The PTX run on an NVIDIA GPU is in docs/gpu-runs.md.)
#   device_code.sh AMPCC SOURCE WORK_DIR
set -euo pipefail
ampcc=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "device code: $*"; exit 1; }

"$ampcc" --offload-arch=sm_80,sm_90 -save-temps "$src" -o prog 2> build.err || fail "build: $(cat build.err)"
host=$(basename "${src%.cpp}").ampcc.cpp
grep -q "ampcc_device_code_registration(ampcc_program, ampcc_device_codes, 2)" "$host" || fail "no registration"
grep -q "^.target sm_90, texmode_independent" "$host" || fail "no sm_90 PTX in $host"
grep -q "^.target sm_80, texmode_independent" "$host" || fail "no sm_80 PTX in $host"
grep -q "^.entry ampcc_" "$host" || fail "no kernel entry in the PTX"

AMPCC_PROFILE=1 AMPCC_CACHE=0 ./prog > out.txt 2> profile.err || fail "run: $(cat out.txt profile.err)"
if grep -q "(NVIDIA CUDA)" profile.err; then
  grep -q ": embedded PTX sm_90 (" profile.err || fail "NVIDIA device did not use the PTX: $(cat profile.err)"
else
  grep -q ": OpenCL C, built (" profile.err || fail "no fallback to the OpenCL C: $(cat profile.err)"
  grep -q "1 program builds + 0 from the disk cache + 0 from embedded device code" profile.err ||
    fail "counts: $(cat profile.err)"
fi

# Names ampcc cannot compile for are refused before anything runs.
if "$ampcc" --offload-arch=gfx90a -c "$src" -o x.o 2> arch.err; then fail "accepted gfx90a"; fi
grep -q "ampcc: error: unsupported offload arch 'gfx90a'" arch.err || fail "$(cat arch.err)"
echo "device code: all checks passed"
