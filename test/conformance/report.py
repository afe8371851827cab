#!/usr/bin/env python3
# Turns lit's JSON results of a conformance run into the table by chapter and section (with HCC's passes on the
# same tests), a results file of one line per test, and the regression gate against the committed pass list.
import argparse
import collections
import json
import os
import sys

PREFIX = "amp-conformance :: "


def load_results(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    results = {}
    for t in data.get("tests", []):
        name = t["name"]
        if name.startswith(PREFIX):
            name = name[len(PREFIX):]
        metrics = t.get("metrics", {})
        code = t["code"]
        result = {"PASS": "pass", "UNSUPPORTED": "skip"}.get(code, "fail")
        results[name] = {
            "kind": metrics.get("kind", "?"),
            "result": result,
            "reason": metrics.get("reason", "") or ("" if result == "pass" else code),
        }
    return results


def read_list(path):
    if not path or not os.path.exists(path):
        return set()
    with open(path, encoding="utf-8") as f:
        return {l.strip() for l in f if l.strip() and not l.startswith("#")}


def group_of(name):
    parts = name.split("/")
    return parts[0], parts[1] if len(parts) > 2 else "(top)"


def table(results, hcc):
    rows = collections.OrderedDict()
    for name in sorted(results):
        chapter, section = group_of(name)
        for key in ((chapter, section), (chapter, "")):
            row = rows.setdefault(key, collections.Counter())
            row[results[name]["result"]] += 1
            row["tests"] += 1
            row["hcc"] += name in hcc
    total = collections.Counter()
    for name, r in results.items():
        total[r["result"]] += 1
        total["tests"] += 1
        total["hcc"] += name in hcc
    out = ["| chapter / section | tests | pass | skip | fail | HCC pass |", "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for (chapter, section), c in sorted(rows.items(), key=lambda kv: (kv[0][0], kv[0][1] != "", kv[0][1])):
        label = "**%s**" % chapter if not section else "&nbsp;&nbsp;%s" % section
        out.append("| %s | %d | %d | %d | %d | %d |" % (label, c["tests"], c["pass"], c["skip"], c["fail"], c["hcc"]))
    out.append("| **all** | %d | %d | %d | %d | %d |" % (total["tests"], total["pass"], total["skip"], total["fail"],
                                                         total["hcc"]))
    return "\n".join(out)


def causes(results, limit):
    """Failures grouped by their reason with file-specific parts (paths, line numbers) blurred."""
    import re
    counts = collections.Counter()
    for r in results.values():
        if r["result"] != "fail":
            continue
        reason = r["reason"]
        reason = re.sub(r"\S*/", "", reason)
        reason = re.sub(r":\d+:\d+:", ":L:C:", reason)
        reason = re.sub(r"line [\d,]+", "line N", reason)
        reason = re.sub(r"\[-D[^\]]*\]", "", reason)
        counts[reason[:160]] += 1
    return counts.most_common(limit)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("results", help="lit's --output JSON")
    ap.add_argument("--hcc", help="hcc-amdgpu-passlist.txt")
    ap.add_argument("--tsv", help="write one line per test: path, kind, result, first reason")
    ap.add_argument("--table", help="also write the markdown table here")
    ap.add_argument("--check", help="fail if a test of this list does not pass")
    ap.add_argument("--grow", help="add every passing test to this list (it only grows)")
    ap.add_argument("--causes", type=int, default=25, help="how many failure causes to print")
    args = ap.parse_args()

    results = load_results(args.results)
    hcc = read_list(args.hcc)
    text = table(results, hcc)
    print(text)
    if args.table:
        with open(args.table, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    if args.tsv:
        with open(args.tsv, "w", encoding="utf-8") as f:
            for name in sorted(results):
                r = results[name]
                f.write("%s\t%s\t%s\t%s\n" % (name, r["kind"], r["result"], r["reason"].replace("\t", " ")))

    corrected = sorted(n for n, r in results.items() if r["result"] == "pass" and "stale-lines.txt" in r["reason"])
    print("\nPassed on corrected line numbers (stale-lines.txt): %d" % len(corrected))
    for n in corrected:
        print("  %s  (%s)" % (n, results[n]["reason"]))

    lost_to_hcc = sorted(n for n in results if n in hcc and results[n]["result"] != "pass")
    print("\nHCC passes, ampcc does not: %d" % len(lost_to_hcc))
    for n in lost_to_hcc[:40]:
        print("  %s  (%s)" % (n, results[n]["reason"][:140]))
    if len(lost_to_hcc) > 40:
        print("  ... %d more in the results file" % (len(lost_to_hcc) - 40))
    print("\nFailure causes (most frequent first):")
    for reason, n in causes(results, args.causes):
        print("  %4d  %s" % (n, reason))

    status = 0
    if args.check:
        gate = read_list(args.check)
        missing = sorted(gate - set(results))
        regressed = sorted(n for n in gate if n in results and results[n]["result"] != "pass")
        for n in missing:
            print("REGRESSION (not run): %s" % n)
        for n in regressed:
            print("REGRESSION: %s: %s" % (n, results[n]["reason"]))
        print("\nGate: %d of %d listed tests pass" % (len(gate) - len(regressed) - len(missing), len(gate)))
        if regressed or missing:
            status = 1
    if args.grow:
        gate = read_list(args.grow)
        passing = {n for n, r in results.items() if r["result"] == "pass"}
        grown = sorted(gate | passing)
        with open(args.grow, "w", encoding="utf-8") as f:
            f.write("# Conformance tests that pass (paths under amp-conformance/Tests); CI fails if one stops passing.\n")
            f.write("# Grown by scripts/conformance.sh --grow; never remove a line to make CI pass.\n")
            f.write("".join(n + "\n" for n in grown))
        print("Pass list: %d tests (%d new)" % (len(grown), len(grown) - len(gate)))
    return status


if __name__ == "__main__":
    sys.exit(main())
