// copy between every pair of array, array_view and iterator range, copy_async with its completion_future
// (get, wait, wait_for, then, conversion to std::shared_future), synchronize_async, synchronize_to and
// accelerator_view::create_marker.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <atomic>
#include <iostream>
#include <numeric>
#include <vector>
using namespace concurrency;

template <typename C> void print(const char *name, const C &c) {
  std::cout << name << ":";
  for (auto x : c)
    std::cout << " " << x;
  std::cout << "\n";
}

int main() {
  std::vector<int> v(6);
  std::iota(v.begin(), v.end(), 1);
  array<int, 1> a(6), b(6);
  std::vector<int> host(6, 0), out(6, 0);
  array_view<int, 1> hv(6, host);

  // Synchronous copies, each pair once.
  copy(v.begin(), v.end(), a);             // range -> array
  copy(a, b);                              // array -> array
  copy(b, hv);                             // array -> view
  copy(hv.section(1, 2), a.section(4, 2)); // view -> view (a[4..5] = 2 3)
  copy(array_view<const int, 1>(hv), b);   // const view -> array
  copy(a, out.begin());                    // array -> iterator
  print("array", out);
  copy(v.rbegin(), hv);  // begin iterator -> view
  copy(hv, out.begin()); // view -> iterator
  print("view", out);

  // Overlapping views of one vector: the copy reads its source before it writes.
  std::vector<int> ov(v);
  array_view<int, 1> ovv(6, ov);
  copy(ovv.section(0, 4), ovv.section(2, 4));
  ovv.synchronize();
  print("overlap", ov);

  // copy_async: the same copies, waited for in each of the ways a completion_future offers.
  array<int, 1> c(6);
  completion_future f1 = copy_async(v.begin(), v.end(), c);
  f1.get();
  completion_future f2 = copy_async(c, hv);
  f2.wait();
  std::vector<int> back(6, 0);
  completion_future f3 = copy_async(hv, back.begin());
  while (f3.wait_for(std::chrono::milliseconds(1)) != std::future_status::ready) {
  }
  print("async", back);

  // A continuation runs once the copy is done; the future converts to std::shared_future.
  std::atomic<int> seen{0};
  array<int, 1> d(6);
  completion_future f4 = copy_async(c, d);
  f4.then([&] { seen = std::vector<int>(d)[5]; });
  std::shared_future<void> sf = f4;
  sf.wait();
  f4 = completion_future(); // the last copy of the future waits for the continuation it started
  std::cout << "then: " << seen << " valid " << f4.valid() << "\n";

  // Kernel results brought back asynchronously, moved to another view's device, and a marker.
  accelerator_view av = accelerator().create_view();
  parallel_for_each(
      av, hv.extent, [=](index<1> i) restrict(amp) { hv[i] *= 10; });
  completion_future marker = av.create_marker();
  marker.wait();
  hv.synchronize_async().get();
  print("synchronize_async", host);
  host[0] = 7;
  hv.refresh();
  hv.synchronize_to(av);
  parallel_for_each(
      av, hv.extent, [=](index<1> i) restrict(amp) { hv[i] += 1; });
  hv.synchronize_to_async(accelerator().default_view).wait();
  hv.synchronize();
  print("synchronize_to", host);
}

// CHECK: array: 1 2 3 4 2 3
// CHECK-NEXT: view: 6 5 4 3 2 1
// CHECK-NEXT: overlap: 1 2 1 2 3 4
// CHECK-NEXT: async: 1 2 3 4 5 6
// CHECK-NEXT: then: 6 valid 0
// CHECK-NEXT: synchronize_async: 10 20 30 40 50 60
// CHECK-NEXT: synchronize_to: 8 21 31 41 51 61
