// array_view::discard_data() is a hint that the view's current contents are not needed. It never loses data
// that is not the view's: an array's contents when the view is over an array (read again through another
// view of it, as the conformance suite's Projection test does), and the rest of the data when the view is a
// section of it. refresh() on a view of an array is the same: the array's data is current, nothing to reload.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

int main() {
  int data[30];
  for (int i = 0; i < 30; ++i)
    data[i] = i / 5 + 1;
  array<int, 3> src(extent<3>(2, 5, 3), data);
  array_view<int, 2> dst = src(1);
  dst.discard_data();
  parallel_for_each(extent<1>(1), [=, &src](index<1>) restrict(amp) {
    array_view<int, 2> results = src(1);
    for (int i = 0; i < dst.get_extent()[0]; i++)
      for (int j = 0; j < dst.get_extent()[1]; j++)
        dst[i][j] = results[i][j] * 10;
  });
  std::vector<int> got(15, -1);
  copy(dst, got.begin());
  std::cout << "projection " << got[0] << " " << got[14] << "\n";

  std::vector<int> v(8);
  for (int i = 0; i < 8; ++i)
    v[i] = i;
  array_view<int, 1> whole(8, v);
  parallel_for_each(whole.extent, [=](index<1> i) restrict(amp) { whole[i] += 100; });
  array_view<int, 1> half = whole.section(0, 4);
  half.discard_data();
  parallel_for_each(half.extent, [=](index<1> i) restrict(amp) { half[i] = -1; });
  whole.synchronize();
  std::cout << "section " << v[0] << " " << v[3] << " " << v[4] << " " << v[7] << "\n";

  array<int, 1> a(extent<1>(4));
  array_view<int, 1> av(a);
  parallel_for_each(a.extent, [=, &a](index<1> i) restrict(amp) { a[i] = 17 + i[0]; });
  av.refresh();
  std::cout << "refresh " << av[0] << " " << av[3] << "\n";
}
// CHECK: projection 40 60
// CHECK: section -1 -1 104 107
// CHECK: refresh 17 20
