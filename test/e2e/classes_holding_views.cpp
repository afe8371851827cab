// A class captured by value that holds array_views (and arrays' views, scalars, member classes holding views)
// reaches the kernel whole: OpenCL cannot take pointers inside a kernel argument, so it travels as its fields,
// each view a buffer of its own, and is put together again in the kernel. Writes through it, directly or in a
// function that takes it by reference, come back to the host; const views are only read. Private fields and a
// call spelled in a macro take the path through the kernel object.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Inner {
  array_view<int, 1> hits;
  int bias;
};

struct Bundle {
  array_view<const int, 1> in;
  array_view<int, 2> grid;
  Inner inner;
  float scale;
};

class Hidden {
public:
  Hidden(array_view<int, 1> v, int k) : v_(v), k_(k) {}
  void bump(int i) const restrict(amp) { v_[i] += k_; }

private:
  array_view<int, 1> v_;
  int k_;
};

void record(const Bundle &b, int i) restrict(amp) { b.inner.hits[i] += b.inner.bias; }

struct Functor {
  Bundle b;
  void operator()(index<1> i) const restrict(amp) { b.grid(i[0], 1) = b.in[i] * 10; }
};

#define LAUNCH(e, k) parallel_for_each(e, k)

int main() {
  std::vector<int> in = {1, 2, 3, 4}, grid(4 * 2, 0), hits(4, 0), hidden(4, 0);
  array<int, 1> arr(4);
  Bundle b{array_view<const int, 1>(4, in), array_view<int, 2>(4, 2, grid), Inner{array_view<int, 1>(4, hits), 5},
           2.0f};
  parallel_for_each(extent<1>(4), [=](index<1> i) restrict(amp) {
    b.grid(i[0], 0) = static_cast<int>(b.in[i] * b.scale);
    record(b, i[0]);
  });
  parallel_for_each(extent<1>(4), Functor{b});
  array_view<int, 1> hv(4, hidden);
  const Hidden h(hv, 3);
  LAUNCH(extent<1>(4), [=](index<1> i) restrict(amp) { h.bump(i[0]); });
  Inner onArray{array_view<int, 1>(arr), 7};
  parallel_for_each(extent<1>(4), [=](index<1> i) restrict(amp) { onArray.hits[i] = onArray.bias + i[0]; });

  b.grid.synchronize();
  b.inner.hits.synchronize();
  std::cout << "grid:";
  for (int v : grid)
    std::cout << " " << v;
  std::cout << "\nhits:";
  for (int v : hits)
    std::cout << " " << v;
  std::cout << "\nhidden:";
  hv.synchronize();
  for (int v : hidden)
    std::cout << " " << v;
  std::vector<int> back = arr;
  std::cout << "\narray:";
  for (int v : back)
    std::cout << " " << v;
  std::cout << "\n";
}
// CHECK: grid: 2 10 4 20 6 30 8 40
// CHECK-NEXT: hits: 5 5 5 5
// CHECK-NEXT: hidden: 3 3 3 3
// CHECK-NEXT: array: 7 8 9 10
