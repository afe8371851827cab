// Tests of the runtime at process exit: static objects that hold arrays and views outlive its exit-time owner.
#include "RunProgram.h"

#include <gtest/gtest.h>

// Work still queued when main returns is finished while the driver is whole; the arrays and views of a
// static object destroyed after the driver's own statics still read their data back and are released.
// Under the sanitizers the program also fails if anything it made leaks.
TEST(Exit, StaticObjectsHoldingArraysAndViewsOutliveTheRuntime) {
  for (int I = 0; I < 3; ++I) {
    ampcc_test::ProgramRun R = ampcc_test::runProgram("AMPCC_CACHE=0 '" AMPCC_EXIT_CLIENT "'");
    EXPECT_TRUE(R.Ok) << R.Output;
    EXPECT_NE(R.Output.find("exit ok"), std::string::npos) << R.Output;
  }
}
