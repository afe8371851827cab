// The tiling seed's Figures 4 and 5: the tiled matrix multiply with t_idx.global only, and the full
// one with tile_static locA/locB, checked against a serial product on non-square matrices.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;
using std::vector;

static const int TS = 16;

void MatMulTiledGlobal(vector<int>& vC, const vector<int>& vA,
const vector<int>& vB, int M, int N, int W )
{
array_view<const int, 2> a(M, W, vA), b(W, N, vB);
array_view<int, 2> c(M, N, vC);
c.discard_data();
parallel_for_each(c.extent.tile<16,16>(),
[=](tiled_index<16,16> t_idx) restrict(amp)
{
int row = t_idx.global[0]; int col = t_idx.global[1];
int sum = 0;
for(int i = 0; i < b.extent[0]; i++)
sum += a(row, i) * b(i, col);
c[t_idx.global] = sum;
});
c.synchronize();
}

void MatMul(vector<int>& vC, const vector<int>& vA,
const vector<int>& vB, int M, int N, int W )
{
array_view<const int,2> a(M, W, vA), b(W, N, vB);
array_view<int,2> c(M, N, vC);
c.discard_data();

parallel_for_each(c.extent.tile<TS,TS>(),
[=](tiled_index<TS,TS> t_idx) restrict(amp)
{
int row = t_idx.local[0]; int col = t_idx.local[1];
tile_static int locA[TS][TS], locB[TS][TS];
int sum = 0;
for (int i = 0; i < a.extent[1]; i += TS) {
locA[row][col] = a(t_idx.global[0], col + i);
locB[row][col] = b(row + i, t_idx.global[1]);
t_idx.barrier.wait();

for (int k = 0; k < TS; k++)
sum += locA[row][k] * locB[k][col];
t_idx.barrier.wait();
}
c[t_idx.global] = sum;
});
c.synchronize();
}

int check(const char* name, void (*f)(vector<int>&, const vector<int>&, const vector<int>&, int, int, int),
          int M, int N, int W) {
  vector<int> A(M * W), B(W * N), C(M * N), Ref(M * N);
  for (int i = 0; i < M * W; ++i) A[i] = (i * 7) % 13 - 6;
  for (int i = 0; i < W * N; ++i) B[i] = (i * 5) % 11 - 5;
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c) {
      int s = 0;
      for (int k = 0; k < W; ++k) s += A[r * W + k] * B[k * N + c];
      Ref[r * N + c] = s;
    }
  f(C, A, B, M, N, W);
  int bad = 0;
  for (int i = 0; i < M * N; ++i) bad += C[i] != Ref[i];
  std::cout << name << " " << M << "x" << W << "x" << N << " mismatches: " << bad << "\n";
  return bad;
}

int main() {
  check("global", MatMulTiledGlobal, 32, 48, 80);
  check("tiled", MatMul, 32, 48, 80);
  check("tiled", MatMul, 64, 16, 32);
}

// CHECK: global 32x80x48 mismatches: 0
// CHECK-NEXT: tiled 32x80x48 mismatches: 0
// CHECK-NEXT: tiled 64x32x16 mismatches: 0
