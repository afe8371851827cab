// The operators C++ AMP defines for index and extent: == and != between two of one rank, + and - between two of one
// rank (and extent +/- index), + - * / % with an int on either side, their compound assignments, ++ and --. Nothing
// else: no index * index, index / index, no <, no unary -, no conversion to int (through which index<1> would
// borrow int's operators).
// C++ AMP v1.2 §4.1.4 (index operators), §4.2.4 (extent operators), §4.3 (tiled_extent: == and != only).
// RUN: %ampcc -ferror-limit=0 -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void defined(index<2> i, index<2> j, extent<2> e, extent<2> f, index<1> k, int n) restrict(amp) {
  i += j; i -= j; i = i + j; i = i - j;
  i += n; i -= n; i *= n; i /= n; i %= n;
  i = i + n; i = n + i; i = i - n; i = n - i; i = i * n; i = n * i; i = i / n; i = n / i; i = i % n; i = n % i;
  ++i; --i; i++; i--;
  bool b = (i == j) && (i != j) && (e == f) && (e != f);
  e += f; e -= f; e += i; e -= i; e = e + f; e = e - f; e = e + i; e = e - i;
  e += n; e -= n; e *= n; e /= n; e %= n; e = e * n; e = n * e; e = e / n; e = e % n;
  ++e; e--;
  tiled_extent<4, 4> t = e.tile<4, 4>();
  b = b && (t == t.pad()) && (t != t.truncate());
  int data[4] = {0, 1, 2, 3};
  n = data[k]; // ampcc's one use of an index<1> as int: the subscript of an array
  (void)b; (void)n;
}

void undefined2(index<2> i, index<2> j, extent<2> e, extent<2> f) restrict(amp) {
  i *= j;       // expected-error {{no viable overloaded '*='}}
  i /= j;       // expected-error {{no viable overloaded '/='}}
  i %= j;       // expected-error {{no viable overloaded '%='}}
  i = i * j;    // expected-error {{invalid operands to binary expression}}
  i = i / j;    // expected-error {{invalid operands to binary expression}}
  i = i % j;    // expected-error {{invalid operands to binary expression}}
  bool b = i < j; // expected-error {{invalid operands to binary expression}}
  i = -i;       // expected-error {{invalid argument type 'index<2>' to unary expression}}
  e *= f;       // expected-error {{no viable overloaded '*='}}
  e = e / f;    // expected-error {{invalid operands to binary expression}}
  (void)b;
}
// expected-note@amp.h:* 0+ {{candidate}}
// expected-note@amp.h:* 0+ {{expanded from macro}}
