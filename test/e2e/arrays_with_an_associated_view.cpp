// array(extent, first, last, av, associated): on the CPU accelerator it is a staging array whose data waits where
// the associated view's kernels use it; on a device it lives on that device, whatever view is named as
// associated (the conformance suite names the CPU's), and kernels use it there. An array only on the CPU
// accelerator cannot be used by a kernel.
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
  parallel_for_each(out.extent, [&onDevice, &staging, &out](index<1> i) restrict(amp) {
    out[i] = onDevice[i] * 10 + staging[i];
  });
  std::vector<int> back = out;
  for (int v : back)
    std::cout << v << " ";
  std::cout << "\n";
  std::cout << "associated of the device array is the cpu's: "
            << (onDevice.get_associated_accelerator_view() == cpu) << "\n";

  array<int, 1> cpuOnly(8, cpu);
  try {
    parallel_for_each(cpuOnly.extent, [&cpuOnly](index<1> i) restrict(amp) { cpuOnly[i] = 1; });
    std::cout << "no error\n";
  } catch (const runtime_exception &) {
    std::cout << "an array only on the CPU accelerator: runtime_exception\n";
  }
}
// CHECK: 11 22 33 44 55 66 77 88
// CHECK-NEXT: associated of the device array is the cpu's: 1
// CHECK-NEXT: an array only on the CPU accelerator: runtime_exception
