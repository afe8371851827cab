// Kernel identity (docs/design/kernel-identity-and-launch.md): a kernel's instantiations are keyed by every kind of
// template argument: scoped and unscoped enumerations (declared after the template, in a namespace), integers of
// several types, bool, pointers to globals, template templates, packs of types and of values, unnamed parameters (of
// templates and of generic lambdas), and class types declared after the call. CTest runs this file under GCC and Clang.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

template <typename K> void launch(const extent<1> &e, const K &k) { parallel_for_each(e, k); }

// The template comes first; the enumerations it is instantiated with are declared after it.
template <typename E, E M> void by_enum(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += static_cast<int>(M); });
}
namespace ns {
enum class mode { a = 1, b = 2 };
enum plain { p10 = 10, p20 = 20 };
} // namespace ns

template <unsigned U, bool B, long long L> void by_values(array_view<int, 1> v) {
  const int sum = static_cast<int>(U + L);
  launch(v.extent, [=](index<1> i) restrict(amp) { v[i] += B ? sum : 0; });
}

int g_first = 100, g_second = 200;
template <int *P> void by_pointer(array_view<int, 1> v) {
  int k = *P;
  launch(v.extent, [=](index<1> i) restrict(amp) { v[i] += k; });
}

template <typename T> struct Twice {
  static int of(int x) restrict(amp, cpu) { return 2 * x; }
};
template <typename T> struct Thrice {
  static int of(int x) restrict(amp, cpu) { return 3 * x; }
};
template <template <typename> class Op> void by_template(array_view<int, 1> v) {
  launch(v.extent, [=](index<1> i) restrict(amp) { v[i] = Op<int>::of(v[i]); });
}

template <typename... Ts> void by_type_pack(array_view<int, 1> v) {
  launch(v.extent, [=](index<1> i) restrict(amp) { v[i] += static_cast<int>(sizeof...(Ts)); });
}
template <int... Ns> void by_value_pack(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += (0 + ... + Ns); });
}

template <typename, int> void by_unnamed(array_view<int, 1> v, int k) {
  launch(v.extent, [=](index<1> i) restrict(amp) { v[i] += k; });
}

// A generic lambda with an unnamed parameter: its instantiations differ only there.
template <typename T> void by_unnamed_generic(array_view<T, 1> v) {
  auto add_one = [](auto view, auto) {
    parallel_for_each(view.extent, [=](index<1> i) restrict(amp) { view[i] += 1; });
  };
  add_one(v, 1);
  add_one(v, 2.5f);
}

template <typename T> void by_later_type(array_view<int, 1> v) {
  launch(v.extent, [=](index<1> i) restrict(amp) { v[i] += T::amount; });
}
struct Later {
  static constexpr int amount = 1000;
};
struct Sooner {
  static constexpr int amount = 2000;
};

int main() {
  std::vector<int> x(4, 0);
  array_view<int, 1> v(4, x);
  by_enum<ns::mode, ns::mode::a>(v);
  by_enum<ns::mode, ns::mode::b>(v);
  by_enum<ns::plain, ns::p20>(v);
  v.synchronize();
  std::cout << x[0] << "\n"; // 23
  by_values<1u, true, 2>(v);
  by_values<1u, false, 2>(v);
  by_values<4u, true, -1>(v);
  v.synchronize();
  std::cout << x[0] << "\n"; // 23 + 3 + 3 = 29
  by_pointer<&g_first>(v);
  by_pointer<&g_second>(v);
  v.synchronize();
  std::cout << x[0] << "\n"; // 329
  by_template<Twice>(v);
  by_template<Thrice>(v);
  v.synchronize();
  std::cout << x[0] << "\n"; // 1974
  by_type_pack<>(v);
  by_type_pack<int>(v);
  by_type_pack<int, float, double>(v);
  by_value_pack<>(v);
  by_value_pack<1, 2>(v);
  v.synchronize();
  std::cout << x[0] << "\n"; // 1974 + 0 + 1 + 3 + 0 + 3 = 1981
  by_unnamed<int, 1>(v, 1);
  by_unnamed<int, 2>(v, 10);
  by_unnamed<float, 1>(v, 100);
  v.synchronize();
  std::cout << x[0] << "\n"; // 2092
  by_unnamed_generic(v);
  by_later_type<Later>(v);
  by_later_type<Sooner>(v);
  v.synchronize();
  std::cout << x[0] << " " << x[3] << "\n"; // 5094
}
// CHECK: 23
// CHECK-NEXT: 29
// CHECK-NEXT: 329
// CHECK-NEXT: 1974
// CHECK-NEXT: 1981
// CHECK-NEXT: 2092
// CHECK-NEXT: 5094 5094
