// The tiling seed's tile sum with the barrier fix (line 7 inserted), summing a 2 x 6 matrix.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

int main() {
std::vector<int> my_vector = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
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
int sum = av(0,0) + av(0,2) + av(0,4); // The three tile_origins
std::cout << "sum: " << sum << "\n";
}

// CHECK: sum: 78
