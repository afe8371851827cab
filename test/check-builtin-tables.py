#!/usr/bin/env python3
"""Every AMPCC_BUILTIN("name") in include/ has a row in the builtin tables, and every row's name is in include/.

The tables are lib/CodeGen/AmpBuiltins.def (AMPCC_BUILTIN_TYPE / _MEMBER / _CALL rows) and
lib/CodeGen/MathBuiltins.def (AMPCC_MATH_FUNCTION rows). A name that a header builds in a macro
(`AMPCC_BUILTIN("index.assign" name)`, `AMPCC_BUILTIN(#T ".op" name)`) is read at each use of the macro.
With --sec-reduce, the same for the Cilk array-notation reductions, which no header declares: every
__sec_reduce* function that a test under TESTDIR calls has a row in lib/Frontend/CilkReductions.def, and every
row is called by a test.
  check-builtin-tables.py INCLUDEDIR TABLE.def... [--sec-reduce CilkReductions.def TESTDIR]
"""
import pathlib
import re
import sys

STRING = r'"(?:[^"\\]|\\.)*"'
ROW = re.compile(r'^AMPCC_(?:BUILTIN_(?:TYPE|MEMBER|CALL)|MATH_FUNCTION)\(\s*(' + STRING + r')', re.M)


def balanced(text, open_at):
    """The text between the parenthesis at open_at and its match."""
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == '(':
            depth += 1
        elif text[i] == ')':
            depth -= 1
            if depth == 0:
                return text[open_at + 1:i]
    raise ValueError('unbalanced parenthesis')


def split_args(text):
    args, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c == '(':
            depth += 1
        elif c == ')':
            depth -= 1
        elif c == ',' and depth == 0:
            args.append(text[start:i].strip())
            start = i + 1
    args.append(text[start:].strip())
    return args


def concatenate(expr, params=None):
    """The string that expr (string literals, and in a macro its parameters and #parameters) spells, or None."""
    params = params or {}
    out = ''
    for tok in re.findall(STRING + r'|#\s*\w+|\w+|\S', expr):
        if tok.startswith('"'):
            out += tok[1:-1]
        elif tok.startswith('#') and tok[1:].strip() in params:
            out += params[tok[1:].strip()]
        elif tok in params and re.fullmatch(STRING, params[tok]):
            out += params[tok][1:-1]
        else:
            return None
    return out


def header_names(include_dir, problems):
    names = {}
    for path in sorted(pathlib.Path(include_dir).rglob('*')):
        if not path.is_file():
            continue
        text = path.read_text(errors='replace')
        # Macro definitions, their continuation lines joined: name -> (parameters, body).
        macros = [(m.group(1), [p.strip() for p in m.group(2).split(',')], m.start(), m.end())
                  for m in re.finditer(r'^[ \t]*#[ \t]*define[ \t]+(\w+)\(([^)]*)\)(?:[^\n]*\\\n)*[^\n]*', text, re.M)]
        spans = [(start, end) for _, _, start, end in macros]
        for m in re.finditer(r'\bAMPCC_BUILTIN\(', text):
            expr = balanced(text, m.end() - 1)
            line = text.count('\n', 0, m.start()) + 1
            inside = [(name, params) for name, params, start, end in macros if start <= m.start() < end]
            if inside and inside[0][0] == 'AMPCC_BUILTIN':
                continue  # its own definition
            if not inside:
                name = concatenate(expr)
                if name is None:
                    problems.append(f'{path}:{line}: cannot read the name in AMPCC_BUILTIN({expr})')
                else:
                    names.setdefault(name, f'{path}:{line}')
                continue
            # In a macro: the name at each use of the macro outside definitions.
            macro, params = inside[0]
            for use in re.finditer(r'\b' + macro + r'\(', text):
                if any(b <= use.start() < e for b, e in spans):
                    continue
                args = split_args(balanced(text, use.end() - 1))
                name = concatenate(expr, dict(zip(params, args)))
                use_line = text.count('\n', 0, use.start()) + 1
                if name is None or len(args) != len(params):
                    problems.append(f'{path}:{use_line}: cannot read the name in AMPCC_BUILTIN({expr}) of {macro}')
                else:
                    names.setdefault(name, f'{path}:{use_line}')
    return names


def sec_reduce(table, test_dir, problems):
    text = pathlib.Path(table).read_text()
    rows = {}
    for m in re.finditer(r'^AMPCC_SEC_REDUCE\(\s*(' + STRING + r')', text, re.M):
        op = m.group(1)[1:-1]
        rows['__sec_reduce' + ('_' + op if op else '')] = f'{table}:{text.count(chr(10), 0, m.start()) + 1}'
    calls = {}
    for path in sorted(pathlib.Path(test_dir).rglob('*')):
        if path.is_file() and path.suffix in ('.cpp', '.h', '.c'):
            for m in re.finditer(r'\b(__sec_reduce\w*)\s*\(', path.read_text(errors='replace')):
                calls.setdefault(m.group(1), str(path))
    for name in sorted(set(calls) - set(rows)):
        problems.append(f'{calls[name]}: {name} has no row in {table}')
    for name in sorted(set(rows) - set(calls)):
        problems.append(f'{rows[name]}: no test under {test_dir} calls {name}')
    print(f'{len(rows)} array-notation reductions in {table}, {len(calls)} called by tests')


def main(include_dir, tables):
    problems = []
    if '--sec-reduce' in tables:
        at = tables.index('--sec-reduce')
        sec_reduce(tables[at + 1], tables[at + 2], problems)
        tables = tables[:at] + tables[at + 3:]
    names = header_names(include_dir, problems)
    rows = {}
    for table in tables:
        text = pathlib.Path(table).read_text()
        for m in ROW.finditer(text):
            rows.setdefault(m.group(1)[1:-1], f'{table}:{text.count(chr(10), 0, m.start()) + 1}')
    for name in sorted(set(names) - set(rows)):
        problems.append(f'{names[name]}: AMPCC_BUILTIN("{name}") has no row in {" or ".join(tables)}')
    for name in sorted(set(rows) - set(names)):
        problems.append(f'{rows[name]}: the row "{name}" names no AMPCC_BUILTIN in {include_dir}')
    for p in problems:
        print(p)
    print(f'{len(names)} builtin names in {include_dir}, {len(rows)} rows: {len(problems)} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2:]))
