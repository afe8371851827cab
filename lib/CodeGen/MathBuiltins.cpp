// Lowers concurrency::fast_math and concurrency::precise_math functions to OpenCL C builtins.
#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"
#include "CodeGen/Lowering.h"

#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace ampcc {

// amp_math.h marks each function "math.fast:NAME" or "math.precise:NAME". fast_math uses OpenCL's
// native_ variants where they exist (single precision, implementation-defined accuracy, as fast_math
// documents); precise_math and the rest map to the full-precision builtin of the same name.
bool FunctionLowering::mathCall(const FunctionDecl *FD, llvm::ArrayRef<const Expr *> Args, std::string &Out) {
  static const llvm::StringSet<> Native = {"cos",   "exp",   "exp2", "exp10", "log", "log2",
                                           "log10", "rsqrt", "sin",  "sqrt",  "tan"};
  static const llvm::StringMap<const char *> Renamed = {{"abs", "fabs"}};
  llvm::StringRef B = getBuiltinName(FD);
  bool Fast = B.consume_front("math.fast:");
  if (!Fast)
    B.consume_front("math.precise:");
  std::string Name = B.str();
  auto It = Renamed.find(B);
  if (It != Renamed.end())
    Name = It->second;
  bool Single = !Args.empty() && Args[0]->getType()->isSpecificBuiltinType(BuiltinType::Float) &&
                FD->getReturnType()->isSpecificBuiltinType(BuiltinType::Float);
  if (Fast && Single && Native.contains(B))
    Name = "native_" + Name;
  Out = Name + "(";
  for (size_t I = 0; I < Args.size(); ++I) {
    const Expr *A = Args[I];
    if (A->getType()->isPointerType()) {
      error(Ctx.getDiagnostics(), A->getExprLoc(),
            "math functions with pointer arguments are not lowered by ampcc yet");
      P.HadError = true;
    }
    Out += (I ? ", " : "") + expr(A);
  }
  Out += ")";
  return true;
}

} // namespace ampcc
