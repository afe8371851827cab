#!/usr/bin/env bash
# Runs Microsoft's C++ AMP libraries and their own test suites (../shared/real-code: the Algorithms Library and
# the BLAS) with the ampcc built here, as scripts/conformance.sh runs the conformance suite, and prints what
# compiled and passed. With --check FILE, fails when a test FILE lists (`library:test`, one a line) does not pass.
#   scripts/real-code.sh [--jobs N] [--out DIR] [--ampcc PATH] [--port ours|shared] [--only LIBRARY]
#                        [--flags "AMPCC FLAGS"] [--check FILE] [--write FILE]
# --ampcc: the ampcc to run (default this checkout's build); an installed one (cmake --install build --prefix DIR)
#   keeps a long run apart from later rebuilds.
# --out: default build/real-code, so that checkouts side by side do not share it.
# --port ours (the default): the libraries as Visual Studio users built them, with ampcc's own port
#   (test/real-code/<library>/: only what no compiler outside Windows can take) and -fampcc-msvc
#   -fampcc-directcompute-bounds before --flags. --port shared: the ports in ../shared/real-code/ports, which
#   rewrite MSVC's C++ into standard C++, and --flags alone.
# The suites' own run scripts build each test source apart (a file ampcc rejects hides no other), link, run, and
# write DIR/<library>/results.tsv; docs/real-code.md has the table and the causes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shared=$root/../shared/real-code
jobs=2 out=$root/build/real-code ampcc=$root/build/tools/ampcc/ampcc port=ours libs="ampalgorithms ampblas" flags="" check="" write=""
while (($#)); do
  case $1 in
  --jobs) jobs=$2; shift 2 ;;
  --out) out=$2; shift 2 ;;
  --ampcc) ampcc=$2; shift 2 ;;
  --port) port=$2; shift 2 ;;
  --only) libs=$2; shift 2 ;;
  --flags) flags=$2; shift 2 ;;
  --check) check=$2; shift 2 ;;
  --write) write=$2; shift 2 ;;
  *) echo "real-code.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ -d $shared/ports ]] || { echo "real-code.sh: the libraries are missing at $shared" >&2; exit 1; }
[[ -x $ampcc ]] || { echo "real-code.sh: no ampcc at $ampcc: build it first (scripts/build.sh)" >&2; exit 1; }
ampcc=$(cd "$(dirname "$ampcc")" && pwd)/$(basename "$ampcc")

# The suites' run scripts take the library from ../<library> and the port from ports/<library>/, beside
# themselves. For our port they run from a tree of links: the library and the run script where they lie in
# ../shared, the port from test/real-code.
runner=$shared
if [[ $port == ours ]]; then
  flags="-fampcc-msvc -fampcc-directcompute-bounds $flags"
  # What the suites compile without ampcc (the BLAS test's C++ wrapper of the reference BLAS) is MSVC's C++ too.
  mkdir -p "$out/bin"
  printf '#!/usr/bin/env bash\nexec clang++-19 -fms-compatibility -fms-extensions -fdelayed-template-parsing -fms-compatibility-version=19.00 "$@"\n' \
    > "$out/bin/clang++-msvc"
  chmod +x "$out/bin/clang++-msvc"
  export HOSTCXX=$out/bin/clang++-msvc
  runner=$out/tree
  rm -rf "$runner" && mkdir -p "$runner/ports"
  for lib in ampalgorithms ampblas; do
    ln -s "$shared/$lib" "$runner/$lib"
    ln -s "$shared/ports/$lib.run.sh" "$runner/ports/$lib.run.sh"
    ln -s "$root/test/real-code/$lib" "$runner/ports/$lib"
  done
elif [[ $port != shared ]]; then
  echo "real-code.sh: --port is ours or shared, not $port" >&2
  exit 2
fi

# The suites call `ampcc` from PATH: this one, with --flags added to every command.
mkdir -p "$out/bin"
cat > "$out/bin/ampcc" <<EOF
#!/usr/bin/env bash
exec "$ampcc" $flags "\$@"
EOF
chmod +x "$out/bin/ampcc"
export PATH=$out/bin:$PATH

status=0
for lib in $libs; do
  echo "== $lib"
  OUT=$out/$lib JOBS=$jobs bash "$runner/ports/$lib.run.sh" > "$out/$lib.log" 2>&1 || {
    echo "real-code.sh: the $lib run failed (see $out/$lib.log)" >&2
    status=1
  }
  tail -n 6 "$out/$lib.log" | grep -E '^(files|tests) ' || true
done

# Every test as `library:name result`.
: > "$out/tests.txt"
for lib in $libs; do
  [[ -f $out/$lib/results.tsv ]] || continue
  awk -F'\t' -v lib="$lib" '$1 == "test" { print lib ":" $2 "\t" $3 }' "$out/$lib/results.tsv" >> "$out/tests.txt"
done
passed=$(awk -F'\t' '$2 == "pass"' "$out/tests.txt" | wc -l)
echo "real-code: $passed of $(wc -l < "$out/tests.txt") tests pass (results: $out/tests.txt)"
if [[ -n $write ]]; then
  awk -F'\t' '$2 == "pass" { print $1 }' "$out/tests.txt" | sort > "$write"
fi
if [[ -n $check ]]; then
  missing=$(comm -23 <(sort "$check") <(awk -F'\t' '$2 == "pass" { print $1 }' "$out/tests.txt" | sort))
  if [[ -n $missing ]]; then
    echo "real-code.sh: these tests passed before and do not now:" >&2
    echo "$missing" >&2
    status=1
  else
    echo "real-code: every test of $check passes"
  fi
fi
exit $status
