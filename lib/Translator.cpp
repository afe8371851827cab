// Runs the whole translation of one source file: Clang parse, analysis, kernel lowering, host rewrite.
#include "Translator.h"

#include "Analysis/AmpAnnotations.h"
#include "Analysis/GfxKernels.h"
#include "Analysis/KernelFinder.h"
#include "Analysis/TileChecks.h"
#include "CodeGen/OpenCLEmitter.h"
#include "Frontend/AmpSource.h"
#include "Frontend/CilkSource.h"
#include "Rewrite/GfxHostRewriter.h"
#include "Rewrite/HostRewriter.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace clang;

namespace ampcc {
namespace {

class TranslateConsumer : public ASTConsumer {
public:
  explicit TranslateConsumer(TranslationResult &Result) : Result(Result) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &Diags = Ctx.getDiagnostics();
    if (Diags.hasErrorOccurred())
      return;
    // Every stage runs even after an error so that one compile reports as much as it can.
    std::vector<KernelSite> Sites = findKernels(Ctx);
    for (const KernelSite &Site : Sites)
      checkTiledKernel(Ctx, Site);
    std::vector<GfxKernelSite> GfxSites = findGfxKernels(Ctx);

    OpenCLEmitter Emitter(Ctx);
    std::vector<LoweredKernel> Kernels;
    for (const KernelSite &Site : Sites) {
      if (std::optional<LoweredKernel> K = Emitter.lowerKernel(Site))
        Kernels.push_back(*K);
    }
    std::vector<LoweredGfxKernel> GfxKernels;
    for (const GfxKernelSite &Site : GfxSites) {
      if (std::optional<LoweredGfxKernel> K = lowerGfxKernel(Emitter, Site))
        GfxKernels.push_back(*K);
    }
    // restrict(amp) functions that no kernel calls obey the same rules: lowering them reports violations.
    Emitter.checkUnusedAmpFunctions();
    if (Diags.hasErrorOccurred())
      return;

    Result.NumKernels = Sites.size() + GfxSites.size();
    SourceManager &SM = Ctx.getSourceManager();
    if (Sites.empty() && !GfxSites.empty()) {
      Result.OpenCL = Emitter.program();
      Result.HostSource = SM.getBufferData(SM.getMainFileID()).str() +
                          gfxHostAppendix(Ctx, GfxSites, GfxKernels, Result.OpenCL);
      Result.HostSource = rewriteGfxOffloads(Ctx, GfxSites, std::move(Result.HostSource));
      Result.HostSource = parallelizeHostCilkFors(Ctx, std::move(Result.HostSource), Result.NeedsOpenMP);
      Result.Ok = true;
      return;
    }
    if (Sites.empty()) {
      Result.HostSource = SM.getBufferData(SM.getMainFileID()).str();
      Result.HostSource = parallelizeHostCilkFors(Ctx, std::move(Result.HostSource), Result.NeedsOpenMP);
      Result.Ok = true;
      return;
    }
    Result.OpenCL = Emitter.program();
    std::optional<std::string> Host = rewriteHost(Ctx, Sites, Kernels, Result.OpenCL);
    if (!Host)
      return;
    Result.HostSource = std::move(*Host);
    if (!GfxSites.empty())
      Result.HostSource += gfxHostAppendix(Ctx, GfxSites, GfxKernels, Result.OpenCL);
    Result.HostSource = rewriteGfxOffloads(Ctx, GfxSites, std::move(Result.HostSource));
    Result.HostSource = parallelizeHostCilkFors(Ctx, std::move(Result.HostSource), Result.NeedsOpenMP);
    Result.Ok = true;
  }

private:
  TranslationResult &Result;
};

class TranslateAction : public ASTFrontendAction {
public:
  explicit TranslateAction(TranslationResult &Result) : Result(Result) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<TranslateConsumer>(Result);
  }

private:
  TranslationResult &Result;
};

class TranslateActionFactory : public tooling::FrontendActionFactory {
public:
  explicit TranslateActionFactory(TranslationResult &Result) : Result(Result) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<TranslateAction>(Result); }

private:
  TranslationResult &Result;
};

}  // namespace

TranslationResult translateFile(const std::string &Path, const std::vector<std::string> &ClangArgs) {
  TranslationResult Result;
  tooling::FixedCompilationDatabase DB(".", ClangArgs);
  tooling::ClangTool Tool(DB, {Path});
  // The front-end stages: C++ AMP's `mutable restrict(amp)` order, then Cilk Plus array notation and
  // offload pragmas, become plain C++ in a buffer with the same lines, parsed in place of the file.
  std::string Rewritten;
  if (auto Buffer = llvm::MemoryBuffer::getFile(Path)) {
    std::string Source = (*Buffer)->getBuffer().str();
    bool Changed = false;
    if (std::optional<std::string> R = normalizeAmpSource(Source)) {
      Source = std::move(*R);
      Changed = true;
    }
    if (std::optional<std::string> R = rewriteCilkSource(Source)) {
      Source = std::move(*R);
      Changed = true;
    }
    if (Changed) {
      Rewritten = std::move(Source);
      Tool.mapVirtualFile(Path, Rewritten);
    }
  }
  // The compilation database already holds every argument; drop the tool's default adjusters' output flag.
  Tool.clearArgumentsAdjusters();
  Tool.appendArgumentsAdjuster(tooling::getClangSyntaxOnlyAdjuster());
  Tool.appendArgumentsAdjuster(tooling::getClangStripOutputAdjuster());
  TranslateActionFactory Factory(Result);
  Tool.setPrintErrorMessage(false);
  int Status = Tool.run(&Factory);
  Result.ClangOk = Status == 0;
  if (Status != 0)
    Result.Ok = false;
  return Result;
}

}  // namespace ampcc
