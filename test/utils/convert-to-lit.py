#!/usr/bin/env python3
"""Converts translator, diagnostics and e2e tests from test/run-test.sh's directives to lit RUN lines.

    test/utils/convert-to-lit.py [--check] [FILE.cpp ...]

Without files it converts every test under test/translate, test/diagnostics and test/e2e. A file's kind is the
name of its folder (translate, diagnostics or e2e). A file that has a RUN: line already is left alone, so the
script can run again on a tree with new tests in the old form. --check changes nothing and exits 1 while some
file would change.

The directives and what they become (test/lit.cfg.py defines the substitutions):
  translate     `%ampcc FLAGS --emit-opencl %s | FileCheck %s`, and when the file has `// HOST` lines,
                `%ampcc FLAGS --emit-host %s | FileCheck --check-prefix=HOST %s`
  diagnostics   `%ampcc FLAGS -fsyntax-only -Xclang -verify %s`
  e2e           `%ampcc FLAGS -O2 %s -o %t && %t | FileCheck --match-full-lines %s`, the program run by
                `%run_quiet %t` for `// STDERR: empty`, by `%expect_exit N %t` for `// EXIT: N`; and
                `// REQUIRES: tbb` for ppl_*.cpp (PPL's headers need oneTBB)
where FLAGS are the file's `// AMPCC-FLAGS:` lines.

The RUN lines take the place of the directive lines (a long command split with `\\` over the lines the directives
had), or, in a file without directives, go after the comment lines it opens with. Where that moves lines, the
references to line numbers that follow are rewritten to keep pointing at the same lines: Clang -verify's
`expected-...@N` and `@+N`/`@-N`, FileCheck's `[[@LINE+N]]`, `FILE.cpp:N` (this file's name), kernel names
(`..._FILE_cpp_N`), `#line N` in check lines, and "at line N" or "at N:M" in a message that a check line or an
expectation matches. The script prints each rewritten reference; run the tests to be sure.
"""
import argparse
import os
import re
import sys

KINDS = ("translate", "diagnostics", "e2e")
FLAGS_RE = re.compile(r"^// AMPCC-FLAGS: (.*)$")
EXIT_RE = re.compile(r"^// EXIT: (.*)$")
QUIET_RE = re.compile(r"^// STDERR: empty")
# A comment line that is a check or an expectation, where RUN lines must not be inserted before a relative reference.
CHECKISH_RE = re.compile(r"CHECK|HOST|expected-|@LINE|RUN:|REQUIRES:")


def commands(kind, text, flags, quiet, want_exit):
    f = "".join(x + " " for x in flags)
    if kind == "translate":
        cmds = ["%%ampcc %s--emit-opencl %%s | FileCheck %%s" % f]
        if "// HOST" in text:
            cmds.append("%%ampcc %s--emit-host %%s | FileCheck --check-prefix=HOST %%s" % f)
        return cmds
    if kind == "diagnostics":
        return ["%%ampcc %s-fsyntax-only -Xclang -verify %%s" % f]
    run = "%t"
    if quiet:
        run = "%run_quiet " + ("--exit %s " % want_exit if want_exit != "0" else "") + "%t"
    elif want_exit != "0":
        run = "%%expect_exit %s %%t" % want_exit
    return ["%%ampcc %s-O2 %%s -o %%t && %s | FileCheck --match-full-lines %%s" % (f, run)]


def physical_lines(cmds, slots):
    """The RUN comment lines for CMDS; split at ` && ` with continuations while fewer lines than SLOTS."""
    pieces = [[c] for c in cmds]
    while sum(len(p) for p in pieces) < slots:
        for p in pieces:
            if " && " in p[-1]:
                head, tail = p[-1].split(" && ", 1)
                p[-1:] = [head + " \\", "  && " + tail]
                break
        else:
            break
    return ["// RUN: " + line for p in pieces for line in p]


def rewrite_references(lines, new_line, name):
    """Rewrites the line references of LINES, the new file; new_line maps the number of each line kept from the old
    file to its new number."""
    old_of = {new: old for old, new in new_line.items()}
    notes = []

    def absolute(m, group, at):
        n = int(m.group(group))
        if n not in new_line or new_line[n] == n:
            return m.group(0)
        notes.append("line %d: %s -> %d" % (at, m.group(0), new_line[n]))
        return m.group(0)[: m.start(group) - m.start(0)] + str(new_line[n]) + m.group(0)[m.end(group) - m.start(0):]

    def relative(m, sign_group, num_group, old, new, fmt):
        off = int(m.group(num_group) or 0) * (-1 if m.group(sign_group) == "-" else 1)
        target = old + off
        if target not in new_line:
            return m.group(0)
        new_off = new_line[target] - new
        if new_off == off:
            return m.group(0)
        notes.append("line %d: %s -> offset %+d" % (new, m.group(0), new_off))
        return fmt(m, new_off)

    out = []
    for idx, line in enumerate(lines):
        new = idx + 1
        old = old_of.get(new)
        if old is None:  # a RUN line
            out.append(line)
            continue
        line = re.sub(r"(expected-[\w-]+)@(\d+)(?![\w.:])", lambda m: absolute(m, 2, new), line)
        line = re.sub(
            r"(expected-[\w-]+)@([+-])(\d+)",
            lambda m: relative(m, 2, 3, old, new, lambda m, o: "%s@%+d" % (m.group(1), o)),
            line,
        )
        line = re.sub(
            r"\[\[@LINE(?:([+-])(\d+))?\]\]",
            lambda m: relative(m, 1, 2, old, new, lambda m, o: "[[@LINE%s]]" % ("%+d" % o if o else "")),
            line,
        )
        line = re.sub(re.escape(name) + r":(\d+)", lambda m: absolute(m, 1, new), line)
        # Kernel names end with the file's name and the kernel's line: ampcc_f_sections_cpp_12.
        line = re.sub(r"(?<![A-Za-z0-9])" + re.escape(re.sub(r"\W", "_", name)) + r"_(\d+)(?!\d)",
                      lambda m: absolute(m, 1, new), line)
        if re.search(r"\b(CHECK|HOST)[\w-]*:|expected-", line):
            # Locations in the text of a message: "at line N", "at N:M" (the diagnostics name lines of this file).
            line = re.sub(r"\bat line (\d+)\b", lambda m: absolute(m, 1, new), line)
            line = re.sub(r"\bat (\d+):\d+\b", lambda m: absolute(m, 1, new), line)
        if re.search(r"\b(CHECK|HOST)[\w-]*:", line):
            # `#line N` of this file (no file name, or this one), not of a header.
            line = re.sub(
                r'#line (\d+)(?: "([^"]*)")?',
                lambda m: absolute(m, 1, new) if m.group(2) is None or m.group(2).endswith(name) else m.group(0),
                line,
            )
        out.append(line)
    return out, notes


def convert(path, kind):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if re.search(r"\bRUN:", text):
        return None, []
    lines = text.split("\n")
    trailing = lines[-1] == ""
    if trailing:
        lines.pop()
    flags, want_exit, quiet, directives = [], "0", False, []
    for i, line in enumerate(lines):
        m = FLAGS_RE.match(line)
        if m:
            flags.append(m.group(1).strip())
            directives.append(i)
        elif kind == "e2e" and EXIT_RE.match(line):
            want_exit = EXIT_RE.match(line).group(1).strip()
            directives.append(i)
        elif kind == "e2e" and QUIET_RE.match(line):
            quiet = True
            directives.append(i)
    flags = [f for f in flags if f]
    cmds = commands(kind, text, flags, quiet, want_exit)
    extra = ["// REQUIRES: tbb"] if kind == "e2e" and os.path.basename(path).startswith("ppl_") else []
    if directives:
        at = directives[0]
        run = physical_lines(cmds, len(directives) - len(extra)) + extra
    else:
        at = 0
        while at < len(lines) and lines[at].startswith("//") and not CHECKISH_RE.search(lines[at]):
            at += 1
        run = physical_lines(cmds, 0) + extra
    skip = set(directives)
    new_lines, new_line = [], {}
    for i, line in enumerate(lines):
        if i == at:
            new_lines.extend(run)
        if i in skip:
            continue
        new_line[i + 1] = len(new_lines) + 1
        new_lines.append(line)
    if at >= len(lines):
        new_lines.extend(run)
    new_lines, notes = rewrite_references(new_lines, new_line, os.path.basename(path))
    return "\n".join(new_lines) + ("\n" if trailing else ""), notes


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="change nothing; exit 1 while a file would change")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    test_dir = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = args.files or sorted(
        os.path.join(test_dir, k, f) for k in KINDS for f in os.listdir(os.path.join(test_dir, k)) if f.endswith(".cpp")
    )
    changed = 0
    for path in files:
        kind = os.path.basename(os.path.dirname(os.path.abspath(path)))
        if kind not in KINDS:
            print("%s: not in test/translate, test/diagnostics or test/e2e: skipped" % path, file=sys.stderr)
            continue
        new_text, notes = convert(path, kind)
        if new_text is None:
            continue
        changed += 1
        for note in notes:
            print("%s: %s" % (path, note))
        if not args.check:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new_text)
    print("%d file(s) %s" % (changed, "to convert" if args.check else "converted"), file=sys.stderr)
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
