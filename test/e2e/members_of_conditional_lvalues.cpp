// A member, a base's member or an array member's element of a C++ lvalue that C has only as a value (a
// conditional, a member-wise assignment, a comma), assigned, incremented and bound to a reference in amp code:
// `(c ? a : b).x = 1` was C's `(c ? a : b).x = 1`, which OpenCL C rejects ("expression is not assignable").
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

struct Base {
  int b;
};
struct Derived : Base {
  int arr[3];
  float f;
};
struct Outer {
  Derived d;
  int z;
};

int compute(int i) restrict(cpu, amp) {
  Derived d1 = {}, d2 = {};
  (i & 1 ? d1 : d2).b += 10;
  (i & 2 ? d1 : d2).arr[i % 3] = 7;
  ++(i & 4 ? d1 : d2).arr[1];
  int &r = (i & 8 ? d1 : d2).arr[2];
  r += 3;
  Outer o1 = {}, o2 = {};
  (i & 16 ? o1 : o2).d.f = 2.5f;
  (i & 1 ? o1 : o2).d.b = i;
  int t = 0;
  (t = 5, d1).arr[0] += 1;
  (d2 = d1).b *= 3;
  return d1.b * 1000 + d2.b * 100 + d1.arr[0] + d1.arr[1] * 3 + d1.arr[2] * 5 + d2.arr[0] * 7 + d2.arr[1] * 11 +
         d2.arr[2] * 13 + (int)(o1.d.f * 2) + (int)(o2.d.f * 4) + o1.d.b + o2.d.b * 2 + t;
}

int main() {
  int out[32];
  array_view<int, 1> ov(32, out);
  parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) { ov[i] = compute(i[0]); });
  ov.synchronize();
  int mismatches = 0;
  for (int i = 0; i < 32; ++i)
    mismatches += out[i] != compute(i);
  std::printf("%d %d %d %d %d\n", out[0], out[7], out[13], out[30], out[31]);
  std::printf("mismatches %d\n", mismatches);
  // CHECK: 23 13142 13104 202 13215
  // CHECK-NEXT: mismatches 0
  return 0;
}
