// Compound assignments to bools in amp code convert the result back to bool, as C++ does: a bool member is a
// uchar in the lowered struct, where C's `b += 1` twice left 2 and `b |= 2` left 3 (read back as 20 from
// `b * 10`, and written to the host as a bool holding 2). Members of a private object and of a view's element.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

struct Flags {
  int id;
  bool seen;
  bool odd;
  bool twice;
  bool cleared;
};

int main() {
  int out[4];
  Flags flags[4] = {};
  array_view<int, 1> ov(4, out);
  array_view<Flags, 1> fv(4, flags);
  parallel_for_each(ov.extent, [=](index<1> idx) restrict(amp) {
    int i = idx[0];
    Flags f = {i, false, false, true, true};
    f.seen += 1;
    f.seen += 1;
    f.odd |= (i & 1) * 2;
    f.twice *= 2;
    f.cleared -= 1;
    ov[idx] = f.seen * 1 + f.odd * 10 + f.twice * 100 + f.cleared * 1000;
    fv[idx].seen += 1;
    fv[idx].seen += 1;
    fv[idx].odd ^= (i & 1) + 2;
  });
  ov.synchronize();
  fv.synchronize();
  for (int i = 0; i < 2; ++i)
    std::printf("%d %d %d\n", out[i], (int)*(unsigned char *)&flags[i].seen, (int)*(unsigned char *)&flags[i].odd);
  // CHECK: 101 1 1
  // CHECK-NEXT: 111 1 1
  return 0;
}
