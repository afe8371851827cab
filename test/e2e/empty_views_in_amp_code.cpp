// An array_view over a null pointer made in amp code: the Algorithms Library's default-constructed iterators hold
// one (`array_view<T>(0, nullptr)` from a restrict(amp) factory, its cpu overload viewing a static) until they are
// assigned a real one. It was refused as a view of "private memory that ampcc cannot keep in global memory"; it is
// a view of no memory, which amp code never reads through.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <typename T> struct empty_view {
  static array_view<T> create() restrict(cpu) {
    static T storage;
    return array_view<T>(1, &storage);
  }
  static array_view<T> create() restrict(amp) { return array_view<T>(0, nullptr); }
};

template <typename T> struct cursor {
  array_view<T> v;
  int pos;
  cursor() restrict(cpu, amp) : v(empty_view<T>::create()), pos(0) {}
  cursor(const array_view<T> &v, int pos) restrict(cpu, amp) : v(v), pos(pos) {}
  T &operator*() const restrict(cpu, amp) { return v[pos]; }
};

int main() {
  std::vector<int> data = {1, 2, 3, 4};
  array_view<int, 1> av(4, data);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
    cursor<int> c;
    int before = c.v.extent[0];
    array_view<const int, 2> none(extent<2>(0, 3), NULL);
    c = cursor<int>(av, i[0]);
    *c += 10 * (before + none.extent[1]);
  });
  av.synchronize();
  std::printf("%d %d %d %d\n", data[0], data[1], data[2], data[3]);
  // CHECK: 31 32 33 34
}
