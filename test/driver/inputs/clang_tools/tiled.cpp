// C++ AMP as clangd and clang-tidy must read it: restriction specifiers on functions and lambdas,
// tile_static, tiled launches with barriers, amp_math, array and array_view.
#include <amp.h>
#include <amp_math.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

static float square(float x) restrict(amp, cpu) { return x * x; }

static float root(float x) restrict(amp) { return fast_math::sqrt(x); }

int main() {
  const int n = 256;
  std::vector<float> data(n);
  for (int i = 0; i < n; ++i)
    data[i] = static_cast<float>(i);
  array_view<float, 1> view(n, data);
  array<float, 1> sums(n / 16);
  parallel_for_each(view.extent.tile<16>(), [=, &sums](tiled_index<16> t) restrict(amp) {
    tile_static float tile[16];
    tile[t.local[0]] = root(square(view[t.global]));
    t.barrier.wait();
    if (t.local[0] == 0) {
      float s = 0;
      for (int i = 0; i < 16; ++i)
        s += tile[i];
      sums[t.tile] = s;
    }
  });
  std::vector<float> out(n / 16);
  copy(sums, out.begin());
  std::printf("%g\n", out[0]);
  return 0;
}
