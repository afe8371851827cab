// Bounds guards (checked mode, Direct3D's bounds behaviour): the OpenCL C of guarded view operations and the host
// table of check sites.
#include "CodeGen/BoundsChecks.h"

#include "CodeGen/Lowering.h"
#include "Support/CString.h"

#include "ampcc/kernel_abi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace clang;

namespace ampcc {

namespace {

// Text with the check buffer's words spelled $Name or $Name+k (AMPCC_ABI_CHECK_WORD), their indices put in.
std::string checkWords(llvm::StringRef Text) {
  static const llvm::StringMap<unsigned> Words = {
#define AMPCC_ABI_CHECK_WORD(Name, Index) {#Name, Index},
#include "ampcc/kernel_abi.def"
  };
  std::string Out;
  while (!Text.empty()) {
    size_t At = Text.find('$');
    Out += Text.take_front(At);
    if (At == llvm::StringRef::npos)
      break;
    Text = Text.drop_front(At + 1);
    llvm::StringRef Name = Text.take_while(llvm::isAlnum);
    Text = Text.drop_front(Name.size());
    assert(Words.count(Name) && "a word of AMPCC_ABI_CHECK_WORD");
    unsigned Plus = 0;
    if (Text.consume_front("+")) {
      llvm::StringRef Digits = Text.take_while(llvm::isDigit);
      Digits.getAsInteger(10, Plus);
      Text = Text.drop_front(Digits.size());
    }
    Out += std::to_string(Words.lookup(Name) + Plus);
  }
  return Out;
}

} // namespace

BoundsMode boundsModeRequested(ASTContext &Ctx) {
  // The identifier table outlives the preprocessor's work, so the macros are still known after parsing.
  BoundsMode Mode;
  Mode.Report = Ctx.Idents.get(CheckedModeMacro).hasMacroDefinition();
  Mode.DirectCompute = Ctx.Idents.get(DirectComputeBoundsMacro).hasMacroDefinition();
  return Mode;
}

bool readsOnly(ASTContext &Ctx, const Expr *Access) {
  if (Access->getType().isConstQualified())
    return true;
  const Expr *E = Access;
  for (;;) {
    DynTypedNodeList Up = Ctx.getParents(*E);
    const auto *Parent = Up.empty() ? nullptr : Up[0].get<Expr>();
    if (!Parent)
      return false;
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Parent)) {
      if (Cast->getCastKind() == CK_LValueToRValue)
        return true;
      // Bound to a const reference: a class type's copy or assignment, a const reference parameter.
      if (Cast->getCastKind() == CK_NoOp && Cast->isGLValue() && Cast->getType().isConstQualified())
        return true;
      // An array member, if it is subscripted next.
      if (Cast->getCastKind() != CK_ArrayToPointerDecay && Cast->getCastKind() != CK_NoOp)
        return false;
    } else if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(Parent)) {
      if (Sub->getBase() != E)
        return false;
    } else if (const auto *Member = dyn_cast<MemberExpr>(Parent)) {
      if (Member->isArrow() || !isa<FieldDecl>(Member->getMemberDecl()))
        return false;
    } else if (!isa<ParenExpr>(Parent)) {
      return false;
    }
    E = Parent;
  }
}

int BoundsChecks::addSite(ASTContext &Ctx, SourceLocation Loc, CheckKind Kind, const Expr *View) {
  SourceManager &SM = Ctx.getSourceManager();
  CheckSite S;
  PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (PL.isValid()) {
    S.File = PL.getFilename();
    S.Line = PL.getLine();
    S.Column = PL.getColumn();
  }
  S.Kind = Kind;
  if (View) {
    CharSourceRange R = SM.getExpansionRange(View->getSourceRange());
    S.View = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
    for (char &C : S.View)
      if (static_cast<unsigned char>(C) < ' ')
        C = ' ';
    // A long expression would bury the message; its start says which view it is.
    if (S.View.size() > 60)
      S.View = S.View.substr(0, 57) + "...";
  }
  Sites.push_back(std::move(S));
  return static_cast<int>(Sites.size() - 1);
}

void BoundsChecks::noteElement(ASTContext &Ctx, QualType Elem) {
  if (Elem->isIncompleteType() || Elem->isDependentType())
    return;
  unsigned long Bytes = Ctx.getTypeSizeInChars(Elem).getQuantity();
  if (Bytes > ScratchBytes)
    ScratchBytes = Bytes;
}

std::string BoundsChecks::prelude(const BoundsMode &Mode) const {
  // The scratch element lies at byte 128, the zero element at the next 128-byte boundary after it: the runtime's
  // CheckBuffer makes the same layout from the host table's scratch_bytes.
  unsigned long ScratchWords = (ScratchBytes + 127) / 128 * 128 / 4;
  std::string Out = checkWords(R"CL(
/* Bounds guards. The check buffer (the last kernel argument) holds, as uint: [$Flag] set by the first violation,
   [$Site] its check site, [$Rank] the view's rank, [$Count] how many index components, [$Index..$Index+2] the index (a section's
   origin), [$Extent..$Extent+2] the view's extent, [$Section..$Section+2] a section's extent, [$GlobalId..$GlobalId+2] get_global_id(0..2), [$Violations] how
   many violations (checked mode records them); an out-of-bounds access writes the scratch element at
   [AMPCC_CHK_SCRATCH] and reads the zero element at [AMPCC_CHK_ZERO], which nothing writes. */
#define AMPCC_CHK_SCRATCH $ScratchWord
)CL");
  Out += "#define AMPCC_CHK_ZERO " + checkWords("$ScratchWord+" + std::to_string(ScratchWords)) + "\n";
  // Checked mode records the first violation of a launch (the layout above) and counts them all.
  if (Mode.Report)
    Out += std::string("static void ampcc_chk_fail(__global uint* chk, int site, int rank, int n, int a, int b, int c, ") +
           abi::ShapeType + checkWords(R"CL( s,
                           int e0, int e1, int e2) {
  atomic_inc(&chk[$Violations]);
  if (atomic_cmpxchg(&chk[$Flag], 0u, 1u) != 0u) return;
  chk[$Site] = (uint)site; chk[$Rank] = (uint)rank; chk[$Count] = (uint)n;
  chk[$Index] = (uint)a; chk[$Index+1] = (uint)b; chk[$Index+2] = (uint)c;
  chk[$Extent] = (uint)s.ext[0]; chk[$Extent+1] = (uint)s.ext[1]; chk[$Extent+2] = (uint)s.ext[2];
  chk[$Section] = (uint)e0; chk[$Section+1] = (uint)e1; chk[$Section+2] = (uint)e2;
  chk[$GlobalId] = (uint)get_global_id(0); chk[$GlobalId+1] = (uint)get_global_id(1); chk[$GlobalId+2] = (uint)get_global_id(2);
}
)CL");
  return Out;
}

const char *BoundsChecks::reportFunction() {
  static const std::string Text = checkWords(R"CL(
/* A direct3d_errorf or direct3d_abort call: recorded as a checked mode's violation is ([$Flag], [$Site], [$GlobalId..$GlobalId+2], [$Violations]). */
static void ampcc_report(__global uint* chk, int site) {
  atomic_inc(&chk[$Violations]);
  if (atomic_cmpxchg(&chk[$Flag], 0u, 1u) != 0u) return;
  chk[$Site] = (uint)site;
  chk[$GlobalId] = (uint)get_global_id(0); chk[$GlobalId+1] = (uint)get_global_id(1); chk[$GlobalId+2] = (uint)get_global_id(2);
}
)CL");
  return Text.c_str();
}

std::string BoundsChecks::viewType(const BoundsMode &Mode, const std::string &N, const std::string &Lower,
                                   const std::string &Elem, bool Const, int R) {
  std::string ElemPtr = std::string(Const ? "const " : "") + "__global " + Elem + "*";
  std::string RS = std::to_string(R);
  std::string Idx = "ampcc_idx" + RS;
  // Components d < R of an index-like struct X, then zeros up to three.
  auto comps = [&](const std::string &X) {
    std::string S;
    for (int D = 0; D < 3; ++D)
      S += std::string(D ? ", " : "") + (D < R ? X + ".v[" + std::to_string(D) + "]" : "0");
    return S;
  };
  // Checked mode records a failed check (ampcc_chk_fail's arguments after the site); Direct3D's behaviour does not.
  auto fail = [&](const std::string &Args) {
    return Mode.Report ? "ampcc_chk_fail(v.chk, site, " + Args + "); " : std::string();
  };
  std::string T = "typedef struct { " + ElemPtr + " ptr; " + abi::ShapeType + " sh; __global uint* chk; } " + N + ";\n";
  // A section that leaves the view: an empty view in checked mode; with Direct3D's behaviour the part inside the
  // view, so that the accesses Direct3D let through (those inside the buffer) reach the view's elements still.
  std::string StandIn =
      Mode.DirectCompute ? "for (int i = 0; i < " + RS + "; ++i) { int room = o.v[i] < 0 ? 0 : v.sh.ext[i] - o.v[i]; " +
                               "if (e.v[i] > room) e.v[i] = room; if (e.v[i] < 0) e.v[i] = 0; } break; "
                         : "for (int i = 0; i < 3; ++i) v.sh.ext[i] = 0; return v; ";
  T += "static " + N + " " + N + "_section(" + N + " v, " + Idx + " o, " + Idx + " e, int site) { " +
       "for (int d = 0; d < " + RS + "; ++d) if (o.v[d] < 0 || e.v[d] < 0 || o.v[d] > v.sh.ext[d] - e.v[d]) { " +
       fail(RS + ", " + RS + ", " + comps("o") + ", v.sh, " + comps("e")) + StandIn + "} v.sh = ampcc_section" + RS +
       "(v.sh, o, e); return v; }\n";
  T += "static " + N + " " + N + "_make(" + ElemPtr + " p, int off, " + Idx + " e, __global uint* chk) { " + N +
       " v; v.ptr = p; v.chk = chk; v.sh.off = off; int s = 1; for (int i = 0; i < 3; ++i) { v.sh.ext[i] = 0; " +
       "v.sh.str[i] = 0; } for (int i = " + std::to_string(R - 1) +
       "; i >= 0; --i) { v.sh.ext[i] = e.v[i]; v.sh.str[i] = s; s *= e.v[i]; } return v; }\n";
  if (R > 1) {
    T += "static " + Lower + " " + N + "_project(" + N + " v, int i, int site) { " + Lower +
         " r; r.ptr = v.ptr; r.chk = v.chk; r.sh.off = v.sh.off; for (int d = 0; d < 3; ++d) { r.sh.ext[d] = 0; "
         "r.sh.str[d] = 0; } if ((uint)i >= (uint)v.sh.ext[0]) { " +
         fail(RS + ", 1, i, 0, 0, v.sh, 0, 0, 0") + "return r; } r.sh.off += i * v.sh.str[0]; for (int d = 1; d < " +
         RS + "; ++d) { r.sh.ext[d - 1] = v.sh.ext[d]; r.sh.str[d - 1] = v.sh.str[d]; } return r; }\n";
  }
  // The element at the int subscripts, or the scratch element (_at) or the zero element (_rd, for an element only
  // read) after a failed check.
  std::string Params, Args, Cond, Lin = "ampcc_lin" + RS + "i(v.sh";
  const char *Names[3] = {"a", "b", "c"};
  for (int D = 0; D < R; ++D) {
    std::string A = Names[D];
    Params += ", int " + A;
    Args += std::string(D ? ", " : "") + A;
    Cond += std::string(D ? " && " : "") + "(uint)" + A + " < (uint)v.sh.ext[" + std::to_string(D) + "]";
    Lin += ", " + A;
  }
  Lin += ")";
  std::string Fail = Args;
  for (int D = R; D < 3; ++D)
    Fail += ", 0";
  std::string XArgs;
  for (int D = 0; D < R; ++D)
    XArgs += ", x.v[" + std::to_string(D) + "]";
  for (const char *Helper : {"at", "rd"}) {
    std::string H = Helper;
    T += "static " + ElemPtr + " " + N + "_" + H + "(" + N + " v" + Params + ", int site) { if (" + Cond +
         ") return v.ptr + " + Lin + "; " + fail(RS + ", " + RS + ", " + Fail + ", v.sh, 0, 0, 0") + "return (" +
         ElemPtr + ")(v.chk + " + (H == "at" ? "AMPCC_CHK_SCRATCH" : "AMPCC_CHK_ZERO") + "); }\n";
    T += "static " + ElemPtr + " " + N + "_" + H + "x(" + N + " v, " + Idx + " x, int site) { return " + N + "_" + H +
         "(v" + XArgs + ", site); }\n";
  }
  // A store in bounds only.
  if (!Const) {
    T += "static void " + N + "_set(" + N + " v" + Params + ", " + Elem + " val, int site) { if (" + Cond +
         ") { v.ptr[" + Lin + "] = val; return; } " + fail(RS + ", " + RS + ", " + Fail + ", v.sh, 0, 0, 0") + "}\n";
    T += "static void " + N + "_setx(" + N + " v, " + Idx + " x, " + Elem + " val, int site) { " + N + "_set(v" +
         XArgs + ", val, site); }\n";
  }
  return T;
}

std::string BoundsChecks::access(const std::string &ViewType, const std::string &View,
                                 const std::vector<std::string> &Ints, const std::string &Index, int Site, bool Read) {
  std::string Out = "(*" + ViewType + (Read ? "_rd" : "_at") + (Index.empty() ? "(" : "x(") + View;
  if (Index.empty()) {
    for (const std::string &I : Ints)
      Out += ", " + I;
  } else {
    Out += ", " + Index;
  }
  return Out + ", " + std::to_string(Site) + "))";
}

std::string BoundsChecks::store(const std::string &ViewType, const std::string &View,
                                const std::vector<std::string> &Ints, const std::string &Index,
                                const std::string &Value, int Site) {
  std::string Out = ViewType + (Index.empty() ? "_set(" : "_setx(") + View;
  if (Index.empty()) {
    for (const std::string &I : Ints)
      Out += ", " + I;
  } else {
    Out += ", " + Index;
  }
  return Out + ", " + Value + ", " + std::to_string(Site) + ")";
}

std::string BoundsChecks::hostTable(bool Quiet) const {
  static const char *Kinds[] = {
#define AMPCC_ABI_CHECK_KIND(Name) #Name,
#include "ampcc/kernel_abi.def"
  };
  std::string Out;
  // Nothing reports a site of a quiet program: the runtime needs only the buffer's size.
  if (Sites.empty() || Quiet) {
    Out += std::string("const ::ampcc::rt::check_table ") + abi::CheckTable + " = {nullptr, 0, " +
           std::to_string(ScratchBytes) + (Quiet ? ", true" : ", false") + "};\n";
    return Out;
  }
  Out += "const ::ampcc::rt::check_site ampcc_check_sites[] = {\n";
  for (const CheckSite &S : Sites)
    Out += "    {\"" + escapeCString(S.File) + "\", " + std::to_string(S.Line) + ", " + std::to_string(S.Column) +
           ", ::ampcc::rt::check_kind::" + Kinds[static_cast<int>(S.Kind)] + ", \"" + escapeCString(S.View) + "\"},\n";
  Out += "};\n";
  Out += std::string("const ::ampcc::rt::check_table ") + abi::CheckTable + " = {ampcc_check_sites, " +
         std::to_string(Sites.size()) + ", " + std::to_string(ScratchBytes) + ", false};\n";
  return Out;
}

std::string OpenCLEmitter::hostCheckTable() const {
  const ProgramBuilder &P = *Program;
  return P.Bounds.guarded() || P.Reports ? P.Checks.hostTable(!P.Bounds.Report && !P.Reports) : "";
}

} // namespace ampcc
