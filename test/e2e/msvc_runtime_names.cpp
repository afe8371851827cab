// <ampcc/msvc.h> on its own, without -fampcc-msvc: MSVC's C runtime names for a port compiled as standard C++,
// here with the default host compiler (GCC). __int64 and friends are macros there, keywords under -fms-extensions.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <ampcc/msvc.h>
#include <amp.h>
#include <cstdio>
using namespace concurrency;

int _tmain(int, _TCHAR *[]) {
  unsigned __int64 big = 1ull << 40;
  __int32 words[] = {3, 1, 4, 1, 5, 9, 2, 6};
  array_view<__int32, 1> v(_countof(words), words);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    int local[3] = {1, 2, 3};
    v[i] = __max(v[i], 4) * static_cast<int>(_countof(local));
  });
  v.synchronize();
  _TCHAR name[_MAX_PATH];
  _snprintf(name, _countof(name), _T("%s"), _T("words"));
  _tprintf(_T("%s %d %d %d %llu %d\n"), name, words[0], words[5], __min(words[1], words[2]), big >> 40,
           _stricmp("AMP", "amp"));
  return 0;
}
// CHECK: words 12 27 12 1 0
