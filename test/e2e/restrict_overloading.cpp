// Restriction specifiers are real overloading: the kernel calls the amp overloads, the host the cpu ones,
// restrict(cpu, amp) code picks per side; `restrict` stays an ordinary identifier elsewhere.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include "include/restrict_overloads.h"
using namespace concurrency;

int restrict(int a) { return a * 3; }
struct restrict_holder { int restrict = 7; };

int main() {
  std::vector<int> v(4, 1);
  array_view<int, 1> av(4, v);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
    Tagged t;
    av[i] = scale(av[i]) + t.both();
  });
  av.synchronize();
  Tagged t;
  restrict_holder h;
  std::cout << "device " << v[0] << "\n";
  std::cout << "host " << scale(1) << " " << t.both() << "\n";
  std::cout << "identifier " << restrict(2) << " " << h.restrict << "\n";
}
// device: scale(1) = 101, both() = scale(10) + which() = 110 + 2 on the amp side.
// CHECK: device 213
// CHECK: host 2 12
// CHECK: identifier 6 7
