// A program for ProgramCacheTest: runs one kernel, its program built or loaded from the on-disk cache, and
// prints how; a fresh process each time, as a user's program would be, so nothing is cached in memory.
#include "TestKernels.h"

#include "ampcc/exceptions.h"

#include <cstdio>
#include <vector>

using namespace ampcc::rt;

int main() {
  static const char *const Source =
      AMPCC_TEST_PRELUDE "__kernel void cached(ampcc_domain dom, __global int* p, ampcc_shape s) {\n"
                         "  int i = get_global_id(0);\n"
                         "  if (i < dom.ext[0]) p[s.off + i] = 3 * i + 1;\n"
                         "}\n";
  try {
    const int N = 1000;
    std::vector<int> V(N, -1);
    {
      storage St(V.data(), V.size() * sizeof(int));
      shape Sh = ampcc_test::dense(N);
      kernel_arg Arg = ampcc_test::buffer(St, access::write, Sh);
      int Extent = N;
      launch({"cached", Source, "cached.cpp", 1, {0, 0, 0}, 0, 0, 0}, default_queue(default_device()), &Extent, &Arg, 1);
    }
    stats S = current_stats();
    std::printf("built=%llu loaded=%llu\n", static_cast<unsigned long long>(S.programs_built),
                static_cast<unsigned long long>(S.programs_loaded));
    for (int I = 0; I < N; ++I)
      if (V[I] != 3 * I + 1) {
        std::printf("wrong result: element %d is %d\n", I, V[I]);
        return 2;
      }
  } catch (const concurrency::runtime_exception &E) {
    std::printf("exception: %s\n", E.what());
    return 3;
  }
  return 0;
}
