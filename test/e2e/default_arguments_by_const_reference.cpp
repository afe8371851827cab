// A default argument bound to a const reference parameter is a temporary made in the caller, as any temporary
// bound to a const reference: it was lowered to `&(0)` ("cannot take the address of an rvalue" from the OpenCL C
// compiler), found through ampblas' complex type (../shared/real-code/repros/defarg_ref.cpp). Constructors,
// functions and methods; scalars and classes; defaults used twice in one function. A constant of the program bound to
// a const reference (as a default or not) is lowered as its value, so it gets a private copy too (it was `&(3)`).
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

struct cplx {
  float re, im;
  explicit cplx(const float &r = float(), const float &i = float()) restrict(cpu, amp) : re(r), im(i) {}
};

inline float sum(const cplx &c = cplx(1.0f, 2.0f), const float &k = 10.0f) restrict(amp) { return c.re + c.im + k; }

struct scaler {
  float k;
  float apply(float x, const float &bias = 0.5f) const restrict(amp) { return x * k + bias; }
};

static const int kDefault = 3;
struct limits {
  static const int top = 4;
};
inline int pick(const int &v = kDefault) restrict(amp) { return v; }

int main() {
  std::vector<float> v(9);
  array_view<float, 1> av(9, v);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
    cplx c = cplx();
    cplx d = cplx(2.0f);
    cplx e(3.0f, 4.0f);
    scaler s = {2.0f};
    float out[9] = {c.re + 1.0f,         c.im + d.re + d.im, e.re + e.im,
                    sum(),               sum(d),             s.apply(1.0f),
                    s.apply(2.0f, 0.0f), (float)pick(),      (float)(pick(kDefault) * pick(limits::top))};
    av[i] = out[i[0]];
  });
  av.synchronize();
  for (float x : v)
    std::printf("%g ", x);
  std::printf("\n");
  // CHECK: 1 2 7 13 12 2.5 4 3 12
}
