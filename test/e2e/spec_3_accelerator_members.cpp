// C++ AMP v1.2 §3.2.5, §3.3.4, §4.6.3: the accelerator's capability queries answer consistently with each other
// and with their properties, the default view belongs to its accelerator, and completion_future waits with a
// deadline (wait_until) and a duration (wait_for).
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <chrono>
#include <cstdio>
#include <future>
#include <vector>
using namespace concurrency;

int main() {
  accelerator acc;
  bool full = acc.get_supports_double_precision(), limited = acc.get_supports_limited_double_precision();
  std::printf("full double implies limited: %d\n", !full || limited);
  // CHECK: full double implies limited: 1
  std::printf("getters match properties: %d %d %d\n", full == acc.supports_double_precision,
              limited == acc.supports_limited_double_precision, acc.get_has_display() == acc.has_display);
  // CHECK-NEXT: getters match properties: 1 1 1
  std::printf("view of acc: %d, path matches: %d\n", acc.get_default_view().get_accelerator() == acc,
              acc.get_device_path() == accelerator(acc.get_device_path()).get_device_path());
  // CHECK-NEXT: view of acc: 1, path matches: 1
  accelerator cpu(accelerator::cpu_accelerator);
  std::printf("cpu accelerator: display %d, emulated %d\n", cpu.get_has_display(), cpu.get_is_emulated());
  // CHECK-NEXT: cpu accelerator: display 0, emulated 1

  std::vector<int> v(1024, 1), w(1024, 0);
  array_view<const int, 1> src(1024, v);
  array<int, 1> dst(1024);
  completion_future f = copy_async(src, dst);
  std::future_status st = f.wait_until(std::chrono::steady_clock::now() + std::chrono::seconds(30));
  std::printf("wait_until: %s, valid %d\n", st == std::future_status::ready ? "ready" : "late", f.valid());
  // CHECK-NEXT: wait_until: ready, valid 1
  f.get();
  completion_future g = copy_async(dst, w.begin());
  std::printf("wait_for: %s\n", g.wait_for(std::chrono::seconds(30)) == std::future_status::ready ? "ready" : "late");
  // CHECK-NEXT: wait_for: ready
  g.get();
  long s = 0;
  for (int x : w) s += x;
  std::printf("copied %ld\n", s);
  // CHECK-NEXT: copied 1024
}
