// One of two files with a kernel each, on the same line, linked into one program.
#include <amp.h>
using namespace concurrency;
void add_one(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += 1; });
}
