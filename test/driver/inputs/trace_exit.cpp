// For trace.sh: a program that ends with std::exit from inside a function, with an array copied in and out and
// a wait on its accelerator_view, so that the timeline must be written by the exit handlers.
#include <amp.h>
#include <cstdlib>
#include <iostream>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<float> In(4096, 1.5f), Out(4096);
  accelerator_view View = accelerator().default_view;
  array<float, 1> A(4096, In.begin(), View);
  parallel_for_each(View, A.extent, [&A](index<1> i) restrict(amp) { A[i] *= 2; });
  View.wait();
  copy(A, Out.begin());
  std::cout << Out[0] << "\n";
  std::exit(0);
}
