// A kernel timed as Windows programs time it: <windows.h>'s performance counter and tick count, Sleep, the memory
// macros, min and max. Under -fampcc-msvc ampcc gives that part of the Win32 API over POSIX (include/ampcc/msvc/windows.h).
// RUN: %ampcc -fampcc-msvc -O2 %s -o %t && %t 2>&1 | FileCheck --match-full-lines %s
#include <windows.h>
#include <amp.h>
#include <cstdio>
#include <string>
using namespace concurrency;

int main() {
  LARGE_INTEGER frequency, start, end;
  QueryPerformanceFrequency(&frequency);
  ULONGLONG ticks = GetTickCount64();
  QueryPerformanceCounter(&start);
  int data[8];
  ZeroMemory(data, sizeof data);
  array_view<int, 1> v(8, data);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = max(i[0] * i[0], 2); });
  v.synchronize();
  Sleep(20);
  QueryPerformanceCounter(&end);
  double ms = double(end.QuadPart - start.QuadPart) * 1000.0 / double(frequency.QuadPart);
  DWORD thread = GetCurrentThreadId();
  // <windows.h>'s min and max, of an int and a size_t as the macros took them, and std's beside them.
  std::string name = "reducer";
  using namespace std;
  // CHECK: 2 49 48 7 3 3.5
  std::printf("%d %d %zu %zu %d %.1f\n", data[0], data[7], max(0, 55 - name.length()), min(name.length(), 9u),
              max(2, 3), max(3.5, 1.0));
  // CHECK-NEXT: at least 20 ms: 1 1 1
  std::printf("at least 20 ms: %d %d %d\n", ms >= 20.0, GetTickCount64() - ticks >= 20, thread != 0);
  std::fflush(stdout);
  OutputDebugString("debug output\n");
  // CHECK-NEXT: debug output
}
