// RUN: %ampcc --host-cxx=clang++-19 -fdelayed-template-parsing -O2 %s -o %t && %t | FileCheck --match-full-lines %s
// MSVC's template parsing (-fdelayed-template-parsing, clang-cl's default): a function template is parsed when it
// is instantiated, at the end of the file, so its body may name what is declared after it, and one never
// instantiated has no body in the AST, only the tokens Clang keeps for it. The translation must not crash on
// such templates (it did, on any of them: ../shared/real-code/repros/delayed_parsing_crash.cpp), and the host code
// must lose an amp-only template never instantiated with its body, not only its declaration.
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

// Never instantiated: its body is never parsed, here or on the host.
template <typename T> void never_instantiated(T t) { t.foo(); }

// An amp-only template with a cpu namesake, never instantiated: the host code must not see it at all.
template <typename T> T never_twice(T x) restrict(cpu) { return x + x; }
template <typename T> T never_twice(T x) restrict(amp) {
  return x * 2;
}

// A class template with members of both kinds, some never used: their bodies are tokens only.
template <typename T> struct scaler {
  T k;
  T apply(T x) const restrict(cpu) { return x * k; }
  T apply(T x) const restrict(amp) { return x * k + 1; }
  T unused(T x) const restrict(amp) { return x - k; }
  T unused_both(T x) const restrict(cpu, amp) { return x / k; }
};

// The body names a function declared after it, as MSVC allows: parsed at instantiation, it finds it.
template <typename T> T shifted(T x) restrict(cpu, amp) { return x + later(); }
int later() restrict(cpu, amp) { return 10; }

template <typename T> void run(array_view<T, 1> v, scaler<T> s) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = shifted(s.apply(v[i])); });
}

int main() {
  std::vector<int> data = {1, 2, 3, 4};
  array_view<int, 1> v(4, data);
  run(v, scaler<int>{3});
  v.synchronize();
  for (int x : data)
    std::cout << x << " ";
  std::cout << "\n" << scaler<int>{3}.apply(2) << " " << shifted(1) << "\n";
  // CHECK: 14 17 20 23
  // CHECK-NEXT: 6 11
  return 0;
}
