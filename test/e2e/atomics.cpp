// Atomics on global and tile_static memory: a histogram with atomic_fetch_add, a per-tile maximum with
// atomic_fetch_max, and a lock-free maximum written with atomic_compare_exchange.
// STDERR: empty
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

int main() {
  const int N = 4096;
  std::vector<int> data(N), hist(8, 0), best(1, -1), tilemax(N / 64, 0);
  for (int i = 0; i < N; ++i) data[i] = (i * 37) % 1000;
  array_view<const int, 1> dv(N, data);
  array_view<int, 1> hv(8, hist), bv(1, best), tv(N / 64, tilemax);
  parallel_for_each(dv.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    int v = dv[t.global];
    atomic_fetch_add(&hv[v % 8], 1);
    tile_static int m;
    if (t.local[0] == 0) m = 0;
    t.barrier.wait();
    atomic_fetch_max(&m, v);
    t.barrier.wait();
    if (t.local[0] == 0) tv[t.tile] = m;
    int seen = bv[0];
    while (seen < v && !atomic_compare_exchange(&bv[0], &seen, v)) {
    }
  });
  hv.synchronize();
  bv.synchronize();
  tv.synchronize();
  std::vector<int> eh(8, 0);
  int emax = -1, bad = 0;
  for (int i = 0; i < N; ++i) {
    eh[data[i] % 8]++;
    emax = std::max(emax, data[i]);
  }
  for (int k = 0; k < 8; ++k) bad += hist[k] != eh[k];
  for (int t = 0; t < N / 64; ++t) {
    int m = 0;
    for (int i = 0; i < 64; ++i) m = std::max(m, data[t * 64 + i]);
    bad += tilemax[t] != m;
  }
  std::cout << "mismatches " << bad << ", max " << best[0] << " (expected " << emax << ")\n";
}

// CHECK: mismatches 0, max 999 (expected 999)
