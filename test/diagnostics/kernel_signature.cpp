// The kernel of parallel_for_each: restrict(amp), one index (or tiled_index) parameter matching the domain.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void signatures(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<2> i) restrict(amp) { // expected-error {{the kernel parameter 'index<2>' does not match the compute domain 'extent<1>'}}
    v[i[0]] = 0;
  });
  parallel_for_each(v.extent, [=](index<1> i) { // expected-error {{the kernel passed to parallel_for_each must be restrict(amp)}}
    v[i] = 0;
  });
}
