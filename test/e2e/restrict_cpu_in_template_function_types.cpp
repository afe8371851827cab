// restrict(cpu) in a function type inside template angle brackets (a non-type template parameter, a template
// argument), before or after an exception specification: the plain function type it is (the conformance
// suite's Type_Spec/Varia/Test.03).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <type_traits>

int twice(int x) { return 2 * x; }
int twice_nothrow(int x) throw() { return 2 * x; }

template <int (*F)(int) restrict(cpu) throw()>
int call(int arg) { return F(arg); }

template <int (*F)(int) restrict(cpu)>
int call_again(int arg) { return F(arg) + 1; }

static_assert(std::is_same<std::add_pointer<int(int) restrict(cpu)>::type, int (*)(int)>::value,
              "restrict(cpu) function type");

int main() {
  // CHECK: 10 11
  std::cout << call<twice_nothrow>(5) << " " << call_again<twice>(5) << "\n";
}
