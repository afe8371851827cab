// A struct passed by value to a function that also takes a pointer (its `this`, or a pointer or non-const
// reference parameter) is copied into a local at the function's entry. C makes the parameter a copy already;
// NVIDIA's OpenCL C compiler (driver 580) reads it through the caller's object once the call is inlined, so
// `w.set(w)` saw its own writes (docs/design/lowering.md, "By-value structs next to pointers"). Without a pointer in
// the call the parameter stays as it is.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
#include <amp.h>
using namespace concurrency;

struct V3 {
  float x, y, z;
  void set_zyx(V3 v) restrict(amp) {
    z = v.x;
    y = v.y;
    x = v.z;
  }
};

void reverse_into(float *out, V3 v) restrict(amp) { out[0] = v.z; }
float sum(V3 v) restrict(amp) { return v.x + v.y + v.z; }

void f(array_view<float, 1> out) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    V3 w = {2.0f, 1.0f, 3.0f};
    w.set_zyx(w);
    float r = 0.0f;
    reverse_into(&r, w);
    out[i] = sum(w) + r;
  });
}

// CHECK: void ampcc_fn_V3_set_zyx(ampcc_s_V3* this_, ampcc_s_V3 ampcc_in_v);
// CHECK: void ampcc_fn_reverse_into(float* out, ampcc_s_V3 ampcc_in_v);
// CHECK: float ampcc_fn_sum(ampcc_s_V3 v);
// CHECK: void ampcc_fn_V3_set_zyx(ampcc_s_V3* this_, ampcc_s_V3 ampcc_in_v)
// CHECK: {
// CHECK-NEXT: ampcc_s_V3 v = ampcc_in_v;
// CHECK: this_->z = (v).x;
// CHECK: void ampcc_fn_reverse_into(float* out, ampcc_s_V3 ampcc_in_v)
// CHECK: {
// CHECK-NEXT: ampcc_s_V3 v = ampcc_in_v;
