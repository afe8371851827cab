// concurrency::graphics textures (docs/design/textures.md): made from iterators or from bytes in a format of
// 8, 16 or 32 bits per scalar element, read and written in kernels through the texture (one 32-bit component),
// a texture_view (read-write, or read-only of const texels) and a writeonly_texture_view (any format), copied
// to the host through iterators and bytes with MSVC's clamping and rounding, copied between textures (whole and
// by region), deep copies, async copies, and the errors of formats, regions and mipmap levels.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_graphics.h>
#include <cstdint>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  std::vector<int> src(16);
  for (int i = 0; i < 16; ++i)
    src[i] = i;
  texture<int, 2> t(4, 4, src.begin(), src.end());
  texture<int, 2> out(4, 4);
  parallel_for_each(t.extent, [&t, &out](index<2> i) restrict(amp) {
    out.set(i, t[i] * 10 + t(i[0], i[1]) + t.get(i) + t.get_extent()[1]);
  });
  std::vector<int> got(16);
  copy(out, got.begin());
  std::printf("2d:");
  for (int v : got)
    std::printf(" %d", v);
  std::printf("\n");
  // CHECK: 2d: 4 16 28 40 52 64 76 88 100 112 124 136 148 160 172 184

  // 8-bit ints written through a writeonly view, clamped to the format on the way out.
  texture<int, 1> t8(8, 8u);
  writeonly_texture_view<int, 1> w8(t8);
  parallel_for_each(t8.extent, [=](index<1> i) restrict(amp) { w8.set(i, (i[0] - 4) * 50); });
  std::int8_t b8[8];
  copy(t8, b8, sizeof b8);
  std::printf("int8:");
  for (int v : b8)
    std::printf(" %d", v);
  std::printf(" (%u bytes, %u bits)\n", t8.get_data_length(), t8.get_bits_per_scalar_element());
  // CHECK-NEXT: int8: -128 -128 -100 -50 0 50 100 127 (8 bytes, 8 bits)

  // RGBA8 (unorm_4 at 8 bits) from bytes, brightened through a read-only and a write-only view.
  std::uint8_t rgba[16] = {0, 64, 128, 255, 10, 20, 30, 40, 255, 255, 255, 255, 1, 2, 3, 4};
  texture<unorm_4, 1> img(4, rgba, sizeof rgba, 8u);
  texture<unorm_4, 1> lit(4, 8u);
  texture_view<const unorm_4, 1> in(img);
  writeonly_texture_view<unorm_4, 1> o(lit);
  parallel_for_each(img.extent, [=](index<1> i) restrict(amp) {
    unorm_4 p = in[i];
    o.set(i, unorm_4(float(p.x) * 2.0f, float(p.y) * 2.0f, float(p.z) * 2.0f, float(p.w)));
  });
  std::uint8_t back[16];
  copy(lit, back, sizeof back);
  std::printf("rgba8:");
  for (int v : back)
    std::printf(" %d", v);
  std::printf("\n");
  // CHECK-NEXT: rgba8: 0 128 255 255 20 40 60 40 255 255 255 255 2 4 6 4

  // Rank 3, a deep copy, a read-write texture_view.
  std::vector<float> f(8);
  for (int i = 0; i < 8; ++i)
    f[i] = 0.25f * i;
  texture<float, 3> cube(extent<3>(2, 2, 2), f.begin(), f.end());
  texture<float, 3> copyOfCube(cube);
  texture_view<float, 3> rw(copyOfCube);
  parallel_for_each(copyOfCube.extent, [=](index<3> i) restrict(amp) { rw.set(i, rw[i] + 1.0f); });
  std::vector<float> g(8), orig(8);
  copy(copyOfCube, g.begin());
  copy(cube, orig.begin());
  std::printf("3d: %.2f %.2f, original %.2f\n", g[0], g[7], orig[7]);
  // CHECK-NEXT: 3d: 1.00 2.75, original 1.75

  // Half floats (16 bits per scalar element) in and out, rounded to nearest even; 16-bit unsigned clamped.
  texture<float, 1> half(4, 16u);
  std::uint16_t hb[4] = {0x3c00, 0xc000, 0x3555, 0x7bff};
  copy(hb, sizeof hb, half);
  std::vector<float> hv(4);
  copy(half, hv.begin());
  std::printf("half: %g %g %.4f %g\n", hv[0], hv[1], hv[2], hv[3]);
  // CHECK-NEXT: half: 1 -2 0.3333 65504
  std::vector<float> tiny = {1.0f / 3.0f, 70000.0f, -0.0f, 0.000061035156f};
  texture<float, 1> h2(4, 16u);
  copy(tiny.begin(), tiny.end(), h2);
  std::uint16_t hout[4];
  copy(h2, hout, sizeof hout);
  std::printf("to half: %04x %04x %04x %04x\n", hout[0], hout[1], hout[2], hout[3]);
  // CHECK-NEXT: to half: 3555 7c00 8000 0400
  std::vector<unsigned> big = {70000u, 5u};
  texture<unsigned, 1> u16(2, 16u);
  copy(big.begin(), big.end(), u16);
  std::uint16_t ub[2];
  copy(u16, ub, sizeof ub);
  std::printf("uint16: %u %u\n", ub[0], ub[1]);
  // CHECK-NEXT: uint16: 65535 5

  // Copies between textures, synchronous and not.
  texture<int, 2> again(4, 4);
  copy(out, again);
  completion_future done = copy_async(again, got.begin());
  done.get();
  std::printf("copied: %d %d\n", got[0], got[15]);
  // CHECK-NEXT: copied: 4 184

  // Regions (MSVC 2013's copies with offsets and an extent): out of a texture, into one, between two.
  int block[4];
  copy(out, index<2>(1, 2), extent<2>(2, 2), block, sizeof block);
  std::printf("region out: %d %d %d %d\n", block[0], block[1], block[2], block[3]);
  // CHECK-NEXT: region out: 76 88 124 136
  int ones[2] = {-1, -2};
  copy(ones, sizeof ones, again, index<2>(3, 1), extent<2>(1, 2));
  texture<int, 2> corner(2, 2);
  copy(again, index<2>(2, 0), corner, index<2>(0, 0), extent<2>(2, 2));
  std::vector<int> c4(4);
  copy(corner, c4.begin());
  std::printf("region in and between: %d %d %d %d\n", c4[0], c4[1], c4[2], c4[3]);
  // CHECK-NEXT: region in and between: 100 112 148 -1
  try {
    copy(out, index<2>(3, 3), extent<2>(2, 1), block, sizeof block);
  } catch (const runtime_exception &e) {
    std::printf("%s\n", e.what());
  }
  // CHECK-NEXT: ampcc: copy: the region (offset 3, extent 2 in dimension 0) is not inside the texture
  try {
    texture_view<int, 2> level1(out, 1);
  } catch (const runtime_exception &e) {
    std::printf("%s\n", e.what());
  }
  // CHECK-NEXT: ampcc: mipmap level 1 of a texture that has one level

  try {
    texture<int, 1> bad(4, 12u);
  } catch (const runtime_exception &e) {
    std::printf("%s\n", e.what());
  }
  // CHECK-NEXT: ampcc: a texture of this element type cannot have 12 bits per scalar element
  try {
    parallel_for_each(t8.extent, [&t8](index<1> i) restrict(amp) { t8.set(i, 1); });
  } catch (const runtime_exception &e) {
    std::printf("%s\n", e.what());
  }
  // CHECK-NEXT: ampcc: a kernel writes a texture of 8 bits per scalar element; write it through a writeonly_texture_view
  std::vector<int> few(3);
  try {
    copy(few.begin(), few.end(), t8);
  } catch (const runtime_exception &e) {
    std::printf("%s\n", e.what());
  }
  // CHECK-NEXT: ampcc: the source range has fewer texels than the texture
  try {
    std::int8_t small[4];
    copy(t8, small, sizeof small);
  } catch (const runtime_exception &e) {
    std::printf("%s\n", e.what());
  }
  // CHECK-NEXT: ampcc: the destination holds 4 bytes, the texture's data is 8
  return 0;
}
