// accelerator::set_default sets the process's default accelerator, once: accelerator() and kernels launched
// without a view use it from then on. Here the CPU accelerator, which runs no kernels, so the launch throws.
// (After a kernel has used the default, set_default returns false: test/e2e/cpu_accelerator.cpp.)
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstring>
#include <iostream>
using namespace concurrency;

int main() {
  bool ok = accelerator::set_default(accelerator::cpu_accelerator);
  bool again = accelerator::set_default(accelerator::default_accelerator);
  accelerator acc;
  std::cout << "set " << ok << " again " << again << " default is cpu "
            << (acc == accelerator(accelerator::cpu_accelerator)) << " "
            << (accelerator(accelerator::default_accelerator) == acc) << "\n";
  try {
    parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {});
    std::cout << "ran\n";
  } catch (const runtime_exception &e) {
    std::cout << "refused " << (std::strstr(e.what(), "\"CPU accelerator\"") != nullptr) << "\n";
  }
}
// CHECK: set 1 again 0 default is cpu 1 1
// CHECK: refused 1
