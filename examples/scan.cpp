// Inclusive prefix sum (scan) in three kernels: each tile of 256 threads scans its elements in tile_static
// memory (Hillis and Steele: at step d every thread adds the value d places to its left, with barriers around
// the read) and writes its total; the totals are scanned the same way; each element then adds the scanned
// total of the tiles before its own.
//   ampcc -O2 scan.cpp -o scan && ./scan
#include <amp.h>
#include <iostream>
#include <numeric>
#include <vector>
using namespace concurrency;

static const int TileSize = 256;

// out[i] = in[0] + ... + in[i] within each tile of in; totals[tile] = the tile's sum.
void scan_tiles(const array_view<const int, 1> &in, const array_view<int, 1> &out, const array_view<int, 1> &totals) {
  int n = in.extent[0];
  parallel_for_each(extent<1>(totals.extent[0] * TileSize).tile<TileSize>(), [=](tiled_index<TileSize> t) restrict(amp) {
    tile_static int s[TileSize];
    int l = t.local[0], g = t.global[0];
    s[l] = g < n ? in[g] : 0;
    t.barrier.wait();
    for (int d = 1; d < TileSize; d *= 2) {
      int left = l >= d ? s[l - d] : 0;
      t.barrier.wait();
      s[l] += left;
      t.barrier.wait();
    }
    if (g < n)
      out[g] = s[l];
    if (l == TileSize - 1)
      totals[t.tile] = s[l];
  });
}

// n up to TileSize * TileSize elements: the tile totals fit one tile.
std::vector<int> inclusive_scan(const std::vector<int> &data) {
  int n = static_cast<int>(data.size());
  int tiles = (n + TileSize - 1) / TileSize;
  std::vector<int> result(n), totals(tiles), scanned(tiles), none(1);
  array_view<const int, 1> in(n, data);
  array_view<int, 1> out(n, result), tot(tiles, totals), stot(tiles, scanned), unused(1, none);
  scan_tiles(in, out, tot);
  scan_tiles(tot, stot, unused);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    int tile = i[0] / TileSize;
    if (tile > 0)
      out[i] += stot[tile - 1];
  });
  out.synchronize();
  return result;
}

int main() {
  std::vector<int> data(50000);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = static_cast<int>(i * 7 % 13) - 6;
  std::vector<int> device = inclusive_scan(data), host(data.size());
  std::partial_sum(data.begin(), data.end(), host.begin());
  bool ok = device == host;
  std::cout << "scan of " << data.size() << " elements: " << (ok ? "matches std::partial_sum" : "WRONG") << "\n";
  return ok ? 0 : 1;
}
// CHECK: scan of 50000 elements: matches std::partial_sum
