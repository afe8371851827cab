// Checked mode in kernels: an access, projection or section out of a view's or array's extent is reported
// after the launch as a runtime_exception (E_BOUNDS) with the file, line and column of the access, the index,
// the extent, the thread and how many accesses failed; out-of-bounds writes land nowhere in the user's data.
// RUN: %ampcc -fampcc-checked -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

template <typename F> void expect_violation(const char *what, F f) {
  try {
    f();
    std::cout << what << ": no violation\n";
  } catch (const runtime_exception &e) {
    std::cout << what << ": " << e.what() << " [" << std::hex << e.get_error_code() << std::dec << "]\n";
  }
}

// A view passed by value to a callee keeps its checks.
int plus_one(array_view<const int, 1> v, int i) restrict(amp) {
  return v[i] + 1;
}

int main() {
  std::vector<int> d1(8, 1), d2(12, 2), d3(24, 3), out(8, 0);
  array_view<const int, 1> a(8, d1);
  array_view<int, 2> b(3, 4, d2);
  array_view<int, 3> c(2, 3, 4, d3);
  array_view<int, 1> o(8, out);

  // In bounds, a checked kernel computes what an unchecked one does.
  parallel_for_each(o.extent, [=](index<1> i) restrict(amp) {
    o[i] = a[i] + b(i[0] % 3, i[0] % 4) + c(1, 2, i[0] % 4) + b[i[0] % 3][3] + b.section(1, 1, 2, 2)(1, 1);
  });
  o.synchronize();
  std::cout << "in bounds:";
  for (int v : out)
    std::cout << " " << v;
  std::cout << "\n";
  // CHECK: in bounds: 10 10 10 10 10 10 10 10

  expect_violation("rank 1", [&] {
    parallel_for_each(o.extent, [=](index<1> i) restrict(amp) {
      if (i[0] == 7)
        o[i] = a[i + 1];
    });
  });
  // CHECK-NEXT: rank 1: ampcc: out-of-bounds access in a kernel (checked mode): {{.*}}checked_kernel_access.cpp:[[@LINE-3]]:16: index (8) of a is outside its extent (8) (thread (7); 1 out-of-bounds access in this launch) [8000000b]

  expect_violation("rank 2", [&] {
    parallel_for_each(b.extent, [=](index<2> i) restrict(amp) {
      if (i[0] == 2 && i[1] == 3)
        b(i[0], i[1] + 1) = 0;
    });
  });
  // CHECK-NEXT: rank 2: ampcc: out-of-bounds access in a kernel (checked mode): {{.*}}checked_kernel_access.cpp:[[@LINE-3]]:9: index (2, 4) of b is outside its extent (3, 4) (thread (2, 3); 1 out-of-bounds access in this launch) [8000000b]

  expect_violation("rank 3", [&] {
    parallel_for_each(c.extent, [=](index<3> i) restrict(amp) {
      if (i == index<3>(1, 0, 2))
        c[index<3>(i[0], -1, i[2])] += 1;
    });
  });
  // CHECK-NEXT: rank 3: ampcc: out-of-bounds access in a kernel (checked mode): {{.*}}checked_kernel_access.cpp:[[@LINE-3]]:9: index (1, -1, 2) of c is outside its extent (2, 3, 4) (thread (1, 0, 2); 1 out-of-bounds access in this launch) [8000000b]

  expect_violation("projection", [&] {
    parallel_for_each(o.extent, [=](index<1> i) restrict(amp) {
      if (i[0] == 3)
        o[i] = b[i[0]][0];
    });
  });
  // The projection reports; the empty view it gives instead makes the access through it fail too.
  // CHECK-NEXT: projection: ampcc: out-of-bounds access in a kernel (checked mode): {{.*}}checked_kernel_access.cpp:[[@LINE-4]]:16: projection b[3] is outside its extent (3, 4) (thread (3); 2 out-of-bounds accesses in this launch) [8000000b]

  expect_violation("section", [&] {
    parallel_for_each(o.extent, [=](index<1> i) restrict(amp) {
      if (i[0] == 0)
        o[i] = b.section(index<2>(1, 1), extent<2>(3, 3))(0, 0);
    });
  });
  // CHECK-NEXT: section: ampcc: out-of-bounds access in a kernel (checked mode): {{.*}}checked_kernel_access.cpp:[[@LINE-3]]:16: section of b at origin (1, 1) with extent (3, 3) does not fit its extent (3, 4) (thread (0); 2 out-of-bounds accesses in this launch) [8000000b]

  expect_violation("inside a section", [&] {
    array_view<int, 2> win = b.section(index<2>(0, 0), extent<2>(2, 2));
    parallel_for_each(win.extent, [=](index<2> i) restrict(amp) {
      if (i[0] == 0 && i[1] == 1)
        win(i[0], i[1] + 1) = 5;
    });
  });
  // The element is inside b but outside the section.
  // CHECK-NEXT: inside a section: ampcc: out-of-bounds access in a kernel (checked mode): {{.*}}checked_kernel_access.cpp:[[@LINE-4]]:9: index (0, 2) of win is outside its extent (2, 2) (thread (0, 1); 1 out-of-bounds access in this launch) [8000000b]

  expect_violation("callee", [&] {
    parallel_for_each(o.extent, [=](index<1> i) restrict(amp) { o[i] = plus_one(a, i[0] == 5 ? 8 : i[0]); });
  });
  // CHECK-NEXT: callee: ampcc: out-of-bounds access in a kernel (checked mode): {{.*}}checked_kernel_access.cpp:21:10: index (8) of v is outside its extent (8) (thread (5); 1 out-of-bounds access in this launch) [8000000b]

  expect_violation("tiled", [&] {
    parallel_for_each(o.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
      tile_static int s[4];
      s[t.local[0]] = a[t.global];
      t.barrier.wait();
      if (t.global[0] == 6)
        o[t.global] = s[0] + a[t.tile_origin + 4];
    });
  });
  // CHECK-NEXT: tiled: ampcc: out-of-bounds access in a kernel (checked mode): {{.*}}checked_kernel_access.cpp:[[@LINE-3]]:30: index (8) of a is outside its extent (8) (thread (6); 1 out-of-bounds access in this launch) [8000000b]

  array<int, 1> arr(4);
  expect_violation("array", [&] {
    parallel_for_each(extent<1>(1), [&arr](index<1> i) restrict(amp) { arr[i + 4] = 1; });
  });
  // CHECK-NEXT: array: ampcc: out-of-bounds access in a kernel (checked mode): {{.*}}checked_kernel_access.cpp:[[@LINE-2]]:72: index (4) of arr is outside its extent (4) (thread (0); 1 out-of-bounds access in this launch) [8000000b]

  // Many threads out of bounds: the first one recorded is reported, with the count.
  o.synchronize();
  std::vector<int> before = out;
  expect_violation("many", [&] {
    parallel_for_each(o.extent, [=](index<1> i) restrict(amp) { o[i + 4] = -1; });
  });
  // CHECK-NEXT: many: ampcc: out-of-bounds access in a kernel (checked mode): {{.*}}checked_kernel_access.cpp:[[@LINE-2]]:65: index ({{[0-9]+}}) of o is outside its extent (8) (thread ({{[4-7]}}); 4 out-of-bounds accesses in this launch) [8000000b]
  o.synchronize();
  bool kept = true;
  for (int k = 0; k < 4; ++k)
    kept = kept && out[k] == before[k];
  std::cout << "in-bounds writes done, out-of-bounds writes dropped: " << (out[4] == -1 && out[7] == -1) << " "
            << kept << "\n";
  // CHECK-NEXT: in-bounds writes done, out-of-bounds writes dropped: 1 1
}
