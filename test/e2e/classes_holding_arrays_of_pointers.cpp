// Classes holding arrays of pointers in amp code: as locals, arrays of them, parameters by value and by reference,
// return values, with the pointers into private memory.
// C++ AMP v1.2 §2.4.1.3 (a class whose members are amp-compatible, pointers and arrays of them included, is
// amp-compatible; what amp code refuses is an array of pointers declared as a variable of its own).
#include <amp.h>
#include <cstdio>
using namespace concurrency;
struct Ptrs { int *p[2]; int n; };
struct Table { float *rows[3]; int pick(int i) const restrict(amp) { return (int)*rows[i]; } };
int sum(Ptrs q) restrict(amp) { return *q.p[0] + *q.p[1]; }
int sumr(const Ptrs &q) restrict(amp) { return *q.p[0] * *q.p[1]; }
Ptrs make(int *a, int *b) restrict(amp) { Ptrs r; r.p[0] = a; r.p[1] = b; return r; }
int main() {
  int out[4] = {};
  array_view<int, 1> v(4, out);
  parallel_for_each(extent<1>(4), [=](index<1> i) restrict(amp) {
    int a = 1, b = 2;
    Ptrs pp;
    pp.p[0] = &a; pp.p[1] = &b; pp.n = 2;
    *pp.p[1] += 10;
    float x = 1.5f, y = 2.5f, z = 7.0f;
    Table t = {{&x, &y, &z}};
    v[i] = *pp.p[0] + *pp.p[1] + pp.n + t.pick(i[0] % 3);
  });
  v.synchronize();
  // CHECK: 16 17 22 16
  printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
  int out2[4] = {};
  array_view<int, 1> w(4, out2);
  parallel_for_each(extent<1>(4), [=](index<1> i) restrict(amp) {
    int a = i[0], b = 3;
    Ptrs two[2];
    two[0] = make(&a, &b);
    two[1].p[0] = &b; two[1].p[1] = &b;
    w[i] = sum(two[0]) * 100 + sumr(two[1]) + sumr(make(&a, &a)) * 1000;
  });
  w.synchronize();
  // CHECK-NEXT: 309 1409 4509 9609
  printf("%d %d %d %d\n", out2[0], out2[1], out2[2], out2[3]);
}
