// The host lowering of cilk_spawn / cilk_sync: the spawning function's body runs as a frame of the
// OpenMP-task runtime, each return syncs first, each spawn evaluates its arguments in the parent (by
// reference only where the parameter is an lvalue reference) and every line keeps its number.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
// RUN: %ampcc --emit-host %s | FileCheck --check-prefix=HOST %s
#include <cilk/cilk.h>

int work(int a, const int &b, int &out);
struct Acc {
  int total = 0;
  void add(int v);
  int run(int n);
};

int spawner(int n, int &sink) {
  int r = 0;
  if (n < 0) return -1;
  int x = cilk_spawn work(n - 1, n,
                          sink);
  r = _Cilk_spawn work(n, 3, r);
  cilk_spawn work(n, n + 1, x);
  cilk_sync;
  return x + r;
}

int Acc::run(int n) {
  Acc other;
  cilk_spawn add(n);
  cilk_spawn other.add(n);
  cilk_spawn (&other)->add(n);
  return total;
}

void no_return(int n, int &s) {
  cilk_spawn work(n, n, s);
}

// Neither a spawn nor a sync: left as it is.
int plain(int n) { return n; }

// A gfx kernel in the same file: its program is unaffected.
__declspec(target(gfx_kernel)) void twice(int *a, int n) {
  _Cilk_for _Thread_group (int g = 0; g < n; g++)
    _Cilk_for (int i = 0; i < 4; i++)
      a[g * 4 + i] *= 2;
}

// CHECK: __kernel void {{.*}}twice
// HOST: {{^}}int spawner(int n, int &sink) { return ::ampcc::cilk::frame([&]() -> int {
// HOST-NEXT: {{^}}  int r = 0;
// HOST-NEXT: {{^}}  if (n < 0) { ::ampcc::cilk::sync(); return -1; }
// HOST-NEXT: {{^}}  int x ; ::ampcc::cilk::spawn([&ampcc_r = x, ampcc_a0 = (n - 1), &ampcc_a1 = (n), &ampcc_a2 = (sink)]() mutable { ampcc_r = work(::ampcc::cilk::pass(ampcc_a0), ampcc_a1, ampcc_a2); })
// HOST-NEXT: {{^}};
// HOST-NEXT: {{^}}  ::ampcc::cilk::spawn([&ampcc_r = (r), ampcc_a0 = (n), ampcc_a1 = (3), &ampcc_a2 = (r)]() mutable { ampcc_r = work(::ampcc::cilk::pass(ampcc_a0), ::ampcc::cilk::pass(ampcc_a1), ampcc_a2); });
// HOST-NEXT: {{^}}  ::ampcc::cilk::spawn([ampcc_a0 = (n), ampcc_a1 = (n + 1), &ampcc_a2 = (x)]() mutable { work(::ampcc::cilk::pass(ampcc_a0), ::ampcc::cilk::pass(ampcc_a1), ampcc_a2); });
// HOST-NEXT: {{^}}  ::ampcc::cilk::sync();
// HOST-NEXT: {{^}}  { ::ampcc::cilk::sync(); return x + r; }
// HOST-NEXT: {{^}} ::ampcc::cilk::sync(); });}
// HOST: {{^}}int Acc::run(int n) { return ::ampcc::cilk::frame([&]() -> int {
// HOST-NEXT: {{^}}  Acc other;
// HOST-NEXT: {{^}}  ::ampcc::cilk::spawn([this, ampcc_a0 = (n)]() mutable { add(::ampcc::cilk::pass(ampcc_a0)); });
// HOST-NEXT: {{^}}  ::ampcc::cilk::spawn([&ampcc_o = (other), ampcc_a0 = (n)]() mutable { ampcc_o.add(::ampcc::cilk::pass(ampcc_a0)); });
// HOST-NEXT: {{^}}  ::ampcc::cilk::spawn([ampcc_o = ((&other)), ampcc_a0 = (n)]() mutable { ampcc_o->add(::ampcc::cilk::pass(ampcc_a0)); });
// HOST-NEXT: {{^}}  { ::ampcc::cilk::sync(); return total; }
// HOST-NEXT: {{^}} ::ampcc::cilk::sync(); });}
// HOST: {{^}}void no_return(int n, int &s) { return ::ampcc::cilk::frame([&]() -> void {
// HOST-NEXT: {{^}}  ::ampcc::cilk::spawn([ampcc_a0 = (n), &ampcc_a1 = (n), &ampcc_a2 = (s)]() mutable { work(::ampcc::cilk::pass(ampcc_a0), ampcc_a1, ampcc_a2); });
// HOST-NEXT: {{^}} ::ampcc::cilk::sync(); });}
// HOST: {{^}}int plain(int n) { return n; }
