#!/usr/bin/env bash
# Here, after bench/cuda-backend-check.sh ran the e2e programs of `cuda-backend-translate.sh --all` on the GPU
# machine (which has no FileCheck): checks each run's output against its test's CHECK lines, as lit does, for the
# CUDA and the OpenCL runs, and prints a table and the counts.
#   bench/cuda-backend-filecheck.sh RESULTS_DIR [PROGRAMS_FILE]
# RESULTS_DIR holds <program>.cuda.out, <program>.opencl.out and .rc files; PROGRAMS_FILE defaults to
# .carry/cuda-backend/programs.txt. FILECHECK names the FileCheck binary (default FileCheck-19, else FileCheck).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
results=$1 programs=${2:-$root/.carry/cuda-backend/programs.txt}
filecheck=${FILECHECK:-$(command -v FileCheck-19 || command -v FileCheck || echo /usr/lib/llvm-19/bin/FileCheck)}
declare -A passed=([cuda]=0 [opencl]=0) failed=([cuda]=0 [opencl]=0)
while read -r p; do
  [[ -n $p ]] || continue
  line=$p
  for b in cuda opencl; do
    verdict=pass
    if [[ ! -f $results/$p.$b.out ]]; then
      verdict=missing
    elif [[ $(cat "$results/$p.$b.rc" 2>/dev/null) != 0 ]]; then
      verdict="exit $(cat "$results/$p.$b.rc")"
    elif ! "$filecheck" --match-full-lines "$root/test/e2e/$p.cpp" --input-file "$results/$p.$b.out" >/dev/null 2>&1; then
      verdict=FileCheck
    fi
    [[ $verdict == pass ]] && passed[$b]=$((passed[$b] + 1)) || failed[$b]=$((failed[$b] + 1))
    line+=" $b:$verdict"
  done
  echo "$line"
done <"$programs"
echo "== CUDA back end: ${passed[cuda]} pass, ${failed[cuda]} not; OpenCL: ${passed[opencl]} pass, ${failed[opencl]} not"
