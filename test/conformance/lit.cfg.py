# lit configuration of the C++ AMP conformance suite run (scripts/conformance.sh sets the parameters).
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ampconf  # noqa: E402

params = lit_config.params


def param(name, default=None):
    value = params.get(name, default)
    if value is None:
        lit_config.fatal("missing --param %s=... (run through scripts/conformance.sh)" % name)
    return value


suite = os.path.abspath(param("suite"))
only = None
if params.get("list"):
    with open(params["list"], encoding="utf-8") as f:
        only = {l.strip() for l in f if l.strip() and not l.startswith("#")}
lib_error = ""
if params.get("lib_error_file") and os.path.exists(params["lib_error_file"]):
    with open(params["lib_error_file"], encoding="utf-8", errors="replace") as f:
        lib_error = f.read().strip()

config.name = "amp-conformance"
config.test_source_root = os.path.join(suite, "Tests")
config.test_exec_root = os.path.abspath(param("work"))
config.suffixes = [".cpp"]
config.test_format = ampconf.AmpConformance(
    ampcc=os.path.abspath(param("ampcc")),
    suite=suite,
    lib_archive=os.path.abspath(param("lib")),
    lib_error=lib_error,
    only=only,
    compile_timeout=int(params.get("compile_timeout", "300")),
    run_timeout=int(params.get("run_timeout", "120")),
    extra_flags=params.get("flags", "").split(),
    first_config_only=params.get("first_config_only", "0") == "1",
)
