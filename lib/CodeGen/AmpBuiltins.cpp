// Lowers the C++ AMP builtins that amp.h marks with AMPCC_BUILTIN: index/extent arithmetic, view
// element access, tiled_index members, barriers, fences and atomics.
#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"
#include "CodeGen/Lowering.h"

#include "ampcc/kernel_abi.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/StringMap.h"

using namespace clang;

namespace ampcc {

namespace {

int rankOf(QualType T) {
  llvm::StringRef K = getBuiltinTypeName(T);
  if (K == "tiled_index" || K == "tiled_extent")
    return getIntTemplateArg(T, 2) ? 3 : getIntTemplateArg(T, 1) ? 2 : 1;
  if (K == "array_view" || K == "array")
    return getIntTemplateArg(T, 1);
  return getIntTemplateArg(T, 0);
}

const char *binaryFn(llvm::StringRef Op) {
  if (Op == "+")
    return "add";
  if (Op == "-")
    return "sub";
  if (Op == "*")
    return "mul";
  if (Op == "/")
    return "div";
  return "mod";
}

// TileStaticInGlobal: some tile_static variable lives in global memory (Analysis/ViewedMemory.h), so a
// tile_static fence fences global memory too.
const char *fenceFlags(llvm::StringRef Kind, bool TileStaticInGlobal) {
  if (Kind == "global")
    return "CLK_GLOBAL_MEM_FENCE";
  if (Kind == "local" && !TileStaticInGlobal)
    return "CLK_LOCAL_MEM_FENCE";
  return "CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE";
}

// The extent of the tiles of tiled_index type T: a constant of its template arguments.
std::string tileExtent(QualType T) {
  return "ampcc_idx" + std::to_string(rankOf(T)) + "_make(" + std::to_string(getIntTemplateArg(T, 0)) + ", " +
         std::to_string(getIntTemplateArg(T, 1)) + ", " + std::to_string(getIntTemplateArg(T, 2)) + ")";
}

} // namespace

std::string FunctionLowering::memberObject(const MemberExpr *ME) {
  return ME->isArrow() ? "(*" + expr(ME->getBase()) + ")" : expr(ME->getBase());
}

namespace {

using BuiltinCallHandler = bool (FunctionLowering::*)(const Expr *E, const FunctionDecl *FD, const Expr *Obj,
                                                      llvm::ArrayRef<const Expr *> Args, llvm::StringRef B,
                                                      std::string &Out);
using BuiltinMemberHandler = bool (FunctionLowering::*)(const MemberExpr *ME, QualType BaseT, llvm::StringRef B,
                                                        std::string &Out);

} // namespace

bool FunctionLowering::builtinMember(const MemberExpr *ME, std::string &Out) {
  static const llvm::StringMap<BuiltinMemberHandler> Members = {
#define AMPCC_BUILTIN_MEMBER(Name, Handler) {Name, &FunctionLowering::Handler},
#include "CodeGen/AmpBuiltins.def"
  };
  llvm::StringRef B = getBuiltinName(ME->getMemberDecl());
  if (B.empty())
    return false;
  auto It = Members.find(B);
  if (It == Members.end())
    return false;
  const Expr *Base = ME->getBase();
  QualType BaseT = ME->isArrow() ? Base->getType()->getPointeeType() : Base->getType();
  return (this->*It->second)(ME, BaseT, B, Out);
}

bool FunctionLowering::builtinViewExtentMember(const MemberExpr *ME, QualType BaseT, llvm::StringRef,
                                               std::string &Out) {
  Out = "ampcc_shape_ext" + std::to_string(rankOf(BaseT)) + "((" + memberObject(ME) + ").sh)";
  return true;
}

bool FunctionLowering::builtinTileExtentMember(const MemberExpr *, QualType BaseT, llvm::StringRef, std::string &Out) {
  Out = tileExtent(BaseT);
  return true;
}

bool FunctionLowering::builtinTiledIndexField(const MemberExpr *ME, QualType, llvm::StringRef B, std::string &Out) {
  static const std::pair<const char *, const char *> TiledFields[] = {
      {"tidx.global", "g"}, {"tidx.local", "l"}, {"tidx.tile", "t"}, {"tidx.tile_origin", "o"}};
  for (const auto &F : TiledFields) {
    if (B == F.first) {
      Out = "(" + memberObject(ME) + ")." + F.second;
      return true;
    }
  }
  return false;
}

bool FunctionLowering::builtinTiledIndexBarrier(const MemberExpr *, QualType, llvm::StringRef, std::string &Out) {
  Out = "0";
  return true;
}

bool FunctionLowering::builtinCall(const Expr *E, const FunctionDecl *FD, const Expr *Obj,
                                   llvm::ArrayRef<const Expr *> Args, std::string &Out) {
  static const llvm::StringMap<BuiltinCallHandler> Calls = {
#define AMPCC_BUILTIN_CALL(Name, Handler) {Name, &FunctionLowering::Handler},
#include "CodeGen/AmpBuiltins.def"
  };
  llvm::StringRef B = getBuiltinName(FD);
  auto It = Calls.find(B);
  if (It != Calls.end())
    return (this->*It->second)(E, FD, Obj, Args, B, Out);
  error(Ctx.getDiagnostics(), E->getExprLoc(), "'%0' cannot be used in restrict(amp) code")
      << FD->getQualifiedNameAsString();
  P.HadError = true;
  return false;
}

// The call handlers of AmpBuiltins.def, in its order. B is the builtin's name.

bool FunctionLowering::builtinParallelForEach(const Expr *E, const FunctionDecl *, const Expr *,
                                              llvm::ArrayRef<const Expr *>, llvm::StringRef, std::string &) {
  error(Ctx.getDiagnostics(), E->getExprLoc(), "parallel_for_each cannot be called from restrict(amp) code");
  P.HadError = true;
  return false;
}

bool FunctionLowering::builtinPrintf(const Expr *E, const FunctionDecl *, const Expr *,
                                     llvm::ArrayRef<const Expr *> Args, llvm::StringRef, std::string &Out) {
  Out = printfCall(E, Args).value_or("0");
  return true;
}

bool FunctionLowering::builtinReport(const Expr *E, const FunctionDecl *, const Expr *,
                                     llvm::ArrayRef<const Expr *> Args, llvm::StringRef B, std::string &Out) {
  Out = reportCall(E, Args, B == "direct3d.abort");
  return true;
}

bool FunctionLowering::builtinIndexCtor(const Expr *E, const FunctionDecl *, const Expr *,
                                        llvm::ArrayRef<const Expr *> Args, llvm::StringRef, std::string &Out) {
  auto arg = [&](unsigned I) { return expr(Args[I]); };
  int R = rankOf(E->getType());
  std::string A[3] = {"0", "0", "0"};
  for (unsigned I = 0; I < Args.size() && I < 3; ++I)
    A[I] = arg(I);
  if (Args.size() == 1)
    A[1] = A[2] = A[0];
  Out = P.indexType(R) + "_make(" + A[0] + ", " + A[1] + ", " + A[2] + ")";
  return true;
}

// From an array of ints in private memory (a local array, the common case).
bool FunctionLowering::builtinIndexCtorArray(const Expr *E, const FunctionDecl *, const Expr *,
                                             llvm::ArrayRef<const Expr *> Args, llvm::StringRef, std::string &Out) {
  Out = P.indexType(rankOf(E->getType())) + "_load(" + expr(Args[0]) + ")";
  return true;
}

bool FunctionLowering::builtinIndexGet(const Expr *, const FunctionDecl *, const Expr *Obj,
                                       llvm::ArrayRef<const Expr *> Args, llvm::StringRef, std::string &Out) {
  // A dimension number: constant subscripts are written as plain ints.
  auto dim = [&](unsigned I) {
    Expr::EvalResult R;
    if (Args[I]->EvaluateAsInt(R, Ctx))
      return std::to_string(R.Val.getInt().getExtValue());
    return expr(Args[I]);
  };
  // extent[i] of a view reads the shape directly.
  if (const auto *ME = dyn_cast<MemberExpr>(Obj->IgnoreParenImpCasts());
      ME && getBuiltinName(ME->getMemberDecl()) == "av.extent") {
    Out = "(" + memberObject(ME) + ").sh.ext[" + dim(0) + "]";
    return true;
  }
  Out = "(" + expr(Obj) + ").v[" + dim(0) + "]";
  return true;
}

bool FunctionLowering::builtinIndexToInt(const Expr *, const FunctionDecl *, const Expr *Obj,
                                         llvm::ArrayRef<const Expr *>, llvm::StringRef, std::string &Out) {
  Out = "(" + expr(Obj) + ").v[0]";
  return true;
}

bool FunctionLowering::builtinIndexPost(const Expr *, const FunctionDecl *, const Expr *Obj,
                                        llvm::ArrayRef<const Expr *>, llvm::StringRef B, std::string &Out) {
  B.consume_front("index.post") || B.consume_front("extent.post");
  // x++ / x--: the old value, the variable stepped by one in every component.
  Out = P.indexType(rankOf(Obj->getType())) + "_post(&(" + expr(Obj) + "), " + (B == "+" ? "1" : "-1") + ")";
  return true;
}

bool FunctionLowering::builtinIndexAssign(const Expr *, const FunctionDecl *, const Expr *Obj,
                                          llvm::ArrayRef<const Expr *> Args, llvm::StringRef B, std::string &Out) {
  B.consume_front("index.assign") || B.consume_front("extent.assign");
  int R = rankOf(Obj->getType());
  // ++x and --x carry no operand: they step by one.
  std::string Rhs = Args.empty() ? "1" : expr(Args[0]);
  if (Args.empty() || !Args[0]->getType()->isRecordType())
    Rhs = P.indexType(R) + "_splat(" + Rhs + ")";
  // Through the variable's address: the result is the variable itself (an lvalue, as in C++, which a
  // chained compound assignment assigns again) and the variable's expression is evaluated once.
  Out = "(*ampcc_idx" + std::to_string(R) + "_" + binaryFn(B) + "_to(&(" + expr(Obj) + "), " + Rhs + "))";
  return true;
}

bool FunctionLowering::builtinIndexOperator(const Expr *E, const FunctionDecl *, const Expr *,
                                            llvm::ArrayRef<const Expr *> Args, llvm::StringRef B, std::string &Out) {
  B.consume_front("index.op") || B.consume_front("extent.op");
  auto arg = [&](unsigned I) { return expr(Args[I]); };
  int R = rankOf(E->getType()->isRecordType() ? E->getType() : Args[0]->getType());
  std::string Prefix = "ampcc_idx" + std::to_string(R);
  auto operand = [&](unsigned I) {
    return Args[I]->getType()->isRecordType() ? arg(I) : Prefix + "_splat(" + arg(I) + ")";
  };
  if (B == "==" || B == "!=") {
    Out = std::string(B == "!=" ? "!" : "") + Prefix + "_eq(" + arg(0) + ", " + arg(1) + ")";
    return true;
  }
  Out = Prefix + "_" + binaryFn(B) + "(" + operand(0) + ", " + operand(1) + ")";
  return true;
}

bool FunctionLowering::builtinExtentSize(const Expr *, const FunctionDecl *, const Expr *Obj,
                                         llvm::ArrayRef<const Expr *>, llvm::StringRef, std::string &Out) {
  Out = "ampcc_idx" + std::to_string(rankOf(Obj->getType())) + "_size(" + expr(Obj) + ")";
  return true;
}

bool FunctionLowering::builtinExtentTile(const Expr *, const FunctionDecl *, const Expr *Obj,
                                         llvm::ArrayRef<const Expr *>, llvm::StringRef, std::string &Out) {
  // A tiled_extent lowers to the same struct as its extent: tiling changes only the launch.
  Out = expr(Obj);
  return true;
}

bool FunctionLowering::builtinExtentContains(const Expr *, const FunctionDecl *, const Expr *Obj,
                                             llvm::ArrayRef<const Expr *> Args, llvm::StringRef, std::string &Out) {
  Out = "ampcc_idx" + std::to_string(rankOf(Obj->getType())) + "_contains(" + expr(Obj) + ", " + expr(Args[0]) + ")";
  return true;
}

std::string FunctionLowering::viewElement(const Expr *E, const Expr *Obj, llvm::ArrayRef<const Expr *> Args,
                                          unsigned NumIndex, bool Write) {
  auto arg = [&](unsigned I) { return expr(Args[I]); };
  if (P.Bounds.guarded())
    return guardedElement(E, Obj, Args.take_front(NumIndex), Write);
  std::string V = expr(Obj);
  std::string Lin;
  if (NumIndex == 1 && Args[0]->getType()->isRecordType()) {
    // An index, or a tiled_index, which converts to its global index.
    Lin = "ampcc_lin" + std::to_string(rankOf(Obj->getType())) + "((" + V + ").sh, " + arg(0) + ")";
  } else {
    Lin = "ampcc_lin" + std::to_string(NumIndex) + "i((" + V + ").sh";
    for (unsigned I = 0; I < NumIndex; ++I)
      Lin += ", " + arg(I);
    Lin += ")";
  }
  return "(" + V + ").ptr[" + Lin + "]";
}

bool FunctionLowering::builtinViewSubscript(const Expr *E, const FunctionDecl *, const Expr *Obj,
                                            llvm::ArrayRef<const Expr *> Args, llvm::StringRef, std::string &Out) {
  noteViewUse(E, Obj);
  Out = viewElement(E, Obj, Args, Args.size(), false);
  return true;
}

// texture::set(index, value) and the texture views' set: a store to the element.
bool FunctionLowering::builtinTextureSet(const Expr *E, const FunctionDecl *, const Expr *Obj,
                                         llvm::ArrayRef<const Expr *> Args, llvm::StringRef, std::string &Out) {
  if (const ValueDecl *Root = viewRoot(Obj))
    WrittenViews.insert(Root);
  Out = "(" + viewElement(E, Obj, Args, 1, true) + " = " + expr(Args[1]) + ")";
  return true;
}

std::string FunctionLowering::asResultView(const Expr *E, const std::string &Lowered, std::string Value) {
  std::string Result = P.viewTypeName(E->getType(), E->getExprLoc());
  return Result == Lowered ? Value : P.viewConversion(Lowered, Result) + "(" + Value + ")";
}

bool FunctionLowering::builtinViewProject(const Expr *E, const FunctionDecl *, const Expr *Obj,
                                          llvm::ArrayRef<const Expr *> Args, llvm::StringRef, std::string &Out) {
  std::string View = P.viewTypeName(Obj->getType(), E->getExprLoc());
  Out = View + "_project(" + expr(Obj) + ", " + expr(Args[0]);
  if (P.Bounds.guarded())
    Out += ", " + std::to_string(P.Checks.addSite(Ctx, E->getBeginLoc(), CheckKind::projection, Obj));
  Out += ")";
  // The view type of the next lower rank: the same name, ending in that rank.
  Out = asResultView(E, View.substr(0, View.rfind('_') + 1) + std::to_string(rankOf(Obj->getType()) - 1), Out);
  return true;
}

bool FunctionLowering::builtinViewSection(const Expr *E, const FunctionDecl *, const Expr *Obj,
                                          llvm::ArrayRef<const Expr *> Args, llvm::StringRef, std::string &Out) {
  auto arg = [&](unsigned I) { return expr(Args[I]); };
  // section(origin, extent), section(extent) from the origin, section(origin) to the end, or the int forms
  // section(i0, .., e0, ..) of ranks 1 to 3.
  int R = rankOf(Obj->getType());
  std::string Idx = "ampcc_idx" + std::to_string(R);
  std::string V = expr(Obj);
  std::string Origin, Extent;
  if (Args.size() == 2 * static_cast<unsigned>(R) && !Args[0]->getType()->isRecordType()) {
    std::string C[2][3] = {{"0", "0", "0"}, {"0", "0", "0"}};
    for (int I = 0; I < R; ++I) {
      C[0][I] = arg(I);
      C[1][I] = arg(R + I);
    }
    Origin = Idx + "_make(" + C[0][0] + ", " + C[0][1] + ", " + C[0][2] + ")";
    Extent = Idx + "_make(" + C[1][0] + ", " + C[1][1] + ", " + C[1][2] + ")";
  } else if (Args.size() == 2) {
    Origin = arg(0);
    Extent = arg(1);
  } else if (getBuiltinTypeName(Args[0]->getType()) == "index") {
    Origin = arg(0);
    Extent = Idx + "_sub(ampcc_shape_ext" + std::to_string(R) + "((" + V + ").sh), " + Origin + ")";
  } else {
    Origin = Idx + "_splat(0)";
    Extent = arg(0);
  }
  std::string View = P.viewTypeName(Obj->getType(), E->getExprLoc());
  Out = View + "_section(" + V + ", " + Origin + ", " + Extent;
  if (P.Bounds.guarded())
    Out += ", " + std::to_string(P.Checks.addSite(Ctx, E->getBeginLoc(), CheckKind::section, Obj));
  Out += ")";
  Out = asResultView(E, View, Out);
  return true;
}

bool FunctionLowering::builtinViewFromPointer(const Expr *E, const FunctionDecl *, const Expr *,
                                              llvm::ArrayRef<const Expr *> Args, llvm::StringRef, std::string &Out) {
  auto arg = [&](unsigned I) { return expr(Args[I]); };
  // A dense view over a pointer into global memory (the data of a view or an array): its pointer, offset 0.
  const Expr *Ptr = Args.back();
  // A null pointer views no memory (the Algorithms Library's placeholder views, `array_view<T>(0, nullptr)`): a
  // null __global pointer, which nothing reads or writes through, so it is in no space and writes no view.
  bool Null = Ptr->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull;
  if (!Null && pointeeSpace(Ptr) != AddrSpace::Global) {
    // Views over local variables work (they live in global memory then, Analysis/ViewedMemory.h): what is left
    // is memory that cannot move.
    std::string Holder = unmovableMemory(Ptr);
    if (Holder.empty())
      Holder = std::string(spaceWord(pointeeSpace(Ptr))) + " memory that ampcc cannot keep in global memory";
    error(Ctx.getDiagnostics(), Ptr->getExprLoc(),
          "an array_view made in amp code cannot view %0; it can view the data of an array or array_view, or a "
          "local variable")
        << Holder;
    P.HadError = true;
    return true;
  }
  // Writes through the new view are writes to the view the pointer points into: it must be known.
  if (!Null && !pointerRoot(Ptr)) {
    error(Ctx.getDiagnostics(), Ptr->getExprLoc(),
          "an array_view made in amp code must be over '&v[i]' or 'v.data()' of a view or array, so that ampcc "
          "knows which data it writes");
    P.HadError = true;
    return true;
  }
  if (P.Bounds.guarded() && !Null) {
    error(Ctx.getDiagnostics(), E->getExprLoc(), "%0 does not guard an array_view made over a pointer in amp code")
        << P.Bounds.flag();
    P.HadError = true;
    return true;
  }
  int R = rankOf(E->getType());
  std::string Extent;
  if (Args.size() == 2 && Args[0]->getType()->isRecordType()) {
    Extent = arg(0);
  } else {
    std::string A[3] = {"0", "0", "0"};
    for (unsigned I = 0; I + 1 < Args.size() && I < 3; ++I)
      A[I] = arg(I);
    Extent = P.indexType(R) + "_make(" + A[0] + ", " + A[1] + ", " + A[2] + ")";
  }
  // A guarded view of no memory has no check buffer either: a correct program never indexes it.
  Out = P.viewTypeName(E->getType(), E->getExprLoc()) + "_make(" + (Null ? "0" : expr(Ptr)) + ", 0, " + Extent +
        (P.Bounds.guarded() ? ", 0)" : ")");
  return true;
}

bool FunctionLowering::builtinViewAs(const Expr *E, const FunctionDecl *, const Expr *Obj,
                                     llvm::ArrayRef<const Expr *> Args, llvm::StringRef B, std::string &Out) {
  // A new dense view over the same buffer: reshaped to the given extent, or as rank 1 of another element
  // type with the offset and the element count scaled by the sizes.
  QualType Result = E->getType();
  std::string N = P.viewTypeName(Result, E->getExprLoc());
  std::string V = expr(Obj);
  if (B == "av.view_as") {
    Out = N + "_make((" + V + ").ptr, (" + V + ").sh.off, " + expr(Args[0]) +
          (P.Bounds.guarded() ? ", (" + V + ").chk)" : ")");
    return true;
  }
  std::string R = std::to_string(rankOf(Obj->getType()));
  QualType To = getTypeTemplateArg(Result, 0);
  auto size = [&](QualType T) {
    return "(int)sizeof(" + P.typeName(T.getUnqualifiedType(), E->getExprLoc(), /*InStorage=*/true) + ")";
  };
  std::string From = size(getTypeTemplateArg(Obj->getType(), 0)), ToSize = size(To);
  std::string Count = "(int)ampcc_idx" + R + "_size(ampcc_shape_ext" + R + "((" + V + ").sh))";
  std::string Ptr = std::string("(") + (To.isConstQualified() ? "const " : "") + "__global " +
                    P.typeName(To.getUnqualifiedType(), E->getExprLoc(), /*InStorage=*/true) + "*)(" + V + ").ptr";
  Out = N + "_make(" + Ptr + ", (" + V + ").sh.off * " + From + " / " + ToSize + ", ampcc_idx1_make(" + Count + " * " +
        From + " / " + ToSize + ", 0, 0)" + (P.Bounds.guarded() ? ", (" + V + ").chk)" : ")");
  return true;
}

bool FunctionLowering::builtinViewData(const Expr *E, const FunctionDecl *, const Expr *Obj,
                                       llvm::ArrayRef<const Expr *>, llvm::StringRef, std::string &Out) {
  // The first element of the view, a __global pointer.
  std::string V = expr(Obj);
  // A pointer to non-const elements kept or passed on may be written through later: the view is written.
  const Expr *Use = E;
  for (DynTypedNodeList Up = Ctx.getParents(*Use); !Up.empty() && Up[0].get<Expr>(); Up = Ctx.getParents(*Use)) {
    const Expr *PE = Up[0].get<Expr>();
    if (!isa<ParenExpr>(PE) && !(isa<ImplicitCastExpr>(PE) && cast<ImplicitCastExpr>(PE)->getCastKind() == CK_NoOp))
      break;
    Use = PE;
  }
  DynTypedNodeList Up = Ctx.getParents(*Use);
  const Expr *User = Up.empty() ? nullptr : Up[0].get<Expr>();
  bool Direct = User && (isa<ArraySubscriptExpr>(User) ||
                         (isa<UnaryOperator>(User) && cast<UnaryOperator>(User)->getOpcode() == UO_Deref));
  bool Written =
      Direct ? isModified(isa<UnaryOperator>(User) ? User : E) : !E->getType()->getPointeeType().isConstQualified();
  if (const ValueDecl *Root = Written ? viewRoot(Obj) : nullptr)
    WrittenViews.insert(Root);
  Out = "((" + V + ").ptr + (" + V + ").sh.off)";
  return true;
}

bool FunctionLowering::builtinViewGetExtent(const Expr *, const FunctionDecl *, const Expr *Obj,
                                            llvm::ArrayRef<const Expr *>, llvm::StringRef, std::string &Out) {
  Out = "ampcc_shape_ext" + std::to_string(rankOf(Obj->getType())) + "((" + expr(Obj) + ").sh)";
  return true;
}

// get_tile_extent(), marked as the member tile_extent (so that the tile checks know it is the same in every
// thread). The object is not evaluated: the extent depends on its type only.
bool FunctionLowering::builtinTileExtent(const Expr *, const FunctionDecl *FD, const Expr *,
                                         llvm::ArrayRef<const Expr *>, llvm::StringRef, std::string &Out) {
  Out = tileExtent(cast<CXXMethodDecl>(FD)->getThisType()->getPointeeType());
  return true;
}

bool FunctionLowering::builtinTiledIndexToIndex(const Expr *, const FunctionDecl *, const Expr *Obj,
                                                llvm::ArrayRef<const Expr *>, llvm::StringRef, std::string &Out) {
  Out = "(" + expr(Obj) + ").g";
  return true;
}

// (A barrier outside a tiled kernel was refused before lowering: Analysis/TileChecks.h.)
bool FunctionLowering::builtinBarrier(const Expr *, const FunctionDecl *, const Expr *, llvm::ArrayRef<const Expr *>,
                                      llvm::StringRef B, std::string &Out) {
  B.consume_front("barrier.");
  Out = std::string("barrier(") + fenceFlags(B, P.Viewed.anyTileStatic()) + ")";
  return true;
}

bool FunctionLowering::builtinFence(const Expr *, const FunctionDecl *, const Expr *, llvm::ArrayRef<const Expr *>,
                                    llvm::StringRef B, std::string &Out) {
  B.consume_front("fence.");
  Out = std::string("mem_fence(") + fenceFlags(B, P.Viewed.anyTileStatic()) + ")";
  return true;
}

bool FunctionLowering::builtinAtomic(const Expr *E, const FunctionDecl *, const Expr *,
                                     llvm::ArrayRef<const Expr *> Args, llvm::StringRef B, std::string &Out) {
  B.consume_front("atomic.");
  auto arg = [&](unsigned I) { return expr(Args[I]); };
  // The destination pointer's address space is inferred from the argument.
  std::string Ptr = arg(0);
  if (pointeeSpace(Args[0]) == AddrSpace::Private) {
    // Private memory is the thread's own: the operation needs no atomicity.
    QualType Elem = Args[0]->getType()->getPointeeType().getUnqualifiedType();
    std::string Call = P.privateAtomic(B, P.typeName(Elem, E->getExprLoc())) + "(" + Ptr;
    for (unsigned I = 1; I < Args.size(); ++I)
      Call += ", " + arg(I);
    Out = Call + ")";
    return true;
  }
  if (B == "cas") {
    AddrSpace Space = pointeeSpace(Args[0]);
    if (Space != AddrSpace::Global && Space != AddrSpace::Local) {
      error(Ctx.getDiagnostics(), E->getExprLoc(),
            "atomic_compare_exchange needs a destination in global or tile_static memory");
      P.HadError = true;
    }
    bool Unsigned = Args[0]->getType()->getPointeeType()->isUnsignedIntegerType();
    Out = std::string("ampcc_cas_") + (Space == AddrSpace::Local ? "l_" : "g_") + (Unsigned ? "uint" : "int") + "(" +
          Ptr + ", " + arg(1) + ", " + arg(2) + ")";
  } else if (B == "inc" || B == "dec") {
    Out = "atomic_" + B.str() + "(" + Ptr + ")";
  } else {
    Out = "atomic_" + B.str() + "(" + Ptr + ", " + arg(1) + ")";
  }
  return true;
}

std::optional<std::string> FunctionLowering::printfCall(const Expr *Call, llvm::ArrayRef<const Expr *> Args) {
  const auto *Format = Args.empty() ? nullptr : dyn_cast<StringLiteral>(Args[0]->IgnoreParenImpCasts());
  // (Analysis already rejects any other format: a char pointer or array has no other place in amp code.)
  if (!Format || !(Format->isOrdinary() || Format->isUTF8())) {
    error(Ctx.getDiagnostics(), Args.empty() ? Call->getExprLoc() : Args[0]->getExprLoc(),
          "direct3d_printf takes a string literal as its format in ampcc (OpenCL C's printf takes only a literal)");
    P.HadError = true;
    return std::nullopt;
  }
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "printf(";
  Format->outputString(OS);
  for (const Expr *A : Args.drop_front())
    OS << ", " << expr(A);
  OS << ")";
  return Out;
}

namespace {
// Whether the value of E is not used: a statement of its own (a for loop's increment too), or the left operand of a
// comma.
bool valueUnused(ASTContext &Ctx, const Expr *E) {
  for (;;) {
    DynTypedNodeList Up = Ctx.getParents(*E);
    const auto *Parent = Up.empty() ? nullptr : Up[0].get<Expr>();
    if (!Parent)
      return !Up.empty();
    if (const auto *Comma = dyn_cast<BinaryOperator>(Parent); Comma && Comma->getOpcode() == BO_Comma)
      return Comma->getLHS() == E;
    if (!isa<ParenExpr>(Parent) && !isa<ExprWithCleanups>(Parent))
      return false;
    E = Parent;
  }
}
} // namespace

std::string FunctionLowering::guardedElement(const Expr *E, const Expr *Obj, llvm::ArrayRef<const Expr *> Subscripts,
                                             bool Write, const Expr *Stored) {
  // In the order an assignment lowers them: the element first, then the value.
  std::string V = expr(Obj);
  std::vector<std::string> Ints;
  std::string Index;
  if (Subscripts.size() == 1 && Subscripts[0]->getType()->isRecordType())
    Index = expr(Subscripts[0]);
  else
    for (const Expr *S : Subscripts)
      Ints.push_back(expr(S));
  int Site = P.Checks.addSite(Ctx, E->getBeginLoc(), CheckKind::access, Obj);
  std::string ViewType = P.viewTypeName(Obj->getType(), E->getExprLoc());
  if (Stored)
    return BoundsChecks::store(ViewType, V, Ints, Index, expr(Stored), Site);
  return BoundsChecks::access(ViewType, V, Ints, Index, Site, !Write && readsOnly(Ctx, E));
}

std::optional<std::string> FunctionLowering::guardedStore(const BinaryOperator *BO) {
  if (!P.Bounds.guarded() || BO->getOpcode() != BO_Assign)
    return std::nullopt;
  const auto *Access = dyn_cast<CallExpr>(BO->getLHS()->IgnoreParens());
  const FunctionDecl *FD = Access ? Access->getDirectCallee() : nullptr;
  if (!FD || getBuiltinName(FD) != "av.subscript" || !valueUnused(Ctx, BO))
    return std::nullopt;
  llvm::SmallVector<const Expr *, 4> Subscripts;
  const Expr *Obj = splitCall(Access, FD, Subscripts);
  noteViewUse(Access, Obj);
  return guardedElement(Access, Obj, Subscripts, true, BO->getRHS());
}

std::string FunctionLowering::reportCall(const Expr *Call, llvm::ArrayRef<const Expr *> Args, bool Abort) {
  std::optional<std::string> Printed;
  if (!Abort && !(Printed = printfCall(Call, Args)))
    return "0";
  if (P.Helpers.insert("ampcc_report").second)
    P.Types += BoundsChecks::reportFunction();
  int Site = P.Checks.addSite(Ctx, Call->getExprLoc(), Abort ? CheckKind::abort : CheckKind::errorf,
                              Abort ? nullptr : Args[0]->IgnoreParenImpCasts());
  // The check buffer reaches callees as a tile_static variable of theirs does (a hidden parameter).
  HiddenLocal H;
  H.KernelDecl = abi::CheckParam;
  H.Name = abi::CheckParam;
  H.Param = BoundsChecks::kernelParam();
  H.PassedAsIs = true; // passed as it is
  H.KernelParam = true;
  useHidden(H);
  std::string Report = std::string("ampcc_report(") + abi::CheckParam + ", " + std::to_string(Site) + ")";
  return Abort ? Report : "(" + *Printed + ", " + Report + ")";
}

} // namespace ampcc
