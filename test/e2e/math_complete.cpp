// The rest of C++ AMP's math library in kernels, checked against the host's results: functions that return
// through pointers (frexp, modf, sincos, remquo, into private, global and tile_static memory), float spellings
// (copysignf, fmaf, ...), and those OpenCL C has no builtin for (erfinv, erfcinv, phi, rcbrt, scalb,
// fpclassify).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_math.h>
#include <cmath>
#include <iostream>
using namespace concurrency;

int main() {
  const int n = 16;
  std::vector<float> f(n * 9, 0.f);
  std::vector<int> ints(n * 4, 0);
  array_view<float, 2> out(n, 9, f);
  array_view<int, 2> iout(n, 4, ints);
  parallel_for_each(extent<1>(n), [=](index<1> idx) restrict(amp) {
    int i = idx[0];
    float x = (i - 7.5f) * 0.37f;
    int e = 0;
    float m = precise_math::frexp(x, &e);
    out(i, 0) = m;
    iout(i, 0) = e;
    precise_math::modff(x, &out(i, 1)); // the integral part straight into global memory
    float s, c;
    precise_math::sincosf(x, &s, &c);
    out(i, 2) = s * c;
    int q = 0;
    out(i, 3) = precise_math::remquof(x, 0.7f, &q);
    iout(i, 1) = q & 7;
    out(i, 4) = precise_math::erfinvf(x / 3.f);
    out(i, 8) = precise_math::erfcinvf(1.f + x / 4.f);
    out(i, 5) = precise_math::phif(x) + precise_math::rcbrtf(x + 10.f) + precise_math::scalbf(x, 2.f);
    out(i, 6) = precise_math::copysignf(1.5f, x) + precise_math::fmaf(x, 2.f, 1.f) + precise_math::hypotf(x, 1.f);
    iout(i, 2) = precise_math::fpclassify(x) == FP_ZERO ? 0 : precise_math::fpclassify(x) == FP_NORMAL ? 1 : 2;
    iout(i, 3) = precise_math::ilogbf(x + 100.f) + precise_math::isnormal(x);
    float fs, fc;
    fast_math::sincos(x, &fs, &fc);
    out(i, 7) = fs * fs + fc * fc + fast_math::modf(x, &fs) * 0.f;
  });
  out.synchronize();
  iout.synchronize();
  int bad = 0;
  auto near = [&](float got, double want, const char *what, int i) {
    if (std::fabs(got - want) > 1e-4 * (1 + std::fabs(want))) {
      if (++bad < 10)
        std::cout << what << " at " << i << ": " << got << " vs " << want << "\n";
    }
  };
  for (int i = 0; i < n; ++i) {
    float x = (i - 7.5f) * 0.37f;
    int e;
    float m = std::frexp(x, &e);
    near(f[i * 9 + 0], m, "frexp", i);
    bad += ints[i * 4 + 0] != e;
    float ip;
    std::modf(x, &ip);
    near(f[i * 9 + 1], ip, "modf", i);
    near(f[i * 9 + 2], std::sin(x) * std::cos(x), "sincos", i);
    int q;
    near(f[i * 9 + 3], std::remquo(x, 0.7f, &q), "remquo", i);
    bad += ints[i * 4 + 1] != (q & 7);
    // erfinv(erf(t)) == t: checked by applying erf (precise_math is restrict(amp) only: the host has no erfinv).
    near(std::erf(f[i * 9 + 4]), x / 3.0, "erfinv", i);
    near(std::erfc(f[i * 9 + 8]), 1 + x / 4.0, "erfcinv", i);
    near(f[i * 9 + 5], 0.5 * std::erfc(-x / std::sqrt(2.0)) + 1 / std::cbrt(x + 10.0) + x * 4.0, "phi+rcbrt+scalb", i);
    near(f[i * 9 + 6], std::copysign(1.5, x) + (x * 2.0 + 1) + std::hypot(x, 1.0), "copysign+fma+hypot", i);
    bad += ints[i * 4 + 2] != 1;
    bad += ints[i * 4 + 3] != std::ilogb(x + 100.f) + 1;
    near(f[i * 9 + 7], 1.0, "fast sincos", i);
  }
  std::cout << "mismatches " << bad << "\n";

  // Pointers into tile_static memory.
  std::vector<int> exps(8, 0);
  array_view<int, 1> ev(8, exps);
  parallel_for_each(ev.extent.tile<8>(), [=](tiled_index<8> t) restrict(amp) {
    tile_static int shared[8];
    precise_math::frexp(float(1 << t.local[0]), &shared[t.local[0]]);
    t.barrier.wait();
    ev[t.global] = shared[7 - t.local[0]];
  });
  std::cout << ev[0] << " " << ev[7] << "\n";
}
// CHECK: mismatches 0
// CHECK: 8 1
