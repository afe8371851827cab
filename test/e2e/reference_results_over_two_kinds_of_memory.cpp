// A function returning a const reference to one of its const reference parameters (`max(a, b)` returning
// `a > b ? a : b`), called with a tile_static object and a private one: ampblas' amax, whose reduction keeps
// `lhs = max(lhs, value_type(idx + 1, abs_1(x[idx])))` with lhs a reference to a tile_static element
// (utility/reduction.h, utility/math.h, detail/amax.h). No pointer type holds both kinds of memory, so the call
// binds the arguments to private copies and the result points to one of them, as a const reference bound to a
// conditional over two kinds of memory does. It was an error ("this conditional refers to tile_static memory in
// one branch and to private memory in the other").
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_math.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <typename I, typename V> struct indexed {
  indexed() restrict(cpu, amp) : idx(1), val(V()) {}
  indexed(I idx, const V &val) restrict(cpu, amp) : idx(idx), val(val) {}
  bool operator>(const indexed &rhs) const restrict(cpu, amp) { return val > rhs.val; }
  I idx;
  V val;
};
template <typename T> inline const T &larger(const T &a, const T &b) restrict(cpu, amp) { return a > b ? a : b; }
template <typename T> struct maximum {
  const T &operator()(const T &lhs, const T &rhs) const restrict(cpu, amp) { return larger(lhs, rhs); }
};
template <typename V, typename F> struct amax_helper {
  amax_helper(const V &value, const F &op) restrict(cpu, amp) : init_value(value), op(op) {}
  void local_reduce(V &lhs, int idx, const array_view<const float, 1> &x) const restrict(cpu, amp) {
    lhs = larger(lhs, V(idx + 1, fast_math::fabs(x[idx])));
  }
  V init_value;
  F op;
};
template <typename T, int tile_size, typename F>
void tile_reduce(T *const mem, tiled_index<tile_size> t, const F &op) restrict(amp) {
  for (int half = tile_size / 2; half > 0; half /= 2) {
    if (t.local[0] < half)
      mem[0] = op(mem[0], mem[half]);
    t.barrier.wait_with_tile_static_memory_fence();
  }
}

int main() {
  typedef indexed<int, float> item;
  std::vector<float> xs = {1, -7, 3, 2, 5, -6, 0.5f, 4, -9, 1, 2, 3, 8, 0, 1, 1};
  array_view<const float, 1> x(16, xs);
  std::vector<item> tiles(2);
  array_view<item, 1> out(2, tiles);
  amax_helper<item, maximum<item>> helper(item(1, 0.0f), maximum<item>());
  const int n = 16, threads = 8;
  parallel_for_each(extent<1>(threads).tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static item buffer[4];
    item &mine = buffer[t.local[0]];
    mine = helper.init_value;
    for (int idx = t.global[0]; idx < n; idx += threads)
      helper.local_reduce(mine, idx, x);
    t.barrier.wait_with_tile_static_memory_fence();
    tile_reduce<item, 4>(&mine, t, helper.op);
    if (t.local[0] == 0)
      out[t.tile[0]] = mine;
  });
  out.synchronize();
  std::printf("%d %g %d %g\n", tiles[0].idx, tiles[0].val, tiles[1].idx, tiles[1].val);
  // CHECK: 9 9 13 8
}
