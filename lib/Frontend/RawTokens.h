// The tokens of a source buffer as Clang's raw lexer sees them (no preprocessing), with byte offsets:
// what the front-end stages that rewrite source in place work on.
#ifndef AMPCC_FRONTEND_RAWTOKENS_H
#define AMPCC_FRONTEND_RAWTOKENS_H

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <optional>
#include <utility>
#include <vector>

namespace ampcc {

struct RawToken {
  clang::tok::TokenKind Kind;
  size_t Begin, End; // byte offsets into the buffer
  bool StartOfLine;
  llvm::StringRef Text;
};

inline std::vector<RawToken> lexRaw(llvm::StringRef Buf) {
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = 1;
  LO.Bool = 1;
  clang::Lexer L(clang::SourceLocation(), LO, Buf.begin(), Buf.begin(), Buf.end());
  L.SetCommentRetentionState(false);
  std::vector<RawToken> Toks;
  clang::Token T;
  while (true) {
    L.LexFromRawLexer(T);
    if (T.is(clang::tok::eof))
      break;
    size_t End = L.getBufferLocation() - Buf.begin();
    size_t Begin = End - T.getLength();
    Toks.push_back({T.getKind(), Begin, End, T.isAtStartOfLine(), Buf.substr(Begin, End - Begin)});
  }
  return Toks;
}

// The text of the buffer Loc lies in, and Loc's offset in it; nothing for a macro location or a buffer that cannot
// be read.
inline std::optional<std::pair<llvm::StringRef, unsigned>> bufferAt(const clang::SourceManager &SM,
                                                                     clang::SourceLocation Loc) {
  if (Loc.isInvalid() || !Loc.isFileID())
    return std::nullopt;
  auto [File, Offset] = SM.getDecomposedLoc(Loc);
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid || Offset > Buffer.size())
    return std::nullopt;
  return std::make_pair(Buffer, Offset);
}

} // namespace ampcc

#endif
