// reinterpret_as<U> makes a view of elements U: U must be a type an array_view may hold (amp-compatible, whole
// ints, no pointers), on an array, an array_view or a section, in cpu and in amp code.
// C++ AMP v1.2 §5.1 and §5.2 (reinterpret_as), §2.4.1 (amp-compatible types).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

struct WithPointer { int *p; };
struct Pair { int a; float b; };

void host(array<int, 1> &a, array_view<int, 1> v) {
  auto c = v.reinterpret_as<char>();                 // expected-error {{'char' cannot be an element of a concurrency::array_view: type 'char' is not supported in restrict(amp) code}}
  auto s = a.reinterpret_as<short>();                // expected-error {{'short' cannot be an element of a concurrency::array_view: type 'short' is not supported in restrict(amp) code}}
  auto b = v.section(0, 4).reinterpret_as<bool>();   // expected-error {{'bool' cannot be an element of a concurrency::array_view: its size, 1 byte, is not a multiple of the size of int}}
  auto p = v.reinterpret_as<WithPointer>();          // expected-error {{'WithPointer' cannot be an element of a concurrency::array_view: its data includes the pointer 'p'}}
  auto l = a.reinterpret_as<long long>();            // expected-error {{'long long' cannot be an element of a concurrency::array_view: type 'long long' is not supported in restrict(amp) code}}
  auto f = v.reinterpret_as<float>();
  auto q = a.reinterpret_as<Pair>();
  (void)c; (void)s; (void)b; (void)p; (void)l; (void)f; (void)q;
}

void device(array_view<int, 1> v) restrict(amp) {
  auto u = v.reinterpret_as<unsigned short>();      // expected-error {{'unsigned short' cannot be an element of a concurrency::array_view: type 'unsigned short' is not supported in restrict(amp) code}}
  auto w = v.reinterpret_as<unsigned int>();
  (void)u; (void)w;
}
