// Array notation on the host beyond assignment: a section passed element by element to a function,
// a scalar broadcast over a section, an `if` (with else) on a section condition, and a strided 2-D copy,
// each checked against plain loops.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <cilk/cilk.h>
#include <cstdio>

static int square(int v) { return v * v; }

int main() {
  int a[8], b[8], c[8], m[4][6], t[6][4];
  for (int i = 0; i < 8; i++)
    b[i] = i - 3;
  for (int r = 0; r < 4; r++)
    for (int k = 0; k < 6; k++)
      m[r][k] = r * 6 + k;

  a[:] = square(b[:]) + 1;
  c[:] = 5;
  if (a[:] > 5)
    c[:] = a[:];
  else
    c[:] = -b[:];
  t[0:2][0:3] = m[0:2:2][0:3:2] + m[1:2][0:3];

  int bad = 0;
  for (int i = 0; i < 8; i++) {
    int want_a = (i - 3) * (i - 3) + 1;
    bad += a[i] != want_a;
    bad += c[i] != (want_a > 5 ? want_a : -(i - 3));
  }
  for (int r = 0; r < 2; r++)
    for (int k = 0; k < 3; k++)
      bad += t[r][k] != m[r * 2][k * 2] + m[1 + r][k];
  std::printf("elementwise: %d wrong; c = %d %d %d %d %d %d %d %d\n", bad, c[0], c[1], c[2], c[3], c[4], c[5], c[6],
              c[7]);
  return 0;
}

// CHECK: elementwise: 0 wrong; c = 10 2 1 0 -1 -2 10 17
