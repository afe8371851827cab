// concurrency::direct3d::create_accelerator_view(accelerator&, bool disable_timeout, queuing_mode) and
// is_timeout_disabled (MSVC's amprt.h, used to run long kernels): a new view of the accelerator with the mode asked
// for, which runs kernels and holds arrays; is_timeout_disabled reports what was asked for that view, through its
// copies and the arrays on it, and false for other views.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

int main() {
  accelerator acc;
  accelerator_view longrun = direct3d::create_accelerator_view(acc, true);
  accelerator_view imm = direct3d::create_accelerator_view(acc, false, queuing_mode_immediate);
  std::printf("new views: %d %d, modes %d %d, accelerator %d\n", longrun != acc.default_view, imm != longrun,
              longrun.queuing_mode == queuing_mode_automatic, imm.queuing_mode == queuing_mode_immediate,
              longrun.accelerator == acc);
  // CHECK: new views: 1 1, modes 1 1, accelerator 1
  array<int, 1> a(1024, longrun);
  std::printf("timeout disabled: %d, a copy %d, the array's view %d, the other %d, the default view %d\n",
              direct3d::is_timeout_disabled(longrun), direct3d::is_timeout_disabled(accelerator_view(longrun)),
              direct3d::is_timeout_disabled(a.accelerator_view), direct3d::is_timeout_disabled(imm),
              direct3d::is_timeout_disabled(acc.default_view));
  // CHECK-NEXT: timeout disabled: 1, a copy 1, the array's view 1, the other 0, the default view 0
  parallel_for_each(longrun, a.extent, [&a](index<1> i) restrict(amp) {
    int s = 0;
    for (int k = 0; k < 1000; ++k)
      s += (i[0] + k) % 7;
    a[i] = s;
  });
  int s = 0;
  for (int k = 0; k < 1000; ++k)
    s += (1023 + k) % 7;
  std::printf("kernel: %d\n", a[1023] == s);
  // CHECK-NEXT: kernel: 1
  accelerator cpu(accelerator::cpu_accelerator);
  accelerator_view cpuv = direct3d::create_accelerator_view(cpu, true);
  std::printf("CPU accelerator: %d %d\n", cpuv.accelerator == cpu, direct3d::is_timeout_disabled(cpuv));
  // CHECK-NEXT: CPU accelerator: 1 1
}
