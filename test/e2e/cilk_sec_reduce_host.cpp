// Array-notation reductions on the host, each checked against a plain loop: __sec_reduce_add/_mul/_max/_min/
// _max_ind/_min_ind, the zero tests, the user reduction __sec_reduce and _mutating, strided and 2-D sections,
// a reduction in an unbraced if body and in a return, and __sec_implicit_index.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <cilk/cilk.h>
#include <cstdio>

static double plus(double a, double b) { return a + b; }
static void add_to(long *acc, long v) { *acc += v; }

int sum_of(const int *p, int n) { return __sec_reduce_add(p[0:n]); }

int main() {
  int a[16], b[16], z[8] = {0};
  double d[12];
  int m[4][5];
  for (int i = 0; i < 16; i++) {
    a[i] = (i * 7) % 11 - 5;
    b[i] = i % 3 + 1;
  }
  for (int i = 0; i < 12; i++)
    d[i] = 0.5 * i;
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 5; c++)
      m[r][c] = r * 10 + c;

  int dot = __sec_reduce_add(a[:] * b[:]), dot_ref = 0;
  for (int i = 0; i < 16; i++)
    dot_ref += a[i] * b[i];
  std::printf("add: %d %s\n", dot, dot == dot_ref ? "match" : "MISMATCH");

  long prod = __sec_reduce_mul(b[0:8:2]), prod_ref = 1;
  for (int i = 0; i < 16; i += 2)
    prod_ref *= b[i];
  std::printf("mul: %ld %s\n", prod, prod == prod_ref ? "match" : "MISMATCH");

  int hi = __sec_reduce_max(a[2:10]), lo = __sec_reduce_min(a[2:10]);
  int hi_at = __sec_reduce_max_ind(a[2:10]), lo_at = __sec_reduce_min_ind(a[2:10]);
  int hi_ref = a[2], lo_ref = a[2], hi_at_ref = 0, lo_at_ref = 0;
  for (int i = 0; i < 10; i++) {
    if (a[2 + i] > hi_ref)
      hi_ref = a[2 + i], hi_at_ref = i;
    if (a[2 + i] < lo_ref)
      lo_ref = a[2 + i], lo_at_ref = i;
  }
  std::printf("max %d at %d, min %d at %d: %s\n", hi, hi_at, lo, lo_at,
              hi == hi_ref && lo == lo_ref && hi_at == hi_at_ref && lo_at == lo_at_ref ? "match" : "MISMATCH");

  std::printf("zero tests: %d %d %d %d %d %d\n", __sec_reduce_all_zero(z[:]), __sec_reduce_any_nonzero(z[:]),
              __sec_reduce_all_nonzero(b[:]), __sec_reduce_any_zero(b[:]), __sec_reduce_any_zero(a[:]),
              __sec_reduce_all_zero(a[0:1]));

  double total = __sec_reduce(1.0, d[:], plus);
  std::printf("user: %.1f\n", total);
  long acc = 100;
  __sec_reduce_mutating(acc, b[:], add_to);
  std::printf("mutating: %ld\n", acc);

  int grid = __sec_reduce_add(m[1:2][:]), grid_ref = 0;
  for (int r = 1; r < 3; r++)
    for (int c = 0; c < 5; c++)
      grid_ref += m[r][c];
  std::printf("2-D: %d %s\n", grid, grid == grid_ref ? "match" : "MISMATCH");

  int guarded = -1;
  if (dot > 0)
    guarded = __sec_reduce_add(b[0:4]);
  else
    guarded = __sec_reduce_add(b[4:4]);
  std::printf("if: %d, return: %d\n", guarded, sum_of(b, 6));

  int idx[6];
  idx[:] = __sec_implicit_index(0) * 3;
  int weighted = __sec_reduce_add(b[0:6] * __sec_implicit_index(0));
  std::printf("implicit index: %d %d %d, weighted %d\n", idx[0], idx[1], idx[5], weighted);
  return 0;
}

// CHECK: add: {{-?[0-9]+}} match
// CHECK-NEXT: mul: {{[0-9]+}} match
// CHECK-NEXT: max {{.*}}: match
// CHECK-NEXT: zero tests: 1 0 1 0 1 0
// CHECK-NEXT: user: 34.0
// CHECK-NEXT: mutating: 131
// CHECK-NEXT: 2-D: 170 match
// CHECK-NEXT: if: 8, return: 12
// CHECK-NEXT: implicit index: 0 3 15, weighted 34
