// The address of a temporary whose class has a destructor, taken in amp code: a method called on it (the Algorithms
// Library's `begin(av) + 1`, an iterator's const operator+ that copies *this) and a const reference bound to it
// (`it = begin(av) + 2` through a user-written operator= that compares `this != &other`), as its swap tests do
// (test_amp_stl_algorithms_swap.cpp, swap_iter). The lowering took the address of the call's value,
// `&(ampcc_fn_begin(av))`, which OpenCL C refuses; the temporary lives in a variable destroyed at the end of the
// full expression. Also the library's other swaps: view elements, and arrays of tile_static memory by reference.
// The same code runs on the host: its destructions (counted in the last element) are C++'s.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <typename T> struct cursor {
  array_view<T> v;
  int pos;
  cursor(const array_view<T> &v, int pos) restrict(cpu, amp) : v(v), pos(pos) {}
  cursor(const cursor &o) restrict(cpu, amp) : v(o.v), pos(o.pos) {}
  ~cursor() restrict(cpu, amp) { v[v.extent[0] - 1] += 1; }
  cursor &operator=(const cursor &o) restrict(cpu, amp) {
    if (this != &o) {
      v = o.v;
      pos = o.pos;
    }
    return *this;
  }
  T &operator*() const restrict(cpu, amp) { return v[pos]; }
  cursor operator+(int d) const restrict(cpu, amp) {
    cursor t = *this;
    t.pos += d;
    return t;
  }
};

template <typename T> cursor<T> start(const array_view<T> &v) restrict(cpu, amp) { return cursor<T>(v, 0); }
template <typename T> void swap_values(T &a, T &b) restrict(cpu, amp) {
  T t = a;
  a = b;
  b = t;
}
template <typename T, int N> void swap_values(T (&a)[N], T (&b)[N]) restrict(cpu, amp) {
  for (int i = 0; i < N; ++i)
    swap_values(a[i], b[i]);
}
template <typename I, typename J> void swap_at(I a, J b) restrict(cpu, amp) { swap_values(*a, *b); }

void swaps(const array_view<int, 1> &av) restrict(cpu, amp) {
  swap_at(start(av), start(av) + 1); // 2 1 3 ...
  cursor<int> c = start(av);
  c = start(av) + 2;
  *c += 100;                 // 2 1 103 ...
  swap_values(av[3], av[4]); // ... 5 4 ...
}

int main() {
  std::vector<int> data = {1, 2, 3, 4, 5, 6, 7, 0}, host = data;
  array_view<int, 1> av(8, data);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) { swaps(av); });
  parallel_for_each(extent<1>(2).tile<2>(), [=](tiled_index<2> t) restrict(amp) {
    tile_static int a[2], b[2];
    int i = t.local[0];
    a[i] = av[5 + i];
    b[i] = -1;
    t.barrier.wait();
    if (i == 0)
      swap_values(a, b);
    t.barrier.wait();
    av[5 + i] = b[i] + 10 * a[i];
  });
  av.synchronize();
  swaps(array_view<int, 1>(8, host));
  for (int x : data)
    std::printf("%d ", x);
  std::printf("\n");
  for (int k = 0; k < 5; ++k)
    std::printf("%d ", host[k]);
  std::printf("%d\n", host[7]);
  // CHECK: 2 1 103 5 4 -4 -3 [[DESTROYED:[0-9]+]]
  // CHECK-NEXT: 2 1 103 5 4 [[DESTROYED]]
}
