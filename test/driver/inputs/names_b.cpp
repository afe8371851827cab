// The other file with a kernel; main calls both.
#include <amp.h>
using namespace concurrency;
void add_one(array_view<int, 1> v);
void twice(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= 2; });
}
template <typename T> void negate(array_view<T, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = -v[i]; });
}
int main() {
  int x[2] = {1, 2};
  array_view<int, 1> v(2, x);
  add_one(v);
  twice(v);
  negate(v);
  v.synchronize();
  return x[1] == -6 ? 0 : 1;
}
