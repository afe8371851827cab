// A parallel merge sort with cilk_spawn (a function template, a member function and a lambda that spawn)
// and cilk_for gives the same result as std::sort.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <algorithm>
#include <cilk/cilk.h>
#include <cstdio>
#include <vector>

template <class T> void merge_sort(T *a, T *tmp, int n) {
  if (n <= 32) {
    std::sort(a, a + n);
    return;
  }
  int h = n / 2;
  cilk_spawn merge_sort(a, tmp, h);
  merge_sort(a + h, tmp + h, n - h);
  cilk_sync;
  std::merge(a, a + h, a + h, a + n, tmp);
  cilk_for (int i = 0; i < n; i++)
    a[i] = tmp[i];
}

struct Sorter {
  std::vector<double> data, tmp;
  void sort(int from, int to) {
    if (to - from <= 16) {
      std::sort(data.begin() + from, data.begin() + to);
      return;
    }
    int mid = from + (to - from) / 2;
    cilk_spawn sort(from, mid);
    cilk_spawn this->sort(mid, to);
    cilk_sync;
    std::merge(data.begin() + from, data.begin() + mid, data.begin() + mid, data.begin() + to,
               tmp.begin() + from);
    std::copy(tmp.begin() + from, tmp.begin() + to, data.begin() + from);
  }
};

int main() {
  const int n = 200000;
  std::vector<int> v(n), tmp(n);
  unsigned s = 12345;
  for (int &x : v)
    x = (s = s * 1103515245u + 12345u) >> 8;
  std::vector<int> want = v;
  std::sort(want.begin(), want.end());
  merge_sort(v.data(), tmp.data(), n);
  std::printf("template: %s\n", v == want ? "match" : "MISMATCH");

  Sorter so;
  for (int i = 0; i < 50000; i++)
    so.data.push_back(double((i * 7919) % 50021) / 3.0);
  so.tmp.resize(so.data.size());
  std::vector<double> dwant = so.data;
  std::sort(dwant.begin(), dwant.end());
  so.sort(0, (int)so.data.size());
  std::printf("member: %s\n", so.data == dwant ? "match" : "MISMATCH");

  // A lambda that spawns: the receiver and a by-reference argument.
  std::vector<long> parts(4);
  auto sum = [](const std::vector<int> &a, int from, int to) {
    long t = 0;
    for (int i = from; i < to; i++)
      t += a[i] % 1000;
    return t;
  };
  auto total = [&]() -> long {
    for (int p = 0; p < 4; p++)
      parts[p] = cilk_spawn sum(v, p * (n / 4), (p + 1) * (n / 4));
    cilk_sync;
    return parts[0] + parts[1] + parts[2] + parts[3];
  };
  long serial = 0;
  for (int i = 0; i < n; i++)
    serial += v[i] % 1000;
  std::printf("lambda: %s\n", total() == serial ? "match" : "MISMATCH");
  return 0;
}

// CHECK: template: match
// CHECK-NEXT: member: match
// CHECK-NEXT: lambda: match
