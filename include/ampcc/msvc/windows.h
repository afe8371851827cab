// <windows.h> for code written for Visual Studio (-fampcc-msvc, which searches this folder after the system's):
// the part of the Win32 API that C++ AMP programs use around their kernels, over POSIX. The base types, the
// performance counter and tick count timers, Sleep, the current thread's and process's ids, the memory macros,
// OutputDebugString and MessageBox (to standard error). Nothing else of Windows: any other name of its API is an undeclared
// identifier at its line. `min` and `max` are functions, not macros (below).
#ifndef AMPCC_MSVC_WINDOWS_H
#define AMPCC_MSVC_WINDOWS_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef int BOOL;
typedef unsigned char BYTE;
typedef unsigned short WORD;
typedef unsigned long DWORD; // %lu prints it, as code written for Windows does
typedef int INT;
typedef unsigned int UINT;
typedef float FLOAT;
typedef long long LONGLONG;
typedef unsigned long long ULONGLONG;
typedef unsigned long long DWORD64;
typedef void *LPVOID;
typedef void *HANDLE;
typedef char CHAR;
typedef const char *LPCSTR;
typedef union _LARGE_INTEGER {
  struct {
    DWORD LowPart;
    int HighPart;
  } u;
  LONGLONG QuadPart;
} LARGE_INTEGER;
#ifndef TRUE
#define TRUE 1
#endif
#ifndef FALSE
#define FALSE 0
#endif
#ifndef MAX_PATH
#define MAX_PATH 260
#endif
#define INFINITE 0xFFFFFFFFul
#define WINAPI
#define APIENTRY
#define CALLBACK
#define ZeroMemory(dest, size) memset((dest), 0, (size))
#define FillMemory(dest, size, byte) memset((dest), (byte), (size))
#define CopyMemory(dest, src, size) memcpy((dest), (src), (size))
#define MoveMemory(dest, src, size) memmove((dest), (src), (size))

static inline LONGLONG __ampcc_monotonic_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (LONGLONG)now.tv_sec * 1000000000LL + now.tv_nsec;
}
// The counter counts nanoseconds.
static inline BOOL QueryPerformanceFrequency(LARGE_INTEGER *frequency) {
  frequency->QuadPart = 1000000000LL;
  return TRUE;
}
static inline BOOL QueryPerformanceCounter(LARGE_INTEGER *count) {
  count->QuadPart = __ampcc_monotonic_ns();
  return TRUE;
}
// Milliseconds since an unspecified start (the monotonic clock's, not the boot's).
static inline ULONGLONG GetTickCount64(void) { return (ULONGLONG)(__ampcc_monotonic_ns() / 1000000); }
static inline DWORD GetTickCount(void) { return (DWORD)(uint32_t)GetTickCount64(); }
static inline void Sleep(DWORD milliseconds) {
  struct timespec wait = {(time_t)(milliseconds / 1000), (long)(milliseconds % 1000) * 1000000L};
  nanosleep(&wait, NULL);
}
static inline DWORD GetCurrentThreadId(void) { return (DWORD)pthread_self(); }
static inline DWORD GetCurrentProcessId(void) { return (DWORD)getpid(); }
static inline void OutputDebugStringA(LPCSTR text) { fputs(text, stderr); }
#define OutputDebugString OutputDebugStringA
// A message box, which programs show in their catch blocks, is its caption and text on standard error; it answers OK.
typedef void *HWND;
#define MB_OK 0x0u
#define MB_OKCANCEL 0x1u
#define MB_YESNO 0x4u
#define MB_ICONERROR 0x10u
#define MB_ICONHAND MB_ICONERROR
#define MB_ICONSTOP MB_ICONERROR
#define MB_ICONQUESTION 0x20u
#define MB_ICONWARNING 0x30u
#define MB_ICONEXCLAMATION MB_ICONWARNING
#define MB_ICONINFORMATION 0x40u
#define IDOK 1
static inline int MessageBoxA(HWND owner, LPCSTR text, LPCSTR caption, UINT type) {
  (void)owner;
  (void)type;
  fprintf(stderr, "%s: %s\n", caption ? caption : "Error", text ? text : "");
  return IDOK;
}
#ifndef _UNICODE
#define MessageBox MessageBoxA
#endif

// <windows.h>'s min and max, unless NOMINMAX: not macros, which would break the C++ standard library's headers
// included after this one, but functions of two types that give what the macros give (`max(0, n - s.length())`,
// an int and a size_t, in the usual arithmetic conversions), in cpu and amp code. Where both arguments have one
// type, std::min and std::max, more specialized, win over them (`using namespace std;`).
#if defined(__cplusplus) && !defined(NOMINMAX)
#include <type_traits>
extern "C++" {
template <typename A, typename B>
constexpr typename std::common_type<A, B>::type max(A a, B b) __AMPR__(cpu, amp) {
  return a > b ? a : b;
}
template <typename A, typename B>
constexpr typename std::common_type<A, B>::type min(A a, B b) __AMPR__(cpu, amp) {
  return a < b ? a : b;
}
}
#endif

#endif
