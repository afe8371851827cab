// Sections, projections and reshapes of arrays and array_views: every section overload (origin and extent,
// origin only, extent only, the int forms) on the host and in kernels, projections of arrays, and the
// host-only view_as and reinterpret_as.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

template <typename T, int N> void print(const char *name, const array<T, N> &a) {
  std::vector<T> v = a;
  std::cout << name << ":";
  for (T x : v)
    std::cout << " " << x;
  std::cout << "\n";
}

int main() {
  array<int, 2> a(3, 4);
  parallel_for_each(
      a.extent, [&a](index<2> i) restrict(amp) { a[i] = 0; });

  // In a kernel: each form marks its own window of the array.
  parallel_for_each(
      extent<1>(1), [&a](index<1>) restrict(amp) {
        array_view<int, 2> rest = a.section(index<2>(2, 2));    // rows 2.., cols 2..
        array_view<int, 2> corner = a.section(extent<2>(1, 2)); // (0,0)..(0,1)
        array_view<int, 2> ints = a.section(1, 0, 1, 2);        // (1,0)..(1,1)
        rest(0, 0) = 1;
        rest(0, 1) = 2;
        corner(0, 0) = 3;
        corner(0, 1) = 4;
        ints(0, 0) = 5;
        ints(0, 1) = 6;
        array_view<int, 1> last_row = a[2];
        last_row[0] = 7;
      });
  print("kernel sections", a);

  // Rank 1 and rank 3 int forms, and origin-only sections of views, in kernels.
  std::vector<int> line(8, 0);
  array_view<int, 1> lv(8, line);
  array<int, 3> cube(2, 2, 2);
  parallel_for_each(
      extent<1>(1), [ =, &cube ](index<1>) restrict(amp) {
        array_view<int, 1> mid = lv.section(2, 3);
        array_view<int, 1> tail = lv.section(index<1>(6));
        mid[0] = 1;
        mid[2] = 3;
        tail[1] = 9;
        for (int i = 0; i < 8; ++i)
          cube[index<3>(i / 4, i / 2 % 2, i % 2)] = 0;
        array_view<int, 3> far = cube.section(1, 1, 0, 1, 1, 2);
        far(0, 0, 0) = 5;
        far(0, 0, 1) = 6;
      });
  lv.synchronize();
  std::cout << "view sections:";
  for (int x : line)
    std::cout << " " << x;
  std::cout << "\n";
  print("cube", cube);

  // On the host: sections of a const array, projections and sections of sections.
  const array<int, 2> &ca = a;
  array_view<const int, 2> csec = ca.section(index<2>(1, 0), extent<2>(2, 2));
  array_view<const int, 1> crow = ca[2];
  std::cout << "host: " << csec(0, 1) << " " << crow[3] << " " << a.section(index<2>(1, 1)).section(1, 1, 1, 1)(0, 0)
            << " " << a(0)[1] << "\n";

  // view_as and reinterpret_as (host only).
  array_view<int, 1> flat = a.view_as(extent<1>(12));
  array_view<int, 2> six_by_two = flat.view_as(extent<2>(6, 2));
  std::cout << "view_as: " << flat[11] << " " << six_by_two(5, 1) << " " << six_by_two(1, 0) << "\n";
  array<float, 1> f(2);
  f[0] = 1.0f;
  array_view<unsigned, 1> bits = f.reinterpret_as<unsigned>();
  std::cout << "reinterpret_as: " << std::hex << bits[0] << std::dec << " " << bits.extent[0] << "\n";
}

// CHECK: kernel sections: 3 4 0 0 5 6 0 0 7 0 1 2
// CHECK-NEXT: view sections: 0 0 1 0 3 0 0 9
// CHECK-NEXT: cube: 0 0 0 0 0 0 5 6
// CHECK-NEXT: host: 6 2 1 4
// CHECK-NEXT: view_as: 2 2 0
// CHECK-NEXT: reinterpret_as: 3f800000 2
