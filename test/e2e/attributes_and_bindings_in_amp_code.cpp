// C++17 in amp code: statement attributes ([[fallthrough]], an attribute on a variable), structured bindings of a
// class by value and by reference (writing through the bindings writes the object), of an array, and inside a
// helper function; if and switch with initialisers.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

struct Pair {
  int first, second;
};

int sumOf(Pair p) restrict(amp) {
  auto [a, b] = p;
  return a + b;
}

int main() {
  int out[4] = {}, swapped[8] = {};
  array_view<int, 1> ov(4, out);
  array_view<int, 1> sv(8, swapped);
  parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) {
    int r = 0;
    switch (int k = i[0]; k) {
    case 1:
      r = 10;
      [[fallthrough]];
    case 2:
      r += 1;
      break;
    default:
      r = -1;
    }
    [[maybe_unused]] int unused = r;
    Pair p{i[0], 100};
    auto &[x, y] = p;
    x *= 2;
    y += x;
    int arr[2] = {7, 8};
    auto [s, t] = arr;
    if (auto total = sumOf(p); total > 0)
      ov[i] = r * 1000 + p.first * 100 + p.second - total + s * t;
    sv[i * 2] = sumOf(Pair{s, t});
    sv[i * 2 + 1] = y;
  });
  ov.synchronize();
  sv.synchronize();
  std::printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
  // CHECK: -944 11254 1452 -350
  std::printf("%d %d %d %d\n", swapped[0], swapped[1], swapped[6], swapped[7]);
  // CHECK-NEXT: 15 100 15 106
  return 0;
}
