// A program for ExitTest: arrays and views held by static objects outlive the runtime's exit-time owner,
// and the last of them releases the OpenCL context from a static destructor that runs after the driver's.
#include "TestKernels.h"

#include <amp.h>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

using namespace concurrency;

namespace {

void addOne(const ampcc::rt::queue &Q, ampcc::rt::storage &St, const ampcc::rt::shape &Sh, int N) {
  ampcc::rt::kernel_arg Arg = ampcc_test::buffer(St, ampcc::rt::access::read_write, Sh);
  ampcc::rt::launch(ampcc_test::kernel("add_one", 1), Q, &N, &Arg, 1);
}

// Constructed before main, before any OpenCL call, so destroyed after everything the runtime and the
// driver set up once the program ran (PoCL's LLVM too). Its destructor still reads results back from the
// device. It launches nothing: PoCL cannot compile a kernel once its LLVM is torn down.
struct Holder {
  std::optional<accelerator_view> View;
  std::optional<array<int, 1>> Array;
  std::vector<array_view<int, 1>> Views;
  ~Holder() {
    if (!Array)
      return;
    std::vector<int> Out = *Array;
    int Wrong = 0;
    for (int I = 0; I < 1000; ++I)
      Wrong += Out[I] != I + 2;
    Wrong += Views[0][999] != 7 || Views[1][3] != 5;
    std::printf("%s\n", Wrong ? "wrong results at exit" : "exit ok");
    std::fflush(stdout);
    if (Wrong)
      std::_Exit(2);
  }
} Early;

} // namespace

int main() {
  accelerator_view View = accelerator().default_view;
  std::vector<int> Data(1000);
  for (int I = 0; I < 1000; ++I)
    Data[I] = I;
  Early.View = View;
  Early.Array.emplace(extent<1>(1000), Data.begin(), Data.end(), View);
  addOne(View.queue(), Early.Array->storage(), Early.Array->shape(), 1000);
  addOne(View.queue(), Early.Array->storage(), Early.Array->shape(), 1000);

  array_view<int, 1> Owned(extent<1>(1000));
  Owned[999] = 6;
  addOne(View.queue(), Owned.storage(), Owned.shape(), 1000);
  Early.Views.push_back(Owned);
  Early.Views.emplace_back(extent<1>(4));
  Early.Views[1][3] = 5;

  // Constructed after the runtime started: destroyed before its exit-time owner.
  static array<int, 1> Late(extent<1>(10), Data.begin(), Data.begin() + 10, View);
  addOne(View.queue(), Late.storage(), Late.shape(), 10);
  std::printf("main done\n");
  return 0;
}
