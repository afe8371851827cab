// const_cast, reinterpret_cast and C casts of references and between pointers in amp code (C++ AMP allows them;
// only casts between pointers and integers are refused): a float's bits through unsigned& in private, global and
// tile_static memory, constness cast away from pointers and references (a const reference parameter, a const
// pointer to a view's element, a const method's object), and static_cast<D &> of a base reference to a view's
// element. Each cast but static_cast was an error ("NoOp is not supported in restrict(amp) code", "BitCast ..."),
// C's casts gave invalid OpenCL C, and static_cast<D &> of global memory was taken as private.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

struct Base {
  int x;
};
struct Derived : Base {
  int y;
  void bump() restrict(amp) { y += 1; }
};
struct Counter {
  int n;
  void add(int k) restrict(amp) { n += k; }
};

unsigned &bitsOf(float &f) restrict(amp) { return reinterpret_cast<unsigned &>(f); }
void put(const int &c, int v) restrict(amp) { const_cast<int &>(c) = v; }
int addThrough(const Counter &c) restrict(amp) {
  const_cast<Counter &>(c).add(5);
  return c.n;
}

int main() {
  float f[16];
  int out[16][4];
  Derived d[16];
  for (int i = 0; i < 16; ++i) {
    f[i] = 1.0f + i;
    d[i].x = i;
    d[i].y = -i;
  }
  array_view<float, 1> fv(16, f);
  array_view<int, 2> ov(16, 4, &out[0][0]);
  array_view<Derived, 1> dv(16, d);
  parallel_for_each(extent<1>(16).tile<8>(), [=](tiled_index<8> t) restrict(amp) {
    int i = t.global[0];
    tile_static float shared[8];
    shared[t.local[0]] = 2.0f;
    t.barrier.wait();
    bitsOf(fv[i]) ^= 0x80000000u; // negates the view's element
    unsigned fromShared = reinterpret_cast<const unsigned &>(shared[(t.local[0] + 1) % 8]);
    float two = 2.0f;
    ((unsigned &)two) += 1u << 23; // 4.0f
    const int *element = &ov(i, 0);
    *const_cast<int *>(element) = (int)(fromShared >> 23) + (int)two;
    put(ov(i, 1), 10 * i);
    const_cast<int &>(ov(i, 2)) = 7;
    *(int *)&ov(i, 3) = *reinterpret_cast<const int *>(&fromShared) >> 23;
    Counter c = {i};
    ov(i, 3) += addThrough(c) * 1000;
    Base &base = dv[i];
    static_cast<Derived &>(base).y += 100;
    static_cast<Derived &>(base).bump();
  });
  fv.synchronize();
  ov.synchronize();
  dv.synchronize();
  int mismatches = 0;
  for (int i = 0; i < 16; ++i)
    mismatches += f[i] != -(1.0f + i) || out[i][0] != 132 || out[i][1] != 10 * i || out[i][2] != 7 ||
                  out[i][3] != 128 + (i + 5) * 1000 || d[i].x != i || d[i].y != 101 - i;
  std::printf("%g %d %d %d %d %d\n", f[3], out[3][0], out[3][1], out[3][2], out[3][3], d[3].y);
  std::printf("mismatches %d\n", mismatches);
  // CHECK: -4 132 30 7 8128 98
  // CHECK-NEXT: mismatches 0
  return 0;
}
