// Names that code written for MSVC's amp.h uses without including anything else: the limits of <climits> and
// <cfloat>, and nullptr_t in the global namespace (MSVC's C runtime declares it there as well as in std).
// std::nullptr_t is one of amp code's fundamental types: variables of it, pointers to them, conversions to
// pointers, comparisons.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

struct Holder {
  int value;
  nullptr_t none;
};

nullptr_t make_null(int &calls) restrict(amp) {
  ++calls;
  return nullptr;
}

int main() {
  std::vector<int> out(6, 0);
  array_view<int, 1> ov(6, out);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
    nullptr_t none = nullptr;
    nullptr_t *pn = &none;
    *pn = nullptr;
    int *p = none;
    ov[0] = p == nullptr && none == nullptr;
    ov[1] = INT_MAX;
    ov[2] = FLT_MAX > 1e38f;
    int calls = 0;
    int *q = make_null(calls);
    ov[3] = q == nullptr ? calls : -1;
    Holder h = {7, nullptr};
    ov[4] = h.value + (h.none == nullptr);
    ov[5] = sizeof(nullptr_t);
  });
  ov.synchronize();
  nullptr_t host_none = nullptr;
  for (int v : out)
    std::cout << v << " ";
  std::cout << (host_none == nullptr) << "\n";
}
// CHECK: 1 2147483647 1 1 8 8 1
