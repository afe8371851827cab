// <amp_graphics.h>: what may not be done with textures is a compile-time error, as on MSVC: writing a texel
// that Direct3D could not read and write in one kernel, texels and ranks Direct3D had no format for, a texture
// captured by value, and element access on the host (textures move to the host only through copy).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;

struct WithStaticTexture {
  static texture<float, 1> **shared; // no definition needed: compiles, as on MSVC
  int value;
};

void writes(texture<int_2, 1> &pairs, texture<float, 1> &ok) {
  parallel_for_each(pairs.extent, [&pairs, &ok](index<1> i) restrict(amp) {
    ok.set(i, 1.0f);
    pairs.set(i, int_2(1, 2)); // expected-note {{in instantiation of member function 'Concurrency::graphics::texture<Concurrency::graphics::short_vector_2<int>>::set' requested here}}
  });
  // expected-error@amp_graphics.h:* {{texture::set needs a texel of one int, unsigned or float component; write other texels through a writeonly_texture_view}}
}

void reads_a_write_only_view(texture<unorm_2, 1> &t) {
  texture_view<unorm_2, 1> v(t);
  parallel_for_each(t.extent, [=](index<1> i) restrict(amp) {
    unorm_2 x = v[i]; // expected-note {{in instantiation of member function}}
  });
  // expected-error@amp_graphics.h:* {{this texture_view only writes: its texel is not one 32-bit int, unsigned or float}}
}

void formats() {
  texture<double_4, 1> wide(4); // expected-note {{in instantiation of template class}}
  // expected-error@amp_graphics.h:* {{texture's texel type must be int, unsigned, float, norm, unorm or double, or a short vector of them that Direct3D has a format for}}
  unsigned long rank4 = sizeof(texture<int, 4>); // expected-note {{in instantiation of template class}}
  // expected-error@amp_graphics.h:* {{the rank of a texture must be 1, 2 or 3}}
}

void captures(texture<int, 1> &t) {
  parallel_for_each(t.extent, [t](index<1> i) restrict(amp) { // expected-error {{concurrency::graphics::texture 't' must be captured by reference ([&t])}}
    int x = t[i];
  });
  int y = t[index<1>(0)]; // expected-error {{no viable overloaded operator[] for type 'texture<int, 1>'}}
  // expected-note@amp_graphics.h:* 2 {{candidate function not viable: call to restrict(amp) function from restrict(cpu) function}}
}

void sampling(texture<int, 1> &ints, texture<float, 1> &floats) {
  texture_view<const int, 1> i(ints);
  texture_view<const float, 1> f(floats);
  sampler s;
  parallel_for_each(ints.extent, [=](index<1> x) restrict(amp) {
    int a = i.sample(s, 0.5f); // expected-note {{in instantiation of member function}}
    float b = f.sample<filter_linear, address_border>(0.5f); // expected-note {{in instantiation of function template specialization}}
    sampler inside; // expected-error {{no matching constructor for initialization of 'sampler'}}
  });
  // expected-error@amp_graphics.h:* {{sampling needs texels of float, norm or unorm}}
  // expected-error@amp_graphics.h:* {{a predefined sampler has no border color: use a sampler object for address_border}}
  // expected-note@amp_graphics.h:* 0+ {{}}
}
