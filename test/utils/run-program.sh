#!/usr/bin/env bash
# Runs an end-to-end test's program where its RUN line asks for more than the exit status 0 (test/lit.cfg.py's
# %run_quiet and %expect_exit); the program's stdout passes through, to FileCheck.
#   run-program.sh [--quiet CACHE_DIR] [--exit N] PROGRAM [ARGS...]
# --quiet: the program must write nothing on stderr, its kernels built from empty program caches, ampcc's (in
#   CACHE_DIR, emptied first) and PoCL's (off): the device compiler's warnings about the generated OpenCL C would
#   show there (PoCL's cache, left on, hid them on every run after a machine's first).
# --exit N: the exit status the program must end with (default 0); on a mismatch the program's stderr is shown.
set -uo pipefail
quiet=0 cache= want=0
while (($#)); do
  case $1 in
  --quiet) quiet=1 cache=$2; shift 2 ;;
  --exit) want=$2; shift 2 ;;
  *) break ;;
  esac
done
err=$(mktemp)
trap 'rm -f "$err"' EXIT
if ((quiet)); then
  rm -rf "$cache"
  POCL_KERNEL_CACHE=0 AMPCC_CACHE_DIR="$cache" "$@" 2> "$err"
else
  "$@" 2> "$err"
fi
status=$?
if ((quiet)) && [[ -s $err ]]; then
  echo "the program wrote to stderr:" >&2
  cat "$err" >&2
  exit 1
fi
if [[ $status -ne $want ]]; then
  echo "exit status $status, expected $want" >&2
  cat "$err" >&2
  exit 1
fi
cat "$err" >&2
