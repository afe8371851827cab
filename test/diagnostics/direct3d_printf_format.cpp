// The format of direct3d_printf and direct3d_errorf is a string literal (OpenCL C's printf takes only one); the
// literal itself, an array of char, is allowed in amp code there and nowhere else, so a format in a variable is
// already a type error.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

void f(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    direct3d_printf("thread %d\n", i[0]);
    direct3d_printf(u8"utf-8 %d\n", 1);
    if (i[0] < 0)
      direct3d_errorf("negative %d\n", i[0]); // direct3d_errorf's format is exempt too
    const char *fmt = "x"; // expected-error {{type 'char' is not supported in restrict(amp) code}}
    v[i] = 0;
  });
}
