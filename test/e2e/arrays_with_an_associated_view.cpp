// array(extent, first, last, av, associated): on the CPU accelerator it is a staging array whose data waits where
// the associated view's kernels use it, through views of it (a kernel that captures the staging array itself
// throws, as on MSVC); on a device it lives on that device, whatever view is named as associated (the
// conformance suite names the CPU's), which is then its associated view too, and kernels use it there.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <numeric>
using namespace concurrency;
int main() {
  accelerator_view device = accelerator().default_view;
  accelerator_view cpu = accelerator(accelerator::cpu_accelerator).default_view;
  std::vector<int> data(8);
  std::iota(data.begin(), data.end(), 1);

  array<int, 1> onDevice(8, data.begin(), data.end(), device, cpu);
  array<int, 1> staging(8, data.begin(), data.end(), cpu, device);
  array<int, 1> out(8, device, cpu);
  array_view<const int, 1> stagingView(staging);
  parallel_for_each(out.extent, [&onDevice, stagingView, &out](index<1> i) restrict(amp) {
    out[i] = onDevice[i] * 10 + stagingView[i];
  });
  std::vector<int> back = out;
  for (int v : back)
    std::cout << v << " ";
  std::cout << "\n";
  std::cout << "associated of the device array is its own view: "
            << (onDevice.get_associated_accelerator_view() == onDevice.get_accelerator_view()) << "\n";

  array<int, 1> cpuOnly(8, cpu);
  try {
    parallel_for_each(cpuOnly.extent, [&cpuOnly](index<1> i) restrict(amp) { cpuOnly[i] = 1; });
    std::cout << "no error\n";
  } catch (const runtime_exception &) {
    std::cout << "an array only on the CPU accelerator: runtime_exception\n";
  }
  try {
    parallel_for_each(staging.extent, [&staging](index<1> i) restrict(amp) { staging[i] = 1; });
    std::cout << "no error\n";
  } catch (const runtime_exception &) {
    std::cout << "a staging array captured by a kernel: runtime_exception\n";
  }
}
// CHECK: 11 22 33 44 55 66 77 88
// CHECK-NEXT: associated of the device array is its own view: 1
// CHECK-NEXT: an array only on the CPU accelerator: runtime_exception
// CHECK-NEXT: a staging array captured by a kernel: runtime_exception
