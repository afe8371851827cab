// -ffp-contract=fast (or -ffast-math) allows kernels to fuse a * b + c into one multiply-add.
// RUN: %ampcc -ffp-contract=fast --emit-opencl %s | FileCheck %s
#include <amp.h>
using namespace concurrency;
void axpy(array_view<const float, 1> x, array_view<float, 1> y, float a) {
  parallel_for_each(y.extent, [=](index<1> i) restrict(amp) { y[i] = a * x[i] + y[i]; });
}
// CHECK: #pragma OPENCL FP_CONTRACT ON
// CHECK-NOT: FP_CONTRACT OFF
