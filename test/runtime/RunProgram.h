// Runs a test's helper program through the shell and collects its exit status and output.
#ifndef AMPCC_TEST_RUNTIME_RUN_PROGRAM_H
#define AMPCC_TEST_RUNTIME_RUN_PROGRAM_H

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace ampcc_test {

struct ProgramRun {
  bool Ok = false;    // exited with status 0
  std::string Output; // stdout and stderr
};

inline ProgramRun runProgram(const std::string &Command) {
  ProgramRun R;
  FILE *P = popen((Command + " 2>&1").c_str(), "r");
  if (!P)
    return R;
  char Buf[4096];
  while (size_t N = std::fread(Buf, 1, sizeof Buf, P))
    R.Output.append(Buf, N);
  int Status = pclose(P);
  R.Ok = Status != -1 && WIFEXITED(Status) && WEXITSTATUS(Status) == 0;
  return R;
}

} // namespace ampcc_test

#endif
