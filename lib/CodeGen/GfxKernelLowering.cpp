// Lowers a Cilk Plus gfx_kernel to an OpenCL C kernel: one work-group per first-level (_Thread_group)
// iteration, second-level _Cilk_for iterations spread over the group's work-items, __thread_group_local
// variables in __local memory (likewise a `_Cilk_for _Thread_group` nest under `#pragma offload target(gfx)`);
// and a plain `#pragma offload target(gfx)` nest to one work-item per iteration.
// Statements and expressions go through FunctionLowering.
#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"
#include "Analysis/GfxKernels.h"
#include "CodeGen/AbiLayouts.h"
#include "CodeGen/Lowering.h"
#include "CodeGen/OpenCLEmitter.h"

#include "ampcc/kernel_abi.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ampcc {
namespace {

const char *Barrier = "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n";

std::string pad(int N) { return std::string(2 * N, ' '); }

// Names the kernel declares itself; C++ names that OpenCL C reserves get a suffix, as in OpenCLEmitter.
std::string varName(const NamedDecl *D) {
  std::string N = D->getName().str();
  static const char *Reserved[] = {"global", "local", "constant", "private", "kernel", "half",    "uchar",
                                   "ushort", "uint",  "ulong",    "barrier", "this_",  "restrict"};
  for (const char *R : Reserved)
    if (N == R)
      return N + "_";
  return N.rfind(abi::Prefix, 0) == 0 ? N + "_" : N;
}

class ParallelFinder : public RecursiveASTVisitor<ParallelFinder> {
public:
  ParallelFinder(const GfxKernelSite &Site) : Site(Site) {}
  bool VisitStmt(Stmt *S) {
    if (isGfxBarrierCall(S) || (isa<ForStmt>(S) && Site.Parallel.count(cast<ForStmt>(S))))
      Found = true;
    return !Found;
  }
  const GfxKernelSite &Site;
  bool Found = false;
};

// One kernel parameter for the variable VD of type T: a pointer is a shared host region (the buffer of the
// region and the pointer's byte offset in it, shape.off), anything else a value.
KernelArgUsage kernelParam(ProgramBuilder &P, FunctionLowering &FL, const VarDecl *VD, QualType T,
                           std::vector<std::string> &Params, std::string &Entry) {
  ASTContext &Ctx = P.Ctx;
  KernelArgUsage U;
  VarInfo VI;
  std::string Name = varName(VD);
  VI.Name = Name;
  SourceLocation Loc = VD->getLocation();
  if (T->isPointerType()) {
    U.IsBuffer = true;
    QualType Pointee = T->getPointeeType();
    U.Written = !Pointee.isConstQualified();
    Params.push_back("__global char* " + Name + "_ptr");
    Params.push_back(abi::ShapeType + (" " + Name) + "_sh");
    VI.Pointee = AddrSpace::Global;
    std::string Decl;
    if (const auto *AT = Ctx.getAsConstantArrayType(Pointee)) {
      // A pointer to rows (`float (*a)[N]`): OpenCL C spells it the same way.
      std::string Dims;
      QualType Elem = QualType(AT, 0);
      while (const auto *A = Ctx.getAsConstantArrayType(Elem)) {
        Dims += "[" + std::to_string(A->getSize().getZExtValue()) + "]";
        Elem = A->getElementType();
      }
      Decl = std::string(Elem.isConstQualified() ? "const " : "") + "__global " + P.typeName(Elem, Loc, true) + " (*" +
             Name + ")" + Dims;
    } else {
      Decl = P.declare(T, Name, Loc, AddrSpace::Global, true);
    }
    Entry += "  " + Decl + " = (__global void*)(" + Name + "_ptr + " + Name + "_sh.off);\n";
  } else {
    Params.push_back(P.declare(T, Name, Loc, AddrSpace::Private, true));
  }
  FL.Vars[VD] = VI;
  return U;
}

class GfxLowering {
public:
  GfxLowering(OpenCLEmitter &E, const GfxKernelSite &Site) : P(*E.builder()), Ctx(P.Ctx), Site(Site), FL(P, nullptr) {
    FL.InKernel = true;
  }

  std::optional<LoweredGfxKernel> run() {
    P.HadError = false;
    P.KernelTiled = 0;
    const FunctionDecl *FD = Site.FD;
    LoweredGfxKernel K;
    K.Name = P.uniqueName((Site.Offload ? "ampcc_gfx_offload_" : "ampcc_gfx_") + FD->getName().str());
    K.GroupSize = Site.GroupSize;
    declareGrid();

    std::vector<std::string> Params = {std::string(abi::DomainType) + " " + abi::DomainParam};
    std::string Entry;
    // A thread-group nest under `#pragma offload` takes the variables it uses, as a plain offloaded nest.
    if (Site.Offload)
      offloadParams(K, Params, Entry);
    for (const ParmVarDecl *PVD : Site.Offload ? llvm::ArrayRef<ParmVarDecl *>() : FD->parameters()) {
      if (PVD->getType()->isReferenceType()) {
        error(Ctx.getDiagnostics(), PVD->getLocation(),
              "a gfx_kernel parameter cannot be a reference; pass a pointer or a value");
        return std::nullopt;
      }
      K.Args.push_back(kernelParam(P, FL, PVD, PVD->getType(), Params, Entry));
    }
    Params.push_back(std::string(abi::GfxGridType) + " ampcc_grid");

    // __thread_group_local variables: __local at kernel scope.
    std::string Locals;
    for (const VarDecl *VD : Site.GroupLocals) {
      VarInfo VI;
      VI.Name = P.uniqueName("ampcc_slm_" + VD->getName().str());
      VI.Storage = AddrSpace::Local;
      if (VD->getType()->isPointerType())
        VI.Pointee = AddrSpace::Local;
      Locals += "  __local " + P.declare(VD->getType(), VI.Name, VD->getLocation(), VI.Pointee, true) + ";\n";
      FL.Vars[VD] = VI;
      K.LocalBytes += Ctx.getTypeSizeInChars(VD->getType()).getQuantity();
    }

    std::string Body;
    for (const Stmt *S : Site.Prologue)
      Body += FL.stmt(S, 1);
    // This group's first-level iteration: the group id in the row-major order of the nest.
    Body += "  int ampcc_lid = get_local_id(0), ampcc_lsz = get_local_size(0);\n";
    Body += "  int ampcc_g = get_group_id(0);\n";
    const std::vector<GfxLoop> &Loops = Site.Groups.Loops;
    for (size_t D = Loops.size(); D-- > 0;)
      Body += "  int ampcc_k" + std::to_string(D) + " = ampcc_g % ampcc_grid.n[" + std::to_string(D) +
              "]; ampcc_g /= ampcc_grid.n[" + std::to_string(D) + "];\n";
    for (size_t D = 0; D < Loops.size(); ++D)
      Body += "  " + loopVar(Loops[D], "ampcc_k" + std::to_string(D)) + ";\n";
    Body += groupBody(Site.Groups.Body, 1, true);
    if (P.HadError)
      return std::nullopt;

    std::string Sig = "__kernel void " + K.Name + "(";
    for (size_t I = 0; I < Params.size(); ++I)
      Sig += (I ? ", " : "") + Params[I];
    P.Kernels += Sig + ")\n{\n" + Locals + FL.LocalDecls + FL.TempDecls + Entry + Body + "}\n\n";
    K.LocalBytes += FL.LocalBytes;
    return K;
  }

  // A `#pragma offload target(gfx)` nest: the iterations in row-major order spread over all work-items
  // (a grid-stride loop, so any number of work-groups covers them); ampcc_grid holds the trip counts.
  std::optional<LoweredGfxKernel> runOffload() {
    P.HadError = false;
    P.KernelTiled = 0;
    LoweredGfxKernel K;
    K.Name = P.uniqueName("ampcc_gfx_offload_" + Site.FD->getName().str());
    K.GroupSize = 64;
    declareGrid();
    std::vector<std::string> Params = {std::string(abi::DomainType) + " " + abi::DomainParam};
    std::string Entry;
    offloadParams(K, Params, Entry);
    Params.push_back(std::string(abi::GfxGridType) + " ampcc_grid");
    const std::vector<GfxLoop> &Loops = Site.Groups.Loops;
    std::string Body = FL.lineDirective(Loops[0].For->getBeginLoc());
    Body += "  for (int ampcc_it = get_global_id(0); ampcc_it < ampcc_grid.n[0] * ampcc_grid.n[1] * "
            "ampcc_grid.n[2]; ampcc_it += get_global_size(0)) {\n";
    Body += "    int ampcc_r = ampcc_it;\n";
    for (size_t D = Loops.size(); D-- > 0;)
      Body += "    int ampcc_k" + std::to_string(D) + " = ampcc_r % ampcc_grid.n[" + std::to_string(D) +
              "]; ampcc_r /= ampcc_grid.n[" + std::to_string(D) + "];\n";
    for (size_t D = 0; D < Loops.size(); ++D)
      Body += "    " + loopVar(Loops[D], "ampcc_k" + std::to_string(D)) + ";\n";
    Body += FL.stmt(Site.Groups.Body, 2);
    Body += "  }\n";
    if (P.HadError)
      return std::nullopt;
    std::string Sig = "__kernel void " + K.Name + "(";
    for (size_t I = 0; I < Params.size(); ++I)
      Sig += (I ? ", " : "") + Params[I];
    P.Kernels += Sig + ")\n{\n" + FL.LocalDecls + FL.TempDecls + Entry + Body + "}\n\n";
    K.LocalBytes += FL.LocalBytes;
    return K;
  }

private:
  ProgramBuilder &P;
  ASTContext &Ctx;
  const GfxKernelSite &Site;
  FunctionLowering FL;

  // The grid's typedef (the kernel ABI's layout), once a program.
  void declareGrid() {
    if (P.UsedNames.insert(abi::GfxGridType).second)
      P.Types += openclLayout(AbiLayout::GfxGrid, "3", abi::GfxGridType) + "\n";
  }

  // The kernel parameters of an offloaded nest: the variables of the function it uses (arrays as pointers).
  void offloadParams(LoweredGfxKernel &K, std::vector<std::string> &Params, std::string &Entry) {
    for (const VarDecl *VD : Site.Captures) {
      QualType T = VD->getType().getNonReferenceType();
      if (T->isArrayType())
        T = Ctx.getArrayDecayedType(T);
      K.Args.push_back(kernelParam(P, FL, VD, T.getUnqualifiedType(), Params, Entry));
    }
  }

  // Declares (or assigns) the loop variable for iteration number K.
  std::string loopVar(const GfxLoop &L, const std::string &K) {
    VarInfo VI;
    VI.Name = varName(L.Var);
    if (L.Declared)
      FL.Vars[L.Var] = VI;
    else if (auto It = FL.Vars.find(L.Var); It != FL.Vars.end())
      VI.Name = It->second.Name;
    std::string Step = L.Step ? "(" + FL.expr(L.Step) + ")" : "1";
    std::string Value = "(" + FL.expr(L.Init) + ") " + (L.Down ? "- " : "+ ") + K + " * " + Step;
    if (!L.Declared)
      return VI.Name + " = " + Value;
    return P.declare(L.Var->getType(), VI.Name, L.Var->getLocation()) + " = " + Value;
  }

  // The number of iterations of a canonical loop, as an OpenCL C expression.
  std::string tripCount(const GfxLoop &L) {
    std::string A = "(" + FL.expr(L.Init) + ")", B = "(" + FL.expr(L.Bound) + ")";
    std::string S = L.Step ? "(" + FL.expr(L.Step) + ")" : "1";
    std::string Lo = L.Down ? B : A, Hi = L.Down ? A : B;
    bool Inclusive = L.Cmp == BO_LE || L.Cmp == BO_GE;
    std::string Span = "(" + Hi + " - " + Lo + (Inclusive ? " + 1" : "") + ")";
    return "(" + Span + " > 0 ? (" + Span + " + " + S + " - 1) / " + S + " : 0)";
  }

  bool containsParallel(const Stmt *S) {
    ParallelFinder F(Site);
    F.TraverseStmt(const_cast<Stmt *>(S));
    return F.Found;
  }

  // Code of the first-level nest: run by every work-item of the group with the same values.
  std::string groupBody(const Stmt *S, int Ind, bool Direct) {
    if (!S)
      return "";
    std::string Pad = pad(Ind);
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      std::string Out = Pad + "{\n";
      for (const Stmt *C : CS->body())
        Out += groupBody(C, Ind + 1, Direct);
      return Out + Pad + "}\n";
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S); DS && Direct) {
      std::string Out;
      for (const Decl *D : DS->decls()) {
        const auto *VD = dyn_cast<VarDecl>(D);
        if (!VD || !isThreadGroupLocal(VD))
          continue;
        if (const Expr *Init = VD->getInit())
          Out += Pad + "if (ampcc_lid == 0) {\n" + initLocal(VD, Init, Ind + 1) + Pad + "}\n" + Pad + Barrier;
      }
      bool Other = false;
      for (const Decl *D : DS->decls())
        Other |= !isa<VarDecl>(D) || !isThreadGroupLocal(cast<VarDecl>(D));
      return Other ? FL.stmt(S, Ind) + Out : Out;
    }
    if (const auto *For = dyn_cast<ForStmt>(S)) {
      if (Site.Parallel.count(For))
        return nest(For, Ind);
      if (containsParallel(For)) {
        std::string Init;
        if (For->getInit()) {
          Init = FL.stmt(For->getInit(), 0);
          while (!Init.empty() && Init.rfind("#line", 0) == 0)
            Init = Init.substr(Init.find('\n') + 1);
          while (!Init.empty() && (Init.back() == '\n' || Init.back() == ';'))
            Init.pop_back();
        }
        return FL.lineDirective(For->getBeginLoc()) + Pad + "for (" + Init + "; " + FL.expr(For->getCond()) + "; " +
               FL.expr(For->getInc()) + ")\n" + groupBody(For->getBody(), Ind + 1, false);
      }
    }
    if (const auto *W = dyn_cast<WhileStmt>(S); W && containsParallel(W))
      return Pad + "while (" + FL.expr(W->getCond()) + ")\n" + groupBody(W->getBody(), Ind + 1, false);
    if (const auto *Do = dyn_cast<DoStmt>(S); Do && containsParallel(Do))
      return Pad + "do\n" + groupBody(Do->getBody(), Ind + 1, false) + Pad + "while (" + FL.expr(Do->getCond()) +
             ");\n";
    if (const auto *If = dyn_cast<IfStmt>(S); If && containsParallel(If)) {
      std::string Out = Pad + "if (" + FL.expr(If->getCond()) + ")\n" + groupBody(If->getThen(), Ind + 1, false);
      if (If->getElse())
        Out += Pad + "else\n" + groupBody(If->getElse(), Ind + 1, false);
      return Out;
    }
    if (isGfxBarrierCall(S))
      return FL.lineDirective(S->getBeginLoc()) + Pad + Barrier;
    if (Site.GroupLocalStores.count(S))
      return Pad + "if (ampcc_lid == 0)\n" + FL.stmt(S, Ind + 1) + Pad + Barrier;
    return FL.stmt(S, Ind);
  }

  // The master thread's initialisation of a __thread_group_local variable.
  std::string initLocal(const VarDecl *VD, const Expr *Init, int Ind) {
    std::string Name = FL.Vars[VD].Name, Pad = pad(Ind);
    QualType T = VD->getType();
    if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
      // Arrays: through a private copy, element by element.
      QualType Elem = Ctx.getBaseElementType(AT);
      std::string Tmp = P.uniqueName("ampcc_init");
      std::string Decl = P.declare(T, Tmp, VD->getLocation());
      const auto *IL = dyn_cast<InitListExpr>(Init->IgnoreImplicit());
      Decl += IL ? " = " + FL.initList(IL) : " = " + FL.expr(Init);
      std::string ET = P.typeName(Elem, VD->getLocation(), true);
      return Pad + Decl + ";\n" + Pad + "for (int ampcc_i = 0; ampcc_i < (int)(sizeof(" + Tmp + ") / sizeof(" + ET +
             ")); ++ampcc_i) ((__local " + ET + "*)" + Name + ")[ampcc_i] = ((" + ET + "*)" + Tmp + ")[ampcc_i];\n";
    }
    const auto *IL = dyn_cast<InitListExpr>(Init->IgnoreImplicit());
    if (IL) {
      std::string Tmp = P.uniqueName("ampcc_init");
      return Pad + P.declare(T, Tmp, VD->getLocation()) + " = " + FL.initList(IL) + ";\n" + Pad + Name + " = " + Tmp +
             ";\n";
    }
    return Pad + Name + " = " + FL.expr(Init) + ";\n";
  }

  // A second-level nest: its iterations, in row-major order, spread over the work-items; then a barrier.
  std::string nest(const ForStmt *For, int Ind) {
    GfxNest N = collectNest(For, Ctx, false);
    std::string Pad = pad(Ind), In = pad(Ind + 1), In2 = pad(Ind + 2);
    std::string Out = FL.lineDirective(For->getBeginLoc()) + Pad + "{\n";
    std::string Total = "1";
    for (size_t D = 0; D < N.Loops.size(); ++D) {
      std::string C = "ampcc_n" + std::to_string(D);
      Out += In + "int " + C + " = " + tripCount(N.Loops[D]) + ";\n";
      Total += " * " + C;
    }
    Out += In + "for (int ampcc_it = ampcc_lid; ampcc_it < " + Total + "; ampcc_it += ampcc_lsz) {\n";
    Out += In2 + "int ampcc_r = ampcc_it;\n";
    for (size_t D = N.Loops.size(); D-- > 0;) {
      std::string K = "ampcc_k" + std::to_string(D);
      Out += In2 + "int " + K + " = ampcc_r % ampcc_n" + std::to_string(D) + "; ampcc_r /= ampcc_n" +
             std::to_string(D) + ";\n";
    }
    for (size_t D = 0; D < N.Loops.size(); ++D)
      Out += In2 + loopVar(N.Loops[D], "ampcc_k" + std::to_string(D)) + ";\n";
    Out += FL.stmt(N.Body, Ind + 2);
    Out += In + "}\n";
    return Out + In + Barrier + Pad + "}\n";
  }
};

} // namespace

std::optional<LoweredGfxKernel> lowerGfxKernel(OpenCLEmitter &Emitter, const GfxKernelSite &Site) {
  if (Site.Offload && !Site.ThreadGroups)
    return GfxLowering(Emitter, Site).runOffload();
  if (Site.Offload)
    return GfxLowering(Emitter, Site).run();
  Emitter.noteKernelBody(Site.FD);
  return GfxLowering(Emitter, Site).run();
}

} // namespace ampcc
