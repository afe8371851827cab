#!/usr/bin/env bash
# A second run of a program loads its kernels from the on-disk cache; AMPCC_CACHE=0 turns it off.
#   program_cache.sh AMPCC SOURCE WORK_DIR
set -euo pipefail
ampcc=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
"$ampcc" "$src" -o "$work/prog"
export AMPCC_CACHE_DIR="$work/cache" AMPCC_PROFILE=1
"$work/prog" > /dev/null 2> "$work/first.err"
"$work/prog" > /dev/null 2> "$work/second.err"
AMPCC_CACHE=0 "$work/prog" > /dev/null 2> "$work/off.err"
grep -q "1 program builds + 0 from the disk cache" "$work/first.err" || { cat "$work/first.err"; exit 1; }
grep -q "0 program builds + 1 from the disk cache" "$work/second.err" || { cat "$work/second.err"; exit 1; }
grep -q "1 program builds + 0 from the disk cache" "$work/off.err" || { cat "$work/off.err"; exit 1; }
ls "$work/cache"/*.bin > /dev/null
echo "program cache: ok"
