// A `_Cilk_for` that is not offloaded runs in parallel on the host (OpenMP): the results match a serial
// loop, nested loops included, and a C++ AMP kernel in the same file still runs.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int n = 1 << 20;
  std::vector<long long> par(n), ser(n);
  _Cilk_for (int i = 0; i < n; i++)
    par[i] = (long long)i * i % 1000003;
  for (int i = 0; i < n; i++)
    ser[i] = (long long)i * i % 1000003;
  std::printf("flat: %s\n", par == ser ? "match" : "MISMATCH");

  std::vector<int> grid(64 * 64, 0);
  _Cilk_for (int r = 63; r >= 0; r -= 1)
    _Cilk_for (int c = 0; c < 64; c += 1)
      grid[r * 64 + c] = r + c;
  bool ok = true;
  for (int r = 0; r < 64; r++)
    for (int c = 0; c < 64; c++)
      ok = ok && grid[r * 64 + c] == r + c;
  std::printf("nested: %s\n", ok ? "match" : "MISMATCH");

  std::vector<int> v(256);
  array_view<int, 1> av(256, v);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = i[0] * 2; });
  av.synchronize();
  long long sum = 0;
  _Cilk_for (int i = 0; i < 256; i++)
    par[i] = v[i];
  for (int i = 0; i < 256; i++)
    sum += par[i];
  std::printf("amp: %lld\n", sum);
  return 0;
}

// CHECK: flat: match
// CHECK-NEXT: nested: match
// CHECK-NEXT: amp: 65280
