// concurrency::direct3d_printf in amp code prints from the kernel to the program's standard output (OpenCL C's
// printf; MSVC printed to the debugger's output window on its reference device). Arguments keep their types:
// ints, unsigned, floats (no promotion to double, as MSVC), from a callee too.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

void report(int id, float value) restrict(amp) { direct3d_printf("callee: id %d value %.2f\n", id, value); }

int main() {
  array_view<int, 1> out(1);
  parallel_for_each(extent<1>(1), [=](index<1> i) restrict(amp) {
    unsigned u = 7u;
    direct3d_printf("kernel: %d %u %.1f\n", 42, u, 0.5f);
    report(i[0] + 3, 1.25f);
    direct3d_printf("no arguments\n");
    out[i] = 1;
  });
  out.synchronize();
  accelerator_view av = accelerator().default_view;
  av.wait();
  std::fflush(stdout);
  std::printf("host: %d\n", out[0]);
  // CHECK: kernel: 42 7 0.5
  // CHECK-NEXT: callee: id 3 value 1.25
  // CHECK-NEXT: no arguments
  // CHECK-NEXT: host: 1
  return 0;
}
