// copy from an array or view into an iterator over const data is refused when it is instantiated, with the
// user's call named (MSVC: C3892).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
#include <vector>
using namespace concurrency;

void f() {
  std::vector<int> data(10, 5);
  const array<int, 1> src(10, data.begin());
  const int *dst = nullptr;
  copy(src, dst); // expected-note {{in instantiation of function template specialization}}
  std::vector<int> out(10);
  copy(src, out.begin());
}
// expected-error@*:* {{copy: the destination iterator does not let elements be written (an iterator over const data?)}}
// expected-note@*:* 0+ {{in instantiation of}}
