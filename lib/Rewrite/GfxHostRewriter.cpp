// Generates the host launchers of Cilk Plus graphics kernels.
#include "Rewrite/GfxHostRewriter.h"

#include "Analysis/AmpAnnotations.h"
#include "Support/CString.h"

#include "ampcc/kernel_abi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <tuple>

using namespace clang;

namespace ampcc {

static std::string sourceText(ASTContext &Ctx, SourceRange R) {
  SourceManager &SM = Ctx.getSourceManager();
  return Lexer::getSourceText(SM.getExpansionRange(R), SM, Ctx.getLangOpts()).str();
}

static std::string offloadKey(const std::string &File, size_t I) { return File + ":offload:" + std::to_string(I); }

// The launcher of one `#pragma offload target(gfx)` nest: the captured variables by address, the pinned
// ranges shared for the duration, the trip counts by running the loop headers as written, a synchronous
// launch. It returns 0 when the nest could not run on the device (the caller then runs it on the host).
// Host code that counts a first-level nest's iterations by running its loop headers as written (an inner
// header only in the first outer iteration) into `ampcc_grid`, whose other dimensions start at Unused,
// then lists the kernel's arguments, the grid last.
static std::string gridAndArguments(ASTContext &Ctx, const std::vector<GfxLoop> &Loops, const char *Unused,
                                    const std::vector<std::string> &Names, const std::vector<KernelArgUsage> &Args) {
  SourceManager &SM = Ctx.getSourceManager();
  std::string Out = "  ::ampcc::gfx::grid ampcc_grid = {{";
  for (size_t D = 0; D < 3; ++D)
    Out += std::string(D ? ", " : "") + (D < Loops.size() ? "0" : Unused);
  Out += "}};\n  ";
  std::string Close;
  for (size_t D = 0; D < Loops.size(); ++D) {
    const ForStmt *For = Loops[D].For;
    std::string C = "ampcc_grid.n[" + std::to_string(D) + "]";
    SourceLocation From = Lexer::getLocForEndOfToken(SM.getExpansionLoc(For->getLParenLoc()), 0, SM, Ctx.getLangOpts());
    std::string Header =
        Lexer::getSourceText(CharSourceRange::getCharRange(From, SM.getExpansionLoc(For->getRParenLoc())), SM,
                             Ctx.getLangOpts())
            .str();
    Out += "for (" + Header + ") { ++" + C + "; if (" + C + " == 1) ";
    Close += " }";
  }
  Out += ";" + Close + "\n";
  Out += "  ::ampcc::rt::shape ampcc_sh[" + std::to_string(Names.size() + 1) + "];\n";
  Out += "  ::ampcc::rt::kernel_arg ampcc_a[] = {";
  for (size_t P = 0; P < Names.size(); ++P) {
    if (Args[P].IsBuffer)
      Out += "::ampcc::gfx::buffer_arg(" + Names[P] + ", " + (Args[P].Written ? "true" : "false") + ", ampcc_sh[" +
             std::to_string(P) + "]), ";
    else
      Out += "::ampcc::gfx::value_arg(" + Names[P] + "), ";
  }
  return Out + "::ampcc::gfx::value_arg(ampcc_grid)};\n";
}

static std::string offloadLauncher(ASTContext &Ctx, const GfxKernelSite &S, const LoweredGfxKernel &K, size_t I,
                                   const std::string &File) {
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  std::string Id = std::to_string(I), Out;
  unsigned N = S.Captures.size();
  Out += "const ::ampcc::rt::kernel_desc ampcc_gfx_desc_" + Id + " = {\"" + K.Name + "\", " + abi::GfxProgramSymbol +
         ", \"" + escapeCString(File) + "\", 1, {" + std::to_string(K.GroupSize) + ", 0, 0}, " +
         std::to_string(K.LocalBytes) + ", 0, 0};\n";
  Out += "int ampcc_gfx_offload_" + Id + "(void* const* ampcc_c, const unsigned long* ampcc_l) {\n";
  for (unsigned C = 0; C < N; ++C) {
    const VarDecl *VD = S.Captures[C];
    QualType T = VD->getType().getNonReferenceType();
    std::string Decl;
    llvm::raw_string_ostream OS(Decl);
    Ctx.getLValueReferenceType(T).print(OS, Policy, VD->getName());
    Out += "  " + Decl + " = *static_cast<" + Ctx.getPointerType(T).getAsString(Policy) + ">(ampcc_c[" +
           std::to_string(C) + "]);\n";
  }
  Out += "  ::ampcc::gfx::pin_scope ampcc_pins;\n";
  for (size_t P = 0; P < S.Pinned.size(); ++P) {
    std::string Name = S.Pinned[P]->getName().str();
    Out += "  if (!ampcc_pins.add(" + Name + ", ampcc_l[" + std::to_string(P) + "] * sizeof(*" + Name + ")))\n";
    Out += "    return 0;\n";
  }
  std::vector<std::string> Names;
  for (const VarDecl *VD : S.Captures)
    Names.push_back(VD->getName().str());
  // An array given in in(...) is not copied back, whatever the nest does to it.
  std::vector<KernelArgUsage> Args = K.Args;
  for (size_t P = 0; P < S.Pinned.size(); ++P)
    if (S.PinReadOnly[P])
      for (size_t C = 0; C < S.Captures.size() && C < Args.size(); ++C)
        if (S.Captures[C] == S.Pinned[P])
          Args[C].Written = false;
  Out += gridAndArguments(Ctx, S.Groups.Loops, "1", Names, Args);
  // A thread-group nest launches one work-group per first-level iteration, a plain one a work-item each.
  Out += std::string("  return ::ampcc::gfx::") + (S.ThreadGroups ? "run_groups" : "run_loop") + "(ampcc_gfx_desc_" +
         Id + ", ampcc_grid, ampcc_a, " + std::to_string(N + 1) + ");\n}\n";
  Out += "const ::ampcc::gfx::offload_registration ampcc_gfx_oreg_" + Id + "(\"" + escapeCString(offloadKey(File, I)) +
         "\", &ampcc_gfx_offload_" + Id + ");\n";
  return Out;
}

static std::string mainFileName(ASTContext &Ctx) {
  SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  return SM.getFileEntryRefForID(Main) ? SM.getFileEntryRefForID(Main)->getName().str() : "input.cpp";
}

std::string rewriteGfxOffloads(ASTContext &Ctx, const std::vector<GfxKernelSite> &Sites, std::string Host) {
  std::string File = mainFileName(Ctx);
  size_t Pos = 0;
  for (size_t I = 0; I < Sites.size(); ++I) {
    const GfxKernelSite &S = Sites[I];
    if (!S.Offload)
      continue;
    std::string Id = std::to_string(I);
    std::string Marker = sourceText(Ctx, S.Offload->getSourceRange()) + ";";
    size_t At = Host.find(Marker, Pos);
    if (At == std::string::npos)
      continue;
    std::string Launch = "if (void* const ampcc_c" + Id + "[] = {";
    for (const VarDecl *VD : S.Captures)
      Launch += "(void*)&" + VD->getName().str() + ", ";
    Launch += "nullptr}; true) if (const unsigned long ampcc_l" + Id + "[] = {";
    for (const Expr *L : S.PinLengths)
      Launch += "(unsigned long)" + sourceText(Ctx, L->getSourceRange()) + ", ";
    // Waits and signals first; an if(...) clause that is false runs the nest on the host, as a failed launch.
    SourceManager &SM = Ctx.getSourceManager();
    std::string Where = escapeCString(File) + ":" + std::to_string(SM.getExpansionLineNumber(S.Offload->getBeginLoc()));
    auto tag = [&](const Expr *T) {
      return T ? abi::GfxTag + sourceText(Ctx, T->getSourceRange()) : std::string("nullptr");
    };
    Launch += std::string("0}; (") + abi::GfxOffloadBegin + "(\"" + Where + "\", " + tag(S.WaitTag) + ", " +
              tag(S.SignalTag) + "), ";
    if (S.IfCond)
      Launch += "!" + sourceText(Ctx, S.IfCond->getSourceRange()) + " || ";
    Launch += std::string("!") + abi::GfxRunOffload + "(\"" + escapeCString(offloadKey(File, I)) + "\", ampcc_c" + Id +
              ", ampcc_l" + Id + ")))";
    Host.replace(At, Marker.size(), Launch);
    Pos = At + Launch.size();
  }
  return Host;
}

namespace {
// The outermost `_Cilk_for` loops of host code, as (line, occurrence of `_Cilk_for` on that line).
class HostCilkForFinder : public RecursiveASTVisitor<HostCilkForFinder> {
public:
  explicit HostCilkForFinder(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}
  struct Site {
    unsigned Line, K; // the K-th (from 0) loop keyword on the line
    std::string Spelling;
    bool operator<(const Site &O) const { return std::tie(Line, K) < std::tie(O.Line, O.K); }
    bool operator==(const Site &O) const { return Line == O.Line && K == O.K; }
  };
  std::vector<Site> Found;

  bool VisitForStmt(ForStmt *For) {
    if (!isCilkFor(For, Ctx))
      return true;
    GfxLoop L;
    if (!parseGfxLoop(For, L) || L.Var->getName().starts_with(abi::ArrayNotationIndex))
      return true; // not canonical (left serial) or an array notation loop
    SourceLocation Loc = SM.getExpansionLoc(For->getForLoc());
    if (!SM.isInMainFile(Loc) || !onHost(For))
      return true;
    // Only a `_Cilk_for` (or <cilk/cilk.h>'s `cilk_for`) written as such in the file, not in another macro.
    std::pair<FileID, unsigned> D = SM.getDecomposedLoc(Loc);
    llvm::StringRef Buf = SM.getBufferData(D.first);
    llvm::StringRef Spelling = Buf.substr(D.second).starts_with("cilk_for") ? "cilk_for" : "_Cilk_for";
    if (!Buf.substr(D.second).starts_with(Spelling))
      return true;
    unsigned Col = SM.getColumnNumber(D.first, D.second);
    llvm::StringRef Before = Buf.substr(D.second - (Col - 1), Col - 1);
    unsigned K = 0;
    for (size_t P = Before.find(Spelling); P != llvm::StringRef::npos; P = Before.find(Spelling, P + 1))
      ++K;
    Found.push_back({SM.getLineNumber(D.first, D.second), K, Spelling.str()});
    return true;
  }

private:
  ASTContext &Ctx;
  SourceManager &SM;

  // Whether the loop runs on the host: no enclosing `_Cilk_for`, offload nest, kernel or amp function.
  bool onHost(const Stmt *S) {
    DynTypedNode Child = DynTypedNode::create(*S);
    while (true) {
      DynTypedNodeList Parents = Ctx.getParents(Child);
      if (Parents.empty())
        return true;
      const DynTypedNode &P = Parents[0];
      if (const auto *For = P.get<ForStmt>(); For && isCilkFor(For, Ctx))
        return false;
      if (const auto *CS = P.get<CompoundStmt>()) {
        const Stmt *Prev = nullptr;
        for (const Stmt *B : CS->body()) {
          if (B == Child.get<Stmt>())
            break;
          Prev = B;
        }
        if (Prev && Child.get<Stmt>() && isGfxOffloadMarker(Prev))
          return false;
      }
      if (const auto *LE = P.get<LambdaExpr>(); LE && isAmpCallable(LE->getCallOperator()))
        return false;
      if (const auto *FD = P.get<FunctionDecl>(); FD && (isGfxKernelFunction(FD) || isAmpCallable(FD)))
        return false;
      Child = P;
    }
  }
};
} // namespace

std::string parallelizeHostCilkFors(ASTContext &Ctx, std::string Host, bool &NeedsOpenMP) {
  HostCilkForFinder F(Ctx);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  if (F.Found.empty())
    return Host;
  // The C++ AMP host rewrite puts declarations before the file and `#line 1 "<file>"`: lines count from there.
  size_t Origin = 0;
  std::string LineOne = "#line 1 \"" + escapeCString(mainFileName(Ctx)) + "\"\n";
  if (size_t P = Host.find(LineOne); P != std::string::npos && (P == 0 || Host[P - 1] == '\n'))
    Origin = P + LineOne.size();
  std::vector<size_t> LineStart = {Origin, Origin}; // 1-based
  for (size_t I = Origin; I < Host.size(); ++I)
    if (Host[I] == '\n')
      LineStart.push_back(I + 1);
  // From the end, so that every insertion leaves the positions still to use unchanged.
  std::sort(F.Found.rbegin(), F.Found.rend());
  F.Found.erase(std::unique(F.Found.begin(), F.Found.end()), F.Found.end());
  const std::string Pragma = "_Pragma(\"omp parallel for\") ";
  for (const auto &[Line, K, Spelling] : F.Found) {
    if (Line >= LineStart.size())
      continue;
    size_t End = Line + 1 < LineStart.size() ? LineStart[Line + 1] : Host.size();
    size_t At = Host.find(Spelling, LineStart[Line]);
    for (unsigned I = 0; I < K && At != std::string::npos; ++I)
      At = Host.find(Spelling, At + 1);
    if (At == std::string::npos || At >= End)
      continue;
    Host.insert(At, Pragma);
    NeedsOpenMP = true;
  }
  return Host;
}

std::string gfxHostAppendix(ASTContext &Ctx, const std::vector<GfxKernelSite> &Sites,
                            const std::vector<LoweredGfxKernel> &Kernels, const std::string *OpenCL) {
  SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  std::string File = SM.getFileEntryRefForID(Main) ? SM.getFileEntryRefForID(Main)->getName().str() : "input.cpp";
  auto text = [&](SourceRange R) {
    return Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts()).str();
  };

  std::string Out = "\n// Generated by ampcc: the OpenCL C program of the gfx_kernel functions and their launchers.\n";
  Out += "#include <gfx/gfx_rt.h>\nnamespace {\n";
  // One program per translation unit: with C++ AMP kernels, the host rewrite of those embedded it already.
  if (OpenCL)
    Out += std::string("const char ") + abi::GfxProgramSymbol + "[] = R\"AMPCC_CL(" + *OpenCL + ")AMPCC_CL\";\n";
  else
    Out += std::string("const char *const ") + abi::GfxProgramSymbol + " = " + abi::ProgramSymbol + ";\n";
  for (size_t I = 0; I < Sites.size(); ++I) {
    const GfxKernelSite &S = Sites[I];
    const LoweredGfxKernel &K = Kernels[I];
    if (S.Offload) {
      Out += offloadLauncher(Ctx, S, K, I, File);
      continue;
    }
    std::string Fn = S.FD->getQualifiedNameAsString(), Id = std::to_string(I);
    std::string FnType = "decltype(&" + Fn + ")";
    unsigned N = S.FD->getNumParams();
    Out += "const ::ampcc::rt::kernel_desc ampcc_gfx_desc_" + Id + " = {\"" + K.Name + "\", " + abi::GfxProgramSymbol +
           ", \"" + escapeCString(File) + "\", 1, {" + std::to_string(K.GroupSize) + ", 0, 0}, " +
           std::to_string(K.LocalBytes) + ", 0, 0};\n";
    Out += "int ampcc_gfx_launch_" + Id + "(const ::ampcc::gfx::value* ampcc_v, unsigned ampcc_n) {\n";
    Out += "  if (ampcc_n != " + std::to_string(N) + ")\n    return ::ampcc::gfx::wrong_arguments(\"" + Fn + "\", " +
           std::to_string(N) + ", ampcc_n);\n";
    std::vector<std::string> Names;
    for (unsigned P = 0; P < N; ++P) {
      std::string Name = S.FD->getParamDecl(P)->getName().str();
      if (Name.empty())
        Name = "ampcc_p" + std::to_string(P);
      Names.push_back(Name);
      std::string T = "::ampcc::gfx::param_t<" + FnType + ", " + std::to_string(P) + ">";
      Out += "  " + T + " " + Name + " = ::ampcc::gfx::as<" + T + ">(ampcc_v[" + std::to_string(P) + "]);\n";
    }
    for (const Stmt *D : S.Prologue)
      Out += "  " + text(D->getSourceRange()) + "\n";
    Out += gridAndArguments(Ctx, S.Groups.Loops, "0", Names, K.Args);
    Out += "  return ::ampcc::gfx::launch(ampcc_gfx_desc_" + Id + ", ampcc_grid, ampcc_a, " + std::to_string(N + 1) +
           ");\n}\n";
    Out += "const ::ampcc::gfx::kernel_registration ampcc_gfx_reg_" + Id + "(reinterpret_cast<const void*>(&" + Fn +
           "), \"" + Fn + "\", &ampcc_gfx_launch_" + Id + ");\n";
  }
  return Out + "}  // namespace\n";
}

} // namespace ampcc
