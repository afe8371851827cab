// Wider C++ AMP API use: a kernel on an explicit accelerator_view, arrays on a view with copy in and
// out, views over arrays, projections, refresh, index arithmetic, structs, bool/unsigned/double captures.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <numeric>
#include <vector>
using namespace concurrency;

struct Affine {
  double scale;
  int shift;
};

template <typename T> T clamp_to(T v, T hi) restrict(amp) { return v > hi ? hi : v; }

int main() {
  accelerator acc;
  accelerator_view view = acc.create_view();

  // array on a view, filled with copy(), read back with copy().
  std::vector<int> src(12);
  std::iota(src.begin(), src.end(), 0);
  array<int, 2> grid(3, 4, view);
  copy(src.begin(), src.end(), grid);
  array_view<int, 2> gv(grid);
  parallel_for_each(view, gv.extent, [=](index<2> i) restrict(amp) {
    index<2> mirror = index<2>(2, 3) - i;
    gv[i] = gv[i] * 100 + mirror[0] * 10 + mirror[1];
  });
  std::vector<int> back(12);
  copy(grid, back.begin());
  for (int v : back) std::cout << v << " ";
  std::cout << "\n";

  // Projection of a rank-2 view into rows, in a kernel and on the host.
  std::vector<float> m(6, 1.0f);
  array_view<float, 2> mv(2, 3, m);
  parallel_for_each(extent<1>(2), [=](index<1> r) restrict(amp) {
    array_view<float, 1> row = mv[r[0]];
    for (int c = 0; c < row.extent[0]; ++c)
      row[c] = row[c] + r[0] * 10 + c;
  });
  std::cout << mv[1][2] << " " << mv(0, 1) << "\n";

  // Captured struct, bool, unsigned and double values; a function template.
  Affine f = {0.5, 3};
  bool negate = true;
  unsigned limit = 7u;
  std::vector<double> d(5);
  array_view<double, 1> dv(5, d);
  dv.discard_data();
  parallel_for_each(dv.extent, [=](index<1> i) restrict(amp) {
    double v = clamp_to<unsigned>(i[0] * 3u, limit) * f.scale + f.shift;
    dv[i] = negate ? -v : v;
  });
  dv.synchronize();
  for (double v : d) std::cout << v << " ";
  std::cout << "\n";

  // refresh(): the host changed the memory behind the view's back.
  std::vector<int> h(4, 1);
  array_view<int, 1> hv(4, h);
  parallel_for_each(hv.extent, [=](index<1> i) restrict(amp) { hv[i] += 1; });
  hv.synchronize();
  h[0] = 40;
  hv.refresh();
  parallel_for_each(hv.extent, [=](index<1> i) restrict(amp) { hv[i] += 1; });
  hv.synchronize();
  std::cout << h[0] << " " << h[1] << " " << h[2] << " " << h[3] << "\n";
  std::cout << "extent size " << hv.extent.size() << ", views equal " << (acc.default_view == acc.default_view) << "\n";
}

// CHECK: 23 122 221 320 413 512 611 710 803 902 1001 1100 
// CHECK-NEXT: 13 2
// CHECK-NEXT: -3 -4.5 -6 -6.5 -6.5 
// CHECK-NEXT: 41 3 3 3
// CHECK-NEXT: extent size 4, views equal 1
