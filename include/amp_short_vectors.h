// C++ AMP short vectors for ampcc: concurrency::graphics::norm, unorm, and the vectors int_2 .. double_4,
// norm_2 .. unorm_4, with the traits short_vector<T, N> and short_vector_traits<T>, as MSVC's
// amp_short_vectors.h has them.
//
// One class template per length, with restrict(cpu, amp) constructors and operators: the translator lowers
// each instance like any user type (a struct and functions in OpenCL C), the host compiler uses it as is.
// Components are plain members (x, y, z, w), never a C array or a union, which the translator does not lower.
// What differs between element types (bitwise operators for int and uint only, no negation for uint and unorm,
// the float constructors of norm and unorm vectors) is chosen with enable_if, so that a missing operator is
// missing for overload resolution too, as it is on MSVC.
//
// MSVC's swizzle and rgba properties (v.xy, v.r, v.bgra = ...) are __declspec(property) members, here as in
// MSVC, over the get_/set_ functions (v.get_xy(), v.set_zyx(...)), which are here too, with ref_r() .. ref_a().
// The translator parses the properties; GCC, the default host compiler, has none, so the host source it gets
// calls the functions instead (lib/Rewrite/PropertyUses.h). x, y, z and w are plain members.
#ifndef AMPCC_AMP_SHORT_VECTORS_H
#define AMPCC_AMP_SHORT_VECTORS_H

#include <amp.h>
#include <type_traits>

namespace Concurrency {
namespace graphics {

typedef unsigned int uint;

class norm;
class unorm;

namespace short_vector_detail {
inline float clamp(float v, float lo, float hi) __AMPR__(cpu, amp) { return v < lo ? lo : (v > hi ? hi : v); }

// Which operations an element type has.
template <typename T> struct is_integral_element : std::false_type {};
template <> struct is_integral_element<int> : std::true_type {};
template <> struct is_integral_element<unsigned int> : std::true_type {};

template <typename T> struct is_signed_element : std::false_type {};
template <> struct is_signed_element<int> : std::true_type {};
template <> struct is_signed_element<float> : std::true_type {};
template <> struct is_signed_element<double> : std::true_type {};
template <> struct is_signed_element<norm> : std::true_type {};

template <typename T> struct is_normalized_element : std::false_type {};
template <> struct is_normalized_element<norm> : std::true_type {};
template <> struct is_normalized_element<unorm> : std::true_type {};

template <typename T> struct is_norm_element : std::false_type {};
template <> struct is_norm_element<norm> : std::true_type {};
} // namespace short_vector_detail

// What norm and unorm share, for the class N clamping to [lo, 1]: construction from the arithmetic types
// (explicit: the value is converted to float, then clamped), the implicit conversion to float, and the
// compound assignments and increments, computed in float and clamped. They go through assign() rather than
// `return *this = N(...)`, which the translator lowers to the address of a C assignment, not valid OpenCL C.
#define AMPCC_NORM_MEMBERS(N, lo)                                                                                      \
private:                                                                                                               \
  float value_;                                                                                                        \
  N &assign(float v) __AMPR__(cpu, amp) {                                                                              \
    value_ = short_vector_detail::clamp(v, lo, 1.0f);                                                                  \
    return *this;                                                                                                      \
  }                                                                                                                    \
                                                                                                                       \
public:                                                                                                                \
  N() __AMPR__(cpu, amp) : value_(0.0f) {}                                                                             \
  explicit N(float v) __AMPR__(cpu, amp) : value_(short_vector_detail::clamp(v, lo, 1.0f)) {}                          \
  explicit N(unsigned int v) __AMPR__(cpu, amp) : value_(short_vector_detail::clamp(float(v), lo, 1.0f)) {}            \
  explicit N(int v) __AMPR__(cpu, amp) : value_(short_vector_detail::clamp(float(v), lo, 1.0f)) {}                     \
  explicit N(double v) __AMPR__(cpu, amp) : value_(short_vector_detail::clamp(float(v), lo, 1.0f)) {}                  \
  operator float() const __AMPR__(cpu, amp) { return value_; }                                                         \
  N &operator+=(const N &o) __AMPR__(cpu, amp) { return assign(value_ + o.value_); }                                   \
  N &operator-=(const N &o) __AMPR__(cpu, amp) { return assign(value_ - o.value_); }                                   \
  N &operator*=(const N &o) __AMPR__(cpu, amp) { return assign(value_ * o.value_); }                                   \
  N &operator/=(const N &o) __AMPR__(cpu, amp) { return assign(value_ / o.value_); }                                   \
  N &operator++() __AMPR__(cpu, amp) { return assign(value_ + 1.0f); }                                                 \
  N &operator--() __AMPR__(cpu, amp) { return assign(value_ - 1.0f); }                                                 \
  N operator++(int) __AMPR__(cpu, amp) {                                                                               \
    N old = *this;                                                                                                     \
    assign(value_ + 1.0f);                                                                                             \
    return old;                                                                                                        \
  }                                                                                                                    \
  N operator--(int) __AMPR__(cpu, amp) {                                                                               \
    N old = *this;                                                                                                     \
    assign(value_ - 1.0f);                                                                                             \
    return old;                                                                                                        \
  }

// A float clamped to [0, 1]. A norm converts to it only explicitly (clamped); it has no negation (-u is the
// float -float(u), as on MSVC).
class unorm {
  AMPCC_NORM_MEMBERS(unorm, 0.0f)
  inline explicit unorm(const norm &other) __AMPR__(cpu, amp);
};

// A float clamped to [-1, 1]. A unorm converts to it implicitly.
class norm {
  AMPCC_NORM_MEMBERS(norm, -1.0f)
  norm(const unorm &other) __AMPR__(cpu, amp) : value_(float(other)) {}
  norm operator-() const __AMPR__(cpu, amp) { return norm(-value_); }
};
#undef AMPCC_NORM_MEMBERS

inline unorm::unorm(const norm &other) __AMPR__(cpu, amp)
    : value_(short_vector_detail::clamp(float(other), 0.0f, 1.0f)) {}

// Arithmetic and comparisons of two unorms or two norms: computed in float, the result clamped. A norm and a
// unorm give a norm (the unorm converts); with a float operand the built-in float operators apply (norm and
// unorm convert to float), as on MSVC.
#define AMPCC_NORM_OPERATORS(N)                                                                                        \
  inline N operator+(const N &a, const N &b) __AMPR__(cpu, amp) { return N(float(a) + float(b)); }                     \
  inline N operator-(const N &a, const N &b) __AMPR__(cpu, amp) { return N(float(a) - float(b)); }                     \
  inline N operator*(const N &a, const N &b) __AMPR__(cpu, amp) { return N(float(a) * float(b)); }                     \
  inline N operator/(const N &a, const N &b) __AMPR__(cpu, amp) { return N(float(a) / float(b)); }                     \
  inline bool operator==(const N &a, const N &b) __AMPR__(cpu, amp) { return float(a) == float(b); }                   \
  inline bool operator!=(const N &a, const N &b) __AMPR__(cpu, amp) { return float(a) != float(b); }                   \
  inline bool operator<(const N &a, const N &b) __AMPR__(cpu, amp) { return float(a) < float(b); }                     \
  inline bool operator>(const N &a, const N &b) __AMPR__(cpu, amp) { return float(a) > float(b); }                     \
  inline bool operator<=(const N &a, const N &b) __AMPR__(cpu, amp) { return float(a) <= float(b); }                   \
  inline bool operator>=(const N &a, const N &b) __AMPR__(cpu, amp) { return float(a) >= float(b); }
AMPCC_NORM_OPERATORS(unorm)
AMPCC_NORM_OPERATORS(norm)
#undef AMPCC_NORM_OPERATORS

// MSVC's constants, macros as there.
#define UNORM_ZERO ((Concurrency::graphics::unorm)0.0f)
#define UNORM_MIN ((Concurrency::graphics::unorm)0.0f)
#define UNORM_MAX ((Concurrency::graphics::unorm)1.0f)
#define NORM_ZERO ((Concurrency::graphics::norm)0.0f)
#define NORM_MIN ((Concurrency::graphics::norm)-1.0f)
#define NORM_MAX ((Concurrency::graphics::norm)1.0f)

// A member (or hidden friend) that exists only where the element type T has the property Trait.
#define AMPCC_SV_IF(Trait)                                                                                             \
  template <typename U_ = T, typename std::enable_if<short_vector_detail::Trait<U_>::value, int>::type = 0>

// Component-wise expressions for each vector length: E(c, op) for each component c, as a list (constructor
// arguments), as statements, or joined by &&.
#define AMPCC_SV_LIST_2(E, op) E(x, op), E(y, op)
#define AMPCC_SV_LIST_3(E, op) E(x, op), E(y, op), E(z, op)
#define AMPCC_SV_LIST_4(E, op) E(x, op), E(y, op), E(z, op), E(w, op)
#define AMPCC_SV_STATEMENTS_2(E, op)                                                                                   \
  E(x, op);                                                                                                            \
  E(y, op);
#define AMPCC_SV_STATEMENTS_3(E, op)                                                                                   \
  E(x, op);                                                                                                            \
  E(y, op);                                                                                                            \
  E(z, op);
#define AMPCC_SV_STATEMENTS_4(E, op)                                                                                   \
  E(x, op);                                                                                                            \
  E(y, op);                                                                                                            \
  E(z, op);                                                                                                            \
  E(w, op);
#define AMPCC_SV_ALL_2(E, op) E(x, op) && E(y, op)
#define AMPCC_SV_ALL_3(E, op) E(x, op) && E(y, op) && E(z, op)
#define AMPCC_SV_ALL_4(E, op) E(x, op) && E(y, op) && E(z, op) && E(w, op)
#define AMPCC_SV_OF_BOTH(c, op) a.c op b.c
#define AMPCC_SV_OF_THIS(c, op) op c
#define AMPCC_SV_FROM_OTHER(c, op) c op o.c

// The operators of the vector type V of length N. The binary ones are hidden friends taking two vectors, as
// MSVC's free operators do, so that a scalar on either side converts to a vector (1 + v, v * 2.0f) exactly
// where the vector's scalar constructor is implicit.
#define AMPCC_SV_BINARY(V, N, op)                                                                                      \
  friend V operator op(const V &a, const V &b) __AMPR__(cpu, amp) { return V(AMPCC_SV_LIST_##N(AMPCC_SV_OF_BOTH, op)); }
#define AMPCC_SV_COMPOUND(V, N, op)                                                                                    \
  V &operator op(const V &o) __AMPR__(cpu, amp) { AMPCC_SV_STATEMENTS_##N(AMPCC_SV_FROM_OTHER, op) return *this; }
#define AMPCC_SV_INCREMENT(V, N, op)                                                                                   \
  V &operator op() __AMPR__(cpu, amp) { AMPCC_SV_STATEMENTS_##N(AMPCC_SV_OF_THIS, op) return *this; }                  \
  V operator op(int) __AMPR__(cpu, amp) {                                                                              \
    V old = *this;                                                                                                     \
    op *this;                                                                                                          \
    return old;                                                                                                        \
  }
// clang-format off
#define AMPCC_SV_OPERATORS(V, N)                                                                                       \
  AMPCC_SV_BINARY(V, N, +)                                                                                             \
  AMPCC_SV_BINARY(V, N, -)                                                                                             \
  AMPCC_SV_BINARY(V, N, *)                                                                                             \
  AMPCC_SV_BINARY(V, N, /)                                                                                             \
  AMPCC_SV_IF(is_integral_element) AMPCC_SV_BINARY(V, N, %)                                                            \
  AMPCC_SV_IF(is_integral_element) AMPCC_SV_BINARY(V, N, &)                                                            \
  AMPCC_SV_IF(is_integral_element) AMPCC_SV_BINARY(V, N, |)                                                            \
  AMPCC_SV_IF(is_integral_element) AMPCC_SV_BINARY(V, N, ^)                                                            \
  AMPCC_SV_IF(is_integral_element) AMPCC_SV_BINARY(V, N, <<)                                                           \
  AMPCC_SV_IF(is_integral_element) AMPCC_SV_BINARY(V, N, >>)                                                           \
  AMPCC_SV_COMPOUND(V, N, +=)                                                                                          \
  AMPCC_SV_COMPOUND(V, N, -=)                                                                                          \
  AMPCC_SV_COMPOUND(V, N, *=)                                                                                          \
  AMPCC_SV_COMPOUND(V, N, /=)                                                                                          \
  AMPCC_SV_IF(is_integral_element) AMPCC_SV_COMPOUND(V, N, %=)                                                         \
  AMPCC_SV_IF(is_integral_element) AMPCC_SV_COMPOUND(V, N, &=)                                                         \
  AMPCC_SV_IF(is_integral_element) AMPCC_SV_COMPOUND(V, N, |=)                                                         \
  AMPCC_SV_IF(is_integral_element) AMPCC_SV_COMPOUND(V, N, ^=)                                                         \
  AMPCC_SV_IF(is_integral_element) AMPCC_SV_COMPOUND(V, N, <<=)                                                        \
  AMPCC_SV_IF(is_integral_element) AMPCC_SV_COMPOUND(V, N, >>=)                                                        \
  AMPCC_SV_INCREMENT(V, N, ++)                                                                                         \
  AMPCC_SV_INCREMENT(V, N, --)                                                                                         \
  AMPCC_SV_IF(is_signed_element) V operator-() const __AMPR__(cpu, amp) {                                              \
    return V(AMPCC_SV_LIST_##N(AMPCC_SV_OF_THIS, -));                                                                  \
  }                                                                                                                    \
  AMPCC_SV_IF(is_integral_element) V operator~() const __AMPR__(cpu, amp) {                                            \
    return V(AMPCC_SV_LIST_##N(AMPCC_SV_OF_THIS, ~));                                                                  \
  }                                                                                                                    \
  friend bool operator==(const V &a, const V &b) __AMPR__(cpu, amp) { return AMPCC_SV_ALL_##N(AMPCC_SV_OF_BOTH, ==); } \
  friend bool operator!=(const V &a, const V &b) __AMPR__(cpu, amp) { return !(a == b); }
// clang-format on

// A property over get_<f> and set_<f>, in the translator only (the host's uses call the functions).
#ifdef __AMPCC_TRANSLATOR__
#define AMPCC_SV_PROPERTY(name, f, Type) __declspec(property(get = get_##f, put = set_##f)) Type name;
#else
#define AMPCC_SV_PROPERTY(name, f, Type)
#endif
// The rgba name of a component, and a swizzle's spelled in them (AMPCC_SV_RGBA(x, y) is rg).
#define AMPCC_SV_RGBA_x r
#define AMPCC_SV_RGBA_y g
#define AMPCC_SV_RGBA_z b
#define AMPCC_SV_RGBA_w a
#define AMPCC_SV_CAT_(a, b) a##b
#define AMPCC_SV_CAT(a, b) AMPCC_SV_CAT_(a, b)
#define AMPCC_SV_RGBA(a, b) AMPCC_SV_CAT(AMPCC_SV_RGBA_##a, AMPCC_SV_RGBA_##b)

// Component access: get_c, set_c and ref_c for the component c, and ref_rgba and the property rgba, MSVC's rgba
// name for it.
#define AMPCC_SV_COMPONENT(c, rgba)                                                                                    \
  T get_##c() const __AMPR__(cpu, amp) { return c; }                                                                   \
  void set_##c(T v) __AMPR__(cpu, amp) { c = v; }                                                                      \
  T &ref_##c() __AMPR__(cpu, amp) { return c; }                                                                        \
  T &ref_##rgba() __AMPR__(cpu, amp) { return c; }                                                                     \
  AMPCC_SV_PROPERTY(rgba, c, T)

// Swizzles: get_ab() returns the components a and b as a vector of two, set_ab(v) writes v.x to a and v.y to
// b; likewise for three and four. The argument is taken by value, so that v.set_yx(v.get_xy()) and
// v.set_yx(v) both swap.
#define AMPCC_SV_SWIZZLE_2(a, b)                                                                                       \
  AMPCC_SV_PROPERTY(a##b, a##b, short_vector_2<T>)                                                                     \
  AMPCC_SV_PROPERTY(AMPCC_SV_RGBA(a, b), a##b, short_vector_2<T>)                                                      \
  short_vector_2<T> get_##a##b() const __AMPR__(cpu, amp) { return short_vector_2<T>(a, b); }                          \
  void set_##a##b(short_vector_2<T> v) __AMPR__(cpu, amp) {                                                            \
    a = v.x;                                                                                                           \
    b = v.y;                                                                                                           \
  }
#define AMPCC_SV_SWIZZLE_3(a, b, c)                                                                                    \
  AMPCC_SV_PROPERTY(a##b##c, a##b##c, short_vector_3<T>)                                                               \
  AMPCC_SV_PROPERTY(AMPCC_SV_CAT(AMPCC_SV_RGBA(a, b), AMPCC_SV_RGBA_##c), a##b##c, short_vector_3<T>)                 \
  short_vector_3<T> get_##a##b##c() const __AMPR__(cpu, amp) { return short_vector_3<T>(a, b, c); }                    \
  void set_##a##b##c(short_vector_3<T> v) __AMPR__(cpu, amp) {                                                         \
    a = v.x;                                                                                                           \
    b = v.y;                                                                                                           \
    c = v.z;                                                                                                           \
  }
#define AMPCC_SV_SWIZZLE_4(a, b, c, d)                                                                                 \
  AMPCC_SV_PROPERTY(a##b##c##d, a##b##c##d, short_vector_4<T>)                                                         \
  AMPCC_SV_PROPERTY(AMPCC_SV_CAT(AMPCC_SV_RGBA(a, b), AMPCC_SV_RGBA(c, d)), a##b##c##d, short_vector_4<T>)             \
  short_vector_4<T> get_##a##b##c##d() const __AMPR__(cpu, amp) { return short_vector_4<T>(a, b, c, d); }              \
  void set_##a##b##c##d(short_vector_4<T> v) __AMPR__(cpu, amp) {                                                      \
    a = v.x;                                                                                                           \
    b = v.y;                                                                                                           \
    c = v.z;                                                                                                           \
    d = v.w;                                                                                                           \
  }
// The swizzles of every order of the given distinct components. Four: the orders of three after each first.
// clang-format off
#define AMPCC_SV_ORDERS_2(a, b) AMPCC_SV_SWIZZLE_2(a, b) AMPCC_SV_SWIZZLE_2(b, a)
#define AMPCC_SV_ORDERS_3(a, b, c)                                                                                     \
  AMPCC_SV_SWIZZLE_3(a, b, c) AMPCC_SV_SWIZZLE_3(a, c, b) AMPCC_SV_SWIZZLE_3(b, a, c)                                  \
  AMPCC_SV_SWIZZLE_3(b, c, a) AMPCC_SV_SWIZZLE_3(c, a, b) AMPCC_SV_SWIZZLE_3(c, b, a)
#define AMPCC_SV_ORDERS_4_FROM(a, b, c, d)                                                                             \
  AMPCC_SV_SWIZZLE_4(a, b, c, d) AMPCC_SV_SWIZZLE_4(a, b, d, c) AMPCC_SV_SWIZZLE_4(a, c, b, d)                         \
  AMPCC_SV_SWIZZLE_4(a, c, d, b) AMPCC_SV_SWIZZLE_4(a, d, b, c) AMPCC_SV_SWIZZLE_4(a, d, c, b)
// clang-format on

template <typename T> struct short_vector_2;
template <typename T> struct short_vector_3;
template <typename T> struct short_vector_4;

// Vectors of int, unsigned int, float, double, norm and unorm. A scalar of the element type converts to a
// vector implicitly (all components); a vector of another element type only explicitly. Vectors of norm or
// unorm are also made from floats (explicitly for a single one), and vectors of norm from unorms.
template <typename T> struct short_vector_2 {
  typedef T value_type;
  // constexpr, so inline: a use that binds it to a reference links without a definition elsewhere.
  static constexpr int size = 2;
  T x, y;

  short_vector_2() __AMPR__(cpu, amp) : x(0), y(0) {}
  short_vector_2(T x_, T y_) __AMPR__(cpu, amp) : x(x_), y(y_) {}
  short_vector_2(T v) __AMPR__(cpu, amp) : x(v), y(v) {}
  AMPCC_SV_IF(is_normalized_element) short_vector_2(float x_, float y_) __AMPR__(cpu, amp) : x(T(x_)), y(T(y_)) {}
  AMPCC_SV_IF(is_norm_element) short_vector_2(unorm x_, unorm y_) __AMPR__(cpu, amp) : x(x_), y(y_) {}
  AMPCC_SV_IF(is_normalized_element) explicit short_vector_2(float v) __AMPR__(cpu, amp) : x(T(v)), y(T(v)) {}
  template <typename U>
  explicit short_vector_2(const short_vector_2<U> &o) __AMPR__(cpu, amp)
      : x(static_cast<T>(o.x)), y(static_cast<T>(o.y)) {}

  AMPCC_SV_COMPONENT(x, r)
  AMPCC_SV_COMPONENT(y, g)
  AMPCC_SV_ORDERS_2(x, y)
  AMPCC_SV_OPERATORS(short_vector_2, 2)
};

template <typename T> struct short_vector_3 {
  typedef T value_type;
  static constexpr int size = 3;
  T x, y, z;

  short_vector_3() __AMPR__(cpu, amp) : x(0), y(0), z(0) {}
  short_vector_3(T x_, T y_, T z_) __AMPR__(cpu, amp) : x(x_), y(y_), z(z_) {}
  short_vector_3(T v) __AMPR__(cpu, amp) : x(v), y(v), z(v) {}
  AMPCC_SV_IF(is_normalized_element)
  short_vector_3(float x_, float y_, float z_) __AMPR__(cpu, amp) : x(T(x_)), y(T(y_)), z(T(z_)) {}
  AMPCC_SV_IF(is_norm_element)
  short_vector_3(unorm x_, unorm y_, unorm z_) __AMPR__(cpu, amp) : x(x_), y(y_), z(z_) {}
  AMPCC_SV_IF(is_normalized_element)
  explicit short_vector_3(float v) __AMPR__(cpu, amp) : x(T(v)), y(T(v)), z(T(v)) {}
  template <typename U>
  explicit short_vector_3(const short_vector_3<U> &o) __AMPR__(cpu, amp)
      : x(static_cast<T>(o.x)), y(static_cast<T>(o.y)), z(static_cast<T>(o.z)) {}

  AMPCC_SV_COMPONENT(x, r)
  AMPCC_SV_COMPONENT(y, g)
  AMPCC_SV_COMPONENT(z, b)
  AMPCC_SV_ORDERS_2(x, y)
  AMPCC_SV_ORDERS_2(x, z)
  AMPCC_SV_ORDERS_2(y, z)
  AMPCC_SV_ORDERS_3(x, y, z)
  AMPCC_SV_OPERATORS(short_vector_3, 3)
};

template <typename T> struct short_vector_4 {
  typedef T value_type;
  static constexpr int size = 4;
  T x, y, z, w;

  short_vector_4() __AMPR__(cpu, amp) : x(0), y(0), z(0), w(0) {}
  short_vector_4(T x_, T y_, T z_, T w_) __AMPR__(cpu, amp) : x(x_), y(y_), z(z_), w(w_) {}
  short_vector_4(T v) __AMPR__(cpu, amp) : x(v), y(v), z(v), w(v) {}
  AMPCC_SV_IF(is_normalized_element)
  short_vector_4(float x_, float y_, float z_, float w_) __AMPR__(cpu, amp) : x(T(x_)), y(T(y_)), z(T(z_)), w(T(w_)) {}
  AMPCC_SV_IF(is_norm_element)
  short_vector_4(unorm x_, unorm y_, unorm z_, unorm w_) __AMPR__(cpu, amp) : x(x_), y(y_), z(z_), w(w_) {}
  AMPCC_SV_IF(is_normalized_element)
  explicit short_vector_4(float v) __AMPR__(cpu, amp) : x(T(v)), y(T(v)), z(T(v)), w(T(v)) {}
  template <typename U>
  explicit short_vector_4(const short_vector_4<U> &o) __AMPR__(cpu, amp)
      : x(static_cast<T>(o.x)), y(static_cast<T>(o.y)), z(static_cast<T>(o.z)), w(static_cast<T>(o.w)) {}

  AMPCC_SV_COMPONENT(x, r)
  AMPCC_SV_COMPONENT(y, g)
  AMPCC_SV_COMPONENT(z, b)
  AMPCC_SV_COMPONENT(w, a)
  AMPCC_SV_ORDERS_2(x, y)
  AMPCC_SV_ORDERS_2(x, z)
  AMPCC_SV_ORDERS_2(x, w)
  AMPCC_SV_ORDERS_2(y, z)
  AMPCC_SV_ORDERS_2(y, w)
  AMPCC_SV_ORDERS_2(z, w)
  AMPCC_SV_ORDERS_3(x, y, z)
  AMPCC_SV_ORDERS_3(x, y, w)
  AMPCC_SV_ORDERS_3(x, z, w)
  AMPCC_SV_ORDERS_3(y, z, w)
  AMPCC_SV_ORDERS_4_FROM(x, y, z, w)
  AMPCC_SV_ORDERS_4_FROM(y, x, z, w)
  AMPCC_SV_ORDERS_4_FROM(z, x, y, w)
  AMPCC_SV_ORDERS_4_FROM(w, x, y, z)
  AMPCC_SV_OPERATORS(short_vector_4, 4)
};

#undef AMPCC_SV_IF
#undef AMPCC_SV_LIST_2
#undef AMPCC_SV_LIST_3
#undef AMPCC_SV_LIST_4
#undef AMPCC_SV_STATEMENTS_2
#undef AMPCC_SV_STATEMENTS_3
#undef AMPCC_SV_STATEMENTS_4
#undef AMPCC_SV_ALL_2
#undef AMPCC_SV_ALL_3
#undef AMPCC_SV_ALL_4
#undef AMPCC_SV_OF_BOTH
#undef AMPCC_SV_OF_THIS
#undef AMPCC_SV_FROM_OTHER
#undef AMPCC_SV_BINARY
#undef AMPCC_SV_COMPOUND
#undef AMPCC_SV_INCREMENT
#undef AMPCC_SV_OPERATORS
#undef AMPCC_SV_COMPONENT
#undef AMPCC_SV_SWIZZLE_2
#undef AMPCC_SV_SWIZZLE_3
#undef AMPCC_SV_SWIZZLE_4
#undef AMPCC_SV_ORDERS_2
#undef AMPCC_SV_ORDERS_3
#undef AMPCC_SV_ORDERS_4_FROM
#undef AMPCC_SV_PROPERTY
#undef AMPCC_SV_RGBA_x
#undef AMPCC_SV_RGBA_y
#undef AMPCC_SV_RGBA_z
#undef AMPCC_SV_RGBA_w
#undef AMPCC_SV_CAT_
#undef AMPCC_SV_CAT
#undef AMPCC_SV_RGBA

typedef short_vector_2<int> int_2;
typedef short_vector_3<int> int_3;
typedef short_vector_4<int> int_4;
typedef short_vector_2<unsigned int> uint_2;
typedef short_vector_3<unsigned int> uint_3;
typedef short_vector_4<unsigned int> uint_4;
typedef short_vector_2<float> float_2;
typedef short_vector_3<float> float_3;
typedef short_vector_4<float> float_4;
typedef short_vector_2<double> double_2;
typedef short_vector_3<double> double_3;
typedef short_vector_4<double> double_4;
typedef short_vector_2<norm> norm_2;
typedef short_vector_3<norm> norm_3;
typedef short_vector_4<norm> norm_4;
typedef short_vector_2<unorm> unorm_2;
typedef short_vector_3<unorm> unorm_3;
typedef short_vector_4<unorm> unorm_4;

// short_vector<T, N>::type: the vector of N elements of type T (T itself for N == 1). short_vector_traits<V>:
// the element type (value_type) and length (size) of a vector or scalar type V. Other types have no members.
template <typename T, int N> struct short_vector {};
template <typename T> struct short_vector_traits {};

#define AMPCC_SV_TRAITS(S, V2, V3, V4)                                                                                 \
  template <> struct short_vector<S, 1> { typedef S type; };                                                           \
  template <> struct short_vector<S, 2> { typedef V2 type; };                                                          \
  template <> struct short_vector<S, 3> { typedef V3 type; };                                                          \
  template <> struct short_vector<S, 4> { typedef V4 type; };                                                          \
  template <> struct short_vector_traits<S> {                                                                          \
    typedef S value_type;                                                                                              \
    static constexpr int size = 1;                                                                                     \
  };                                                                                                                   \
  template <> struct short_vector_traits<V2> {                                                                         \
    typedef S value_type;                                                                                              \
    static constexpr int size = 2;                                                                                     \
  };                                                                                                                   \
  template <> struct short_vector_traits<V3> {                                                                         \
    typedef S value_type;                                                                                              \
    static constexpr int size = 3;                                                                                     \
  };                                                                                                                   \
  template <> struct short_vector_traits<V4> {                                                                         \
    typedef S value_type;                                                                                              \
    static constexpr int size = 4;                                                                                     \
  };
AMPCC_SV_TRAITS(unsigned int, uint_2, uint_3, uint_4)
AMPCC_SV_TRAITS(int, int_2, int_3, int_4)
AMPCC_SV_TRAITS(float, float_2, float_3, float_4)
AMPCC_SV_TRAITS(unorm, unorm_2, unorm_3, unorm_4)
AMPCC_SV_TRAITS(norm, norm_2, norm_3, norm_4)
AMPCC_SV_TRAITS(double, double_2, double_3, double_4)
#undef AMPCC_SV_TRAITS

} // namespace graphics

using namespace graphics;

} // namespace Concurrency

#endif
