// Objects whose constructors make views of their own members, made in amp code: ampcc constructs them where
// they live (a variable, a member, a base) instead of in the constructor, so the views point at the object's own
// members for the object's whole life: writes through the view and through the member see each other, a copy's
// view is the copy's own, and the destructor still writes through it.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

array_view<int, 1> view_of(int &storage) restrict(cpu, amp) { return array_view<int, 1>(1, &storage); }

// Counts, through a view of its own member, how often it was copied; its destructor reports through a view.
struct SelfCounting {
  SelfCounting(int start) restrict(cpu, amp) : count(start), self(view_of(count)), report(view_of(count)) {}
  SelfCounting(const SelfCounting &o) restrict(cpu, amp) : count(o.count + 100), self(view_of(count)), report(self) {}
  ~SelfCounting() restrict(cpu, amp) { report[0] += 1; }
  void bump() restrict(amp) { self[0] += 1; }
  int count;
  array_view<int, 1> self;
  array_view<int, 1> report; // where the destructor adds one; the object's own count unless redirected
};

// The in-place construction of a member (from its default member initialiser) and of a base.
struct Holder {
  int before = 7;
  SelfCounting inner{5};
};
struct Derived : SelfCounting {
  Derived() restrict(amp) : SelfCounting(20), extra(3) {}
  int extra;
};

// A view of a member made in the constructor's body (the initialiser's view is replaced there).
struct Accumulator {
  Accumulator() restrict(amp) : total(0), unused(0), view(view_of(unused)) { view = array_view<int, 1>(1, &total); }
  void add(int x) restrict(amp) { view[0] += x; }
  int total, unused;
  array_view<int, 1> view;
};

int main() {
  const int n = 64;
  std::vector<int> out(n * 8, -1);
  array_view<int, 2> ov(n, 8, out);
  ov.discard_data();
  parallel_for_each(extent<1>(n), [=](index<1> idx) restrict(amp) {
    int i = idx[0];
    SelfCounting a(i);
    a.bump();                  // a.count = i + 1, through the view
    ov(i, 0) = a.count;
    SelfCounting b(a);         // b.count = a.count + 100, b's view is b's own
    b.bump();
    ov(i, 1) = b.count - a.count; // 101
    int destroyed = 0;
    {
      SelfCounting c(0);
      c.report = array_view<int, 1>(1, &destroyed);
    }                          // c's destructor adds one to destroyed
    ov(i, 2) = destroyed;
    Holder h;
    h.inner.bump();
    ov(i, 3) = h.before + h.inner.count; // 7 + 6
    Derived d;
    d.bump();
    d.bump();
    ov(i, 4) = d.count + d.extra;        // 22 + 3
    Accumulator acc;
    for (int k = 0; k <= i; ++k)
      acc.add(k);
    ov(i, 5) = acc.total;                // i (i + 1) / 2
    ov(i, 6) = a.self[0] == a.count && b.self[0] == b.count;
    ov(i, 7) = 0;
  });
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    int want[8] = {i + 1, 101, 1, 13, 25, i * (i + 1) / 2, 1, 0};
    for (int k = 0; k < 8; ++k)
      if (ov(i, k) != want[k]) {
        if (bad++ < 5)
          std::printf("thread %d column %d: %d, expected %d\n", i, k, ov(i, k), want[k]);
      }
  }
  std::printf("%s\n", bad ? "FAIL" : "constructors viewing members: ok");
  // CHECK: constructors viewing members: ok
  return bad != 0;
}
