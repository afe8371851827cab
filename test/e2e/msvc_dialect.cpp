// Code written for Visual Studio, compiled as it is with -fampcc-msvc: MSVC's C++ (no `typename` before a dependent
// type name), the names of its C runtime (_tmain, _TCHAR, _T, __int64, _countof, __max, __min; <ampcc/msvc.h>) and
// C++ AMP as MSVC's headers declare it. The host compiler is the default c++ (GCC), which gives way to Clang.
// RUN: %ampcc -fampcc-msvc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_math.h>
#include <iostream>
#include <vector>
using namespace concurrency;
using namespace concurrency::precise_math;

template <typename Container> struct traits {
  typedef Container::value_type value_type;
};

template <typename T> T sum(const std::vector<T> &v) {
  typedef traits<std::vector<T>>::value_type value_type;
  value_type s = 0;
  for (auto x : v)
    s += x;
  return s;
}

int _tmain(int argc, _TCHAR *argv[]) {
  const int data[] = {1, 2, 3, 4, 5, 6, 7, 8};
  const unsigned n = _countof(data);
  std::vector<int> out(n);
  array_view<const int, 1> in(n, data);
  array_view<int, 1> av(n, out);
  av.discard_data();
  parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
    index<1> next = idx + 1u;
    int table[4] = {10, 20, 30, 40};
    av[idx] = in[idx] * table[idx[0] % _countof(table)] + static_cast<int>(sqrt(static_cast<float>(next[0] * next[0])));
  });
  av.synchronize();
  __int64 total = sum(out);
  // The C library's sqrt: precise_math's is restrict(amp) only.
  double root = sqrt(2.0);
  std::cout << _T("total ") << total << " max " << __max(out[0], out[7]) << " min " << __min(out[0], out[7])
            << " root " << root << " args " << (argc > 0 && argv[0] != nullptr) << "\n";
  return 0;
}
// CHECK: total 1036 max 328 min 11 root 1.41421 args 1
