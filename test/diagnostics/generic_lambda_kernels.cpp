// Two instantiations of a generic lambda's kernel that the runtime could not tell apart (the same call, compute
// domain and kernel object size) are an error at the call when the program is built, not at its first launch.
// A generic lambda's instantiations are told apart by the types of its parameters (decltype(parameter)), so
// this one has a parameter without a name, which the host cannot name.
#include <amp.h>
using namespace concurrency;

void run(array_view<int, 1> v) {
  auto addTo = [](auto view, auto) {
    parallel_for_each(view.extent, [=](index<1> i) restrict(amp) { view[i] += 1; }); // expected-error {{this kernel is instantiated more than once by a generic lambda with captures of the same size}}
  };
  addTo(v, 1);
  addTo(v, 2.5f);
}
