// A function in amp code that returns a reference or pointer must point into one kind of memory per call
// (OpenCL C 1.2 has no generic address space); the return that disagrees is the error.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

int &choose(int &mine, const array_view<int, 1> &v, bool c) restrict(amp) {
  if (c)
    return mine;
  return v[0]; // expected-error {{'choose' returns a reference into global memory here and into private memory before}}
}

int *where(int *mine, const array_view<int, 1> &v, bool c) restrict(amp) {
  if (c)
    return &v[1];
  return mine; // expected-error {{'where' returns a pointer into private memory here and into global memory before}}
}

// A conditional naming objects in two kinds of memory: no pointer type holds both (it was invalid OpenCL C).
int &pick(int &a, int &b, bool second) restrict(amp) {
  return second ? b : a; // expected-error {{this conditional refers to private memory in one branch and to global memory in the other}}
}

void f(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    int x = 0;
    choose(x, v, i[0] == 0) = 1;
    *where(&x, v, true) = 2;
    pick(v[i], x, i[0] == 1) = 3;
  });
}
