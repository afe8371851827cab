// Short vector types in kernels and on the host: constructors, component access, arithmetic. As in MSVC, a
// scalar converts to a vector implicitly (every component) and vectors of other element types only explicitly.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_short_vectors.h>
#include <iostream>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  std::vector<float_4> pts(8);
  for (int i = 0; i < 8; ++i) pts[i] = float_4(float(i), float(2 * i), 1.0f, 0.5f);
  std::vector<int_2> cells(8);
  array_view<float_4, 1> pv(8, pts);
  array_view<int_2, 1> cv(8, cells);
  cv.discard_data();
  parallel_for_each(pv.extent, [=](index<1> i) restrict(amp) {
    float_4 p = pv[i];
    float_4 q = p * 2.0f + float_4(1.0f) - float_4(0.0f, 0.0f, 0.0f, p.w);
    q.set_w(q.get_x() + q.y);
    pv[i] = q;
    cv[i] = int_2(int(q.x), int(q.w)) + int_2(1, 0);
  });
  pv.synchronize();
  cv.synchronize();
  std::cout << pts[3].x << " " << pts[3].y << " " << pts[3].z << " " << pts[3].w << " | " << cells[3].x << " "
            << cells[3].y << " | " << (pts[0] == float_4(1.0f, 1.0f, 3.0f, 2.0f)) << "\n";

  std::vector<int_4> filled(3);
  std::fill(filled.begin(), filled.end(), 5);
  std::vector<int> out(2);
  array_view<int, 1> ov(2, out);
  parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) {
    int_2 splat = 7;
    float_2 f(2.75f, -1.5f);
    int_2 truncated(f);
    uint_3 u = uint_3(int_3(1, 2, 3));
    ov[i] = i[0] == 0 ? splat.x * 100 + truncated.x * 10 - truncated.y : static_cast<int>(u.z);
  });
  ov.synchronize();
  std::cout << filled[2].w << " " << out[0] << " " << out[1] << "\n";
}

// CHECK: 7 13 3 20 | 8 20 | 1
// CHECK-NEXT: 5 721 3
