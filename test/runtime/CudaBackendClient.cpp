// CudaBackendTest runs this as a fresh process per environment (AMPCC_BACKEND, AMPCC_LIBCUDA): it prints which
// back end runs the default device and adds 1 to four ints there.
#include "CudaPrograms.h"
#include "RuntimeState.h"

#include "ampcc/exceptions.h"

#include <cstdio>

namespace {
const ampcc::rt::device_code_registration Registration(ampcc_test::kernels_source, ampcc_test::fake_codes, 1);
}

int main() {
  using namespace ampcc::rt;
  try {
    const queue &Q = default_launch_queue();
    std::printf("device: %ls\nback end: %s\n", devices().at(Q.device()).description.c_str(),
                Q.impl().Ctx.Backend->name());
    int Data[4] = {1, 2, 3, 4};
    {
      storage S(Data, sizeof Data);
      shape Shape = ampcc_test::dense(4);
      kernel_arg Arg = ampcc_test::buffer(S, access::read_write, Shape);
      int Extent = 4;
      launch(ampcc_test::kernel("add_one", 1), Q, &Extent, &Arg, 1);
      S.synchronize();
    }
    std::printf("result: %d %d %d %d\n", Data[0], Data[1], Data[2], Data[3]);
  } catch (const concurrency::runtime_exception &E) {
    std::printf("error: %s\n", E.what());
    return 1;
  }
  return 0;
}
