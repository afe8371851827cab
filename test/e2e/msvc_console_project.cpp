// A console application as Visual Studio's project template made it: stdafx.h includes targetver.h (which includes
// the Windows SDK's <SDKDDKVer.h>), <tchar.h>, and here <crtdbg.h> and <conio.h>; _tmain takes _TCHAR arguments and
// waits for a key before it ends. Under -fampcc-msvc ampcc finds those headers (include/ampcc/msvc/, after the
// system's) and the program builds unchanged (docs/driver.md).
// RUN: %ampcc -fampcc-msvc -O2 -I %S/include/msvc_console %s -o %t && %t < /dev/null | FileCheck --match-full-lines %s
// Without MSVC's dialect they are not there: <SDKDDKVer.h> is no header of this system.
// RUN: %expect_exit 1 %ampcc -O2 -I %S/include/msvc_console -fsyntax-only %s 2>&1 | FileCheck --check-prefix=STANDARD %s
// STANDARD: {{.*}}targetver.h:4:10: fatal error: 'SDKDDKVer.h' file not found
#include "stdafx.h"
#include <amp.h>
using namespace concurrency;

int _tmain(int argc, _TCHAR *argv[]) {
  int squares[6] = {0, 1, 2, 3, 4, 5};
  array_view<int, 1> v(_countof(squares), squares);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = v[i] * v[i]; });
  v.synchronize();
  _ASSERTE(squares[5] == 25);
  // CHECK: 0 1 4 9 16 25 (1 argument)
  _tprintf(_T("%d %d %d %d %d %d (%d argument)\n"), squares[0], squares[1], squares[2], squares[3], squares[4],
           squares[5], argc);
  _tprintf(_T("Press any key to exit.\n"));
  // CHECK-NEXT: Press any key to exit.
  _getch();
  return 0;
}
