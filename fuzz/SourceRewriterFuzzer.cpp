// libFuzzer target over the front end's hand-written source rewriting (restrict specifiers for both sides,
// Cilk Plus array notation and offload pragmas): fast enough for millions of inputs, and it checks the
// promise every stage makes, that no line moves.
#include "Frontend/AmpSource.h"
#include "Frontend/CilkSource.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace {

std::size_t lines(const std::string &S) { return std::count(S.begin(), S.end(), '\n'); }

void keepsLines(const std::string &In, const std::optional<std::string> &Out) {
  if (Out && lines(*Out) != lines(In))
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data, std::size_t Size) {
  std::string In(reinterpret_cast<const char *>(Data), Size);
  keepsLines(In, ampcc::rewriteRestrictSpecifiers(In, ampcc::SourceSide::Translator));
  keepsLines(In, ampcc::rewriteRestrictSpecifiers(In, ampcc::SourceSide::Host));
  keepsLines(In, ampcc::rewriteCilkSource(In));
  return 0;
}
