// The overview seed's shared-memory sample with its missing semicolon added (the seed as published is
// in test/diagnostics/seed_missing_semicolon.cpp), plus a listing of the accelerators.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>

using namespace Concurrency;

int main()
{
  accelerator acc = accelerator(accelerator::default_accelerator);

  // Early out if the default accelerator doesn't support shared memory.
  if (!acc.supports_cpu_shared_memory)
  {
    std::cout << "The default accelerator does not support shared memory" << std::endl;
    return 1;
  }

  // Override the default CPU access type.
  acc.default_cpu_access_type = access_type_read_write;

  // Create an accelerator_view from the default accelerator. The
  // accelerator_view inherits its default_cpu_access_type from acc.
  accelerator_view acc_v = acc.default_view;

  // Create an extent object to size the arrays.
  extent<1> ex(10);

  // Input array that can be written on the CPU.
  array<int, 1> arr_w(ex, acc_v, access_type_write);

  // Output array that can be read on the CPU.
  array<int, 1> arr_r(ex, acc_v, access_type_read);

  // Read-write array that can be both written to and read from on the CPU.
  array<int, 1> arr_rw(ex, acc_v, access_type_read_write);

  std::cout << "access types: " << arr_w.get_cpu_access_type() << arr_r.get_cpu_access_type()
            << arr_rw.get_cpu_access_type() << "\n";
  std::vector<accelerator> all = accelerator::get_all();
  std::cout << "accelerators: " << (all.empty() ? "none" : "some") << "\n";
  std::wcout << L"default has a description: " << (acc.description.empty() ? L"no" : L"yes") << L"\n";
}

// CHECK: access types: 213
// CHECK-NEXT: accelerators: some
// CHECK-NEXT: default has a description: yes
