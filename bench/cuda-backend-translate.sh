#!/usr/bin/env bash
# Prepares what bench/cuda-backend-check.sh needs on the GPU machine: e2e programs that print checked output,
# translated here with their PTX embedded (ampcc -save-temps --offload-arch), each run here once on the default
# OpenCL device for a reference output, and Debian's xxHash headers (the runtime includes <xxhash.h>).
#   bench/cuda-backend-translate.sh [--out DIR] [--arch sm_90|default] [--all | --only "A B"] [--no-reference]
# DIR default .carry/cuda-backend. --arch default: no --offload-arch, the PTX ampcc embeds by default (docs/driver.md).
# --all: every e2e test (test/e2e/*.cpp, each with the flags of its RUN line) rather than the list below; their
# outputs are FileChecked here afterwards (bench/cuda-backend-filecheck.sh). --no-reference: no run here.
# AMPCC picks the ampcc binary (default build/tools/ampcc/ampcc).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/.carry/cuda-backend arch=sm_90 all=0 reference=1 only=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --out) out=$2; shift 2 ;;
    --arch) arch=$2; shift 2 ;;
    --all) all=1; shift ;;
    --only) read -r -a only <<<"$2"; shift 2 ;;
    --no-reference) reference=0; shift ;;
    *) echo "cuda-backend-translate.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
ampcc=${AMPCC:-$root/build/tools/ampcc/ampcc}
[[ -x $ampcc ]] || { echo "cuda-backend-translate.sh: no ampcc at $ampcc (run scripts/build.sh, or set AMPCC)" >&2; exit 1; }

# Arrays, views and sections; tiles, tile_static and barriers; atomics; several views and accelerators; copies
# (sync and async); textures; ranks 1 to 3 and above (folded onto OpenCL's and CUDA's third dimension).
programs=(
  seed_add_arrays seed_matmul_simple seed_matmul_tiled seed_tile_average seed_tile_sum
  sections array_sections discard_data_of_sections fresh_arrays_read_zero views_over_local_memory
  atomics spec_6_atomic_operations tile_static_storage spec_4_5_barrier_fences tiled_ranks_and_sweep
  wide_ranks high_rank_values copy_async transfers_minimal lib_create_accelerator_view textures short_vectors
)
((all)) && mapfile -t programs < <(cd "$root/test/e2e" && ls *.cpp | sed 's/\.cpp$//')
# --only "A B": those e2e tests, with the flags of their RUN lines, as --all takes them.
if [[ ${#only[@]} -gt 0 ]]; then programs=("${only[@]}"); all=1; fi
# SKIP_DONE=1: keep what an interrupted run translated.
skip_done=${SKIP_DONE:-0}
# The flags of a test's RUN line: between %ampcc and %s.
run_flags() { sed -n 's|^// RUN: %ampcc \(.*\)%s -o %t.*|\1|p' "$1" | head -n 1; }
archflag=(--offload-arch="$arch")
[[ $arch == default ]] && archflag=()

mkdir -p "$out"
out=$(cd "$out" && pwd)
((skip_done)) || rm -rf "$out/translated" "$out/expected"
mkdir -p "$out/translated" "$out/expected"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
printf '%s\n' "${programs[@]}" >"$out/programs.txt"
for p in "${programs[@]}"; do
  src=$root/test/e2e/$p.cpp
  ((skip_done)) && [[ -f $out/translated/$p.ampcc.cpp ]] && continue
  [[ -f $src ]] || { echo "cuda-backend-translate.sh: no $src" >&2; exit 1; }
  # -save-temps writes <name>.ampcc.cpp (and <name>.ampcc.tree for kernels in headers) beside the output.
  flags=-O2
  ((all)) && flags=$(run_flags "$src")
  # The macros the flags give the host compile (-fampcc-checked: AMPCC_CHECKED), which a build elsewhere needs too
  # (scripts/build-translated.sh reads <name>.flags).
  # shellcheck disable=SC2086
  "$ampcc" -### $flags "$src" -o "$work/$p" 2>&1 | grep -o -- '-DAMPCC_[A-Z_]*=[0-9]*' | sort -u |
    tr '\n' ' ' >"$out/translated/$p.flags" || true
  [[ -s $out/translated/$p.flags ]] || rm -f "$out/translated/$p.flags"
  if ((!reference)) && ! grep -q '#include "' "$src"; then
    # Only the host C++ is needed (no kernels in the test's own headers): no host compile here.
    # shellcheck disable=SC2086 # the RUN line's flags, split as lit's shell splits them
    "$ampcc" $flags --emit-host "${archflag[@]}" "$src" -o "$out/translated/$p.ampcc.cpp" 2>"$work/$p.err" ||
      { echo "cuda-backend-translate.sh: $p did not translate:"; cat "$work/$p.err"; exit 1; } >&2
  else
    # shellcheck disable=SC2086
    "$ampcc" $flags -save-temps "${archflag[@]}" "$src" -o "$work/$p" 2>"$work/$p.err" ||
      { echo "cuda-backend-translate.sh: $p did not build:"; cat "$work/$p.err"; exit 1; } >&2
    cp -r "$work/$p.ampcc.cpp" $(compgen -G "$work/$p.ampcc.tree" || true) "$out/translated/"
  fi
  grep -q ampcc_device_codes "$out/translated/$p.ampcc.cpp" ||
    echo "note: $p embeds no PTX ($(grep -m1 'warning' "$work/$p.err" || echo 'no warning'))"
  # The reference: this machine's OpenCL device, for the check's table (the pass/fail is CUDA against OpenCL there).
  ((reference)) || continue
  (cd "$work" && AMPCC_CACHE=0 "./$p" >"$out/expected/$p.out" 2>/dev/null) || echo "note: $p exits nonzero here"
done
# xxHash's headers, which the GPU machine lacks.
if ! compgen -G "$out/xxhash/libxxhash-dev_*.deb" >/dev/null; then
  mkdir -p "$out/xxhash"
  (cd "$out/xxhash" && apt-get download libxxhash-dev >/dev/null 2>&1) ||
    echo "note: could not download libxxhash-dev; put its .deb in $out/xxhash" >&2
fi
echo "translated ${#programs[@]} programs for $arch into $out ($(du -sh "$out" | cut -f1))"
