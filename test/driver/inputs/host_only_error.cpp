// An error only the host compile finds: the translator's Clang reads the file with __AMPCC_TRANSLATOR__
// defined and accepts it; the host compiler reads the #error.
#include <amp.h>

void twice(concurrency::array_view<int, 1> v) {
  concurrency::parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { v[i] *= 2; });
}

#ifndef __AMPCC_TRANSLATOR__
#error the host side of this file does not compile
#endif
