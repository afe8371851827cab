// Every way to make a C++ AMP array: extents or int dimensions, iterator ranges or a begin iterator, an
// accelerator_view with a CPU access type, staging arrays with an associated view, from array_views, copies,
// moves and assignment from a view; each array is then used by a kernel or read back.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <deque>
#include <iostream>
#include <list>
#include <numeric>
#include <vector>
using namespace concurrency;

template <typename T, int N> void print(const char *name, const array<T, N> &a) {
  std::vector<T> v = a;
  std::cout << name << ":";
  for (T x : v)
    std::cout << " " << x;
  std::cout << "\n";
}

int main() {
  std::vector<int> v(6);
  std::iota(v.begin(), v.end(), 1);
  std::deque<float> dq(v.begin(), v.end());
  std::list<int> li(v.begin(), v.end());
  accelerator acc;
  // A default CPU access set on the accelerator, before any array takes it, reaches arrays made later on it
  // with access_type_auto (MSVC: it can be set once, and not after an array has used it).
  bool set = acc.set_default_cpu_access_type(access_type_read);
  accelerator_view av = acc.create_view(queuing_mode_immediate);

  array<int, 1> r1(6, v.begin(), v.end());
  array<int, 2> r2(2, 3, v.rbegin());
  array<int, 3> r3(extent<3>(1, 2, 3), li.begin(), li.end());
  array<float, 1> f1(6, dq.cbegin(), av, access_type_read_write);
  array<int, 2> on_view(2, 3, av);
  print("range", r1);
  print("reverse begin", r2);
  print("list", r3);
  print("deque on view", f1);
  std::cout << "on view: " << (on_view.get_accelerator_view() == av) << " access " << f1.get_cpu_access_type() << "\n";

  // No CPU access means no host pointer.
  array<int, 1> no_cpu(4, av, access_type_none);
  set = set && !acc.set_default_cpu_access_type(access_type_write);
  array<int, 1> read_only(4, acc.get_default_view());
  std::cout << "cpu access: " << (no_cpu.data() == nullptr) << " " << read_only.get_cpu_access_type() << " set once "
            << set << "\n";

  // A kernel doubles an array made from a begin iterator on a view.
  array<int, 2> dbl(extent<2>(2, 3), v.begin(), av);
  parallel_for_each(
      av, dbl.extent, [&dbl](index<2> i) restrict(amp) { dbl[i] *= 2; });
  print("doubled", dbl);

  // Staging: the host side on the CPU accelerator's view, kernels on the associated one through views of it
  // (capturing the staging array itself throws, as on MSVC: arrays_with_an_associated_view.cpp).
  accelerator cpu(accelerator::cpu_accelerator);
  array<int, 1> staging(6, v.begin(), v.end(), cpu.default_view, av);
  array_view<int, 1> stagingView(staging);
  parallel_for_each(av, staging.extent, [=](index<1> i) restrict(amp) { stagingView[i] += 10; });
  stagingView.synchronize();
  std::cout << "staging: " << staging.data()[0] << " " << staging.data()[5] << " associated "
            << (staging.get_associated_accelerator_view() == av) << " cpu view "
            << (staging.get_accelerator_view() == cpu.default_view) << "\n";

  // From views (a section, so a strided source), copies, moves, assignment from a view.
  array_view<int, 2> src(2, 3, v);
  array<int, 1> from_section(src[1]);
  array<int, 2> from_view(src, av);
  array<int, 2> copied(from_view);
  copied[index<2>(0, 0)] = 100;
  array<int, 2> moved(std::move(copied));
  array<int, 2> assigned(2, 3);
  assigned = array_view<const int, 2>(src);
  print("from section", from_section);
  print("from view", from_view);
  print("moved copy", moved);
  print("assigned", assigned);

  // copy_to into an array and into a view of one: views made before see the data.
  array<int, 2> dest(2, 3);
  array_view<int, 2> dest_view(dest);
  moved.copy_to(dest);
  std::cout << "copy_to: " << dest_view(0, 0) << " " << dest_view(1, 2) << "\n";
}

// CHECK: range: 1 2 3 4 5 6
// CHECK-NEXT: reverse begin: 6 5 4 3 2 1
// CHECK-NEXT: list: 1 2 3 4 5 6
// CHECK-NEXT: deque on view: 1 2 3 4 5 6
// CHECK-NEXT: on view: 1 access 3
// CHECK-NEXT: cpu access: 1 1 set once 1
// CHECK-NEXT: doubled: 2 4 6 8 10 12
// CHECK-NEXT: staging: 11 16 associated 1 cpu view 1
// CHECK-NEXT: from section: 4 5 6
// CHECK-NEXT: from view: 1 2 3 4 5 6
// CHECK-NEXT: moved copy: 100 2 3 4 5 6
// CHECK-NEXT: assigned: 1 2 3 4 5 6
// CHECK-NEXT: copy_to: 100 6
