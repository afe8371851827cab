#!/usr/bin/env python3
"""Merges the benchmark cases' JSON lines into one bench.json (medians, ratios) and draws bench.png."""
import argparse
import datetime
import json
import os
import statistics
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", required=True)
    ap.add_argument("--compile")
    ap.add_argument("--out", required=True)
    ap.add_argument("--command", default="")
    ap.add_argument("--quick", default="0")
    ap.add_argument("--note", default="")
    ap.add_argument("--cuda", help="OUT/cuda.json of bench/cuda/run.sh: adds the ampcc / nvcc comparison")
    a = ap.parse_args()

    rows = [json.loads(l) for l in open(a.results) if l.strip()]

    def pick(impl, case, variant="-", **where):
        return [r for r in rows if r["impl"] == impl and r["case"] == case and r["variant"] == variant
                and all(r.get(k) == v for k, v in where.items())]

    def one(impl, case, key, **where):
        got = pick(impl, case, **where)
        return got[0][key] if got else None

    def ratio(x, y):
        return round(x / y, 4) if x is not None and y else None

    devices = sorted({r["device"] for r in rows})
    if len(devices) != 1:
        sys.exit("report.py: the cases ran on different devices: %s (check AMPCC_DEVICE)" % devices)

    copy = one("copy", "copy", "gbps")
    bandwidth = {"n": rows[0].get("n"), "copy_gbps": copy}
    for c in ("vadd", "saxpy"):
        amp, ocl = one("ampcc", c, "gbps"), one("opencl", c, "gbps")
        bandwidth[c] = {"ampcc_gbps": amp, "opencl_gbps": ocl, "ampcc_over_opencl": ratio(amp, ocl),
                        "ampcc_over_copy": ratio(amp, copy), "opencl_over_copy": ratio(ocl, copy)}

    matmul = []
    for s in sorted({r["size"] for r in rows if r["case"].startswith("matmul")}):
        m = {"size": s}
        for impl in ("ampcc", "opencl"):
            for c in ("simple", "tiled"):
                m["%s_%s_gflops" % (impl, c)] = one(impl, "matmul_" + c, "gflops", size=s)
                m["%s_%s_seconds" % (impl, c)] = one(impl, "matmul_" + c, "seconds", size=s)
        m["clblast_gflops"] = one("clblast", "clblast", "gflops", size=s)
        m["clblast_seconds"] = one("clblast", "clblast", "seconds", size=s)
        m["ampcc_blas_gflops"] = one("ampcc", "blas_gemm", "gflops", size=s)
        m["ampcc_blas_over_clblast"] = ratio(m["ampcc_blas_gflops"], m["clblast_gflops"])
        for c in ("simple", "tiled"):
            m["ampcc_over_opencl_" + c] = ratio(m["ampcc_%s_gflops" % c], m["opencl_%s_gflops" % c])
            m["ampcc_%s_over_clblast" % c] = ratio(m["ampcc_%s_gflops" % c], m["clblast_gflops"])
        matmul.append(m)

    launch = {}
    for impl in ("ampcc", "opencl"):
        launch[impl + "_launch_wait_us"] = round(one(impl, "empty", "seconds") * 1e6, 3)
        launch[impl + "_batched_us"] = round(one(impl, "empty", "batched_seconds") * 1e6, 3)
    launch["ampcc_over_opencl_launch_wait"] = ratio(launch["ampcc_launch_wait_us"], launch["opencl_launch_wait_us"])
    launch["ampcc_over_opencl_batched"] = ratio(launch["ampcc_batched_us"], launch["opencl_batched_us"])

    host = pick("ampcc", "host_access")
    host_access = {k: host[0][k] for k in ("n", "vector_seconds", "array_view_seconds", "array_seconds",
                                           "array_view_ratio", "array_ratio")} if host else None

    local = pick("ampcc", "local_view")
    local_view = {k: local[0][k] for k in ("n", "local_seconds", "view_seconds", "view_ratio")} if local else None

    copies = pick("ampcc", "array_copies")
    array_copies = {k: copies[0][k] for k in ("n", "in_seconds", "out_seconds", "host_copy_seconds", "in_ratio",
                                              "out_ratio")} if copies else None

    def med(impl, variant, key):
        v = [r[key] for r in pick(impl, "e2e", variant)]
        return statistics.median(v) if v else None

    e2e = {"size": one("ampcc", "e2e", "size", variant="nocache"),
           "processes": len(pick("ampcc", "e2e", "nocache")),
           "ampcc_cold_nocache_s": med("ampcc", "nocache", "cold_seconds"),
           "ampcc_cold_cached_s": med("ampcc", "cached", "cold_seconds"),
           "ampcc_warm_s": med("ampcc", "nocache", "warm_seconds"),
           "opencl_cold_nocache_s": med("opencl", "nocache", "cold_seconds"),
           "opencl_warm_s": med("opencl", "nocache", "warm_seconds")}
    e2e["ampcc_over_opencl_cold"] = ratio(e2e["ampcc_cold_nocache_s"], e2e["opencl_cold_nocache_s"])
    e2e["ampcc_over_opencl_warm"] = ratio(e2e["ampcc_warm_s"], e2e["opencl_warm_s"])
    e2e["ampcc_cold_over_warm"] = ratio(e2e["ampcc_cold_nocache_s"], e2e["ampcc_warm_s"])
    # Programs with embedded device code (--offload-arch): the same cold run built from the OpenCL C instead.
    e2e["ampcc_cold_nocache_source_s"] = med("ampcc", "nocache-source", "cold_seconds")
    startup = [r["seconds"] for r in pick("opencl", "startup", "startup")]
    e2e["opencl_startup_s"] = statistics.median(startup) if startup else None
    if e2e["opencl_startup_s"] is not None and e2e["ampcc_warm_s"] is not None:
        e2e["ampcc_cold_over_warm_plus_startup"] = ratio(e2e["ampcc_cold_nocache_s"],
                                                         e2e["ampcc_warm_s"] + e2e["opencl_startup_s"])

    compile_ = json.load(open(a.compile)) if a.compile else None
    if compile_:
        compile_["ampcc_over_gxx"] = ratio(compile_["ampcc_c_seconds"], compile_["gxx_c_seconds"])
        if compile_.get("clangxx_c_seconds") is not None:
            compile_["ampcc_over_clangxx"] = ratio(compile_["ampcc_c_seconds"], compile_["clangxx_c_seconds"])
        if compile_.get("clangxx_fsyntax_only_seconds") is not None and compile_.get("ampcc_fsyntax_only_seconds"):
            compile_["ampcc_syntax_over_clangxx_syntax"] = ratio(compile_["ampcc_fsyntax_only_seconds"],
                                                                 compile_["clangxx_fsyntax_only_seconds"])

    cuda = against_cuda(json.load(open(a.cuda)), pick, one, ratio, devices[0]) if a.cuda else None

    report = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "device": devices[0],
        "ampcc_device_env": os.environ.get("AMPCC_DEVICE"),
        "command": a.command,
        "quick": a.quick == "1",
        "notes": [n for n in [a.note] if n] + [
            "kernel times: wall clock of a batch of launches + one wait (accelerator_view::wait / clFinish), "
            "median of the repetitions; the same for ampcc and hand-written OpenCL",
            "bandwidth counts bytes read + bytes written; matmul gflops = 2 n^3 / time"],
        "bandwidth": bandwidth, "matmul": matmul, "launch": launch, "host_access": host_access,
        "local_view": local_view, "array_copies": array_copies, "e2e": e2e,
        "compile": compile_, "cuda": cuda,
        "raw": rows,
    }
    path = os.path.join(a.out, "bench.json")
    with open(path, "w") as f:
        json.dump(report, f, indent=1)
    print("wrote " + path)
    if cuda:
        print_cuda(cuda)
    plot(report, os.path.join(a.out, "bench.png"))


def against_cuda(doc, pick, one, ratio, device):
    """Pairs bench/cuda's records (impl nvcc / cublas) with ampcc's and the hand-written OpenCL's, case by case.

    Every row holds the figures as the cases report them (GB/s, GFLOP/s, µs, s), the ratio ampcc / nvcc of those
    figures, and "speed", ampcc's speed over nvcc's (the ratio for rates, its inverse for times): above 1, ampcc is
    faster."""
    recs = doc["records"]
    # The same GPU on both sides: CUDA names it "NVIDIA H100 80GB HBM3", the OpenCL runtime "<that> (NVIDIA CUDA)".
    names = sorted({r["device"] for r in recs})
    if len(names) != 1 or not device.startswith(names[0]):
        sys.exit("report.py: the CUDA cases ran on %s, the OpenCL ones on %s" % (names, device))

    def cu(impl, case, key, **where):
        got = [r for r in recs if r["impl"] == impl and r["case"] == case and all(r.get(k) == v for k, v in
                                                                                   where.items())]
        return got[0].get(key) if got else None

    rows = []

    def row(label, unit, higher_is_better, ampcc, nvcc, opencl=None, **extra):
        r = {"case": label, "unit": unit, "ampcc": ampcc, "nvcc": nvcc, "opencl": opencl,
             "ampcc_over_nvcc": ratio(ampcc, nvcc), "opencl_over_nvcc": ratio(opencl, nvcc)}
        r["speed"] = r["ampcc_over_nvcc"] if higher_is_better or r["ampcc_over_nvcc"] is None else \
            round(1 / r["ampcc_over_nvcc"], 4)
        r.update(extra)
        rows.append(r)

    for c in ("vadd", "saxpy"):
        row(c, "GB/s", True, one("ampcc", c, "gbps"), cu("nvcc", c, "gbps"), one("opencl", c, "gbps"))
    row("device copy", "GB/s", True, None, cu("nvcc", "copy", "gbps"), one("copy", "copy", "gbps"),
        sides="opencl = clEnqueueCopyBuffer, nvcc = cudaMemcpyAsync device to device")
    sizes = sorted({r["size"] for r in recs if "size" in r})
    for s in sizes:
        for c in ("simple", "tiled"):
            row("matmul %s %d" % (c, s), "GFLOP/s", True, one("ampcc", "matmul_" + c, "gflops", size=s),
                cu("nvcc", "matmul_" + c, "gflops", size=s), one("opencl", "matmul_" + c, "gflops", size=s))
    for s in sizes:
        # The GEMM ceiling: ampcc::blas::gemm (CLBlast behind ampcc's buffers) and CLBlast itself against cuBLAS.
        row("GEMM %d" % s, "GFLOP/s", True, one("ampcc", "blas_gemm", "gflops", size=s),
            cu("cublas", "cublas", "gflops", size=s), one("clblast", "clblast", "gflops", size=s),
            sides="ampcc = ampcc::blas::gemm over CLBlast, opencl = CLBlastSgemm, nvcc = cublasSgemm",
            ampcc_tiled_over_cublas=ratio(one("ampcc", "matmul_tiled", "gflops", size=s),
                                          cu("cublas", "cublas", "gflops", size=s)))
    us = lambda v: None if v is None else round(v * 1e6, 3)
    row("empty kernel, launch + wait", "µs", False, us(one("ampcc", "empty", "seconds")),
        us(cu("nvcc", "empty", "seconds")), us(one("opencl", "empty", "seconds")))
    row("empty kernel, per launch in a batch", "µs", False, us(one("ampcc", "empty", "batched_seconds")),
        us(cu("nvcc", "empty", "batched_seconds")), us(one("opencl", "empty", "batched_seconds")))
    for k, what in (("in", "into the device (+ a kernel)"), ("out", "out of the device")):
        row("array_copies: data %s" % what, "s", False, one("ampcc", "array_copies", k + "_seconds"),
            cu("nvcc", "array_copies", k + "_seconds"))
    return {"device": names[0], "nvidia_smi": doc.get("nvidia_smi"), "nvcc": doc.get("nvcc"),
            "flags": doc.get("flags"), "command": doc.get("command"), "date": doc.get("date"),
            "notes": ["ampcc_over_nvcc: the ratio of the figures as reported (GB/s, GFLOP/s, µs, s); speed: ampcc's "
                      "speed over nvcc's, above 1 when ampcc is faster",
                      "GEMM rows: ampcc = ampcc::blas::gemm over CLBlast, opencl = CLBlastSgemm, nvcc = cublasSgemm "
                      "(FP32, CUBLAS_DEFAULT_MATH)"],
            "rows": rows, "raw": recs}


def print_cuda(c):
    fmt = lambda v: "-" if v is None else "%.0f" % v if abs(v) >= 1000 else "%.4g" % v
    print("against CUDA on %s (%s)" % (c["device"], c["nvcc"]))
    print("%-46s %-8s %10s %10s %10s %12s %7s" % ("case", "unit", "ampcc", "OpenCL", "nvcc", "ampcc/nvcc", "speed"))
    for r in c["rows"]:
        print("%-46s %-8s %10s %10s %10s %12s %7s" % (r["case"], r["unit"], fmt(r["ampcc"]), fmt(r["opencl"]),
                                                     fmt(r["nvcc"]), fmt(r["ampcc_over_nvcc"]), fmt(r["speed"])))


def plot(r, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not available (apt-get install python3-matplotlib): no plot")
        return
    cuda = r.get("cuda")
    fig, ax = plt.subplots(3 if cuda else 2, 3, figsize=(16, 13.5 if cuda else 9))
    fig.suptitle("ampcc benchmarks on %s (%s)" % (r["device"], r["date"][:10]))
    colors = {"ampcc": "tab:blue", "OpenCL": "tab:orange", "copy": "tab:gray", "CLBlast": "tab:green"}

    def bars(axis, labels, values, cols, title, unit):
        vals = [v or 0 for v in values]
        axis.bar(labels, vals, color=cols)
        for i, v in enumerate(values):
            axis.text(i, vals[i], "n/a" if v is None else "%.3g" % v, ha="center", va="bottom", fontsize=8)
        axis.set_title(title)
        axis.set_ylabel(unit)
        axis.tick_params(axis="x", labelsize=8)

    b = r["bandwidth"]
    bars(ax[0][0], ["vadd\nampcc", "vadd\nOpenCL", "saxpy\nampcc", "saxpy\nOpenCL", "copy"],
         [b["vadd"]["ampcc_gbps"], b["vadd"]["opencl_gbps"], b["saxpy"]["ampcc_gbps"], b["saxpy"]["opencl_gbps"],
          b["copy_gbps"]],
         [colors["ampcc"], colors["OpenCL"], colors["ampcc"], colors["OpenCL"], colors["copy"]],
         "bandwidth, n=%s floats" % b["n"], "GB/s")

    a = ax[0][1]
    series = [("ampcc simple", "ampcc_simple_gflops", "tab:blue", "//"), ("OpenCL simple", "opencl_simple_gflops",
              "tab:orange", "//"), ("ampcc tiled", "ampcc_tiled_gflops", "tab:blue", ""),
              ("OpenCL tiled", "opencl_tiled_gflops", "tab:orange", ""), ("CLBlast", "clblast_gflops", "tab:green", ""),
              ("ampcc BLAS", "ampcc_blas_gflops", "tab:olive", "")]
    width = 0.14
    for k, (label, key, col, hatch) in enumerate(series):
        xs = [i + (k - 2) * width for i in range(len(r["matmul"]))]
        a.bar(xs, [m[key] or 0 for m in r["matmul"]], width, label=label, color=col, hatch=hatch, edgecolor="white")
    a.set_xticks(range(len(r["matmul"])))
    a.set_xticklabels(["n=%d" % m["size"] for m in r["matmul"]])
    a.set_title("matrix multiply (float)")
    a.set_ylabel("GFLOP/s")
    a.legend(fontsize=7)

    l = r["launch"]
    bars(ax[0][2], ["launch+wait\nampcc", "launch+wait\nOpenCL", "batched\nampcc", "batched\nOpenCL"],
         [l["ampcc_launch_wait_us"], l["opencl_launch_wait_us"], l["ampcc_batched_us"], l["opencl_batched_us"]],
         [colors["ampcc"], colors["OpenCL"], colors["ampcc"], colors["OpenCL"]], "empty kernel", "µs per launch")

    e = r["e2e"]
    ms = lambda v: None if v is None else v * 1e3
    bars(ax[1][0], ["cold\nampcc", "cold cached\nampcc", "cold\nOpenCL", "warm\nampcc", "warm\nOpenCL"],
         [ms(e["ampcc_cold_nocache_s"]), ms(e["ampcc_cold_cached_s"]), ms(e["opencl_cold_nocache_s"]),
          ms(e["ampcc_warm_s"]), ms(e["opencl_warm_s"])],
         [colors["ampcc"], colors["ampcc"], colors["OpenCL"], colors["ampcc"], colors["OpenCL"]],
         "seed matmul end to end (int, n=%s)" % e["size"], "ms")

    c = r["compile"]
    if c:
        bars(ax[1][1], ["ampcc -c", "ampcc\n--emit-opencl", "g++ -c", "clang++ -c"],
             [c["ampcc_c_seconds"], c["ampcc_emit_opencl_seconds"], c["gxx_c_seconds"], c["clangxx_c_seconds"]],
             [colors["ampcc"], colors["ampcc"], "tab:red", "tab:purple"], "compile time, seed_matmul_tiled.cpp -O2",
             "s")
    else:
        ax[1][1].set_axis_off()
        ax[1][1].text(0.5, 0.5, "compile time: not measured here\n(needs ampcc: bench/translate.sh)", ha="center")

    a = ax[1][2]
    names, vals = [], []
    for k, v in [("vadd ampcc/OpenCL", b["vadd"]["ampcc_over_opencl"]),
                 ("saxpy ampcc/OpenCL", b["saxpy"]["ampcc_over_opencl"])] + \
            [("mm%d simple ampcc/OpenCL" % m["size"], m["ampcc_over_opencl_simple"]) for m in r["matmul"]] + \
            [("mm%d tiled ampcc/OpenCL" % m["size"], m["ampcc_over_opencl_tiled"]) for m in r["matmul"]] + \
            [("launch+wait OpenCL/ampcc", 1 / l["ampcc_over_opencl_launch_wait"]),
             ("batched launch OpenCL/ampcc", 1 / l["ampcc_over_opencl_batched"]),
             ("e2e warm OpenCL/ampcc", 1 / e["ampcc_over_opencl_warm"] if e["ampcc_over_opencl_warm"] else None)]:
        names.append(k)
        vals.append(v or 0)
    a.barh(names, vals, color=["tab:green" if v >= 0.95 else "tab:red" for v in vals])
    a.axvline(1.0, color="black", lw=0.8)
    a.set_title("hand-written time / ampcc time (>1: ampcc faster)")
    a.tick_params(axis="y", labelsize=7)
    if cuda:
        plot_cuda(ax[2], cuda, colors)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    print("wrote " + path)


def plot_cuda(row, c, colors):
    """The third row: the same cases in CUDA (nvcc, cuBLAS) beside ampcc and OpenCL, and ampcc's speed over nvcc's."""
    rows = c["rows"]
    series = [("ampcc", "ampcc", colors["ampcc"]), ("OpenCL", "opencl", colors["OpenCL"]), ("nvcc", "nvcc", "tab:red")]

    def grouped(axis, picked, title, unit):
        width = 0.27
        for k, (label, key, col) in enumerate(series):
            axis.bar([i + (k - 1) * width for i in range(len(picked))], [p[key] or 0 for p in picked], width,
                     label=label, color=col)
        axis.set_xticks(range(len(picked)))
        axis.set_xticklabels([p["case"].replace(" (", "\n(") for p in picked], fontsize=7)
        axis.set_title(title)
        axis.set_ylabel(unit)
        axis.legend(fontsize=7, loc="lower right")

    grouped(row[0], [p for p in rows if p["unit"] == "GB/s"], "against CUDA: bandwidth", "GB/s")
    grouped(row[1], [p for p in rows if p["unit"] == "GFLOP/s"],
            "against CUDA: matrix multiply (GEMM: ampcc BLAS, CLBlast, cuBLAS)", "GFLOP/s")
    row[1].tick_params(axis="x", labelrotation=30)
    a = row[2]
    named = [(p["case"], p["speed"]) for p in rows if p["ampcc"] is not None]
    a.barh([n for n, _ in named], [v or 0 for _, v in named],
           color=["tab:green" if (v or 0) >= 0.95 else "tab:red" for _, v in named])
    for i, (_, v) in enumerate(named):
        a.text(v or 0, i, " n/a" if v is None else " %.3g" % v, va="center", fontsize=7)
    a.axvline(1.0, color="black", lw=0.8)
    a.set_title("ampcc speed / nvcc speed (>1: ampcc faster)\n%s" % c["nvcc"], fontsize=9)
    a.tick_params(axis="y", labelsize=7)


if __name__ == "__main__":
    main()
