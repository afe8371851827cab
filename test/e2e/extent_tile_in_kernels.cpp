// extent arithmetic with an index and extent::tile inside a kernel: a tiled_extent lowers to its extent's struct.
#include <amp.h>
#include <iostream>
using namespace concurrency;
int main() {
  std::vector<int> out(4, 0);
  array_view<int, 1> ov(4, out);
  parallel_for_each(
      extent<1>(1), [=](index<1>) restrict(amp) {
        extent<2> e(4, 6);
        e += index<2>(1, 2);
        e -= index<2>(0, 1);
        tiled_extent<2> t = extent<1>(6).tile<2>();
        ov[0] = e[0];
        ov[1] = e[1];
        ov[2] = t[0];
        ov[3] = t.pad()[0];
      });
  ov.synchronize();
  std::cout << out[0] << " " << out[1] << " " << out[2] << " " << out[3] << "\n";
}

// CHECK: 5 7 6 6
