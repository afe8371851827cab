// Declarations that C++ lets statements hold, in amp code: an if's or switch's init statement and condition
// variable (with a class whose destructor counts), a while's and a for's condition variable (declared and
// destroyed in each iteration, with break and continue), a range-based for loop over a private and a tile_static
// array (with break and continue), a local enumeration and a local function declaration.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

// Counts its destructions in column 3 of its row.
struct Flag {
  int v, row;
  array_view<int, 2> log;
  Flag(int x, int r, const array_view<int, 2> &l) restrict(cpu, amp) : v(x), row(r), log(l) {}
  ~Flag() restrict(cpu, amp) { log(row, 3) += 1; }
  operator bool() const restrict(amp) { return v > 1; }
};

int twice(int x) restrict(amp) { return 2 * x; }

// A reference to an array, as a range-based for loop's range is.
int total_of(const int (&a)[8]) restrict(amp) {
  int (*p)[8] = nullptr;
  int sum = 0;
  for (int x : a)
    sum += x;
  return p ? -1 : sum;
}

int main() {
  std::vector<int> out(8 * 4);
  array_view<int, 2> v(8, 4, out);
  parallel_for_each(extent<1>(8).tile<8>(), [=](tiled_index<8> t) restrict(amp) {
    int i = t.global[0];
    enum Kind { Small = 1, Large = 10 };
    int twice(int) restrict(amp);
    v(i, 3) = 0;
    int a = 0;
    if (Flag f(i, i, v); f)
      a = f.v * Large;
    else
      a = Small;
    if (int k = i % 3)
      a += k * 100;
    switch (int s = twice(i); s % 4) {
    case 0:
      a += 1000 + s;
      break;
    default:
      a += 2000 + s;
    }
    // Flags 4, 3, 2, 1 until a break: each destroyed once, by the iteration's end, a continue or the break.
    int steps = 0, seen = 0;
    while (Flag w = Flag(5 - ++steps, i, v)) {
      if (w.v == 3)
        continue;
      seen += w.v;
      if (w.v <= i)
        break;
    }
    for (int k = 0; int left = 4 - k; ++k)
      seen += left * 1000;
    a += seen * 10000;
    v(i, 0) = a;
    int values[5] = {1, 2, 3, 4, 5};
    int sum = 0;
    for (int x : values) {
      if (x == 2)
        continue;
      if (x == 5)
        break;
      sum += x;
    }
    for (int &x : values)
      x *= i;
    for (const int &x : values)
      sum += x;
    v(i, 1) = sum;
    tile_static int shared[8];
    shared[i] = i;
    t.barrier.wait();
    int total = 0;
    for (int x : shared)
      total += x;
    v(i, 2) = total + 100 * total_of(shared);
  });
  v.synchronize();
  for (int i = 0; i < 8; ++i)
    std::cout << out[i * 4] << " " << out[i * 4 + 1] << " " << out[i * 4 + 2] << " " << out[i * 4 + 3] << "\n";
}
// row i: a = (i > 1 ? 10 i : 1) + (i % 3) * 100 + (2i % 4 == 0 ? 1000 : 2000) + 2i + 10000 * seen, where
// seen = 10000 + (6 for i < 4, 4 after); sum = 1 + 3 + 4 + 15 i; total = 0 + ... + 7, and 100 times that through a
// reference to the array; Flags destroyed: the if's, and the while's 4 (i < 2), 3 (i = 2, 3) or 1.
// CHECK: 100061001 8 2828 5
// CHECK-NEXT: 100062103 23 2828 5
// CHECK-NEXT: 100061224 38 2828 4
// CHECK-NEXT: 100062036 53 2828 4
// CHECK-NEXT: 100041148 68 2828 2
// CHECK-NEXT: 100042260 83 2828 2
// CHECK-NEXT: 100041072 98 2828 2
// CHECK-NEXT: 100042184 113 2828 2
