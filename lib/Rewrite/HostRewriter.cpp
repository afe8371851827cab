// Rewrites parallel_for_each calls into runtime launches and embeds the OpenCL C program.
#include "Rewrite/HostRewriter.h"

#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"
#include "Analysis/KernelIdentity.h"
#include "CodeGen/BoundsChecks.h"
#include "Support/CString.h"

#include "ampcc/kernel_abi.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace clang;

namespace ampcc {
namespace {

std::string descName(const KernelSite &Site) { return "ampcc_kernel_desc_" + std::to_string(Site.Id); }
std::string closureSiteName(const KernelSite &Site) { return "ampcc_closure_site_" + std::to_string(Site.Id); }

// Whether a type printed by Clang names something the end of the file cannot (a lambda, an unnamed or
// function-local type).
bool printsUnnameableType(QualType T, const std::string &Printed) {
  llvm::StringRef P(Printed);
  if (P.contains("(lambda") || P.contains("(anonymous") || P.contains("(unnamed"))
    return true;
  T = T.getCanonicalType();
  if (const Type *Inner = T->getPointeeOrArrayElementType(); Inner != T.getTypePtr())
    return printsUnnameableType(QualType(Inner, 0), "");
  if (const auto *R = T->getAs<ReferenceType>())
    return printsUnnameableType(R->getPointeeType(), "");
  const TagDecl *D = T->getAsTagDecl();
  if (!D)
    return false;
  if (D->getParentFunctionOrMethod())
    return true;
  if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(D))
    for (const TemplateArgument &A : S->getTemplateArgs().asArray())
      if (A.getKind() == TemplateArgument::Type && printsUnnameableType(A.getAsType(), ""))
        return true;
  return false;
}

// Whether a capture lies inside a closure (a lambda that captured it, held by the kernel object): the host has no
// name for it, only the offset of the translator's layout.
bool insideClosure(const KernelCapture &C) {
  return llvm::any_of(C.Path, [](const CapturePathStep &S) {
    return S.Field && cast<CXXRecordDecl>(S.Field->getParent())->isLambda();
  });
}

std::string argument(const KernelCapture &C, const KernelArgUsage &U) {
  if (U.IsBuffer) {
    const char *Mode = U.Written ? "read_write" : "read";
    return "::ampcc::detail::buffer_arg(" + C.HostExpr + ", ::ampcc::rt::access::" + Mode + ")";
  }
  return "::ampcc::detail::value_arg(" + C.HostExpr + ")";
}

// The description of a kernel launched through its kernel object (KernelSite::ViaObject, or an instantiation of a
// template's call launched per instantiation): the descriptor, where each capture lies in the object and, for
// views and arrays, the function that makes the argument; named closureSiteName(Site).
std::optional<std::string> objectSite(ASTContext &Ctx, const KernelSite &Site, const LoweredKernel &Kernel,
                                      const std::string &Desc) {
  const std::vector<KernelArgUsage> &Usage = Kernel.Args;
  SourceManager &SM = Ctx.getSourceManager();
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.FullyQualifiedName = true;
  Policy.SuppressScope = false;
  Policy.SuppressUnwrittenScope = true;
  std::string N = std::to_string(Site.Id);
  std::string Caps;
  for (size_t A = 0; A < Site.Captures.size(); ++A) {
    const KernelCapture &C = Site.Captures[A];
    const KernelArgUsage &U = Usage[A];
    std::string Mode = U.Written ? "read_write" : "read";
    if (!U.IsBuffer) {
      Caps += "  {" + std::to_string(C.Offset) + ", " + std::to_string(C.Size) + ", ::ampcc::rt::access::read, nullptr},\n";
      continue;
    }
    // The argument maker names the view's type at the end of the file: a type local to a function has no name
    // there.
    // The canonical type: the view's type as written may name an alias local to the function.
    std::string Type = C.Type.getCanonicalType().getUnqualifiedType().getAsString(Policy);
    if (printsUnnameableType(C.Type, Type)) {
      error(Ctx.getDiagnostics(), C.Loc,
            "ampcc launches this kernel through its kernel object and needs to name the type of '%0' (%1) outside "
            "the function: declare the element type at namespace scope")
          << C.Decl->getName() << C.Type;
      return std::nullopt;
    }
    Caps += "  {" + std::to_string(C.Offset) + ", 0, ::ampcc::rt::access::" + Mode + ", &::ampcc::detail::" +
            (C.ByRef ? "capture_buffer_ref<" : insideClosure(C) ? "capture_buffer_in_closure<" : "capture_buffer<") +
            Type + ">},\n";
  }
  CharSourceRange R = SM.getExpansionRange(Site.Call->getSourceRange());
  PresumedLoc First = SM.getPresumedLoc(R.getBegin()), Last = SM.getPresumedLoc(R.getEnd());
  std::string Out;
  if (!Caps.empty())
    Out += "const ::ampcc::rt::closure_capture ampcc_captures_" + N + "[] = {\n" + Caps + "};\n";
  Out += "const ::ampcc::rt::closure_site " + closureSiteName(Site) + " = {&" + Desc + ", \"" +
         escapeCString(First.getFilename()) + "\", " + std::to_string(First.getLine()) + ", " +
         std::to_string(Last.getLine()) + ", " + std::to_string(Site.ObjectSize) + ", " +
         (Caps.empty() ? "nullptr" : "ampcc_captures_" + N) + ", " + std::to_string(Site.Captures.size()) + ", " +
         (Kernel.Checked ? std::string("&") + abi::CheckTable : "nullptr") + ", \"" +
         escapeCString(Site.LambdaContext) + "\"};\n";
  return Out;
}

} // namespace

namespace {

// The main file's name as the translation was given it, which the host source and the kernel descriptors use.
std::string mainFileName(const SourceManager &SM) {
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  return Main ? Main->getName().str() : "input.cpp";
}

} // namespace

std::string mainFileLineDirective(const SourceManager &SM) {
  return "#line 1 \"" + escapeCString(mainFileName(SM)) + "\"\n";
}

std::optional<std::string> rewriteHost(ASTContext &Ctx, const std::vector<KernelSite> &Sites,
                                       const std::vector<LoweredKernel> &Kernels, const std::string &OpenCL,
                                       const std::map<FileID, std::vector<HostRemoval>> &Removed,
                                       std::map<FileID, std::string> &Headers, const std::string &CheckTable,
                                       const PropertyUses &Properties) {
  SourceManager &SM = Ctx.getSourceManager();
  Rewriter RW(SM, Ctx.getLangOpts());
  FileID Main = SM.getMainFileID();
  for (const auto &[F, Ranges] : Removed) {
    for (const HostRemoval &R : Ranges) {
      std::string Blank(SM.getBufferData(F).substr(R.Begin, R.End - R.Begin));
      blankRanges(Blank, {{0, R.End - R.Begin, R.Lead}});
      RW.ReplaceText(SM.getLocForStartOfFile(F).getLocWithOffset(R.Begin), R.End - R.Begin, Blank);
    }
  }
  std::string File = mainFileName(SM);
  auto text = [&](const Expr *E) {
    return Lexer::getSourceText(CharSourceRange::getTokenRange(E->getSourceRange()), SM, Ctx.getLangOpts()).str();
  };

  // The instantiations of one call in a template share its text; each has its own key
  // (docs/design/kernel-identity-and-launch.md, "Kernel identity").
  std::map<SourceLocation, std::vector<size_t>> Calls;
  std::vector<SourceLocation> Order;
  for (size_t I = 0; I < Sites.size(); ++I) {
    SourceLocation L = Sites[I].Call->getBeginLoc();
    if (!Calls.count(L))
      Order.push_back(L);
    Calls[L].push_back(I);
  }

  // __AMPCC_TRANSLATED__ lets <amp.h> define the host's parallel_for_each for the calls left in place.
  std::string Head = "#define __AMPCC_TRANSLATED__ 1\n#include <ampcc/runtime.h>\nnamespace {\n";
  std::string Tail = "\n// Generated by ampcc: the OpenCL C program of this file and its kernels.\nnamespace {\n";
  Tail += std::string("const char ") + abi::ProgramSymbol + "[] = R\"AMPCC_CL(" + OpenCL + ")AMPCC_CL\";\n";
  if (!CheckTable.empty()) {
    Head += BoundsChecks::hostDeclaration();
    Tail += CheckTable;
  }
  // The kernels by key, after every declaration of the user's (the specialisations of amp_launch.h's
  // call_for and kernel_for, at namespace scope).
  std::string Keyed;
  std::set<std::string> KeysWritten;
  auto descInit = [&](size_t I) {
    const KernelSite &S = Sites[I];
    return "{\"" + Kernels[I].Name + "\", " + abi::ProgramSymbol + ", \"" + escapeCString(File) + "\", " +
           std::to_string(S.Rank) +
           ", {" + std::to_string(S.Tile[0]) + ", " + std::to_string(S.Tile[1]) + ", " + std::to_string(S.Tile[2]) +
           "}, " + std::to_string(Kernels[I].LocalBytes) + ", " + std::to_string(Kernels[I].ScratchThreadBytes) + ", " +
           std::to_string(Kernels[I].ScratchTileBytes) + "}";
  };
  auto cannotRewrite = [&](const KernelSite &S) {
    error(Ctx.getDiagnostics(), S.Call->getBeginLoc(), "ampcc cannot rewrite this parallel_for_each call");
    return std::nullopt;
  };

  KernelIdentity Identity(Ctx);
  // The calls replaced whole, per file: a tag inside one never reaches the host.
  std::map<FileID, std::vector<HostRemoval>> Replaced = Removed;
  std::set<SourceLocation> ContextPassed;
  std::set<std::tuple<SourceLocation, unsigned, int, int, int, uint64_t, std::string>> RunTimeKeys;
  for (SourceLocation L : Order) {
    const std::vector<size_t> &Group = Calls[L];
    const KernelSite &Site = Sites[Group.front()];
    // What the call names for an instantiation: each capture's expression and whether it is a buffer.
    auto argumentsOf = [&](size_t I) {
      std::string Args;
      for (size_t A = 0; A < Sites[I].Captures.size(); ++A)
        Args += Sites[I].Captures[A].HostExpr + (Kernels[I].Args[A].IsBuffer ? " buffer, " : " value, ");
      return Args + (Kernels[I].Checked ? "checks" : "");
    };
    // Keys of the instantiations of a call in a template: the kernel expression's place and the template
    // parameters in scope, one text for all.
    bool InTemplate = KernelIdentity::inTemplateInstantiation(Site.Context);
    std::vector<IdentityKey> Keys;
    for (size_t I : Group)
      if (std::optional<IdentityKey> K = Identity.keyAt(Sites[I].Kernel->getBeginLoc(), Sites[I].Context);
          K && K->Pattern == (Keys.empty() ? K->Pattern : Keys.front().Pattern))
        Keys.push_back(*K);
    bool InPlace = llvm::none_of(Group, [&](size_t I) { return Sites[I].ViaObject; }) &&
                   (!InTemplate || (Keys.size() == Group.size() && llvm::all_of(Group, [&](size_t I) {
                                      return argumentsOf(I) == argumentsOf(Group.front());
                                    })));
    if (!InPlace) {
      // The call stays as written: the host's parallel_for_each launches kernel_for<identity of the kernel
      // object's type>, or, for a kernel no type names, the one registered for the call's file and line.
      bool FoundAtRunTime = false;
      for (size_t I : Group) {
        const KernelSite &S = Sites[I];
        std::string Desc = descName(S);
        Tail += "extern const ::ampcc::rt::kernel_desc " + Desc + " = " + descInit(I) + ";\n";
        std::optional<std::string> Obj = objectSite(Ctx, S, Kernels[I], Desc);
        if (!Obj)
          return std::nullopt;
        Tail += *Obj;
        QualType K = S.Kernel->getType().getNonReferenceType().getUnqualifiedType();
        std::optional<std::string> Id = Identity.identityOf(K);
        if (!Id) {
          // Found at run time by the call's place, rank, tile, object size and the lambdas of the enclosing
          // templates' arguments: instantiations alike in all of them cannot be told apart there.
          auto Key = std::make_tuple(SM.getExpansionLoc(S.Call->getBeginLoc()), S.Rank, S.Tile[0], S.Tile[1],
                                     S.Tile[2], S.ObjectSize, S.LambdaContext);
          if (!RunTimeKeys.insert(Key).second)
            warning(Ctx.getDiagnostics(), S.Call->getBeginLoc(),
                    "ampcc cannot tell apart two instantiations of this kernel when it launches them (its lambda "
                    "is written in a macro's definition, or its type has no name outside the function): the "
                    "launch will throw runtime_exception; write the kernel outside the macro");
          FoundAtRunTime = true;
          Tail += "const ::ampcc::rt::closure_registration ampcc_closure_registration_" + std::to_string(S.Id) + "(" +
                  closureSiteName(S) + ");\n";
          continue;
        }
        std::string Spec = "ampcc::detail::kernel_for<" + *Id + ", " + std::to_string(S.Rank) + ", " +
                           std::to_string(S.Tile[0]) + ", " + std::to_string(S.Tile[1]) + ", " +
                           std::to_string(S.Tile[2]) + ">";
        if (KeysWritten.insert(Spec).second)
          Keyed += "template <> struct " + Spec + " {\n  static constexpr bool named = true;\n" +
                   "  static const ::ampcc::rt::closure_site &site() { return " + closureSiteName(S) + "; }\n};\n";
      }
      // For the reader of --emit-host: what the call launches.
      if (!Site.Call->getEndLoc().isMacroID()) {
        std::string Names;
        for (size_t I : Group)
          Names += (Names.empty() ? "" : ", ") + Kernels[I].Name;
        RW.InsertTextAfterToken(Site.Call->getEndLoc(), " /* " + Names + ", by the kernel object's type */");
      }
      // A kernel found at run time is told apart by the function the call is in (once per spelling: a macro's
      // definition is one).
      SourceLocation RParen = SM.getSpellingLoc(Site.Call->getRParenLoc());
      if (FoundAtRunTime && ContextPassed.insert(RParen).second &&
          RW.InsertTextBefore(RParen, ", __PRETTY_FUNCTION__"))
        return cannotRewrite(Site);
      continue;
    }

    std::string Desc;
    if (!InTemplate) {
      Desc = descName(Site);
      Head += "extern const ::ampcc::rt::kernel_desc " + Desc + ";\n";
      Tail += "extern const ::ampcc::rt::kernel_desc " + Desc + " = " + descInit(Group.front()) + ";\n";
    } else {
      // The kernels of the instantiations, for the reader of --emit-host.
      std::string Names;
      for (size_t I : Group)
        Names += (Names.empty() ? "" : ", ") + Kernels[I].Name;
      Desc = "/* " + Names + " */ ::ampcc::detail::kernel_desc_of<" + Keys.front().Pattern + ">()";
      for (size_t K = 0; K < Group.size(); ++K) {
        std::string Spec = "ampcc::detail::call_for<" + Keys[K].Concrete + ">";
        if (KeysWritten.insert(Spec).second)
          Keyed += "template <> struct " + Spec + " {\n  static const ::ampcc::rt::kernel_desc &desc() {\n" +
                   "    static const ::ampcc::rt::kernel_desc d = " + descInit(Group[K]) + ";\n    return d;\n  }\n};\n";
      }
    }
    // A view is written if any instantiation writes it.
    std::vector<KernelArgUsage> Usage = Kernels[Group.front()].Args;
    for (size_t I : Group)
      for (size_t A = 0; A < Usage.size() && A < Kernels[I].Args.size(); ++A)
        Usage[A].Written = Usage[A].Written || Kernels[I].Args[A].Written;

    std::string Call = "::ampcc::detail::launch(" + Desc + ", ";
    if (Site.View)
      Call += text(Site.View) + ", ";
    Call += text(Site.Domain) + ", {";
    for (size_t A = 0; A < Site.Captures.size(); ++A)
      Call += (A ? ", " : "") + argument(Site.Captures[A], Usage[A]);
    if (Kernels[Group.front()].Checked)
      Call += std::string(Site.Captures.empty() ? "" : ", ") + BoundsChecks::hostArgument();
    Call += "})";
    // Keep the line count so that host compiler messages still point at the user's lines.
    SourceRange R = Site.Call->getSourceRange();
    std::string Original = text(Site.Call);
    Call += std::string(std::count(Original.begin(), Original.end(), '\n'), '\n');
    if (RW.ReplaceText(R, Call))
      return cannotRewrite(Site);
    Replaced[SM.getFileID(R.getBegin())].push_back(
        {SM.getFileOffset(R.getBegin()), SM.getFileOffset(R.getEnd()) + 1});
  }
  // The lambdas and local classes that the keys above name, given their identities where the host sees them.
  auto replaced = [&](SourceLocation At) {
    auto F = Replaced.find(SM.getFileID(At));
    unsigned Offset = SM.getFileOffset(At);
    return F != Replaced.end() &&
           llvm::any_of(F->second, [&](const HostRemoval &R) { return R.Begin <= Offset && Offset < R.End; });
  };
  for (const auto &[At, Tag] : Identity.tags()) {
    if (replaced(At))
      continue;
    if (Tag.What == IdentityTag::ParameterName) {
      RW.InsertTextAfterToken(At, " " + Tag.Key);
      continue;
    }
    if (Tag.What == IdentityTag::LocalClass) {
      RW.InsertTextAfterToken(At, std::string(" public: using ") + abi::LocalIdentity + " = " + Tag.Key +
                                      "; using " + abi::LocalOwner + " = " + Tag.ClassName + ";" +
                                      (Tag.ClassKey ? " private:" : ""));
      continue;
    }
    // Parenthesised whole: the key's commas would split a macro's argument.
    RW.InsertTextBefore(At, "(::ampcc::detail::tag<" + Tag.Key + ">(");
    RW.InsertTextAfterToken(Tag.End, "))");
  }
  // Property uses, last: outside what was replaced whole (a removed declaration, a rewritten call).
  for (const auto &[F, Edits] : Properties.Edits) {
    std::vector<HostRemoval> Claimed;
    if (auto R = Removed.find(F); R != Removed.end())
      Claimed = R->second;
    for (const KernelSite &Site : Sites) {
      SourceRange R = Site.Call->getSourceRange();
      if (SM.getFileID(SM.getExpansionLoc(R.getBegin())) == F)
        Claimed.push_back({SM.getFileOffset(SM.getExpansionLoc(R.getBegin())),
                           SM.getFileOffset(SM.getExpansionLoc(R.getEnd())) + 1});
    }
    for (const TextEdit &E : editsOutside(Edits, Claimed)) {
      SourceLocation At = SM.getLocForStartOfFile(F).getLocWithOffset(E.Offset);
      if (E.Length == 0)
        RW.InsertTextBefore(At, E.Text);
      else
        RW.ReplaceText(At, E.Length, E.Text);
    }
  }
  Head += "}\n" + propertyDeclarations(Properties) + mainFileLineDirective(SM);
  RW.InsertTextBefore(SM.getLocForStartOfFile(Main), Head);
  Tail += "}\n" + Keyed;
  RW.InsertTextAfter(SM.getLocForEndOfFile(Main), Tail);

  for (auto I = RW.buffer_begin(), E = RW.buffer_end(); I != E; ++I)
    if (I->first != Main)
      Headers[I->first] = std::string(I->second.begin(), I->second.end());
  const RewriteBuffer *Buf = RW.getRewriteBufferFor(Main);
  if (!Buf)
    return std::string(SM.getBufferData(Main)) + Tail;
  return std::string(Buf->begin(), Buf->end());
}

} // namespace ampcc
