// Short vector types in kernels and on the host: constructors, component access, arithmetic.
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
}

// CHECK: 7 13 3 20 | 8 20 | 1
