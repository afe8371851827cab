#!/usr/bin/env python3
"""Every row of the restriction checks' diagnostic catalogue (lib/Analysis/AmpDiagnostics.def) has a test.

A row is tested when some line of a test under test/ that states an expectation (expected-error, -note,
-warning, CHECK) holds every fixed part of its text, in order (the %0-style arguments may be anything there).
  check-diagnostic-catalogue.py CATALOGUE TESTDIR
"""
import pathlib
import re
import sys


def rows(catalogue):
    text = pathlib.Path(catalogue).read_text()
    for m in re.finditer(r'^AMP_DIAG\((\w+),\s*(\w+),\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\)', text, re.M):
        yield m.group(1), "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(3)))


def pattern(message):
    # Fixed parts in order; an argument (%0, %select{...}1) matches anything.
    parts = re.split(r"%select\{[^}]*\}\d|%\d", message)
    return re.compile(".*".join(re.escape(p) for p in parts))


def main():
    catalogue, tests = sys.argv[1], pathlib.Path(sys.argv[2])
    expectations = []
    for path in sorted(tests.rglob("*")):
        if path.suffix not in (".cpp", ".h", ".sh", ".txt") or not path.is_file():
            continue
        for line in path.read_text(errors="replace").splitlines():
            if "expected-" in line or "CHECK" in line:
                expectations.append(line)
    missing = [name for name, message in rows(catalogue)
               if not any(pattern(message).search(line) for line in expectations)]
    count = sum(1 for _ in rows(catalogue))
    if count == 0:
        print(f"no rows read from {catalogue}")
        return 1
    if missing:
        print(f"{len(missing)} of {count} catalogue rows have no test: " + ", ".join(missing))
        return 1
    print(f"all {count} catalogue rows have a test")
    return 0


if __name__ == "__main__":
    sys.exit(main())
