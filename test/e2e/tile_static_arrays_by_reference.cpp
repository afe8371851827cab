// A tile_static array declared in a callee (which the kernel declares and passes down) and a local array that a
// view made in amp code moves to global memory keep their array type: passed on to a function taking a reference
// to the array, or taken the address of as a whole, they are the array's memory (the OpenCL C had a pointer to the
// decayed pointer there, and did not compile).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int TS = 8;

void put(int (&arr)[TS], int i, int v) restrict(amp) { arr[i] = v; }
int rows_sum(float (&m)[2][TS], int c) restrict(amp) { return (int)(m[0][c] + m[1][c]); }

// `shared` and `grid` live in the kernel; put and rows_sum receive them whole.
int rotate_in_tile(tiled_index<TS> t, int v) restrict(amp) {
  tile_static int shared[TS];
  tile_static float grid[2][TS];
  put(shared, t.local[0], v);
  grid[t.local[0] % 2][t.local[0]] = (float)v;
  grid[1 - t.local[0] % 2][t.local[0]] = 0;
  t.barrier.wait();
  int (*whole)[TS] = &shared;
  return (*whole)[(t.local[0] + 1) % TS] * 1000 + rows_sum(grid, (t.local[0] + 2) % TS);
}

int main() {
  const int n = 4 * TS;
  std::vector<int> out(n);
  array_view<int, 1> ov(n, out);
  parallel_for_each(ov.extent.tile<TS>(), [=](tiled_index<TS> t) restrict(amp) {
    int priv[TS];
    array_view<int, 1> pv(TS, priv); // moves priv to global memory
    tile_static int seen[TS];
    array_view<int, 1> sv(TS, seen); // and seen
    put(priv, 0, 5);
    put(seen, t.local[0], t.local[0]);
    pv[1] = 7;
    t.barrier.wait();
    int (*whole)[TS] = &seen;
    ov[t.global] = rotate_in_tile(t, t.global[0]) * 100 + priv[0] + pv[1] + (*whole)[(t.local[0] + 3) % TS];
  });
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    int base = i / TS * TS, l = i % TS;
    int expect = ((base + (l + 1) % TS) * 1000 + (base + (l + 2) % TS)) * 100 + 12 + (l + 3) % TS;
    if (ov[i] != expect) {
      printf("element %d: %d, expected %d\n", i, ov[i], expect);
      ok = false;
    }
  }
  printf("%s\n", ok ? "PASS" : "FAIL");
}

// CHECK: PASS
