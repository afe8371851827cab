// A parallel_for_each in a template: an unnamed template parameter is keyed too (the host text names it, see
// e2e/kernel_identity_parameters), while a kernel capturing a function parameter pack is an error.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

template <typename, typename T> void unnamed(array_view<T, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += 1; });
}

template <typename... Ts> void packed(array_view<int, 1> v, Ts... xs) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = (0 + ... + xs); }); // expected-error {{a kernel cannot capture the parameter pack 'xs'; copy its elements into variables of their own}}
}

void run(array_view<int, 1> v) {
  unnamed<char>(v);
  unnamed<float>(v);
  unnamed<double>(v);
  packed(v, 1, 2);
}
