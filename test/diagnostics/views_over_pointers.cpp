// An array_view made in amp code views global memory it can name the view of: &v[i] or v.data().
#include <amp.h>
using namespace concurrency;

void f(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    int local[4] = {0, 1, 2, 3};
    array_view<int, 1> a(4, local); // expected-error {{an array_view made in amp code must view global memory (the data of an array or array_view), not private memory}}
    a[0] = 1;
  });
}
