#!/usr/bin/env bash
# A second run of a program loads its kernels from the on-disk cache; AMPCC_CACHE=0 turns it off; AMPCC_CACHE_MB
# caps the folder, the least recently used entries going first. On PoCL the cache is used only with AMPCC_CACHE=1
# (PoCL keeps its own, and makes its binary by compiling every kernel for any local size): unset, nothing is written.
#   program_cache.sh AMPCC SOURCE WORK_DIR
# RUN: bash %s %ampcc_exe %src_root/test/e2e/seed_add_arrays.cpp %t
set -euo pipefail
ampcc=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
"$ampcc" "$src" -o "$work/prog"
export AMPCC_CACHE_DIR="$work/cache" AMPCC_PROFILE=1
"$work/prog" > /dev/null 2> "$work/default.err"
if grep -q "(Portable Computing Language)" "$work/default.err"; then
  [ -z "$(ls -A "$work/cache" 2>/dev/null)" ] || { echo "PoCL's program went to the disk cache unasked"; exit 1; }
fi
export AMPCC_CACHE=1
"$work/prog" > /dev/null 2> "$work/first.err"
"$work/prog" > /dev/null 2> "$work/second.err"
AMPCC_CACHE=0 "$work/prog" > /dev/null 2> "$work/off.err"
grep -q "1 program builds + 0 from the disk cache" "$work/first.err" || { cat "$work/first.err"; exit 1; }
grep -q "0 program builds + 1 from the disk cache" "$work/second.err" || { cat "$work/second.err"; exit 1; }
grep -q "1 program builds + 0 from the disk cache" "$work/off.err" || { cat "$work/off.err"; exit 1; }
ls "$work/cache"/*.bin > /dev/null

# Under a 1 MB cap: two old entries of 500 KB, one used lately, and the program's own, written now.
rm -rf "$work/cache" && mkdir -p "$work/cache"
head -c 512000 /dev/zero > "$work/cache/00000000000000000000000000000001.bin"
head -c 512000 /dev/zero > "$work/cache/00000000000000000000000000000002.bin"
touch -d '2 days ago' "$work/cache/00000000000000000000000000000001.bin"
touch -d '1 hour ago' "$work/cache/00000000000000000000000000000002.bin"
AMPCC_CACHE_MB=1 "$work/prog" > /dev/null 2> "$work/capped.err"
grep -q "over its cap of 1.0 MB" "$work/capped.err" || { cat "$work/capped.err"; exit 1; }
[ ! -e "$work/cache/00000000000000000000000000000001.bin" ] || { echo "the least recently used entry stayed"; exit 1; }
[ -e "$work/cache/00000000000000000000000000000002.bin" ] || { echo "the entry used lately went"; exit 1; }
AMPCC_CACHE_MB=1 "$work/prog" > /dev/null 2> "$work/capped2.err"
grep -q "0 program builds + 1 from the disk cache" "$work/capped2.err" || { cat "$work/capped2.err"; exit 1; }
echo "program cache: ok"
