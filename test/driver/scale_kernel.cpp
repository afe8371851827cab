// Driver test: the kernel half, built with -c and a -D value.
#include "scale.h"
using namespace concurrency;

void scale_all(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= SCALE; });
}
