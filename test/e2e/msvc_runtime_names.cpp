// <ampcc/msvc.h> on its own, without -fampcc-msvc: MSVC's C runtime names for a port compiled as standard C++,
// here with the default host compiler (GCC). __int64 and friends are macros there, keywords under -fms-extensions.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <ampcc/msvc.h>
#include <amp.h>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
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
  // The secure variants, a char array's size taken from its type.
  char line[32];
  sprintf_s(line, "%d-%d", words[0], words[7]);
  strcat_s(line, "!");
  char copy[8];
  strcpy_s(copy, sizeof copy, line);
  FILE *none = nullptr;
  errno_t missing = fopen_s(&none, "/nonexistent/ampcc", "r");
  time_t zero = 0;
  struct tm when;
  localtime_s(&when, &zero);
  printf_s("%s %s %d %d\n", line, copy, missing != 0 && !none, when.tm_year >= 69);
  // MSVC's checked array iterator, as a copy's destination.
  int tail[2];
  stdext::checked_array_iterator<int *> out(tail, 2);
  std::copy(words + 6, words + 8, out);
  std::copy(words + 6, words + 7, stdext::make_checked_array_iterator(tail, 2, 0));
  _tprintf(_T("%d %d\n"), tail[0], tail[1]);
  // A buffer too small ends the program, as MSVC's invalid parameter handler does (exit status checked below).
  if (std::getenv("AMPCC_TEST_OVERFLOW"))
    sprintf_s(copy, "%s%s", line, line);
  return 0;
}
// CHECK: words 12 27 12 1 0
// CHECK-NEXT: 12-18! 12-18! 1 1
// CHECK-NEXT: 12 18
// RUN: env AMPCC_TEST_OVERFLOW=1 %expect_exit 134 %t 2>&1 | FileCheck --check-prefix=OVERFLOW %s
// OVERFLOW: sprintf_s: invalid parameter (the buffer is too small, or null): MSVC's invalid parameter handler ends the program
