// A const reference parameter of a class whose const member functions need no object of their own is passed by
// value in amp code (a copy of the class's part only): a downcast of it would read past the copy, so it is
// refused where it is written, not lowered to a read of garbage.
#include <amp.h>
using namespace concurrency;

struct PlainBase {
  int k;
};
struct PlainDerived : PlainBase {
  int j;
};
int derivedPart(const PlainBase &p) restrict(amp) {
  return static_cast<const PlainDerived &>(p).j; // expected-error {{ampcc passes the const reference parameter 'p' by value, a copy of 'const PlainBase' only, which cannot be cast to 'const PlainDerived'; take it by pointer or by non-const reference}}
}
void callsDerivedPart(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    PlainDerived d;
    d.k = 1;
    d.j = 2;
    v[i] = derivedPart(d);
  });
}
