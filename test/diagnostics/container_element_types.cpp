// The element types concurrency::array and array_view hold: what a kernel could lay out, reported where the
// container is made, on the host as in amp code (MSVC rejects the same at the instantiation).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
#include <vector>
using namespace concurrency;

struct Empty {
  int get() { return 1; }
};
struct Base {
  int m;
};
struct VirtualBase : virtual Base {};
struct Polymorphic {
  int m;
  virtual int get() { return m; }
};
template <typename T> struct Holder {
  T m;
  int i;
};
struct Pointing {
  int *p;
};
struct WithStatic {
  static array<int, 1> shared; // a static member is not part of the element
  int i;
};
struct Good {
  int i;
  float f;
  double d;
};
struct Derived : Good {
  unsigned u;
};

void host() {
  std::vector<VirtualBase> vb(4);
  std::vector<Polymorphic> pm(4);
  array<Empty, 1> e(4);                      // expected-error {{'Empty' cannot be an element of a concurrency::array: its size, 1 byte, is not a multiple of the size of int}}
  array<VirtualBase, 1> a1(4);               // expected-error {{'VirtualBase' cannot be an element of a concurrency::array: it has a virtual base}}
  array_view<VirtualBase, 1> v1(4, vb);      // expected-error {{'VirtualBase' cannot be an element of a concurrency::array_view: it has a virtual base}}
  array_view<Polymorphic, 1> v2(4, pm);      // expected-error {{'Polymorphic' cannot be an element of a concurrency::array_view: it has virtual functions}}
  array_view<Holder<char>, 1> v3(0, nullptr); // expected-error {{'Holder<char>' cannot be an element of a concurrency::array_view: its data includes 'm' of type 'char', which restrict(amp) code does not support}}
  array<Holder<array_view<int, 1>>, 1> a2(1); // expected-error {{'Holder<Concurrency::array_view<int>>' cannot be an element of a concurrency::array: its data includes 'm', a concurrency::array_view}}
  array<Pointing, 1> a3(1);                  // expected-error {{'Pointing' cannot be an element of a concurrency::array: its data includes the pointer 'p'}}
  array<WithStatic, 1> a4(1);
  array<Good, 2> a5(2, 2);
  array_view<Derived, 1> v4(0, nullptr);
  array<int, 1> a6(4);
  array_view<const float, 1> v5(0, nullptr);
}
