// User types in kernels: constructors, member functions, operators, and a struct array captured and
// written through a view.
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

int main() {
  // Mandelbrot escape counts on a small grid, against the same code run on the host.
  const int W = 24, H = 10;
  std::vector<int> counts(W * H), expect(W * H);
  array_view<int, 2> cv(H, W, counts);
  cv.discard_data();
  auto escape = [](Complex c) restrict(cpu, amp) {
    Complex z;
    int n = 0;
    while (n < 50 && z.norm2() <= 4.0f) {
      z = z * z + c;
      ++n;
    }
    return n;
  };
  (void)escape;
  parallel_for_each(cv.extent, [=](index<2> i) restrict(amp) {
    Complex c(-2.0f + 2.5f * i[1] / W, -1.0f + 2.0f * i[0] / H);
    Complex z;
    int n = 0;
    while (n < 50 && z.norm2() <= 4.0f) {
      z = z * z + c;
      ++n;
    }
    cv[i] = n;
  });
  cv.synchronize();
  int bad = 0;
  for (int r = 0; r < H; ++r)
    for (int col = 0; col < W; ++col)
      bad += counts[r * W + col] != escape(Complex(-2.0f + 2.5f * col / W, -1.0f + 2.0f * r / H));
  std::cout << "mismatches " << bad << ", centre " << counts[(H / 2) * W + W * 3 / 4] << "\n";
}

// CHECK: mismatches 0, centre 50
