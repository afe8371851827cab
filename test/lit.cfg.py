# lit configuration of ampcc's tests: translator golden tests (translate/), diagnostics (diagnostics/), end-to-end
# programs (e2e/ and its variants e2e-*/), the driver's scripts (driver/) and the checks of tables and docs. CMake
# writes build/test/lit.site.cfg.py (the paths of this build) and CTest runs lit on build/test; see docs/adding.md.
import os
import shlex
import sys

test_dir = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(test_dir, "utils"))
import ampcc_lit  # noqa: E402


def configure_suite():
    config.name = "ampcc"
    config.test_format = ampcc_lit.AmpccShTest()
    config.suffixes = [".cpp", ".test"]
    config.test_source_root = test_dir
    # --param exec_root=DIR: the tests' outputs in DIR instead of build/test (scripts/sanitize.sh's build-asan/test).
    if lit_config.params.get("exec_root"):
        config.test_exec_root = os.path.abspath(lit_config.params["exec_root"])
    # Not tests of this suite: the runtime's GoogleTest sources (CTest runs their binaries), the conformance and
    # real-code suites (their own scripts), headers and inputs that tests include.
    config.excludes = ["runtime", "conformance", "real-code", "gpu", "utils", "Inputs", "include", "inputs"]

    # The tests run in the caller's environment, as they did under CTest: the OpenCL platform and device
    # (AMPCC_DEVICE, POCL_*, OCL_ICD_*), the program and preamble caches under HOME or XDG_CACHE_HOME, AMPCC_CXX
    # (scripts/sanitize.sh's sanitizing host compiler).
    config.environment.update(os.environ)

    # --param ampcc_flags="..." adds ampcc flags to every test's compiles, as a variant directory does
    # (e2e-checked/lit.local.cfg).
    config.ampcc_flags = shlex.split(lit_config.params.get("ampcc_flags", ""))
    config.ampcc_pattern = r"%ampcc\b"
    # The command that runs a test again, printed with its failure: build/bin/lit (test/CMakeLists.txt writes it).
    wrapper = os.path.join(config.ampcc_obj_root, "bin", "lit")
    config.ampcc_lit_command = [wrapper] if os.path.exists(wrapper) else [config.python, config.lit_script]

    utils = os.path.join(test_dir, "utils")
    config.substitutions += [
        # ampcc with this run's flags, for the tests' compiles; %ampcc_exe, ampcc alone, for the driver scripts.
        (config.ampcc_pattern, ampcc_lit.ampcc_command(config)),
        (r"%ampcc_exe\b", shlex.quote(config.ampcc)),
        (r"%python\b", shlex.quote(config.python)),
        (r"%src_root\b", shlex.quote(config.ampcc_src_root)),
        (r"%build_root\b", shlex.quote(config.ampcc_obj_root)),
        # The amp.h preludes the build precompiled (AMPCC_SHIPPED_PRELUDE_HOSTS), nothing when it made none.
        (r"%shipped_preludes\b", shlex.quote(config.ampcc_shipped_preludes) if config.ampcc_shipped_preludes else ""),
        # An e2e program whose stderr must stay empty, its kernels built from empty program caches (--quiet), or
        # that must end with a given status (--exit N): test/utils/run-program.sh.
        (r"%run_quiet\b", "bash %s --quiet %%t.cache" % shlex.quote(os.path.join(utils, "run-program.sh"))),
        (r"%expect_exit\b", "bash %s --exit" % shlex.quote(os.path.join(utils, "run-program.sh"))),
        # LLVM's FileCheck, under its own name as in LLVM's tests.
        (r"(?<![\w/.=-])FileCheck\b", shlex.quote(config.filecheck)),
    ]

    # Programs that use PPL's headers need oneTBB (docs/ppl.md): REQUIRES: tbb.
    if config.ampcc_have_tbb:
        config.available_features.add("tbb")


# Run from the source tree (lit test/e2e/sections.cpp): use the build's site configuration, build/ by default.
if not hasattr(config, "ampcc"):
    build = os.path.abspath(lit_config.params.get("build", os.path.join(test_dir, "..", "build")))
    site = os.path.join(build, "test", "lit.site.cfg.py")
    if not os.path.exists(site):
        lit_config.fatal("no %s: build ampcc first (scripts/build.sh), or pass --param build=DIR" % site)
    lit_config.load_config(config, site)  # which loads this file again, with the build's paths
else:
    configure_suite()

