// The other translation unit of test/driver/kernel_identity.sh: the header's kernels for int (also made in the
// other unit) and double, and a generator of its own.
#include "identity_kernels.h"
#include <cstdio>
#include <vector>

int run_b() {
  std::vector<int> vi(4);
  std::vector<double> vd(4);
  concurrency::array_view<int, 1> ai(4, vi);
  concurrency::array_view<double, 1> ad(4, vd);
  identity::fill_with(ai, 9);
  identity::fill_with(ad, 1.25);
  identity::add_index(ai);
  identity::add_index(ad);
  identity::generate(ad, []() restrict(amp) { return 3.5; });
  ai.synchronize();
  ad.synchronize();
  std::printf("b: %d %d %g\n", vi[0], vi[3], vd[3]);
  return vi[3] == 12 && vd[3] == 3.5 ? 0 : 1;
}
