// Lowers kernels and the restrict(amp) functions they call from the Clang AST to OpenCL C 1.2.
#include "CodeGen/OpenCLEmitter.h"

#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"
#include "CodeGen/Lowering.h"
#include "Support/CString.h"

#include "ampcc/kernel_abi.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <set>

using namespace clang;

namespace ampcc {

namespace {

// Identifiers that are keywords or reserved names in OpenCL C but ordinary names in C++.
bool isOpenCLReserved(llvm::StringRef Name) {
  static const llvm::StringSet<> Reserved = {
      "global",    "local",   "constant",   "private",   "kernel",        "read_only",    "write_only",   "read_write",
      "half",      "bool2",   "uchar",      "ushort",    "uint",          "ulong",        "image2d_t",    "image3d_t",
      "sampler_t", "event_t", "barrier",    "mem_fence", "get_global_id", "get_local_id", "get_group_id", "vec_step",
      "__global",  "__local", "__constant", "__private", "__kernel",      "this_",        "restrict"};
  return Reserved.contains(Name) || Name.starts_with(abi::Prefix);
}

// Whether a function object's call operator uses the object as a whole (calls its member functions, copies
// `*this`, converts it to a base, lets a lambda capture it) rather than only naming its fields, which the
// kernel receives one by one.
class WholeObjectUse : public RecursiveASTVisitor<WholeObjectUse> {
public:
  static bool in(const CXXMethodDecl *CallOperator) {
    WholeObjectUse V;
    V.TraverseStmt(CallOperator->getBody());
    return V.Whole || llvm::any_of(V.Uses, [&](const CXXThisExpr *E) { return !V.FieldBases.count(E); });
  }
  bool VisitMemberExpr(MemberExpr *ME) {
    if (isa<FieldDecl>(ME->getMemberDecl()))
      if (const auto *This = dyn_cast<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
        FieldBases.insert(This);
    return true;
  }
  bool VisitCXXThisExpr(CXXThisExpr *E) {
    Uses.push_back(E);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    Whole |= llvm::any_of(LE->captures(), [](const LambdaCapture &C) { return C.capturesThis(); });
    return true;
  }

private:
  std::vector<const CXXThisExpr *> Uses;
  std::set<const CXXThisExpr *> FieldBases;
  bool Whole = false;
};

} // namespace

std::string localName(const NamedDecl *D) {
  std::string Name = D->getName().empty() ? "unnamed" : D->getName().str();
  if (isOpenCLReserved(Name))
    Name += "_";
  return Name;
}

std::string fieldName(const FieldDecl *F) {
  // A closure's fields have no names: its captures, in order (ProgramBuilder::lambdaName).
  if (const auto *RD = dyn_cast<CXXRecordDecl>(F->getParent()); RD && RD->isLambda())
    return "cap" + std::to_string(F->getFieldIndex());
  return F->getName().empty() ? "ampcc_anon" + std::to_string(F->getFieldIndex()) : localName(F);
}

const Expr *strip(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
      if (ICE->getCastKind() == CK_NoOp || ICE->getCastKind() == CK_LValueToRValue ||
          ICE->getCastKind() == CK_UncheckedDerivedToBase || ICE->getCastKind() == CK_DerivedToBase) {
        E = ICE->getSubExpr();
        continue;
      }
    }
    // An MSVC property's object, named by the getter and setter calls (ExprLowering, PseudoObjectExpr).
    if (const auto *OVE = dyn_cast<OpaqueValueExpr>(E); OVE && OVE->getSourceExpr()) {
      E = OVE->getSourceExpr();
      continue;
    }
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = MTE->getSubExpr();
      continue;
    }
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(E)) {
      E = EWC->getSubExpr();
      continue;
    }
    if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E)) {
      E = BTE->getSubExpr();
      continue;
    }
    if (const auto *CE = dyn_cast<ConstantExpr>(E)) {
      E = CE->getSubExpr();
      continue;
    }
    // A structured binding (C++17) names a part of its decomposition's variable: its binding expression.
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *BD = dyn_cast<BindingDecl>(DRE->getDecl()); BD && BD->getBinding()) {
        E = BD->getBinding();
        continue;
      }
    return E;
  }
}

std::string withDeclsAtTop(const std::string &Body, const std::string &Decls) {
  size_t Brace = Body.find("{\n");
  if (Decls.empty() || Brace == std::string::npos)
    return Body;
  return Body.substr(0, Brace + 2) + Decls + Body.substr(Brace + 2);
}

bool isViewType(QualType T) {
  llvm::StringRef K = getBuiltinTypeName(T);
  return K == "array_view" || K == "array";
}

// A reference parameter is lowered to a pointer, const or not, so that the callee sees the caller's object
// itself: a returned `const T&` points to it, a write through another reference to it shows, a barrier in the
// callee separates the reads from the other threads' writes to tile_static memory. A temporary bound to a const
// reference gets its own variable (addressOf). Copies stay for what the lowering keeps as values: views,
// amp.h's builtin types (index, extent, tiled_index, textures: their lowered forms are not all C lvalues), and
// pointers. isConstRefCopy says which.
bool isConstRefCopy(QualType T) {
  if (!T->isReferenceType())
    return false;
  QualType Referred = T.getNonReferenceType();
  if (!Referred.isConstQualified() || Referred->isArrayType())
    return false;
  return Referred->isPointerType() || isViewType(Referred) || !getBuiltinTypeName(Referred).empty();
}

bool isPointerParam(QualType T) {
  if (T->isPointerType())
    return true;
  return T->isReferenceType() && !isConstRefCopy(T);
}

// ---------------------------------------------------------------------------------------------------
// Diagnostics and small helpers

void FunctionLowering::unsupported(const Stmt *S, const char *What) {
  error(Ctx.getDiagnostics(), S->getBeginLoc(), "%0 is not supported in restrict(amp) code") << What;
  P.HadError = true;
}

// Before every statement, even one on the line of the statement before: the directive numbers the C line after
// it, and the C lines between (a `{` of the user's line, a statement of several lines) have moved the count on
// (a one-line function's `return` was reported on the line after the function's).
std::string FunctionLowering::lineDirective(SourceLocation Loc) {
  SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (PL.isInvalid())
    return "";
  return "#line " + std::to_string(PL.getLine()) + " \"" + escapeCString(PL.getFilename()) + "\"\n";
}

std::string FunctionLowering::constant(const Expr *E, bool &Ok) {
  std::optional<APValue> Value = scalarConstant(E, Ctx);
  Ok = Value.has_value();
  if (!Ok)
    return "0";
  const APValue &V = *Value;
  // nullptr, and values of std::nullptr_t (lowered as a ulong that is always 0).
  if (V.isLValue() && V.isNullPointer())
    return "0";
  if (V.isInt()) {
    llvm::SmallString<32> S;
    V.getInt().toString(S);
    if (E->getType()->isBooleanType())
      return V.getInt().getBoolValue() ? "1" : "0";
    std::string Suffix = V.getInt().isUnsigned() ? "u" : "";
    if (Ctx.getTypeSize(E->getType()) > 32)
      Suffix += "L";
    return std::string(S) + Suffix;
  }
  // A floating value: the shortest decimal form that reads back as the same value.
  bool Single = E->getType()->isSpecificBuiltinType(BuiltinType::Float);
  double D = Single ? V.getFloat().convertToFloat() : V.getFloat().convertToDouble();
  char Buf[64];
  for (int Digits = 1; Digits <= 17; ++Digits) {
    snprintf(Buf, sizeof Buf, "%.*g", Digits, D);
    if (Single ? strtof(Buf, nullptr) == static_cast<float>(D) : strtod(Buf, nullptr) == D)
      break;
  }
  std::string Str(Buf);
  if (Str.find_first_of(".eEn") == std::string::npos)
    Str += ".0";
  return Single ? Str + "f" : Str;
}

// ---------------------------------------------------------------------------------------------------
// Kernels

OpenCLEmitter::OpenCLEmitter(ASTContext &Ctx) : Program(std::make_unique<ProgramBuilder>(Ctx)) {
  Program->Bounds = boundsModeRequested(Ctx);
  LangOptions::FPModeKind Contract = Ctx.getLangOpts().getDefaultFPContractMode();
  Program->ContractFMA = Contract == LangOptions::FPM_Fast || Contract == LangOptions::FPM_FastHonorPragmas;
}
OpenCLEmitter::~OpenCLEmitter() = default;

std::string OpenCLEmitter::program() const {
  // OpenCL C contracts by default; C++ AMP code compiled for MSVC did not unless told to.
  std::string Contract = Program->ContractFMA ? "#pragma OPENCL FP_CONTRACT ON\n" : "#pragma OPENCL FP_CONTRACT OFF\n";
  return Contract + openclPrelude() + (Program->Bounds.guarded() ? Program->Checks.prelude(Program->Bounds) : "") +
         "\n" + Program->Types + "\n" + Program->Prototypes + "\n" + Program->Functions + "\n" + Program->Kernels;
}

// A kernel is named for where it is: the function around its parallel_for_each, the file and the line
// (ampcc_main_matmul_cpp_42), so profiles and OpenCL build logs of a program with several files tell its
// kernels apart.
static std::string kernelName(ASTContext &Ctx, const KernelSite &Site) {
  SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc Where = SM.getPresumedLoc(SM.getExpansionLoc(Site.Call->getBeginLoc()));
  std::string Function;
  DynTypedNodeList Parents = Ctx.getParents(*Site.Call);
  while (!Parents.empty() && Function.empty()) {
    const auto *FD = Parents[0].get<FunctionDecl>();
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
    if (FD && !(MD && MD->getParent()->isLambda())) {
      // Constructors and operators are named for their class.
      if (FD->getDeclName().isIdentifier())
        Function = FD->getName().str();
      else if (MD && MD->getParent()->getIdentifier())
        Function = MD->getParent()->getName().str();
    }
    Parents = Ctx.getParents(Parents[0]);
  }
  std::string Name = abi::Prefix + (Function.empty() ? "" : Function + "_");
  if (Where.isValid())
    Name += llvm::sys::path::filename(Where.getFilename()).str() + "_" + std::to_string(Where.getLine());
  else
    Name += "kernel";
  for (char &C : Name)
    if (!isalnum(static_cast<unsigned char>(C)) && C != '_')
      C = '_';
  return Name;
}

std::optional<LoweredKernel> OpenCLEmitter::lowerKernel(const KernelSite &Site) {
  ProgramBuilder &P = *Program;
  ASTContext &Ctx = P.Ctx;
  P.HadError = false;
  FunctionLowering FL(P, nullptr);
  FL.InKernel = true;
  P.KernelTiled = Site.isTiled() ? 1 : 0;
  for (int I = 0; I < 3; ++I)
    FL.TileDims[I] = Site.Tile[I];

  // Which variables live in global memory is known before the body is lowered, so that every tile_static
  // fence the kernel reaches fences it.
  P.Viewed.summary(Site.Body);
  LoweredKernel K;
  K.Name = P.uniqueName(kernelName(Ctx, Site));
  KernelBodies.push_back(Site.Body);
  std::vector<std::string> Params = {P.domainType(Site.Rank) + " " + abi::DomainParam};
  std::string Entry;

  // A view's two kernel parameters, Param_ptr and Param_sh, and the entry code that sets the view Target from them.
  auto passView = [&](const KernelCapture &C, const std::string &Param, const std::string &Target) {
    QualType Elem = getTypeTemplateArg(C.Type, 0);
    Params.push_back(std::string(Elem.isConstQualified() ? "const " : "") + "__global " +
                     P.typeName(Elem, C.Loc, true) + "* " + Param + "_ptr");
    Params.push_back(P.shapeType(getIntTemplateArg(C.Type, 1)) + " " + Param + "_sh");
    Entry += "  " + Target + ".ptr = " + Param + "_ptr;\n  " + Target + ".sh = " + Param + "_sh;\n";
    if (P.Bounds.guarded())
      Entry += "  " + Target + ".chk = " + abi::CheckParam + ";\n";
  };
  // A function object used as a whole (WholeObjectUse) is put together again in the kernel, `ampcc_self`, and
  // each of its fields is set there; otherwise each field is a local of its own.
  const CXXRecordDecl *Object = Site.Body->getParent();
  bool Whole = !Object->isLambda() && WholeObjectUse::in(Site.Body);
  if (Whole) {
    for (const KernelCapture &C : Site.Captures)
      if (C.ByRef) {
        error(Ctx.getDiagnostics(), C.Loc,
              "the kernel's function object is used as a whole (its member functions are called), which ampcc "
              "cannot do for a class with the reference member '%0'; hold an array_view instead")
            << C.Decl->getName();
        return std::nullopt;
      }
    QualType T = Ctx.getRecordType(Object);
    Entry += "  " + P.declare(T, "ampcc_self", Site.Body->getLocation(), AddrSpace::Private) + ";\n  " +
             P.typeName(T, Site.Body->getLocation()) + "* this_ = &ampcc_self;\n";
    FL.ThisName = "this_";
  }
  // Where a field of the function object lives in ampcc_self (through its bases, KernelCapture::Bases).
  auto inObject = [&](const KernelCapture &C) {
    std::string Member = "ampcc_self";
    const CXXRecordDecl *Derived = Object;
    for (const CXXRecordDecl *Base : C.Bases) {
      Member += "." + ProgramBuilder::baseFieldName(Derived, Base);
      Derived = Base;
    }
    return Member + "." + fieldName(cast<FieldDecl>(C.Decl));
  };
  // A base's field may have the name of the derived class's: the kernel names it apart.
  auto captureName = [&](const KernelCapture &C) {
    return C.Bases.empty() ? localName(C.Decl) : P.uniqueName("ampcc_b_" + localName(C.Decl));
  };
  std::set<const ValueDecl *> RebuiltClasses;
  for (const KernelCapture &C : Site.Captures) {
    KernelArgUsage U;
    if (!C.Path.empty()) {
      // A field of a class that travels as its fields (KernelCapture::Path): the class is a local of the kernel
      // (or the function object's field), declared at its first field, each field set from an argument of its own.
      std::string Root = Whole ? inObject(C) : captureName(C);
      if (RebuiltClasses.insert(C.Decl).second) {
        if (!Whole)
          Entry += "  " + P.declare(C.RootType, Root, C.Loc, AddrSpace::Private) + ";\n";
        VarInfo RV;
        RV.Name = Root;
        FL.Vars[C.Decl] = RV;
      }
      Root = FL.Vars[C.Decl].Name;
      std::string Member = Root, Param = Whole ? captureName(C) : Root;
      const CXXRecordDecl *Outer = C.RootType->getAsCXXRecordDecl();
      for (const CapturePathStep &Step : C.Path) {
        std::string Part = Step.Field ? fieldName(Step.Field) : ProgramBuilder::baseFieldName(Outer, Step.Base);
        Member += "." + Part;
        Param += "_" + Part;
        Outer = Step.Field ? Step.Field->getType()->getAsCXXRecordDecl() : Step.Base;
      }
      Param += "_f";
      if (isViewType(C.Type)) {
        U.IsBuffer = true;
        passView(C, Param, Member);
      } else {
        Params.push_back(C.Type->isBooleanType() ? "uchar " + Param
                                                 : P.declare(C.Type, Param, C.Loc, AddrSpace::Private, true));
        Entry += "  " + Member + " = " + Param + ";\n";
      }
      K.Args.push_back(U);
      continue;
    }
    VarInfo VI;
    std::string Name = captureName(C);
    VI.Name = Whole ? inObject(C) : Name;
    if (isViewType(C.Type)) {
      U.IsBuffer = true;
      if (!Whole)
        Entry += "  " + P.viewTypeName(C.Type, C.Loc) + " " + Name + ";\n";
      passView(C, Name, VI.Name);
      VI.ViewRoot = C.Decl;
    } else if (C.Type->isBooleanType()) {
      Params.push_back("uchar " + Name + "_in");
      Entry += Whole ? "  " + VI.Name + " = " + Name + "_in;\n" : "  bool " + Name + " = " + Name + "_in;\n";
    } else if (const auto *AT = Ctx.getAsConstantArrayType(C.Type)) {
      // A C array travels by value inside a struct, as OpenCL C cannot pass arrays.
      std::string Wrap = P.uniqueName("ampcc_arr_" + Name);
      P.Types += "typedef struct { " + P.declare(C.Type, "v", C.Loc, AddrSpace::Private, true) + "; } " + Wrap + ";\n";
      Params.push_back(Wrap + " " + Name + "_in");
      if (Whole)
        Entry += "  " + FL.copyArray(VI.Name, Name + "_in.v", AT) + ";\n";
      else
        VI.Name = Name + "_in.v";
    } else {
      Params.push_back(P.declare(C.Type, Name, C.Loc, AddrSpace::Private, true));
      if (Whole)
        Entry += "  " + VI.Name + " = " + Name + ";\n";
    }
    FL.Vars[C.Decl] = VI;
    K.Args.push_back(U);
  }

  if (P.Bounds.guarded())
    Params.push_back(BoundsChecks::kernelParam());
  K.Checked = P.Bounds.guarded();

  // The index parameter.
  const ParmVarDecl *IdxParam = Site.Body->getParamDecl(0);
  std::string IdxName = localName(IdxParam);
  unsigned R = Site.Rank;
  auto ids = [&](const char *Fn) {
    std::string S = "ampcc_idx" + std::to_string(R) + "_make(";
    for (unsigned D = 0; D < 3; ++D) {
      if (D < R)
        S += "(int)" + std::string(Fn) + "(" + std::to_string(R - 1 - D) + ")";
      else
        S += "0";
      S += D < 2 ? ", " : ")";
    }
    return S;
  };
  std::string IndexCode, Dom = abi::DomainParam;
  if (Site.isTiled()) {
    std::string T = "ampcc_tidx" + std::to_string(R);
    IndexCode = "  " + T + " " + IdxName + ";\n  " + IdxName + ".g = " + ids("get_global_id") + ";\n  " + IdxName +
                ".l = " + ids("get_local_id") + ";\n  " + IdxName + ".t = " + ids("get_group_id") + ";\n  " + IdxName +
                ".o = ampcc_idx" + std::to_string(R) + "_sub(" + IdxName + ".g, " + IdxName + ".l);\n";
  } else if (R > 3) {
    // OpenCL dimension 2 carries C++ AMP dimensions 0..R-3 folded into one (runtime.h, launch): unfold them.
    IndexCode = "  " + P.indexType(R) + " " + IdxName + ";\n  " + IdxName + ".v[" + std::to_string(R - 1) +
                "] = (int)get_global_id(0);\n  " + IdxName + ".v[" + std::to_string(R - 2) +
                "] = (int)get_global_id(1);\n  int ampcc_fold = (int)get_global_id(2);\n  for (int ampcc_d = " +
                std::to_string(R - 3) + "; ampcc_d >= 0; --ampcc_d) { " + IdxName + ".v[ampcc_d] = ampcc_fold % " +
                Dom + ".ext[ampcc_d]; ampcc_fold /= " + Dom + ".ext[ampcc_d]; }\n";
    IndexCode += "  if (ampcc_fold != 0 || " + IdxName + ".v[" + std::to_string(R - 1) + "] >= " + Dom + ".ext[" +
                 std::to_string(R - 1) + "] || " + IdxName + ".v[" + std::to_string(R - 2) + "] >= " + Dom + ".ext[" +
                 std::to_string(R - 2) + "]) return;\n";
  } else {
    IndexCode = "  ampcc_idx" + std::to_string(R) + " " + IdxName + " = " + ids("get_global_id") + ";\n";
    // The runtime rounds the global size up to whole work-groups; padding threads leave at once.
    IndexCode += "  if (";
    for (unsigned D = 0; D < R; ++D)
      IndexCode += std::string(D ? " || " : "") + IdxName + ".v[" + std::to_string(D) + "] >= " + Dom + ".ext[" +
                   std::to_string(D) + "]";
    IndexCode += ") return;\n";
  }
  VarInfo IV;
  IV.Name = IdxName;
  FL.Vars[IdxParam] = IV;

  std::string Body = FL.stmt(Site.Body->getBody(), 1);
  if (P.HadError)
    return std::nullopt;

  for (size_t I = 0; I < Site.Captures.size(); ++I)
    // The views of a class that travels as its fields may be written through the class anywhere the kernel
    // passes it: every one whose elements are not const counts as written. So do a whole function object's.
    K.Args[I].Written = Site.Captures[I].Path.empty() && !Whole
                            ? FL.WrittenViews.count(Site.Captures[I].Decl) != 0
                            : K.Args[I].IsBuffer && !getTypeTemplateArg(Site.Captures[I].Type, 0).isConstQualified();
  K.LocalBytes = FL.LocalBytes;
  // C++ AMP guarantees 32 KB of tile_static memory per tile; the runtime checks the actual device too.
  if (K.LocalBytes > 32768) {
    error(Ctx.getDiagnostics(), Site.Body->getBeginLoc(),
          "the kernel uses %0 bytes of tile_static memory, more than the 32768 bytes C++ AMP allows per tile")
        << static_cast<unsigned>(K.LocalBytes);
    return std::nullopt;
  }

  // A kernel that calls direct3d_errorf or direct3d_abort takes the check buffer as a guarded one does; the runtime
  // reads it back after the launch.
  if (FL.Reports) {
    P.Reports = true;
    if (!P.Bounds.guarded()) {
      Params.push_back(BoundsChecks::kernelParam());
      K.Checked = true;
    }
  }

  // The scratch buffer (HiddenLocal::Scratch): a slot per thread of the NDRange, then one per work-group.
  auto slot = [&](unsigned long Bytes) { return (Bytes + FL.ScratchAlign - 1) / FL.ScratchAlign * FL.ScratchAlign; };
  K.ScratchThreadBytes = slot(FL.ScratchThreadBytes);
  K.ScratchTileBytes = slot(FL.ScratchTileBytes);
  std::string Frames;
  if (K.ScratchThreadBytes || K.ScratchTileBytes) {
    Params.push_back(std::string("__global uchar* ") + abi::ScratchParam);
    std::string Threads = "get_global_size(0) * get_global_size(1) * get_global_size(2)";
    if (K.ScratchThreadBytes)
      Frames += std::string("  __global uchar* ") + abi::ThreadFrame + " = " + abi::ScratchParam +
                " + (get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * "
                "get_global_id(2))) * " +
                std::to_string(K.ScratchThreadBytes) + "UL;\n";
    if (K.ScratchTileBytes)
      Frames += std::string("  __global uchar* ") + abi::TileFrame + " = " + abi::ScratchParam + " + " + Threads +
                " * " +
                std::to_string(K.ScratchThreadBytes) + "UL + (get_group_id(0) + get_num_groups(0) * (get_group_id(1) + "
                "get_num_groups(1) * get_group_id(2))) * " + std::to_string(K.ScratchTileBytes) + "UL;\n";
  }

  std::string Attr;
  if (Site.isTiled()) {
    int X = Site.Tile[R - 1], Y = R > 1 ? Site.Tile[R - 2] : 1, Z = R > 2 ? Site.Tile[0] : 1;
    Attr = "__attribute__((reqd_work_group_size(" + std::to_string(X) + ", " + std::to_string(Y) + ", " +
           std::to_string(Z) + "))) ";
  }
  std::string Sig = "__kernel " + Attr + "void " + K.Name + "(";
  for (size_t I = 0; I < Params.size(); ++I)
    Sig += (I ? ", " : "") + Params[I];
  Sig += ")";
  P.Kernels += Sig + "\n{\n" + Frames + FL.LocalDecls + FL.TempDecls + IndexCode + Entry + Body + "}\n\n";
  return K;
}

namespace {
class AmpFunctionCollector : public RecursiveASTVisitor<AmpFunctionCollector> {
public:
  explicit AmpFunctionCollector(SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext() && isAmpCallable(FD) &&
        SM.isInMainFile(SM.getExpansionLoc(FD->getLocation()))) {
      const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      if (!MD || !MD->getParent()->isLambda())
        Found.push_back(FD);
    }
    return true;
  }
  SourceManager &SM;
  std::vector<const FunctionDecl *> Found;
};
} // namespace

void OpenCLEmitter::checkUnusedAmpFunctions() {
  ASTContext &Ctx = Program->Ctx;
  std::set<const FunctionDecl *> Reached(KernelBodies.begin(), KernelBodies.end());
  for (const auto &Entry : Program->Specs)
    Reached.insert(Entry.first.first);
  AmpFunctionCollector Collector(Ctx.getSourceManager());
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
  ProgramBuilder Scratch(Ctx);
  Scratch.KernelTiled = -1; // unknown: no kernel calls these functions
  Scratch.CheckingUnreached = true;
  FunctionLowering Checker(Scratch, nullptr);
  for (const FunctionDecl *FD : Collector.Found) {
    if (Reached.count(FD))
      continue;
    // With no call site, every pointer is taken to point to private memory, but one whose memory the function
    // views, which any caller keeps in global memory (Analysis/ViewedMemory.h).
    const ViewedMemory::Summary &Viewed = Scratch.Viewed.summary(FD);
    std::vector<AddrSpace> Spaces;
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    // `this` is an argument of methods and of constructors that construct in place (FunctionSpec::InPlace).
    if (MD && MD->isInstance() && (!isa<CXXConstructorDecl>(FD) || Viewed.This))
      Spaces.push_back(Viewed.This ? AddrSpace::Global : AddrSpace::Private);
    for (const ParmVarDecl *PVD : FD->parameters())
      if (isPointerParam(PVD->getType()))
        Spaces.push_back(Viewed.Params.count(PVD->getFunctionScopeIndex()) ? AddrSpace::Global : AddrSpace::Private);
    Checker.specialize(FD, Spaces, FD->getLocation());
  }
}

} // namespace ampcc
