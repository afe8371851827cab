// A kernel ampcc translates into OpenCL C that OpenCL C 1.2 rejects: a field named like an OpenCL C image type
// (`image1d_t`, a keyword there), which ampcc's lowering keeps as it is (its list of names to rename has
// `image2d_t` and `image3d_t` only). The build must fail at the kernel's line, not the program's first run.
// (If the lowering learns to rename such names, this test needs another kernel that OpenCL rejects.)
#include <amp.h>
using namespace concurrency;
struct Scale { int image1d_t; int offset; };
int main() {
  int data[4] = {1, 2, 3, 4};
  array_view<int, 1> v(4, data);
  Scale s = {2, 3};
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = v[i] * s.image1d_t + s.offset;
  });
  v.synchronize();
  return data[0] == 5 ? 0 : 1;
}
