// The restriction checks judge amp code in the user's headers too (the system headers', amp.h's, are not),
// reached by a kernel or not: a template's instantiations are, with the place of instantiation.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
#include "Inputs/amp_helpers.h"
using namespace concurrency;

void run(array_view<float, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = halve(v[i]); // expected-note {{in instantiation of function template specialization 'halve<float>' requested here}}
  });
}
