// A tile_barrier::wait must be reached by all threads of a tile or by none.
#include <amp.h>
using namespace concurrency;

void f(array_view<int, 2> av) {
  parallel_for_each(av.extent.tile<2, 2>(), [=](tiled_index<2, 2> t_idx) restrict(amp) {
    tile_static int t[2][2];
    t[t_idx.local[0]][t_idx.local[1]] = av[t_idx.global];
    if (t_idx.local == index<2>(0, 0)) {
      t_idx.barrier.wait(); // expected-error {{tile_barrier::wait is reached by only some threads of a tile: the condition at 9:9 depends on 't_idx'; a barrier must be reached by all threads of a tile or by none}}
      av[t_idx.tile_origin] = t[0][0];
    }
  });
  parallel_for_each(av.extent.tile<2, 2>(), [=](tiled_index<2, 2> t_idx) restrict(amp) {
    int n = t_idx.global[1] + 1;
    for (int i = 0; i < n; ++i)
      t_idx.barrier.wait(); // expected-error {{tile_barrier::wait is reached by only some threads of a tile: the condition at 16:21 depends on 't_idx'; a barrier must be reached by all threads of a tile or by none}}
  });
  // Uniform conditions and trip counts are fine.
  parallel_for_each(av.extent.tile<2, 2>(), [=](tiled_index<2, 2> t_idx) restrict(amp) {
    for (int i = 0; i < av.extent[1]; i += 2)
      t_idx.barrier.wait();
    if (av.extent[0] > 2)
      t_idx.barrier.wait_with_tile_static_memory_fence();
  });
}
