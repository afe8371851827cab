// C++ AMP v1.2 §3.2, §5.3, §7: accelerators, copies and parallel_for_each are host operations (restrict(cpu)):
// amp code can make no accelerator, copy no container and launch no kernel; overload resolution finds no
// candidate it may call.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void kernel(array<int, 1> &a, array_view<int, 1> v) {
  parallel_for_each(v.extent, [=, &a](index<1> i) restrict(amp) {
    accelerator acc;         // expected-error {{no matching constructor for initialization of 'accelerator'}}
    concurrency::copy(a, v); // expected-error {{no matching function for call to 'copy'}}
    a.copy_to(v);            // expected-error {{no matching member function for call to 'copy_to'}}
    parallel_for_each(v.extent, [=](index<1> j) restrict(amp) { v[j] = 0; }); // expected-error {{no matching function for call to 'parallel_for_each'}}
    v[i] = 1;
  });
}
// expected-note@*:* 0+ {{}}
