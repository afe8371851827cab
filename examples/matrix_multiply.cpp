// A C++ AMP program as users write it: the tiled matrix multiply from the tiling article, checked
// against the simple model and a serial product. Build with `ampcc matrix_multiply.cpp -o mm`.
#include <amp.h>
#include <iostream>
#include <string>
#include <vector>
using namespace concurrency;

static const int TS = 16;

void MatMulSimple(std::vector<float>& vC, const std::vector<float>& vA, const std::vector<float>& vB, int M, int N,
                  int W) {
  array_view<const float, 2> a(M, W, vA), b(W, N, vB);
  array_view<float, 2> c(M, N, vC);
  c.discard_data();
  parallel_for_each(c.extent, [=](index<2> idx) restrict(amp) {
    float sum = 0;
    for (int i = 0; i < b.extent[0]; i++)
      sum += a(idx[0], i) * b(i, idx[1]);
    c[idx] = sum;
  });
  c.synchronize();
}

void MatMulTiled(std::vector<float>& vC, const std::vector<float>& vA, const std::vector<float>& vB, int M, int N,
                 int W) {
  array_view<const float, 2> a(M, W, vA), b(W, N, vB);
  array_view<float, 2> c(M, N, vC);
  c.discard_data();
  parallel_for_each(c.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> t_idx) restrict(amp) {
    int row = t_idx.local[0];
    int col = t_idx.local[1];
    tile_static float locA[TS][TS], locB[TS][TS];
    float sum = 0;
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

int main() {
  const int M = 128, N = 96, W = 64;
  std::vector<float> A(M * W), B(W * N), C1(M * N), C2(M * N);
  for (int i = 0; i < M * W; ++i) A[i] = float(i % 7) - 3;
  for (int i = 0; i < W * N; ++i) B[i] = float(i % 5) - 2;
  MatMulSimple(C1, A, B, M, N, W);
  MatMulTiled(C2, A, B, M, N, W);
  int bad = 0;
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c) {
      float s = 0;
      for (int k = 0; k < W; ++k) s += A[r * W + k] * B[k * N + c];
      bad += (C1[r * N + c] != s) + (C2[r * N + c] != s);
    }
  std::wstring device = accelerator().description;
  std::cout << "device: " << std::string(device.begin(), device.end()) << "\n";
  std::cout << M << "x" << W << " * " << W << "x" << N << ": " << (bad ? "WRONG" : "simple and tiled results match the CPU")
            << "\n";
  return bad ? 1 : 0;
}

// CHECK: device: {{.+}}
// CHECK-NEXT: 128x64 * 64x96: simple and tiled results match the CPU
