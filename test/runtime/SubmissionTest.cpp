// Tests of when the runtime submits enqueued commands to the device (docs/design/submission.md). An OpenCL
// driver may hold commands until clFlush or a blocking call on their own queue (NVIDIA's does; PoCL runs them at
// once), so what is checked is which queues the runtime flushes: this binary interposes clFlush and records them.
#include "RuntimeState.h"
#include "backend/OpenCLBackend.h"
#include "TestKernels.h"

#include <amp.h>

#include <gtest/gtest.h>

#include <dlfcn.h>

#include <algorithm>
#include <mutex>
#include <vector>

namespace {
std::mutex FlushedMutex;
std::vector<cl_command_queue> Flushed;

std::size_t flushesOf(void *Q) {
  std::lock_guard<std::mutex> L(FlushedMutex);
  return static_cast<std::size_t>(std::count(Flushed.begin(), Flushed.end(), Q));
}
void forgetFlushes() {
  std::lock_guard<std::mutex> L(FlushedMutex);
  Flushed.clear();
}
} // namespace

// Every clFlush of the process comes here first (the runtime is linked into this binary), then goes on to the
// OpenCL library's.
extern "C" cl_int clFlush(cl_command_queue Q) {
  using Fn = cl_int (*)(cl_command_queue);
  static Fn Real = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, "clFlush"));
  {
    std::lock_guard<std::mutex> L(FlushedMutex);
    Flushed.push_back(Q);
  }
  return Real ? Real(Q) : CL_INVALID_OPERATION;
}

namespace {
using namespace ampcc::rt;

// One int on the device, and a launch that adds 1 to it on a given queue.
struct Counter {
  int Value = 0;
  storage Storage{&Value, sizeof Value};
  shape Shape = ampcc_test::dense(1);
  void addOne(const queue &Q) {
    int Extent = 1;
    kernel_arg Arg = ampcc_test::buffer(Storage, access::read_write, Shape);
    launch(ampcc_test::kernel("add_one", 1), Q, &Extent, &Arg, 1);
  }
  int read() {
    int V = 0;
    Storage.read(&V, 0, sizeof V);
    return V;
  }
};
} // namespace

// Two views (two devices, on a machine with two GPUs): while the host waits for one, the other's pending launches
// must be submitted, or the second device starts only when the host gets to it.
TEST(Submission, AHostWaitSubmitsTheOtherQueuesPendingLaunches) {
  queue A(default_device()), B(default_device());
  Counter OnA, OnB;
  for (int I = 0; I < 2; ++I) { // each queue's first launch is submitted at once, the second waits for its group
    OnA.addOne(A);
    OnB.addOne(B);
  }
  EXPECT_EQ(OnA.read(), 2);
  for (int I = 0; I < 2; ++I) { // the same after the host waited
    OnA.addOne(A);
    OnB.addOne(B);
  }
  forgetFlushes();
  EXPECT_EQ(OnA.read(), 4); // the host waits for A's work...
  EXPECT_GE(flushesOf(B.impl().Queue->native()), 1u) << "B's launch was still unsubmitted while the host waited for A";
  EXPECT_EQ(OnB.read(), 4);
}

TEST(Submission, FlushSubmitsTheViewsPendingLaunches) {
  concurrency::accelerator_view View = concurrency::accelerator().create_view();
  Counter C;
  C.addOne(View.queue());
  C.addOne(View.queue());
  forgetFlushes();
  View.flush();
  EXPECT_EQ(flushesOf(View.queue().impl().Queue->native()), 1u) << "accelerator_view::flush did not submit the launch";
  EXPECT_EQ(C.read(), 2);
}

TEST(Submission, AnImmediateViewSubmitsEveryLaunch) {
  concurrency::accelerator_view View = concurrency::accelerator().create_view(concurrency::queuing_mode_immediate);
  Counter C;
  C.addOne(View.queue());
  forgetFlushes();
  for (int I = 0; I < 3; ++I)
    C.addOne(View.queue());
  EXPECT_EQ(flushesOf(View.queue().impl().Queue->native()), 3u);
  EXPECT_EQ(C.read(), 4);
}
