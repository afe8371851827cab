// C++ AMP v1.2 §10.1, §10.4, §10.5: the members of texture and texture_view not run elsewhere: gather_blue (with a
// sampler and with a predefined address mode) over a 2x2 footprint whose channels all differ, get_mipmap_levels of
// a texture and its views, get_extent, and a texture_view written in one kernel and read through a const view in
// the next.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <algorithm>
#include <amp.h>
#include <amp_graphics.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  // Texel k has red 10 + k, green 20 + k, blue 30 + k, alpha 40 + k: a gather of the wrong channel shows.
  std::vector<float_4> img;
  for (int k = 0; k < 4; ++k) img.push_back(float_4(10.0f + k, 20.0f + k, 30.0f + k, 40.0f + k));
  texture<float_4, 2> t(2, 2, img.begin(), img.end());
  texture_view<const float_4, 2> r(t);
  array_view<float_4, 1> g(2);
  sampler s(filter_point, address_clamp);
  parallel_for_each(g.extent, [=](index<1> i) restrict(amp) {
    g[i] = i[0] == 0 ? r.gather_blue(s, float_2(0.5f, 0.5f)) : r.gather_blue<address_clamp>(float_2(0.5f, 0.5f));
  });
  for (int k = 0; k < 2; ++k) {
    float c[4] = {g[k].x, g[k].y, g[k].z, g[k].w};
    std::sort(c, c + 4);
    std::printf("gather_blue %d: %g %g %g %g\n", k, c[0], c[1], c[2], c[3]);
  }
  // CHECK: gather_blue 0: 30 31 32 33
  // CHECK-NEXT: gather_blue 1: 30 31 32 33

  std::printf("mipmap levels %u %u, extent %d x %d\n", t.get_mipmap_levels(), r.get_mipmap_levels(),
              t.get_extent()[0], t.get_extent()[1]);
  // CHECK-NEXT: mipmap levels 1 1, extent 2 x 2

  texture<float, 1> u(8);
  texture_view<float, 1> w(u);
  parallel_for_each(w.extent, [=](index<1> i) restrict(amp) { w.set(i, 1.5f * i[0]); });
  texture_view<const float, 1> ru(u);
  array_view<float, 1> out(8);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = ru[i] + ru(7 - i[0]); });
  std::printf("written then read: %g %g\n", out[0], out[3]);
  // CHECK-NEXT: written then read: 10.5 10.5
}
