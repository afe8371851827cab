// Sum of a large array on the accelerator, the classic tiled reduction: each tile of 256 threads adds its
// elements in tile_static memory (halving the active threads each step, a barrier between steps) and writes
// one partial sum; the partial sums are reduced again the same way until one value is left.
//   ampcc -O2 reduction.cpp -o reduction && ./reduction
#include <amp.h>
#include <iostream>
#include <memory>
#include <numeric>
#include <vector>
using namespace concurrency;

static const int TileSize = 256;

// One pass: in[0, n) summed per tile into out[0, tiles).
void reduce_pass(const array<int, 1> &in, array<int, 1> &out, int n) {
  int tiles = out.extent[0];
  parallel_for_each(extent<1>(tiles * TileSize).tile<TileSize>(),
                    [=, &in, &out](tiled_index<TileSize> t) restrict(amp) {
                      tile_static int sums[TileSize];
                      int l = t.local[0];
                      sums[l] = t.global[0] < n ? in[t.global] : 0;
                      t.barrier.wait();
                      for (int stride = TileSize / 2; stride > 0; stride /= 2) {
                        if (l < stride)
                          sums[l] += sums[l + stride];
                        t.barrier.wait();
                      }
                      if (l == 0)
                        out[t.tile] = sums[0];
                    });
}

int sum_on_accelerator(const std::vector<int> &data) {
  int n = static_cast<int>(data.size());
  auto current = std::make_unique<array<int, 1>>(n, data.begin(), data.end());
  while (n > 1) {
    int tiles = (n + TileSize - 1) / TileSize;
    auto next = std::make_unique<array<int, 1>>(tiles);
    reduce_pass(*current, *next, n);
    current = std::move(next);
    n = tiles;
  }
  std::vector<int> result = *current;
  return result[0];
}

int main() {
  std::vector<int> data(1000003);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = static_cast<int>(i % 1000) - 500;
  int device = sum_on_accelerator(data);
  int host = std::accumulate(data.begin(), data.end(), 0);
  std::cout << "sum of " << data.size() << " elements: " << device << (device == host ? " (matches the CPU)" : " WRONG")
            << "\n";
  return device == host ? 0 : 1;
}
// CHECK: sum of 1000003 elements: {{-?[0-9]+}} (matches the CPU)
