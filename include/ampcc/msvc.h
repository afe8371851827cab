// <ampcc/msvc.h>: the names of MSVC's C runtime headers (<stdlib.h>, <tchar.h>, <crtdbg.h>) and its built-in types
// that C++ AMP code written for Visual Studio uses, so that a port keeps that code as it is. Opt-in: include it, or
// compile with -fampcc-msvc, which force-includes it. <tchar.h>'s names are its narrow (char) ones, as MSVC gives
// them without _UNICODE. Windows' own API (<windows.h>: DWORD, ZeroMemory, ...) is not here.
#ifndef AMPCC_MSVC_H
#define AMPCC_MSVC_H

#include <assert.h>
#include <limits.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <wchar.h>

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

// The secure variants of <stdio.h>, <string.h> and <time.h> (MSVC's "_s" functions), as MSVC's: a buffer too small
// is no truncation but a call of the invalid parameter handler, whose default ends the program; here with a message
// that says which call. In C++ a char array's size is taken from its type, as MSVC's template overloads take it.
typedef int errno_t;
#define printf_s printf
#define fprintf_s fprintf
static inline void __ampcc_invalid_parameter(const char *function) {
  fprintf(stderr, "%s: invalid parameter (the buffer is too small, or null): MSVC's invalid parameter handler ends "
                  "the program\n", function);
  abort();
}
static inline int __ampcc_vsprintf_s(char *buffer, size_t size, const char *format, va_list args) {
  int n = buffer && size ? vsnprintf(buffer, size, format, args) : -1;
  if (n < 0 || (size_t)n >= size)
    __ampcc_invalid_parameter("sprintf_s");
  return n;
}
static inline int sprintf_s(char *buffer, size_t size, const char *format, ...) {
  va_list args;
  va_start(args, format);
  int n = __ampcc_vsprintf_s(buffer, size, format, args);
  va_end(args);
  return n;
}
static inline errno_t strcpy_s(char *dest, size_t size, const char *src) {
  if (!dest || !src || strlen(src) >= size)
    __ampcc_invalid_parameter("strcpy_s");
  memcpy(dest, src, strlen(src) + 1);
  return 0;
}
static inline errno_t strcat_s(char *dest, size_t size, const char *src) {
  size_t used = dest ? strnlen(dest, size) : size;
  if (!src || used == size || used + strlen(src) >= size)
    __ampcc_invalid_parameter("strcat_s");
  memcpy(dest + used, src, strlen(src) + 1);
  return 0;
}
static inline errno_t fopen_s(FILE **file, const char *name, const char *mode) {
  if (!file)
    __ampcc_invalid_parameter("fopen_s");
  *file = fopen(name, mode);
  return *file ? 0 : errno;
}
// MSVC's order of arguments, not C11's.
static inline errno_t localtime_s(struct tm *out, const time_t *time) { return localtime_r(time, out) ? 0 : errno; }
#ifdef __cplusplus
extern "C++" {
template <size_t N> int sprintf_s(char (&buffer)[N], const char *format, ...) {
  va_list args;
  va_start(args, format);
  int n = __ampcc_vsprintf_s(buffer, N, format, args);
  va_end(args);
  return n;
}
template <size_t N> errno_t strcpy_s(char (&dest)[N], const char *src) { return strcpy_s(dest, N, src); }
template <size_t N> errno_t strcat_s(char (&dest)[N], const char *src) { return strcat_s(dest, N, src); }
}
#endif

// The wide console streams as MSVC's C runtime writes them: std::wcout, std::wcerr and std::wclog convert each
// character to the narrow console (wcrtomb; '?' for one the locale cannot write) and write it to stdout or stderr
// like printf and std::cout do, in order with them. glibc instead gives stdout a wide orientation at the first wide
// write, and every narrow write after it (printf, std::cout) is then dropped without an error: a sample that prints
// its device with std::wcout and its results with printf printed only the device.
#ifdef __cplusplus
#include <climits>
#include <cwchar>
#include <iostream>
#include <streambuf>
// Writes N wide characters to File as narrow ones (wcrtomb; '?' for one the locale cannot write); false on an error.
static inline bool __ampcc_write_narrow(FILE *file, const wchar_t *text, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    char out[MB_LEN_MAX];
    std::mbstate_t state{};
    size_t bytes = std::wcrtomb(out, text[i], &state);
    if (bytes == static_cast<size_t>(-1)) {
      out[0] = '?';
      bytes = 1;
    }
    if (std::fwrite(out, 1, bytes, file) != bytes)
      return false;
  }
  return true;
}
extern "C++" {
namespace ampcc {
namespace msvc {
class narrow_console_buffer : public std::wstreambuf {
public:
  explicit narrow_console_buffer(FILE *file) : file_(file) {}

protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof()))
      return traits_type::not_eof(c);
    wchar_t w = traits_type::to_char_type(c);
    return __ampcc_write_narrow(file_, &w, 1) ? c : traits_type::eof();
  }
  int sync() override { return std::fflush(file_) == 0 ? 0 : -1; }

private:
  FILE *file_;
};
struct wide_console {
  wide_console() {
    // The standard streams exist once an ios_base::Init does ([ios.init]), whatever the order of initialization.
    static std::ios_base::Init streams;
    static narrow_console_buffer out(stdout), err(stderr), log(stderr);
    std::wcout.rdbuf(&out);
    std::wcerr.rdbuf(&err);
    std::wclog.rdbuf(&log);
  }
};
// Once per program.
inline const wide_console wide_console_streams;
} // namespace msvc
} // namespace ampcc
}
#endif

// MSVC's checked array iterators (<iterator>'s stdext extension), unchecked here: a pointer under MSVC's name. A
// range too small for what is written through it is undefined behaviour, as with any pointer.
#ifdef __cplusplus
#include <iterator>
extern "C++" {
namespace stdext {
// A random-access iterator over an array of `size` elements: a pointer with the name MSVC gave it.
template <typename Ptr> class checked_array_iterator {
public:
  typedef std::random_access_iterator_tag iterator_category;
  typedef typename std::iterator_traits<Ptr>::value_type value_type;
  typedef typename std::iterator_traits<Ptr>::difference_type difference_type;
  typedef Ptr pointer;
  typedef typename std::iterator_traits<Ptr>::reference reference;
  checked_array_iterator() : p_() {}
  checked_array_iterator(Ptr array, size_t size, size_t index = 0) : p_(array + index) { (void)size; }
  Ptr base() const { return p_; }
  reference operator*() const { return *p_; }
  pointer operator->() const { return p_; }
  reference operator[](difference_type n) const { return p_[n]; }
  checked_array_iterator &operator++() { ++p_; return *this; }
  checked_array_iterator operator++(int) { checked_array_iterator old = *this; ++p_; return old; }
  checked_array_iterator &operator--() { --p_; return *this; }
  checked_array_iterator operator--(int) { checked_array_iterator old = *this; --p_; return old; }
  checked_array_iterator &operator+=(difference_type n) { p_ += n; return *this; }
  checked_array_iterator &operator-=(difference_type n) { p_ -= n; return *this; }
  checked_array_iterator operator+(difference_type n) const { return checked_array_iterator(p_ + n, 0); }
  checked_array_iterator operator-(difference_type n) const { return checked_array_iterator(p_ - n, 0); }
  difference_type operator-(const checked_array_iterator &o) const { return p_ - o.p_; }
  bool operator==(const checked_array_iterator &o) const { return p_ == o.p_; }
  bool operator!=(const checked_array_iterator &o) const { return p_ != o.p_; }
  bool operator<(const checked_array_iterator &o) const { return p_ < o.p_; }
  bool operator>(const checked_array_iterator &o) const { return p_ > o.p_; }
  bool operator<=(const checked_array_iterator &o) const { return p_ <= o.p_; }
  bool operator>=(const checked_array_iterator &o) const { return p_ >= o.p_; }

private:
  Ptr p_;
};
template <typename Ptr>
checked_array_iterator<Ptr> make_checked_array_iterator(Ptr array, size_t size, size_t index = 0) {
  return checked_array_iterator<Ptr>(array, size, index);
}
template <typename Ptr> Ptr make_unchecked_array_iterator(Ptr array) { return array; }
} // namespace stdext
}
#endif

// <tchar.h>: its narrow (char) names, or with _UNICODE (Visual Studio's "Use Unicode Character Set", `-D_UNICODE
// -DUNICODE`) its wide ones, _tmain then being wmain: a main of ampcc's (weak: a program's own main wins) calls it with
// the arguments decoded from UTF-8, and _tprintf writes narrow characters, in order with printf.
#ifdef _UNICODE
typedef wchar_t _TCHAR;
typedef wchar_t TCHAR;
#define _tmain wmain
#define __T(x) L##x
#define _T(x) __T(x)
#define _TEXT(x) __T(x)
#define _tprintf __ampcc_tprintf
#define _ftprintf fwprintf
#define _tcslen wcslen
#define _tcscmp wcscmp
#define _tcscpy wcscpy
#define _ttoi(s) ((int)wcstol((s), NULL, 10))
#define _tstoi _ttoi
#ifdef __cplusplus
#include <cwchar>
// One argument decoded from UTF-8 (a byte that starts no character becomes '?'); kept for the program's life.
static inline wchar_t *__ampcc_widen(const char *text) {
  size_t n = strlen(text), k = 0;
  wchar_t *wide = (wchar_t *)malloc((n + 1) * sizeof(wchar_t));
  for (size_t i = 0; i < n;) {
    unsigned char c = (unsigned char)text[i];
    unsigned code = c, length = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (length == 0 || i + length > n) {
      code = '?';
      length = 1;
    } else if (length > 1) {
      code = c & (0x7f >> length);
      for (unsigned j = 1; j < length; ++j)
        code = (code << 6) | ((unsigned char)text[i + j] & 0x3f);
    }
    wide[k++] = (wchar_t)code;
    i += length;
  }
  wide[k] = 0;
  return wide;
}
int wmain(int argc, wchar_t **argv) __attribute__((weak));
__attribute__((weak)) int main(int argc, char **argv) {
  if (!wmain) {
    fputs("ampcc: a program built with _UNICODE has neither main nor wmain (_tmain)\n", stderr);
    return 1;
  }
  wchar_t **wide = (wchar_t **)calloc((size_t)argc + 1, sizeof(wchar_t *));
  for (int i = 0; i < argc; ++i)
    wide[i] = __ampcc_widen(argv[i]);
  return wmain(argc, wide);
}
static inline int __ampcc_tprintf(const wchar_t *format, ...) {
  va_list args;
  for (size_t size = 256;; size *= 2) {
    wchar_t *text = (wchar_t *)malloc(size * sizeof(wchar_t));
    va_start(args, format);
    int n = vswprintf(text, size, format, args);
    va_end(args);
    if (n >= 0 || size > (1u << 24)) {
      if (n > 0)
        __ampcc_write_narrow(stdout, text, (size_t)n);
      free(text);
      return n;
    }
    free(text);
  }
}
#endif
#else
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
#endif

// <crtdbg.h>: debug-build assertions.
#ifndef _ASSERT
#define _ASSERT(expr) assert(expr)
#endif
#ifndef _ASSERTE
#define _ASSERTE(expr) assert(expr)
#endif

#endif
