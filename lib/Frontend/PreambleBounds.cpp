// Where a source's preamble ends: the `#include <...>` lines of system headers it starts with (see PreambleCache.h).
#include "Frontend/PreambleCache.h"

#include "llvm/ADT/STLExtras.h"

namespace ampcc {

// The C++ standard library's headers and the C headers it includes by name, which the prelude may follow.
bool isStandardHeader(llvm::StringRef Name) {
  static const llvm::StringRef Names[] = {"algorithm",
                                          "any",
                                          "array",
                                          "atomic",
                                          "barrier",
                                          "bit",
                                          "bitset",
                                          "cassert",
                                          "ccomplex",
                                          "cctype",
                                          "cerrno",
                                          "cfenv",
                                          "cfloat",
                                          "charconv",
                                          "chrono",
                                          "cinttypes",
                                          "ciso646",
                                          "climits",
                                          "clocale",
                                          "cmath",
                                          "codecvt",
                                          "compare",
                                          "complex",
                                          "concepts",
                                          "condition_variable",
                                          "coroutine",
                                          "csetjmp",
                                          "csignal",
                                          "cstdalign",
                                          "cstdarg",
                                          "cstdbool",
                                          "cstddef",
                                          "cstdint",
                                          "cstdio",
                                          "cstdlib",
                                          "cstring",
                                          "ctgmath",
                                          "ctime",
                                          "cuchar",
                                          "cwchar",
                                          "cwctype",
                                          "deque",
                                          "exception",
                                          "execution",
                                          "filesystem",
                                          "format",
                                          "forward_list",
                                          "fstream",
                                          "functional",
                                          "future",
                                          "initializer_list",
                                          "iomanip",
                                          "ios",
                                          "iosfwd",
                                          "iostream",
                                          "istream",
                                          "iterator",
                                          "latch",
                                          "limits",
                                          "list",
                                          "locale",
                                          "map",
                                          "memory",
                                          "memory_resource",
                                          "mutex",
                                          "new",
                                          "numbers",
                                          "numeric",
                                          "optional",
                                          "ostream",
                                          "queue",
                                          "random",
                                          "ranges",
                                          "ratio",
                                          "regex",
                                          "scoped_allocator",
                                          "semaphore",
                                          "set",
                                          "shared_mutex",
                                          "source_location",
                                          "span",
                                          "sstream",
                                          "stack",
                                          "stdexcept",
                                          "stop_token",
                                          "streambuf",
                                          "string",
                                          "string_view",
                                          "syncstream",
                                          "system_error",
                                          "thread",
                                          "tuple",
                                          "type_traits",
                                          "typeindex",
                                          "typeinfo",
                                          "unordered_map",
                                          "unordered_set",
                                          "utility",
                                          "valarray",
                                          "variant",
                                          "vector",
                                          "version",
                                          "assert.h",
                                          "ctype.h",
                                          "errno.h",
                                          "fenv.h",
                                          "float.h",
                                          "inttypes.h",
                                          "iso646.h",
                                          "limits.h",
                                          "locale.h",
                                          "math.h",
                                          "setjmp.h",
                                          "signal.h",
                                          "stdalign.h",
                                          "stdarg.h",
                                          "stdbool.h",
                                          "stddef.h",
                                          "stdint.h",
                                          "stdio.h",
                                          "stdlib.h",
                                          "string.h",
                                          "tgmath.h",
                                          "time.h",
                                          "uchar.h",
                                          "wchar.h",
                                          "wctype.h"};
  return llvm::is_contained(Names, Name);
}

namespace {
bool isBlank(char C) { return C == ' ' || C == '\t' || C == '\f' || C == '\v' || C == '\r'; }
} // namespace

size_t systemIncludePreamble(llvm::StringRef S, const std::vector<std::string> &AngledDirs,
                             std::vector<std::pair<std::string, unsigned>> *Includes) {
  if (S.starts_with("\xEF\xBB\xBF"))
    return 0;
  size_t P = 0, End = 0;
  auto lineEnd = [&](size_t From) {
    size_t E = S.find('\n', From);
    return E == llvm::StringRef::npos ? S.size() : E;
  };
  while (P < S.size()) {
    char C = S[P];
    if (isBlank(C) || C == '\n') {
      ++P;
      continue;
    }
    if (S.substr(P).starts_with("//")) {
      size_t E = lineEnd(P);
      // A line comment continued by a backslash: leave such files alone.
      if (E > P && S[E - 1] == '\\')
        break;
      P = E;
      continue;
    }
    if (S.substr(P).starts_with("/*")) {
      size_t E = S.find("*/", P + 2);
      if (E == llvm::StringRef::npos)
        break;
      P = E + 2;
      continue;
    }
    if (C != '#')
      break;
    size_t Q = P + 1, Line = lineEnd(P);
    while (Q < Line && isBlank(S[Q]))
      ++Q;
    if (!S.substr(Q, Line - Q).starts_with("include"))
      break;
    Q += 7;
    while (Q < Line && isBlank(S[Q]))
      ++Q;
    if (Q >= Line || S[Q] != '<')
      break;
    size_t Close = S.find('>', Q);
    if (Close == llvm::StringRef::npos || Close > Line)
      break;
    llvm::StringRef Name = S.slice(Q + 1, Close);
    llvm::StringRef Rest = S.slice(Close + 1, Line).trim();
    if (Name.empty() || (!Rest.empty() && !Rest.starts_with("//")) || Rest.ends_with("\\"))
      break;
    bool User = llvm::any_of(AngledDirs, [&](const std::string &Dir) {
      llvm::SmallString<256> Path(Dir);
      llvm::sys::path::append(Path, Name);
      return llvm::sys::fs::exists(Path);
    });
    if (User)
      break;
    if (Includes)
      Includes->emplace_back(Name.str(), 1 + static_cast<unsigned>(S.take_front(P).count('\n')));
    P = Line < S.size() ? Line + 1 : Line;
    End = P;
  }
  return End;
}

} // namespace ampcc
