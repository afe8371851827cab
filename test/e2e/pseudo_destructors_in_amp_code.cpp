// Pseudo-destructor calls on scalars in amp code (`p->~T()` through a typedef or a template parameter,
// `x.~int_t()`): they end nothing that runs code, and are lowered as their object expression alone.
// C++ AMP v1.2 §2.4.3 (amp code refuses no pseudo-destructor call; it is no function call through a pointer).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;
typedef int int_t;
typedef float float_t2;
template <typename T> void destroy(T *p) restrict(amp) { p->~T(); }
int main() {
  int out[4] = {};
  array_view<int, 1> v(4, out);
  parallel_for_each(extent<1>(1), [=](index<1> i) restrict(amp) {
    int q = 5; int *pq = &q;
    pq->~int_t();
    q.~int_t();
    float f = 1.5f; f.~float_t2();
    (&f)->~float_t2();
    destroy(&q);
    v[0] = q; v[1] = (int)(f * 2);
  });
  v.synchronize();
  // CHECK: 5 3
  printf("%d %d\n", out[0], out[1]);
}
