// Bitonic sort of 2^k integers: log2(n) * (log2(n) + 1) / 2 kernel launches, each comparing and swapping the
// pairs (i, i ^ j) in the direction of i's block of size k. Every thread works on its own pair, so no barrier
// is needed inside a step; the steps are ordered by the accelerator_view's queue.
//   ampcc -O2 bitonic_sort.cpp -o bitonic_sort && ./bitonic_sort
#include <amp.h>
#include <algorithm>
#include <iostream>
#include <vector>
using namespace concurrency;

void bitonic_sort(std::vector<int> &v) {
  int n = static_cast<int>(v.size()); // a power of two
  array_view<int, 1> a(n, v);
  for (int k = 2; k <= n; k <<= 1)
    for (int j = k >> 1; j > 0; j >>= 1)
      parallel_for_each(a.extent, [=](index<1> idx) restrict(amp) {
        int i = idx[0];
        int partner = i ^ j;
        if (partner > i) {
          int x = a[i], y = a[partner];
          bool ascending = (i & k) == 0;
          if ((x > y) == ascending) {
            a[i] = y;
            a[partner] = x;
          }
        }
      });
  a.synchronize();
}

int main() {
  std::vector<int> v(1 << 16);
  unsigned s = 12345;
  for (int &x : v) {
    s = s * 1103515245u + 12345u;
    x = static_cast<int>(s >> 8) % 100000 - 50000;
  }
  std::vector<int> expected = v;
  std::sort(expected.begin(), expected.end());
  bitonic_sort(v);
  bool ok = v == expected;
  std::cout << v.size() << " integers sorted: " << (ok ? "matches std::sort" : "WRONG") << "\n";
  return ok ? 0 : 1;
}
// CHECK: 65536 integers sorted: matches std::sort
