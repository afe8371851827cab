// MSVC deduced an `unsigned` template parameter from an `int` template argument: a tiled_index<4> passed for
// tiled_index<tile_size> with `unsigned int tile_size` (the Algorithms Library's reduce_tile), an extent<1> for
// extent<rank>, an array_view<const int, 1> told apart by partial specializations on `unsigned int rank` (the
// BLAS's is_array_view). Standard C++ deduces no such parameter; under -fampcc-msvc ampcc rewrites these
// templates (docs/driver.md) and the unsigned arithmetic in them keeps its meaning.
// RUN: %ampcc -fampcc-msvc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

// `partial < tile_size` compares as unsigned: a negative partial length is not below the tile size.
template <unsigned int tile_size, typename functor, typename T>
void reduce_tile(T *const mem, tiled_index<tile_size> tid, const functor &op, int partial) restrict(amp) {
  if (partial < tile_size)
    mem[0] = -1;
  else
    for (unsigned int s = tile_size / 2; s > 0; s /= 2) {
      if (tid.local[0] < int(s))
        mem[tid.local[0]] = op(mem[tid.local[0]], mem[tid.local[0] + s]);
      tid.barrier.wait_with_tile_static_memory_fence();
    }
}

struct add {
  int operator()(int a, int b) const restrict(amp) { return a + b; }
};

// Declared, then defined: both declarations take the same rewrite. rank - 2 wraps as unsigned.
template <unsigned int rank> unsigned int below_rank(const extent<rank> &e);
template <unsigned int rank> unsigned int below_rank(const extent<rank> &e) { return rank - 2 + 0 * e[0]; }

// A non-type parameter before the deduced one, given explicitly.
template <bool square, unsigned int rank> int count_if_square(const extent<rank> &e) {
  return square ? e.size() * rank : -1;
}

template <typename T> struct is_view {
  static const bool value = false;
};
template <typename T, unsigned int rank> struct is_view<array_view<T, rank>> {
  static const bool value = true;
};
template <typename T, unsigned int rank> struct is_view<array_view<const T, rank>> {
  static const bool value = true;
};

int main() {
  std::vector<int> data(16);
  for (int i = 0; i < 16; ++i)
    data[i] = i;
  array_view<int, 1> v(16, data);
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static int part[4];
    part[t.local[0]] = v[t.global];
    t.barrier.wait();
    reduce_tile(part, t, add(), t.tile[0] == 3 ? -1 : 4);
    if (t.local[0] == 0)
      v[t.global] = part[0];
  });
  v.synchronize();
  // CHECK: tiles 6 22 38 54
  std::cout << "tiles " << data[0] << " " << data[4] << " " << data[8] << " " << data[12] << "\n";
  // CHECK: below 4294967295 explicit 4294967295 count 18 -1
  std::cout << "below " << below_rank(extent<1>(5)) << " explicit " << below_rank<1>(extent<1>(5)) << " count "
            << count_if_square<true>(extent<2>(3, 3)) << " " << count_if_square<false>(extent<1>(3)) << "\n";
  // CHECK: views 1 1 0
  std::cout << "views " << is_view<array_view<int, 1>>::value << " " << is_view<array_view<const int, 2>>::value
            << " " << is_view<int>::value << "\n";
  return 0;
}
