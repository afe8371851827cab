// The tiling seed's Figure 1: the simple-model matrix multiply, checked against a serial product.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;
using std::vector;

void MatMul(vector<int>& vC, const vector<int>& vA,
const vector<int>& vB, int M, int N, int W )
{
array_view<const int, 2> a(M, W, vA), b(W, N, vB);
array_view<int, 2> c(M, N, vC);
c.discard_data();
parallel_for_each(c.extent, [=](index<2> idx) restrict(amp)
{
int row = idx[0]; int col = idx[1];
int sum = 0;
for(int i = 0; i < b.extent[0]; i++)
sum += a(row, i) * b(i, col);
c[idx] = sum;
});
c.synchronize();
}

int main() {
  // Non-square on purpose: M x W times W x N.
  const int M = 37, N = 53, W = 29;
  vector<int> A(M * W), B(W * N), C(M * N), Ref(M * N);
  for (int i = 0; i < M * W; ++i) A[i] = (i * 7) % 13 - 6;
  for (int i = 0; i < W * N; ++i) B[i] = (i * 5) % 11 - 5;
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c) {
      int s = 0;
      for (int k = 0; k < W; ++k) s += A[r * W + k] * B[k * N + c];
      Ref[r * N + c] = s;
    }
  MatMul(C, A, B, M, N, W);
  int bad = 0;
  for (int i = 0; i < M * N; ++i) bad += C[i] != Ref[i];
  std::cout << "mismatches: " << bad << "\n";
}

// CHECK: mismatches: 0
