// CuBlasTest runs this as a fresh process per environment (AMPCC_LIBCUBLAS): it doubles three floats with
// ampcc::blas::scal on the default device and prints them, or the error.
#include "CudaPrograms.h"
#include "RuntimeState.h"

#include "ampcc/blas_runtime.h"
#include "ampcc/exceptions.h"

#include <cstdio>

namespace {
const ampcc::rt::device_code_registration Registration(ampcc_test::kernels_source, ampcc_test::fake_codes, 1);
}

int main() {
  using namespace ampcc::rt;
  try {
    std::printf("back end: %s\n", default_launch_queue().impl().Ctx.Backend->name());
    float X[3] = {1, 2, 3};
    {
      storage S(X, sizeof X);
      blas::scal(blas::precision::f32, 3, 2.0, {&S, 0, 1});
    }
    std::printf("result: %g %g %g\n", X[0], X[1], X[2]);
    std::fflush(stdout);
  } catch (const concurrency::runtime_exception &E) {
    std::printf("error: %s\n", E.what());
    return 1;
  }
}
