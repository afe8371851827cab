// The C++ AMP front-end stage: moves `restrict(...)` before `mutable` in lambda declarators, in place.
#include "Frontend/AmpSource.h"

#include "Frontend/RawTokens.h"

namespace ampcc {

std::optional<std::string> normalizeAmpSource(llvm::StringRef Buffer) {
  if (!Buffer.contains("mutable"))
    return std::nullopt;
  std::vector<RawToken> Toks = lexRaw(Buffer);
  std::string Out = Buffer.str();
  bool Changed = false;
  for (size_t I = 0; I + 2 < Toks.size(); ++I) {
    if (Toks[I].Text != "mutable" || Toks[I + 1].Text != "restrict" || Toks[I + 2].Kind != clang::tok::l_paren)
      continue;
    size_t Close = I + 2;
    for (int Depth = 0; Close < Toks.size(); ++Close) {
      Depth += Toks[Close].Kind == clang::tok::l_paren ? 1 : Toks[Close].Kind == clang::tok::r_paren ? -1 : 0;
      if (Depth == 0)
        break;
    }
    if (Close == Toks.size())
      break;
    // "mutable<gap>restrict(...)" becomes "restrict(...)<gap>mutable": the same bytes, rearranged.
    size_t Begin = Toks[I].Begin, End = Toks[Close].End;
    std::string Gap = Buffer.substr(Toks[I].End, Toks[I + 1].Begin - Toks[I].End).str();
    Out.replace(Begin, End - Begin,
                Buffer.substr(Toks[I + 1].Begin, End - Toks[I + 1].Begin).str() + Gap + "mutable");
    Changed = true;
    I = Close;
  }
  if (!Changed)
    return std::nullopt;
  return Out;
}

} // namespace ampcc
