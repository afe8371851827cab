// C++ AMP short vectors for ampcc: concurrency::graphics::int_2 .. double_4 (and unsigned, float).
//
// Plain structs with restrict(cpu, amp) constructors and operators: the translator lowers them like any
// user type (a struct and functions in OpenCL C), and the host compiler uses them as they are.
#ifndef AMPCC_AMP_SHORT_VECTORS_H
#define AMPCC_AMP_SHORT_VECTORS_H

#include <amp.h>

namespace concurrency {
namespace graphics {

typedef unsigned int uint;

struct int_2 {
  typedef int value_type;
  static const int size = 2;
  int x, y;
  int_2() restrict(cpu, amp) : x(0), y(0) {}
  explicit int_2(int v) restrict(cpu, amp) : x(v), y(v) {}
  int_2(int x_, int y_) restrict(cpu, amp) : x(x_), y(y_) {}
  int get_x() const restrict(cpu, amp) { return x; }
  void set_x(int v) restrict(cpu, amp) { x = v; }
  int get_y() const restrict(cpu, amp) { return y; }
  void set_y(int v) restrict(cpu, amp) { y = v; }
  int_2 operator+(const int_2& o) const restrict(cpu, amp) { return int_2(x + o.x, y + o.y); }
  int_2 operator+(int s) const restrict(cpu, amp) { return int_2(x + s, y + s); }
  int_2& operator+=(const int_2& o) restrict(cpu, amp) {
    x += o.x; y += o.y;
    return *this;
  }
  int_2 operator-(const int_2& o) const restrict(cpu, amp) { return int_2(x - o.x, y - o.y); }
  int_2 operator-(int s) const restrict(cpu, amp) { return int_2(x - s, y - s); }
  int_2& operator-=(const int_2& o) restrict(cpu, amp) {
    x -= o.x; y -= o.y;
    return *this;
  }
  int_2 operator*(const int_2& o) const restrict(cpu, amp) { return int_2(x * o.x, y * o.y); }
  int_2 operator*(int s) const restrict(cpu, amp) { return int_2(x * s, y * s); }
  int_2& operator*=(const int_2& o) restrict(cpu, amp) {
    x *= o.x; y *= o.y;
    return *this;
  }
  int_2 operator/(const int_2& o) const restrict(cpu, amp) { return int_2(x / o.x, y / o.y); }
  int_2 operator/(int s) const restrict(cpu, amp) { return int_2(x / s, y / s); }
  int_2& operator/=(const int_2& o) restrict(cpu, amp) {
    x /= o.x; y /= o.y;
    return *this;
  }
  int_2 operator-() const restrict(cpu, amp) { return int_2(-x, -y); }
  bool operator==(const int_2& o) const restrict(cpu, amp) { return x == o.x && y == o.y; }
  bool operator!=(const int_2& o) const restrict(cpu, amp) { return !(*this == o); }
};

struct int_3 {
  typedef int value_type;
  static const int size = 3;
  int x, y, z;
  int_3() restrict(cpu, amp) : x(0), y(0), z(0) {}
  explicit int_3(int v) restrict(cpu, amp) : x(v), y(v), z(v) {}
  int_3(int x_, int y_, int z_) restrict(cpu, amp) : x(x_), y(y_), z(z_) {}
  int get_x() const restrict(cpu, amp) { return x; }
  void set_x(int v) restrict(cpu, amp) { x = v; }
  int get_y() const restrict(cpu, amp) { return y; }
  void set_y(int v) restrict(cpu, amp) { y = v; }
  int get_z() const restrict(cpu, amp) { return z; }
  void set_z(int v) restrict(cpu, amp) { z = v; }
  int_3 operator+(const int_3& o) const restrict(cpu, amp) { return int_3(x + o.x, y + o.y, z + o.z); }
  int_3 operator+(int s) const restrict(cpu, amp) { return int_3(x + s, y + s, z + s); }
  int_3& operator+=(const int_3& o) restrict(cpu, amp) {
    x += o.x; y += o.y; z += o.z;
    return *this;
  }
  int_3 operator-(const int_3& o) const restrict(cpu, amp) { return int_3(x - o.x, y - o.y, z - o.z); }
  int_3 operator-(int s) const restrict(cpu, amp) { return int_3(x - s, y - s, z - s); }
  int_3& operator-=(const int_3& o) restrict(cpu, amp) {
    x -= o.x; y -= o.y; z -= o.z;
    return *this;
  }
  int_3 operator*(const int_3& o) const restrict(cpu, amp) { return int_3(x * o.x, y * o.y, z * o.z); }
  int_3 operator*(int s) const restrict(cpu, amp) { return int_3(x * s, y * s, z * s); }
  int_3& operator*=(const int_3& o) restrict(cpu, amp) {
    x *= o.x; y *= o.y; z *= o.z;
    return *this;
  }
  int_3 operator/(const int_3& o) const restrict(cpu, amp) { return int_3(x / o.x, y / o.y, z / o.z); }
  int_3 operator/(int s) const restrict(cpu, amp) { return int_3(x / s, y / s, z / s); }
  int_3& operator/=(const int_3& o) restrict(cpu, amp) {
    x /= o.x; y /= o.y; z /= o.z;
    return *this;
  }
  int_3 operator-() const restrict(cpu, amp) { return int_3(-x, -y, -z); }
  bool operator==(const int_3& o) const restrict(cpu, amp) { return x == o.x && y == o.y && z == o.z; }
  bool operator!=(const int_3& o) const restrict(cpu, amp) { return !(*this == o); }
};

struct int_4 {
  typedef int value_type;
  static const int size = 4;
  int x, y, z, w;
  int_4() restrict(cpu, amp) : x(0), y(0), z(0), w(0) {}
  explicit int_4(int v) restrict(cpu, amp) : x(v), y(v), z(v), w(v) {}
  int_4(int x_, int y_, int z_, int w_) restrict(cpu, amp) : x(x_), y(y_), z(z_), w(w_) {}
  int get_x() const restrict(cpu, amp) { return x; }
  void set_x(int v) restrict(cpu, amp) { x = v; }
  int get_y() const restrict(cpu, amp) { return y; }
  void set_y(int v) restrict(cpu, amp) { y = v; }
  int get_z() const restrict(cpu, amp) { return z; }
  void set_z(int v) restrict(cpu, amp) { z = v; }
  int get_w() const restrict(cpu, amp) { return w; }
  void set_w(int v) restrict(cpu, amp) { w = v; }
  int_4 operator+(const int_4& o) const restrict(cpu, amp) { return int_4(x + o.x, y + o.y, z + o.z, w + o.w); }
  int_4 operator+(int s) const restrict(cpu, amp) { return int_4(x + s, y + s, z + s, w + s); }
  int_4& operator+=(const int_4& o) restrict(cpu, amp) {
    x += o.x; y += o.y; z += o.z; w += o.w;
    return *this;
  }
  int_4 operator-(const int_4& o) const restrict(cpu, amp) { return int_4(x - o.x, y - o.y, z - o.z, w - o.w); }
  int_4 operator-(int s) const restrict(cpu, amp) { return int_4(x - s, y - s, z - s, w - s); }
  int_4& operator-=(const int_4& o) restrict(cpu, amp) {
    x -= o.x; y -= o.y; z -= o.z; w -= o.w;
    return *this;
  }
  int_4 operator*(const int_4& o) const restrict(cpu, amp) { return int_4(x * o.x, y * o.y, z * o.z, w * o.w); }
  int_4 operator*(int s) const restrict(cpu, amp) { return int_4(x * s, y * s, z * s, w * s); }
  int_4& operator*=(const int_4& o) restrict(cpu, amp) {
    x *= o.x; y *= o.y; z *= o.z; w *= o.w;
    return *this;
  }
  int_4 operator/(const int_4& o) const restrict(cpu, amp) { return int_4(x / o.x, y / o.y, z / o.z, w / o.w); }
  int_4 operator/(int s) const restrict(cpu, amp) { return int_4(x / s, y / s, z / s, w / s); }
  int_4& operator/=(const int_4& o) restrict(cpu, amp) {
    x /= o.x; y /= o.y; z /= o.z; w /= o.w;
    return *this;
  }
  int_4 operator-() const restrict(cpu, amp) { return int_4(-x, -y, -z, -w); }
  bool operator==(const int_4& o) const restrict(cpu, amp) { return x == o.x && y == o.y && z == o.z && w == o.w; }
  bool operator!=(const int_4& o) const restrict(cpu, amp) { return !(*this == o); }
};

struct uint_2 {
  typedef unsigned int value_type;
  static const int size = 2;
  unsigned int x, y;
  uint_2() restrict(cpu, amp) : x(0), y(0) {}
  explicit uint_2(unsigned int v) restrict(cpu, amp) : x(v), y(v) {}
  uint_2(unsigned int x_, unsigned int y_) restrict(cpu, amp) : x(x_), y(y_) {}
  unsigned int get_x() const restrict(cpu, amp) { return x; }
  void set_x(unsigned int v) restrict(cpu, amp) { x = v; }
  unsigned int get_y() const restrict(cpu, amp) { return y; }
  void set_y(unsigned int v) restrict(cpu, amp) { y = v; }
  uint_2 operator+(const uint_2& o) const restrict(cpu, amp) { return uint_2(x + o.x, y + o.y); }
  uint_2 operator+(unsigned int s) const restrict(cpu, amp) { return uint_2(x + s, y + s); }
  uint_2& operator+=(const uint_2& o) restrict(cpu, amp) {
    x += o.x; y += o.y;
    return *this;
  }
  uint_2 operator-(const uint_2& o) const restrict(cpu, amp) { return uint_2(x - o.x, y - o.y); }
  uint_2 operator-(unsigned int s) const restrict(cpu, amp) { return uint_2(x - s, y - s); }
  uint_2& operator-=(const uint_2& o) restrict(cpu, amp) {
    x -= o.x; y -= o.y;
    return *this;
  }
  uint_2 operator*(const uint_2& o) const restrict(cpu, amp) { return uint_2(x * o.x, y * o.y); }
  uint_2 operator*(unsigned int s) const restrict(cpu, amp) { return uint_2(x * s, y * s); }
  uint_2& operator*=(const uint_2& o) restrict(cpu, amp) {
    x *= o.x; y *= o.y;
    return *this;
  }
  uint_2 operator/(const uint_2& o) const restrict(cpu, amp) { return uint_2(x / o.x, y / o.y); }
  uint_2 operator/(unsigned int s) const restrict(cpu, amp) { return uint_2(x / s, y / s); }
  uint_2& operator/=(const uint_2& o) restrict(cpu, amp) {
    x /= o.x; y /= o.y;
    return *this;
  }
  bool operator==(const uint_2& o) const restrict(cpu, amp) { return x == o.x && y == o.y; }
  bool operator!=(const uint_2& o) const restrict(cpu, amp) { return !(*this == o); }
};

struct uint_3 {
  typedef unsigned int value_type;
  static const int size = 3;
  unsigned int x, y, z;
  uint_3() restrict(cpu, amp) : x(0), y(0), z(0) {}
  explicit uint_3(unsigned int v) restrict(cpu, amp) : x(v), y(v), z(v) {}
  uint_3(unsigned int x_, unsigned int y_, unsigned int z_) restrict(cpu, amp) : x(x_), y(y_), z(z_) {}
  unsigned int get_x() const restrict(cpu, amp) { return x; }
  void set_x(unsigned int v) restrict(cpu, amp) { x = v; }
  unsigned int get_y() const restrict(cpu, amp) { return y; }
  void set_y(unsigned int v) restrict(cpu, amp) { y = v; }
  unsigned int get_z() const restrict(cpu, amp) { return z; }
  void set_z(unsigned int v) restrict(cpu, amp) { z = v; }
  uint_3 operator+(const uint_3& o) const restrict(cpu, amp) { return uint_3(x + o.x, y + o.y, z + o.z); }
  uint_3 operator+(unsigned int s) const restrict(cpu, amp) { return uint_3(x + s, y + s, z + s); }
  uint_3& operator+=(const uint_3& o) restrict(cpu, amp) {
    x += o.x; y += o.y; z += o.z;
    return *this;
  }
  uint_3 operator-(const uint_3& o) const restrict(cpu, amp) { return uint_3(x - o.x, y - o.y, z - o.z); }
  uint_3 operator-(unsigned int s) const restrict(cpu, amp) { return uint_3(x - s, y - s, z - s); }
  uint_3& operator-=(const uint_3& o) restrict(cpu, amp) {
    x -= o.x; y -= o.y; z -= o.z;
    return *this;
  }
  uint_3 operator*(const uint_3& o) const restrict(cpu, amp) { return uint_3(x * o.x, y * o.y, z * o.z); }
  uint_3 operator*(unsigned int s) const restrict(cpu, amp) { return uint_3(x * s, y * s, z * s); }
  uint_3& operator*=(const uint_3& o) restrict(cpu, amp) {
    x *= o.x; y *= o.y; z *= o.z;
    return *this;
  }
  uint_3 operator/(const uint_3& o) const restrict(cpu, amp) { return uint_3(x / o.x, y / o.y, z / o.z); }
  uint_3 operator/(unsigned int s) const restrict(cpu, amp) { return uint_3(x / s, y / s, z / s); }
  uint_3& operator/=(const uint_3& o) restrict(cpu, amp) {
    x /= o.x; y /= o.y; z /= o.z;
    return *this;
  }
  bool operator==(const uint_3& o) const restrict(cpu, amp) { return x == o.x && y == o.y && z == o.z; }
  bool operator!=(const uint_3& o) const restrict(cpu, amp) { return !(*this == o); }
};

struct uint_4 {
  typedef unsigned int value_type;
  static const int size = 4;
  unsigned int x, y, z, w;
  uint_4() restrict(cpu, amp) : x(0), y(0), z(0), w(0) {}
  explicit uint_4(unsigned int v) restrict(cpu, amp) : x(v), y(v), z(v), w(v) {}
  uint_4(unsigned int x_, unsigned int y_, unsigned int z_, unsigned int w_) restrict(cpu, amp) : x(x_), y(y_), z(z_), w(w_) {}
  unsigned int get_x() const restrict(cpu, amp) { return x; }
  void set_x(unsigned int v) restrict(cpu, amp) { x = v; }
  unsigned int get_y() const restrict(cpu, amp) { return y; }
  void set_y(unsigned int v) restrict(cpu, amp) { y = v; }
  unsigned int get_z() const restrict(cpu, amp) { return z; }
  void set_z(unsigned int v) restrict(cpu, amp) { z = v; }
  unsigned int get_w() const restrict(cpu, amp) { return w; }
  void set_w(unsigned int v) restrict(cpu, amp) { w = v; }
  uint_4 operator+(const uint_4& o) const restrict(cpu, amp) { return uint_4(x + o.x, y + o.y, z + o.z, w + o.w); }
  uint_4 operator+(unsigned int s) const restrict(cpu, amp) { return uint_4(x + s, y + s, z + s, w + s); }
  uint_4& operator+=(const uint_4& o) restrict(cpu, amp) {
    x += o.x; y += o.y; z += o.z; w += o.w;
    return *this;
  }
  uint_4 operator-(const uint_4& o) const restrict(cpu, amp) { return uint_4(x - o.x, y - o.y, z - o.z, w - o.w); }
  uint_4 operator-(unsigned int s) const restrict(cpu, amp) { return uint_4(x - s, y - s, z - s, w - s); }
  uint_4& operator-=(const uint_4& o) restrict(cpu, amp) {
    x -= o.x; y -= o.y; z -= o.z; w -= o.w;
    return *this;
  }
  uint_4 operator*(const uint_4& o) const restrict(cpu, amp) { return uint_4(x * o.x, y * o.y, z * o.z, w * o.w); }
  uint_4 operator*(unsigned int s) const restrict(cpu, amp) { return uint_4(x * s, y * s, z * s, w * s); }
  uint_4& operator*=(const uint_4& o) restrict(cpu, amp) {
    x *= o.x; y *= o.y; z *= o.z; w *= o.w;
    return *this;
  }
  uint_4 operator/(const uint_4& o) const restrict(cpu, amp) { return uint_4(x / o.x, y / o.y, z / o.z, w / o.w); }
  uint_4 operator/(unsigned int s) const restrict(cpu, amp) { return uint_4(x / s, y / s, z / s, w / s); }
  uint_4& operator/=(const uint_4& o) restrict(cpu, amp) {
    x /= o.x; y /= o.y; z /= o.z; w /= o.w;
    return *this;
  }
  bool operator==(const uint_4& o) const restrict(cpu, amp) { return x == o.x && y == o.y && z == o.z && w == o.w; }
  bool operator!=(const uint_4& o) const restrict(cpu, amp) { return !(*this == o); }
};

struct float_2 {
  typedef float value_type;
  static const int size = 2;
  float x, y;
  float_2() restrict(cpu, amp) : x(0), y(0) {}
  explicit float_2(float v) restrict(cpu, amp) : x(v), y(v) {}
  float_2(float x_, float y_) restrict(cpu, amp) : x(x_), y(y_) {}
  float get_x() const restrict(cpu, amp) { return x; }
  void set_x(float v) restrict(cpu, amp) { x = v; }
  float get_y() const restrict(cpu, amp) { return y; }
  void set_y(float v) restrict(cpu, amp) { y = v; }
  float_2 operator+(const float_2& o) const restrict(cpu, amp) { return float_2(x + o.x, y + o.y); }
  float_2 operator+(float s) const restrict(cpu, amp) { return float_2(x + s, y + s); }
  float_2& operator+=(const float_2& o) restrict(cpu, amp) {
    x += o.x; y += o.y;
    return *this;
  }
  float_2 operator-(const float_2& o) const restrict(cpu, amp) { return float_2(x - o.x, y - o.y); }
  float_2 operator-(float s) const restrict(cpu, amp) { return float_2(x - s, y - s); }
  float_2& operator-=(const float_2& o) restrict(cpu, amp) {
    x -= o.x; y -= o.y;
    return *this;
  }
  float_2 operator*(const float_2& o) const restrict(cpu, amp) { return float_2(x * o.x, y * o.y); }
  float_2 operator*(float s) const restrict(cpu, amp) { return float_2(x * s, y * s); }
  float_2& operator*=(const float_2& o) restrict(cpu, amp) {
    x *= o.x; y *= o.y;
    return *this;
  }
  float_2 operator/(const float_2& o) const restrict(cpu, amp) { return float_2(x / o.x, y / o.y); }
  float_2 operator/(float s) const restrict(cpu, amp) { return float_2(x / s, y / s); }
  float_2& operator/=(const float_2& o) restrict(cpu, amp) {
    x /= o.x; y /= o.y;
    return *this;
  }
  float_2 operator-() const restrict(cpu, amp) { return float_2(-x, -y); }
  bool operator==(const float_2& o) const restrict(cpu, amp) { return x == o.x && y == o.y; }
  bool operator!=(const float_2& o) const restrict(cpu, amp) { return !(*this == o); }
};

struct float_3 {
  typedef float value_type;
  static const int size = 3;
  float x, y, z;
  float_3() restrict(cpu, amp) : x(0), y(0), z(0) {}
  explicit float_3(float v) restrict(cpu, amp) : x(v), y(v), z(v) {}
  float_3(float x_, float y_, float z_) restrict(cpu, amp) : x(x_), y(y_), z(z_) {}
  float get_x() const restrict(cpu, amp) { return x; }
  void set_x(float v) restrict(cpu, amp) { x = v; }
  float get_y() const restrict(cpu, amp) { return y; }
  void set_y(float v) restrict(cpu, amp) { y = v; }
  float get_z() const restrict(cpu, amp) { return z; }
  void set_z(float v) restrict(cpu, amp) { z = v; }
  float_3 operator+(const float_3& o) const restrict(cpu, amp) { return float_3(x + o.x, y + o.y, z + o.z); }
  float_3 operator+(float s) const restrict(cpu, amp) { return float_3(x + s, y + s, z + s); }
  float_3& operator+=(const float_3& o) restrict(cpu, amp) {
    x += o.x; y += o.y; z += o.z;
    return *this;
  }
  float_3 operator-(const float_3& o) const restrict(cpu, amp) { return float_3(x - o.x, y - o.y, z - o.z); }
  float_3 operator-(float s) const restrict(cpu, amp) { return float_3(x - s, y - s, z - s); }
  float_3& operator-=(const float_3& o) restrict(cpu, amp) {
    x -= o.x; y -= o.y; z -= o.z;
    return *this;
  }
  float_3 operator*(const float_3& o) const restrict(cpu, amp) { return float_3(x * o.x, y * o.y, z * o.z); }
  float_3 operator*(float s) const restrict(cpu, amp) { return float_3(x * s, y * s, z * s); }
  float_3& operator*=(const float_3& o) restrict(cpu, amp) {
    x *= o.x; y *= o.y; z *= o.z;
    return *this;
  }
  float_3 operator/(const float_3& o) const restrict(cpu, amp) { return float_3(x / o.x, y / o.y, z / o.z); }
  float_3 operator/(float s) const restrict(cpu, amp) { return float_3(x / s, y / s, z / s); }
  float_3& operator/=(const float_3& o) restrict(cpu, amp) {
    x /= o.x; y /= o.y; z /= o.z;
    return *this;
  }
  float_3 operator-() const restrict(cpu, amp) { return float_3(-x, -y, -z); }
  bool operator==(const float_3& o) const restrict(cpu, amp) { return x == o.x && y == o.y && z == o.z; }
  bool operator!=(const float_3& o) const restrict(cpu, amp) { return !(*this == o); }
};

struct float_4 {
  typedef float value_type;
  static const int size = 4;
  float x, y, z, w;
  float_4() restrict(cpu, amp) : x(0), y(0), z(0), w(0) {}
  explicit float_4(float v) restrict(cpu, amp) : x(v), y(v), z(v), w(v) {}
  float_4(float x_, float y_, float z_, float w_) restrict(cpu, amp) : x(x_), y(y_), z(z_), w(w_) {}
  float get_x() const restrict(cpu, amp) { return x; }
  void set_x(float v) restrict(cpu, amp) { x = v; }
  float get_y() const restrict(cpu, amp) { return y; }
  void set_y(float v) restrict(cpu, amp) { y = v; }
  float get_z() const restrict(cpu, amp) { return z; }
  void set_z(float v) restrict(cpu, amp) { z = v; }
  float get_w() const restrict(cpu, amp) { return w; }
  void set_w(float v) restrict(cpu, amp) { w = v; }
  float_4 operator+(const float_4& o) const restrict(cpu, amp) { return float_4(x + o.x, y + o.y, z + o.z, w + o.w); }
  float_4 operator+(float s) const restrict(cpu, amp) { return float_4(x + s, y + s, z + s, w + s); }
  float_4& operator+=(const float_4& o) restrict(cpu, amp) {
    x += o.x; y += o.y; z += o.z; w += o.w;
    return *this;
  }
  float_4 operator-(const float_4& o) const restrict(cpu, amp) { return float_4(x - o.x, y - o.y, z - o.z, w - o.w); }
  float_4 operator-(float s) const restrict(cpu, amp) { return float_4(x - s, y - s, z - s, w - s); }
  float_4& operator-=(const float_4& o) restrict(cpu, amp) {
    x -= o.x; y -= o.y; z -= o.z; w -= o.w;
    return *this;
  }
  float_4 operator*(const float_4& o) const restrict(cpu, amp) { return float_4(x * o.x, y * o.y, z * o.z, w * o.w); }
  float_4 operator*(float s) const restrict(cpu, amp) { return float_4(x * s, y * s, z * s, w * s); }
  float_4& operator*=(const float_4& o) restrict(cpu, amp) {
    x *= o.x; y *= o.y; z *= o.z; w *= o.w;
    return *this;
  }
  float_4 operator/(const float_4& o) const restrict(cpu, amp) { return float_4(x / o.x, y / o.y, z / o.z, w / o.w); }
  float_4 operator/(float s) const restrict(cpu, amp) { return float_4(x / s, y / s, z / s, w / s); }
  float_4& operator/=(const float_4& o) restrict(cpu, amp) {
    x /= o.x; y /= o.y; z /= o.z; w /= o.w;
    return *this;
  }
  float_4 operator-() const restrict(cpu, amp) { return float_4(-x, -y, -z, -w); }
  bool operator==(const float_4& o) const restrict(cpu, amp) { return x == o.x && y == o.y && z == o.z && w == o.w; }
  bool operator!=(const float_4& o) const restrict(cpu, amp) { return !(*this == o); }
};

struct double_2 {
  typedef double value_type;
  static const int size = 2;
  double x, y;
  double_2() restrict(cpu, amp) : x(0), y(0) {}
  explicit double_2(double v) restrict(cpu, amp) : x(v), y(v) {}
  double_2(double x_, double y_) restrict(cpu, amp) : x(x_), y(y_) {}
  double get_x() const restrict(cpu, amp) { return x; }
  void set_x(double v) restrict(cpu, amp) { x = v; }
  double get_y() const restrict(cpu, amp) { return y; }
  void set_y(double v) restrict(cpu, amp) { y = v; }
  double_2 operator+(const double_2& o) const restrict(cpu, amp) { return double_2(x + o.x, y + o.y); }
  double_2 operator+(double s) const restrict(cpu, amp) { return double_2(x + s, y + s); }
  double_2& operator+=(const double_2& o) restrict(cpu, amp) {
    x += o.x; y += o.y;
    return *this;
  }
  double_2 operator-(const double_2& o) const restrict(cpu, amp) { return double_2(x - o.x, y - o.y); }
  double_2 operator-(double s) const restrict(cpu, amp) { return double_2(x - s, y - s); }
  double_2& operator-=(const double_2& o) restrict(cpu, amp) {
    x -= o.x; y -= o.y;
    return *this;
  }
  double_2 operator*(const double_2& o) const restrict(cpu, amp) { return double_2(x * o.x, y * o.y); }
  double_2 operator*(double s) const restrict(cpu, amp) { return double_2(x * s, y * s); }
  double_2& operator*=(const double_2& o) restrict(cpu, amp) {
    x *= o.x; y *= o.y;
    return *this;
  }
  double_2 operator/(const double_2& o) const restrict(cpu, amp) { return double_2(x / o.x, y / o.y); }
  double_2 operator/(double s) const restrict(cpu, amp) { return double_2(x / s, y / s); }
  double_2& operator/=(const double_2& o) restrict(cpu, amp) {
    x /= o.x; y /= o.y;
    return *this;
  }
  double_2 operator-() const restrict(cpu, amp) { return double_2(-x, -y); }
  bool operator==(const double_2& o) const restrict(cpu, amp) { return x == o.x && y == o.y; }
  bool operator!=(const double_2& o) const restrict(cpu, amp) { return !(*this == o); }
};

struct double_3 {
  typedef double value_type;
  static const int size = 3;
  double x, y, z;
  double_3() restrict(cpu, amp) : x(0), y(0), z(0) {}
  explicit double_3(double v) restrict(cpu, amp) : x(v), y(v), z(v) {}
  double_3(double x_, double y_, double z_) restrict(cpu, amp) : x(x_), y(y_), z(z_) {}
  double get_x() const restrict(cpu, amp) { return x; }
  void set_x(double v) restrict(cpu, amp) { x = v; }
  double get_y() const restrict(cpu, amp) { return y; }
  void set_y(double v) restrict(cpu, amp) { y = v; }
  double get_z() const restrict(cpu, amp) { return z; }
  void set_z(double v) restrict(cpu, amp) { z = v; }
  double_3 operator+(const double_3& o) const restrict(cpu, amp) { return double_3(x + o.x, y + o.y, z + o.z); }
  double_3 operator+(double s) const restrict(cpu, amp) { return double_3(x + s, y + s, z + s); }
  double_3& operator+=(const double_3& o) restrict(cpu, amp) {
    x += o.x; y += o.y; z += o.z;
    return *this;
  }
  double_3 operator-(const double_3& o) const restrict(cpu, amp) { return double_3(x - o.x, y - o.y, z - o.z); }
  double_3 operator-(double s) const restrict(cpu, amp) { return double_3(x - s, y - s, z - s); }
  double_3& operator-=(const double_3& o) restrict(cpu, amp) {
    x -= o.x; y -= o.y; z -= o.z;
    return *this;
  }
  double_3 operator*(const double_3& o) const restrict(cpu, amp) { return double_3(x * o.x, y * o.y, z * o.z); }
  double_3 operator*(double s) const restrict(cpu, amp) { return double_3(x * s, y * s, z * s); }
  double_3& operator*=(const double_3& o) restrict(cpu, amp) {
    x *= o.x; y *= o.y; z *= o.z;
    return *this;
  }
  double_3 operator/(const double_3& o) const restrict(cpu, amp) { return double_3(x / o.x, y / o.y, z / o.z); }
  double_3 operator/(double s) const restrict(cpu, amp) { return double_3(x / s, y / s, z / s); }
  double_3& operator/=(const double_3& o) restrict(cpu, amp) {
    x /= o.x; y /= o.y; z /= o.z;
    return *this;
  }
  double_3 operator-() const restrict(cpu, amp) { return double_3(-x, -y, -z); }
  bool operator==(const double_3& o) const restrict(cpu, amp) { return x == o.x && y == o.y && z == o.z; }
  bool operator!=(const double_3& o) const restrict(cpu, amp) { return !(*this == o); }
};

struct double_4 {
  typedef double value_type;
  static const int size = 4;
  double x, y, z, w;
  double_4() restrict(cpu, amp) : x(0), y(0), z(0), w(0) {}
  explicit double_4(double v) restrict(cpu, amp) : x(v), y(v), z(v), w(v) {}
  double_4(double x_, double y_, double z_, double w_) restrict(cpu, amp) : x(x_), y(y_), z(z_), w(w_) {}
  double get_x() const restrict(cpu, amp) { return x; }
  void set_x(double v) restrict(cpu, amp) { x = v; }
  double get_y() const restrict(cpu, amp) { return y; }
  void set_y(double v) restrict(cpu, amp) { y = v; }
  double get_z() const restrict(cpu, amp) { return z; }
  void set_z(double v) restrict(cpu, amp) { z = v; }
  double get_w() const restrict(cpu, amp) { return w; }
  void set_w(double v) restrict(cpu, amp) { w = v; }
  double_4 operator+(const double_4& o) const restrict(cpu, amp) { return double_4(x + o.x, y + o.y, z + o.z, w + o.w); }
  double_4 operator+(double s) const restrict(cpu, amp) { return double_4(x + s, y + s, z + s, w + s); }
  double_4& operator+=(const double_4& o) restrict(cpu, amp) {
    x += o.x; y += o.y; z += o.z; w += o.w;
    return *this;
  }
  double_4 operator-(const double_4& o) const restrict(cpu, amp) { return double_4(x - o.x, y - o.y, z - o.z, w - o.w); }
  double_4 operator-(double s) const restrict(cpu, amp) { return double_4(x - s, y - s, z - s, w - s); }
  double_4& operator-=(const double_4& o) restrict(cpu, amp) {
    x -= o.x; y -= o.y; z -= o.z; w -= o.w;
    return *this;
  }
  double_4 operator*(const double_4& o) const restrict(cpu, amp) { return double_4(x * o.x, y * o.y, z * o.z, w * o.w); }
  double_4 operator*(double s) const restrict(cpu, amp) { return double_4(x * s, y * s, z * s, w * s); }
  double_4& operator*=(const double_4& o) restrict(cpu, amp) {
    x *= o.x; y *= o.y; z *= o.z; w *= o.w;
    return *this;
  }
  double_4 operator/(const double_4& o) const restrict(cpu, amp) { return double_4(x / o.x, y / o.y, z / o.z, w / o.w); }
  double_4 operator/(double s) const restrict(cpu, amp) { return double_4(x / s, y / s, z / s, w / s); }
  double_4& operator/=(const double_4& o) restrict(cpu, amp) {
    x /= o.x; y /= o.y; z /= o.z; w /= o.w;
    return *this;
  }
  double_4 operator-() const restrict(cpu, amp) { return double_4(-x, -y, -z, -w); }
  bool operator==(const double_4& o) const restrict(cpu, amp) { return x == o.x && y == o.y && z == o.z && w == o.w; }
  bool operator!=(const double_4& o) const restrict(cpu, amp) { return !(*this == o); }
};

} // namespace graphics

using namespace graphics;

} // namespace concurrency

#endif
