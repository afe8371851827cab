// User types in kernels: constructors (of single objects and of arrays), member functions, operators and a restrict(cpu, amp) function
// used on both sides.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Complex {
  float re, im;
  Complex() restrict(cpu, amp) : re(0), im(0) {}
  Complex(float r, float i) restrict(cpu, amp) : re(r), im(i) {}
  Complex operator*(const Complex& o) const restrict(cpu, amp) {
    return Complex(re * o.re - im * o.im, re * o.im + im * o.re);
  }
  Complex operator+(const Complex& o) const restrict(cpu, amp) { return Complex(re + o.re, im + o.im); }
  float norm2() const restrict(cpu, amp) { return re * re + im * im; }
};

// An array of a class with a user constructor: every element is constructed.
struct Seven {
  int v;
  Seven() restrict(cpu, amp) : v(7) {}
};

// z^3 + z for a complex z with small integer parts: every intermediate is an integer below 2^24, so the
// device and the host agree exactly whatever contraction into fused multiply-adds the device does.
Complex cube_plus(Complex z) restrict(cpu, amp) { return z * z * z + z; }

// A union's members share their storage in kernels as on the host; fields may be named like OpenCL C keywords;
// an anonymous union's members are reached through the struct.
union Bits {
  float f;
  unsigned u;
};
struct Tagged {
  int half;
  int constant;
  union {
    float asFloat;
    int asInt;
  };
};

int main() {
  const int W = 24, H = 10;
  std::vector<float> re(W * H), im(W * H);
  array_view<float, 2> rv(H, W, re), iv(H, W, im);
  rv.discard_data();
  iv.discard_data();
  parallel_for_each(rv.extent, [=](index<2> i) restrict(amp) {
    Complex z(float(i[1] - W / 2), float(i[0] - H / 2));
    Complex r = cube_plus(z);
    Complex zero;
    r = r + zero;
    Seven sevens[2][3];
    r.re += float(sevens[0][2].v + sevens[1][1].v - 14);
    rv[i] = r.re;
    iv[i] = r.im + (r.norm2() > 1e9f ? 1.0f : 0.0f);
  });
  rv.synchronize();
  iv.synchronize();

  std::vector<unsigned> bits(3);
  array_view<unsigned, 1> bv(3, bits);
  parallel_for_each(bv.extent, [=](index<1> i) restrict(amp) {
    Bits b;
    b.f = 1.0f + i[0];
    Tagged t;
    t.half = 2;
    t.constant = 3;
    t.asFloat = 2.0f;
    bv[i] = i[0] == 2 ? unsigned(t.asInt) + unsigned(t.half * 10 + t.constant) : b.u;
  });
  bv.synchronize();
  std::cout << std::hex << "bits " << bits[0] << " " << bits[1] << " " << bits[2] << std::dec << "\n";
  int bad = 0;
  for (int r = 0; r < H; ++r)
    for (int c = 0; c < W; ++c) {
      Complex e = cube_plus(Complex(float(c - W / 2), float(r - H / 2)));
      bad += re[r * W + c] != e.re || im[r * W + c] != e.im + (e.norm2() > 1e9f ? 1.0f : 0.0f);
    }
  std::cout << "mismatches " << bad << ", corner " << re[0] << " " << im[0] << "\n";
}

// 1.0f, 2.0f and 2.0f's bits plus 23
// CHECK: bits 3f800000 40000000 40000017
// CHECK: mismatches 0, corner -840 -2040
