// C++ AMP short vectors for ampcc: concurrency::graphics::int_2 .. double_4 (and uint, float).
//
// One class template per length, with restrict(cpu, amp) constructors and operators: the translator lowers
// each instance like any user type (a struct and functions in OpenCL C), the host compiler uses it as is.
#ifndef AMPCC_AMP_SHORT_VECTORS_H
#define AMPCC_AMP_SHORT_VECTORS_H

#include <amp.h>

namespace Concurrency {
namespace graphics {

typedef unsigned int uint;

template <typename T> struct short_vector_2 {
  typedef T value_type;
  static const int size = 2;
  T x, y;
  short_vector_2() __AMPR__(cpu, amp) : x(0), y(0) {}
  short_vector_2(T v) __AMPR__(cpu, amp) : x(v), y(v) {}
  // From a vector of another element type: explicit, component by component.
  template <typename U>
  explicit short_vector_2(const short_vector_2<U> &o) __AMPR__(cpu, amp)
      : x(static_cast<T>(o.x)), y(static_cast<T>(o.y)) {}
  short_vector_2(T x_, T y_) __AMPR__(cpu, amp) : x(x_), y(y_) {}
  T get_x() const __AMPR__(cpu, amp) { return x; }
  void set_x(T v) __AMPR__(cpu, amp) { x = v; }
  T get_y() const __AMPR__(cpu, amp) { return y; }
  void set_y(T v) __AMPR__(cpu, amp) { y = v; }
  short_vector_2 operator+(const short_vector_2 &o) const __AMPR__(cpu, amp) {
    return short_vector_2(x + o.x, y + o.y);
  }
  short_vector_2 operator+(T s) const __AMPR__(cpu, amp) { return short_vector_2(x + s, y + s); }
  short_vector_2 &operator+=(const short_vector_2 &o) __AMPR__(cpu, amp) {
    x += o.x;
    y += o.y;
    return *this;
  }
  short_vector_2 operator-(const short_vector_2 &o) const __AMPR__(cpu, amp) {
    return short_vector_2(x - o.x, y - o.y);
  }
  short_vector_2 operator-(T s) const __AMPR__(cpu, amp) { return short_vector_2(x - s, y - s); }
  short_vector_2 &operator-=(const short_vector_2 &o) __AMPR__(cpu, amp) {
    x -= o.x;
    y -= o.y;
    return *this;
  }
  short_vector_2 operator*(const short_vector_2 &o) const __AMPR__(cpu, amp) {
    return short_vector_2(x * o.x, y * o.y);
  }
  short_vector_2 operator*(T s) const __AMPR__(cpu, amp) { return short_vector_2(x * s, y * s); }
  short_vector_2 &operator*=(const short_vector_2 &o) __AMPR__(cpu, amp) {
    x *= o.x;
    y *= o.y;
    return *this;
  }
  short_vector_2 operator/(const short_vector_2 &o) const __AMPR__(cpu, amp) {
    return short_vector_2(x / o.x, y / o.y);
  }
  short_vector_2 operator/(T s) const __AMPR__(cpu, amp) { return short_vector_2(x / s, y / s); }
  short_vector_2 &operator/=(const short_vector_2 &o) __AMPR__(cpu, amp) {
    x /= o.x;
    y /= o.y;
    return *this;
  }
  short_vector_2 operator-() const __AMPR__(cpu, amp) { return short_vector_2(-x, -y); }
  bool operator==(const short_vector_2 &o) const __AMPR__(cpu, amp) { return x == o.x && y == o.y; }
  bool operator!=(const short_vector_2 &o) const __AMPR__(cpu, amp) { return !(*this == o); }
};

template <typename T> struct short_vector_3 {
  typedef T value_type;
  static const int size = 3;
  T x, y, z;
  short_vector_3() __AMPR__(cpu, amp) : x(0), y(0), z(0) {}
  short_vector_3(T v) __AMPR__(cpu, amp) : x(v), y(v), z(v) {}
  // From a vector of another element type: explicit, component by component.
  template <typename U>
  explicit short_vector_3(const short_vector_3<U> &o) __AMPR__(cpu, amp)
      : x(static_cast<T>(o.x)), y(static_cast<T>(o.y)), z(static_cast<T>(o.z)) {}
  short_vector_3(T x_, T y_, T z_) __AMPR__(cpu, amp) : x(x_), y(y_), z(z_) {}
  T get_x() const __AMPR__(cpu, amp) { return x; }
  void set_x(T v) __AMPR__(cpu, amp) { x = v; }
  T get_y() const __AMPR__(cpu, amp) { return y; }
  void set_y(T v) __AMPR__(cpu, amp) { y = v; }
  T get_z() const __AMPR__(cpu, amp) { return z; }
  void set_z(T v) __AMPR__(cpu, amp) { z = v; }
  short_vector_3 operator+(const short_vector_3 &o) const __AMPR__(cpu, amp) {
    return short_vector_3(x + o.x, y + o.y, z + o.z);
  }
  short_vector_3 operator+(T s) const __AMPR__(cpu, amp) { return short_vector_3(x + s, y + s, z + s); }
  short_vector_3 &operator+=(const short_vector_3 &o) __AMPR__(cpu, amp) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
  short_vector_3 operator-(const short_vector_3 &o) const __AMPR__(cpu, amp) {
    return short_vector_3(x - o.x, y - o.y, z - o.z);
  }
  short_vector_3 operator-(T s) const __AMPR__(cpu, amp) { return short_vector_3(x - s, y - s, z - s); }
  short_vector_3 &operator-=(const short_vector_3 &o) __AMPR__(cpu, amp) {
    x -= o.x;
    y -= o.y;
    z -= o.z;
    return *this;
  }
  short_vector_3 operator*(const short_vector_3 &o) const __AMPR__(cpu, amp) {
    return short_vector_3(x * o.x, y * o.y, z * o.z);
  }
  short_vector_3 operator*(T s) const __AMPR__(cpu, amp) { return short_vector_3(x * s, y * s, z * s); }
  short_vector_3 &operator*=(const short_vector_3 &o) __AMPR__(cpu, amp) {
    x *= o.x;
    y *= o.y;
    z *= o.z;
    return *this;
  }
  short_vector_3 operator/(const short_vector_3 &o) const __AMPR__(cpu, amp) {
    return short_vector_3(x / o.x, y / o.y, z / o.z);
  }
  short_vector_3 operator/(T s) const __AMPR__(cpu, amp) { return short_vector_3(x / s, y / s, z / s); }
  short_vector_3 &operator/=(const short_vector_3 &o) __AMPR__(cpu, amp) {
    x /= o.x;
    y /= o.y;
    z /= o.z;
    return *this;
  }
  short_vector_3 operator-() const __AMPR__(cpu, amp) { return short_vector_3(-x, -y, -z); }
  bool operator==(const short_vector_3 &o) const __AMPR__(cpu, amp) { return x == o.x && y == o.y && z == o.z; }
  bool operator!=(const short_vector_3 &o) const __AMPR__(cpu, amp) { return !(*this == o); }
};

template <typename T> struct short_vector_4 {
  typedef T value_type;
  static const int size = 4;
  T x, y, z, w;
  short_vector_4() __AMPR__(cpu, amp) : x(0), y(0), z(0), w(0) {}
  short_vector_4(T v) __AMPR__(cpu, amp) : x(v), y(v), z(v), w(v) {}
  // From a vector of another element type: explicit, component by component.
  template <typename U>
  explicit short_vector_4(const short_vector_4<U> &o) __AMPR__(cpu, amp)
      : x(static_cast<T>(o.x)), y(static_cast<T>(o.y)), z(static_cast<T>(o.z)), w(static_cast<T>(o.w)) {}
  short_vector_4(T x_, T y_, T z_, T w_) __AMPR__(cpu, amp) : x(x_), y(y_), z(z_), w(w_) {}
  T get_x() const __AMPR__(cpu, amp) { return x; }
  void set_x(T v) __AMPR__(cpu, amp) { x = v; }
  T get_y() const __AMPR__(cpu, amp) { return y; }
  void set_y(T v) __AMPR__(cpu, amp) { y = v; }
  T get_z() const __AMPR__(cpu, amp) { return z; }
  void set_z(T v) __AMPR__(cpu, amp) { z = v; }
  T get_w() const __AMPR__(cpu, amp) { return w; }
  void set_w(T v) __AMPR__(cpu, amp) { w = v; }
  short_vector_4 operator+(const short_vector_4 &o) const __AMPR__(cpu, amp) {
    return short_vector_4(x + o.x, y + o.y, z + o.z, w + o.w);
  }
  short_vector_4 operator+(T s) const __AMPR__(cpu, amp) { return short_vector_4(x + s, y + s, z + s, w + s); }
  short_vector_4 &operator+=(const short_vector_4 &o) __AMPR__(cpu, amp) {
    x += o.x;
    y += o.y;
    z += o.z;
    w += o.w;
    return *this;
  }
  short_vector_4 operator-(const short_vector_4 &o) const __AMPR__(cpu, amp) {
    return short_vector_4(x - o.x, y - o.y, z - o.z, w - o.w);
  }
  short_vector_4 operator-(T s) const __AMPR__(cpu, amp) { return short_vector_4(x - s, y - s, z - s, w - s); }
  short_vector_4 &operator-=(const short_vector_4 &o) __AMPR__(cpu, amp) {
    x -= o.x;
    y -= o.y;
    z -= o.z;
    w -= o.w;
    return *this;
  }
  short_vector_4 operator*(const short_vector_4 &o) const __AMPR__(cpu, amp) {
    return short_vector_4(x * o.x, y * o.y, z * o.z, w * o.w);
  }
  short_vector_4 operator*(T s) const __AMPR__(cpu, amp) { return short_vector_4(x * s, y * s, z * s, w * s); }
  short_vector_4 &operator*=(const short_vector_4 &o) __AMPR__(cpu, amp) {
    x *= o.x;
    y *= o.y;
    z *= o.z;
    w *= o.w;
    return *this;
  }
  short_vector_4 operator/(const short_vector_4 &o) const __AMPR__(cpu, amp) {
    return short_vector_4(x / o.x, y / o.y, z / o.z, w / o.w);
  }
  short_vector_4 operator/(T s) const __AMPR__(cpu, amp) { return short_vector_4(x / s, y / s, z / s, w / s); }
  short_vector_4 &operator/=(const short_vector_4 &o) __AMPR__(cpu, amp) {
    x /= o.x;
    y /= o.y;
    z /= o.z;
    w /= o.w;
    return *this;
  }
  short_vector_4 operator-() const __AMPR__(cpu, amp) { return short_vector_4(-x, -y, -z, -w); }
  bool operator==(const short_vector_4 &o) const __AMPR__(cpu, amp) {
    return x == o.x && y == o.y && z == o.z && w == o.w;
  }
  bool operator!=(const short_vector_4 &o) const __AMPR__(cpu, amp) { return !(*this == o); }
};

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

} // namespace graphics

using namespace graphics;

} // namespace Concurrency

#endif
