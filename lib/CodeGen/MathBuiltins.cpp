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
  // OpenCL C has no nearbyint: rint is the same function (the current rounding mode, which kernels cannot change,
  // so no inexact exception to tell them apart).
  static const llvm::StringMap<const char *> Renamed = {{"abs", "fabs"}, {"nearbyint", "rint"}};
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
  // C++ AMP's sincos(x, &s, &c) returns nothing; OpenCL C's returns the sine and stores the cosine.
  if (B == "sincos" && Args.size() == 3) {
    Out = "(*(" + expr(Args[1]) + ") = sincos(" + expr(Args[0]) + ", " + expr(Args[2]) + "))";
    return true;
  }
  // nan(int) takes the payload as uint (float) or ulong (double) in OpenCL C.
  if (B == "nan" && Args.size() == 1) {
    bool Double = FD->getReturnType()->isSpecificBuiltinType(BuiltinType::Double);
    Out = std::string("nan((") + (Double ? "ulong" : "uint") + ")(" + expr(Args[0]) + "))";
    return true;
  }
  // Results through pointers (frexp, modf, remquo): OpenCL C 1.2 takes a pointer into any address space.
  Out = Name + "(";
  for (size_t I = 0; I < Args.size(); ++I)
    Out += (I ? ", " : "") + expr(Args[I]);
  Out += ")";
  return true;
}

} // namespace ampcc
