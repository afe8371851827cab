// C++ forms that C lacks, in amp code: a for loop declaring two variables; lvalues C has only as values (a
// conditional, an assignment, a comma, a prefix increment) assigned to, incremented and bound to references;
// const member functions that need their object itself (a mutable member written, a CRTP cast of `this`);
// static_cast from a base to its derived class by reference (CRTP) and from a second base, at its offset.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

struct Counter {
  mutable int hits;
  int bump() const restrict(amp) { return ++hits; }
  int twice() const restrict(amp) { return bump() + bump(); }
};

template <typename Derived> struct Shape {
  float doubled() const restrict(amp) { return static_cast<const Derived *>(this)->area() * 2.0f; }
};
struct Square : Shape<Square> {
  float side;
  float area() const restrict(amp) { return side * side; }
};

template <typename Derived> struct Counted {
  int twiceCount() const restrict(amp) { return 2 * static_cast<const Derived &>(*this).count; }
  void bump() restrict(amp) { static_cast<Derived &>(*this).count += 1; }
};
struct Bag : Counted<Bag> {
  int count;
};
struct First {
  int a;
};
struct Second {
  int b;
  int third() const restrict(amp);
};
struct Both : First, Second {
  int c;
};
int Second::third() const restrict(amp) { return static_cast<const Both *>(this)->c + static_cast<const Both &>(*this).a; }
// A const reference to a CRTP base is the object's address, not a copy of its (empty) base part.
template <typename Derived> float doubledArea(const Shape<Derived> &s) restrict(amp) { return s.doubled(); }

int main() {
  int out[8] = {};
  array_view<int, 1> ov(8, out);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
    int sum = 0;
    for (int i = 0, j = 10; i < j; ++i, --j)
      sum += i * j;
    ov[0] = sum;
    int a = 0, b = 0, c = 0;
    (ov[0] > 0 ? a : b) = 7;
    int &r = ov[0] < 0 ? a : b;
    r = 5;
    (c = 1) += 2;
    ++(++c);
    ((void)a, b) += 100;
    ov[1] = a;
    ov[2] = b;
    ov[3] = c;
    Counter k{0};
    ov[4] = k.twice();
    ov[5] = k.hits;
    Square s;
    s.side = 3.0f;
    ov[6] = static_cast<int>(s.doubled());
    Bag g;
    g.count = 20;
    g.bump();
    Both both;
    both.a = 1;
    both.b = 2;
    both.c = 300;
    Second &second = both;
    ov[7] = g.twiceCount() * 1000 + second.third() + static_cast<int>(doubledArea(s)) * 100000;
  });
  ov.synchronize();
  std::printf("%d %d %d %d %d %d %d %d\n", out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7]);
  // CHECK: 70 7 105 5 3 2 18 1842301
  return 0;
}
