// One parallel_for_each in a template whose instantiations launch different kinds of kernel: two function
// objects with fields of other names, and a lambda whose capture is a value in one instantiation and a view in
// the other. Each instantiation's kernel and arguments are its own (the host read the first one's fields before).
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

template <typename K> void run(int n, const K &k) { parallel_for_each(extent<1>(n), k); }

struct AddOne {
  array_view<int, 1> v;
  void operator()(index<1> i) const restrict(amp) { v[i] += 1; }
};
struct Scale {
  int factor;
  array_view<int, 1> w;
  void operator()(index<1> i) const restrict(amp) { w[i] *= factor; }
};

int at(int v, index<1>) restrict(amp) { return v; }
int at(const array_view<const int, 1> &v, index<1> i) restrict(amp) { return v[i]; }

template <typename V> void fill(const V &source, array_view<int, 1> out) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = at(source, i) + 1000; });
}

int main() {
  int x[4] = {1, 2, 3, 4};
  array_view<int, 1> v(4, x);
  run(4, AddOne{v});
  run(4, Scale{10, v});
  v.synchronize();
  std::printf("%d %d %d %d\n", x[0], x[1], x[2], x[3]);
  // CHECK: 20 30 40 50
  int a[3] = {}, b[3] = {};
  int src[3] = {7, 8, 9};
  array_view<int, 1> av(3, a), bv(3, b);
  fill(5, av);
  fill(array_view<const int, 1>(3, src), bv);
  av.synchronize();
  bv.synchronize();
  std::printf("%d %d %d %d\n", a[0], a[2], b[0], b[2]);
  // CHECK-NEXT: 1005 1005 1007 1009
  return 0;
}
