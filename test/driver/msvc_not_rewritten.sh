#!/usr/bin/env bash
# -fampcc-msvc rewrites code written for Visual Studio only where Clang refused it and the rewrite keeps its meaning
# (docs/driver.md, "Code written for Visual Studio"); elsewhere the user gets Clang's errors, at their lines, and
# ampcc does not crash. The input is test/driver/inputs/msvc_not_rewritten.cpp.
#   msvc_not_rewritten.sh AMPCC INPUTS_DIR WORK_DIR
# RUN: bash %s %ampcc_exe %src_root/test/driver/inputs %t
set -euo pipefail
ampcc=$1 inputs=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; cat out.txt; exit 1; }
set +e
"$ampcc" -fampcc-msvc -fsyntax-only "$inputs/msvc_not_rewritten.cpp" > out.txt 2>&1
rc=$?
set -e
[[ $rc -eq 1 ]] || fail "exit status $rc, expected 1"
grep -q "msvc_not_rewritten.cpp:9:3: error: unknown type name 'not_in_any_base'" out.txt ||
  fail "a name no dependent base declares was qualified"
grep -q "msvc_not_rewritten.cpp:23:15: error: ambiguous partial specializations" out.txt ||
  fail "partial specializations whose body uses the parameter were rewritten"
grep -q "msvc_not_rewritten.cpp:26:27: error: use of undeclared identifier 'later_constant'" out.txt ||
  fail "a name used before its declaration outside a template was declared earlier"
grep -q "msvc_not_rewritten.cpp:30:27: error: use of undeclared identifier 'declared_elsewhere'" out.txt ||
  fail "a name another namespace declares was declared in the template's"
grep -q "msvc_not_rewritten.cpp:40:.*error: static assertion failed.*a temporary that is no class object passed for a non-const reference parameter: MSVC refused it too" out.txt ||
  fail "a temporary int was bound to a non-const reference"
# A base's name that nothing outside hides, on the line after, is Clang's MSVC mode's to find: no error.
grep -q "error: unknown type name 'value_type'" out.txt && fail "value_type not found in the dependent base"
echo PASS
