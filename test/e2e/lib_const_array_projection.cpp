// Projections and sections of a const array captured by reference in a kernel are views of const elements:
// CA[i][j][k], CA(i)(j)(k), CA[i](j), CA.section(...)[i][j][k], kept in array_view<const int, N> variables, in
// ranks 3 and 2 (the lowering used the non-const view type there and produced invalid OpenCL C).
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <numeric>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> s(60);
  std::iota(s.begin(), s.end(), 0);
  array<int, 3> A(3, 4, 5, s.begin());
  array<int, 2> B(4, 5, s.begin());
  const array<int, 3> &CA = A;
  const array<int, 2> &CB = B;
  array_view<int, 1> out(8);
  parallel_for_each(extent<1>(1), [=, &CA, &CB](index<1>) restrict(amp) {
    out[0] = CA[1][2][3];
    out[1] = CA(1)(2)(3);
    out[2] = CA[2](1)[4];
    out[3] = CA.section(index<3>(1, 0, 0), extent<3>(2, 4, 5))[0][2][3];
    array_view<const int, 2> plane = CA[2];
    array_view<const int, 1> row = plane[3];
    out[4] = row[4] + CA.section(1, 1, 1, 2, 3, 4)(0)(0)(0) * 1000;
    array_view<const int, 1> r3 = CB[3], r01 = CA[0][1];
    out[5] = r3[0] + r3[1] + (r01[0] + r01[1]) * 1000;
    out[6] = CB.section(index<2>(1, 1))[2][3];
    out[7] = CA.section(extent<3>(2, 2, 2))[1].section(index<2>(1, 1))[0][0];
  });
  std::printf("%d %d %d %d %d %d %d %d\n", out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7]);
  // CHECK: 33 33 49 33 26059 11031 19 26
}
