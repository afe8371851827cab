// The tiling seed's buggy tile sum: reading other threads' tile_static writes with no barrier between.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
#include <vector>
using namespace concurrency;

void buggy(std::vector<int>& my_vector) {
static const int TS = 2;
array_view<int, 2> av(2, 6, my_vector);
parallel_for_each(av.extent.tile<TS,TS>(),
[=](tiled_index<TS,TS> t_idx) restrict(amp)
{
tile_static int t[TS][TS];
t[t_idx.local[0]][t_idx.local[1]] = av[t_idx.global]; // expected-note 4 {{the write to 't' is here}}

if (t_idx.local == index<2>(0,0)) {
t[0][0] = t[0][0] + t[0][1] + t[1][0] + t[1][1]; // expected-warning 4 {{possible data race: tile_static 't' is read here, but other threads of the tile write it at 14:1 with no tile_barrier::wait in between}}
av[t_idx.tile_origin] = t[0][0];
}
});
}

// The fixed version from the seed: no warning.
void fixed(std::vector<int>& my_vector) {
static const int TS = 2;
array_view<int, 2> av(2, 6, my_vector);
parallel_for_each(av.extent.tile<TS,TS>(),
[=](tiled_index<TS,TS> t_idx) restrict(amp)
{
tile_static int t[TS][TS];
t[t_idx.local[0]][t_idx.local[1]] = av[t_idx.global];
t_idx.barrier.wait();
if (t_idx.local == index<2>(0,0)) {
t[0][0] = t[0][0] + t[0][1] + t[1][0] + t[1][1];
av[t_idx.tile_origin] = t[0][0];
}
});
}

// The barrier in a function the kernel calls orders the writes before it just the same: no warning.
void waitForTile(const tile_barrier &b) restrict(amp) { b.wait_with_tile_static_memory_fence(); }

void fixedThroughHelper(std::vector<int>& my_vector) {
static const int TS = 2;
array_view<int, 2> av(2, 6, my_vector);
parallel_for_each(av.extent.tile<TS,TS>(),
[=](tiled_index<TS,TS> t_idx) restrict(amp)
{
tile_static int t[TS][TS];
t[t_idx.local[0]][t_idx.local[1]] = av[t_idx.global];
waitForTile(t_idx.barrier);
if (t_idx.local == index<2>(0,0)) {
t[0][0] = t[0][0] + t[0][1] + t[1][0] + t[1][1];
av[t_idx.tile_origin] = t[0][0];
}
});
}
