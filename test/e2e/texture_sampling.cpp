// texture_view<const T, N>::sample (docs/design/textures.md): normalized coordinates, point and linear
// filtering, the four address modes (wrap, mirror, clamp, border with the sampler's color) on a rank 1 texture of
// floats, the predefined samplers chosen by template arguments, a rank 2 texture of unorm_4 blended between four
// texels, and a rank 3 one; gather_red .. gather_alpha; the sampler's properties on the host.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_graphics.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  std::vector<float> v = {0, 10, 20, 30};
  texture<float, 1> t(4, v.begin(), v.end());
  texture_view<const float, 1> r(t);
  std::vector<float> coords = {0.125f, 0.25f, 0.5f, 0.9f, -0.125f, 1.125f};
  array_view<const float, 1> at(6, coords);
  array_view<float, 2> got(5, 6);
  sampler wrap(filter_linear, address_wrap), mirror(filter_point, address_mirror),
      border(address_border, float_4(-1.0f, -1.0f, -1.0f, -1.0f));
  parallel_for_each(at.extent, [=](index<1> i) restrict(amp) {
    got(0, i[0]) = r.sample(at[i]); // linear, clamp
    got(1, i[0]) = r.sample<filter_point, address_clamp>(at[i]);
    got(2, i[0]) = r.sample(wrap, at[i]);
    got(3, i[0]) = r.sample(mirror, at[i]);
    got(4, i[0]) = r.sample(border, at[i]);
  });
  const char *names[] = {"linear clamp", "point clamp", "linear wrap", "point mirror", "linear border"};
  for (int m = 0; m < 5; ++m) {
    std::printf("%s:", names[m]);
    for (int i = 0; i < 6; ++i)
      std::printf(" %g", got(m, i));
    std::printf("\n");
  }
  // CHECK: linear clamp: 0 5 15 30 0 30
  // CHECK-NEXT: point clamp: 0 10 20 30 0 30
  // CHECK-NEXT: linear wrap: 0 5 15 27 30 0
  // CHECK-NEXT: point mirror: 0 10 20 30 0 30
  // CHECK-NEXT: linear border: 0 5 15 26.9 -1 -1

  std::vector<unorm_4> img = {unorm_4(0.0f, 0.0f, 0.0f, 1.0f), unorm_4(1.0f, 0.0f, 0.0f, 1.0f),
                              unorm_4(0.0f, 1.0f, 0.0f, 1.0f), unorm_4(0.0f, 0.0f, 1.0f, 1.0f)};
  texture<unorm_4, 2> t2(2, 2, img.begin(), img.end());
  texture_view<const unorm_4, 2> r2(t2);
  array_view<float_4, 1> px(2);
  sampler blend;
  parallel_for_each(px.extent, [=](index<1> i) restrict(amp) {
    // The centre of the image, then the centre of texel (row 1, column 0) with point filtering.
    unorm_4 p = i[0] == 0 ? r2.sample(blend, float_2(0.5f, 0.5f)) : r2.sample<filter_point>(float_2(0.25f, 0.75f));
    px[i] = float_4(float(p.x), float(p.y), float(p.z), float(p.w));
  });
  std::printf("2d: %g %g %g %g | %g %g %g %g\n", px[0].x, px[0].y, px[0].z, px[0].w, px[1].x, px[1].y, px[1].z,
              px[1].w);
  // CHECK-NEXT: 2d: 0.25 0.25 0.25 1 | 0 1 0 1

  // Gather: the red and alpha of the 2x2 footprint at the centre, and the green at a corner with wrapping.
  array_view<float_4, 1> g(3);
  parallel_for_each(g.extent, [=](index<1> i) restrict(amp) {
    unorm_4 q = i[0] == 0   ? r2.gather_red(blend, float_2(0.5f, 0.5f))
                : i[0] == 1 ? r2.gather_alpha(blend, float_2(0.5f, 0.5f))
                            : r2.gather_green<address_wrap>(float_2(0.0f, 0.0f));
    g[i] = float_4(float(q.x), float(q.y), float(q.z), float(q.w));
  });
  for (int k = 0; k < 3; ++k)
    std::printf("gather: %g %g %g %g\n", g[k].x, g[k].y, g[k].z, g[k].w);
  // CHECK-NEXT: gather: 0 0 1 0
  // CHECK-NEXT: gather: 1 1 1 1
  // CHECK-NEXT: gather: 0 0 1 0

  std::vector<float> cube(8);
  for (int i = 0; i < 8; ++i)
    cube[i] = static_cast<float>(i);
  texture<float, 3> t3(extent<3>(2, 2, 2), cube.begin(), cube.end());
  texture_view<const float, 3> r3(t3);
  array_view<float, 1> mid(1);
  parallel_for_each(mid.extent, [=](index<1> i) restrict(amp) { mid[i] = r3.sample(blend, float_3(0.5f, 0.5f, 0.5f)); });
  std::printf("3d: %g\n", mid[0]);
  // CHECK-NEXT: 3d: 3.5

  std::printf("sampler: %d %d %g\n", border.get_filter_mode() == filter_linear,
              border.get_address_mode() == address_border, border.get_border_color().x);
  // CHECK-NEXT: sampler: 1 1 -1
  return 0;
}
