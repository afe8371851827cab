// index and extent have one coordinate constructor per rank: (i0) for rank 1, (i0, i1) for rank 2, (i0, i1, i2) for
// rank 3; another count of coordinates is an error from amp.h, in cpu and in amp code.
// C++ AMP v1.2 §4.1.2 (index constructors) and §4.2.2 (extent constructors).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void amp_side() restrict(amp) {
  index<2> a(1, 2, 3); // expected-note {{in instantiation of member function 'Concurrency::index<2>::index' requested here}}
  index<3> b(1);       // expected-note {{in instantiation of member function 'Concurrency::index<3>::index' requested here}}
  extent<2> c(4);      // expected-note {{in instantiation of member function 'Concurrency::extent<2>::extent' requested here}}
  extent<3> d(1, 2);   // expected-note {{in instantiation of member function 'Concurrency::extent<3>::extent' requested here}}
  index<1> ok1(1);
  index<2> ok2(1, 2);
  extent<3> ok3(1, 2, 3);
  int c4[4] = {1, 2, 3, 4};
  index<4> ok4(c4);
}

void cpu_side() {
  index<1> e(1, 2); // expected-note {{in instantiation of member function 'Concurrency::index<1>::index' requested here}}
  extent<4> f(1);   // expected-note {{in instantiation of member function 'Concurrency::extent<4>::extent' requested here}}
}

// expected-error@amp.h:* {{index(i0, i1, i2) constructs an index<3> only: give one coordinate per dimension}}
// expected-error@amp.h:* {{index(i0) constructs an index<1> only: give one coordinate per dimension}}
// expected-error@amp.h:* {{extent(e0) constructs an extent<1> only: give one extent per dimension}}
// expected-error@amp.h:* {{extent(e0, e1) constructs an extent<2> only: give one extent per dimension}}
// expected-error@amp.h:* {{index(i0, i1) constructs an index<2> only: give one coordinate per dimension}}
// expected-error@amp.h:* {{extent(e0) constructs an extent<1> only: give one extent per dimension}}
