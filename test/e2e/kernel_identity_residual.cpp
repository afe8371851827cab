// Kernel identity (docs/design/kernel-identity-and-launch.md): what is left to the run-time lookup by file and line, a
// lambda written in a macro's definition (one text for every expansion), launches the right kernel where the call's
// place, rank and object size tell the instantiations apart, and throws runtime_exception where they do not: it never
// picks another instantiation's kernel. CTest runs this file under GCC and Clang.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

#define ADD_ALL(view, amount) parallel_for_each(view.extent, [=](index<1> i) restrict(amp) { view[i] += amount; })

template <typename T, typename A> void add(array_view<T, 1> v, A a) { ADD_ALL(v, a); }
struct three {
  int a, b, c;
  operator int() const restrict(amp, cpu) { return a + b + c; }
};

template <typename T, typename A> void try_add(array_view<T, 1> v, A a) {
  try {
    add(v, a);
    v.synchronize();
    std::cout << "launched\n";
  } catch (const runtime_exception &e) {
    std::cout << "runtime_exception: " << e.what() << "\n";
  }
}

int main() {
  std::vector<int> x(4, 1);
  std::vector<double> y(4, 1.0);
  array_view<int, 1> v(4, x);
  array_view<double, 1> w(4, y);
  // Told apart from the others by its kernel object's size (the view and three ints).
  add(v, three{1, 1, 1});
  // Not in a template: one kernel at this line.
  ADD_ALL(w, 0.25);
  v.synchronize();
  w.synchronize();
  std::cout << x[0] << " " << y[3] << "\n";
  // Two instantiations alike in size (a view of doubles is a view, and a float takes the int's room): nothing
  // tells the kernels of add<int, int> and add<double, float> apart at run time, so both launches throw.
  try_add(v, 2);
  try_add(w, 1.0f);
  std::cout << x[0] << " " << y[3] << "\n";
}
// CHECK: 4 1.25
// CHECK-NEXT: runtime_exception: ampcc: 2 kernels of rank 1 were translated for the parallel_for_each at {{.*}}kernel_identity_residual.cpp:13 and ampcc cannot tell them apart{{.*}}
// CHECK-NEXT: runtime_exception: ampcc: 2 kernels of rank 1 were translated for the parallel_for_each at {{.*}}kernel_identity_residual.cpp:13 and ampcc cannot tell them apart{{.*}}
// CHECK-NEXT: 4 1.25
