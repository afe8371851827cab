// C++ AMP v1.2 §4.3: a tile holds at most 1024 threads, counted over all its dimensions: D0 * D1 * D2 above 1024 is
// an error in every rank, exactly 1024 is fine.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void kernels(array_view<int, 2> v, array_view<int, 3> w) {
  parallel_for_each(v.extent.tile<64, 32>(), [=](tiled_index<64, 32> t) restrict(amp) { v[t] = 1; }); // expected-error {{a tile of 2048 threads is more than the 1024 threads C++ AMP allows in one tile}}
  parallel_for_each(w.extent.tile<16, 16, 8>(), [=](tiled_index<16, 16, 8> t) restrict(amp) { w[t] = 1; }); // expected-error {{a tile of 2048 threads is more than the 1024 threads C++ AMP allows in one tile}}
  parallel_for_each(v.extent.tile<32, 32>(), [=](tiled_index<32, 32> t) restrict(amp) { v[t] = 2; });
  parallel_for_each(w.extent.tile<4, 16, 16>(), [=](tiled_index<4, 16, 16> t) restrict(amp) { w[t] = 2; });
}
