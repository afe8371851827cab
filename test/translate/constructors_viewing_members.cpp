// A constructor that makes a view of its own object's members constructs the object in place: it takes the
// object's address (specialised on where the object lives) and returns nothing. The object, a local variable of
// the kernel, lives in the scratch buffer in global memory; a member of such a class is constructed in place too.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
#include <amp.h>
using namespace concurrency;

struct Self {
  Self(int v) restrict(amp) : value(v), view(1, &value) {}
  int value;
  array_view<int, 1> view;
};

struct Outer {
  Outer() restrict(amp) : inner(4) {}
  Self inner;
};

void f(array_view<int, 1> out) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    Self s(i[0]);
    Outer o;
    out[i] = s.view[0] + o.inner.view[0];
  });
}

// CHECK: void ampcc_fn_Self_ctor(__global ampcc_s_Self* this_, int v);
// CHECK: void ampcc_fn_Outer_ctor(__global ampcc_s_Outer* this_);
// CHECK: void ampcc_fn_Self_ctor(__global ampcc_s_Self* this_, int v)
// CHECK-NEXT: {
// CHECK: this_->value = v;
// CHECK: this_->view = ampcc_av_int_1_make(&(this_->value), 0, ampcc_idx1_make(1, 0, 0));
// CHECK-NOT: return
// CHECK: }
// CHECK: void ampcc_fn_Outer_ctor(__global ampcc_s_Outer* this_)
// CHECK-NEXT: {
// CHECK-NEXT: ampcc_fn_Self_ctor(&(this_->inner), 4);
// CHECK: __global ampcc_s_Self (*ampcc_gpv_s) = (__global ampcc_s_Self (*))(ampcc_thread_frame + 0);
// CHECK: __global ampcc_s_Outer (*ampcc_gpv_o) = (__global ampcc_s_Outer (*))(ampcc_thread_frame + {{[0-9]+}});
// CHECK: ampcc_fn_Self_ctor(&((*ampcc_gpv_s)), (i).v[0]);
// CHECK: ampcc_fn_Outer_ctor(&((*ampcc_gpv_o)));
