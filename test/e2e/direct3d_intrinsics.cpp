// concurrency::direct3d's intrinsics, in a kernel and on the host: the device's results equal the host's for
// every input (floats within a few units in the last place: OpenCL allows a division 2.5 of them), and known
// values come out as HLSL defines them.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cmath>
#include <iostream>
using namespace concurrency;

struct Results {
  int a, ci, fh, fl, im, sg, madi;
  unsigned cb, um, rb;
  float cf, sat, ss, st, rad, rc, madf;
};

Results compute(int i) restrict(cpu, amp) {
  int x = (i % 2 ? -1 : 1) * (i * 37 + 3);
  unsigned u = static_cast<unsigned>(i * 2654435761u);
  float f = (i - 8) * 0.25f;
  Results r;
  r.a = direct3d::abs(x);
  r.ci = direct3d::clamp(x, -50, 50);
  r.fh = direct3d::firstbithigh(x);
  r.fl = direct3d::firstbitlow(x);
  r.im = direct3d::imax(x, i) - direct3d::imin(x, -i);
  r.sg = direct3d::sign(x);
  r.madi = direct3d::mad(x, 3, i);
  r.cb = direct3d::countbits(u);
  r.um = direct3d::umax(u, 7u) - direct3d::umin(u, 7u);
  r.rb = direct3d::reversebits(u);
  r.cf = direct3d::clamp(f, -1.0f, 1.5f);
  r.sat = direct3d::saturate(f);
  r.ss = direct3d::smoothstep(-1.0f, 1.0f, f);
  r.st = direct3d::step(0.5f, f);
  r.rad = direct3d::radians(f * 90.0f);
  r.rc = direct3d::rcp(f + 10.0f);
  r.madf = direct3d::mad(f, 2.0f, 0.5f);
  return r;
}

bool near(float a, float b) { return std::fabs(a - b) <= 4e-7f * std::fmax(1.0f, std::fabs(b)); }

bool same(const Results &a, const Results &b) {
  return a.a == b.a && a.ci == b.ci && a.fh == b.fh && a.fl == b.fl && a.im == b.im && a.sg == b.sg &&
         a.madi == b.madi && a.cb == b.cb && a.um == b.um && a.rb == b.rb && a.cf == b.cf && a.sat == b.sat &&
         near(a.ss, b.ss) && a.st == b.st && near(a.rad, b.rad) && near(a.rc, b.rc) && near(a.madf, b.madf);
}

int main() {
  const int n = 32;
  std::vector<Results> device(n);
  array_view<Results, 1> out(n, device);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = compute(i[0]); });
  out.synchronize();
  int mismatches = 0;
  for (int i = 0; i < n; ++i)
    mismatches += !same(device[i], compute(i));
  std::cout << "device matches host: " << (n - mismatches) << " of " << n << "\n";
  using namespace concurrency::direct3d;
  std::cout << firstbithigh(8) << " " << firstbitlow(8) << " " << firstbithigh(0) << " " << firstbitlow(0) << " "
            << firstbithigh(-1) << " " << countbits(255u) << " " << (reversebits(1u) == 0x80000000u) << " " << sign(-5)
            << " " << smoothstep(0.0f, 1.0f, 0.5f) << " " << step(1.0f, 0.5f) << " " << saturate(2.0f) << "\n";
}
// CHECK: device matches host: 32 of 32
// CHECK-NEXT: 3 3 -1 -1 -1 8 1 -1 0.5 0 1
