// A pointer in amp code keeps to one kind of memory: OpenCL C 1.2 gives it one address space, taken from what
// it is initialized with or assigned. Pointing it at global and then tile_static memory is reported where it changes.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;
int main() {
  array<int, 1> A(8);
  parallel_for_each(A.extent.tile<4>(), [&](tiled_index<4> t) restrict(amp) {
    tile_static int shared[4];
    int *p = nullptr;
    p = &A[t.global];
    if (t.local[0] == 0)
      p = &shared[0]; // expected-error {{'p' points into tile_static memory here and into global memory before}}
    *p = 1;
  });
}
