// C++ AMP v1.2 §4.1, §4.2, §5.1, §5.2: index, extent, array and array_view have a rank of 1 or more; rank 0 is
// ill-formed wherever such a type is completed.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

index<0> i0;  // expected-error@*:* {{C++ AMP ranks start at 1: index<0> is not a type}}
extent<0> e0; // expected-error@*:* {{C++ AMP ranks start at 1: extent<0> is not a type}}
const int a0 = sizeof(array<int, 0>);      // expected-error@*:* {{The rank of an array must be greater than 0}}
const int v0 = sizeof(array_view<int, 0>); // expected-error@*:* {{The rank of an array_view must be greater than 0}}
// expected-note@*:* 0+ {{}}
// expected-error@*:* 0+ {{}}
