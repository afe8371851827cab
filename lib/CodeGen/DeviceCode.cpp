// Compiles the OpenCL C that ampcc generates with Clang in this process: the build-time check (OpenCL C 1.2,
// syntax and types) and ahead-of-time PTX (NVPTX back end, libclc for the OpenCL builtins).
#include "CodeGen/DeviceCode.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <mutex>

using namespace clang;

namespace ampcc {
namespace {

// The PTX targets ampcc accepts: those Clang 19's NVPTX back end knows, from Maxwell on.
const char *const PtxArchs[] = {"sm_50", "sm_52", "sm_53", "sm_60", "sm_61", "sm_62", "sm_70", "sm_72",
                                "sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90", "sm_90a"};

// The first function PTX declares without defining it, if any: a `.func` whose header (an optional return
// parameter list, the name, the parameter list) ends in `;` rather than a body. libclc leaves printf so, for
// CUDA's vprintf runtime, which NVIDIA's OpenCL driver does not link into a program built from PTX.
std::optional<std::string> undefinedFunction(llvm::StringRef Ptx) {
  for (size_t At = Ptx.find(".func"); At != llvm::StringRef::npos; At = Ptx.find(".func", At + 5)) {
    if (At > 0 && Ptx[At - 1] != '\n' && Ptx[At - 1] != ' ' && Ptx[At - 1] != '\t')
      continue;
    std::string Name;
    int Depth = 0;
    for (size_t I = At + 5; I < Ptx.size(); ++I) {
      char C = Ptx[I];
      if (C == '(') {
        ++Depth;
      } else if (C == ')') {
        --Depth;
      } else if (Depth == 0 && (C == '{' || C == ';')) {
        // vprintf is the CUDA driver's device printf (ptxas links it), as in nvcc's PTX.
        if (C == ';' && !Name.empty() && Name != "vprintf")
          return Name;
        break;
      } else if (Depth == 0 && Name.empty() && (llvm::isAlpha(C) || C == '_' || C == '$')) {
        size_t End = I;
        while (End < Ptx.size() && (llvm::isAlnum(Ptx[End]) || Ptx[End] == '_' || Ptx[End] == '$'))
          ++End;
        Name = Ptx.slice(I, End).str();
        I = End - 1;
      }
    }
  }
  return std::nullopt;
}

// Kernels that print (direct3d_printf, direct3d_errorf, direct3d_abort): Clang's NVPTX code for OpenCL C calls a
// variadic `printf` that no NVIDIA driver defines. CUDA's device printf is `vprintf(format, args)`, the arguments
// packed in a buffer at their natural alignment, as Clang packs them for CUDA sources (CodeGen's
// EmitNVPTXDevicePrintfCallExpr): each call is rewritten so, floats promoted to double and pointers made generic as
// C's variadic calls would. A call with an argument vprintf cannot print (an OpenCL vector, for %v) stays as it is,
// and the PTX is then not embedded (undefinedFunction).
struct PrintfToVprintf : llvm::PassInfoMixin<PrintfToVprintf> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
    llvm::Function *Printf = M.getFunction("printf");
    if (!Printf || !Printf->isDeclaration())
      return llvm::PreservedAnalyses::all();
    llvm::LLVMContext &C = M.getContext();
    llvm::PointerType *Generic = llvm::PointerType::get(C, 0);
    llvm::FunctionCallee Vprintf = M.getOrInsertFunction(
        "vprintf", llvm::FunctionType::get(llvm::Type::getInt32Ty(C), {Generic, Generic}, false));
    llvm::SmallVector<llvm::CallInst *, 8> Calls;
    for (llvm::User *U : Printf->users())
      if (auto *Call = llvm::dyn_cast<llvm::CallInst>(U); Call && Call->getCalledFunction() == Printf)
        Calls.push_back(Call);
    bool Changed = false;
    for (llvm::CallInst *Call : Calls) {
      llvm::IRBuilder<> B(Call);
      llvm::SmallVector<llvm::Value *, 8> Args;
      bool Printable = true;
      for (unsigned I = 1; I < Call->arg_size(); ++I) {
        llvm::Value *V = Call->getArgOperand(I);
        llvm::Type *T = V->getType();
        if (T->isFloatTy() || T->isHalfTy())
          V = B.CreateFPExt(V, llvm::Type::getDoubleTy(C));
        else if (T->isIntegerTy() && T->getIntegerBitWidth() < 32)
          V = B.CreateSExt(V, llvm::Type::getInt32Ty(C));
        else if (T->isPointerTy() && T->getPointerAddressSpace() != 0)
          V = B.CreateAddrSpaceCast(V, Generic);
        else if (!T->isIntegerTy() && !T->isDoubleTy() && !T->isPointerTy())
          Printable = false;
        Args.push_back(V);
      }
      if (!Printable)
        continue;
      llvm::Value *Format = Call->getArgOperand(0);
      if (Format->getType() != Generic)
        Format = B.CreateAddrSpaceCast(Format, Generic);
      llvm::Value *Buffer = llvm::ConstantPointerNull::get(Generic);
      if (!Args.empty()) {
        llvm::SmallVector<llvm::Type *, 8> Types;
        for (llvm::Value *V : Args)
          Types.push_back(V->getType());
        llvm::StructType *Packed = llvm::StructType::get(C, Types);
        llvm::IRBuilder<> Entry(&*Call->getFunction()->getEntryBlock().getFirstInsertionPt());
        llvm::AllocaInst *Slot = Entry.CreateAlloca(Packed);
        for (unsigned I = 0; I < Args.size(); ++I)
          B.CreateStore(Args[I], B.CreateStructGEP(Packed, Slot, I));
        Buffer = Slot->getType() == Generic ? static_cast<llvm::Value *>(Slot) : B.CreateAddrSpaceCast(Slot, Generic);
      }
      llvm::CallInst *Printed = B.CreateCall(Vprintf, {Format, Buffer});
      if (Call->getType() == Printed->getType())
        Call->replaceAllUsesWith(Printed);
      else if (!Call->use_empty())
        Call->replaceAllUsesWith(llvm::UndefValue::get(Call->getType()));
      Call->eraseFromParent();
      Changed = true;
    }
    if (Printf->use_empty())
      Printf->eraseFromParent();
    return Changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
  }
};

// Places each loop's exit block right after the loop's latch, so that the NVPTX back end ends the loop with one
// conditional branch back to its header (`setp.ne; @%p bra LOOP`) and falls through to the exit. Without it the
// runtime unroller leaves the latch last in the function, and Clang 19's NVPTX back end, which cannot reverse a
// branch condition, ends the loop with `@%p bra EXIT; bra.uni LOOP`: ptxas unrolls the first form four times
// and the second not at all (the simple matmul: 8 loads in flight a thread instead of 32, 0.55 of nvcc;
// docs/benchmarks.md). Only the layout changes, never the control flow.
struct LoopExitLayout : llvm::PassInfoMixin<LoopExitLayout> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM) {
    bool Changed = false;
    for (llvm::Loop *L : AM.getResult<llvm::LoopAnalysis>(F).getLoopsInPreorder()) {
      llvm::BasicBlock *Latch = L->getLoopLatch();
      auto *Br = Latch ? llvm::dyn_cast<llvm::BranchInst>(Latch->getTerminator()) : nullptr;
      if (!Br || !Br->isConditional())
        continue;
      llvm::BasicBlock *Exit = nullptr;
      for (llvm::BasicBlock *Succ : Br->successors())
        if (!L->contains(Succ))
          Exit = Succ;
      if (!Exit || Latch->getNextNode() == Exit)
        continue;
      Exit->moveAfter(Latch);
      Changed = true;
    }
    if (!Changed)
      return llvm::PreservedAnalyses::all();
    llvm::PreservedAnalyses PA;
    PA.preserveSet<llvm::CFGAnalyses>();
    return PA;
  }
};

// Runs Action over Source as a cc1 command line with Args (the input named BufferName), diagnostics to stderr.
// Adjust, if given, changes the invocation before it runs.
bool runOpenCLAction(const std::string &Source, const std::string &BufferName, std::vector<std::string> Args,
                     FrontendAction &Action, std::unique_ptr<llvm::raw_pwrite_stream> Output = nullptr,
                     llvm::raw_ostream &DiagOut = llvm::errs(),
                     const std::function<void(CompilerInvocation &)> &Adjust = nullptr) {
  Args.push_back(BufferName);
  std::vector<const char *> CArgs;
  for (const std::string &A : Args)
    CArgs.push_back(A.c_str());
  IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts = new DiagnosticOptions;
  DiagOpts->ShowColors = llvm::sys::Process::StandardErrHasColors();
  // Locations through the #line directives of the generated code: the user's files and lines.
  DiagOpts->ShowPresumedLoc = true;
  auto Invocation = std::make_shared<CompilerInvocation>();
  {
    TextDiagnosticPrinter ArgPrinter(DiagOut, DiagOpts.get());
    DiagnosticsEngine ArgDiags(new DiagnosticIDs, DiagOpts, &ArgPrinter, /*ShouldOwnClient=*/false);
    if (!CompilerInvocation::CreateFromArgs(*Invocation, CArgs, ArgDiags))
      return false;
  }
  // The program is in memory: the file name is only what diagnostics outside #line regions show.
  Invocation->getPreprocessorOpts().addRemappedFile(BufferName,
                                                    llvm::MemoryBuffer::getMemBufferCopy(Source, BufferName).release());
  Invocation->getFrontendOpts().DisableFree = false;
  if (Adjust)
    Adjust(*Invocation);
  CompilerInstance CI;
  CI.setInvocation(std::move(Invocation));
  CI.createDiagnostics(new TextDiagnosticPrinter(DiagOut, DiagOpts.get()), /*ShouldOwnClient=*/true);
  if (Output)
    CI.setOutputStream(std::move(Output));
  return CI.ExecuteAction(Action) && !CI.getDiagnostics().hasErrorOccurred();
}

// What every OpenCL compile here shares: OpenCL C 1.2, the builtins declared by Clang itself (much faster
// than parsing opencl-c.h), no warnings (the generated code is not the user's to fix).
std::vector<std::string> openCLArgs(const std::string &Triple, const DeviceCodeOptions &Options) {
  return {"-triple",
          Triple,
          "-x",
          "cl",
          "-cl-std=CL1.2",
          "-finclude-default-header",
          "-fdeclare-opencl-builtins",
          "-resource-dir",
          Options.ClangResourceDir,
          "-w",
          "-ferror-limit",
          "20"};
}

void initializeNVPTX() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

} // namespace

std::optional<OffloadArch> parseOffloadArch(const std::string &Name) {
  for (const char *A : PtxArchs)
    if (Name == A)
      return OffloadArch{OffloadArch::PTX, Name};
  return std::nullopt;
}

OffloadArch defaultOffloadArch() { return OffloadArch{OffloadArch::PTX, "sm_75", /*Implicit=*/true}; }

std::string offloadArchNames() {
  std::string S;
  for (const char *A : PtxArchs)
    S += (S.empty() ? "" : ", ") + std::string(A);
  return S;
}

bool checkOpenCL(const std::string &Source, const std::string &BufferName, const DeviceCodeOptions &Options) {
  std::vector<std::string> Args = openCLArgs("spir-unknown-unknown", Options);
  Args.push_back("-fsyntax-only");
  SyntaxOnlyAction Action;
  return runOpenCLAction(Source, BufferName, Args, Action);
}

std::optional<DeviceCode> compileDeviceCode(const std::string &Source, const std::string &BufferName,
                                            const OffloadArch &Arch, const DeviceCodeOptions &Options,
                                            std::string &Error) {
  llvm::SmallString<256> Libclc(Options.LibclcDir);
  llvm::sys::path::append(Libclc, "nvptx64--nvidiacl.bc");
  if (!llvm::sys::fs::exists(Libclc)) {
    Error = "PTX for " + Arch.Name + " needs libclc's '" + Libclc.str().str() +
            "' (Debian package libclc-19; scripts/install-deps.sh installs it)";
    return std::nullopt;
  }
  initializeNVPTX();
  // NVIDIA's OpenCL ABI (nvcl: texmode_independent PTX, kernel pointers in .global), which the NVIDIA
  // driver loads as a program binary. libclc's library names the OS "nvidiacl", which LLVM does not know as
  // NVCL: linking it warns that the triples differ (silenced with the other warnings, -w).
  std::vector<std::string> Args = openCLArgs("nvptx64-nvidia-nvcl", Options);
  // -O3, as nvcc and NVIDIA's OpenCL compiler: its loop unroll threshold (NVPTX allows a quarter of it for
  // partial unrolling) unrolls a loop of one multiply-add four times, where -O2's unrolls it twice.
  Args.insert(Args.end(), {"-target-cpu", Arch.Name, "-O3", "-S", "-mlink-builtin-bitcode", Libclc.str().str()});
  // libclc's native_ functions for NVPTX become LLVM intrinsics that the back end cannot lower ("no libcall
  // available for flog10"); the full-precision functions are valid implementations of them (OpenCL C 1.2,
  // 6.12.2: native_ precision is implementation-defined).
  for (const char *F : {"log", "log2", "log10", "exp", "exp2", "exp10", "sin", "cos", "tan", "powr"})
    Args.push_back(std::string("-Dnative_") + F + "=" + F);
  llvm::SmallString<0> PTX;
  auto Out = std::make_unique<llvm::raw_svector_ostream>(PTX);
  llvm::LLVMContext Context;
  EmitAssemblyAction Action(&Context);
  std::string Diagnostics;
  llvm::raw_string_ostream DiagOut(Diagnostics);
  auto AddLoopExitLayout = [](CompilerInvocation &Invocation) {
    Invocation.getCodeGenOpts().PassBuilderCallbacks.push_back([](llvm::PassBuilder &PB) {
      PB.registerOptimizerLastEPCallback([](llvm::ModulePassManager &MPM, llvm::OptimizationLevel) {
        MPM.addPass(PrintfToVprintf());
        MPM.addPass(llvm::createModuleToFunctionPassAdaptor(LoopExitLayout()));
      });
    });
  };
  if (!runOpenCLAction(Source, BufferName, Args, Action, std::move(Out), DiagOut, AddLoopExitLayout) ||
      PTX.empty()) {
    llvm::StringRef First = llvm::StringRef(Diagnostics).split('\n').first;
    Error = "Clang's NVPTX back end could not compile the kernels for " + Arch.Name +
            (First.empty() ? std::string() : " (" + First.str() + ")");
    return std::nullopt;
  }
  // The NVCL interface's PTX declares functions without linkage directives; CUDA's vprintf is declared `.extern`,
  // as nvcc and Clang's CUDA interface write it, for ptxas to take it from the driver.
  std::string Text = PTX.str().str();
  for (size_t At = Text.find("\n.func  (.param .b32 func_retval0) vprintf\n"); At != std::string::npos;
       At = Text.find("\n.func  (.param .b32 func_retval0) vprintf\n", At + 1))
    Text.insert(At + 1, ".extern ");
  PTX.assign(Text.begin(), Text.end());
  if (std::optional<std::string> Missing = undefinedFunction(PTX)) {
    Error = "the PTX calls '" + *Missing + "', which it does not define and NVIDIA's OpenCL driver does not link" +
            (*Missing == "printf" ? " (direct3d_printf or direct3d_errorf in a kernel)" : "");
    return std::nullopt;
  }
  return DeviceCode{Arch, "ptx", PTX.str().str()};
}

} // namespace ampcc
