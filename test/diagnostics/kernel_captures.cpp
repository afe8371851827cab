// What a kernel, or any restrict(amp) lambda written in cpu code, may capture: by value except
// concurrency::array, never pointers or `this`. (The kernel's own signature: kernel_signature.cpp.)
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

struct Widget {
  int scale = 2;
  void run(array_view<int, 1> v) {
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
      v[i] *= scale; // expected-error {{a restrict(amp) lambda in cpu code cannot capture 'this'; copy the members it needs into locals}}
    });
  }
};

void captures(array_view<int, 1> v, array<int, 1>& a, int* p, int n) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = a[i]; // expected-error {{concurrency::array 'a' must be captured by reference ([&a])}}
  });
  parallel_for_each(v.extent, [=, &n](index<1> i) restrict(amp) { // expected-error {{'n' is captured by reference; a restrict(amp) lambda in cpu code can capture only concurrency::array and concurrency::graphics::texture by reference}}
    v[i] = n;
  });
  // A captured pointer is reported where MSVC reports it: at the kernel body's start, or at its end for a
  // pointer to an array or array_view; a note names the capture.
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { // expected-error {{a restrict(amp) lambda in cpu code cannot capture the pointer 'p'; wrap the data in an array_view}}
    v[i] = p[0]; // expected-note {{'p' is captured here}}
  });
  int *q = p;
  parallel_for_each(v.extent, [=, &q](index<1> i) restrict(amp) { // expected-error {{a restrict(amp) lambda in cpu code cannot capture the pointer 'q'; wrap the data in an array_view}} expected-note {{'q' is captured here}}
    v[i] = q[0];
  });
  array<int, 1> *pa = &a;
  array_view<int, 1> *pv = &v;
  parallel_for_each(v.extent, [=, &pa](index<1> i) restrict(amp) { // expected-note {{'pa' is captured here}}
    v[i] = (*pa)[i] + (*pv)[i]; // expected-note {{'pv' is captured here}}
  }); // expected-error {{a restrict(amp) lambda in cpu code cannot capture the pointer 'pa'; capture the array itself by reference}} expected-error {{a restrict(amp) lambda in cpu code cannot capture the pointer 'pv'; capture the array_view itself}}
  // Not a kernel: the same rules for every amp lambda the host hands captures to (MSVC's C3596, C3590).
  double *dp = nullptr;
  double *&rdp = dp;
  auto byValue = [=]() restrict(cpu, amp) { double d = *rdp; }; // expected-error {{a restrict(amp) lambda in cpu code cannot capture the pointer 'rdp'; wrap the data in an array_view}} expected-note {{'rdp' is captured here}}
  auto byRef = [&]() restrict(cpu, amp) { return n; }; // expected-error {{'n' is captured by reference; a restrict(amp) lambda in cpu code can capture only concurrency::array and concurrency::graphics::texture by reference}}
}
