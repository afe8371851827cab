// accelerator::cpu_accelerator is MSVC's CPU accelerator: the host. It is listed by get_all, its views are
// views of no device (distinct from every device's), arrays on it keep their data for the host and for copies,
// and kernels on it, or over its arrays, throw runtime_exception in MSVC's words. direct3d_warp and direct3d_ref
// name a CPU OpenCL device where there is one. set_default_cpu_access_type is process-wide and set once. Views
// of its arrays may be used by kernels on a device.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstring>
#include <iostream>
#include <string>
using namespace concurrency;

std::string narrow(const std::wstring &w) { return std::string(w.begin(), w.end()); }

int main() {
  accelerator cpu(accelerator::cpu_accelerator);
  accelerator dev;
  // The default CPU access is the accelerator's, whichever object sets it, and set once, before an array takes it.
  bool first = accelerator(accelerator::default_accelerator).set_default_cpu_access_type(access_type_read);
  bool second = dev.set_default_cpu_access_type(access_type_write);
  std::cout << "cpu: " << narrow(cpu.get_description()) << " path " << narrow(cpu.get_device_path()) << " emulated "
            << cpu.get_is_emulated() << " shared " << cpu.get_supports_cpu_shared_memory() << "\n";
  int listed = 0;
  for (const accelerator &a : accelerator::get_all())
    listed += a.get_device_path() == accelerator::cpu_accelerator;
  accelerator_view own = cpu.create_view();
  std::cout << "listed " << listed << " distinct " << (cpu != dev) << (cpu.default_view != dev.default_view)
            << (own != cpu.default_view) << " same " << (cpu.default_view == accelerator(L"cpu").default_view)
            << " view's accelerator " << (own.get_accelerator() == cpu) << "\n";

  // Arrays on it hold data for the host and for copies.
  int src[4] = {1, 2, 3, 4};
  array<int, 1> host_array(4, src, cpu.default_view);
  array<int, 1> device_array(4, dev.default_view);
  copy(host_array, device_array);
  parallel_for_each(device_array.extent, [&device_array](index<1> i) restrict(amp) { device_array[i] *= 10; });
  copy(device_array, host_array);
  std::cout << "copies " << host_array[0] << " " << host_array[3] << "\n";

  // No kernels on it.
  auto refused = [](const char *what, auto &&run) {
    try {
      run();
      std::cout << what << ": ran\n";
    } catch (const runtime_exception &e) {
      std::cout << what << ": "
                << (std::strstr(e.what(), "is not supported on the selected accelerator \"CPU accelerator\"") != nullptr)
                << "\n";
    }
  };
  refused("on its view", [&] {
    parallel_for_each(cpu.default_view, extent<1>(4), [=](index<1>) restrict(amp) {});
  });
  refused("over its array", [&] {
    parallel_for_each(extent<1>(4), [&host_array](index<1> i) restrict(amp) { host_array[i] += 1; });
  });
  std::cout << "untouched " << host_array[0] << "\n";

  // A view of an array on the CPU accelerator may be used by a kernel elsewhere: its data moves there.
  array_view<int, 1> over_host(host_array);
  parallel_for_each(extent<1>(4), [=](index<1> i) restrict(amp) { over_host[i] += 1; });
  over_host.synchronize();
  std::cout << "view of it " << host_array[0] << " " << host_array[3] << "\n";
  // Kernels have used the default accelerator: it can no longer be changed.
  std::cout << "set_default after use " << accelerator::set_default(accelerator::cpu_accelerator) << "\n";

  // Microsoft's software rasterizers: constructible, a device that runs kernels where there is a CPU one.
  accelerator warp(accelerator::direct3d_warp), ref(accelerator::direct3d_ref);
  std::cout << "rasterizers " << (warp == ref) << "\n";

  array<int, 1> later(4);
  std::cout << "cpu access " << first << second << " " << later.get_cpu_access_type() << " "
            << dev.get_default_cpu_access_type() << "\n";
}
// CHECK: cpu: CPU accelerator path cpu emulated 1 shared 1
// CHECK: listed 1 distinct 111 same 1 view's accelerator 1
// CHECK: copies 10 40
// CHECK: on its view: 1
// CHECK: over its array: 1
// CHECK: untouched 10
// CHECK: view of it 11 41
// CHECK: set_default after use 0
// CHECK: rasterizers 1
// CHECK: cpu access 10 1 1
