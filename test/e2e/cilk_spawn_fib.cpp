// cilk_spawn / cilk_sync on the host: a recursive Fibonacci with each spawn form (statement, assignment,
// initializer) matches the serial one, a spawned call really runs beside its continuation, an implicit
// sync at function exit covers a function that spawns without cilk_sync, and the worker count follows
// CILK_NWORKERS and __cilkrts_set_param.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <atomic>
#include <chrono>
#include <cilk/cilk.h>
#include <cilk/cilk_api.h>
#include <cstdio>
#include <cstdlib>
#include <thread>

long fib_serial(int n) { return n < 2 ? n : fib_serial(n - 1) + fib_serial(n - 2); }

long fib(int n) {
  if (n < 2)
    return n;
  long x = cilk_spawn fib(n - 1);
  long y = fib(n - 2);
  cilk_sync;
  return x + y;
}

long fib_assign(int n) {
  long x, y;
  if (n < 2)
    return n;
  x = _Cilk_spawn fib_assign(n - 1);
  y = fib_assign(n - 2);
  _Cilk_sync;
  return x + y;
}

void fib_into(int n, long *out) {
  if (n < 2) {
    *out = n;
    return;
  }
  long x, y;
  cilk_spawn fib_into(n - 1, &x);
  fib_into(n - 2, &y);
  cilk_sync;
  *out = x + y;
}

// No cilk_sync: the implicit sync at the end of the function waits for both children.
void fill(int *v, int from, int to) {
  if (to - from <= 64) {
    for (int i = from; i < to; i++)
      v[i] = i * 3;
    return;
  }
  int mid = from + (to - from) / 2;
  cilk_spawn fill(v, from, mid);
  cilk_spawn fill(v, mid, to);
}

std::atomic<bool> continued{false}, child_ran{false};

// Waits for the parent's continuation: only a call that runs in parallel with it returns true.
bool wait_for_continuation() {
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!continued.load() && std::chrono::steady_clock::now() < until)
    std::this_thread::yield();
  child_ran = true;
  return continued.load();
}

bool concurrent() {
  bool seen = cilk_spawn wait_for_continuation();
  continued = true;
  cilk_sync;
  return seen;
}

int main() {
  setenv("CILK_NWORKERS", "3", 1);
  std::printf("env workers: %d\n", __cilkrts_get_nworkers());
  std::printf("set_param: %d\n", __cilkrts_set_param("nworkers", "4"));
  std::printf("workers: %d\n", __cilkrts_get_nworkers());
  std::printf("bad param: %d\n", __cilkrts_set_param("stack size", "4"));

  long want = fib_serial(24);
  std::printf("fib init: %s\n", fib(24) == want ? "match" : "MISMATCH");
  std::printf("fib assign: %s\n", fib_assign(24) == want ? "match" : "MISMATCH");
  long r = 0;
  fib_into(24, &r);
  std::printf("fib statement: %s\n", r == want ? "match" : "MISMATCH");

  static int v[10000];
  fill(v, 0, 10000);
  bool ok = true;
  for (int i = 0; i < 10000; i++)
    ok = ok && v[i] == i * 3;
  std::printf("implicit sync: %s\n", ok ? "match" : "MISMATCH");
  std::printf("parallel: %s\n", concurrent() ? "yes" : "no");
  std::printf("late set_param: %d\n", __cilkrts_set_param("nworkers", "2"));
  return 0;
}

// CHECK: env workers: 3
// CHECK-NEXT: set_param: 0
// CHECK-NEXT: workers: 4
// CHECK-NEXT: bad param: 1
// CHECK-NEXT: fib init: match
// CHECK-NEXT: fib assign: match
// CHECK-NEXT: fib statement: match
// CHECK-NEXT: implicit sync: match
// CHECK-NEXT: parallel: yes
// CHECK-NEXT: late set_param: 4
