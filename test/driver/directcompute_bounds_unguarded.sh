#!/usr/bin/env bash
# test/e2e/directcompute_bounds.cpp built without Direct3D's bounds behaviour (the flag, then -fno- of it, which
# wins as the last): its padding threads write and read past their views, so it must crash or print what its CHECK
# lines reject. That shows the e2e test tests the flag.
#   directcompute_bounds_unguarded.sh AMPCC FILECHECK TEST.cpp WORK_DIR
# RUN: bash %s %ampcc_exe FileCheck %src_root/test/e2e/directcompute_bounds.cpp %t
set -uo pipefail
ampcc=$1 filecheck=$2 test=$3 work=$4
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
"$ampcc" -O2 -fampcc-directcompute-bounds -fno-ampcc-directcompute-bounds "$test" -o unguarded || {
  echo "FAIL: the program did not build"
  exit 1
}
./unguarded > out.txt 2> err.txt
status=$?
if [[ $status -ne 0 ]]; then
  echo "without the flag: exit status $status (as expected)"
  head -c 2000 err.txt
  exit 0
fi
if "$filecheck" --match-full-lines --input-file out.txt "$test" > filecheck.txt 2>&1; then
  echo "FAIL: without the flag the program still printed what its CHECK lines want:"
  cat out.txt
  exit 1
fi
echo "without the flag: wrong data (as expected):"
cat out.txt
