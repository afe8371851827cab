// A const reference to a base bound to a temporary in amp code: a function's result passed as const Base&
// (an empty CRTP base, as expression templates do, and a base with data). The base of the temporary was taken
// as `&(*(Base *)&(f()))`, the address of a C value ("cannot take the address of an rvalue"); the temporary now
// lives in a variable.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

template <typename E> struct Expr {
  float at(int i) const restrict(cpu, amp) { return static_cast<const E &>(*this).at(i); }
};
struct Vec3 : Expr<Vec3> {
  float v[3];
  Vec3(float a, float b, float c) restrict(cpu, amp) {
    v[0] = a;
    v[1] = b;
    v[2] = c;
  }
  template <typename E> Vec3(const Expr<E> &e) restrict(cpu, amp) {
    for (int i = 0; i < 3; ++i)
      v[i] = e.at(i);
  }
  float at(int i) const restrict(cpu, amp) { return v[i]; }
};
template <typename L, typename R> struct Add : Expr<Add<L, R>> {
  L l;
  R r;
  Add(const L &a, const R &b) restrict(cpu, amp) : l(a), r(b) {}
  float at(int i) const restrict(cpu, amp) { return l.at(i) + r.at(i); }
};
template <typename L> struct Scale : Expr<Scale<L>> {
  L l;
  float s;
  Scale(const L &a, float k) restrict(cpu, amp) : l(a), s(k) {}
  float at(int i) const restrict(cpu, amp) { return l.at(i) * s; }
};
template <typename L, typename R> Add<L, R> operator+(const Expr<L> &a, const Expr<R> &b) restrict(cpu, amp) {
  return Add<L, R>(static_cast<const L &>(a), static_cast<const R &>(b));
}
template <typename L> Scale<L> operator*(const Expr<L> &a, float k) restrict(cpu, amp) {
  return Scale<L>(static_cast<const L &>(a), k);
}

struct Base {
  int a;
};
struct Derived : Base {
  int b;
};
Derived make(int i) restrict(amp) {
  Derived d;
  d.a = i;
  d.b = 2 * i;
  return d;
}
int readBase(const Base &base) restrict(amp) { return base.a; }

int main() {
  float out[4];
  array_view<float, 1> ov(4, out);
  parallel_for_each(ov.extent, [=](index<1> idx) restrict(amp) {
    int i = idx[0];
    Vec3 a(1.f * i, 2.f, 3.f), b(0.5f, -1.f, (float)i);
    Vec3 c = a + b * 2.f + a;
    ov[idx] = c.v[0] + c.v[1] * 10 + c.v[2] * 100 + readBase(make(i + 1)) * 1000;
  });
  ov.synchronize();
  std::printf("%g %g %g %g\n", out[0], out[1], out[2], out[3]);
  // CHECK: 1621 2823 4025 5227
  return 0;
}
