// Writes text as the inside of a C string literal, for the #line directives and descriptors ampcc emits.
#ifndef AMPCC_SUPPORT_CSTRING_H
#define AMPCC_SUPPORT_CSTRING_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace ampcc {

inline std::string escapeCString(llvm::StringRef S) {
  std::string R;
  for (char C : S) {
    if (C == '\\' || C == '"')
      R += '\\';
    R += C;
  }
  return R;
}

} // namespace ampcc

#endif
