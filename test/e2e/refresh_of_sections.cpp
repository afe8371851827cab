// array_view::refresh() tells a view that its data source was changed outside the view: the copies of the view's
// elements on accelerators are stale. On a section or a projection that is the section's elements only: the rest of
// the data source is as the view left it, so what a kernel wrote there and nothing has synchronized yet is kept.
// After the refresh the section's new contents reach the host reads, synchronize and the next kernel.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  // A kernel wrote every element; the data source is changed in the first ten, which are refreshed.
  {
    std::vector<int> v(100, 1);
    array_view<int, 1> av(100, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = 2; });
    for (int i = 0; i < 10; ++i)
      v[i] = 3;
    av.section(0, 10).refresh();
    std::vector<int> seen(100);
    array_view<int, 1> sv(100, seen);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { sv[i] = av[i]; });
    sv.synchronize();
    av.synchronize();
    std::printf("section: %d %d %d, the next kernel read %d %d\n", v[0], v[9], v[10], seen[9], seen[10]);
  }
  // CHECK: section: 3 3 2, the next kernel read 3 2

  // A rank 2 section with gaps, and a projection, refreshed while the device copy is newer.
  {
    std::vector<int> v(6 * 8, 0);
    array_view<int, 2> av(6, 8, v);
    parallel_for_each(av.extent, [=](index<2> i) restrict(amp) { av[i] = 10 * i[0] + i[1]; });
    for (int r = 1; r < 3; ++r)
      for (int c = 2; c < 5; ++c)
        v[r * 8 + c] = -1;
    for (int c = 0; c < 8; ++c)
      v[5 * 8 + c] = -2;
    av.section(1, 2, 2, 3).refresh();
    av[5].refresh();
    int bad = 0;
    for (int r = 0; r < 6; ++r)
      for (int c = 0; c < 8; ++c) {
        int want = r == 5 ? -2 : (r >= 1 && r < 3 && c >= 2 && c < 5) ? -1 : 10 * r + c;
        bad += av(r, c) != want;
      }
    std::printf("rank 2 section and projection: %d wrong\n", bad);
  }
  // CHECK-NEXT: rank 2 section and projection: 0 wrong

  // The host copy is current: a refreshed section's new contents reach the next kernel.
  {
    std::vector<int> v(50, 4);
    array_view<int, 1> av(50, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] += 1; });
    av.synchronize();
    v[40] = 100;
    av.section(40, 10).refresh();
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] *= 2; });
    av.synchronize();
    std::printf("host current: %d %d\n", v[39], v[40]);
  }
  // CHECK-NEXT: host current: 10 200
}
