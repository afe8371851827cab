#!/usr/bin/env bash
# Nothing the translator is fed may crash it: every test source cut short at several points, and with
# lines dropped, must give diagnostics and an exit status, never a signal or a hang.
#   robustness.sh AMPCC TEST_DIR WORK_DIR
# RUN: bash %s %ampcc_exe %src_root/test %t
set -uo pipefail
ampcc=$1 tests=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
runs=0
check() {
  timeout 60 "$ampcc" -fsyntax-only "$1" > /dev/null 2>&1
  local rc=$?
  runs=$((runs + 1))
  if [[ $rc -ge 124 ]]; then
    echo "translator died (status $rc) on $2"; cp "$1" "$work/crash.cpp"; exit 1
  fi
}
for f in "$tests"/e2e/*.cpp "$tests"/translate/*.cpp "$tests"/diagnostics/*.cpp; do
  n=$(wc -c < "$f")
  for frac in 23 51 87; do
    head -c $((n * frac / 100)) "$f" > "$work/cut.cpp"
    check "$work/cut.cpp" "$f cut at $frac%"
  done
  lines=$(wc -l < "$f")
  for every in 3 7; do
    awk -v k=$every 'NR % k != 1' "$f" > "$work/drop.cpp"
    check "$work/drop.cpp" "$f without every ${every}th line"
  done
done
echo "robustness: $runs inputs, no crash"
