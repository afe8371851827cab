// Functions of MSVC's C++ AMP that ampcc lacked: precise_math's float functions atan2f, fmaxf, fminf, fmodf, powf and
// probit, probitf (the inverse of phi), in kernels (they are restrict(amp) only, as MSVC declares them: the host
// computes its reference with <cmath>); direct3d::noise (Perlin gradient noise in [-1, 1], 0 at the integers, the
// same in kernels as on the host); the unsigned overloads of atomic_fetch_inc, _dec, _max and _min on global,
// tile_static and private memory.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_math.h>
#include <cmath>
#include <cstdio>
#include <vector>
using namespace concurrency;

// The atomics are restrict(amp) only (C++ AMP v1.2, 6.1); the cpu side of restrict(cpu, amp) code calls their host
// versions.
void host_side_atomics(unsigned int *h, unsigned int *r) restrict(cpu, amp) {
  r[0] = atomic_fetch_inc(h);
  r[1] = atomic_fetch_max(h, 4000000000u);
  r[2] = atomic_fetch_min(h, 9u);
  r[3] = atomic_fetch_dec(h);
}

int main() {
  // precise_math, float.
  std::vector<float> f(7);
  array_view<float, 1> fv(7, f);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
    fv[0] = precise_math::atan2f(1.0f, 2.0f);
    fv[1] = precise_math::fmaxf(-3.0f, 2.0f);
    fv[2] = precise_math::fminf(-3.0f, 2.0f);
    fv[3] = precise_math::fmodf(7.5f, 2.0f);
    fv[4] = precise_math::powf(2.0f, 10.0f);
    fv[5] = precise_math::probitf(0.975f);
    fv[6] = precise_math::probit(0.0001f);
  });
  fv.synchronize();
  std::printf("kernel: %.6f %g %g %g %g %.5f %.5f\n", f[0], f[1], f[2], f[3], f[4], f[5], f[6]);
  // CHECK: kernel: 0.463648 2 -3 1.5 1024 1.95996 -3.71902
  std::printf("host: %.6f %g %g %g %g\n", std::atan2(1.0f, 2.0f), std::fmax(-3.0f, 2.0f), std::fmin(-3.0f, 2.0f),
              std::fmod(7.5f, 2.0f), std::pow(2.0f, 10.0f));
  // CHECK-NEXT: host: 0.463648 2 -3 1.5 1024

  // probit in double: phi(probit(p)) is p, also far in the tails; the ends and outside [0, 1].
  const double ps[6] = {1e-300, 1e-10, 0.3, 0.5, 0.975, 1 - 1e-12};
  const char *names[6] = {"1e-300", "1e-10", "0.3", "0.5", "0.975", "1 - 1e-12"};
  std::vector<double> d(10);
  array_view<double, 1> dv(10, d);
  parallel_for_each(dv.extent, [=](index<1> i) restrict(amp) {
    double p = i[0] == 0 ? 1e-300 : i[0] == 1 ? 1e-10 : i[0] == 2 ? 0.3 : i[0] == 3 ? 0.5 : i[0] == 4 ? 0.975 : 1 - 1e-12;
    dv[i] = i[0] < 6 ? precise_math::probit(p)
            : i[0] == 6 ? precise_math::probit(0.0)
            : i[0] == 7 ? precise_math::probit(1.0)
            : i[0] == 8 ? precise_math::probitf(-0.5f)
                        : precise_math::probit(1.5);
  });
  dv.synchronize();
  for (int i = 0; i < 6; ++i) {
    double back = 0.5 * std::erfc(-d[i] * 0.70710678118654752440); // phi
    std::printf("probit(%s) = %.10f, phi of it within %s\n", names[i], d[i],
                std::fabs(back - ps[i]) <= 1e-12 * ps[i] ? "1e-12" : "MORE");
  }
  // CHECK-NEXT: probit(1e-300) = -37.0470962994, phi of it within 1e-12
  // CHECK-NEXT: probit(1e-10) = -6.3613409024, phi of it within 1e-12
  // CHECK-NEXT: probit(0.3) = -0.5244005127, phi of it within 1e-12
  // CHECK-NEXT: probit(0.5) = 0.0000000000, phi of it within 1e-12
  // CHECK-NEXT: probit(0.975) = 1.9599639845, phi of it within 1e-12
  // CHECK-NEXT: probit(1 - 1e-12) = 7.0344869100, phi of it within 1e-12
  std::printf("ends: %g %g %g %g\n", d[6], d[7], d[8], d[9]);
  // CHECK-NEXT: ends: -inf inf {{-?nan}} {{-?nan}}

  // direct3d::noise: the kernel's values are the host's; all in [-1, 1], 0 at integers, small steps between
  // close points, and not constant.
  const int n = 20000;
  std::vector<float> z(n);
  array_view<float, 1> zv(n, z);
  parallel_for_each(zv.extent, [=](index<1> i) restrict(amp) { zv[i] = direct3d::noise(i[0] * 0.01f - 100.0f); });
  zv.synchronize();
  float lo = 2, hi = -2, far = 0, step = 0;
  int zeros = 0;
  for (int i = 0; i < n; ++i) {
    float x = i * 0.01f - 100.0f;
    far = std::fmax(far, std::fabs(z[i] - direct3d::noise(x)));
    lo = std::fmin(lo, z[i]);
    hi = std::fmax(hi, z[i]);
    if (i)
      step = std::fmax(step, std::fabs(z[i] - z[i - 1]));
  }
  for (int k = -100; k < 100; ++k)
    zeros += direct3d::noise(static_cast<float>(k)) == 0.0f;
  std::printf("noise: kernel as host %s, in [-1, 1] %s, spread %s, steps of 0.01 below 0.05 %s, zero at %d integers\n",
              far <= 1e-5f ? "yes" : "no", lo >= -1 && hi <= 1 ? "yes" : "no", hi - lo > 1.0f ? "yes" : "no",
              step < 0.05f ? "yes" : "no", zeros);
  // CHECK-NEXT: noise: kernel as host yes, in [-1, 1] yes, spread yes, steps of 0.01 below 0.05 yes, zero at 200 integers
  std::printf("noise: %.4f %.4f %.4f %.4f\n", direct3d::noise(0.3f), direct3d::noise(1.5f), direct3d::noise(-2.25f),
              direct3d::noise(1e9f));
  // CHECK-NEXT: noise: -0.4603 -0.4083 -0.1331 0.0000

  // Unsigned atomics: 64 threads in tiles of 16, on global memory, on a tile_static counter and on a private one.
  unsigned int g[4] = {0u, 0u, 0xffffffffu, 100u};
  unsigned int tiles[4] = {};
  array_view<unsigned int, 1> gv(4, g), tv(4, tiles);
  parallel_for_each(extent<1>(64).tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    unsigned int big = 3000000000u + static_cast<unsigned int>(t.global[0]);
    atomic_fetch_inc(&gv[0]);
    atomic_fetch_max(&gv[1], big);
    atomic_fetch_min(&gv[2], big);
    atomic_fetch_dec(&gv[3]);
    tile_static unsigned int count;
    if (t.local[0] == 0)
      count = 4000000000u;
    t.barrier.wait();
    atomic_fetch_dec(&count);
    t.barrier.wait();
    unsigned int mine = 4294967295u;
    unsigned int before = atomic_fetch_inc(&mine);
    unsigned int was_below = atomic_fetch_max(&mine, 7u);
    unsigned int was_above = atomic_fetch_min(&mine, 5u);
    if (t.local[0] == 0)
      tv[t.tile[0]] = (count - 4000000000u) + before + was_below + was_above + mine;
  });
  gv.synchronize();
  tv.synchronize();
  std::printf("global: %u %u %u %u\n", g[0], g[1], g[2], g[3]);
  // CHECK-NEXT: global: 64 3000000063 3000000000 36
  // 16 decrements: count - 4e9 is 2^32 - 16. mine: 2^32 - 1 (before), wraps to 0 (max returns it), becomes 7 (min
  // returns it), then 5: -16 - 1 + 0 + 7 + 5 wraps to 2^32 - 5.
  std::printf("tile_static and private: %u %u\n", tiles[0], tiles[3]);
  // CHECK-NEXT: tile_static and private: 4294967291 4294967291
  unsigned int h = 5u, r[4];
  host_side_atomics(&h, r);
  std::printf("host: %u %u %u %u %u\n", r[0], r[1], r[2], r[3], h);
  // CHECK-NEXT: host: 5 6 4000000000 9 8
}
