// A tile barrier must be reached by all threads of a tile or by none. As MSVC (C3561), the error names the start
// of the code that only some threads reach; a note points at the barrier.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void f(array_view<int, 2> av) {
  parallel_for_each(av.extent.tile<2, 2>(), [=](tiled_index<2, 2> t_idx) restrict(amp) {
    tile_static int t[2][2];
    t[t_idx.local[0]][t_idx.local[1]] = av[t_idx.global];
    if (t_idx.local == index<2>(0, 0)) {
      t_idx.barrier.wait(); // expected-error {{code that only some threads of a tile reach waits at a tile barrier: the condition at 11:9 depends on 't_idx'; a barrier must be reached by all threads of a tile or by none}} expected-note {{the barrier is here}}
      av[t_idx.tile_origin] = t[0][0];
    }
  });
  parallel_for_each(av.extent.tile<2, 2>(), [=](tiled_index<2, 2> t_idx) restrict(amp) {
    int n = t_idx.global[1] + 1;
    for (int i = 0; i < n; ++i)
      t_idx.barrier.wait(); // expected-error {{the condition at 18:21 depends on 't_idx'}} expected-note {{the barrier is here}}
  });
  // Uniform conditions and trip counts are fine.
  parallel_for_each(av.extent.tile<2, 2>(), [=](tiled_index<2, 2> t_idx) restrict(amp) {
    for (int i = 0; i < av.extent[1]; i += 2)
      t_idx.barrier.wait();
    if (av.extent[0] > 2)
      t_idx.barrier.wait_with_tile_static_memory_fence();
  });
}

// In a function the kernel calls: its tiled_index parameter is the thread's. The error is at the first
// statement of the branch (the tile_static declaration), as MSVC reports it.
template <typename T>
void group_sum(tiled_index<4> idx, const array<T, 1> &in, array<T, 1> &out) restrict(amp) {
  if (idx.local[0] % 2 == 0) {
    tile_static T shared[4]; // expected-error {{the condition at 34:7 depends on 'idx'}}
    shared[idx.local[0]] = in[idx.global];
    idx.barrier.wait(); // expected-note {{the barrier is here}}
    out[idx.global] = shared[idx.local[0] % 2];
  }
}

// Uniform nesting around the call does not matter (x is the same for every thread).
template <typename T>
void nested(tiled_index<4> idx, const array<T, 1> &in, array<T, 1> &out, int x) restrict(amp) {
  for (; x > 1;) {
    while (x > 2) {
      if (x > 3)
        group_sum(idx, in, out);
      break;
    }
    break;
  }
}

// A function that waits at a barrier, called from code only some threads reach.
void sync_tile(tiled_index<4> idx) restrict(amp) { idx.barrier.wait(); }
void uniform_helper(tiled_index<4> idx, int n) restrict(amp) {
  for (int i = 0; i < n; ++i)
    sync_tile(idx);
}

// The tile's index, its origin and extent are the same for every thread of a tile: branching on them is not
// divergence within a tile (the conformance suite's ControlFlow tests skip tile 0 so).
void by_tile(tiled_index<4> idx, int n) restrict(amp) {
  int group = idx.tile[0];
  if (group > 0 && idx.tile_origin[0] >= n)
    sync_tile(idx);
  while (group < idx.tile_extent[0]) {
    idx.barrier.wait();
    ++group;
  }
}

void g(array<int, 1> &in, array<int, 1> &out, int x) {
  parallel_for_each(in.extent.tile<4>(), [&, x](tiled_index<4> idx) restrict(amp) {
    nested(idx, in, out, x);
  });
  parallel_for_each(in.extent.tile<4>(), [&, x](tiled_index<4> idx) restrict(amp) {
    if (idx.global[0] > 8)
      sync_tile(idx); // expected-error {{the condition at 79:9 depends on 'idx'}} expected-note {{'sync_tile' waits at a tile barrier}}
    uniform_helper(idx, x);
    by_tile(idx, x);
  });
}
