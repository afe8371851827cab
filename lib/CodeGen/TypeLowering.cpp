// Lowers C++ types to OpenCL C: scalars, user POD structs, the C++ AMP types, arrays and pointers.
#include "Analysis/AmpAnnotations.h"
#include "Analysis/AmpDiagnostics.h"
#include "Analysis/AmpTypeRules.h"
#include "Analysis/Diagnostics.h"
#include "CodeGen/AbiLayouts.h"
#include "CodeGen/Lowering.h"

#include "ampcc/kernel_abi.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"

#include <algorithm>

using namespace clang;

namespace ampcc {

const char *qualifierFor(AddrSpace AS) {
  switch (AS) {
  case AddrSpace::Private:
    return "";
  case AddrSpace::Global:
    return "__global ";
  case AddrSpace::Local:
    return "__local ";
  case AddrSpace::Constant:
    return "__constant ";
  }
  return "";
}

std::string ProgramBuilder::uniqueName(const std::string &Base) {
  std::string Name = Base;
  for (unsigned I = 1; !UsedNames.insert(Name).second; ++I)
    Name = Base + "_" + std::to_string(I);
  return Name;
}

static const char *builtinScalar(const BuiltinType *BT, bool InStorage) {
  switch (BT->getKind()) {
  case BuiltinType::Void:
    return "void";
  case BuiltinType::Bool:
    // bool has no defined size in OpenCL C, and kernel arguments and struct fields must match the host.
    return InStorage ? "uchar" : "bool";
  case BuiltinType::Char_S:
  case BuiltinType::SChar:
    return "char";
  case BuiltinType::Char_U:
  case BuiltinType::UChar:
    return "uchar";
  case BuiltinType::Short:
    return "short";
  case BuiltinType::UShort:
    return "ushort";
  case BuiltinType::Int:
    return "int";
  case BuiltinType::UInt:
    return "uint";
  case BuiltinType::Long:
  case BuiltinType::LongLong:
    return "long";
  case BuiltinType::ULong:
  case BuiltinType::ULongLong:
    return "ulong";
  case BuiltinType::Float:
    return "float";
  case BuiltinType::Double:
    return "double";
  case BuiltinType::NullPtr:
    // std::nullptr_t, a fundamental type of amp code: its only value is the null pointer (8 bytes, as the host's).
    return "ulong";
  default:
    return nullptr;
  }
}

std::string ProgramBuilder::indexType(int Rank) {
  std::string R = std::to_string(Rank);
  // Above rank 3 views carry all their dimensions and the compute domain all of its (runtime.h, wide_shape).
  if (Rank > 3 && IndexRanks.insert(Rank).second)
    Types += openclLayout(AbiLayout::Shape, R, abi::ShapeType + R) + "\n" +
             openclLayout(AbiLayout::Domain, R, abi::DomainType + R) + "\nAMPCC_INDEX_TYPE(" + R + ", " +
             abi::ShapeType + R + ")\n";
  return "ampcc_idx" + R;
}

std::string ProgramBuilder::shapeType(int Rank) {
  if (Rank <= 3)
    return abi::ShapeType;
  indexType(Rank);
  return abi::ShapeType + std::to_string(Rank);
}

std::string ProgramBuilder::domainType(int Rank) {
  if (Rank <= 3)
    return abi::DomainType;
  indexType(Rank);
  return abi::DomainType + std::to_string(Rank);
}

std::string ProgramBuilder::typeName(QualType T, SourceLocation Loc, bool InStorage) {
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  if (const auto *BT = T->getAs<BuiltinType>()) {
    if (const char *S = builtinScalar(BT, InStorage))
      return S;
    if (ReportedTypes.insert(T.getTypePtr()).second)
      error(Ctx.getDiagnostics(), Loc, "type %0 is not supported in restrict(amp) code") << T;
    HadError = true;
    return "int";
  }
  if (const auto *ET = T->getAs<EnumType>())
    return typeName(ET->getDecl()->getIntegerType(), Loc, InStorage);
  // A pointer to a data member is the member's byte offset, -1 when null (the Itanium ABI's, as on the host).
  if (T->isMemberDataPointerType())
    return "long";
  llvm::StringRef Builtin = getBuiltinTypeName(T);
  if (Builtin == "index" || Builtin == "extent")
    return indexType(getIntTemplateArg(T, 0));
  if (Builtin == "tiled_extent") {
    int Rank = getIntTemplateArg(T, 2) ? 3 : getIntTemplateArg(T, 1) ? 2 : 1;
    return "ampcc_idx" + std::to_string(Rank);
  }
  if (Builtin == "tiled_index") {
    int Rank = getIntTemplateArg(T, 2) ? 3 : getIntTemplateArg(T, 1) ? 2 : 1;
    return "ampcc_tidx" + std::to_string(Rank);
  }
  if (Builtin == "tile_barrier")
    return "ampcc_barrier";
  if (Builtin == "array_view" || Builtin == "array")
    return viewTypeName(T, Loc);
  if (const auto *RD = T->getAsRecordDecl())
    return recordName(RD, Loc);
  if (T->isPointerType() || T->isArrayType())
    return typeName(T->isPointerType() ? T->getPointeeType() : QualType(T->getArrayElementTypeNoTypeQual(), 0), Loc,
                    InStorage) +
           "*";
  error(Ctx.getDiagnostics(), Loc, "type %0 is not supported in restrict(amp) code") << T;
  HadError = true;
  return "int";
}

std::string ProgramBuilder::declare(QualType T, const std::string &Name, SourceLocation Loc, AddrSpace Pointee,
                                    bool InStorage) {
  QualType C = T.getCanonicalType();
  if (C->isReferenceType() || C->isPointerType()) {
    QualType Inner = C->getPointeeType();
    // A reference to a pointer is a pointer to the pointer variable, which lives in private memory (amp code has
    // no pointers elsewhere); Pointee is where that pointer points.
    if (C->isReferenceType() && Inner->isPointerType() && !Inner->getPointeeType()->isPointerType() &&
        !Inner->getPointeeType()->isReferenceType())
      return declare(Inner, "(*" + Name + ")", Loc, Pointee, InStorage);
    // Pointers to pointers and to functions have no lowering (the type rules refuse them where declared).
    if (Inner->isPointerType() || Inner->isReferenceType() || Inner->isFunctionType()) {
      error(Ctx.getDiagnostics(), Loc, "type %0 is not supported in restrict(amp) code") << T;
      HadError = true;
      return "int " + Name;
    }
    // A pointer or reference to an array (a range-based for loop's range): `int (*Name)[N]`.
    if (const auto *AT = Ctx.getAsConstantArrayType(Inner)) {
      std::string Const = AT->getElementType().isConstQualified() ? "const " : "";
      return Const + qualifierFor(Pointee) +
             declare(AT->getElementType().getUnqualifiedType(),
                     "(*" + Name + ")[" + std::to_string(AT->getSize().getZExtValue()) + "]", Loc, AddrSpace::Private,
                     InStorage);
    }
    std::string Const = Inner.isConstQualified() ? "const " : "";
    return Const + qualifierFor(Pointee) + typeName(Inner, Loc, InStorage) + "* " + Name;
  }
  if (const auto *AT = Ctx.getAsConstantArrayType(C))
    return declare(AT->getElementType(), Name + "[" + std::to_string(AT->getSize().getZExtValue()) + "]", Loc, Pointee,
                   InStorage);
  if (C->isArrayType()) {
    error(Ctx.getDiagnostics(), Loc, "arrays in restrict(amp) code need a constant size");
    HadError = true;
  }
  return typeName(C, Loc, InStorage) + " " + Name;
}

std::string ProgramBuilder::viewTypeName(QualType ViewType, SourceLocation Loc) {
  QualType Elem = getTypeTemplateArg(ViewType, 0);
  int Rank = getIntTemplateArg(ViewType, 1);
  bool Const = Elem.isConstQualified();
  std::string ElemName = typeName(Elem, Loc, /*InStorage=*/true);
  std::string Sanitized;
  for (char Ch : ElemName)
    Sanitized += isalnum(static_cast<unsigned char>(Ch)) ? Ch : '_';
  auto nameFor = [&](int R) {
    return std::string(Const ? "ampcc_cav_" : "ampcc_av_") + Sanitized + "_" + std::to_string(R);
  };
  std::string Name = nameFor(Rank);
  if (!ViewTypes.insert(Name).second)
    return Name;
  if (Bounds.guarded() && Rank > 3) {
    error(Ctx.getDiagnostics(), Loc, "%0 supports views of rank 1 to 3 in kernels, not %1") << Bounds.flag() << Rank;
    HadError = true;
    return Name;
  }
  // Projections return the next lower rank, so every lower rank is defined first.
  for (int R = 1; R <= Rank; ++R) {
    std::string N = nameFor(R);
    if (R < Rank && !ViewTypes.insert(N).second)
      continue;
    if (Bounds.guarded()) {
      Checks.noteElement(Ctx, Elem);
      Types += BoundsChecks::viewType(Bounds, N, R > 1 ? nameFor(R - 1) : "", ElemName, Const, R);
      continue;
    }
    std::string Dims = std::to_string(std::max(R, 3)); // the dimensions the shape holds
    Types += "typedef struct { " + std::string(Const ? "const " : "") + "__global " + ElemName + "* ptr; " +
             shapeType(R) + " sh; } " + N + ";\n";
    std::string Idx = "ampcc_idx" + std::to_string(R);
    Types += "static " + N + " " + N + "_section(" + N + " v, " + Idx + " o, " + Idx + " e) { v.sh = ampcc_section" +
             std::to_string(R) + "(v.sh, o, e); return v; }\n";
    // A dense view of extent e at element offset off of p: what view_as and reinterpret_as make in kernels.
    Types += "static " + N + " " + N + "_make(" + std::string(Const ? "const " : "") + "__global " + ElemName +
             "* p, int off, " + Idx + " e) { " + N + " v; v.ptr = p; v.sh.off = off; int s = 1; " +
             "for (int i = 0; i < " + Dims + "; ++i) { v.sh.ext[i] = 0; v.sh.str[i] = 0; } for (int i = " + std::to_string(R - 1) +
             "; i >= 0; --i) { v.sh.ext[i] = e.v[i]; v.sh.str[i] = s; s *= e.v[i]; } return v; }\n";
    if (R > 1) {
      std::string Lower = nameFor(R - 1);
      Types += "static " + Lower + " " + N + "_project(" + N + " v, int i) { " + Lower +
               " r; r.ptr = v.ptr; r.sh.off = v.sh.off + i * v.sh.str[0]; ";
      for (int D = 1; D < std::max(R, 3); ++D)
        Types += "r.sh.ext[" + std::to_string(D - 1) + "] = v.sh.ext[" + std::to_string(D) + "]; r.sh.str[" +
                 std::to_string(D - 1) + "] = v.sh.str[" + std::to_string(D) + "]; ";
      Types += "return r; }\n";
    }
  }
  return Name;
}

std::string ProgramBuilder::privateAtomic(llvm::StringRef Op, const std::string &Type) {
  std::string Name = "ampcc_patomic_" + Op.str() + "_" + Type;
  if (!Helpers.insert(Name).second)
    return Name;
  const std::string &T = Type;
  if (Op == "cas") {
    Types += "static bool " + Name + "(" + T + "* d, " + T + "* expected, " + T + " v) { if (*d == *expected) { *d = v; " +
             "return true; } *expected = *d; return false; }\n";
    return Name;
  }
  std::string New = Op == "add" ? "o + v" : Op == "sub" ? "o - v" : Op == "and" ? "o & v" : Op == "or" ? "o | v"
                  : Op == "xor" ? "o ^ v" : Op == "min" ? "min(o, v)" : Op == "max" ? "max(o, v)"
                  : Op == "inc" ? "o + 1" : Op == "dec" ? "o - 1" : "v";
  bool Unary = Op == "inc" || Op == "dec";
  Types += "static " + T + " " + Name + "(" + T + "* d" + (Unary ? "" : ", " + T + " v") + ") { " + T +
           " o = *d; *d = " + New + "; return o; }\n";
  return Name;
}

std::string ProgramBuilder::viewConversion(const std::string &From, const std::string &To) {
  std::string Name = From + "_to_" + To;
  if (ViewTypes.insert(Name).second)
    Types += "static " + To + " " + Name + "(" + From + " v) { " + To + " r; r.ptr = v.ptr; r.sh = v.sh; " +
             (Bounds.guarded() ? "r.chk = v.chk; " : "") + "return r; }\n";
  return Name;
}

std::string ProgramBuilder::recordName(const RecordDecl *RD, SourceLocation Loc) {
  RD = RD->getDefinition() ? RD->getDefinition() : RD;
  auto It = RecordNames.find(RD);
  if (It != RecordNames.end())
    return It->second;
  DiagnosticsEngine &D = Ctx.getDiagnostics();
  // Report each unusable class once, then treat it as int so that lowering can go on.
  if (!ReportedTypes.insert(RD->getTypeForDecl()).second) {
    HadError = true;
    return "int";
  }
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD)) {
    if (CRD->isLambda())
      return lambdaName(CRD, Loc);
    // Where the type rules do not report the class (a parameter or a variable of it is reported there), its use.
    if (const char *Problem = virtualClassProblem(*CRD)) {
      diagnose(D, Loc, AmpDiag::VirtualClass) << CRD->getName() << Problem;
      HadError = true;
      return "int";
    }
  }
  ReportedTypes.erase(RD->getTypeForDecl());
  std::string Base = RD->getName().empty() ? "anon" : RD->getName().str();
  std::string Name = uniqueName("ampcc_s_" + Base);
  RecordNames[RD] = Name;
  // A union is an OpenCL C union: its members share their storage as on the host. An alignment the class or a
  // member asks for (alignas, __declspec(align)) is kept, so elements of arrays of it lie where the host puts them.
  std::string Body = RD->isUnion() ? "typedef union" : "typedef struct";
  if (RD->hasAttr<AlignedAttr>())
    Body += " __attribute__((aligned(" +
            std::to_string(Ctx.getTypeAlignInChars(Ctx.getRecordType(RD)).getQuantity()) + ")))";
  Body += " {";
  // Base classes with data come first, in declaration order, as the host lays them out; empty ones take
  // no room (the host's empty-base optimisation).
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
    for (const CXXBaseSpecifier &B : CRD->bases()) {
      const CXXRecordDecl *BD = B.getType()->getAsCXXRecordDecl();
      if (BD && !BD->isEmpty())
        Body += " " + recordName(BD, Loc) + " " + baseFieldName(CRD, BD) + ";";
    }
  bool PointerField = false;
  for (const FieldDecl *F : RD->fields()) {
    if (F->getType()->isReferenceType() || F->getType()->isPointerType()) {
      error(D, F->getLocation(), "field '%0' is a pointer or reference, which a kernel cannot receive") << F->getName();
      HadError = PointerField = true;
      continue;
    }
    // Nor an array of them: amp code has pointers as variables, parameters and return values only, not as data
    // members or array elements (C++ AMP v1.2 2.4.1.3, MSVC's C3581).
    if (F->getType()->isArrayType() && Ctx.getBaseElementType(F->getType())->isPointerType()) {
      error(D, F->getLocation(), "field '%0' is an array of pointers; restrict(amp) code has no pointers in classes "
                                 "or arrays")
          << F->getName();
      HadError = PointerField = true;
      continue;
    }
    if (F->isBitField()) {
      error(D, F->getLocation(), "bit-field '%0' is not supported in restrict(amp) code") << F->getName();
      HadError = true;
      continue;
    }
    Body += " " + declare(F->getType(), fieldName(F), F->getLocation(), AddrSpace::Private, true);
    if (F->hasAttr<AlignedAttr>())
      Body += " __attribute__((aligned(" + std::to_string(Ctx.getDeclAlign(F).getQuantity()) + ")))";
    Body += ";";
  }
  // Where the class reaches amp code (a kernel's capture, a parameter), which the field's line does not say.
  if (PointerField && Loc.isValid() && Loc != RD->getLocation())
    note(D, Loc, "%0 is used in restrict(amp) code here") << Ctx.getRecordType(RD);
  // A class with no data is one byte in C++ (an empty struct is none in C, and `{0}` cannot initialise it).
  if (Body.back() == '{')
    Body += " uchar ampcc_empty;";
  Body += " } " + Name + ";\n";
  Types += Body;
  return Name;
}

std::string ProgramBuilder::baseFieldName(const CXXRecordDecl *Derived, const CXXRecordDecl *Base) {
  unsigned I = 0;
  for (const CXXBaseSpecifier &B : Derived->bases()) {
    const CXXRecordDecl *BD = B.getType()->getAsCXXRecordDecl();
    if (BD && BD->getCanonicalDecl() == Base->getCanonicalDecl())
      break;
    ++I;
  }
  return "ampcc_base" + std::to_string(I);
}

// A lambda written in amp code: a struct of its captures, cap0, cap1, ... in capture order; a capture by
// reference is a pointer to private memory (the lowering refuses to take one to a view's or tile's memory).
std::string ProgramBuilder::lambdaName(const CXXRecordDecl *RD, SourceLocation Loc) {
  std::string Name = uniqueName("ampcc_lambda");
  RecordNames[RD] = Name;
  std::string Body = "typedef struct {";
  unsigned I = 0;
  for (const FieldDecl *F : RD->fields()) {
    Body += " " + declare(F->getType(), fieldName(F), Loc, AddrSpace::Private, true) + ";";
    ++I;
  }
  // C has no empty structs.
  if (I == 0)
    Body += " char unused;";
  Body += " } " + Name + ";\n";
  Types += Body;
  return Name;
}

} // namespace ampcc
