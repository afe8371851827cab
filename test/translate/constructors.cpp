// User types with restrict(amp) constructors: each constructor is a function returning the object.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
#include <amp.h>
using namespace concurrency;

struct Rgb {
  float r, g, b;
  Rgb() restrict(amp) : r(0), g(0), b(0) {}
  Rgb(float gray) restrict(amp) : r(gray), g(gray), b(gray) {}
  Rgb(float r_, float g_, float b_) restrict(amp) : r(r_), g(g_), b(b_) {
    if (r > 1) r = 1;
  }
  float luma() const restrict(amp) { return 0.25f * r + 0.5f * g + 0.25f * b; }
};

void f(array_view<float, 1> out) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    Rgb black;
    Rgb gray(0.5f);
    Rgb c = Rgb(2.0f, 0.5f, 0.25f);
    out[i] = black.luma() + gray.luma() + c.luma();
  });
}

// CHECK: ampcc_s_Rgb ampcc_fn_Rgb_ctor(void);
// CHECK: ampcc_s_Rgb ampcc_fn_Rgb_ctor_1(float gray);
// CHECK: ampcc_s_Rgb ampcc_fn_Rgb_ctor_2(float r_, float g_, float b_);
// CHECK: ampcc_s_Rgb ampcc_fn_Rgb_ctor_2(float r_, float g_, float b_)
// CHECK-NEXT: {
// CHECK-NEXT: ampcc_s_Rgb self_;
// CHECK-NEXT: ampcc_s_Rgb* this_ = &self_;
// CHECK-NEXT: this_->r = r_;
// CHECK-NEXT: this_->g = g_;
// CHECK-NEXT: this_->b = b_;
// CHECK: if ((this_->r > 1.0f))
// CHECK: return self_;
// CHECK: ampcc_s_Rgb black = ampcc_fn_Rgb_ctor();
// CHECK: ampcc_s_Rgb gray = ampcc_fn_Rgb_ctor_1(0.5f);
// CHECK: ampcc_s_Rgb c = ampcc_fn_Rgb_ctor_2(2.0f, 0.5f, 0.25f);
