// OpenCL C 1.2 rejects the statement of a function written on one line (a field named like an image type, as in
// opencl_rejects.cpp): the error is at that line, line 6 (it was reported on line 7, the C line after the
// function's `{`, which the #line directives did not number again).
#include <amp.h>
struct Scale { int image1d_t; };
inline int scaled(Scale s, int x) restrict(amp) { return x * s.image1d_t; }
int main() {
  int data[4] = {1, 2, 3, 4};
  concurrency::array_view<int, 1> v(4, data);
  Scale s = {2};
  concurrency::parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { v[i] = scaled(s, v[i]); });
  v.synchronize();
  return data[0] == 2 ? 0 : 1;
}
