// The barrier check follows values along the control-flow graph: a value set from the thread index stops being
// the thread's once it is set again to a shared one. Divergence that is certain on every path to a barrier is an
// error; divergence that is only possible (tainted on some paths, or through memory the check does not follow) is
// a warning, so the check never rejects valid code.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

struct pair_of_ints {
  int x, y;
};

void set_from_thread(tiled_index<4> idx, int &out) restrict(amp) { out = idx.local[0]; }

void f(array<int, 1> &a, int m) {
  // Set from the thread index, then set again to a shared value: the later loop is uniform (Microsoft's sample).
  parallel_for_each(a.extent.tile<4>(), [&, m](tiled_index<4> t) restrict(amp) {
    int i;
    for (i = t.local[0]; i < 16; i += 4)
      a[t.global] += i;
    for (i = 2; i > 0; i /= 2)
      t.barrier.wait();
    int n = t.global[0];
    n = m;
    while (n-- > 0)
      t.barrier.wait();
  });
  // Set from the thread index on one path only: possible divergence, a warning.
  parallel_for_each(a.extent.tile<4>(), [&, m](tiled_index<4> t) restrict(amp) {
    int n = 4;
    if (m > 0)
      n = t.local[0];
    for (int i = 0; i < n; ++i)
      t.barrier.wait(); // expected-warning {{code that only some threads of a tile may reach waits at a tile barrier: the condition at 33:21 may depend on 't' (on some paths to it, or through memory this check does not follow); a barrier must be reached by all threads of a tile or by none}} expected-note {{the barrier is here}}
  });
  // Loop-carried: uniform on the first iteration, the thread's on the next ones: found, as possible.
  parallel_for_each(a.extent.tile<4>(), [&, m](tiled_index<4> t) restrict(amp) {
    int n = 2;
    for (int i = 0; i < n; ++i) {
      t.barrier.wait(); // expected-warning {{the condition at 39:21 may depend on 't'}} expected-note {{the barrier is here}}
      n = t.local[0];
    }
  });
  // Loop-carried, the thread's on every path: an error.
  parallel_for_each(a.extent.tile<4>(), [&, m](tiled_index<4> t) restrict(amp) {
    int n = t.local[0];
    while (n < 8) {
      t.barrier.wait(); // expected-error {{code that only some threads of a tile reach waits at a tile barrier: the condition at 47:12 depends on 't'}} expected-note {{the barrier is here}}
      n = n + t.local[0] + 1;
    }
  });
}

void g(array<int, 1> &a, int m) {
  // An early return that only some threads take: the code after it is divergent.
  parallel_for_each(a.extent.tile<4>(), [&, m](tiled_index<4> t) restrict(amp) {
    if (t.local[0] == 3)
      return;
    a[t.global] = 1; // expected-error {{the condition at 57:9 depends on 't'}}
    t.barrier.wait(); // expected-note {{the barrier is here}}
  });
  // A value set differently on the two sides of a divergent branch differs between threads after it.
  parallel_for_each(a.extent.tile<4>(), [&, m](tiled_index<4> t) restrict(amp) {
    int n;
    if (t.local[0] == 0)
      n = 1;
    else
      n = 2;
    for (int i = 0; i < n; ++i)
      t.barrier.wait(); // expected-warning {{the condition at 69:21 may depend on 't'}} expected-note {{the barrier is here}}
  });
  // An atomic's result differs between threads.
  parallel_for_each(a.extent.tile<4>(), [&, m](tiled_index<4> t) restrict(amp) {
    tile_static int counter;
    int ticket = atomic_fetch_add(&counter, 1);
    if (ticket == 0)
      t.barrier.wait(); // expected-error {{the condition at 76:9 depends on 't'}} expected-note {{the barrier is here}}
  });
}

void h(array<int, 1> &a, int m) {
  // tile_static memory, fields, pointers and references: what they hold is not followed, so possible.
  parallel_for_each(a.extent.tile<4>(), [&, m](tiled_index<4> t) restrict(amp) {
    tile_static int count;
    if (t.local[0] == 0)
      count = m;
    t.barrier.wait();
    for (int i = 0; i < count; ++i)
      t.barrier.wait(); // expected-warning {{the condition at 88:21 may depend on 't'}} expected-note {{the barrier is here}}
  });
  parallel_for_each(a.extent.tile<4>(), [&, m](tiled_index<4> t) restrict(amp) {
    pair_of_ints p;
    p.y = m;
    p.x = t.local[0];
    if (p.x > 0)
      t.barrier.wait(); // expected-warning {{the condition at 95:9 may depend on 't'}} expected-note {{the barrier is here}}
  });
  parallel_for_each(a.extent.tile<4>(), [&, m](tiled_index<4> t) restrict(amp) {
    int v = 0;
    int *p = &v;
    *p = t.local[0];
    if (v > 0)
      t.barrier.wait(); // expected-warning {{the condition at 102:9 may depend on 't'}} expected-note {{the barrier is here}}
  });
  parallel_for_each(a.extent.tile<4>(), [&, m](tiled_index<4> t) restrict(amp) {
    int n = 0;
    set_from_thread(t, n);
    for (int i = 0; i < n; ++i)
      t.barrier.wait(); // expected-warning {{the condition at 108:21 may depend on 't'}} expected-note {{the barrier is here}}
  });
  // A part of a local object set to a shared value: the object is only possibly the thread's from there on.
  parallel_for_each(a.extent.tile<4>(), [&, m](tiled_index<4> t) restrict(amp) {
    index<1> ix = t.local;
    ix[0] = m;
    if (ix[0] > 0)
      t.barrier.wait(); // expected-warning {{the condition at 115:9 may depend on 't'}} expected-note {{the barrier is here}}
  });
}

// A functor's fields are shared by every thread; a store to global memory through one does not change that.
struct tile_functor {
  array_view<int, 1> a;
  int n;
  void operator()(tiled_index<4> t) const restrict(amp) {
    a[t.global] = t.local[0];
    for (int i = 0; i < n; ++i)
      t.barrier.wait();
  }
};
void k(array_view<int, 1> a) { parallel_for_each(a.extent.tile<4>(), tile_functor{a, 3}); }
