#!/usr/bin/env bash
# --offload-arch=sm_90 embeds PTX beside the OpenCL C; on a device that does not take it (PoCL here) the
# runtime builds the OpenCL C and AMPCC_PROFILE says so. (The PTX run on an NVIDIA GPU is in docs/gpu-runs.md.)
#   device_code.sh AMPCC SOURCE WORK_DIR FILECHECK
# RUN: bash %s %ampcc_exe %src_root/test/e2e/seed_add_arrays.cpp %t FileCheck
set -euo pipefail
ampcc=$1 src=$2 work=$3 filecheck=$4
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

# Kernels that print: Clang's PTX for OpenCL C calls a variadic printf that no NVIDIA driver links
# (CL_BUILD_PROGRAM_FAILURE on the H100, docs/gpu-runs.md); ampcc rewrites each call into CUDA's vprintf with the
# arguments packed (the float promoted to double), which the drivers link, so the PTX is embedded without a warning.
cat > printing.cpp <<'CPP'
#include <amp.h>
int main() {
  concurrency::parallel_for_each(concurrency::extent<1>(1), [=](concurrency::index<1> i) restrict(amp) {
    concurrency::direct3d_printf("kernel %d %f\n", i[0], 0.5f);
  });
  concurrency::accelerator().default_view.wait();
}
CPP
"$ampcc" --offload-arch=sm_90 -save-temps printing.cpp -o printing 2> printing.err || fail "build: $(cat printing.err)"
[[ ! -s printing.err ]] || fail "the printing kernel's build wrote: $(cat printing.err)"
grep -q "ampcc_device_codes" printing.ampcc.cpp || fail "no PTX embedded for a printing kernel"
grep -q "^.extern .func .*vprintf" printing.ampcc.cpp || fail "no vprintf declared in the PTX"
grep -q "vprintf," printing.ampcc.cpp || fail "no call of vprintf in the PTX"
./printing > printing.out 2>&1 || fail "printing run: $(cat printing.out)"
grep -q "^kernel 0 0.500000$" printing.out || fail "printing output: $(cat printing.out)"

# The loop of a simple matmul in the PTX: unrolled four times (-O3), and ended by one conditional branch back to
# its header with the exit falling through, the form ptxas unrolls four times more. `@%p bra EXIT; bra.uni LOOP`,
# Clang 19's form without ampcc's LoopExitLayout, ptxas leaves as it is: 0.55 of nvcc (docs/benchmarks.md).
cat > matmul.cpp <<'CPP'
#include <amp.h>
void matmul(concurrency::array_view<const float, 2> a, concurrency::array_view<const float, 2> b,
            concurrency::array_view<float, 2> c) {
  concurrency::parallel_for_each(c.extent, [=](concurrency::index<2> idx) restrict(amp) {
    float sum = 0;
    for (int i = 0; i < b.extent[0]; i++)
      sum += a(idx[0], i) * b(i, idx[1]);
    c[idx] = sum;
  });
}
CPP
"$ampcc" --offload-arch=sm_90 -ffp-contract=fast -save-temps -c matmul.cpp -o matmul.o 2> matmul.err ||
  fail "matmul build: $(cat matmul.err)"
cat > matmul.check <<'CHECK'
CHECK-LABEL: .entry ampcc_matmul_
CHECK: [[LOOP:\$L__BB[0-9]+_[0-9]+]]:{{.*}}// %for.body{{$}}
CHECK-NEXT: =>This Inner Loop Header
CHECK-COUNT-4: fma.rn.f32
CHECK-NOT: bra.uni
CHECK: setp.ne.s32 [[P:%p[0-9]+]],
CHECK-NEXT: @[[P]] bra [[LOOP]];
CHECK-NEXT: {{^\$L__BB[0-9]+_[0-9]+:}}
CHECK: }
CHECK
"$filecheck" matmul.check --input-file matmul.ampcc.cpp || fail "the matmul loop in the PTX (matmul.ampcc.cpp)"

# The seed's tiled matmul in the PTX: its tile_static arrays 16-byte aligned, and a row of locA read four floats at a
# time (ld.shared.v4.f32). The CUDA back end's cuLink and NVIDIA's OpenCL compile PTX for linking, where ptxas
# trusts only the declared alignment: with a float's 4 it read every element alone (32 shared loads an iteration
# instead of 20, 0.80 of nvcc; docs/benchmarks.md, "The tiled matmul's 0.80").
cat > tiled.cpp <<'CPP'
#include <amp.h>
void matmul(concurrency::array_view<const float, 2> a, concurrency::array_view<const float, 2> b,
            concurrency::array_view<float, 2> c) {
  using namespace concurrency;
  parallel_for_each(c.extent.tile<16, 16>(), [=](tiled_index<16, 16> t_idx) restrict(amp) {
    int row = t_idx.local[0], col = t_idx.local[1];
    tile_static float locA[16][16], locB[16][16];
    float sum = 0;
    for (int i = 0; i < a.extent[1]; i += 16) {
      locA[row][col] = a(t_idx.global[0], col + i);
      locB[row][col] = b(row + i, t_idx.global[1]);
      t_idx.barrier.wait();
      for (int k = 0; k < 16; k++)
        sum += locA[row][k] * locB[k][col];
      t_idx.barrier.wait();
    }
    c[t_idx.global] = sum;
  });
}
CPP
"$ampcc" --offload-arch=sm_90 -ffp-contract=fast -save-temps -c tiled.cpp -o tiled.o 2> tiled.err ||
  fail "tiled build: $(cat tiled.err)"
cat > tiled.check <<'CHECK'
CHECK-LABEL: .entry ampcc_matmul_
CHECK-DAG: .shared .align 16 .b8 ampcc_matmul_{{.*}}_ampcc_ts_locA[1024];
CHECK-DAG: .shared .align 16 .b8 ampcc_matmul_{{.*}}_ampcc_ts_locB[1024];
CHECK: bar.sync 0;
CHECK-COUNT-4: ld.shared.v4.f32
CHECK: bar.sync 0;
CHECK: }
CHECK
"$filecheck" tiled.check --input-file tiled.ampcc.cpp || fail "the tiled matmul's shared loads in the PTX (tiled.ampcc.cpp)"

# By default (docs/driver.md, "Device code by default"): PTX for sm_75, which naming archs replaces and
# --no-offload-arch removes; a program built without PTX registers with none.
"$ampcc" --emit-host "$src" -o default.cpp 2> default.err || fail "default build: $(cat default.err)"
[[ ! -s default.err ]] || fail "the default build wrote: $(cat default.err)"
grep -q "^.target sm_75, texmode_independent" default.cpp || fail "no sm_75 PTX by default"
grep -q "ampcc_device_code_registration(ampcc_program, ampcc_device_codes, 1)" default.cpp || fail "default: no registration"
"$ampcc" --offload-arch=sm_90 --emit-host "$src" -o named.cpp || fail "named build"
if grep -q "^.target sm_75" named.cpp; then fail "--offload-arch=sm_90 kept the default sm_75"; fi
for off in --no-offload-arch=all --no-offload-arch=sm_75 "--offload-arch=sm_80 --no-offload-arch=sm_80"; do
  # shellcheck disable=SC2086
  "$ampcc" $off --emit-host "$src" -o none.cpp || fail "$off"
  if grep -q "^.target sm_" none.cpp; then fail "$off embedded PTX"; fi
  grep -q "ampcc_device_code_registration(ampcc_program, nullptr, 0)" none.cpp || fail "$off: no empty registration"
done
# A printing kernel under the default: no warning either.
"$ampcc" -c printing.cpp -o printing.o 2> quiet.err || fail "default printing build: $(cat quiet.err)"
[[ ! -s quiet.err ]] || fail "the default build of a printing kernel wrote: $(cat quiet.err)"
if "$ampcc" --no-offload-arch=sm_91 -c "$src" -o x.o 2> noarch.err; then fail "accepted --no-offload-arch=sm_91"; fi
grep -q "ampcc: error: unsupported offload arch 'sm_91'" noarch.err || fail "$(cat noarch.err)"

# Names ampcc cannot compile for are refused before anything runs.
if "$ampcc" --offload-arch=gfx90a -c "$src" -o x.o 2> arch.err; then fail "accepted gfx90a"; fi
grep -q "ampcc: error: unsupported offload arch 'gfx90a'" arch.err || fail "$(cat arch.err)"
echo "device code: all checks passed"
