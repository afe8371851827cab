"""The lit test formats of ampcc's suite (test/lit.cfg.py): RUN-line tests, and e2e programs run again as variants."""
import os
import shlex

import lit.formats
import lit.Test


def rerun_command(config, test):
    """The shell command that runs this one test again, printed with its failure."""
    lit_cmd = " ".join(shlex.quote(a) for a in config.ampcc_lit_command)
    name = "/".join(test.path_in_suite)
    if os.path.exists(test.getSourcePath()) and test.file_path is None:
        return "%s -v %s" % (lit_cmd, shlex.quote(test.getExecPath()))
    # A variant's test has no file of its own under its name: select it by name.
    directory = os.path.dirname(test.getExecPath())
    return "%s -v %s --filter %s" % (lit_cmd, shlex.quote(directory), shlex.quote("^ampcc :: %s$" % name))


class AmpccShTest(lit.formats.ShTest):
    """lit's ShTest (RUN lines, the internal shell) that prints, on a failure, the command to run the test again."""

    def execute(self, test, lit_config):
        result = super().execute(test, lit_config)
        if isinstance(result, lit.Test.Result) and result.code.isFailure:
            result.output = "%s\nRun this test again: %s\n" % (result.output or "", rerun_command(test.config, test))
        return result


class E2EVariantTest(lit.Test.Test):
    """A test of a variant directory: its name is the directory's, its source test/e2e's program."""

    def getSourcePath(self):
        return self.file_path


class E2EVariant(AmpccShTest):
    """The end-to-end programs NAMES of test/e2e, run again with their own RUN lines under this directory's
    configuration (more ampcc flags, another host compiler): test NAME.cpp of this directory, built and run in
    its own Output folder."""

    def __init__(self, names, e2e_dir):
        super().__init__()
        self.names = names
        self.e2e_dir = e2e_dir

    def getTestsInDirectory(self, test_suite, path_in_suite, lit_config, local_config):
        for name in self.names:
            source = os.path.join(self.e2e_dir, name + ".cpp")
            if not os.path.exists(source):
                lit_config.error("%s: no test/e2e/%s.cpp" % ("/".join(path_in_suite), name))
                continue
            yield E2EVariantTest(test_suite, path_in_suite + (name + ".cpp",), local_config, file_path=source)


def add_ampcc_flags(config, flags):
    """Adds FLAGS to every ampcc command of the tests under this configuration (%ampcc)."""
    config.ampcc_flags = config.ampcc_flags + list(flags)
    config.substitutions = [(k, v) for k, v in config.substitutions if k != config.ampcc_pattern]
    config.substitutions.insert(0, (config.ampcc_pattern, ampcc_command(config)))


def ampcc_command(config):
    return " ".join(shlex.quote(a) for a in [config.ampcc] + config.ampcc_flags)
