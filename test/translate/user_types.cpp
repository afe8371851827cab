// restrict(amp) member functions, operators and function templates become OpenCL C functions; const
// methods take the object by value, others `this` as a pointer in the address space of the object; a const
// reference parameter is a pointer to the caller's object in its address space, as a non-const one is.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
#include <amp.h>
using namespace concurrency;

struct Vec2 {
  float x, y;
  float dot(const Vec2& o) const restrict(amp) { return x * o.x + y * o.y; }
};

Vec2 operator+(const Vec2& a, const Vec2& b) restrict(amp) { return Vec2{a.x + b.x, a.y + b.y}; }

template <typename T> T square(T v) restrict(amp) { return v * v; }

void f(array_view<Vec2, 1> pts, array_view<float, 1> out) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    Vec2 s = pts[i] + pts[i];
    out[i] = square(s.dot(pts[i])) + square(2);
  });
}

// CHECK: typedef struct { float x; float y; } ampcc_s_Vec2;
// CHECK: ampcc_s_Vec2 ampcc_fn_operator_(const __global ampcc_s_Vec2* a, const __global ampcc_s_Vec2* b);
// CHECK: float ampcc_fn_square(float v);
// CHECK: float ampcc_fn_Vec2_dot(ampcc_s_Vec2 self_, const __global ampcc_s_Vec2* o);
// CHECK: int ampcc_fn_square_1(int v);
// CHECK: return ((ampcc_s_Vec2){(((*a)).x + ((*b)).x), (((*a)).y + ((*b)).y)});
// CHECK: ampcc_s_Vec2 s = ampcc_fn_operator_(&((pts).ptr[ampcc_lin1((pts).sh, i)]), &((pts).ptr[ampcc_lin1((pts).sh, i)]));
// CHECK: (out).ptr[ampcc_lin1((out).sh, i)] = (ampcc_fn_square(ampcc_fn_Vec2_dot(s, &((pts).ptr[ampcc_lin1((pts).sh, i)]))) + ((float)(ampcc_fn_square_1(2))));
