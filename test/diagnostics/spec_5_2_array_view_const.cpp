// C++ AMP v1.2 §5.2: an array_view of const elements cannot be written through, and it does not convert to a view
// of writable elements (the conversion goes only from array_view<T, N> to array_view<const T, N>).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
#include <vector>
using namespace concurrency;

void views(std::vector<int> &data) {
  array_view<const int, 1> ro(4, data);
  array_view<int, 1> rw = ro; // expected-error {{no viable conversion}}
  array_view<const int, 1> fine = array_view<int, 1>(4, data);
  parallel_for_each(ro.extent, [=](index<1> i) restrict(amp) {
    ro[i] = 1; // expected-error {{}}
  });
  (void)rw;
  (void)fine;
}
// expected-note@*:* 0+ {{}}
