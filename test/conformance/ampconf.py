# A lit test format for Microsoft's C++ AMP conformance suite: finds every test.cpp, builds it with ampcc once per
# definition set of its nearest .conf, and judges it by the suite's protocol (see ../shared/amp-conformance/README.md).
import os
import re
import signal
import subprocess

import lit.formats
import lit.Test

# "//#Expects" as most tests write it; one test writes "///#Expects" and means the same.
EXPECTS = re.compile(r"^\s*///?#Expects:\s*(Error|Warning)\b(.*)$", re.IGNORECASE)
# test.cpp(12), test\.cpp\(12\), or a bare (12) naming test.cpp's line 12.
EXPECTED_LINE = re.compile(r"(?:test\\?\.cpp)?\\?\((\d+)\\?\)")
DIAG_LINE = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): (?P<kind>error|fatal error|warning): (?P<msg>.*)$")
# Clang's note naming the user's line that instantiated a template whose static_assert failed: MSVC prints the
# same line as "test.cpp(N) : see reference to class template instantiation", which the suite's Expects match.
INSTANTIATED_AT = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): note: in instantiation of .* requested here$")
# How far a reported error may sit from a named line to be called "stale by a line or two" in the reason.
STALE_SLACK = 2


def read_stale_lines(path):
    """test path -> {named line: corrected line}, from stale-lines.txt (comments after '#')."""
    fixes = {}
    if not os.path.exists(path):
        return fixes
    with open(path, encoding="utf-8") as f:
        for raw in f:
            text = raw.split("#", 1)[0].strip()
            if not text:
                continue
            test, _, pairs = text.partition(":")
            mapping = {}
            for pair in pairs.split(","):
                named, _, corrected = pair.partition("->")
                mapping[int(named)] = int(corrected)
            fixes[test.strip()] = mapping
    return fixes


STALE_LINES = read_stale_lines(os.path.join(os.path.dirname(os.path.abspath(__file__)), "stale-lines.txt"))


def parse_conf(text):
    """Reads the two keys of the suite's Perl-hash .conf files that change how a test is built and judged."""
    conf = {"compile_only": False, "definitions": [{}]}
    m = re.search(r"['\"]compile_only['\"]\s*=>\s*(\d+)", text)
    if m:
        conf["compile_only"] = m.group(1) != "0"
    m = re.search(r"['\"]definitions['\"]\s*=>\s*\[(.*)\]", text, re.DOTALL)
    if m:
        sets = []
        for group in re.findall(r"\{(.*?)\}", m.group(1), re.DOTALL):
            pairs = re.findall(r"['\"]([^'\"]+)['\"]\s*=>\s*['\"]([^'\"]*)['\"]", group)
            sets.append(dict(pairs))
        if sets:
            conf["definitions"] = sets
    return conf


def nearest_conf(test_dir, root):
    """The .conf in the test's folder or the closest parent folder up to the suite's Tests/ root."""
    d = test_dir
    while True:
        confs = sorted(f for f in os.listdir(d) if f.endswith(".conf"))
        if confs:
            with open(os.path.join(d, confs[0]), encoding="utf-8", errors="replace") as f:
                return parse_conf(f.read())
        if os.path.samefile(d, root) or os.path.dirname(d) == d:
            return parse_conf("")
        d = os.path.dirname(d)


def expectations(source):
    """The //#Expects lines of a test: whether it is negative, and the test.cpp lines they name."""
    negative = False
    lines = set()
    for text in source.splitlines():
        m = EXPECTS.match(text)
        if not m:
            continue
        negative = True
        for n in EXPECTED_LINE.findall(m.group(2)):
            lines.add(int(n))
    return negative, lines


def first_error(output):
    """The first located error of a build's output, else its first non-empty line."""
    for text in output.splitlines():
        m = DIAG_LINE.match(text)
        if m and m.group("kind") != "warning":
            return text.strip()
    for text in output.splitlines():
        if "error" in text.lower() or "undefined reference" in text:
            return text.strip()
    for text in output.splitlines():
        if text.strip():
            return text.strip()
    return ""


def short(path, root):
    return os.path.relpath(path, root) if path.startswith(root) else path


def run(cmd, cwd, timeout):
    """Runs a command; returns (status, output) where status is the exit code, -N for signal N, None on time-out."""
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout,
                           stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout.decode("utf-8", errors="replace")
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode("utf-8", errors="replace") if e.stdout else ""
        return None, out


def status_text(status):
    if status is None:
        return "timed out"
    if status < 0:
        try:
            return "killed by " + signal.Signals(-status).name
        except ValueError:
            return "killed by signal %d" % -status
    return "exit status %d" % status


def last_line(output):
    lines = [l for l in output.splitlines() if l.strip()]
    return lines[-1].strip() if lines else "(no output)"


class AmpConformance(lit.formats.TestFormat):
    def __init__(self, ampcc, suite, lib_archive, lib_error, only, compile_timeout, run_timeout, extra_flags,
                 first_config_only=False):
        self.first_config_only = first_config_only
        self.ampcc = ampcc
        self.suite = suite
        # Resolved as lit resolves the tests' paths: a suite reached through a symbolic link (../shared as a link)
        # still names its tests relative to Tests/ (stale-lines.txt, the nearest .conf).
        self.tests_root = os.path.realpath(os.path.join(suite, "Tests"))
        self.lib_inc = os.path.join(suite, "amp_test_lib", "inc")
        self.lib_archive = lib_archive
        self.lib_error = lib_error
        self.only = only
        self.compile_timeout = compile_timeout
        self.run_timeout = run_timeout
        self.extra_flags = extra_flags

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        source_dir = testSuite.getSourcePath(path_in_suite)
        if not os.path.isfile(os.path.join(source_dir, "test.cpp")):
            return
        rel = "/".join(path_in_suite + ("test.cpp",))
        if self.only is not None and rel not in self.only:
            return
        yield lit.Test.Test(testSuite, path_in_suite + ("test.cpp",), localConfig)

    def result(self, code, kind, reason, log):
        r = lit.Test.Result(code, reason + "\n" + log)
        r.addMetric("kind", lit.Test.toMetricValue(kind))
        r.addMetric("reason", lit.Test.toMetricValue(reason))
        return r

    def execute(self, test, litConfig):
        source = os.path.realpath(test.getSourcePath())
        test_dir = os.path.dirname(source)
        with open(source, encoding="utf-8", errors="replace") as f:
            text = f.read()
        negative, lines = expectations(text)
        # A test listed in stale-lines.txt is judged on its corrected lines, and its reason says so.
        rel = os.path.relpath(source, self.tests_root).replace(os.sep, "/")
        corrected = STALE_LINES.get(rel, {})
        lines = {corrected.get(n, n) for n in lines}
        note = ("judged on corrected lines (stale-lines.txt): " +
                ", ".join("%d->%d" % p for p in sorted(corrected.items()))) if corrected else ""
        conf = nearest_conf(test_dir, self.tests_root)
        kind = "negative" if negative else ("compile_only" if conf["compile_only"] else "run")
        if kind == "run" and self.lib_error:
            return self.result(lit.Test.FAIL, kind, "amp_test_lib does not build: " + self.lib_error, "")

        work = test.getExecPath()
        os.makedirs(os.path.dirname(work), exist_ok=True)
        base = [self.ampcc, "-I", self.lib_inc] + self.extra_flags
        log = []
        # The CI gate's quick mode: the first configuration of each test (the full run builds every one).
        configs = conf["definitions"][:1] if self.first_config_only else conf["definitions"]
        for i, defs in enumerate(configs):
            flags = ["-D%s=%s" % (k, v) for k, v in sorted(defs.items())]
            label = (" [" + " ".join(flags) + "]") if flags else ""
            if kind == "run":
                exe = "%s.%d.exe" % (work, i)
                # A test with its own main() still links the library's main.cpp, which calls test_main().
                own_main = re.search(r"\bmain\s*\(", text) and not re.search(r"\btest_main\b", text)
                main = ["-include", os.path.join(self.suite, "test_main.h")] if own_main else []
                cmd = base + flags + main + [source, self.lib_archive, "-o", exe]
            else:
                cmd = base + flags + ["-c", source, "-o", "%s.%d.o" % (work, i)]
            log.append("$ " + " ".join(cmd))
            status, out = run(cmd, test_dir, self.compile_timeout)
            log.append(out)
            outcome = self.judge_build(kind, status, out, lines, label)
            if outcome is not None:
                code, reason = outcome
                return self.result(code, kind, reason + ("; " + note if note else ""), "\n".join(log))
            if kind != "run":
                continue
            status, out = run([exe], os.path.dirname(exe), self.run_timeout)
            log.append("$ " + exe)
            log.append(out)
            if status == 2:
                return self.result(lit.Test.UNSUPPORTED, kind, "skipped by the test (runall_skip)" + label,
                                   "\n".join(log))
            if status != 0:
                reason = "run: %s; last line: %s%s" % (status_text(status), last_line(out), label)
                return self.result(lit.Test.FAIL, kind, reason, "\n".join(log))
        return self.result(lit.Test.PASS, kind, note, "\n".join(log))

    def judge_build(self, kind, status, out, lines, label):
        """None when the build went as a passing test needs and the next step may run; else (code, reason)."""
        if status is None:
            return lit.Test.FAIL, "ampcc timed out after %ds%s" % (self.compile_timeout, label)
        if status < 0 or status > 127:
            return lit.Test.FAIL, "ampcc crashed (%s)%s" % (status_text(status), label)
        if kind != "negative":
            if status != 0:
                return lit.Test.FAIL, "build: " + first_error(out) + label
            return None
        if status == 0:
            return lit.Test.FAIL, "accepted invalid code" + label
        if not lines:
            return None
        reported = set()
        for text in out.splitlines():
            m = DIAG_LINE.match(text)
            if m and m.group("kind") != "warning" and os.path.basename(m.group("file")) == "test.cpp":
                reported.add(int(m.group("line")))
            m = INSTANTIATED_AT.match(text)
            if m and os.path.basename(m.group("file")) == "test.cpp":
                reported.add(int(m.group("line")))
        if reported & lines:
            return None
        expected = ",".join(str(n) for n in sorted(lines))
        if not reported:
            return lit.Test.FAIL, "no error in test.cpp (expected on line %s); first: %s%s" % (
                expected, first_error(out), label)
        near = sorted(r for r in reported if any(abs(r - n) <= STALE_SLACK for n in lines))
        if near:
            return lit.Test.FAIL, "error on line %s, expected line %s (stale line number in the test?)%s" % (
                ",".join(map(str, near)), expected, label)
        return lit.Test.FAIL, "error on line %s, expected line %s%s" % (
            ",".join(str(r) for r in sorted(reported)), expected, label)
