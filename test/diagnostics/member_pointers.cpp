// Pointers to data members are allowed in amp code (test/e2e/data_member_pointers.cpp runs them); a pointer to
// a member function is not, even as a parameter (taking one is refused earlier: amp_function_references.cpp).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>

struct S {
  int a;
  int get() const { return a; }
};

int by_data_member(const S &s, int S::*d) restrict(amp) { return s.*d; }
int by_member_function(int (S::*f)() const) restrict(amp) { return 0; } // expected-error {{pointers to member functions are not allowed in restrict(amp) code}}

void run(concurrency::array_view<int, 1> v) {
  concurrency::parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) {
    S s = {i[0]};
    v[i] = by_data_member(s, &S::a) + by_member_function(nullptr);
  });
}
