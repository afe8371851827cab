// C++ AMP v1.2 §4.5.3, §4.5.4: tile_barrier's three waits (all memory, global memory only, tile_static memory
// only) and the fences without a barrier, each ordering a write by one thread of a tile before another thread's
// read of it. Every thread reads what its neighbour in the tile wrote before the wait.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int N = 256, T = 64;
  std::vector<int> a(N, 0), b(N, 0), c(N, 0), g(N, 0), f(N, 0);
  array_view<int, 1> av(N, a), bv(N, b), cv(N, c), gv(N, g), fv(N, f);
  parallel_for_each(av.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int s[T];
    int l = t.local[0], next = (l + 1) % T;
    s[l] = t.global[0] * 2;
    t.barrier.wait_with_all_memory_fence();
    av[t.global] = s[next];
    t.barrier.wait_with_tile_static_memory_fence();
    s[l] = t.global[0] * 3;
    t.barrier.wait_with_tile_static_memory_fence();
    bv[t.global] = s[next];
    // Global memory: each thread writes its own element of gv, the neighbour reads it after the global fence.
    gv[t.global] = t.global[0] + 1000;
    t.barrier.wait_with_global_memory_fence();
    cv[t.global] = gv[t.tile_origin + index<1>(next)];
    // The fences alone order a thread's own accesses; with a barrier after them the tile sees the writes.
    s[l] = l * l;
    tile_static_memory_fence(t.barrier);
    global_memory_fence(t.barrier);
    all_memory_fence(t.barrier);
    t.barrier.wait();
    fv[t.global] = s[next];
  });
  long sa = 0, sb = 0, sc = 0, sf = 0;
  int bad = 0;
  for (int i = 0; i < N; ++i) {
    int tile = i / T * T, next = tile + (i % T + 1) % T;
    bad += av[i] != next * 2 || bv[i] != next * 3 || cv[i] != next + 1000 || fv[i] != (next - tile) * (next - tile);
    sa += av[i];
    sb += bv[i];
    sc += cv[i];
    sf += fv[i];
  }
  std::printf("mismatches %d\n", bad);
  // CHECK: mismatches 0
  std::printf("sums %ld %ld %ld %ld\n", sa, sb, sc, sf);
  // CHECK-NEXT: sums 65280 97920 288640 341376
  std::printf("first tile ends %d %d %d %d\n", av[63], bv[63], cv[63], fv[63]);
  // CHECK-NEXT: first tile ends 0 0 1000 0
}
