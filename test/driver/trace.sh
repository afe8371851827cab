#!/usr/bin/env bash
# AMPCC_TRACE=file.json writes the run's timeline in Chrome's trace event format: valid JSON, with the kernel's
# launch under its name, copies with their byte counts, a program build and a wait, each on a named track; after a
# return from main and after std::exit alike.
#   trace.sh AMPCC SOURCE EXIT_SOURCE WORK_DIR
# RUN: bash %s %ampcc_exe %src_root/test/e2e/seed_add_arrays.cpp %S/inputs/trace_exit.cpp %t
set -euo pipefail
ampcc=$1 src=$2 exit_src=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
"$ampcc" "$src" -o "$work/prog"
"$ampcc" "$exit_src" -o "$work/exit_prog"
export AMPCC_CACHE=0
AMPCC_TRACE="$work/trace.json" "$work/prog" > "$work/out.txt"
AMPCC_TRACE="$work/exit.json" "$work/exit_prog" > "$work/exit_out.txt"
grep -q "^3$" "$work/exit_out.txt" || { cat "$work/exit_out.txt"; exit 1; }
python3 - "$work/trace.json" "$work/exit.json" <<'PY'
import json, sys

def check(path, want_launch_prefix, copy_bytes):
    with open(path) as f:
        trace = json.load(f)
    events = trace["traceEvents"]
    names = {e["tid"]: e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
    done = [e for e in events if e["ph"] == "X"]
    def fail(why):
        print(path + ": " + why)
        for e in events:
            print(json.dumps(e))
        sys.exit(1)
    for e in done:
        if not (isinstance(e["ts"], (int, float)) and e["dur"] >= 0 and e["tid"] in names and "pid" in e):
            fail("a malformed event: " + json.dumps(e))
    launches = [e for e in done if e["cat"] == "launch"]
    if not any(e["name"].startswith(want_launch_prefix) and e["args"]["global"] and e["args"]["local"] for e in launches):
        fail("no launch of a kernel named " + want_launch_prefix + "...")
    if not any("accelerator_view" in names[e["tid"]] for e in launches):
        fail("the launch is not on a queue's track")
    copies = [e for e in done if e["cat"] == "copy"]
    for direction in ("copy to device", "copy to host"):
        if not any(e["name"] == direction and e["args"]["bytes"] == copy_bytes for e in copies):
            fail("no %s of %d bytes" % (direction, copy_bytes))
    builds = [e for e in done if e["cat"] == "build"]
    if not builds or builds[0]["args"]["form"] != "OpenCL C, built" or builds[0]["dur"] <= 0:
        fail("no program build")
    # The build comes before the launch that needed it, and the launch before the copy of its result.
    launch = launches[0]
    if not builds[0]["ts"] + builds[0]["dur"] <= launch["ts"]:
        fail("the launch starts before its program was built")
    back = [e for e in copies if e["name"] == "copy to host"][-1]
    if not launch["ts"] + launch["dur"] <= back["ts"] + 1:
        fail("the result was copied back before the kernel ended")
    return done

check(sys.argv[1], "ampcc_CppAmpMethod_seed_add_arrays_cpp_", 20)
done = check(sys.argv[2], "ampcc_main_trace_exit_cpp_", 4096 * 4)
if not any(e["cat"] == "wait" and e["name"] == "accelerator_view::wait" for e in done):
    print("no accelerator_view::wait in the std::exit program's trace")
    sys.exit(1)
PY
# Without AMPCC_TRACE, nothing is written.
AMPCC_TRACE= "$work/prog" > /dev/null
echo "trace: ok"
