// Reads ampcc's command line with Clang's own option table and sends each flag to the translator, the host
// compiler, the link, or the driver itself.
#include "CommandLine.h"

#include "clang/Driver/Driver.h"
#include "clang/Driver/Options.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#ifndef AMPCC_VERSION
#define AMPCC_VERSION "0.0.0"
#endif

namespace ampcc {

const char *const Usage = R"(usage: ampcc [options] file...

Compiles C++ AMP sources into programs that run on OpenCL devices. Takes the flags of gcc and clang
(Clang's option table): language and preprocessor flags reach both the translator and the host compiler,
link flags reach the link; a flag ampcc cannot honour is an error.

  -o <file>            write the output to <file>
  -c, -S, -E           stop after the object file; the host assembly; the source preprocessed as the
                       translator sees it
  -fsyntax-only        check the sources; write nothing
  -M -MM -MD -MMD -MF -MT -MQ -MP
                       make-style dependency files listing every header the translator and the host
                       compiler read
  -x c++               treat the inputs that follow as C++ sources whatever their names
  -I -D -U -include -isystem -iquote -idirafter ...
                       preprocessor options, as for any C++ compiler
  -std=c++11..c++20    language standard, gnu++ too (default c++17; C++11/14 code compiles as C++17)
  -f... -m... -pthread language and target flags, for both compilers and the link (-fopenmp defines
                       _OPENMP, -march=haswell defines __AVX2__, for the kernels too)
  -O0 .. -O3, -Os, -g  optimisation and debug info of the host code
  -W<warning>, -w      warnings, given to the translator and the host compiler
  -L -l -Wl, -Xlinker -shared -static -rdynamic
                       link options; .o, .a and .so inputs are linked too
  @<file>              read more arguments from <file>
  -save-temps          keep <name>.ampcc.cpp (the host C++) and <name>.ampcc.cl (the OpenCL C) next to the output,
                       and <name>.ampcc.tree (the source with the headers whose kernels ampcc rewrote)
  --emit-opencl        write the OpenCL C of one source to -o or stdout
  --emit-host          write the rewritten host C++ of one source to -o or stdout
  --print-clang-args   print the flags a Clang-based tool (clangd, clang-tidy) needs to read C++ AMP sources
  -fampcc-checked      checked mode: bounds checks on view and array accesses, on the host and in kernels
  -fampcc-msvc         code written for Visual Studio: MSVC's C++ dialect as clang-cl reads it
                       (-fms-compatibility -fms-extensions -fdelayed-template-parsing
                       -fms-compatibility-version=19.00) and MSVC's C runtime names (-include ampcc/msvc.h);
                       a GCC host compiler gives way to Clang
  -fampcc-directcompute-bounds
                       Direct3D's bounds behaviour in kernels: a view or array access out of bounds reads 0
                       and its write is dropped, without an error (for code written for Direct3D that relies
                       on it; -fno-ampcc-directcompute-bounds turns it off again)
  --host-cxx=<cc>      the host C++ compiler (default: $AMPCC_CXX, else c++)
  --offload-arch=<arch>[,<arch>...]
                       also compile the kernels ahead of time for <arch> and embed the result beside
                       the OpenCL C: sm_50 .. sm_90a (PTX for NVIDIA GPUs); other devices use the OpenCL C.
                       Default: sm_75 (NVIDIA GPUs of compute capability 7.5 and above)
  --no-offload-arch=<arch>|all
                       remove <arch> (the default too), or every arch: the OpenCL C alone
  -fno-ampcc-kernel-check
                       do not type-check the generated OpenCL C as OpenCL C 1.2 while compiling
  -fampcc-time-report  print where the time of each compile went
  -Xclang <arg>        pass <arg> to the translator's Clang (e.g. -Xclang -verify)
  -v                   print the commands as they run
  -###                 print the commands; run none
  --version            print the version
)";

namespace {

using namespace clang::driver;
using llvm::opt::Arg;
using llvm::opt::Option;

bool isRequested(const std::vector<OffloadArch> &Archs, llvm::StringRef Name) {
  return llvm::any_of(Archs, [&](const OffloadArch &A) { return A.Name == Name; });
}

int error(const llvm::Twine &Msg) {
  llvm::errs() << "ampcc: error: " << Msg << "\n";
  return 1;
}

// The comma-separated arch names of an --offload-arch= or --no-offload-arch= value (`all` too where AllowAll), each
// one ampcc compiles for; nothing, after an error, otherwise.
std::optional<llvm::SmallVector<llvm::StringRef, 4>> archList(llvm::StringRef Value, llvm::StringRef Flag,
                                                               bool AllowAll) {
  llvm::SmallVector<llvm::StringRef, 4> Names;
  Value.split(Names, ',', -1, /*KeepEmpty=*/false);
  if (Names.empty()) {
    error("missing argument to '" + Flag + "'");
    return std::nullopt;
  }
  for (llvm::StringRef N : Names)
    if (!(AllowAll && N == "all") && !parseOffloadArch(N.str())) {
      error("unsupported offload arch '" + N + "' (ampcc compiles kernels ahead of time for " + offloadArchNames() +
            ")");
      return std::nullopt;
    }
  return Names;
}

bool isCxxSource(llvm::StringRef F) {
  llvm::StringRef Ext = llvm::sys::path::extension(F);
  return Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx" || Ext == ".C" || Ext == ".c++" || Ext == ".cp" ||
         Ext == ".CPP";
}

// A -MQ target quoted for make, as gcc and Clang quote it.
std::string quoteMakeTarget(llvm::StringRef Target) {
  std::string Quoted;
  for (size_t I = 0; I < Target.size(); ++I) {
    char C = Target[I];
    if (C == ' ' || C == '\t') {
      // The backslashes before a blank are doubled so that they stay backslashes.
      for (size_t J = I; J > 0 && Target[J - 1] == '\\'; --J)
        Quoted += '\\';
      Quoted += '\\';
    } else if (C == '$') {
      Quoted += '$';
    } else if (C == '#') {
      Quoted += '\\';
    }
    Quoted += C;
  }
  return Quoted;
}

// Most C++ AMP code predates C++17 (MSVC compiled it as C++11/14); amp.h needs C++17, and C++11/14 code
// compiles as C++17 but for what C++17 removed (auto_ptr; throw() lists with types and register are taken as
// MSVC took them where Clang compiles: ampcc/restrict.h).
std::optional<std::string> languageStandard(llvm::StringRef Std) {
  bool Gnu = Std.consume_front("gnu++");
  if (!Gnu && !Std.consume_front("c++"))
    return std::nullopt;
  std::string Prefix = Gnu ? "gnu++" : "c++";
  if (Std == "11" || Std == "0x" || Std == "14" || Std == "1y" || Std == "17" || Std == "1z")
    return Prefix + "17";
  if (Std == "20" || Std == "2a")
    return Prefix + "20";
  return std::nullopt;
}

std::vector<std::string> rendered(const Arg &A, const llvm::opt::ArgList &Args) {
  llvm::opt::ArgStringList List;
  A.render(Args, List);
  return std::vector<std::string>(List.begin(), List.end());
}

void append(std::vector<std::string> &To, const std::vector<std::string> &From) {
  To.insert(To.end(), From.begin(), From.end());
}

} // namespace

std::optional<int> parseCommandLine(int Argc, const char *const *Argv, CommandLine &CL) {
  llvm::BumpPtrAllocator Alloc;
  llvm::StringSaver Saver(Alloc);
  llvm::SmallVector<const char *, 64> Raw(Argv + 1, Argv + Argc);
  // Response files first: build systems put long command lines in them, and every flag inside is read
  // like one on the command line.
  llvm::cl::ExpansionContext Expander(Alloc, llvm::cl::TokenizeGNUCommandLine);
  if (llvm::Error E = Expander.expandResponseFiles(Raw))
    return error(llvm::toString(std::move(E)));

  // ampcc's own flags are not in Clang's table.
  std::vector<const char *> ForTable;
  bool DirectComputeBounds = false;
  // --offload-arch= named archs (the default is then not added); --no-offload-arch= removed the default.
  bool ArchGiven = false, DefaultArch = true;
  for (size_t I = 0; I < Raw.size(); ++I) {
    llvm::StringRef A = Raw[I];
    if (A == "--emit-opencl") {
      CL.EmitOpenCL = true;
    } else if (A == "--emit-host") {
      CL.EmitHost = true;
    } else if (A == "--keep") {
      CL.SaveTemps = true;
    } else if (A == "--print-clang-args") {
      CL.PrintClangArgs = true;
    } else if (A == "-fampcc-msvc") {
      // Read as the flags it stands for, where they stand, so that each goes where its group goes.
      CL.Msvc = true;
      for (const std::string &Flag : msvcArgs())
        ForTable.push_back(Saver.save(Flag).data());
    } else if (A == "-fampcc-checked") {
      // Checked mode (docs/checked-mode.md): the macro turns on amp.h's host checks and the kernels' checks.
      CL.Opts.Preprocessor.push_back("-DAMPCC_CHECKED=1");
    } else if (A == "-fampcc-directcompute-bounds" || A == "-fno-ampcc-directcompute-bounds") {
      DirectComputeBounds = A == "-fampcc-directcompute-bounds";
    } else if (A.consume_front("--offload-arch=")) {
      std::optional<llvm::SmallVector<llvm::StringRef, 4>> Names = archList(A, "--offload-arch=", false);
      if (!Names)
        return 1;
      for (llvm::StringRef N : *Names)
        if (!isRequested(CL.OffloadArchs, N))
          CL.OffloadArchs.push_back(*parseOffloadArch(N.str()));
      ArchGiven = true;
    } else if (A.consume_front("--no-offload-arch=")) {
      // Clang's spelling: removes one arch from those asked for so far (the default included), or all of them.
      std::optional<llvm::SmallVector<llvm::StringRef, 4>> Names = archList(A, "--no-offload-arch=", true);
      if (!Names)
        return 1;
      for (llvm::StringRef N : *Names) {
        if (N == "all" || N == defaultOffloadArch().Name)
          DefaultArch = false;
        llvm::erase_if(CL.OffloadArchs, [&](const OffloadArch &X) { return N == "all" || X.Name == N; });
      }
    } else if (A == "-fno-ampcc-kernel-check") {
      CL.KernelCheck = false;
    } else if (A == "-fampcc-kernel-check") {
      CL.KernelCheck = true;
    } else if (A == "-fampcc-time-report") {
      CL.TimeReport = true;
    } else if (A.consume_front("--host-cxx=")) {
      CL.HostCxx = A.str();
    } else if (A == "--host-cxx") {
      if (I + 1 >= Raw.size())
        return error("missing argument to '--host-cxx'");
      CL.HostCxx = Raw[++I];
    } else {
      ForTable.push_back(Raw[I]);
    }
  }
  // Device code by default (docs/driver.md): PTX for defaultOffloadArch() unless the command line names its own
  // archs or removes the default, as nvcc embeds PTX for its default arch.
  if (!ArchGiven && DefaultArch)
    CL.OffloadArchs.push_back(defaultOffloadArch());
  // Direct3D's bounds behaviour in kernels (docs/checked-mode.md): the last of the flag and its -fno- form wins.
  if (DirectComputeBounds)
    CL.Opts.Preprocessor.push_back("-DAMPCC_DIRECTCOMPUTE_BOUNDS=1");

  const llvm::opt::OptTable &Table = getDriverOptTable();
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Args =
      Table.ParseArgs(ForTable, MissingIndex, MissingCount, llvm::opt::Visibility(options::ClangOption));
  if (MissingCount)
    return error(llvm::Twine("missing argument to '") + Args.getArgString(MissingIndex) + "'");

  CompileOptions &Opts = CL.Opts;
  std::string Language = "none"; // the last -x
  auto stopAt = [&](Phase P) { CL.Stop = std::min(CL.Stop, P); };
  for (const Arg *A : Args) {
    const Option &O = A->getOption();
    std::vector<std::string> Spelled = rendered(*A, Args);
    if (O.getKind() == Option::UnknownClass) {
      std::string Nearest;
      std::string Msg = "unknown option '" + A->getAsString(Args) + "'";
      if (Table.findNearest(A->getAsString(Args), Nearest, llvm::opt::Visibility(options::ClangOption)) <= 1)
        Msg += "; did you mean '" + Nearest + "'?";
      return error(Msg + " (see ampcc --help)");
    }
    if (O.hasFlag(options::Unsupported))
      return error("unsupported option '" + A->getAsString(Args) + "'");

    switch (O.getID()) {
    case options::OPT_INPUT: {
      llvm::StringRef V = A->getValue();
      if (V == "-")
        return error("ampcc cannot read a source from standard input; name a file");
      if (V.starts_with("@"))
        return error("cannot read the response file '" + V.drop_front() + "'");
      if (Language == "c++" || (Language == "none" && isCxxSource(V)))
        CL.Sources.push_back(V.str());
      else if (Language == "none")
        CL.LinkInputs.push_back(V.str());
      else
        return error("ampcc compiles C++ only; '-x " + Language + "' given for '" + V + "'");
      continue;
    }
    case options::OPT_x:
      Language = A->getValue();
      if (Language == "c++-cpp-output" || Language == "c++-header")
        return error("'-x " + Language + "' is not supported (ampcc takes C++ sources: -x c++)");
      continue;
    case options::OPT_help:
      llvm::outs() << Usage;
      return 0;
    case options::OPT__version:
      llvm::outs() << "ampcc " << AMPCC_VERSION << " (C++ AMP to OpenCL C, Clang " CLANG_VERSION_STRING_FOR_AMPCC
                   << ")\n";
      return 0;
    case options::OPT_o:
      CL.Output = A->getValue();
      continue;
    case options::OPT_E:
      stopAt(Phase::Preprocess);
      continue;
    case options::OPT_fsyntax_only:
      stopAt(Phase::SyntaxOnly);
      continue;
    case options::OPT_S:
      stopAt(Phase::Assemble);
      continue;
    case options::OPT_c:
      stopAt(Phase::Compile);
      continue;
    case options::OPT_M:
    case options::OPT_MM:
      stopAt(Phase::Dependencies);
      CL.Deps.Enabled = true;
      CL.Deps.SystemHeaders = O.getID() == options::OPT_M;
      continue;
    case options::OPT_MD:
    case options::OPT_MMD:
      CL.Deps.Enabled = true;
      CL.Deps.SystemHeaders = O.getID() == options::OPT_MD;
      continue;
    case options::OPT_MF:
      CL.Deps.File = A->getValue();
      continue;
    case options::OPT_MT:
      CL.Deps.Targets.push_back(A->getValue());
      continue;
    case options::OPT_MQ:
      CL.Deps.Targets.push_back(quoteMakeTarget(A->getValue()));
      continue;
    case options::OPT_MP:
      CL.Deps.PhonyTargets = true;
      continue;
    case options::OPT__HASH_HASH_HASH:
      CL.PrintOnly = true;
      continue;
    case options::OPT_v:
      CL.Verbose = true;
      continue;
    case options::OPT_save_temps_EQ:
      CL.SaveTemps = true;
      continue;
    case options::OPT_Xclang:
      Opts.ClangExtra.push_back(A->getValue());
      continue;
    case options::OPT_std_EQ:
      if (std::optional<std::string> Std = languageStandard(A->getValue())) {
        Opts.Std = *Std;
        continue;
      }
      return error(llvm::Twine("unsupported language standard '") + A->getValue() +
                   "' (ampcc accepts c++11 to c++20 and gnu++11 to gnu++20)");
    case options::OPT_pthread:
    case options::OPT_stdlib_EQ:
    case options::OPT__sysroot_EQ:
    case options::OPT_target:
      // They change predefined macros or the headers found: both compilers, and the link.
      append(Opts.Language, Spelled);
      append(CL.LinkFlags, Spelled);
      continue;
    case options::OPT_fdiagnostics_format_EQ: {
      // sarif: the driver collects the translator's diagnostics, asks the host compiler for its own
      // machine-readable form (gcc's differs from Clang's) and writes one SARIF document (SarifLog.h).
      // The text formats are the translator's Clang's.
      llvm::StringRef Format = A->getValue();
      if (Format == "json" || Format == "json-stderr" || Format == "sarif-stderr")
        return error("'" + A->getAsString(Args) +
                     "' is not supported: ampcc writes machine-readable diagnostics as SARIF on stderr "
                     "(-fdiagnostics-format=sarif)");
      if (Format != "clang" && Format != "msvc" && Format != "vi" && Format != "sarif" && Format != "SARIF")
        return error("invalid value '" + Format + "' in '" + A->getAsString(Args) +
                     "' (ampcc takes clang, msvc, vi or sarif)");
      CL.SarifDiagnostics = Format.equals_insensitive("sarif");
      if (!CL.SarifDiagnostics)
        append(Opts.TranslatorOnly, Spelled);
      continue;
    }
    default:
      break;
    }

    if (O.matches(options::OPT_M_Group))
      return error("'" + A->getAsString(Args) + "' is not supported (ampcc takes -M -MM -MD -MMD -MF -MT -MQ -MP)");
    if (O.matches(options::OPT_Action_Group))
      return error("'" + A->getAsString(Args) +
                   "' is not supported (ampcc stops after -E, -M, -fsyntax-only, -S "
                   "or -c, or links)");
    if (O.matches(options::OPT_Link_Group) || O.hasFlag(options::LinkerInput)) {
      append(CL.LinkFlags, Spelled);
    } else if (O.matches(options::OPT_d_Group)) {
      // -dM, -dD: how -E prints, which only the translator's preprocessing does.
      append(Opts.TranslatorOnly, Spelled);
    } else if (O.getID() == options::OPT_I) {
      // Joined, as the host tree's mirror of include directories expects it.
      Opts.Preprocessor.push_back(std::string("-I") + A->getValue());
    } else if (O.matches(options::OPT_Preprocessor_Group)) {
      append(Opts.Preprocessor, Spelled);
    } else if (O.matches(options::OPT_O_Group)) {
      Opts.Opt = Spelled.front();
    } else if (O.matches(options::OPT_DebugInfo_Group)) {
      append(Opts.HostExtra, Spelled);
    } else if (O.matches(options::OPT_Diag_Group)) {
      append(Opts.Warnings, Spelled);
    } else if (O.matches(options::OPT_clang_ignored_f_Group) || O.matches(options::OPT_clang_ignored_m_Group) ||
               O.matches(options::OPT_clang_ignored_gcc_optimization_f_Group) ||
               O.matches(options::OPT_clang_ignored_legacy_options_Group)) {
      // gcc's own flags, which Clang accepts and ignores: the host compiler's business.
      append(Opts.HostExtra, Spelled);
      append(CL.LinkFlags, Spelled);
    } else if (O.matches(options::OPT_f_Group) || O.matches(options::OPT_f_clang_Group) ||
               O.matches(options::OPT_m_Group)) {
      // Language and target flags define macros (_OPENMP, __AVX2__, __PIC__) that kernels may test; the
      // link needs some of them too (-fopenmp, -fsanitize=..., -flto), and gcc ignores the others there.
      append(Opts.Language, Spelled);
      append(CL.LinkFlags, Spelled);
    } else {
      // Anything else Clang knows (-pipe, --coverage, -Wa,...) is for the host compiler's steps.
      append(Opts.HostExtra, Spelled);
      append(CL.LinkFlags, Spelled);
    }
  }

  if (CL.Sources.empty() && CL.LinkInputs.empty()) {
    if (CL.Verbose) {
      llvm::errs() << "ampcc " << AMPCC_VERSION << " (C++ AMP to OpenCL C, Clang " CLANG_VERSION_STRING_FOR_AMPCC
                   << ")\n";
      return 0;
    }
    if (CL.PrintClangArgs)
      return std::nullopt;
    return error("no input files");
  }
  if ((CL.EmitOpenCL || CL.EmitHost) && CL.Sources.size() != 1)
    return error("--emit-opencl and --emit-host take exactly one source file");
  bool OneOutputPerSource = CL.Stop == Phase::Compile || CL.Stop == Phase::Assemble;
  if (OneOutputPerSource && !CL.Output.empty() && CL.Sources.size() > 1)
    return error("cannot specify -o with -c or -S and several source files");
  if (CL.Stop < Phase::Link && CL.Sources.empty())
    return error("no C++ source to compile among the inputs");
  return std::nullopt;
}

} // namespace ampcc
