// array_view::get_source_accelerator_view (and the source_accelerator_view property) of a view made without a data
// source throws runtime_exception, as MSVC documents; so do its copies, sections and const views, which share it.
// A view of host memory names the CPU accelerator's view, a view of an array the array's.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <class F> void source_of(const char *what, F f) {
  try {
    accelerator_view v = f();
    std::printf("%s: %ls\n", what, v.accelerator.device_path.c_str());
  } catch (runtime_exception &e) {
    std::printf("%s: runtime_exception %lx\n", what, (unsigned long)e.get_error_code());
  }
}

int main() {
  array_view<int, 2> scratch(4, 4);
  parallel_for_each(scratch.extent, [=](index<2> i) restrict(amp) { scratch[i] = i[0] + i[1]; });
  source_of("no data source", [&] { return scratch.get_source_accelerator_view(); });
  // CHECK: no data source: runtime_exception 80070057
  source_of("its section", [&] { return scratch.section(1, 1, 2, 2).get_source_accelerator_view(); });
  // CHECK-NEXT: its section: runtime_exception 80070057
  array_view<const int, 1> row = scratch[3];
  source_of("a const projection, by the property", [&] { return accelerator_view(row.source_accelerator_view); });
  // CHECK-NEXT: a const projection, by the property: runtime_exception 80070057
  std::printf("still usable: %d\n", row[3]);
  // CHECK-NEXT: still usable: 6

  std::vector<int> v(8);
  array_view<int, 1> hv(8, v);
  source_of("host memory", [&] { return hv.get_source_accelerator_view(); });
  // CHECK-NEXT: host memory: cpu
  array<int, 1> a(8, accelerator(accelerator::cpu_accelerator).default_view);
  array_view<int, 1> avv(a);
  source_of("an array on the CPU accelerator", [&] { return avv.get_source_accelerator_view(); });
  // CHECK-NEXT: an array on the CPU accelerator: cpu
}
