// Driver test: a type error in a kernel must be a located error, not a crash.
#include <amp.h>
using namespace concurrency;

void f(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = v;
  });
}
