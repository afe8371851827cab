// -fampcc-checked with -fampcc-directcompute-bounds: checked mode still reports the first access out of bounds
// after the launch (runtime_exception, E_BOUNDS), with Direct3D's behaviour for the rest of the launch: in-bounds
// writes done, out-of-bounds writes dropped, reads out of bounds 0. The host keeps checked mode's checks.
// RUN: %ampcc -fampcc-checked -fampcc-directcompute-bounds -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <stdexcept>
#include <vector>
using namespace concurrency;

int main() {
  // Tiles of 4 over 10 elements: 12 threads, the last 2 outside v.
  std::vector<int> data(10, 7), seen(16, -1);
  array_view<int, 1> v(10, data);
  array_view<int, 1> s(16, seen);
  try {
    parallel_for_each(v.extent.tile<4>().pad(), [=](tiled_index<4> t) restrict(amp) {
      int g = t.global[0];
      s[g] = v[g];
      v[g] = g;
    });
    std::cout << "no violation\n";
  } catch (const runtime_exception &e) {
    std::cout << e.what() << " [" << std::hex << e.get_error_code() << std::dec << "]\n";
  }
  // CHECK: ampcc: out-of-bounds access in a kernel (checked mode): {{.*}}directcompute_bounds_checked.cpp:{{(19|20)}}:{{[0-9]+}}: index ({{1[01]}}) of v is outside its extent (10) (thread ({{1[01]}}); 4 out-of-bounds accesses in this launch) [8000000b]
  v.synchronize();
  s.synchronize();
  std::cout << "written:";
  for (int x : data)
    std::cout << " " << x;
  std::cout << "\nread:";
  for (int x : seen)
    std::cout << " " << x;
  std::cout << "\n";
  // CHECK-NEXT: written: 0 1 2 3 4 5 6 7 8 9
  // CHECK-NEXT: read: 7 7 7 7 7 7 7 7 7 7 0 0 -1 -1 -1 -1

  try {
    std::cout << v[10] << "\n";
  } catch (const std::out_of_range &e) {
    std::cout << "host: " << e.what() << "\n";
  }
  // CHECK-NEXT: host: ampcc: array_view index (10) is out of bounds of its extent (10)
}
