#!/usr/bin/env python3
"""Compile time of ampcc against Clang alone on ampcc's own translated output, in paired runs.

For each case, command A (ampcc) and command B (the yardstick) run in turn, A B A B ..., RUNS times each after
one warm-up pair; each pair gives a ratio A/B of wall-clock and of CPU (user + system) seconds, and the median of
those ratios is reported with the median seconds of each side. Pairing keeps a ratio meaningful on a machine
whose load drifts. The host side of `ampcc -c` is clang++ (AMPCC_CXX), so both sides use the same compiler, with
the flags ampcc gives it (read from `ampcc -###`).

  bench/compile_time.py [--runs N] [--sample FILE] [--out FILE.json] [--ratios-only]
AMPCC picks the ampcc binary (default build/tools/ampcc/ampcc), CLANGXX the Clang (default clang++-19).
"""
import argparse
import datetime
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(cmd, env):
    """Wall and CPU seconds of one run of cmd (its children included); raises if it fails."""
    start = time.monotonic()
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, err = p.communicate()
    wall = time.monotonic() - start
    if p.returncode != 0:
        sys.exit("compile_time.py: %s failed:\n%s" % (" ".join(cmd), err.decode(errors="replace")))
    return wall, p.returncode


def timed(cmd, env):
    before = os.times()
    wall, _ = run(cmd, env)
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, cpu


def paired(name, a, b, runs, env):
    timed(a, env), timed(b, env)  # warm-up: file caches, dynamic loading
    rows = []
    for _ in range(runs):
        wa, ca = timed(a, env)
        wb, cb = timed(b, env)
        rows.append((wa, ca, wb, cb))
    med = lambda i: statistics.median(r[i] for r in rows)
    result = {"case": name, "a": " ".join(a), "b": " ".join(b), "runs": runs,
              "a_wall_s": round(med(0), 4), "a_cpu_s": round(med(1), 4),
              "b_wall_s": round(med(2), 4), "b_cpu_s": round(med(3), 4),
              "ratio_wall": round(statistics.median(r[0] / r[2] for r in rows), 3),
              "ratio_cpu": round(statistics.median(r[1] / r[3] for r in rows), 3)}
    print("%-34s A %.3f s (cpu %.3f)  B %.3f s (cpu %.3f)  A/B wall %.3f cpu %.3f" % (
        name, result["a_wall_s"], result["a_cpu_s"], result["b_wall_s"], result["b_cpu_s"],
        result["ratio_wall"], result["ratio_cpu"]), flush=True)
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--sample", default=os.path.join(ROOT, "test/e2e/seed_matmul_tiled.cpp"))
    ap.add_argument("--out")
    ap.add_argument("--offload-arch", default="sm_90", help="the arch of the PTX case")
    ap.add_argument("--ratios-only", action="store_true",
                    help="only the two ratios to clang++ (for an ampcc without the newer flags)")
    a = ap.parse_args()
    ampcc = os.environ.get("AMPCC", os.path.join(ROOT, "build/tools/ampcc/ampcc"))
    clangxx = os.environ.get("CLANGXX", "clang++-19")
    env = dict(os.environ, AMPCC_CXX=clangxx)
    work = tempfile.mkdtemp(prefix="ampcc-compile-time-")
    sample = os.path.abspath(a.sample)
    stem = os.path.splitext(os.path.basename(sample))[0]
    obj = os.path.join(work, stem + ".o")
    # The translated host source, and the host command line ampcc runs on it.
    subprocess.run([ampcc, "-O2", "-save-temps", "-c", sample, "-o", obj], env=env, check=True)
    translated = os.path.join(work, stem + ".ampcc.cpp")
    shown = subprocess.run([ampcc, "-###", "-O2", "-c", sample, "-o", obj], env=env, check=True,
                           stderr=subprocess.PIPE, text=True).stderr.splitlines()
    host = shlex.split([l for l in shown if not l.startswith("#")][0])
    i = host.index("-c")
    host[i + 1] = translated
    host[host.index("-o") + 1] = os.path.join(work, "host.o")
    syntax = [x for x in host if x not in ("-c", translated, "-o", os.path.join(work, "host.o"))]
    syntax += ["-fsyntax-only", translated]
    # Precompiled preambles (AMPCC_PREAMBLE): "warm" reuses the ones a priming compile made (an edit-compile
    # cycle, a rebuild); "first" has none (AMPCC_PREAMBLE=0: not even the preludes shipped with ampcc); "precompiling" empties the cache before each run, so ampcc makes both preambles (the default
    # policy's second compile of a file). An ampcc from before preambles ignores the variables.
    cache = os.path.join(work, "preambles")
    env["AMPCC_PREAMBLE_DIR"] = cache
    warm = dict(env, AMPCC_PREAMBLE="always")
    first = dict(env, AMPCC_PREAMBLE="0")
    compile_cmd = [ampcc, "-O2", "-c", sample, "-o", obj]
    syntax_cmd = [ampcc, "-O2", "-fsyntax-only", sample]
    subprocess.run(compile_cmd, env=warm, check=True)
    cases = [
        paired("ampcc -c / clang++ -c", compile_cmd, host, a.runs, warm),
        paired("ampcc -fsyntax-only / clang++", syntax_cmd, syntax, a.runs, warm),
    ]
    if not a.ratios_only:
        empty_then = ["sh", "-c", 'rm -rf "$0" && exec "$@"', cache]
        # A source's first compile when another source of its folder with the same preamble was compiled twice
        # before (the default policy then shares that one's preambles): each run compiles a fresh copy.
        shared = dict(env)
        shared.pop("AMPCC_PREAMBLE", None)
        primer = os.path.join(work, "primer.cpp")
        subprocess.run(["cp", sample, primer], check=True)
        for _ in range(2):
            subprocess.run([ampcc, "-O2", "-c", primer, "-o", obj], env=shared, check=True)
        fresh_copy = ["sh", "-c", 'f=$(mktemp -p "$0" fresh-XXXXXX.cpp) && cp "$1" "$f" && exec "$2" -O2 -c "$f" -o "$3"',
                      work, sample, ampcc, obj]
        # A source's first compile in a build where two other sources that include <amp.h> were compiled with
        # the same flags (the default policy then has the host's prelude, amp.h precompiled): each run compiles
        # a copy with a preamble of its own (a comment line that names it) in a folder of its own.
        for n in range(2):
            other = os.path.join(work, "prelude%d" % n, stem + ".cpp")
            os.makedirs(os.path.dirname(other))
            with open(other, "w") as f:
                f.write("// prelude primer %d\n" % n + open(sample).read())
            subprocess.run([ampcc, "-O2", "-c", other, "-o", obj], env=shared, check=True)
        fresh_source = ('d=$(mktemp -d -p "$0") && f="$d/s.cpp" && { echo "// $d"; cat "$1"; } > "$f" && '
                        'exec "$2" -O2 "$3" "$f" "$4" "$5"')
        fresh_compile = ["sh", "-c", fresh_source, work, sample, ampcc, "-c", "-o", obj]
        fresh_syntax = ["sh", "-c", fresh_source, work, sample, ampcc, "-fsyntax-only", "-w", "-w"]
        cases += [
            paired("first compile, prelude shared: ampcc -c / clang++", fresh_compile, host, a.runs, shared),
            paired("first, prelude shared: ampcc -fsyntax-only / clang++", fresh_syntax, syntax, a.runs, shared),
            paired("first compile, preamble shared: ampcc -c / clang++", fresh_copy, host, a.runs, shared),
            # A machine's very first compile: the cache emptied before each run, the default policy, so only
            # the preludes made when ampcc was built (the shipped ones) are there.
            paired("first compile, empty cache: ampcc -c / clang++", empty_then + compile_cmd, host, a.runs,
                   shared),
            paired("first, empty cache: ampcc -fsyntax-only / clang++", empty_then + syntax_cmd, syntax, a.runs,
                   shared),
            # Nothing precompiled at all (AMPCC_PREAMBLE=0: no cache, no shipped prelude).
            paired("first compile: ampcc -c / clang++", compile_cmd, host, a.runs, first),
            paired("first: ampcc -fsyntax-only / clang++", syntax_cmd, syntax, a.runs, first),
            paired("precompiling: ampcc -c / clang++", empty_then + compile_cmd, host, a.runs, warm),
            # The steps below, measured without preambles so that only the step differs.
            paired("kernel check on / off (-c)", [ampcc, "-O2", "-c", sample, "-o", obj],
                   [ampcc, "-O2", "-fno-ampcc-kernel-check", "-c", sample, "-o", obj], a.runs, first),
            paired("--offload-arch=%s / none (-c)" % a.offload_arch,
                   [ampcc, "-O2", "--offload-arch=" + a.offload_arch, "-c", sample, "-o", obj],
                   [ampcc, "-O2", "-c", sample, "-o", obj], a.runs, first),
        ]
    report = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
              "sample": os.path.relpath(sample, ROOT), "clangxx": clangxx, "cores": os.cpu_count(),
              "load_average": os.getloadavg(), "cases": cases}
    if a.out:
        with open(a.out, "w") as f:
            json.dump(report, f, indent=1)
    subprocess.run(["rm", "-rf", work])


if __name__ == "__main__":
    main()
