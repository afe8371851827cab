// std::wcout mixed with printf and std::cout, as Microsoft's C++ AMP samples print (the device's description through
// std::wcout, the results through printf). MSVC's C runtime writes both; glibc drops every narrow write after the
// first wide one. Under -fampcc-msvc (ampcc/msvc.h) the wide console streams write narrow characters, in order
// with the narrow ones, and nothing is lost.
// RUN: %ampcc -fampcc-msvc -O2 %s -o %t && %t 2>&1 | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <iostream>
using namespace concurrency;

int main() {
  int data[4] = {1, 2, 3, 4};
  array_view<int, 1> v(4, data);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += 10; });
  v.synchronize();
  // CHECK: Using device: wide
  std::wcout << L"Using device: " << L"wide" << std::endl;
  // CHECK-NEXT: printf 11 14
  std::printf("printf %d %d\n", data[0], data[3]);
  std::fflush(stdout);
  // CHECK-NEXT: cout 12
  std::cout << "cout " << data[1] << std::endl;
  // CHECK-NEXT: wide again 13
  std::wcout << L"wide again " << data[2] << std::endl;
  // CHECK-NEXT: wcerr ok
  std::wcerr << L"wcerr ok" << std::endl;
}
