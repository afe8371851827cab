// The seed's Figure 5 kernel in float, as a CUDA programmer writes it: 16x16 tiles of A and B staged in shared memory
// (tile_static), one __syncthreads per tile_barrier::wait; n must be a multiple of TS, as the C++ AMP tiling
// requires. One definition for the yardstick (cuda_bench.cu) and the isolation harness (module_timing.cu), so both
// time the same kernel.
#ifndef AMPCC_BENCH_CUDA_MATMUL_TILED_CUH
#define AMPCC_BENCH_CUDA_MATMUL_TILED_CUH

// The seed's tile side.
constexpr int TS = 16;

__global__ void matmulTiled(float *c, const float *a, const float *b, int n) {
  __shared__ float locA[TS][TS], locB[TS][TS];
  int row = threadIdx.y, col = threadIdx.x;
  int grow = blockIdx.y * TS + row, gcol = blockIdx.x * TS + col;
  float sum = 0;
  for (int i = 0; i < n; i += TS) {
    locA[row][col] = a[grow * n + col + i];
    locB[row][col] = b[(row + i) * n + gcol];
    __syncthreads();
    for (int k = 0; k < TS; k++)
      sum += locA[row][k] * locB[k][col];
    __syncthreads();
  }
  c[grow * n + gcol] = sum;
}

#endif
