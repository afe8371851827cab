// A class with a pointer field captured by a kernel: the error is at the field, and a note says where the class
// reaches amp code (the field's line alone did not say which capture).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;
struct Holder {
  int *p; // expected-error {{field 'p' is a pointer or reference, which a kernel cannot receive}}
  int n;
};
int main() {
  int x = 5;
  Holder h{&x, 1};
  int d[4] = {0};
  array_view<int, 1> v(4, d);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = h.n + *h.p; }); // expected-note {{'Holder' is used in restrict(amp) code here}}
  return 0;
}
