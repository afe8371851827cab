// A kernel ampcc translates into OpenCL C that OpenCL C 1.2 rejects: the struct's fields are named with
// OpenCL C keywords (`constant`, `half`), which ampcc's lowering keeps as they are. The build must fail at
// the kernel's line, not the program's first run. (If the lowering learns to rename such fields, this test
// needs another kernel that OpenCL rejects.)
#include <amp.h>
using namespace concurrency;
struct Scale { int constant; int half; };
int main() {
  int data[4] = {1, 2, 3, 4};
  array_view<int, 1> v(4, data);
  Scale s = {2, 3};
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = v[i] * s.constant + s.half;
  });
  v.synchronize();
  return data[0] == 5 ? 0 : 1;
}
