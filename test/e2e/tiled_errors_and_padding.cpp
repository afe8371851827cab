// Run-time rules of the tiled model: an extent the tile does not divide raises invalid_compute_domain
// naming both; pad() and truncate() make it divisible; tile_static structs and the free fences work.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Pair {
  int lo;
  int hi;
};

int main() {
  std::vector<int> data(10, 1);
  array_view<int, 1> v(10, data);
  try {
    parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) { v[t.global] = 2; });
    std::cout << "no exception\n";
  } catch (const invalid_compute_domain& e) {
    std::cout << "invalid_compute_domain: " << e.what() << "\n";
  }

  // pad(): 12 threads over 10 elements; the kernel guards the extra ones itself.
  tiled_extent<4> padded = v.extent.tile<4>().pad();
  parallel_for_each(padded, [=](tiled_index<4> t) restrict(amp) {
    tile_static Pair p;
    if (t.local[0] == 0) {
      p.lo = t.tile_origin[0];
      p.hi = t.tile_origin[0] + 3;
    }
    t.barrier.wait();
    if (v.extent.contains(t.global))
      v[t.global] = p.hi - p.lo + t.local[0];
  });
  tiled_extent<4> truncated = v.extent.tile<4>().truncate();
  std::cout << "padded " << padded[0] << " truncated " << truncated[0] << "\n";
  for (int i = 0; i < 10; ++i) std::cout << v[i] << " ";
  std::cout << "\n";
}

// CHECK: invalid_compute_domain: ampcc: the extent (10) is not divisible by the tile (4) in kernel ampcc_main_tiled_errors_and_padding_cpp_18 (use tiled_extent::pad() or truncate())
// CHECK-NEXT: padded 12 truncated 8
// CHECK-NEXT: 3 4 5 6 3 4 5 6 3 4 
