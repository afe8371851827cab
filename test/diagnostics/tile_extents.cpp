// Tile extents must be positive, and a tiled_extent uses its leading dimensions (the specification's
// compile-time checks; the conformance suite's tile Negative tests).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

// expected-error@amp.h:* 2 {{tile extents must be positive}}
void zeroInTheMiddle() { tiled_extent<4, 0, 2> t; (void)t; } // expected-note {{in instantiation of template class}}
void negative() { tiled_extent<-1> t; (void)t; }             // expected-note {{in instantiation of template class}}

void fine(extent<2> e) {
  tiled_extent<16, 16> t = e.tile<16, 16>();
  (void)t;
}
