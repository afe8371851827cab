// fast_math maps to OpenCL's native_ functions in single precision; precise_math to the full builtins.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
#include <amp.h>
#include <amp_math.h>
using namespace concurrency;

void f(array_view<float, 1> x, array_view<double, 1> y) {
  parallel_for_each(x.extent, [=](index<1> i) restrict(amp) {
    x[i] = fast_math::sqrt(x[i]) + fast_math::pow(x[i], 2.0f) + fast_math::fabs(x[i]);
    y[i] = precise_math::log10(y[i]) + precise_math::sqrt(y[i]);
  });
}

// CHECK: (x).ptr[ampcc_lin1((x).sh, i)] = ((native_sqrt((x).ptr[ampcc_lin1((x).sh, i)]) + pow((x).ptr[ampcc_lin1((x).sh, i)], 2.0f)) + fabs((x).ptr[ampcc_lin1((x).sh, i)]));
// CHECK: (y).ptr[ampcc_lin1((y).sh, i)] = (log10((y).ptr[ampcc_lin1((y).sh, i)]) + sqrt((y).ptr[ampcc_lin1((y).sh, i)]));
