// <amp_graphics.h>: the short vectors of concurrency::graphics, and texture types that ampcc names but does not
// implement yet: a declaration that needs no definition compiles, any other use is an error that says so.
#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;

struct WithStaticTexture {
  static texture<float, 1> **shared; // no definition needed: compiles, as on MSVC
  int value;
};

void uses(array_view<float_2, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = float_2(1.0f, 2.0f); });
  array<WithStaticTexture, 1> fine(4);
  texture<float, 2> t(16, 16); // expected-error@amp_graphics.h:* {{concurrency::graphics::texture is not implemented by ampcc yet; use concurrency::array}} expected-note {{in instantiation of template class 'Concurrency::graphics::texture<float, 2>' requested here}}
}
