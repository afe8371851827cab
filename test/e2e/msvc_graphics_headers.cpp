// <amp_graphics.h> and <amp_short_vectors.h> in code written for Visual Studio: amp_short_vectors.h brings graphics
// into Concurrency, and a graphics::detail made the unqualified `detail::` of ampcc's own templates ambiguous where
// MSVC's dialect instantiates them, at the end of the translation unit ("reference to 'detail' is ambiguous" for an
// array_view over a std::vector; the C++ AMP book's chapters 11 and 12). Also <amp.h> alone bringing <cmath>'s
// functions and <windows.h>'s MessageBox, as MSVC's did.
// RUN: %ampcc -fampcc-msvc -O2 %s -o %t && %t 2>&1 | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_graphics.h>
#include <amp_short_vectors.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  std::vector<int> v(16, 1);
  array_view<int, 1> av(16, v);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] += 1; });
  av.synchronize();
  texture<float, 1> t(4);
  std::vector<float> back(4);
  parallel_for_each(t.extent, [&t](index<1> i) restrict(amp) { t.set(i, float(i[0]) * 0.5f); });
  copy(t, back.begin());
  float_4 f(1.0f, 2.0f, 3.0f, 4.0f);
  // CHECK: 2 2 1.5 10 0.69
  std::printf("%d %d %.1f %.0f %.2f\n", v[0], v[15], back[3], f.x + f.y + f.z + f.w, log(2.0));
  std::fflush(stdout);
  // CHECK-NEXT: ampcc: a message box
  MessageBox(NULL, "a message box", "ampcc", MB_OK | MB_ICONERROR);
}
