// index<1> borrows no operator from int: C++ AMP defines no conversion of an index to int, so `k *= k`, `k / k`,
// `k < k`, `-k` and `int n = k` are errors. ampcc's index<1> converts only where it subscripts an array (Microsoft's
// overview indexes a captured array so).
// C++ AMP v1.2 §4.1.1 (index has no conversion) and §4.1.4 (index operators).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void index1(index<1> k, index<1> m) restrict(amp) {
  k *= m;          // expected-error {{C++ AMP defines no conversion of index<1> to int, nor this operator for index: ampcc converts an index<1> only where it subscripts an array}}
  k /= m;          // expected-error {{C++ AMP defines no conversion of index<1> to int}}
  k %= m;          // expected-error {{C++ AMP defines no conversion of index<1> to int}}
  bool b = k < m;  // expected-error {{C++ AMP defines no conversion of index<1> to int}}
  int n = -k;      // expected-error {{C++ AMP defines no conversion of index<1> to int}}
  int o = k;       // expected-error {{C++ AMP defines no conversion of index<1> to int}}
  int data[4] = {0, 1, 2, 3};
  n += data[k] + data[m];
  k = k + 1; k = 2 * k; k *= 3; k += m; k = k - m;
  (void)b; (void)o; (void)n;
}
