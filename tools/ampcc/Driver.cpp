// The ampcc command: gcc-like flags; translates each C++ AMP source, compiles the host side with the
// system C++ compiler and links the program with the ampcc runtime.
#include "Frontend/CompileOptions.h"
#include "Translator.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#ifndef AMPCC_VERSION
#define AMPCC_VERSION "0.0.0"
#endif

using namespace ampcc;

namespace {

const char *Usage = R"(usage: ampcc [options] file...

Compiles C++ AMP sources into programs that run on OpenCL devices.

  -o <file>            write the output to <file>
  -c                   compile only; write an object file per source
  -fsyntax-only        check the sources; write nothing
  -I<dir> -D<m>[=<v>] -U<m> -include <file> -isystem <dir>
                       preprocessor options, as for any C++ compiler
  -std=c++11..c++20    language standard (default c++17; C++11/14 code compiles as C++17)
  -O0 .. -O3, -Os, -g  optimisation and debug info of the host code
  -W<warning>, -w      warnings, given to the translator and the host compiler
  -L<dir> -l<lib>      link options; .o and .a inputs are linked too
  -save-temps          keep <name>.ampcc.cpp (the host C++) and <name>.ampcc.cl (the OpenCL C) next to the output
  --emit-opencl        write the OpenCL C of one source to -o or stdout
  --emit-host          write the rewritten host C++ of one source to -o or stdout
  --host-cxx=<cc>      the host C++ compiler (default: $AMPCC_CXX, else c++)
  -Xclang <arg>        pass <arg> to the translator's Clang (e.g. -Xclang -verify)
  -fampcc-checked      checked mode: bounds checks on view and array accesses, on the host and in kernels
  -v                   print the commands run
  --version            print the version
)";

struct Driver {
  CompileOptions Opts;
  std::vector<std::string> Sources, LinkInputs, LinkFlags;
  std::string Output, HostCxx;
  bool CompileOnly = false, SyntaxOnly = false, SaveTemps = false, EmitOpenCL = false, EmitHost = false,
       Verbose = false;
  // Some source of this invocation runs `_Cilk_for` loops with OpenMP (the link then needs -fopenmp).
  bool AnyOpenMP = false;
  std::string SdkLib;
  std::vector<std::string> TempFiles, TempDirs;

  int error(const llvm::Twine &Msg) {
    llvm::errs() << "ampcc: error: " << Msg << "\n";
    return 1;
  }

  static bool isSource(llvm::StringRef F) {
    llvm::StringRef Ext = llvm::sys::path::extension(F);
    return Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx" || Ext == ".C" || Ext == ".c++" || Ext == ".cp";
  }

  std::optional<int> parse(int argc, char **argv) {
    for (int I = 1; I < argc; ++I) {
      llvm::StringRef A = argv[I];
      auto next = [&](llvm::StringRef Flag) -> std::optional<std::string> {
        if (I + 1 >= argc) {
          error("missing argument to '" + Flag + "'");
          return std::nullopt;
        }
        return std::string(argv[++I]);
      };
      if (A == "--help" || A == "-help") {
        llvm::outs() << Usage;
        return 0;
      }
      if (A == "--version") {
        llvm::outs() << "ampcc " << AMPCC_VERSION << " (C++ AMP to OpenCL C, Clang " << CLANG_VERSION_STRING_FOR_AMPCC
                     << ")\n";
        return 0;
      }
      if (A == "-o") {
        auto V = next(A);
        if (!V)
          return 1;
        Output = *V;
      } else if (A == "-c") {
        CompileOnly = true;
      } else if (A == "-fsyntax-only") {
        SyntaxOnly = true;
      } else if (A == "-save-temps" || A == "--save-temps" || A == "--keep") {
        SaveTemps = true;
      } else if (A == "--emit-opencl") {
        EmitOpenCL = true;
      } else if (A == "--emit-host") {
        EmitHost = true;
      } else if (A == "-v") {
        Verbose = true;
      } else if (A == "-fampcc-checked") {
        // Checked mode (docs/checked-mode.md): the macro turns on amp.h's host checks and the kernels' checks.
        Opts.Preprocessor.push_back("-DAMPCC_CHECKED=1");
      } else if (A.consume_front("--host-cxx=")) {
        HostCxx = A.str();
      } else if (A == "-Xclang") {
        auto V = next(A);
        if (!V)
          return 1;
        Opts.ClangExtra.push_back(*V);
      } else if (A.starts_with("-I") || A.starts_with("-D") || A.starts_with("-U")) {
        if (A.size() == 2) {
          auto V = next(A);
          if (!V)
            return 1;
          Opts.Preprocessor.push_back(A.str() + *V);
        } else {
          Opts.Preprocessor.push_back(A.str());
        }
      } else if (A == "-include" || A == "-isystem" || A == "-iquote") {
        auto V = next(A);
        if (!V)
          return 1;
        Opts.Preprocessor.push_back(A.str());
        Opts.Preprocessor.push_back(*V);
      } else if (A.consume_front("-std=")) {
        // Most C++ AMP code predates C++17 (MSVC compiled it as C++11/14); amp.h needs C++17, and C++11/14
        // code compiles as C++17 but for what C++17 removed (auto_ptr, throw() lists with types, register).
        if (A == "c++11" || A == "c++14" || A == "c++0x" || A == "c++1y")
          A = "c++17";
        else if (A == "gnu++11" || A == "gnu++14" || A == "gnu++0x" || A == "gnu++1y")
          A = "gnu++17";
        if (A != "c++17" && A != "c++20" && A != "gnu++17" && A != "gnu++20" && A != "c++2a")
          return error("unsupported language standard '" + A + "' (ampcc accepts c++11 to c++20)");
        Opts.Std = A.str();
      } else if (A.starts_with("-O")) {
        Opts.Opt = A.str();
      } else if (A == "-g" || A.starts_with("-g")) {
        Opts.Debug = true;
      } else if (A.starts_with("-W") || A == "-w" || A == "-pedantic") {
        if (A.starts_with("-Wl,"))
          LinkFlags.push_back(A.str());
        else
          Opts.Warnings.push_back(A.str());
      } else if (A.starts_with("-L") || A.starts_with("-l")) {
        if (A.size() == 2) {
          auto V = next(A);
          if (!V)
            return 1;
          LinkFlags.push_back(A.str() + *V);
        } else {
          LinkFlags.push_back(A.str());
        }
      } else if (A == "-pthread" || A == "-fopenmp" || A == "-static" || A == "-rdynamic") {
        Opts.HostExtra.push_back(A.str());
        LinkFlags.push_back(A.str());
      } else if (A.starts_with("-f") || A.starts_with("-m")) {
        Opts.HostExtra.push_back(A.str());
      } else if (A.starts_with("-")) {
        return error("unknown option '" + A + "' (see ampcc --help)");
      } else if (isSource(A)) {
        Sources.push_back(A.str());
      } else {
        LinkInputs.push_back(A.str());
      }
    }
    if (Sources.empty() && LinkInputs.empty())
      return error("no input files");
    if ((EmitOpenCL || EmitHost) && Sources.size() != 1)
      return error("--emit-opencl and --emit-host take exactly one source file");
    if (CompileOnly && !Output.empty() && Sources.size() > 1)
      return error("cannot specify -o with -c and several source files");
    return std::nullopt;
  }

  // The SDK (amp.h and the runtime) next to an installed ampcc, else in the build tree it came from.
  void locateSdk(const char *Argv0) {
    std::string Exe = llvm::sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&Usage));
    llvm::SmallString<256> Installed(llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
    llvm::sys::path::append(Installed, "lib", "ampcc");
    llvm::SmallString<256> Header(Installed);
    llvm::sys::path::append(Header, "include", "amp.h");
    if (llvm::sys::fs::exists(Header)) {
      Opts.SdkInclude = (Installed + "/include").str();
      SdkLib = Installed.str().str();
    } else {
      Opts.SdkInclude = AMPCC_SOURCE_INCLUDE_DIR;
      SdkLib = AMPCC_BUILD_RUNTIME_DIR;
    }
    Opts.ClangResourceDir = AMPCC_CLANG_RESOURCE_DIR;
    if (HostCxx.empty()) {
      const char *Env = std::getenv("AMPCC_CXX");
      HostCxx = Env && *Env ? Env : "c++";
    }
  }

  int run(const std::vector<std::string> &Cmd) {
    if (Verbose) {
      for (const std::string &C : Cmd)
        llvm::errs() << C << " ";
      llvm::errs() << "\n";
    }
    llvm::ErrorOr<std::string> Prog = llvm::sys::findProgramByName(Cmd[0]);
    if (!Prog)
      return error("cannot find the host compiler '" + Cmd[0] + "' (set AMPCC_CXX or --host-cxx)");
    std::vector<llvm::StringRef> Args(Cmd.begin(), Cmd.end());
    std::string Err;
    int RC = llvm::sys::ExecuteAndWait(*Prog, Args, std::nullopt, {}, 0, 0, &Err);
    if (RC < 0)
      return error("could not run '" + Cmd[0] + "': " + Err);
    return RC;
  }

  bool writeFile(const std::string &Path, const std::string &Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    if (EC) {
      error("cannot write '" + Path + "': " + EC.message());
      return false;
    }
    OS << Text;
    return true;
  }

  std::string tempFile(llvm::StringRef Stem, llvm::StringRef Ext) {
    llvm::SmallString<256> Path;
    llvm::sys::fs::createTemporaryFile(Stem, Ext, Path);
    TempFiles.push_back(Path.str().str());
    return Path.str().str();
  }

  // Where -save-temps puts the intermediate files of Source.
  std::string keptPath(const std::string &Source, llvm::StringRef Ext) {
    llvm::SmallString<256> Dir(Output.empty() ? "." : llvm::sys::path::parent_path(Output));
    if (Dir.empty())
      Dir = ".";
    llvm::sys::path::append(Dir, llvm::sys::path::stem(Source) + Ext);
    return Dir.str().str();
  }

  int compile(const std::string &Source, std::vector<std::string> &Objects) {
    TranslationResult R = translateFile(Source, translatorArgs(Opts));
    bool Verify = std::find(Opts.ClangExtra.begin(), Opts.ClangExtra.end(), "-verify") != Opts.ClangExtra.end();
    if (Verify)
      return R.ClangOk ? 0 : 1;
    if (!R.Ok)
      return 1;
    if (SyntaxOnly)
      return 0;
    if (EmitOpenCL || EmitHost) {
      const std::string &Text = EmitOpenCL ? R.OpenCL : R.HostSource;
      if (Output.empty() || Output == "-") {
        llvm::outs() << Text;
        return 0;
      }
      return writeFile(Output, Text) ? 0 : 1;
    }
    std::string Host;
    if (SaveTemps) {
      Host = keptPath(Source, ".ampcc.cpp");
      if (!writeFile(keptPath(Source, ".ampcc.cl"), R.OpenCL))
        return 1;
    } else {
      Host = tempFile(llvm::sys::path::stem(Source), "cpp");
    }
    if (!writeFile(Host, R.HostSource))
      return 1;
    std::vector<std::string> ShadowArgs;
    if (!R.HostHeaders.empty()) {
      std::optional<std::string> Shadowed = writeHostTree(Source, R, ShadowArgs);
      if (!Shadowed)
        return 1;
      Host = *Shadowed;
    }

    std::string Object;
    if (CompileOnly)
      Object = !Output.empty() ? Output : (llvm::sys::path::stem(Source) + ".o").str();
    else
      Object = tempFile(llvm::sys::path::stem(Source), "o");
    llvm::SmallString<256> SourceDir(Source);
    llvm::sys::fs::make_absolute(SourceDir);
    std::vector<std::string> Cmd = {HostCxx};
    Cmd.insert(Cmd.end(), ShadowArgs.begin(), ShadowArgs.end());
    for (const std::string &A : hostArgs(Opts, llvm::sys::path::parent_path(SourceDir).str()))
      Cmd.push_back(A);
    if (R.NeedsOpenMP) {
      Cmd.push_back("-fopenmp");
      AnyOpenMP = true;
    }
    Cmd.insert(Cmd.end(), {"-c", Host, "-o", Object});
    if (int RC = run(Cmd))
      return RC;
    Objects.push_back(Object);
    return 0;
  }

  // The host compiler reads the user's headers as the translator gives them (restriction specifiers and
  // amp-only declarations removed): the main file and every header the translation read go to a temporary
  // tree that mirrors their absolute paths, searched before the user's include directories, so quoted
  // includes resolve there too. Each file starts with a #line naming the original. Returns the main file.
  std::optional<std::string> writeHostTree(const std::string &Source, const TranslationResult &R,
                                           std::vector<std::string> &Args) {
    llvm::SmallString<256> Root;
    if (std::error_code EC = llvm::sys::fs::createUniqueDirectory("ampcc-host", Root)) {
      error("cannot create a temporary directory: " + EC.message());
      return std::nullopt;
    }
    TempDirs.push_back(Root.str().str());
    auto mirror = [&](llvm::StringRef Path) {
      llvm::SmallString<256> Abs(Path);
      llvm::sys::fs::make_absolute(Abs);
      llvm::sys::path::remove_dots(Abs, true);
      llvm::SmallString<256> Out(Root);
      llvm::sys::path::append(Out, llvm::sys::path::relative_path(Abs));
      return Out;
    };
    auto put = [&](llvm::StringRef Path, const std::string &Text) -> std::optional<std::string> {
      llvm::SmallString<256> Out = mirror(Path);
      llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Out));
      llvm::SmallString<256> Abs(Path);
      llvm::sys::fs::make_absolute(Abs);
      if (!writeFile(Out.str().str(), "#line 1 \"" + Abs.str().str() + "\"\n" + Text))
        return std::nullopt;
      return Out.str().str();
    };
    for (const HostHeader &H : R.HostHeaders)
      if (!put(H.Path, H.Text))
        return std::nullopt;
    for (size_t I = 0; I < Opts.Preprocessor.size(); ++I) {
      llvm::StringRef A = Opts.Preprocessor[I];
      if (A.starts_with("-I") && A.size() > 2)
        Args.push_back("-I" + mirror(A.drop_front(2)).str().str());
      else if (A == "-iquote" && I + 1 < Opts.Preprocessor.size())
        Args.push_back("-iquote" + mirror(Opts.Preprocessor[I + 1]).str().str());
    }
    llvm::SmallString<256> Main = mirror(Source);
    if (!put(Source, R.HostSource))
      return std::nullopt;
    return Main.str().str();
  }

  // Whether the host compiler is GCC (its --version names the Free Software Foundation, Clang's does not).
  bool hostIsGcc() {
    llvm::ErrorOr<std::string> Prog = llvm::sys::findProgramByName(HostCxx);
    if (!Prog)
      return false;
    std::string Out = tempFile("ampcc-version", "txt");
    std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""), llvm::StringRef(Out), llvm::StringRef("")};
    llvm::StringRef Args[] = {HostCxx, "--version"};
    if (llvm::sys::ExecuteAndWait(*Prog, Args, std::nullopt, Redirects) != 0)
      return false;
    auto Text = llvm::MemoryBuffer::getFile(Out);
    return Text && (*Text)->getBuffer().contains("Free Software Foundation") &&
           !(*Text)->getBuffer().contains("clang");
  }

  int link(const std::vector<std::string> &Objects) {
    std::vector<std::string> Cmd = {HostCxx};
    Cmd.insert(Cmd.end(), Objects.begin(), Objects.end());
    Cmd.insert(Cmd.end(), LinkInputs.begin(), LinkInputs.end());
    Cmd.push_back("-L" + SdkLib);
    Cmd.insert(Cmd.end(), LinkFlags.begin(), LinkFlags.end());
#ifdef AMPCC_HAVE_CLBLAST
    // Static: pulled in only by programs that use amp_blas.h; CLBlast is then needed, else not.
    Cmd.insert(Cmd.end(), {"-lampcc_blas", "-Wl,--push-state,--as-needed", "-lclblast", "-Wl,--pop-state"});
#endif
    if (AnyOpenMP)
      Cmd.push_back("-fopenmp");
    else if (!LinkInputs.empty() && hostIsGcc())
      // Objects compiled separately (ampcc -c) may run `_Cilk_for` loops with OpenMP: libgomp, only if used.
      Cmd.insert(Cmd.end(), {"-Wl,--push-state,--as-needed", "-lgomp", "-Wl,--pop-state"});
    Cmd.insert(Cmd.end(), {"-lampcc_rt", "-lOpenCL", "-pthread", "-o", Output.empty() ? "a.out" : Output});
    return run(Cmd);
  }

  int main(int argc, char **argv) {
    if (std::optional<int> RC = parse(argc, argv))
      return *RC;
    locateSdk(argv[0]);
    // The Cilk Plus graphics keywords (_Cilk_for, __declspec(target(gfx)), ...) are macros in every file.
    Opts.Preprocessor.insert(Opts.Preprocessor.begin(), {"-include", "cilk/ampcc_cilk.h"});
    std::vector<std::string> Objects;
    int Status = 0;
    for (const std::string &S : Sources)
      if (int RC = compile(S, Objects))
        Status = RC;
    if (Status == 0 && !CompileOnly && !SyntaxOnly && !EmitOpenCL && !EmitHost)
      Status = link(Objects);
    for (const std::string &T : TempFiles)
      llvm::sys::fs::remove(T);
    for (const std::string &D : TempDirs)
      llvm::sys::fs::remove_directories(D);
    return Status;
  }
};

}  // namespace

int main(int argc, char **argv) { return Driver().main(argc, argv); }
