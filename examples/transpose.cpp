// Matrix transpose through tile_static memory: each 16x16 tile is read row by row into a block (one column
// of padding keeps the block's columns in different memory banks), then written out transposed, so both the
// reads and the writes of a tile touch contiguous rows. pad() rounds the domain up to whole tiles; threads
// outside the matrix only take part in the barrier.
//   ampcc -O2 transpose.cpp -o transpose && ./transpose
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

static const int T = 16;

void transpose(const array_view<const float, 2> &in, const array_view<float, 2> &out) {
  out.discard_data();
  parallel_for_each(in.extent.tile<T, T>().pad(), [=](tiled_index<T, T> t) restrict(amp) {
    tile_static float block[T][T + 1];
    int r = t.global[0], c = t.global[1];
    if (r < in.extent[0] && c < in.extent[1])
      block[t.local[0]][t.local[1]] = in(r, c);
    t.barrier.wait();
    // Element (local[1], local[0]) of the tile, at its transposed place.
    int orow = t.tile_origin[1] + t.local[0];
    int ocol = t.tile_origin[0] + t.local[1];
    if (orow < out.extent[0] && ocol < out.extent[1])
      out(orow, ocol) = block[t.local[1]][t.local[0]];
  });
}

int main() {
  const int rows = 100, cols = 61;
  std::vector<float> a(rows * cols), b(cols * rows);
  for (int i = 0; i < rows * cols; ++i)
    a[i] = static_cast<float>(i);
  array_view<const float, 2> in(rows, cols, a);
  array_view<float, 2> out(cols, rows, b);
  transpose(in, out);
  out.synchronize();
  int bad = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      bad += b[c * rows + r] != a[r * cols + c];
  std::cout << rows << "x" << cols << " transposed: " << (bad ? "WRONG" : "matches the CPU") << "\n";
  return bad ? 1 : 0;
}
// CHECK: 100x61 transposed: matches the CPU
