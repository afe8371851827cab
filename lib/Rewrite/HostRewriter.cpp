// Rewrites parallel_for_each calls into runtime launches and embeds the OpenCL C program.
#include "Rewrite/HostRewriter.h"

#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"
#include "CodeGen/BoundsChecks.h"
#include "Support/CString.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <algorithm>
#include <map>
#include <set>

using namespace clang;

namespace ampcc {
namespace {

std::string descName(const KernelSite &Site) { return "ampcc_kernel_desc_" + std::to_string(Site.Id); }
std::string closureSiteName(const KernelSite &Site) { return "ampcc_closure_site_" + std::to_string(Site.Id); }

// Whether T names a class or enumeration declared in a function (a local class, whose printed name, `Local`, does
// not say so), directly or through template arguments, pointers, references and arrays: no name reaches it from
// the end of the file.
bool namesLocalType(QualType T) {
  T = T.getCanonicalType();
  if (const Type *Inner = T->getPointeeOrArrayElementType(); Inner != T.getTypePtr())
    return namesLocalType(QualType(Inner, 0));
  if (const auto *R = T->getAs<ReferenceType>())
    return namesLocalType(R->getPointeeType());
  const TagDecl *D = T->getAsTagDecl();
  if (!D)
    return false;
  if (D->getParentFunctionOrMethod())
    return true;
  if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(D))
    for (const TemplateArgument &A : S->getTemplateArgs().asArray())
      if (A.getKind() == TemplateArgument::Type && namesLocalType(A.getAsType()))
        return true;
  return false;
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
    if (printsUnnameableType(Type) || namesLocalType(C.Type)) {
      error(Ctx.getDiagnostics(), C.Loc,
            "ampcc launches this kernel through its kernel object and needs to name the type of '%0' (%1) outside "
            "the function: declare the element type at namespace scope")
          << C.Decl->getName() << C.Type;
      return std::nullopt;
    }
    Caps += "  {" + std::to_string(C.Offset) + ", 0, ::ampcc::rt::access::" + Mode + ", &::ampcc::detail::" +
            (C.ByRef ? "capture_buffer_ref<" : "capture_buffer<") + Type + ">},\n";
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
         (Kernel.Checked ? "&ampcc_checks" : "nullptr") + ", \"" + escapeCString(Site.LambdaContext) + "\"};\n";
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

  // The instantiations of one call in a template share its text; the host picks the kernel through a
  // class template specialised per instantiation at the end of the file.
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
  Tail += "const char ampcc_program[] = R\"AMPCC_CL(" + OpenCL + ")AMPCC_CL\";\n";
  if (!CheckTable.empty()) {
    Head += BoundsChecks::hostDeclaration();
    Tail += CheckTable;
  }
  auto descInit = [&](size_t I) {
    const KernelSite &S = Sites[I];
    return "{\"" + Kernels[I].Name + "\", ampcc_program, \"" + escapeCString(File) + "\", " + std::to_string(S.Rank) +
           ", {" + std::to_string(S.Tile[0]) + ", " + std::to_string(S.Tile[1]) + ", " + std::to_string(S.Tile[2]) +
           "}, " + std::to_string(Kernels[I].LocalBytes) + ", " + std::to_string(Kernels[I].ScratchThreadBytes) + ", " +
           std::to_string(Kernels[I].ScratchTileBytes) + "}";
  };

  std::set<SourceLocation> ContextPassed;
  for (SourceLocation L : Order) {
    const std::vector<size_t> &Group = Calls[L];
    const KernelSite &Site = Sites[Group.front()];
    // A call in a template that the host can edit and whose instantiations it can name launches through its
    // kernel object with each instantiation's own description (below), even where the call cannot name the
    // captures (private fields): found by the call's place alone, instantiations alike in object size would be
    // ambiguous.
    bool Nameable = !Site.TemplateParams.empty() && !Site.Call->getBeginLoc().isMacroID() &&
                    !Site.Call->getEndLoc().isMacroID() && llvm::none_of(Group, [&](size_t I) {
                      return llvm::any_of(Sites[I].TemplateArgs, printsUnnameableType);
                    });
    bool AnyViaObject = llvm::any_of(Group, [&](size_t I) { return Sites[I].ViaObject; });
    // A call left in place: each instantiation registers its kernel for the host's parallel_for_each, and
    // the call passes the name of the function it is in (once per spelling: a macro's definition is one). So
    // are all instantiations of a call of which one is (one whose template arguments the host cannot name).
    if (AnyViaObject && !Nameable) {
      SourceLocation RParen = SM.getSpellingLoc(Site.Call->getRParenLoc());
      if (ContextPassed.insert(RParen).second && RW.InsertTextBefore(RParen, ", __PRETTY_FUNCTION__")) {
        error(Ctx.getDiagnostics(), Site.Call->getBeginLoc(), "ampcc cannot rewrite this parallel_for_each call");
        return std::nullopt;
      }
      for (size_t I : Group) {
        std::string Desc = descName(Sites[I]);
        Tail += "extern const ::ampcc::rt::kernel_desc " + Desc + " = " + descInit(I) + ";\n";
        std::optional<std::string> Obj = objectSite(Ctx, Sites[I], Kernels[I], Desc);
        if (!Obj)
          return std::nullopt;
        Tail += *Obj + "const ::ampcc::rt::closure_registration ampcc_closure_registration_" +
                std::to_string(Sites[I].Id) + "(" + closureSiteName(Sites[I]) + ");\n";
      }
      continue;
    }
    // What the call names for an instantiation: each capture's expression and whether it is a buffer.
    auto argumentsOf = [&](size_t I) {
      std::string Args;
      for (size_t A = 0; A < Sites[I].Captures.size(); ++A)
        Args += Sites[I].Captures[A].HostExpr + (Kernels[I].Args[A].IsBuffer ? " buffer, " : " value, ");
      return Args + (Kernels[I].Checked ? "checks" : "");
    };
    // Instantiations of one call in a template may launch different kinds of kernel object (two function
    // objects, a function object and a lambda) whose arguments the call cannot name alike: each
    // instantiation's arguments are then read out of the kernel object, at the places its own description
    // says, chosen per instantiation by the site template's specialisation (`ampcc_site_<Id><...>::site()`).
    bool PerInstantiation = !Site.TemplateParams.empty() && (AnyViaObject || llvm::any_of(Group, [&](size_t I) {
                                                               return argumentsOf(I) != argumentsOf(Group.front());
                                                             }));
    std::string Desc;
    if (Site.TemplateParams.empty()) {
      Desc = descName(Site);
      Head += "extern const ::ampcc::rt::kernel_desc " + Desc + ";\n";
      Tail += "extern const ::ampcc::rt::kernel_desc " + Desc + " = " + descInit(Group.front()) + ";\n";
    } else {
      std::string Tmpl = "ampcc_site_" + std::to_string(Site.Id);
      std::string Params, Names;
      for (size_t P = 0; P < Site.TemplateParams.size(); ++P) {
        Params += (P ? ", " : "") + Site.TemplateParams[P];
        Names += (P ? ", " : "") + Site.TemplateParamNames[P];
      }
      Head += "template <" + Params + "> struct " + Tmpl + " { static const ::ampcc::rt::kernel_desc &get(); " +
              "static const ::ampcc::rt::closure_site &site(); };\n";
      Desc = Tmpl + "<" + Names + ">::get()";
      // A specialisation declared before the user's code uses it where it can be (a function with a deduced return
      // type is instantiated where it is called, before the definition at the end of the file): in the head where
      // its arguments are the language's own types, else just before the declaration that holds the call.
      auto declareEarly = [&](size_t I, const std::string &Decl) {
        if (Sites[I].BuiltinTemplateArgs)
          Head += Decl + "\n";
        else if (Sites[I].DeclareBefore.isValid())
          RW.InsertTextBefore(Sites[I].DeclareBefore, "namespace { " + Decl + " } ");
      };
      for (size_t I : Group) {
        std::string Args;
        for (size_t P = 0; P < Sites[I].TemplateArgs.size(); ++P)
          Args += (P ? ", " : "") + Sites[I].TemplateArgs[P];
        if (!PerInstantiation) {
          declareEarly(I, "template <> const ::ampcc::rt::kernel_desc &" + Tmpl + "<" + Args + ">::get();");
          Tail += "template <> const ::ampcc::rt::kernel_desc &" + Tmpl + "<" + Args +
                  ">::get() { static const ::ampcc::rt::kernel_desc d = " + descInit(I) + "; return d; }\n";
          continue;
        }
        std::string D = descName(Sites[I]);
        std::optional<std::string> Obj = objectSite(Ctx, Sites[I], Kernels[I], D);
        if (!Obj)
          return std::nullopt;
        declareEarly(I, "template <> const ::ampcc::rt::closure_site &" + Tmpl + "<" + Args + ">::site();");
        Tail += "extern const ::ampcc::rt::kernel_desc " + D + " = " + descInit(I) + ";\n" + *Obj +
                "template <> const ::ampcc::rt::closure_site &" + Tmpl + "<" + Args + ">::site() { return " +
                closureSiteName(Sites[I]) + "; }\n";
      }
      if (PerInstantiation) {
        // The call stays, launching through its kernel object: `parallel_for_each(` becomes
        // `::ampcc::detail::launch_object(SITE, `.
        if (RW.ReplaceText(Site.Call->getCallee()->getSourceRange(), "::ampcc::detail::launch_object") ||
            RW.InsertTextBefore(Site.Call->getArg(0)->getBeginLoc(), Tmpl + "<" + Names + ">::site(), ")) {
          error(Ctx.getDiagnostics(), Site.Call->getBeginLoc(), "ampcc cannot rewrite this parallel_for_each call");
          return std::nullopt;
        }
        continue;
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
    if (RW.ReplaceText(R, Call)) {
      error(Ctx.getDiagnostics(), Site.Call->getBeginLoc(), "ampcc cannot rewrite this parallel_for_each call");
      return std::nullopt;
    }
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
  Tail += "}\n";
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
