// Lowers concurrency::fast_math and concurrency::precise_math functions to OpenCL C builtins.
#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"
#include "CodeGen/Lowering.h"

#include "llvm/ADT/StringMap.h"

using namespace clang;

namespace ampcc {

namespace {
struct MathFunction {
  const char *OpenCL; // the OpenCL C builtin called
  const char *Float;  // the one called when the argument and the result are float
};
} // namespace

// amp_math.h marks each function "math.fast:NAME" or "math.precise:NAME"; MathBuiltins.def says what each calls.
bool FunctionLowering::mathCall(const FunctionDecl *FD, llvm::ArrayRef<const Expr *> Args, std::string &Out) {
  static const llvm::StringMap<MathFunction> Functions = {
#define AMPCC_MATH_FUNCTION(Name, OpenCL, Float) {Name, {OpenCL, Float}},
#include "CodeGen/MathBuiltins.def"
  };
  llvm::StringRef B = getBuiltinName(FD);
  auto It = Functions.find(B);
  if (!B.consume_front("math.fast:"))
    B.consume_front("math.precise:");
  bool Single = !Args.empty() && Args[0]->getType()->isSpecificBuiltinType(BuiltinType::Float) &&
                FD->getReturnType()->isSpecificBuiltinType(BuiltinType::Float);
  // A name without a row (none in include/: the table's check says so) calls the builtin of the same name.
  std::string Name = It == Functions.end() ? B.str() : Single ? It->second.Float : It->second.OpenCL;
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
