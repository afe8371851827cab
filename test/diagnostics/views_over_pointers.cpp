// An array_view made in amp code views global memory: the data of a view or an array, or a local variable, which
// ampcc then keeps in global memory (test/e2e/views_over_local_memory.cpp). Memory it cannot move stays an error:
// a parameter passed by value, a capture of the kernel. An object whose constructor views its own members is
// constructed where it lives (test/e2e/constructors_viewing_members.cpp), which a temporary cannot be.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
using namespace concurrency;

struct Keeper {
  int storage;
  array_view<int, 1> self;
  Keeper() restrict(amp) : storage(0), self(1, &storage) {}
};

// Never used by a kernel, so checked on its own: the pointer it views is taken to point to global memory.
struct KeepsPointer {
  KeepsPointer(int n, float *p) restrict(amp) : v(n, p) {}
  array_view<float, 1> v;
};

int by_value(int copy) restrict(amp) {
  array_view<int, 1> v(1, &copy); // expected-error {{an array_view made in amp code cannot view the parameter 'copy', which is passed by value; it can view the data of an array or array_view, or a local variable}}
  return v[0];
}

void f(array_view<int, 1> v, int n) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    int local[4] = {0, 1, 2, 3};
    array_view<int, 1> a(4, local);
    a[0] = by_value(n);
    array_view<const int, 1> c(1, &n); // expected-error {{an array_view made in amp code cannot view 'n', a capture of the kernel (a copy in private memory); it can view the data of an array or array_view, or a local variable}}
    int t = 0;
    array_view<int, 1> tmp(1, &(t += 1)); // views t, which ampcc keeps in global memory
    Keeper k;
    int from_temporary = Keeper().self[0]; // expected-error {{the constructor of 'Keeper' makes a view of the object's own memory, so ampcc constructs such an object only where it lives: a named variable, a member or a base, not a temporary or an array element}}
    Keeper several[2]; // expected-error {{the constructor of 'Keeper' makes a view}}
    v[i] = a[0] + c[0] + k.self[0] + from_temporary + several[1].storage;
  });
}
