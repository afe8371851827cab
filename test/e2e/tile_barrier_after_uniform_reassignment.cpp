// The shape of Microsoft's tiled reduction sample: a loop variable first set from the thread index, then set again
// to a value every thread of the tile shares, controls a later loop that waits at a barrier. The reassignment ends
// the dependence on the thread, so the barrier check accepts the kernel (issue 34, item 5). Sums four blocks of 64.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

int main() {
  static const int TS = 8;
  static const int N = 64;
  std::vector<int> data(4 * N);
  for (int k = 0; k < 4 * N; ++k)
    data[k] = k + 1;
  std::vector<int> sums(4);
  array_view<const int, 1> in(4 * N, data);
  array_view<int, 1> out(4, sums);
  out.discard_data();
  parallel_for_each(extent<1>(4 * TS).tile<TS>(), [=](tiled_index<TS> t) restrict(amp) {
    tile_static int partial[TS];
    int sum = 0;
    int i;
    // Each thread adds every TS-th element of its tile's block, from its own.
    for (i = t.local[0]; i < N; i += TS)
      sum += in[t.tile[0] * N + i];
    partial[t.local[0]] = sum;
    t.barrier.wait();
    // The tree reduction: from here on i is the same for every thread.
    for (i = TS / 2; i > 0; i /= 2) {
      if (t.local[0] < i)
        partial[t.local[0]] += partial[t.local[0] + i];
      t.barrier.wait();
    }
    if (t.local[0] == 0)
      out[t.tile[0]] = partial[0];
  });
  for (int k = 0; k < 4; ++k)
    std::cout << "block " << k << ": " << out[k] << "\n";
}

// CHECK: block 0: 2080
// CHECK-NEXT: block 1: 6176
// CHECK-NEXT: block 2: 10272
// CHECK-NEXT: block 3: 14368
