// tile_static needs restrict(amp) alone: a restrict(cpu, amp) function also runs on the host, which has no
// tiles (MSVC reports it at the declaration). Lambdas inside amp code are amp and may declare one.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

template <typename T>
void both_sides(tiled_index<4> idx, array<T, 1> &out) restrict(cpu, amp) {
  tile_static T shared[4]; // expected-error {{tile_static variable 'shared' is declared in a restrict(cpu, amp) function; tile_static needs restrict(amp) alone}}
  out[idx.global] = shared[0];
}

void amp_only(tiled_index<4> idx, array<int, 1> &out) restrict(amp) {
  auto inner = [&]() {
    tile_static int fine[4];
    fine[idx.local[0]] = 1;
    return fine[0];
  };
  out[idx.global] = inner();
}

void use(array<int, 1> &out) {
  parallel_for_each(out.extent.tile<4>(), [&](tiled_index<4> idx) restrict(amp) {
    both_sides(idx, out); // expected-note {{in instantiation of function template specialization 'both_sides<int>' requested here}}
    amp_only(idx, out);
  });
}
