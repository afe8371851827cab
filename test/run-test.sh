#!/usr/bin/env bash
# Runs one translator, diagnostics or end-to-end test; see test/CMakeLists.txt.
#   run-test.sh translate|diagnostics|e2e AMPCC FILECHECK TEST.cpp [WORKDIR]
# A test file may set extra ampcc flags on a line "// AMPCC-FLAGS: ...", and an e2e test the exit
# status it expects on "// EXIT: n". AMPCC_TEST_FLAGS adds flags to every test (checked mode's reruns).
set -euo pipefail
kind=$1 ampcc=$2 filecheck=$3 test=$4 work=${5:-}
flags="$(sed -n 's#^// AMPCC-FLAGS: ##p' "$test") ${AMPCC_TEST_FLAGS:-}"

case $kind in
translate)
  "$ampcc" $flags --emit-opencl "$test" | "$filecheck" "$test"
  if grep -q '// HOST' "$test"; then
    "$ampcc" $flags --emit-host "$test" | "$filecheck" --check-prefix=HOST "$test"
  fi
  ;;
diagnostics)
  "$ampcc" $flags -fsyntax-only -Xclang -verify "$test"
  ;;
e2e)
  mkdir -p "$work"
  exe="$work/$(basename "$test" .cpp)"
  "$ampcc" $flags -O2 "$test" -o "$exe"
  want=$(sed -n 's#^// EXIT: ##p' "$test")
  # "// STDERR: empty": the program prints nothing on stderr, its kernels built from an empty program cache,
  # ampcc's and PoCL's (the device compiler's warnings about the generated OpenCL C would show there; PoCL's
  # cache, left on, hid them on every run after a machine's first).
  quiet=$(grep -c '^// STDERR: empty' "$test" || true)
  cache=${AMPCC_CACHE_DIR:-}
  run_env=()
  if [[ $quiet -gt 0 ]]; then cache="$exe.cache"; rm -rf "$cache"; run_env=(POCL_KERNEL_CACHE=0); fi
  set +e
  env "${run_env[@]}" AMPCC_CACHE_DIR="$cache" "$exe" > "$exe.out" 2> "$exe.err"
  status=$?
  set -e
  if [[ $quiet -gt 0 && -s "$exe.err" ]]; then
    echo "the program wrote to stderr:"; cat "$exe.err"; exit 1
  fi
  if [[ $status -ne ${want:-0} ]]; then
    echo "exit status $status, expected ${want:-0}"; cat "$exe.out" "$exe.err"; exit 1
  fi
  "$filecheck" --match-full-lines --input-file "$exe.out" "$test"
  ;;
esac
