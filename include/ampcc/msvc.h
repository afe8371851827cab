// <ampcc/msvc.h>: the names of MSVC's C runtime headers (<stdlib.h>, <tchar.h>, <crtdbg.h>) and its built-in types
// that C++ AMP code written for Visual Studio uses, so that a port keeps that code as it is. Opt-in: include it, or
// compile with -fampcc-msvc, which force-includes it. <tchar.h>'s names are its narrow (char) ones, as MSVC gives
// them without _UNICODE. Windows' own API (<windows.h>: DWORD, ZeroMemory, ...) is not here.
#ifndef AMPCC_MSVC_H
#define AMPCC_MSVC_H

#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

// MSVC's fixed-size integer types. Keywords with -fms-extensions (Clang reads them as these types); macros
// elsewhere.
#ifdef __is_identifier
#if __is_identifier(__int64)
#define __AMPCC_MSVC_INT_MACROS 1
#endif
#else
#define __AMPCC_MSVC_INT_MACROS 1
#endif
#ifdef __AMPCC_MSVC_INT_MACROS
#define __int8 char
#define __int16 short
#define __int32 int
#define __int64 long long
#endif

// <stdlib.h>
#ifndef __max
#define __max(a, b) (((a) > (b)) ? (a) : (b))
#endif
#ifndef __min
#define __min(a, b) (((a) < (b)) ? (a) : (b))
#endif
#ifndef _countof
#ifdef __cplusplus
// As MSVC's: the number of elements of an array; a pointer has none (it does not compile). A constant of a class
// template, not a call, so that restrict(amp) code can use it too.
extern "C++" {
template <typename T> struct __ampcc_countof;
template <typename T, size_t N> struct __ampcc_countof<T[N]> {
  static const size_t value = N;
};
template <typename T, size_t N> struct __ampcc_countof<T (&)[N]> {
  static const size_t value = N;
};
}
#define _countof(a) (__ampcc_countof<decltype(a)>::value)
#else
#define _countof(a) (sizeof(a) / sizeof((a)[0]))
#endif
#endif
#ifndef _MAX_PATH
#define _MAX_PATH 260
#endif

// <string.h>, <stdio.h>: the underscored names MSVC gives POSIX functions.
#define _stricmp strcasecmp
#define _strnicmp strncasecmp
#define _strdup strdup
#define _snprintf snprintf

// <tchar.h>, narrow.
typedef char _TCHAR;
typedef char TCHAR;
#define _tmain main
#define _T(x) x
#define _TEXT(x) x
#define __T(x) x
#define _tprintf printf
#define _ftprintf fprintf
#define _stprintf sprintf
#define _tcslen strlen
#define _tcscmp strcmp
#define _tcscpy strcpy
#define _ttoi atoi
#define _tstoi atoi

// <crtdbg.h>: debug-build assertions.
#ifndef _ASSERT
#define _ASSERT(expr) assert(expr)
#endif
#ifndef _ASSERTE
#define _ASSERTE(expr) assert(expr)
#endif

#endif
