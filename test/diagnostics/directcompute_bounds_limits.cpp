// RUN: %ampcc -fampcc-directcompute-bounds -fsyntax-only -Xclang -verify %s
// Direct3D's bounds behaviour guards views as checked mode does, with its limits: a kernel that uses a view of rank 4
// or more, or makes an array_view over a pointer, is refused with a located error that names the flag (both build
// without it: test/e2e/wide_ranks.cpp, test/e2e/views_over_pointers_in_kernels.cpp).
#include <amp.h>
using namespace concurrency;

void f(array_view<int, 4> v) {
  parallel_for_each(v.extent, [=](index<4> i) restrict(amp) {
    v[i] = 1; // expected-error {{-fampcc-directcompute-bounds supports views of rank 1 to 3 in kernels, not 4}}
  });
}

void g(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    array_view<int, 1> w(2, &v[i]); // expected-error {{-fampcc-directcompute-bounds does not guard an array_view made over a pointer in amp code}}
    w[0] = 1;
  });
}
