// The whole short vector library of <amp_short_vectors.h>: norm and unorm (clamping, conversions, operators,
// constants), the vectors of every element type (constructors, conversions, swizzles, ref_ functions,
// arithmetic, bitwise operators of int and uint vectors), and the traits. Each case is computed by one
// restrict(cpu, amp) function on the host and in a kernel, and both must give the same, expected values.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_short_vectors.h>
#include <iostream>
#include <type_traits>
#include <utility>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

// Traits, conversions and which operators exist, checked at compile time.
static_assert(std::is_same<short_vector<float, 3>::type, float_3>::value, "");
static_assert(std::is_same<short_vector<unorm, 4>::type, unorm_4>::value, "");
static_assert(std::is_same<short_vector<norm, 1>::type, norm>::value, "");
static_assert(std::is_same<short_vector<unsigned int, 2>::type, uint_2>::value, "");
static_assert(std::is_same<short_vector_traits<double_4>::value_type, double>::value, "");
static_assert(short_vector_traits<double_4>::size == 4 && short_vector_traits<int>::size == 1, "");
static_assert(std::is_same<short_vector_traits<norm_2>::value_type, norm>::value, "");
static_assert(std::is_same<uint_3::value_type, uint>::value && uint_3::size == 3, "");
static_assert(std::is_same<unorm_2::value_type, unorm>::value && unorm_2::size == 2, "");
static_assert(std::is_same<concurrency::graphics::norm_4, Concurrency::graphics::norm_4>::value, "");
static_assert(sizeof(norm) == sizeof(float) && sizeof(unorm_4) == 4 * sizeof(float), "");

static_assert(std::is_convertible<unorm, norm>::value && !std::is_convertible<norm, unorm>::value, "");
static_assert(std::is_convertible<norm, float>::value && !std::is_convertible<float, norm>::value, "");
static_assert(std::is_constructible<unorm, norm>::value && std::is_constructible<norm, double>::value, "");
static_assert(std::is_convertible<int, int_2>::value && std::is_convertible<norm, norm_2>::value, "");
static_assert(!std::is_convertible<float, norm_2>::value && std::is_constructible<norm_2, float>::value, "");
static_assert(!std::is_convertible<int_2, float_2>::value && std::is_constructible<float_2, int_2>::value, "");
static_assert(std::is_constructible<unorm_4, norm_4>::value && !std::is_convertible<norm_4, unorm_4>::value, "");
static_assert(std::is_same<decltype(norm() + unorm()), norm>::value, "");
static_assert(std::is_same<decltype(unorm() + 1.0f), float>::value, "");
static_assert(std::is_same<decltype(-norm()), norm>::value && std::is_same<decltype(-unorm()), float>::value, "");
static_assert(std::is_same<decltype(float_4().get_wzx()), float_3>::value, "");

template <typename V, typename = void> struct has_modulo : std::false_type {};
template <typename V> struct has_modulo<V, decltype(void(std::declval<V>() % std::declval<V>()))> : std::true_type {};
template <typename V, typename = void> struct has_negation : std::false_type {};
template <typename V> struct has_negation<V, decltype(void(-std::declval<V>()))> : std::true_type {};
template <typename V, typename = void> struct has_complement : std::false_type {};
template <typename V> struct has_complement<V, decltype(void(~std::declval<V>()))> : std::true_type {};
static_assert(has_modulo<int_2>::value && has_modulo<uint_4>::value && !has_modulo<float_2>::value, "");
static_assert(!has_modulo<norm_3>::value && !has_complement<double_2>::value && has_complement<uint_3>::value, "");
static_assert(has_negation<int_3>::value && has_negation<norm_2>::value && has_negation<double_4>::value, "");
static_assert(!has_negation<uint_2>::value && !has_negation<unorm_4>::value, "");

// A vector's components as the decimal digits of one number: (4, 3, 2, 1) is 4321.
float digits(const float_2 &v) restrict(cpu, amp) { return v.x * 10.0f + v.y; }
float digits(const float_3 &v) restrict(cpu, amp) { return (v.x * 10.0f + v.y) * 10.0f + v.z; }
float digits(const float_4 &v) restrict(cpu, amp) { return ((v.x * 10.0f + v.y) * 10.0f + v.z) * 10.0f + v.w; }
int digits(const int_2 &v) restrict(cpu, amp) { return v.x * 10 + v.y; }
int digits(const int_4 &v) restrict(cpu, amp) { return ((v.x * 10 + v.y) * 10 + v.z) * 10 + v.w; }

const int float_cases = 24;
float float_case(int i) restrict(cpu, amp) {
  switch (i) {
  case 0:
    return norm(-1.5f); // clamped to -1
  case 1:
    return unorm(1.66f); // clamped to 1
  case 2:
    return unorm(-5.3f); // clamped to 0
  case 3:
    return norm(5) + unorm(2u); // from int and unsigned int; norm + unorm is a norm: 1
  case 4:
    return unorm(0.25); // from double
  case 5:
    return unorm(norm(-0.5f)); // explicit, clamped: 0
  case 6: {
    norm n = unorm(0.5f); // implicit
    return n;
  }
  case 7:
    return norm(0.75f) + norm(0.5f); // 1
  case 8:
    return norm(-0.75f) - norm(0.5f); // -1
  case 9:
    return unorm(0.5f) * unorm(0.5f) + unorm(0.2f) - unorm(0.7f); // 0.25, then 0.45, then 0
  case 10:
    return unorm(0.5f) / unorm(0.25f); // 1
  case 11:
    return -norm(0.25f) + norm(0.5f) + unorm(0.75f); // norm + unorm is a norm: 1
  case 12: {
    norm a(0.5f);
    norm b = a++;
    unorm c(0.5f);
    --c;
    return float(a) * 100.0f + float(b) * 10.0f + float(c); // 1, 0.5, 0
  }
  case 13: {
    norm c(0.5f);
    c += norm(0.75f); // 1
    c *= norm(-0.5f); // -0.5
    c /= norm(0.25f); // -2, clamped
    unorm u(0.25f);
    u -= unorm(0.5f);
    return c * 10.0f + u;
  }
  case 14:
    return norm(0.5f) + 1.0f; // float arithmetic, not clamped: 1.5
  case 15: {
    norm_2 n(1.5f, -2.0f); // float components, clamped
    norm_2 m = n + norm_2(norm(-0.5f));
    return digits(float_2(m)); // (0.5, -1)
  }
  case 16: {
    unorm_4 u(norm_4(0.5f, -0.5f, 1.0f, -1.0f));                        // explicit conversion clamps at 0
    return digits(float_4(u * unorm_4(2.0f, 2.0f, 0.5f, 0.5f)) * 8.0f); // (0.5, 0, 0.5, 0) * 8
  }
  case 17: {
    float_4 v(1.0f, 2.0f, 3.0f, 4.0f);
    return digits(v.get_wzyx()) + digits(v.get_zxw()) * 10000.0f; // 4321, 314
  }
  case 18: {
    float_4 v(1.0f, 2.0f, 3.0f, 4.0f);
    v.set_yw(float_2(7.0f, 8.0f));
    v.ref_b() = 5.0f;
    return digits(v); // 1758
  }
  case 19: {
    float_3 v(1.0f, 2.0f, 3.0f);
    v.set_zx(v.get_xz()); // swaps x and z
    float_3 w = v.get_yzx();
    w.set_zyx(w);                           // reverses w
    return digits(v) * 1000.0f + digits(w); // 321, 312
  }
  case 20: {
    float_2 f = 2.0f * float_2(1.5f, -2.5f) - 1.0f; // scalar on either side
    f = -f;
    ++f;
    f /= float_2(2.0f, 4.0f);
    return digits(f); // (-0.5, 1.75)
  }
  case 21: {
    double_2 d(0.25, 3.0);
    norm_2 n(d); // (0.25, 1)
    float_3 g = float_3(int_3(7, -3, 9)) * 0.5f;
    return digits(float_2(n)) + g.get_y() * g.get_z();
  }
  case 22: {
    unorm_3 u(0.75f); // explicit from a float
    unorm_3 k = u++;  // u clamps to 1
    norm_3 n(unorm(0.5f), unorm(0.25f), unorm(1.0f));
    n -= norm_3(unorm_3(1.0f, 1.0f, 1.0f)); // (-0.5, -0.75, 0)
    return digits(float_3(u)) + float(k.get_x()) + digits(float_3(n)) * 1000.0f;
  }
  case 23:
    return float(NORM_MIN) + float(NORM_MAX) * 10.0f + float(UNORM_MAX) * 100.0f + float(UNORM_MIN) + float(NORM_ZERO) +
           float(UNORM_ZERO);
  }
  return -1.0f;
}

const int int_cases = 14;
int int_case(int i) restrict(cpu, amp) {
  int_4 a(12, 10, -8, 7), b(10, 6, 2, 3);
  switch (i) {
  case 0:
    return digits(a & b); // (8, 2, 0, 3)
  case 1:
    return digits(a | b) + digits(a ^ b) * 100000; // (14, 14, -6, 7), (6, 12, -6, 4)
  case 2:
    return digits(a % b); // (2, 4, 0, 1)
  case 3:
    return digits(int_4(1, 2, 3, 4) << 1) + digits(a >> int_4(2, 1, 3, 1)); // (2,4,6,8) + (3,5,-1,3)
  case 4:
    return digits(~int_4(0, 1, -2, -5)); // (-1, -2, 1, 4)
  case 5: {
    int_4 c = a;
    c &= int_4(7);
    c |= int_4(1, 0, 0, 0);
    c ^= int_4(0, 1, 1, 1);
    c <<= int_4(1, 0, 0, 0);
    c >>= int_4(0, 0, 0, 1);
    c %= int_4(6, 7, 8, 3);
    return digits(c); // (4, 3, 1, 0)
  }
  case 6: {
    uint_2 u(0xF0u, 5u);
    uint_2 v = (u >> 2u) | uint_2(1u, 2u);
    return int(v.x) * 100 + int(v.y ^ 1u) + int((~uint_2(0u)).get_y() == 0xFFFFFFFFu) * 10000; // (61, 3), 1
  }
  case 7: {
    int_2 p(1, 2);
    int_2 q = p++;
    --p;
    --p;
    return q.x * 1000 + q.y * 100 + p.x * 10 + p.y; // q = (1, 2), p = (0, 1)
  }
  case 8:
    return digits(10 - int_2(1, 2)) + digits(-int_3(1, -2, 3).get_zy()); // 98 + (-30 + 2)
  case 9: {
    int_4 s(1, 2, 3, 4);
    s.set_wxzy(int_4(5, 6, 7, 8));
    s.ref_y() += s.ref_r();                        // y += x
    return digits(s) + digits(s.get_yx()) * 10000; // (6, 14, 7, 5): 6000 + 1400 + 75; (14, 6): 146
  }
  case 10:
    return (int_3(1, 2, 3) == int_3(1, 2, 3)) + (int_3(1, 2, 3) != int_3(1, 2, 4)) * 10 +
           (norm_2(2.0f, -2.0f) == norm_2(NORM_MAX, NORM_MIN)) * 100 + (float_2(1.0f) == 1.0f) * 1000;
  case 11:
    return (norm(0.5f) < norm(0.75f)) + (unorm(3.0f) == UNORM_MAX) * 10 + (NORM_MIN <= norm(-7)) * 100 +
           (norm(0.1f) != norm(0.2f)) * 1000 + (unorm(0.5f) > unorm(0.25f)) * 10000 +
           (norm(1.0f) >= unorm(2.0f)) * 100000;
  case 12:
    return short_vector_traits<float_3>::size + short_vector<int, 4>::type::size * 10 +
           short_vector_traits<short_vector<unorm, 2>::type>::size * 100;
  case 13: {
    float_4 f(2.75f, -1.5f, 3.0f, 0.0f);
    int_4 t(f); // truncation
    uint_2 u(int_2(4, 9));
    double_3 d(float_3(0.5f, 1.0f, 2.0f));
    return digits(t) + int(u.x + u.y) * 10000 + int(d.x * d.z * 100.0);
  }
  }
  return -1;
}

int main() {
  std::vector<float> host_f(float_cases), dev_f(float_cases);
  std::vector<int> host_i(int_cases), dev_i(int_cases);
  for (int i = 0; i < float_cases; ++i)
    host_f[i] = float_case(i);
  for (int i = 0; i < int_cases; ++i)
    host_i[i] = int_case(i);
  array_view<float, 1> fv(float_cases, dev_f);
  array_view<int, 1> iv(int_cases, dev_i);
  fv.discard_data();
  iv.discard_data();
  parallel_for_each(fv.extent, [=](index<1> i) restrict(amp) {
    fv[i] = float_case(i[0]);
    if (i[0] < int_cases)
      iv[i] = int_case(i[0]);
  });
  fv.synchronize();
  iv.synchronize();

  // Vectors of norm and unorm in views: the same layout on both sides.
  std::vector<unorm_4> colors(4);
  for (int i = 0; i < 4; ++i)
    colors[i] = unorm_4(0.375f * i, 0.5f, 1.5f, -1.0f);
  std::vector<norm_2> offsets(4, norm_2(norm(-0.5f), norm(0.25f)));
  array_view<unorm_4, 1> cv(4, colors);
  array_view<const norm_2, 1> ov(4, offsets);
  unorm half(0.5f); // captured by value
  parallel_for_each(cv.extent, [=](index<1> i) restrict(amp) {
    unorm_4 c = cv[i];
    norm_2 o = ov[i];
    c.set_xy(unorm_2(float_2(c.get_xy()) + float_2(o)));
    c.set_w(c.get_z() * half);
    cv[i] = c;
  });
  cv.synchronize();

  std::cout.precision(10);
  std::cout << "float";
  for (float v : dev_f)
    std::cout << " " << v;
  std::cout << "\nint";
  for (int v : dev_i)
    std::cout << " " << v;
  std::cout << "\nhost == kernel: " << (host_f == dev_f) << " " << (host_i == dev_i) << "\ncolors";
  for (const unorm_4 &c : colors)
    std::cout << " " << c.x << "," << c.y << "," << c.z << "," << c.w;
  std::cout << "\n";
}

// CHECK: float -1 1 0 1 0.25 0 0.5 1 -1 0 1 1 105 -10 1.5 4 4040 3144321 1758 321312 -3.25 -3.25 -57388.25 109
// CHECK-NEXT: int 8203 714415347 2401 5961 -1186 4310 16102 1201 70 1467475 1111 111111 243 132030
// CHECK-NEXT: host == kernel: 1 1
// CHECK-NEXT: colors 0,0.75,1,0.5 0,0.75,1,0.5 0.25,0.75,1,0.5 0.5,0.75,1,0.5
