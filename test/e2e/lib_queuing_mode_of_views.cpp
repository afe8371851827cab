// An accelerator_view's queuing_mode belongs to the view it names, however it is reached: the source view of an
// array_view over an array made on a queuing_mode_immediate view reports immediate (it reported automatic), as do
// the array's own views and the CPU accelerator's views made with the mode.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

const char *mode(queuing_mode m) { return m == queuing_mode_immediate ? "immediate" : "automatic"; }

int main() {
  accelerator acc;
  accelerator_view iv = acc.create_view(queuing_mode_immediate);
  accelerator_view dv = acc.create_view();
  array<int, 1> a(16, iv), b(16, dv);
  array_view<int, 1> va(a), vb(b);
  std::printf("array: %s, view's source: %s, by the property: %s, same view %d\n", mode(a.accelerator_view.queuing_mode),
              mode(va.get_source_accelerator_view().queuing_mode),
              mode(accelerator_view(va.source_accelerator_view).get_queuing_mode()),
              va.get_source_accelerator_view() == iv);
  // CHECK: array: immediate, view's source: immediate, by the property: immediate, same view 1
  std::printf("automatic: %s %s, default view: %s\n", mode(b.get_accelerator_view().queuing_mode),
              mode(vb.get_source_accelerator_view().queuing_mode), mode(acc.default_view.queuing_mode));
  // CHECK-NEXT: automatic: automatic automatic, default view: automatic

  accelerator cpu(accelerator::cpu_accelerator);
  accelerator_view cpu_iv = cpu.create_view(queuing_mode_immediate);
  array<int, 1> staged(16, cpu_iv, iv);
  array_view<int, 1> vs(staged);
  std::printf("CPU accelerator: %s, source %s, associated %s\n", mode(cpu_iv.queuing_mode),
              mode(vs.get_source_accelerator_view().queuing_mode),
              mode(staged.get_associated_accelerator_view().queuing_mode));
  // CHECK-NEXT: CPU accelerator: immediate, source immediate, associated immediate

  // The views still run kernels in order.
  parallel_for_each(iv, va.extent, [=](index<1> i) restrict(amp) { va[i] = i[0] * 2; });
  parallel_for_each(va.get_source_accelerator_view(), va.extent, [=](index<1> i) restrict(amp) { va[i] += 1; });
  std::printf("kernels: %d %d\n", va[0], va[15]);
  // CHECK-NEXT: kernels: 1 31
}
