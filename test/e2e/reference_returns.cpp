// Functions in amp code that return references or pointers: into a view's data (global memory), into the
// caller's object (`return *this` from assignment operators), into tile_static memory and into private locals
// of the caller; a const member function returning a reference to a member.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

struct acc {
  int sum;
  int count;
  acc &operator+=(int v) restrict(amp) {
    sum += v;
    ++count;
    return *this;
  }
  acc &operator=(int v) restrict(amp) {
    sum = v;
    count = 1;
    return *this;
  }
  const int &total() const restrict(amp) { return sum; }
  int *total_ptr() restrict(amp) { return &sum; }
};

// A returned assignment or pre-increment: C's are values, so the reference is the address of the left side.
struct level {
  float v;
  level &set(float f) restrict(amp) { return *this = level{f}; }
  level &bump() restrict(amp) { return v += 1.0f, *this; }
};
int &incremented(int &n) restrict(amp) { return ++n; }
int &added(int &n, int d) restrict(amp) { return n += d; }

int &pick(int &a, int &b, bool first) restrict(amp) { return first ? a : b; }
int &element(const array_view<int, 1> &v, int i) restrict(amp) { return v[i]; }
int *address(const array_view<int, 1> &v, int i) restrict(amp) { return &v[i]; }

int main() {
  std::vector<int> data(8, 0);
  array_view<int, 1> v(8, data);
  parallel_for_each(v.extent, [=](index<1> idx) restrict(amp) {
    int i = idx[0];
    acc a;
    a = 10;
    (a += i) += 100;          // chained through the returned reference
    *a.total_ptr() += 1000;   // a pointer into the caller's object
    int x = 1, y = 2;
    pick(x, y, i % 2 == 0) = 7; // assignment through a returned reference to a private variable
    element(v, i) = a.total() + a.count * 10000 + x * 100000 + y * 1000000;
    *address(v, i) += 1;      // a pointer into global memory
  });
  v.synchronize();
  std::cout << data[0] << " " << data[1] << "\n";

  // A reference into tile_static memory.
  std::vector<int> out(16, 0);
  array_view<int, 1> o(16, out);
  parallel_for_each(o.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static int shared[4];
    int &mine = pick(shared[t.local[0]], shared[(t.local[0] + 1) % 4], true);
    mine = t.global[0];
    t.barrier.wait();
    o[t.global] = pick(shared[t.local[0]], shared[(t.local[0] + 1) % 4], false);
  });
  o.synchronize();
  std::cout << out[0] << " " << out[3] << " " << out[15] << "\n";

  std::vector<int> r(2, 0);
  array_view<int, 1> rv(2, r);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
    level l{0.0f};
    l.set(2.5f).bump();
    int n = 3;
    incremented(n) *= 10;
    added(n, 5) += 100;
    rv[0] = static_cast<int>(l.v * 10);
    rv[1] = n;
  });
  rv.synchronize();
  std::cout << r[0] << " " << r[1] << "\n";

  // A view written only through a returned reference is written: its data comes back.
  std::vector<int> w(4, 0);
  array_view<int, 1> wv(4, w);
  parallel_for_each(wv.extent, [=](index<1> idx) restrict(amp) { element(wv, idx[0]) = idx[0] + 40; });
  wv.synchronize();
  std::cout << w[0] << " " << w[3] << "\n";
}
// i = 0: sum 10 + 0 + 100 + 1000 = 1110, count 3, x = 7, y = 2 -> 1110 + 30000 + 700000 + 2000000 + 1
// i = 1: sum 1111, count 3, x = 1, y = 7 -> 1111 + 30000 + 100000 + 7000000 + 1
// CHECK: 2731111 7131112
// CHECK: 1 0 12
// A returned assignment, comma and increment: (2.5 + 1) * 10; ((3 + 1) * 10 + 5) + 100.
// CHECK-NEXT: 35 145
// CHECK-NEXT: 40 43
