#!/usr/bin/env bash
# The GPU machine's check of the CUDA back end (docs/backends.md): builds the runtime and the e2e programs that
# bench/cuda-backend-translate.sh translated here, runs each with AMPCC_BACKEND=cuda and AMPCC_BACKEND=opencl on
# the NVIDIA GPU, and passes a program when both exit 0 and print the same; prints a table with the back end each
# run's AMPCC_PROFILE named, and whether the output is also what the translating machine's OpenCL device printed.
#   bash bench/cuda-backend-check.sh [--carry DIR] [--out DIR] [--device gpu]
# DIR (default .carry/cuda-backend) is what the translate script wrote. Results go to OUT (default $OUT, else
# /tmp/cuda-backend/results): table.txt, and each run's stdout and stderr.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
carry=$root/.carry/cuda-backend out=${OUT:-/tmp/cuda-backend/results} device=gpu
while [[ $# -gt 0 ]]; do
  case $1 in
    --carry) carry=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --device) device=$2; shift 2 ;;
    *) echo "cuda-backend-check.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
carry=$(cd "$carry" && pwd)
mkdir -p "$out" && out=$(cd "$out" && pwd)
work=/tmp/cuda-backend/work && rm -rf "$work" && mkdir -p "$work"
exec > >(tee "$out/check.log") 2>&1

echo "== device"
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  # NVIDIA's OpenCL driver is installed but not registered on a fresh machine (docs/gpu.md).
  for icd in /usr/lib/libnvidia-opencl.so.1 /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1; do
    [[ -e $icd ]] || continue
    mkdir -p /etc/OpenCL/vendors
    grep -qsx "$icd" /etc/OpenCL/vendors/*.icd || echo "$icd" >/etc/OpenCL/vendors/nvidia.icd
    break
  done
else
  echo "no nvidia-smi: not an NVIDIA machine; the CUDA runs are expected to fail (a dry run of the script)"
fi

echo "== build"
if ! echo '#include <xxhash.h>' | g++ -x c++ -E - >/dev/null 2>&1; then
  xxh=$(compgen -G "$carry/xxhash/libxxhash-dev_*.deb" | head -n 1) ||
    { echo "cuda-backend-check.sh: no <xxhash.h> and no $carry/xxhash/libxxhash-dev_*.deb" >&2; exit 1; }
  mkdir -p "$work/xxh" && dpkg -x "$xxh" "$work/xxh"
  export CPATH=$work/xxh/usr/include${CPATH:+:$CPATH}
fi
# CLBlast for ampcc::blas on OpenCL, where the carry holds its packages (as bench/gpu-yardstick.sh unpacks them).
if compgen -G "$carry/debs/libclblast*.deb" >/dev/null; then
  for d in "$carry"/debs/libclblast*.deb; do dpkg -x "$d" "$work/clblast"; done
  export CLBLAST_ROOT=$work/clblast
fi
start=$SECONDS
# A program this machine's compiler cannot build (code for Visual Studio wants Clang as the host compiler; PPL's
# containers want oneTBB's headers) is listed as NOBUILD and the others run.
bash "$root/scripts/build-translated.sh" "$carry/translated" "$work/bin" >"$work/build.log" 2>&1 ||
  { grep "these failed to compile" "$work/build.log" || { cat "$work/build.log"; exit 1; }; }
[[ -f $work/bin/libampcc_rt.a ]] || { cat "$work/build.log"; exit 1; }
echo "built in $((SECONDS - start)) s"

echo "== run (AMPCC_DEVICE=$device)"
export AMPCC_DEVICE=$device AMPCC_PROFILE=1
# The CUDA runs' cubins go to a fresh cache, so the first run of each program compiles its PTX; a second CUDA run
# of the first program shows the cache.
export AMPCC_CACHE_DIR=$work/cache
pass=0 fail=0 noptx=0 nobuild=0 host=0
printf '%-28s %-5s %-5s %-9s %-9s %s\n' program cuda opencl same as-here "back ends (cuda run / opencl run)" |
  tee "$out/table.txt"
while read -r p; do
  [[ -n $p ]] || continue
  exe=$work/bin/$p
  if [[ ! -x $exe ]]; then
    nobuild=$((nobuild + 1))
    printf '%-28s %s\n' "$p" NOBUILD | tee -a "$out/table.txt"
    continue
  fi
  for b in cuda opencl; do
    rc=0
    AMPCC_BACKEND=$b timeout 60 "$exe" >"$out/$p.$b.out" 2>"$out/$p.$b.err" || rc=$?
    echo $rc >"$out/$p.$b.rc"
  done
  rc_cuda=$(cat "$out/$p.cuda.rc") rc_ocl=$(cat "$out/$p.opencl.rc")
  same=no here=-
  cmp -s "$out/$p.cuda.out" "$out/$p.opencl.out" && same=yes
  [[ -f $carry/expected/$p.out ]] && { cmp -s "$out/$p.cuda.out" "$carry/expected/$p.out" && here=yes || here=no; }
  # The back end of the GPU (a program may also use the machine's PoCL CPU device, always on OpenCL).
  backend() { grep -o 'runs on the [A-Za-z]* back end' "$1" | awk '{print $4}' | sort | head -n 1 || true; }
  ends="$(backend "$out/$p.cuda.err")/$(backend "$out/$p.opencl.err")"
  if [[ $rc_cuda == 0 && $rc_ocl == 0 && $same == yes && $ends == CUDA/OpenCL ]]; then
    pass=$((pass + 1)) verdict=PASS
  elif [[ $rc_cuda == 0 && $rc_ocl == 0 && $same == yes && $ends == / ]]; then
    # No accelerator used (host-only code: Cilk on the CPU, the host side of the API).
    host=$((host + 1)) verdict=HOST
  elif ! grep -q ampcc_device_codes "$carry/translated/$p.ampcc.cpp" && [[ $rc_ocl == 0 ]] &&
    grep -q "build them with ampcc --offload-arch" "$out/$p.cuda.err"; then
    # No PTX embedded (a kernel that prints): CUDA refuses it by name and the default choice is OpenCL.
    noptx=$((noptx + 1)) verdict=NOPTX
  else
    fail=$((fail + 1)) verdict=FAIL
  fi
  printf '%-28s %-5s %-5s %-9s %-9s %-16s %s\n' "$p" "$rc_cuda" "$rc_ocl" "$same" "$here" "$ends" "$verdict" |
    tee -a "$out/table.txt"
  if [[ $verdict == FAIL ]]; then
    diff "$out/$p.opencl.out" "$out/$p.cuda.out" | head -n 10 || true
    grep -v '^ampcc profile' "$out/$p.cuda.err" | head -n 5 || true
  fi
done <"$carry/programs.txt"

first=$(head -n 1 "$carry/programs.txt")
echo "== AMPCC_PROFILE of $first: no AMPCC_BACKEND (the default choice), the cubin from the disk cache"
"$work/bin/$first" 2>&1 >/dev/null | grep '^ampcc profile' | head -n 6 || true
echo "== $pass passed, $fail failed, $noptx without PTX on OpenCL, $nobuild not built here, $host host-only ($SECONDS s in all)"
((fail == 0))
