#!/usr/bin/env bash
# -fdiagnostics-format=sarif: whatever fails (the translator, the host compile with gcc or Clang as the host
# compiler, the link, ampcc itself), stderr is one SARIF 2.1.0 document that parses, with each error located
# where the step can locate it; a clean compile gives a document without errors.
#   sarif.sh AMPCC SOURCE_DIR WORK_DIR
# RUN: bash %s %ampcc_exe %S %t
set -euo pipefail
ampcc=$1 src=$2 work=$3
in=$src/inputs
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }

# check FILE.err TOOL LEVEL FILE LINE TEXT: FILE.err is one JSON document (python3 -m json.tool reads it), a
# SARIF 2.1.0 log in which the run of TOOL has a result of LEVEL in FILE at LINE whose message holds TEXT
# (FILE and LINE "-" for an error without a location; LEVEL "none" for no error result at all, in any run).
check() {
  python3 -m json.tool "$1" > /dev/null || fail "$1 is not one JSON document: $(head -c 400 "$1")"
  python3 - "$@" << 'PY' || fail "$1: $(head -c 1500 "$1")"
import json, sys
path, tool, level, file, line, text = sys.argv[1:]
doc = json.load(open(path))
assert doc["version"] == "2.1.0" and isinstance(doc["runs"], list), "not SARIF 2.1.0"
results = [(run["tool"]["driver"]["name"], r) for run in doc["runs"] for r in run.get("results", [])]
if level == "none":
    errors = [r for _, r in results if r.get("level") == "error"]
    assert not errors, "unexpected errors: %s" % errors
    sys.exit(0)
def matches(name, r):
    if name != tool or r.get("level") != level or text not in r["message"]["text"]:
        return False
    if file == "-":
        return "locations" not in r
    loc = r["locations"][0]["physicalLocation"]
    return loc["artifactLocation"]["uri"].endswith("/" + file) and loc["region"]["startLine"] == int(line)
assert any(matches(n, r) for n, r in results), "no %s %s from %s at %s:%s" % (level, text, tool, file, line)
PY
}

# The translator's error (a type error in a kernel), with -fsyntax-only and with -c; a #line directive names
# the file (Clang's own SARIF printer crashes there).
for stop in -fsyntax-only -c; do
  if "$ampcc" -fdiagnostics-format=sarif $stop "$src/broken.cpp" -o broken.o 2> translator$stop.err; then
    fail "broken.cpp accepted ($stop)"
  fi
  check translator$stop.err ampcc-translator error broken.cpp 7 "assigning to 'int'"
done
printf '#line 40 "generated.cpp"\nint main() { return undeclared; }\n' > line.cpp
if "$ampcc" -fdiagnostics-format=sarif -fsyntax-only line.cpp 2> line.err; then fail "line.cpp accepted"; fi
check line.err ampcc-translator error generated.cpp 40 "undeclared identifier 'undeclared'"

# An error only the host compile finds, from gcc (its JSON diagnostics, converted) and from Clang (its text
# lines, read: Clang 19's SARIF crashes on #line), with -fsyntax-only (which checks the host side too) and with -c.
for host in c++ clang++-19; do
  command -v $host > /dev/null || fail "no $host"
  tool=$host
  for stop in -fsyntax-only -c; do
    err=host-$host$stop.err
    if "$ampcc" --host-cxx=$host -fdiagnostics-format=sarif $stop "$in/host_only_error.cpp" -o host.o 2> "$err"; then
      fail "host_only_error.cpp accepted ($host $stop)"
    fi
    check "$err" $tool error host_only_error.cpp 10 "the host side of this file does not compile"
  done
  # Without SARIF the same error is text, as the host compiler writes it.
  if "$ampcc" --host-cxx=$host -fsyntax-only "$in/host_only_error.cpp" 2> host-$host-text.err; then
    fail "host_only_error.cpp accepted ($host, text)"
  fi
  grep -q "host_only_error.cpp:10:.*error.*the host side of this file does not compile" host-$host-text.err ||
    fail "host error as text: $(cat host-$host-text.err)"
  # A clean file: a document with no error, and the object.
  "$ampcc" --host-cxx=$host -fdiagnostics-format=sarif -c "$src/scale_kernel.cpp" -I"$src/include" -DSCALE=2 \
    -o clean.o 2> clean-$host.err || fail "scale_kernel.cpp ($host): $(head -c 400 clean-$host.err)"
  [[ -s clean.o ]] || fail "no object with SARIF diagnostics ($host)"
  check clean-$host.err - none - - -
done

# The link: the linker's messages are notifications of the link's invocation, which did not succeed.
if "$ampcc" -fdiagnostics-format=sarif "$in/link_error.cpp" -o link_error 2> link.err; then fail "link_error linked"; fi
check link.err - none - - -
python3 - link.err << 'PY' || fail "link error: $(head -c 1500 link.err)"
import json, sys
runs = json.load(open(sys.argv[1]))["runs"]
link = [i for run in runs for i in run.get("invocations", []) if not i["executionSuccessful"]]
assert link, "no failed invocation"
notes = [n["message"]["text"] for n in link[-1].get("toolExecutionNotifications", [])]
assert any("missing" in n for n in notes), notes
PY

# ampcc's own errors go into the document too, as results of the run of ampcc.
if "$ampcc" -fdiagnostics-format=sarif -c no_such_file.cpp 2> missing.err; then fail "missing file accepted"; fi
check missing.err ampcc error - - "no such file: 'no_such_file.cpp'"

# The last -fdiagnostics-format wins; json and gcc's spellings are refused by name.
if "$ampcc" -fdiagnostics-format=sarif -fdiagnostics-format=clang -fsyntax-only "$src/broken.cpp" 2> text.err; then
  fail "broken.cpp accepted (text)"
fi
grep -q "broken.cpp:7:.*error:" text.err || fail "-fdiagnostics-format=clang after sarif: $(head -c 400 text.err)"
for format in json sarif-stderr; do
  if "$ampcc" -fdiagnostics-format=$format -fsyntax-only "$src/broken.cpp" 2> $format.err; then
    fail "-fdiagnostics-format=$format accepted"
  fi
  grep -q "ampcc: error: '-fdiagnostics-format=$format' is not supported" $format.err || fail "$(cat $format.err)"
done
if "$ampcc" -fdiagnostics-format=xml -fsyntax-only "$src/broken.cpp" 2> xml.err; then fail "xml accepted"; fi
grep -q "ampcc: error: invalid value 'xml'" xml.err || fail "$(cat xml.err)"
echo "SARIF diagnostics: all checks passed"
