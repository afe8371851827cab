// Pointers pointed at tile_static or private memory through a reference to them: a local reference (`int *&rp = p;
// rp = &ts[i];`) and a callee's reference parameter (`retarget(q, &x)` with `r = to` inside). The pointer's
// OpenCL C address space comes from those assignments as from direct ones, and the callee is specialised on it.
// C++ AMP v1.2 §2.4.1.3 (references to pointers are amp-compatible; a pointer may point into private,
// tile_static or global memory).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;
void retarget(int *&r, int *to) restrict(amp) { r = to; }
int main() {
  int out[8] = {};
  array_view<int, 1> v(8, out);
  parallel_for_each(extent<1>(8).tile<8>(), [=](tiled_index<8> t) restrict(amp) {
    tile_static int ts[8];
    int l = t.local[0];
    ts[l] = l * 10;
    t.barrier.wait();
    int *p = nullptr;
    int *&rp = p;
    rp = &ts[(l + 1) % 8];
    int b = *p;
    int priv = 100 + l;
    int *q = nullptr;
    retarget(q, &priv);
    int c = *q;
    int *s = nullptr;
    retarget(s, &ts[l]);
    v[t.global] = b + c + *s;
  });
  v.synchronize();
  for (int i = 0; i < 8; ++i) printf("%d ", out[i]);
  // CHECK: 110 131 152 173 194 215 236 177
  printf("\n");
}
