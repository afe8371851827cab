// C++ AMP v1.2 §5.1.3, §5.2.3: the members that move data between the host and a device are restrict(cpu) only:
// synchronize, synchronize_to, refresh, discard_data, get_accelerator_view, the conversion to std::vector. A
// kernel that calls one is an error at the call; the members a kernel may use (extent, indexing) are fine.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
#include <vector>
using namespace concurrency;

void kernel(array<int, 1> &a, array_view<int, 1> v, array_view<const int, 1> c) {
  parallel_for_each(v.extent, [=, &a](index<1> i) restrict(amp) {
    v.synchronize();  // expected-error {{call to 'synchronize', which is not restrict(amp), from restrict(amp) code}}
    c.synchronize();  // expected-error {{call to 'synchronize', which is not restrict(amp), from restrict(amp) code}}
    v.refresh();      // expected-error {{call to 'refresh', which is not restrict(amp), from restrict(amp) code}}
    v.discard_data(); // expected-error {{call to 'discard_data', which is not restrict(amp), from restrict(amp) code}}
    a.get_accelerator_view(); // expected-error {{call to 'get_accelerator_view', which is not restrict(amp), from restrict(amp) code}}
    std::vector<int> w = a;   // expected-error {{call to 'operator vector', which is not restrict(amp), from restrict(amp) code}}
    v[i] = a.get_extent()[0] + c.get_extent()[0] + a[i];
  });
}
// expected-note@*:* 0+ {{is declared}}
