// A console program built as Visual Studio's "Use Unicode Character Set" builds it (`-D_UNICODE -DUNICODE`): _tmain
// is wmain, _TCHAR is wchar_t, _T("...") a wide literal, as the C++ AMP book's ShowAmpDevices is written. ampcc's
// main calls wmain with the arguments decoded from UTF-8, and _tprintf writes in order with printf
// (docs/driver.md, ampcc/msvc.h).
// RUN: %ampcc -fampcc-msvc -D_UNICODE -DUNICODE -O2 %s -o %t && %t /a héllo | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <string>
using namespace concurrency;

int _tmain(int argc, _TCHAR *argv[]) {
  std::wstring first(argv[1]);
  int data[2] = {20, 21};
  array_view<int, 1> v(2, data);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= 2; });
  v.synchronize();
  // CHECK: 3 arguments, /a: 1, 5 characters
  _tprintf(_T("%d arguments, /a: %d, %d characters\n"), argc, first == _T("/a"), (int)_tcslen(argv[2]));
  // CHECK-NEXT: 40 42
  std::printf("%d %d\n", data[0], data[1]);
  return argv[2][1] == L'\u00e9' ? 0 : 1;
}
