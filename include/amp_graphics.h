// C++ AMP's graphics header for ampcc: the short vectors of concurrency::graphics (amp_short_vectors.h), and
// the names of the texture types.
//
// Textures are not implemented yet (issue 10): texture, texture_view and writeonly_texture_view are declared so that code naming them in declarations that need no definition (a pointer, a reference, a
// template argument that is never instantiated) compiles as on MSVC, and any use that needs the class (a
// variable, an array element, a member access) stops the build with a static_assert saying that ampcc does
// not implement it, at the user's line. docs/design.md, "Known limits".
#ifndef AMPCC_AMP_GRAPHICS_H
#define AMPCC_AMP_GRAPHICS_H

#include <amp.h>
#include <amp_short_vectors.h>

namespace Concurrency {
namespace graphics {
namespace detail {
// False, but only once T is known: the static_asserts below fire on instantiation, not on declaration.
template <typename T> struct not_implemented_yet {
  static const bool value = false;
};
} // namespace detail

template <typename T, int N = 1> class texture {
  static_assert(detail::not_implemented_yet<T>::value,
                "concurrency::graphics::texture is not implemented by ampcc yet; use concurrency::array");
};

template <typename T, int N = 1> class texture_view {
  static_assert(detail::not_implemented_yet<T>::value,
                "concurrency::graphics::texture_view is not implemented by ampcc yet; use concurrency::array_view");
};

template <typename T, int N = 1> class writeonly_texture_view {
  static_assert(detail::not_implemented_yet<T>::value, "concurrency::graphics::writeonly_texture_view is not "
                                                       "implemented by ampcc yet; use concurrency::array_view");
};

} // namespace graphics
} // namespace Concurrency

#endif
