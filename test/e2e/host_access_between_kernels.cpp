// Host element access through views and arrays stays coherent while each view keeps its own copy of the host
// address (runtime host_cache, docs/design/coherence.md): kernels between host accesses, sections and
// projections at an offset, copies made before and after a view's first access, views reassigned, discarded
// and refreshed data, an array moved, and several threads reading one view at once.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <thread>
#include <utility>
#include <vector>
using namespace concurrency;

static void add(const array_view<int, 1> &v, int k) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += k; });
}

int main() {
  std::vector<int> data(64);
  for (int i = 0; i < 64; ++i)
    data[i] = i;
  array_view<int, 1> v(64, data);
  array_view<int, 1> early = v; // copied before any host access
  int first = v[10];            // v's cache registered here
  add(v, 100);
  array_view<int, 1> late = v; // copied after
  std::printf("host after kernel: %d %d %d %d\n", first, v[10], early[11], late[12]);
  // CHECK: host after kernel: 10 110 111 112

  array_view<int, 1> tail = v.section(32, 32);
  std::printf("section: %d\n", tail[1]);
  // CHECK-NEXT: section: 133
  v[33] = -1; // a write through one view is seen by another view's cache
  add(tail, 1000);
  std::printf("section after kernel: %d %d %d\n", tail[1], v[33], v[31]);
  // CHECK-NEXT: section after kernel: 999 999 131

  array_view<int, 2> grid = v.view_as(extent<2>(8, 8));
  array_view<int, 1> row = grid[3];
  std::printf("row: %d %d\n", row[0], grid(3, 1));
  // CHECK-NEXT: row: 124 125
  add(v, 1);
  std::printf("row after kernel: %d %d\n", row[0], grid(3, 1));
  // CHECK-NEXT: row after kernel: 125 126

  std::vector<int> other(64, 7);
  array_view<int, 1> w(64, other);
  int before = w[0];
  w = v; // now a view of data: its cache must follow data's storage, not other's
  add(v, 1);
  std::printf("reassigned: %d %d\n", before, w[0]);
  // CHECK-NEXT: reassigned: 7 102

  w.discard_data();
  parallel_for_each(w.extent, [=](index<1> i) restrict(amp) { w[i] = 5; });
  std::printf("discarded then written: %d %d\n", w[2], v[2]);
  // CHECK-NEXT: discarded then written: 5 5
  data[4] = 44;
  v.refresh();
  std::printf("refreshed: %d\n", v[4]);
  // CHECK-NEXT: refreshed: 44

  array<int, 1> a(64);
  parallel_for_each(a.extent, [&a](index<1> i) restrict(amp) { a[i] = i[0] * 2; });
  int a5 = a[5];
  array<int, 1> b(std::move(a)); // a's cache outlives nothing it points into
  parallel_for_each(b.extent, [&b](index<1> i) restrict(amp) { b[i] += 1; });
  std::printf("array moved: %d %d\n", a5, b[5]);
  // CHECK-NEXT: array moved: 10 11

  add(v, 1); // data now on the device: the threads race to bring it back through one view
  long sums[4] = {};
  std::vector<std::thread> readers;
  for (int t = 0; t < 4; ++t)
    readers.emplace_back([&, t] {
      for (int i = 0; i < 64; ++i)
        sums[t] += v[i];
    });
  for (std::thread &r : readers)
    r.join();
  long want = 0;
  for (int i = 0; i < 64; ++i)
    want += data[i];
  std::printf("threads: %s\n", sums[0] == want && sums[1] == want && sums[2] == want && sums[3] == want ? "agree" : "differ");
  // CHECK-NEXT: threads: agree
  return 0;
}
