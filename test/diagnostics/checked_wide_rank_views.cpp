// RUN: %ampcc -fampcc-checked -fsyntax-only -Xclang -verify %s
// Checked mode keeps its bounds checks for views of rank 1 to 3; a kernel that uses a view of higher rank is
// refused with a located error under -fampcc-checked (it builds without it: test/e2e/wide_ranks.cpp).
#include <amp.h>
using namespace concurrency;

void f(array_view<int, 4> v) {
  parallel_for_each(v.extent, [=](index<4> i) restrict(amp) {
    v[i] = 1; // expected-error {{-fampcc-checked supports views of rank 1 to 3 in kernels, not 4}}
  });
}
