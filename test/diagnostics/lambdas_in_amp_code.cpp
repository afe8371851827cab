// Lambdas inside amp code: a capture by reference must point to private memory (OpenCL C 1.2 pointers
// have one address space); a cpu-only lambda cannot be called from amp code (Sema finds no amp call operator
// and falls back to its conversion to a function pointer, which amp code cannot call).
#include <amp.h>
using namespace concurrency;

void tileStaticByReference(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static int shared;
    auto bump = [&]() { shared += 1; }; // expected-error {{a lambda in restrict(amp) code can capture by reference only variables in private memory; capture 'shared' by value}}
    bump();
    v[t] = shared;
  });
}

void cpuLambdaInAmpCode(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    auto host = [](int x) restrict(cpu) { return x; };
    v[i] = host(1); // expected-error {{a call through a function pointer is not supported in restrict(amp) code}}
  });
}
