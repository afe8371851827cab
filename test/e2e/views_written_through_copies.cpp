// A kernel writes a view's data through a copy of the view: an element of an array of views (initialised from it
// or assigned it), a member of an aggregate, a local view assigned another, a pointer to a view in an array. The
// view counts as written, so its data comes back to the host (it did not: the copies lost the writes).
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

struct Holder {
  array_view<int, 1> v;
};

int main() {
  std::vector<int> a(4, 1), b(4, 1), c(4, 1), d(4, 1), e(4, 1);
  array_view<int, 1> av(4, a), bv(4, b), cv(4, c), dv(4, d), ev(4, e);
  parallel_for_each(extent<1>(4), [=](index<1> i) restrict(amp) {
    array_view<int, 1> arr[2] = {bv, bv};
    arr[1] = av;
    arr[1][i] = 7;
    arr[0][i] = 8;
    Holder h = {ev};
    h.v = cv;
    h.v[i] = 9;
    array_view<int, 1> local = ev;
    local = dv;
    local[i] = 10;
    array_view<int, 1> *p = &arr[0];
    (*p)[i] += 1;
  });
  av.synchronize();
  bv.synchronize();
  cv.synchronize();
  dv.synchronize();
  ev.synchronize();
  std::printf("%d %d %d %d %d\n", a[3], b[3], c[3], d[3], e[3]);
  // CHECK: 7 9 9 10 1
  return 0;
}
