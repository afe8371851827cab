// cpu code cannot point to or bind a reference to a restrict(amp)-only function (there is no such function on
// the host); calling it is the call rules' matter, and restrict(cpu) or restrict(cpu, amp) functions may be named.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>

static inline int glorp(int x) restrict(amp) { return 668 + x; } // expected-note 2 {{'glorp' is declared restrict(amp) here}}
int both(int x) restrict(cpu, amp) { return x; }

int main() {
  // (A pointer or reference typed as to a plain function does not even convert: a restrict(amp) function's type
  // is its own, test/diagnostics/restriction_in_type_ids.cpp.)
  auto &p = glorp; // expected-error {{'glorp' is restrict(amp): restrict(cpu) code cannot take its address or bind a reference to it}}
  auto q = &glorp; // expected-error {{'glorp' is restrict(amp): restrict(cpu) code cannot take its address or bind a reference to it}}
  int (*r)(int) = both;
  return p(-2) + q(1) + r(0);
}
