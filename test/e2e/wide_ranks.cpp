// Compute domains, arrays and views of rank above 3: kernels over extent<4> and extent<5>, element access by
// index, projections down to rank 3 and sections, on the host and in kernels.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <algorithm>
using namespace concurrency;

// The value the kernels store at an index: its coordinates as decimal digits.
template <int N> int digits(const index<N> &i) restrict(cpu, amp) {
  int v = 0;
  for (int d = 0; d < N; ++d)
    v = v * 10 + i[d];
  return v;
}

int main() {
  // A rank 4 domain (2*3*4*5 = 120 threads) writing through a rank 4 view.
  int e4[4] = {2, 3, 4, 5};
  std::vector<int> data4(120, -1);
  array_view<int, 4> v4(extent<4>(e4), data4);
  parallel_for_each(v4.extent, [=](index<4> i) restrict(amp) { v4[i] = digits(i); });
  v4.synchronize();
  int wrong = 0;
  for (int k = 0; k < 120; ++k) {
    int i0 = k / 60, i1 = k / 20 % 3, i2 = k / 5 % 4, i3 = k % 5;
    wrong += data4[k] != i0 * 1000 + i1 * 100 + i2 * 10 + i3;
  }
  std::cout << "rank4 wrong " << wrong << "\n";

  // Host access by index and a projection to rank 3.
  int at[4] = {1, 2, 3, 4};
  std::cout << "host " << v4[index<4>(at)] << " " << v4[1][2][3][4] << " " << v4[1].extent[2] << "\n";

  // A rank 5 array on the device; each thread reads the rank 4 view through a projection and a section.
  int e5[5] = {2, 2, 3, 4, 5};
  array<int, 5> a5((extent<5>(e5)));
  array_view<const int, 4> in4 = v4;
  parallel_for_each(a5.extent, [=, &a5](index<5> i) restrict(amp) {
    int c[4] = {i[1], i[2], i[3], i[4]};
    index<4> j(c);
    array_view<const int, 3> p = in4[j[0]];
    int o[4] = {0, 1, 1, 1};
    array_view<const int, 4> s = in4.section(index<4>(o));
    int same = (j[1] >= 1 && j[2] >= 1 && j[3] >= 1) ? s[j - index<4>(o)] == in4[j] : 1;
    a5[i] = i[0] * 100000 + p[index<3>(j[1], j[2], j[3])] * 10 + same;
  });
  std::vector<int> out5(240);
  copy(a5, out5.begin());
  wrong = 0;
  for (int k = 0; k < 240; ++k) {
    int i0 = k / 120, r = k % 120;
    int i1 = r / 60, i2 = r / 20 % 3, i3 = r / 5 % 4, i4 = r % 5;
    wrong += out5[k] != i0 * 100000 + (i1 * 1000 + i2 * 100 + i3 * 10 + i4) * 10 + 1;
  }
  std::cout << "rank5 wrong " << wrong << "\n";

  // A section of a rank 4 view on the host, written by a kernel over its own extent.
  int so[4] = {1, 1, 1, 1};
  int se[4] = {1, 2, 3, 4};
  array_view<int, 4> sec = v4.section(index<4>(so), extent<4>(se));
  parallel_for_each(sec.extent, [=](index<4> i) restrict(amp) { sec[i] = -digits(i); });
  v4.synchronize();
  std::cout << "section " << data4[60 + 20 + 5 + 1] << " " << data4[60 + 2 * 20 + 3 * 5 + 4] << " "
            << data4[60 + 20 + 5] << " " << std::count_if(data4.begin(), data4.end(), [](int x) { return x < 0; })
            << "\n";

  // A domain whose leading dimensions fold into more threads than one OpenCL work-group dimension holds.
  int big[6] = {3, 5, 7, 11, 2, 2};
  array_view<int, 1> count(1);
  count[0] = 0;
  parallel_for_each(extent<6>(big), [=](index<6> i) restrict(amp) {
    if (i[0] == 2 && i[1] == 4 && i[2] == 6 && i[3] == 10)
      atomic_fetch_add(&count[0], i[4] * 2 + i[5] + 1);
  });
  std::cout << "fold " << count[0] << "\n";
}
// CHECK: rank4 wrong 0
// CHECK: host 1234 1234 5
// CHECK: rank5 wrong 0
// The section's origin, its last element, the element before it, how many it holds.
// CHECK: section 0 -123 1110 23
// 1 + 2 + 3 + 4 over the four threads of the last two dimensions
// CHECK: fold 10
