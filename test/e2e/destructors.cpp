// Destructors in amp code run where C++ runs them: at the end of a block (in reverse order of construction),
// at return, break and continue, a temporary at the end of its full expression, a temporary bound to a
// const reference with the reference; members and bases after the destructor's body; array elements in
// reverse order. Each destructor appends its id to a log the host prints.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Logged {
  array_view<int, 1> log;
  int id;
  Logged(const array_view<int, 1> &l, int i) restrict(cpu, amp) : log(l), id(i) {}
  Logged(const Logged &o) restrict(cpu, amp) : log(o.log), id(o.id + 100) {}
  ~Logged() restrict(cpu, amp) {
    int n = log[0] + 1;
    log[0] = n;
    log[n] = id;
  }
  int get() const restrict(cpu, amp) { return id; }
};

// No destructor of its own: its members' run, last member first.
struct Pair {
  Logged first, second;
  Pair(const array_view<int, 1> &l, int a, int b) restrict(cpu, amp) : first(l, a), second(l, b) {}
};

struct Derived : Logged {
  Logged member;
  Derived(const array_view<int, 1> &l, int a, int b) restrict(cpu, amp) : Logged(l, a), member(l, b) {}
  ~Derived() restrict(cpu, amp) {
    int n = log[0] + 1;
    log[0] = n;
    log[n] = 99;
  }
};

int early(const array_view<int, 1> &l, int x) restrict(amp) {
  Logged a(l, 31);
  if (x > 0) {
    Logged b(l, 32);
    return b.get() + x; // b then a, after the value is computed
  }
  return 0;
}

Logged make(const array_view<int, 1> &l) restrict(amp) {
  Logged r(l, 41); // returned as is: not destroyed here
  return r;
}

int byValue(Logged v) restrict(amp) { return v.get(); }

int main() {
  std::vector<int> log(64, 0);
  std::vector<int> result(4, 0);
  array_view<int, 1> lv(64, log);
  array_view<int, 1> rv(4, result);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
    {
      Logged a(lv, 1);
      Logged b(lv, 2);
    } // 2 1
    for (int i = 0; i < 3; ++i) {
      Logged c(lv, 10 + i);
      if (i == 0)
        continue; // 10
      if (i == 1)
        break; // 11
    }
    for (int i = 0; i < 2; i++, Logged(lv, 20)) // the temporary: 20 20
      ;
    rv[0] = early(lv, 5); // 32 31
    {
      Logged m = make(lv);
      rv[1] = m.get();
    } // 41
    rv[2] = byValue(Logged(lv, 50)); // 50, after the call
    {
      const Logged &bound = Logged(lv, 60);
      rv[3] = bound.get();
      Pair p(lv, 61, 62);
    } // 62 61 60
    {
      Derived d(lv, 70, 71);
    } // 99 71 70
    {
      Logged arr[2] = {Logged(lv, 80), Logged(lv, 81)};
    } // 81 80
  });
  lv.synchronize();
  rv.synchronize();
  std::cout << "results " << result[0] << " " << result[1] << " " << result[2] << " " << result[3] << "\n";
  std::cout << "order";
  for (int i = 1; i <= log[0]; ++i)
    std::cout << " " << log[i];
  std::cout << "\n";
}
// CHECK: results 37 41 50 60
// CHECK: order 2 1 10 11 20 20 32 31 41 50 62 61 60 99 71 70 81 80
