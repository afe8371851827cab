// Staging arrays (C++ AMP 5.1.1): every constructor form that takes an accelerator_view and an associated
// accelerator_view, for each rank it is declared for: an extent or the dimensions, alone, with a first iterator, with
// an iterator range, and from an array_view. Each array lives on the CPU accelerator's view, names the associated
// view, lets the CPU read and write it (data() is its host pointer), holds the data it was made from, and reaches a
// kernel on the associated view through an array_view of it. array::data() on an array the CPU may access (a staging
// array, an array on the CPU accelerator, a device array made CPU-accessible) points at current data, a kernel's
// writes included; on an array the CPU may not access it is null, as MSVC returns.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <numeric>
#include <vector>
using namespace concurrency;

static accelerator_view cpu_view = accelerator(accelerator::cpu_accelerator).default_view;
static accelerator_view device = accelerator().default_view;

// Checks where a staging array lives and what it holds (element i is first + i), then adds 1000 to every element
// with a kernel on the associated view and reads the result through data().
template <int N> void check(const char *form, array<int, N> &a, int first) {
  bool placed = a.get_accelerator_view() == cpu_view && a.get_associated_accelerator_view() == device &&
                a.get_cpu_access_type() == access_type_read_write;
  int bad = 0, count = static_cast<int>(a.extent.size());
  const int *p = a.data();
  for (int i = 0; i < count; ++i)
    bad += p[i] != first + i;
  array_view<int, N> v(a);
  parallel_for_each(device, v.extent, [=](index<N> i) restrict(amp) { v[i] += 1000; });
  p = a.data();
  for (int i = 0; i < count; ++i)
    bad += p[i] != first + i + 1000;
  std::printf("%s: rank %d, %d elements, placed %d, wrong %d\n", form, N, count, placed, bad);
}
// The same for an array made without data: every element is written first.
template <int N> void check_empty(const char *form, array<int, N> &a) {
  std::iota(a.data(), a.data() + a.extent.size(), 5);
  check(form, a, 5);
}

int main() {
  std::vector<int> src(60);
  std::iota(src.begin(), src.end(), 0);

  array<int, 1> e1(extent<1>(6), cpu_view, device);
  check_empty("extent", e1);
  // CHECK: extent: rank 1, 6 elements, placed 1, wrong 0
  array<int, 2> e2(extent<2>(3, 4), cpu_view, device);
  check_empty("extent", e2);
  // CHECK-NEXT: extent: rank 2, 12 elements, placed 1, wrong 0
  array<int, 3> e3(extent<3>(2, 3, 4), cpu_view, device);
  check_empty("extent", e3);
  // CHECK-NEXT: extent: rank 3, 24 elements, placed 1, wrong 0
  const int dims4[] = {2, 2, 3, 5}, dims4b[] = {1, 2, 3, 4};
  array<int, 4> e4(extent<4>(dims4), cpu_view, device);
  check_empty("extent", e4);
  // CHECK-NEXT: extent: rank 4, 60 elements, placed 1, wrong 0
  array<int, 1> d1(7, cpu_view, device);
  check_empty("dimensions", d1);
  // CHECK-NEXT: dimensions: rank 1, 7 elements, placed 1, wrong 0
  array<int, 2> d2(2, 5, cpu_view, device);
  check_empty("dimensions", d2);
  // CHECK-NEXT: dimensions: rank 2, 10 elements, placed 1, wrong 0
  array<int, 3> d3(2, 2, 2, cpu_view, device);
  check_empty("dimensions", d3);
  // CHECK-NEXT: dimensions: rank 3, 8 elements, placed 1, wrong 0

  array<int, 1> f1(extent<1>(9), src.begin() + 1, cpu_view, device);
  check("extent, first", f1, 1);
  // CHECK-NEXT: extent, first: rank 1, 9 elements, placed 1, wrong 0
  array<int, 3> f3(extent<3>(3, 1, 4), src.begin() + 2, cpu_view, device);
  check("extent, first", f3, 2);
  // CHECK-NEXT: extent, first: rank 3, 12 elements, placed 1, wrong 0
  array<int, 2> r2(extent<2>(4, 5), src.begin(), src.begin() + 20, cpu_view, device);
  check("extent, first, last", r2, 0);
  // CHECK-NEXT: extent, first, last: rank 2, 20 elements, placed 1, wrong 0
  array<int, 4> r4(extent<4>(dims4b), src.data() + 3, src.data() + 27, cpu_view, device);
  check("extent, first, last", r4, 3);
  // CHECK-NEXT: extent, first, last: rank 4, 24 elements, placed 1, wrong 0

  array<int, 1> i1(5, src.begin() + 10, cpu_view, device);
  check("e0, first", i1, 10);
  // CHECK-NEXT: e0, first: rank 1, 5 elements, placed 1, wrong 0
  array<int, 1> j1(5, src.begin() + 20, src.begin() + 25, cpu_view, device);
  check("e0, first, last", j1, 20);
  // CHECK-NEXT: e0, first, last: rank 1, 5 elements, placed 1, wrong 0
  array<int, 2> i2(3, 3, src.cbegin() + 4, cpu_view, device);
  check("e0, e1, first", i2, 4);
  // CHECK-NEXT: e0, e1, first: rank 2, 9 elements, placed 1, wrong 0
  array<int, 2> j2(2, 6, src.begin() + 30, src.begin() + 42, cpu_view, device);
  check("e0, e1, first, last", j2, 30);
  // CHECK-NEXT: e0, e1, first, last: rank 2, 12 elements, placed 1, wrong 0
  const int *raw = src.data();
  array<int, 3> i3(2, 2, 3, raw + 7, cpu_view, device);
  check("e0, e1, e2, first", i3, 7);
  // CHECK-NEXT: e0, e1, e2, first: rank 3, 12 elements, placed 1, wrong 0
  array<int, 3> j3(3, 2, 2, raw + 40, raw + 52, cpu_view, device);
  check("e0, e1, e2, first, last", j3, 40);
  // CHECK-NEXT: e0, e1, e2, first, last: rank 3, 12 elements, placed 1, wrong 0

  // From an array_view (of const elements, or converted from one of non-const elements), of host memory and of a
  // device array a kernel wrote.
  array_view<const int, 2> host_view(5, 4, src);
  array<int, 2> v2(host_view, cpu_view, device);
  check("array_view", v2, 0);
  // CHECK-NEXT: array_view: rank 2, 20 elements, placed 1, wrong 0
  array<int, 1> on_device(8, device);
  parallel_for_each(device, on_device.extent, [&on_device](index<1> i) restrict(amp) { on_device[i] = 50 + i[0]; });
  array<int, 1> v1(array_view<int, 1>(on_device), cpu_view, device);
  check("array_view", v1, 50);
  // CHECK-NEXT: array_view: rank 1, 8 elements, placed 1, wrong 0

  // Copies between a staging array and a device array, both ways.
  array<int, 1> back(8, device);
  copy(v1, back);
  std::vector<int> out(8);
  copy(back, out.begin());
  std::printf("copied through the device: %d %d\n", out[0], out[7]);
  // CHECK-NEXT: copied through the device: 1050 1057

  // data() where the CPU may access the array: on the CPU accelerator, and a device array asked to be CPU-accessible.
  array<int, 1> on_cpu(4, src.begin(), cpu_view);
  std::printf("cpu accelerator: %d %d\n", on_cpu.data()[0], on_cpu.data()[3]);
  // CHECK-NEXT: cpu accelerator: 0 3
  array<int, 1> shared(4, src.begin(), device, access_type_read_write);
  array_view<int, 1> shared_view(shared);
  parallel_for_each(device, shared_view.extent, [=](index<1> i) restrict(amp) { shared_view[i] *= -1; });
  const array<int, 1> &shared_const = shared;
  std::printf("device, CPU read_write: %d %d, const %d\n", shared.data()[1], shared.data()[3], shared_const.data()[2]);
  // CHECK-NEXT: device, CPU read_write: -1 -3, const -2
  array<int, 1> device_only(4, src.begin(), device, access_type_none);
  const array<int, 1> &device_only_const = device_only;
  std::printf("device, no CPU access: %d %d\n", device_only.data() == nullptr, device_only_const.data() == nullptr);
  // CHECK-NEXT: device, no CPU access: 1 1
}
