#!/usr/bin/env python3
# Runs the conformance tests of an earlier run again from the programs it built, on another machine (the GPU
# machine has no Clang, so it cannot build them): every test that ran keeps its programs, test.cpp.N.exe, one per
# configuration, under the run's work folder. Tests that did not get as far as running (build failures, negative
# and compile-only tests) keep the earlier run's result, which does not depend on the device. Writes lit's JSON
# format, so report.py makes the same table from it.
#   run_built.py --results RUN/results.json --work RUN/work --out OUT.json [--jobs N] [--timeout S]
#   run_built.py --pack RUN OUT.tar.xz      # the run's programs (stripped) and results, for carrying elsewhere
import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

PREFIX = "amp-conformance :: "


def programs(work, name):
    """The programs of test `name` (its path under Tests/), in configuration order."""
    found = []
    i = 0
    while os.path.exists(os.path.join(work, "%s.%d.exe" % (name, i))):
        found.append(os.path.join(work, "%s.%d.exe" % (name, i)))
        i += 1
    return found


def last_line(output):
    lines = [l for l in output.splitlines() if l.strip()]
    return lines[-1][:300] if lines else ""


def run_test(exes, timeout):
    """(lit code, reason) of running every configuration's program, as ampconf.py judges a run."""
    for exe in exes:
        try:
            p = subprocess.run([exe], cwd=os.path.dirname(exe), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "FAIL", "run: timed out after %ds" % timeout
        out = p.stdout.decode("utf-8", errors="replace")
        if p.returncode == 2:
            return "UNSUPPORTED", "skipped by the test (runall_skip)"
        if p.returncode != 0:
            status = "exit status %d" % p.returncode if p.returncode > 0 else "signal %d" % -p.returncode
            return "FAIL", "run: %s; last line: %s" % (status, last_line(out))
    return "PASS", ""


def pack(run_dir, archive):
    work = os.path.join(run_dir, "work")
    with tempfile.TemporaryDirectory() as stage:
        for root, _, files in os.walk(work):
            for f in files:
                if not f.endswith(".exe"):
                    continue
                rel = os.path.relpath(os.path.join(root, f), work)
                dest = os.path.join(stage, "work", rel)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                shutil.copy2(os.path.join(root, f), dest)
                subprocess.run(["strip", dest], check=False)
        shutil.copy2(os.path.join(run_dir, "results.json"), os.path.join(stage, "results.json"))
        with tarfile.open(archive, "w:xz") as tar:
            tar.add(stage, arcname="conformance")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--results")
    ap.add_argument("--work")
    ap.add_argument("--out")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--pack", nargs=2, metavar=("RUN", "ARCHIVE"))
    args = ap.parse_args()
    if args.pack:
        pack(*args.pack)
        return 0
    if not (args.results and args.work and args.out):
        ap.error("--results, --work and --out are needed (or --pack)")
    with open(args.results, encoding="utf-8") as f:
        earlier = json.load(f)
    tests = earlier.get("tests", [])
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for i, t in enumerate(tests):
            name = t["name"][len(PREFIX):] if t["name"].startswith(PREFIX) else t["name"]
            metrics = t.get("metrics", {})
            # Only tests whose every configuration was built: a run that stopped at a build keeps its failure.
            built = t["code"] in ("PASS", "UNSUPPORTED") or metrics.get("reason", "").startswith("run:")
            exes = programs(args.work, name) if metrics.get("kind") == "run" and built else []
            if exes:
                jobs[i] = pool.submit(run_test, exes, args.timeout)
        for i, future in jobs.items():
            code, reason = future.result()
            metrics = dict(tests[i].get("metrics", {}))
            metrics["reason"] = reason
            tests[i] = dict(tests[i], code=code, metrics=metrics)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump({"tests": tests}, f, indent=1)
    counts = {}
    for t in tests:
        counts[t["code"]] = counts.get(t["code"], 0) + 1
    print("ran %d tests' programs again; results: %s" % (len(jobs), counts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
