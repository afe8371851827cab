// Includes a user header that ampcc rewrites for the host compiler.
#include "amp_header.h"
#include <amp.h>
using namespace concurrency;
int main() {
  int v[2] = {1, 2};
  array_view<int, 1> a(2, v);
  parallel_for_each(a.extent, [=](index<1> i) restrict(amp) { a[i] = twice(a[i]); });
  a.synchronize();
  return v[1] == 4 ? 0 : 1;
}
