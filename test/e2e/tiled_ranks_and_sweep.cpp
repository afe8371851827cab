// The tiled model across ranks 1 to 3, non-square extents and a sweep of tile sizes: every thread
// records its global, local, tile and tile_origin indices, checked on the host against C++ AMP's rules.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

template <int T0> int check1(int n) {
  std::vector<int> g(n), l(n), t(n), o(n);
  array_view<int, 1> G(n, g), L(n, l), T(n, t), O(n, o);
  parallel_for_each(G.extent.tile<T0>(), [=](tiled_index<T0> ti) restrict(amp) {
    G[ti.global] = ti.global[0];
    L[ti.global] = ti.local[0];
    T[ti.global] = ti.tile[0];
    O[ti.global] = ti.tile_origin[0];
  });
  G.synchronize(); L.synchronize(); T.synchronize(); O.synchronize();
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += g[i] != i || l[i] != i % T0 || t[i] != i / T0 || o[i] != i / T0 * T0;
  return bad;
}

template <int T0, int T1> int check2(int rows, int cols) {
  std::vector<int> local(rows * cols), tile(rows * cols);
  array_view<int, 2> L(rows, cols, local), T(rows, cols, tile);
  parallel_for_each(L.extent.tile<T0, T1>(), [=](tiled_index<T0, T1> ti) restrict(amp) {
    L[ti] = ti.local[0] * 1000 + ti.local[1];
    T[ti.global] = ti.tile[0] * 1000 + ti.tile[1];
  });
  L.synchronize(); T.synchronize();
  int bad = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      bad += local[r * cols + c] != (r % T0) * 1000 + c % T1 || tile[r * cols + c] != (r / T0) * 1000 + c / T1;
  return bad;
}

template <int T0, int T1, int T2> int check3(int d0, int d1, int d2) {
  std::vector<int> out(d0 * d1 * d2);
  array_view<int, 3> V(d0, d1, d2, out);
  parallel_for_each(V.extent.tile<T0, T1, T2>(), [=](tiled_index<T0, T1, T2> ti) restrict(amp) {
    // Sum over the tile through tile_static memory: every element gets the sum of its tile's linear ids.
    tile_static int ids[T0][T1][T2];
    ids[ti.local[0]][ti.local[1]][ti.local[2]] = ti.global[0] * 10000 + ti.global[1] * 100 + ti.global[2];
    ti.barrier.wait();
    int sum = 0;
    for (int a = 0; a < T0; ++a)
      for (int b = 0; b < T1; ++b)
        for (int c = 0; c < T2; ++c)
          sum += ids[a][b][c];
    V[ti.global] = sum;
  });
  V.synchronize();
  int bad = 0;
  for (int i = 0; i < d0; ++i)
    for (int j = 0; j < d1; ++j)
      for (int k = 0; k < d2; ++k) {
        int sum = 0;
        int oi = i / T0 * T0, oj = j / T1 * T1, ok = k / T2 * T2;
        for (int a = 0; a < T0; ++a)
          for (int b = 0; b < T1; ++b)
            for (int c = 0; c < T2; ++c)
              sum += (oi + a) * 10000 + (oj + b) * 100 + (ok + c);
        bad += out[(i * d1 + j) * d2 + k] != sum;
      }
  return bad;
}

int main() {
  std::cout << "rank1 tile 1: " << check1<1>(7) << "\n";
  std::cout << "rank1 tile 4: " << check1<4>(64) << "\n";
  std::cout << "rank1 tile 256: " << check1<256>(1024) << "\n";
  std::cout << "rank2 2x2 on 4x6: " << check2<2, 2>(4, 6) << "\n";
  std::cout << "rank2 4x8 on 12x32: " << check2<4, 8>(12, 32) << "\n";
  std::cout << "rank2 16x16 on 32x48: " << check2<16, 16>(32, 48) << "\n";
  std::cout << "rank2 1x32 on 3x64: " << check2<1, 32>(3, 64) << "\n";
  std::cout << "rank3 2x2x2 on 4x6x8: " << check3<2, 2, 2>(4, 6, 8) << "\n";
  std::cout << "rank3 2x4x8 on 2x8x16: " << check3<2, 4, 8>(2, 8, 16) << "\n";
}

// CHECK: rank1 tile 1: 0
// CHECK-NEXT: rank1 tile 4: 0
// CHECK-NEXT: rank1 tile 256: 0
// CHECK-NEXT: rank2 2x2 on 4x6: 0
// CHECK-NEXT: rank2 4x8 on 12x32: 0
// CHECK-NEXT: rank2 16x16 on 32x48: 0
// CHECK-NEXT: rank2 1x32 on 3x64: 0
// CHECK-NEXT: rank3 2x2x2 on 4x6x8: 0
// CHECK-NEXT: rank3 2x4x8 on 2x8x16: 0
