// A const reference in amp code refers to the caller's object, as in C++: it was lowered as a copy, so a
// returned `const int&` (the std::max idiom) pointed to a dead parameter, a write through another reference to
// the same object did not show, a read after a barrier in the callee saw the tile_static value from before it,
// and a local `const T&` kept the value it was bound to. A downcast of a const reference parameter (CRTP, class
// hierarchies) reads the derived object. Temporaries bound to const references still work (`mx(i, 3)`).
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

inline const int &mx(const int &a, const int &b) restrict(amp, cpu) { return a < b ? b : a; }
inline void addTwice(int &acc, const int &v) restrict(amp) {
  acc += v;
  acc += v;
}
inline bool same(const int &a, const int &b) restrict(amp) { return &a == &b; }
inline int readAfterBarrier(const int &slot, const tiled_index<4> &t) restrict(amp) {
  t.barrier.wait();
  return slot;
}
struct Base {
  int k;
};
struct Derived : Base {
  int j;
};
inline int derivedPart(const Base &b) restrict(amp) { return static_cast<const Derived &>(b).j; }
struct P {
  int v;
};

int main() {
  int out[12] = {0};
  array_view<int, 1> av(12, out);
  parallel_for_each(extent<1>(1), [=](index<1> i) restrict(amp) {
    int x = 7, y = 3;
    av[0] = mx(x, y);        // 7
    av[1] = mx(i[0], 3);     // temporaries: 3
    int acc = 1;
    addTwice(acc, acc);      // 1 + 1, then 2 + 2
    av[2] = acc;             // 4
    av[3] = same(x, x) && !same(x, y);
    int z = 3;
    const int &r = z;
    z = 5;
    av[4] = r;               // 5
    P p = {1};
    const P &pr = p;
    p.v = 9;
    av[5] = pr.v;            // 9
    auto lam = [](const P &q, P &w) restrict(amp) {
      w.v = 11;
      return q.v;
    };
    av[6] = lam(p, p);       // 11
    const int &e = av[7];
    av[7] = 13;
    av[8] = e;               // 13
    Derived d;
    d.k = 1;
    d.j = 2;
    av[9] = derivedPart(d);  // 2
  });
  parallel_for_each(extent<1>(4).tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static int sh;
    if (t.local[0] == 0)
      sh = 0;
    t.barrier.wait();
    if (t.local[0] == 3)
      sh = 42;
    int seen = readAfterBarrier(sh, t);
    if (t.local[0] == 0)
      av[10] = seen;         // 42
  });
  av.synchronize();
  for (int k = 0; k < 11; ++k)
    std::printf("%d ", out[k]);
  std::printf("\n");
}

// CHECK: 7 3 4 1 5 9 11 13 13 2 42
