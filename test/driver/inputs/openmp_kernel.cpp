// A kernel that exists only under -fopenmp, in a file that includes <omp.h>: the translator must see the
// macros the host compiler sees.
#include <amp.h>
#include <cstdio>
#ifdef _OPENMP
#include <omp.h>
#endif
using namespace concurrency;
int main() {
  int v[4] = {1, 2, 3, 4};
  array_view<int, 1> a(4, v);
#ifdef _OPENMP
  parallel_for_each(a.extent, [=](index<1> i) restrict(amp) { a[i] *= 10; });
  a.synchronize();
  std::printf("openmp %d %d\n", v[3], omp_get_max_threads() > 0);
#endif
  return 0;
}
