// ampcc's port of Microsoft's C++ AMP BLAS: the part of the Windows API the library and its tests use, in host
// code only. DWORD and GetCurrentThreadId() (ampcblas_runtime.cpp keeps one context per thread), and the
// QueryPerformanceCounter timer of the test harness (ampblas_test_timer.cpp), over POSIX clocks.
#pragma once
#include <stdint.h>
#include <pthread.h>
#include <time.h>

typedef unsigned long DWORD;
typedef union {
  struct {
    uint32_t LowPart;
    int32_t HighPart;
  } u;
  int64_t QuadPart;
} LARGE_INTEGER;

inline DWORD GetCurrentThreadId() { return static_cast<DWORD>(pthread_self()); }

inline int QueryPerformanceFrequency(LARGE_INTEGER *Frequency) {
  Frequency->QuadPart = 1000000000; // nanoseconds
  return 1;
}

inline int QueryPerformanceCounter(LARGE_INTEGER *Count) {
  timespec Now;
  clock_gettime(CLOCK_MONOTONIC, &Now);
  Count->QuadPart = static_cast<int64_t>(Now.tv_sec) * 1000000000 + Now.tv_nsec;
  return 1;
}
