// get_ref (array_view and array, MSVC's): operator[] in kernels; on the host the element of the host copy without
// the synchronization of operator[], so it sees a kernel's writes only after synchronize(), and its writes reach the
// next kernel after synchronize(access_type_read_write). synchronize_to and synchronize_to_async with the CPU
// accelerator's view bring the data to the host (a view of host memory: into that memory).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> v(8, 1);
  array_view<int, 1> av(8, v);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av.get_ref(i) += i[0]; });
  int &stale = av.get_ref(index<1>(3));
  std::cout << "before synchronize: " << stale << ", the host memory's own element " << (&stale == &v[3]) << "\n";
  // CHECK: before synchronize: 1, the host memory's own element 1
  av.synchronize();
  std::cout << "after: " << stale << "\n";
  // CHECK-NEXT: after: 4

  // Writes through get_ref after synchronize(access_type_read_write) reach the next kernel.
  av.synchronize(access_type_read_write);
  av.get_ref(index<1>(0)) = 100;
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] *= 2; });
  std::cout << "written through get_ref: " << av[0] << " " << av[3] << "\n";
  // CHECK-NEXT: written through get_ref: 200 8

  array_view<int, 2> grid(2, 4, v);
  parallel_for_each(grid.extent, [=](index<2> i) restrict(amp) { grid.get_ref(i) = i[0] * 10 + i[1]; });
  grid.synchronize();
  std::cout << "rank 2, section: " << grid.get_ref(index<2>(1, 2)) << " " << grid.section(index<2>(1, 1)).get_ref(index<2>(0, 2)) << "\n";
  // CHECK-NEXT: rank 2, section: 12 13

  array<int, 1> arr(8, v.begin());
  parallel_for_each(arr.extent, [&arr](index<1> i) restrict(amp) { arr.get_ref(i) *= 3; });
  std::vector<int> back = arr;
  std::cout << "array, in a kernel: " << back[1] << " " << back[7] << "\n";
  // CHECK-NEXT: array, in a kernel: 3 39
  int stale_element = arr.get_ref(index<1>(1));
  (void)arr[1]; // synchronizes the host copy
  // get_ref does not synchronize: before operator[] it reads the host copy as it is, not the kernel's 3 (what it
  // reads then is undefined, as in MSVC: the data made the array went straight to the device).
  std::cout << "array, on the host: " << (stale_element == 3 ? "synchronized" : "not synchronized")
            << ", after operator[] " << arr.get_ref(index<1>(1)) << " " << (&arr.get_ref(index<1>(1)) == &arr[1])
            << "\n";
  // CHECK-NEXT: array, on the host: not synchronized, after operator[] 3 1

  // synchronize_to the CPU accelerator's view: the host memory holds the kernel's results.
  accelerator_view cpu = accelerator(accelerator::cpu_accelerator).default_view;
  std::vector<int> w(8, 5);
  array_view<int, 1> wv(8, w);
  parallel_for_each(wv.extent, [=](index<1> i) restrict(amp) { wv[i] += 1; });
  wv.synchronize_to(cpu);
  std::cout << "synchronize_to the CPU: " << w[0] << " " << w[7] << "\n";
  // CHECK-NEXT: synchronize_to the CPU: 6 6
  parallel_for_each(wv.extent, [=](index<1> i) restrict(amp) { wv[i] += 1; });
  wv.synchronize_to_async(cpu).get();
  std::cout << "synchronize_to_async: " << w[0] << " " << w[7] << "\n";
  // CHECK-NEXT: synchronize_to_async: 7 7
  // To a device's view the data goes there, and the host memory keeps what it had.
  parallel_for_each(wv.extent, [=](index<1> i) restrict(amp) { wv[i] += 1; });
  wv.synchronize_to(accelerator().default_view);
  std::cout << "synchronize_to the device: " << w[0] << ", then synchronize: ";
  wv.synchronize();
  std::cout << w[0] << "\n";
  // CHECK-NEXT: synchronize_to the device: 7, then synchronize: 8
  // A view of an array: the array's host copy.
  array_view<int, 1> of_array(arr);
  parallel_for_each(of_array.extent, [=](index<1> i) restrict(amp) { of_array[i] = 42; });
  of_array.synchronize_to(cpu);
  std::cout << "a view of an array: " << of_array.get_ref(index<1>(5)) << "\n";
  // CHECK-NEXT: a view of an array: 42
}
