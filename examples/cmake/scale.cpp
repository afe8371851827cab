// The kernel: each element times the factor.
#include "scale.h"
#include "kernel_math.h"
#include <amp.h>

void scale(std::vector<float> &v, float factor) {
  concurrency::array_view<float, 1> a(static_cast<int>(v.size()), v);
  concurrency::parallel_for_each(a.extent, [=](concurrency::index<1> i) restrict(amp) {
    a[i] = times(a[i], factor);
  });
  a.synchronize();
}
