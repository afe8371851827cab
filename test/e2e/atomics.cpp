// Atomics on global and tile_static memory: a histogram with atomic_fetch_add, a per-tile maximum with
// atomic_fetch_max, a lock-free maximum written with atomic_compare_exchange, and atomic_exchange on float (the
// one float atomic C++ AMP has) in both memories.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
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

  // Every thread swaps its value into one float; the old values and the last one left hold each value once.
  std::vector<float> slot(1, -1.0f), olds(256, 0.0f), tile_olds(256, 0.0f);
  array_view<float, 1> sv(1, slot), ov(256, olds), tov(256, tile_olds);
  parallel_for_each(extent<1>(256).tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    ov[t.global] = atomic_exchange(&sv[0], static_cast<float>(t.global[0]));
    tile_static float ts;
    if (t.local[0] == 0) ts = -1.0f;
    t.barrier.wait();
    tov[t.global] = atomic_exchange(&ts, static_cast<float>(t.local[0]));
  });
  sv.synchronize();
  ov.synchronize();
  tov.synchronize();
  std::vector<int> seen(257, 0), tile_seen(65, 0);
  seen[static_cast<int>(slot[0]) + 1]++;
  for (float f : olds) seen[static_cast<int>(f) + 1]++;
  int swaps_ok = 1;
  for (int k = 0; k < 257; ++k) swaps_ok &= seen[k] == 1;
  for (int t = 0; t < 4; ++t) {
    std::fill(tile_seen.begin(), tile_seen.end(), 0);
    for (int i = 0; i < 64; ++i) tile_seen[static_cast<int>(tile_olds[t * 64 + i]) + 1]++;
    int missing = 0;
    for (int k = 0; k < 65; ++k) missing += tile_seen[k] == 0;
    swaps_ok &= missing == 1; // the tile's last value stays in ts
  }
  std::cout << "float exchanges " << (swaps_ok ? "consistent" : "inconsistent") << "\n";
}

// CHECK: mismatches 0, max 999 (expected 999)
// CHECK-NEXT: float exchanges consistent
