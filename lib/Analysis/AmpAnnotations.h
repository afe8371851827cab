// Reads the annotations that amp.h puts on C++ AMP entities: restrict(...), tile_static and builtins.
#ifndef AMPCC_ANALYSIS_AMPANNOTATIONS_H
#define AMPCC_ANALYSIS_AMPANNOTATIONS_H

#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Type.h"
#include "clang/AST/TypeLoc.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <vector>

namespace ampcc {

struct Restriction {
  bool Cpu = true; // a function with no restrict(...) is restrict(cpu)
  bool Amp = false;
};

// The restriction specifiers of a function (for a lambda, of its call operator).
Restriction getRestriction(const clang::FunctionDecl *FD);
bool isAmpCallable(const clang::FunctionDecl *FD);
// The restriction Sema gave a function as its CUDA target (Frontend/RestrictAttr.h): what an implicit or
// defaulted special member has, inferred from the members it calls (Frontend/RestrictInference.cpp).
Restriction semaRestriction(const clang::FunctionDecl *FD);
// A function's type as written, through the attribute a restrict(amp) function's type carries (Clang's
// FunctionDecl::getFunctionTypeLoc stops there and gives none); none without type source information.
clang::FunctionTypeLoc writtenFunctionType(const clang::FunctionDecl *FD);

// The name given by AMPCC_BUILTIN("name") on a declaration, looking through template instantiations.
llvm::StringRef getBuiltinName(const clang::Decl *D);
// The builtin name of a record type (index, extent, array_view, array, tiled_index, ...), or "".
llvm::StringRef getBuiltinTypeName(clang::QualType T);
const clang::ClassTemplateSpecializationDecl *getBuiltinSpecialization(clang::QualType T);
// The I-th template argument of a builtin class template type, as an integer or a type.
int64_t getIntTemplateArg(clang::QualType T, unsigned I);
clang::QualType getTypeTemplateArg(clang::QualType T, unsigned I);

bool isTileStatic(const clang::VarDecl *VD);
// An amp-only library function of amp.h (AMPCC_AMP_LIBRARY_FUNCTION: fast_math, precise_math) that the host
// compiler has a version of: the cpu side of restrict(cpu, amp) code calls that one.
bool hasHostVersion(const clang::FunctionDecl *FD);

// The value amp code uses in place of E: an integer, floating or null pointer constant evaluated without side
// effects; none otherwise. What the statement rules accept as a global's constant value is what the lowering
// writes for it.
std::optional<clang::APValue> scalarConstant(const clang::Expr *E, const clang::ASTContext &Ctx);
// The value of a const integral static data member (`e.rank` read through an object that is not itself
// constant, which scalarConstant does not evaluate), or null.
const clang::APValue *staticIntegralConstant(const clang::VarDecl *VD);

// The assignments `VD = value` in S, in source order, also those through a local reference bound to VD.
void collectAssignments(const clang::Stmt *S, const clang::VarDecl *VD,
                        std::vector<const clang::BinaryOperator *> &Out);

// A call's object (a member call's, or a member operator's first operand; null otherwise) and its other
// arguments into Args.
const clang::Expr *splitCall(const clang::CallExpr *CE, const clang::FunctionDecl *FD,
                             llvm::SmallVectorImpl<const clang::Expr *> &Args);

} // namespace ampcc

#endif
