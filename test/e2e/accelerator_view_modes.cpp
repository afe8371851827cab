// accelerator_view properties beyond the queue: queuing modes, the auto-selection view, flush, wait,
// comparisons, and kernels on views of either mode.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

int main() {
  accelerator acc;
  accelerator_view immediate = acc.create_view(queuing_mode_immediate);
  accelerator_view automatic = acc.create_view();
  accelerator_view copy = immediate;
  std::cout << "modes: " << immediate.get_queuing_mode() << " " << automatic.queuing_mode << " "
            << (acc.get_default_view().get_queuing_mode() == queuing_mode_automatic) << "\n";
  std::cout << "auto selection: " << accelerator::get_auto_selection_view().get_is_auto_selection() << " "
            << acc.get_default_view().get_is_auto_selection() << "\n";
  std::cout << "equal: " << (copy == immediate) << " " << (immediate != automatic) << " "
            << (immediate.get_accelerator() == acc) << "\n";

  std::vector<int> data(4, 1);
  array_view<int, 1> dv(4, data);
  parallel_for_each(
      immediate, dv.extent, [=](index<1> i) restrict(amp) { dv[i] += i[0]; });
  immediate.flush();
  parallel_for_each(
      automatic, dv.extent, [=](index<1> i) restrict(amp) { dv[i] *= 2; });
  automatic.wait();
  dv.synchronize();
  std::cout << "kernels: " << data[0] << " " << data[1] << " " << data[2] << " " << data[3] << "\n";
}

// CHECK: modes: 0 1 1
// CHECK-NEXT: auto selection: 1 0
// CHECK-NEXT: equal: 1 1 1
// CHECK-NEXT: kernels: 2 4 6 8
