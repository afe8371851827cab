// One translation unit of test/driver/kernel_identity.sh: the header's kernels for int and float.
#include "identity_kernels.h"
#include <cstdio>
#include <vector>

int run_b();

int main() {
  std::vector<int> vi(4);
  std::vector<float> vf(4);
  concurrency::array_view<int, 1> ai(4, vi);
  concurrency::array_view<float, 1> af(4, vf);
  identity::fill_with(ai, 5);
  identity::fill_with(af, 0.5f);
  identity::add_index(ai);
  identity::add_index(af);
  identity::generate(ai, []() restrict(amp) { return 7; });
  ai.synchronize();
  af.synchronize();
  std::printf("a: %d %d %g\n", vi[0], vi[3], vf[3]);
  identity::add_index(ai);
  ai.synchronize();
  std::printf("a: %d\n", vi[3]);
  return run_b();
}
