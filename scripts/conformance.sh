#!/usr/bin/env bash
# Runs Microsoft's C++ AMP conformance suite with the built ampcc through LLVM lit and prints the results table.
#   scripts/conformance.sh [--jobs N] [--filter REGEX] [--suite DIR] [--list FILE] [--check FILE] [--grow FILE]
#                          [--out DIR] [--ampcc PATH] [--first-config]
#   --list FILE   run only the tests named in FILE (paths under Tests/, one a line)
#   --check FILE  exit 1 if a test named in FILE does not pass (the CI gate; implies --list FILE)
#   --grow FILE   add every test that passed to FILE (the pass list only grows)
#   --first-config  build and run only the first configuration (-D set of the test's .conf) of each test: the
#                 CI gate's way to stay within CI's time; a run that measures conformance builds every one
# Writes OUT/results.json (lit), OUT/results.tsv (path, kind, result, first reason) and OUT/table.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc 2>/dev/null || echo 2)
suite=$root/../shared/amp-conformance
out=$root/build/conformance
ampcc=$root/build/tools/ampcc/ampcc
filter="" list="" check="" grow="" first_config=0
while (($#)); do
  case $1 in
  --jobs) jobs=$2; shift 2 ;;
  --filter) filter=$2; shift 2 ;;
  --suite) suite=$2; shift 2 ;;
  --list) list=$2; shift 2 ;;
  --check) check=$2; list=$2; shift 2 ;;
  --grow) grow=$2; shift 2 ;;
  --first-config) first_config=1; shift ;;
  --out) out=$2; shift 2 ;;
  --ampcc) ampcc=$2; shift 2 ;;
  -h | --help) sed -n '2,11p' "$0"; exit 0 ;;
  *) echo "conformance.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if ((first_config)) && [[ -n $grow ]]; then
  echo "conformance.sh: --grow needs every configuration built (drop --first-config)" >&2
  exit 2
fi
suite=$(cd "$suite" && pwd)
[[ -x $ampcc ]] || { echo "conformance.sh: no ampcc at $ampcc (build first: bash scripts/build.sh)" >&2; exit 2; }
[[ -d $suite/Tests ]] || { echo "conformance.sh: no conformance suite at $suite" >&2; exit 2; }
[[ -z $list ]] || list=$(realpath "$list")
[[ -z $check ]] || check=$(realpath "$check")
[[ -z $grow ]] || grow=$(realpath -m "$grow")
lit=${LIT:-/usr/lib/llvm-19/build/utils/lit/lit.py}
# The suite's library accepts only MSVC and Clang (amptest/platform.h): its host side is compiled with Clang.
export AMPCC_CXX=${AMPCC_CXX:-clang++-19}
# The suite's multi-accelerator tests (copies between two devices' arrays and views, a view used on one device and
# then another) skip on a machine with one device. PoCL, the default device where there is no GPU, gives two
# CPU devices when asked: the tests then run ampcc's multi-device paths for real. Set POCL_DEVICES to override.
export POCL_DEVICES=${POCL_DEVICES-pthread pthread}

rm -rf "$out"
mkdir -p "$out/lib"
start=$(date +%s)

# The suite's helper library, built once with ampcc; if it does not build, every test that runs fails with why.
lib_error=$out/lib/error.txt
objs=()
for src in "$suite"/amp_test_lib/src/*.cpp; do
  obj=$out/lib/$(basename "$src" .cpp).o
  if ! "$ampcc" -c -I "$suite/amp_test_lib/inc" "$src" -o "$obj" >"$obj.log" 2>&1; then
    { grep -m1 -E ': (fatal )?error:' "$obj.log" || head -1 "$obj.log"; } | sed "s#$suite/##" >"$lib_error"
    echo "amp_test_lib: $(basename "$src") does not build: $(cat "$lib_error")"
    break
  fi
  objs+=("$obj")
done
if [[ ! -s $lib_error ]]; then
  ar rcs "$out/lib/libamptest.a" "${objs[@]}"
fi

lit_args=(-sv -j "$jobs" --output "$out/results.json" --param "suite=$suite" --param "work=$out/work"
  --param "ampcc=$ampcc" --param "lib=$out/lib/libamptest.a" --param "lib_error_file=$lib_error")
[[ -z $list ]] || lit_args+=(--param "list=$list")
((first_config == 0)) || lit_args+=(--param "first_config_only=1")
[[ -z $filter ]] || lit_args+=(--filter "$filter")
# lit exits 1 when a test fails; the table and the gate below decide this script's status.
python3 "$lit" "${lit_args[@]}" "$root/test/conformance" >"$out/lit.log" 2>&1 || true
grep -E '^(Total Discovered|  (Passed|Failed|Unsupported))' "$out/lit.log" || tail -5 "$out/lit.log"
[[ -s $out/results.json ]] || { echo "conformance.sh: lit wrote no results (see $out/lit.log)" >&2; exit 1; }

report=(--hcc "$suite/hcc-amdgpu-passlist.txt" --tsv "$out/results.tsv" --table "$out/table.md")
[[ -z $check ]] || report+=(--check "$check")
[[ -z $grow ]] || report+=(--grow "$grow")
status=0
python3 "$root/test/conformance/report.py" "$out/results.json" "${report[@]}" || status=$?
echo "Conformance run: $(($(date +%s) - start)) s with $jobs jobs; results in $out/results.tsv"
exit $status
