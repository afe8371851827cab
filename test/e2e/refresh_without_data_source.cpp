// array_view::refresh() tells a view that its data source was changed outside the view. A view made from an extent
// alone has no data source: nothing outside it can change its data, so refresh() has nothing to do (MSVC's refresh
// returns at once for such a view). Its contents, a kernel's writes among them, stay as they were, whether refresh
// is called on the view, a copy, a section or a projection, before or after the kernel.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

int main() {
  array_view<int, 1> v(10);
  v.refresh();
  std::printf("fresh: %d %d\n", v[0], v[9]);
  // CHECK: fresh: 0 0

  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = i[0] + 1; });
  v.refresh();
  std::printf("after a kernel: %d %d\n", v[0], v[9]);
  // CHECK-NEXT: after a kernel: 1 10

  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= 10; });
  array_view<int, 1> copy_of_v = v;
  copy_of_v.refresh();
  v.section(2, 3).refresh();
  std::printf("through a copy and a section: %d %d %d\n", v[0], v[3], v[9]);
  // CHECK-NEXT: through a copy and a section: 10 40 100

  v[5] = -1; // a host write, then a kernel that reads it
  v.refresh();
  array_view<int, 1> out(1);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = v[5]; });
  std::printf("host write reaches a kernel: %d\n", out[0]);
  // CHECK-NEXT: host write reaches a kernel: -1

  array_view<float, 2> grid(3, 4);
  parallel_for_each(grid.extent, [=](index<2> i) restrict(amp) { grid[i] = i[0] * 4 + i[1] + 0.5f; });
  grid[1].refresh();
  grid.refresh();
  float sum = 0;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 4; ++c)
      sum += grid(r, c);
  std::printf("rank 2: %g\n", sum);
  // CHECK-NEXT: rank 2: 72
}
