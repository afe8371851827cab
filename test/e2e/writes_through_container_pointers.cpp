// A kernel that writes an array or array_view through a pointer to it or through its data() pointer: the
// launch copies the data back as for a direct write (it used to pass the container read-only and the host
// kept its old copy).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

int main() {
  int val = 1;
  array<int, 1> ary(1, &val);
  int nv = 2012;
  parallel_for_each(ary.get_extent(), [=, &ary](index<1> idx) restrict(amp) {
    array<int, 1> *p = &ary;
    (*p)[idx] = nv;
  });
  std::vector<int> out = ary;

  std::vector<int> data(4, 0);
  array_view<int, 1> view(4, data);
  parallel_for_each(view.extent, [=](index<1> idx) restrict(amp) {
    const array_view<int, 1> *q = &view;
    (*q)[idx] = idx[0] + 10;
  });
  view.synchronize();

  // A pointer to a const container is a read: the array stays as it was.
  array<int, 1> src(1, &val);
  std::vector<int> copied(1, 0);
  array_view<int, 1> dst(1, copied);
  parallel_for_each(dst.extent, [=, &src](index<1> idx) restrict(amp) {
    const array<int, 1> *r = &src;
    dst[idx] = (*r)[idx] + 1;
  });
  dst.synchronize();
  std::cout << out[0] << " " << data[0] << data[3] << " " << copied[0] << "\n";

  array<int, 1> a(extent<1>(10));
  array_view<int, 1> av(a);
  parallel_for_each(extent<1>(1), [=, &a](index<1>) restrict(cpu, amp) { av.data()[0] = 17; });
  std::vector<int> dv(3, 0);
  array_view<int, 1> d(3, dv);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
    int *p = d.data();
    p[2] = 5;
  });
  d.synchronize();
  std::cout << "data " << av[0] << " " << dv[2] << "\n";
}
// CHECK: 2012 1013 2
// CHECK: data 17 5
