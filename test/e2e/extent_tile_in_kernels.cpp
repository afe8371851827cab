// extent arithmetic with an index and extent::tile inside a kernel: a tiled_extent lowers to its extent's struct.
// pad() of an extent near INT_MAX rounds up without overflowing, on the host and in a kernel.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <climits>
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

  std::vector<int> big(2, 0);
  array_view<int, 1> bv(2, big);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
    bv[0] = extent<1>(INT_MAX - 1).tile<INT_MAX - 1>().pad()[0] == INT_MAX - 1;
    bv[1] = extent<1>(INT_MAX - 3).tile<4>().pad()[0] == INT_MAX - 3;
  });
  bv.synchronize();
  tiled_extent<16> host = extent<1>(INT_MAX - 15).tile<16>();
  std::cout << "near INT_MAX " << big[0] << big[1] << " " << (host.pad()[0] == INT_MAX - 15) << "\n";
}

// CHECK: 5 7 6 6
// CHECK: near INT_MAX 11 1
