// The runtime moves only what C++ AMP semantics require: inputs once, discarded outputs never uploaded,
// const views never copied back, results copied back once on host access, nothing for repeated launches.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

static void report(const char* what) {
  ampcc::rt::stats s = ampcc::rt::current_stats();
  std::cout << what << ": to device " << s.bytes_to_device << ", to host " << s.bytes_to_host << ", kernels "
            << s.kernels_launched << "\n";
  ampcc::rt::reset_stats();
}

int main() {
  // The seed's sum: a and b go up (20 bytes each), sum is discarded so it does not, and comes back once.
  int aCPP[] = {1, 2, 3, 4, 5};
  int bCPP[] = {6, 7, 8, 9, 10};
  int sumCPP[5];
  {
    array_view<const int, 1> a(5, aCPP);
    array_view<const int, 1> b(5, bCPP);
    array_view<int, 1> sum(5, sumCPP);
    sum.discard_data();
    ampcc::rt::reset_stats();
    parallel_for_each(sum.extent, [=](index<1> idx) restrict(amp) { sum[idx] = a[idx] + b[idx]; });
    int total = 0;
    for (int i = 0; i < 5; i++) total += sum[i];
    std::cout << "total " << total << "\n";
    report("seed sum");

    // Ten more launches reading the same inputs: a and b stay on the device. The host's reads through the
    // non-const view above counted as writes (operator[] returns int&), so sum goes up once, as in C++ AMP.
    for (int k = 0; k < 10; ++k)
      parallel_for_each(sum.extent, [=](index<1> idx) restrict(amp) { sum[idx] = a[idx] * b[idx] + k; });
    report("ten launches, no host access");
    sum.synchronize();
    report("synchronize");
    sum.synchronize();
    report("second synchronize");
  }
  report("views destroyed");

  // Without discard_data the output is uploaded too, since elements the kernel leaves alone must survive.
  std::vector<int> v(1000, 1);
  {
    array_view<int, 1> av(1000, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
      if (i[0] % 2 == 0) av[i] = 2;
    });
  }
  report("partial write, view destroyed");
  std::cout << "v[0] " << v[0] << " v[1] " << v[1] << "\n";
}

// CHECK: total 55
// CHECK-NEXT: seed sum: to device 40, to host 20, kernels 1
// CHECK-NEXT: ten launches, no host access: to device 20, to host 0, kernels 10
// CHECK-NEXT: synchronize: to device 0, to host 20, kernels 0
// CHECK-NEXT: second synchronize: to device 0, to host 0, kernels 0
// CHECK-NEXT: views destroyed: to device 0, to host 0, kernels 0
// CHECK-NEXT: partial write, view destroyed: to device 4000, to host 4000, kernels 1
// CHECK-NEXT: v[0] 2 v[1] 1
