// What a kernel may capture: by value except concurrency::array, never pointers or `this`.
#include <amp.h>
using namespace concurrency;

struct Widget {
  int scale = 2;
  void run(array_view<int, 1> v) {
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
      v[i] *= scale; // expected-error {{a restrict(amp) kernel cannot capture 'this'; copy the members it needs into locals}}
    });
  }
};

void captures(array_view<int, 1> v, array<int, 1>& a, int* p, int n) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = a[i]; // expected-error {{concurrency::array 'a' must be captured by reference ([&a])}}
  });
  parallel_for_each(v.extent, [=, &n](index<1> i) restrict(amp) { // expected-error {{'n' is captured by reference; a kernel can capture only concurrency::array by reference}}
    v[i] = n;
  });
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    v[i] = p[0]; // expected-error {{a kernel cannot capture the pointer 'p'; wrap the data in an array_view}}
  });
  parallel_for_each(v.extent, [=](index<2> i) restrict(amp) { // expected-error {{the kernel parameter 'index<2>' does not match the compute domain 'extent<1>'}}
    v[i[0]] = 0;
  });
  parallel_for_each(v.extent, [=](index<1> i) { // expected-error {{the kernel passed to parallel_for_each must be restrict(amp)}}
    v[i] = 0;
  });
}
