// array_views made in amp code over a kernel's own memory: local arrays and scalars, a callee's locals reached
// through pointer and reference parameters, a constructor that keeps views of the arrays it is given, and
// tile_static arrays that every thread of a tile views. Each thread's variables are its own; a tile's are shared.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

// Views of three arrays the caller owns, made from pointers (the conformance suite's av_array pattern).
struct Triple {
  Triple(int n, float *a, float *b, float *c) restrict(amp) : va(n, a), vb(n, b), vc(n, c) {}
  array_view<float, 1> va, vb, vc;
};

// Adds one through a view of the caller's variable.
void bump(int &r) restrict(amp) {
  array_view<int, 1> v(1, &r);
  v[0] += 1;
}

float sum_through_views(int id) restrict(amp) {
  float a[4], b[4], c[4];
  for (int i = 0; i < 4; ++i) {
    a[i] = static_cast<float>(id + i);
    b[i] = 10.0f * i;
  }
  Triple t(4, a, b, c);
  for (int i = 0; i < 4; ++i)
    t.vc[i] = t.va[i] + t.vb[i];
  float *p = &t.vc[3];
  *p += 100.0f;
  return c[0] + c[1] + c[2] + c[3]; // the views wrote the arrays themselves
}

int main() {
  const int n = 256;
  std::vector<int> out(n * 4, 0);
  std::vector<float> sums(n, 0.0f);
  array_view<int, 2> ov(n, 4, out);
  array_view<float, 1> sv(n, sums);
  parallel_for_each(extent<1>(n), [=](index<1> idx) restrict(amp) {
    int i = idx[0];
    // A local array and a view over it: writes through either are seen by the other.
    int local[3] = {i, 2 * i, 3 * i};
    array_view<int, 1> lv(3, local);
    lv[1] += 1;
    local[2] += lv[0];
    ov(i, 0) = local[1] + lv[2]; // (2i + 1) + 4i

    // A scalar viewed through its address, and a callee's view of a reference parameter.
    int x = 5;
    array_view<int, 1> xv(1, &x);
    xv[0] = i;
    bump(x);
    bump(x);
    ov(i, 1) = x; // i + 2

    // An array in a loop body starts anew each iteration.
    int total = 0;
    for (int k = 0; k < 3; ++k) {
      int step[2] = {k, i};
      array_view<int, 1> stv(2, step);
      total += stv[0] + stv[1];
    }
    ov(i, 2) = total; // 3 + 3i

    // A view over the result of an assignment views its left side.
    int t = i;
    array_view<int, 1> av_t(1, &(t += 1));
    av_t[0] *= 2;
    ov(i, 3) = t; // 2i + 2
    sv[idx] = sum_through_views(i);
  });

  // tile_static arrays viewed by every thread of a tile: each writes its own element through a view, then reads
  // its neighbour's after the barrier.
  const int tiles = 8, tile = 32;
  std::vector<int> shared(tiles * tile, 0);
  array_view<int, 1> shv(tiles * tile, shared);
  parallel_for_each(extent<1>(tiles * tile).tile<tile>(), [=](tiled_index<tile> t) restrict(amp) {
    tile_static int ts[tile];
    array_view<int, 1> tv(tile, ts);
    tv[t.local[0]] = t.global[0] * 10;
    t.barrier.wait();
    shv[t.global] = ts[(t.local[0] + 1) % tile];
  });

  ov.synchronize();
  sv.synchronize();
  shv.synchronize();
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    float want = 0;
    for (int k = 0; k < 4; ++k)
      want += static_cast<float>(i + k) + 10.0f * k;
    want += 100.0f;
    if (out[i * 4] != 6 * i + 1 || out[i * 4 + 1] != i + 2 || out[i * 4 + 2] != 3 + 3 * i ||
        out[i * 4 + 3] != 2 * i + 2 || sums[i] != want) {
      if (bad++ < 4)
        std::printf("thread %d: %d %d %d %g (want %d %d %d %g)\n", i, out[i * 4], out[i * 4 + 1], out[i * 4 + 2],
                    sums[i], 6 * i + 1, i + 2, 3 + 3 * i, want);
    }
  }
  for (int g = 0; g < tiles * tile; ++g) {
    int base = g / tile * tile;
    int want = (base + (g - base + 1) % tile) * 10;
    if (shared[g] != want && bad++ < 8)
      std::printf("tile thread %d: %d (want %d)\n", g, shared[g], want);
  }
  // Launches of growing and shrinking size share the queue's scratch buffer (grown when one needs more).
  for (int size : {64, 4096, 128, 8192}) {
    std::vector<int> r(size, 0);
    array_view<int, 1> rv(size, r);
    parallel_for_each(rv.extent, [=](index<1> idx) restrict(amp) {
      int pair[2] = {idx[0], 3};
      array_view<int, 1> pv(2, pair);
      rv[idx] = pv[0] * pv[1];
    });
    rv.synchronize();
    for (int i = 0; i < size; ++i)
      if (r[i] != 3 * i && bad++ < 12)
        std::printf("size %d thread %d: %d (want %d)\n", size, i, r[i], 3 * i);
  }
  std::printf("bad %d\n", bad);
  // CHECK: bad 0
  return 0;
}
