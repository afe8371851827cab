// Kernels do not fuse a * b + c into one multiply-add unless the user allows it (MSVC's kernels did not):
// the program turns OpenCL C's default contraction off. (fp_contract_fast.cpp: -ffp-contract=fast turns it on.)
// RUN: %ampcc --emit-opencl %s | FileCheck %s
#include <amp.h>
using namespace concurrency;
void axpy(array_view<const float, 1> x, array_view<float, 1> y, float a) {
  parallel_for_each(y.extent, [=](index<1> i) restrict(amp) { y[i] = a * x[i] + y[i]; });
}
// CHECK: #pragma OPENCL FP_CONTRACT OFF
// CHECK-NOT: FP_CONTRACT ON
