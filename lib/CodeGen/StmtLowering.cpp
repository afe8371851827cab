// Statements of amp code lowered to OpenCL C.
#include "Analysis/AmpAnnotations.h"
#include "Analysis/Diagnostics.h"
#include "CodeGen/Lowering.h"
#include "Support/CString.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace ampcc {
namespace {
std::string indent(int N) { return std::string(2 * N, ' '); }
} // namespace

// ---------------------------------------------------------------------------------------------------
// Statements

std::string FunctionLowering::discarded(const Expr *E) {
  if (!E)
    return "";
  // A call returning a reference is lowered to the dereference of a returned pointer (`(*f(&c))` for
  // `c += d`), and a full expression whose temporaries are destroyed to a comma expression ending in its value:
  // C warns about either value unused, and the device's compiler prints the warnings to the program's output.
  const auto *CE = dyn_cast<CallExpr>(strip(E));
  bool Discard = CE && CE->getCallReturnType(Ctx)->isReferenceType();
  ValueUnused = isa<ExprWithCleanups>(E); // its lowering then keeps no copy of the value
  std::string Value = expr(E);
  ValueUnused = false;
  return Discard && !Value.empty() ? "(void)(" + Value + ")" : Value;
}

std::string FunctionLowering::condition(const Expr *Cond) {
  if (!Cond)
    return "";
  std::string C = expr(Cond);
  // `if ((a == b))` draws C's -Wparentheses-equality, which the device's compiler prints to the program's
  // output: an equality comparison loses its outer parentheses (an assignment keeps them, as C wants).
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!BO || !BO->isEqualityOp() || C.size() < 2 || C.front() != '(')
    return C;
  int Depth = 0;
  for (size_t I = 0; I < C.size(); ++I) {
    Depth += C[I] == '(' ? 1 : C[I] == ')' ? -1 : 0;
    if (Depth == 0)
      return I + 1 == C.size() ? C.substr(1, C.size() - 2) : C;
  }
  return C;
}

std::string FunctionLowering::stmt(const Stmt *S, int Ind) {
  if (!S)
    return "";
  std::string Line = lineDirective(S->getBeginLoc());
  std::string Pad = indent(Ind);
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    std::string Out = Line + Pad + "{\n";
    Scopes.emplace_back();
    for (const Stmt *Child : CS->body())
      Out += stmt(Child, Ind + 1);
    Out += destroyScopes(Scopes.size() - 1, indent(Ind + 1));
    Scopes.pop_back();
    return Out + Pad + "}\n";
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    std::string Out = Line;
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD) {
        // Types, enumerations (their values are constants where used) and functions (each callee is declared at
        // file scope) need no code.
        if (!isa<TypedefNameDecl>(D) && !isa<TypeAliasDecl>(D) && !isa<TagDecl>(D) && !isa<StaticAssertDecl>(D) &&
            !isa<UsingDecl>(D) && !isa<UsingDirectiveDecl>(D) && !isa<FunctionDecl>(D))
          unsupported(S, "this declaration");
        continue;
      }
      VarInfo VI;
      // A structured binding's hidden variable has no name; its bindings name parts of it (strip).
      VI.Name = isa<DecompositionDecl>(VD) ? P.uniqueName("ampcc_bound") : localName(VD);
      QualType T = VD->getType();
      const Expr *Init = VD->getInit();
      // What a tile_static declaration may be is the type rules' (Analysis/AmpTypeRules.h).
      if (isTileStatic(VD)) {
        if (P.Viewed.mustBeGlobal(VD)) {
          placeInScratch(VD, AddrSpace::Local, VI);
          Vars[VD] = VI;
          continue;
        }
        VI.Name = P.uniqueName("ampcc_ts_" + localName(VD));
        VI.Storage = AddrSpace::Local;
        // 16 bytes aligned (or more, if the type asks for more) from 16 bytes up. NVIDIA's drivers compile PTX for
        // linking (cuLink, and their OpenCL), where ptxas does not place the variable itself and so trusts only its
        // declared alignment: a float array's 4 gives 32-bit shared loads only, where the 16 that ptxas gives the
        // variables it places lets four neighbouring floats come in one 128-bit load (the tiled matmul: 20
        // shared loads an iteration instead of 32, 0.80 of nvcc without it; docs/benchmarks.md).
        CharUnits Bytes = Ctx.getTypeSizeInChars(T);
        std::string Align;
        if (Bytes.getQuantity() >= 16)
          Align = " __attribute__((aligned(" +
                  std::to_string(std::max<int64_t>(16, Ctx.getDeclAlign(VD).getQuantity())) + ")))";
        std::string Decl =
            "__local " + P.declare(T, VI.Name, VD->getLocation(), AddrSpace::Private, true) + Align + ";\n";
        // Declared at kernel scope by useHidden: here if this is the kernel, else in every kernel that calls us.
        HiddenLocal H;
        H.Decl = VD->getLocation();
        H.KernelDecl = Decl;
        H.Name = VI.Name;
        H.Bytes = Bytes.getQuantity();
        // The callee sees a pointer to the whole variable, an array's too, so that the variable keeps its type
        // there: `&arr` and a reference to the array (`int (&)[N]`) are the array's address, as in the kernel.
        H.Param = "__local " + P.declare(T, "(*" + VI.Name + ")", VD->getLocation(), AddrSpace::Private, true);
        if (!InKernel)
          VI.Name = "(*" + VI.Name + ")";
        useHidden(H);
        P.TileStaticVars[VD] = H;
        Vars[VD] = VI;
        continue;
      }
      // Static storage has no lowering (the rules refuse it).
      if (VD->hasGlobalStorage()) {
        unsupported(S, "this declaration");
        continue;
      }
      // A variable that a view made in amp code views lives in global memory (placeInScratch): its initial value
      // is made in a private variable first and copied there.
      VarInfo Placed;
      bool InScratch = !T->isReferenceType() && !T->isPointerType() && P.Viewed.mustBeGlobal(VD);
      if (InScratch)
        placeInScratch(VD, AddrSpace::Private, Placed);
      // An object whose constructor views its own members is constructed where it lives (FunctionSpec::InPlace).
      if (!Ctx.getAsArrayType(T) && P.Viewed.constructsViewedObject(Init)) {
        if (InScratch) {
          VI.Name = Placed.Name;
          VI.Storage = AddrSpace::Global;
        } else {
          Out += Pad + P.declare(T, VI.Name, VD->getLocation()) + ";\n";
        }
        Out += Pad + constructInPlace(Init, {VI.Name, VI.Storage}) + ";\n";
        Vars[VD] = VI;
        if (hasDestructionWork(T))
          destroyAtScopeEnd(S, VI.Name, T, VD->getLocation(), VI.Storage);
        continue;
      }
      if (InScratch)
        VI.Name = P.uniqueName("ampcc_init_" + localName(VD));
      bool Initialised = false;
      std::string Decl;
      if (T->isReferenceType()) {
        const Expr *Bound = Init ? Init->IgnoreImplicit() : nullptr;
        const Expr *Full = Init ? Init->IgnoreParens() : nullptr;
        if (const auto *EWC = dyn_cast_or_null<ExprWithCleanups>(Full))
          Full = EWC->getSubExpr()->IgnoreParens();
        bool ToTemporary = Init && (isa<MaterializeTemporaryExpr>(Full) || isa<MaterializeTemporaryExpr>(Bound) ||
                                    !Init->isGLValue());
        if (ToTemporary && hasDestructionWork(T.getNonReferenceType())) {
          // A temporary bound to the reference lives as long as the reference: the variable is that
          // temporary, destroyed with the block.
          Decl = P.declare(T.getNonReferenceType(), VI.Name, VD->getLocation()) + " = " + expr(strip(Init));
          Vars[VD] = VI;
          Out += Pad + Decl + ";\n";
          destroyAtScopeEnd(S, VI.Name, T.getNonReferenceType(), VD->getLocation());
          continue;
        }
        // A reference to an object is its address, const or not (a view's too: writes through it are the
        // view's); a reference to a temporary (which it keeps alive), to a builtin type or to a pointer
        // (isConstRefCopy) is a variable of its own.
        if (ToTemporary || (isConstRefCopy(T) && !isViewType(T.getNonReferenceType())) ||
            (T.getNonReferenceType().isConstQualified() && !bindsInPlace(Init))) {
          Decl = P.declare(T.getNonReferenceType(), VI.Name, VD->getLocation()) + " = " + expr(Init);
        } else {
          VI.IsPointerForRef = true;
          // A reference to a pointer: where the pointer points (the pointer itself is private).
          VI.Pointee = T.getNonReferenceType()->isPointerType() ? pointeeSpace(Init) : spaceOfLValue(Init);
          Decl = P.declare(T, VI.Name, VD->getLocation(), VI.Pointee) + " = " + addressOf(Init);
        }
      } else {
        if (T->isPointerType())
          VI.Pointee = pointerVarSpace(VD, Init);
        if (isViewType(T) && Init)
          VI.ViewRoot = viewRoot(Init);
        Decl = P.declare(T, VI.Name, VD->getLocation(), VI.Pointee);
        elideTemporary(Init);
        if (Init) {
          const Expr *SI = strip(Init);
          const auto *CCE = dyn_cast<CXXConstructExpr>(SI);
          // `T x;` with a trivial constructor leaves x as it is; `T x = T();` zeroes it first (value-initialisation).
          bool TrivialDefault = CCE && CCE->getNumArgs() == 0 && getBuiltinName(CCE->getConstructor()).empty() &&
                                (CCE->getConstructor()->isTrivial() || !CCE->getConstructor()->hasBody()) &&
                                !CCE->requiresZeroInitialization();
          const auto *CAT = Ctx.getAsConstantArrayType(T);
          Initialised = !TrivialDefault || isa<InitListExpr>(SI);
          if (const auto *IL = dyn_cast<InitListExpr>(SI)) {
            Decl += " = " + initList(IL);
          } else if (const auto *Loop = dyn_cast<ArrayInitLoopExpr>(SI)) {
            // An array copied whole (a structured binding of an array): element by element.
            Decl += ";\n" + arrayInitLoop(VI.Name, Loop, Pad);
            Decl.pop_back(); // the caller ends the declaration
          } else if (CAT && CCE && !TrivialDefault) {
            Decl += ";\n" + constructEach(VI.Name, CAT, Init, Pad);
          } else if (!TrivialDefault) {
            Decl += " = " + expr(Init);
          }
        }
      }
      if (InScratch) {
        if (Initialised) {
          const auto *CAT = Ctx.getAsConstantArrayType(T);
          Out += Pad + Decl + ";\n" + Pad +
                 (CAT ? copyArray(Placed.Name, VI.Name, CAT) : Placed.Name + " = " + VI.Name) + ";\n";
        }
        VI.Name = Placed.Name;
        VI.Storage = AddrSpace::Global;
        Vars[VD] = VI;
        if (hasDestructionWork(T))
          destroyAtScopeEnd(S, VI.Name, T, VD->getLocation(), AddrSpace::Global);
        continue;
      }
      Vars[VD] = VI;
      Out += Pad + Decl + ";\n";
      if (!T->isReferenceType() && hasDestructionWork(T))
        destroyAtScopeEnd(S, VI.Name, T, VD->getLocation());
    }
    return Out;
  }
  if (const auto *CE = dyn_cast<CallExpr>(S); CE && CE->getBuiltinCallee() == Builtin::BI__builtin_memcpy)
    return Line + Pad + arrayCopy(CE) + ";\n";
  if (const auto *E = dyn_cast<Expr>(S))
    return Line + Pad + discarded(E) + ";\n";
  if (const auto *IS = dyn_cast<IfStmt>(S)) {
    if (IS->getInit() || IS->getConditionVariable())
      return inBlock(Line, Ind, {IS->getInit(), IS->getConditionVariableDeclStmt()}, [&](int In) {
        std::string P = indent(In);
        std::string Out = P + "if (" + condition(IS->getCond()) + ")\n" + stmt(IS->getThen(), In + 1);
        return IS->getElse() ? Out + P + "else\n" + stmt(IS->getElse(), In + 1) : Out;
      });
    std::string Out = Line + Pad + "if (" + condition(IS->getCond()) + ")\n" + stmt(IS->getThen(), Ind + 1);
    if (IS->getElse())
      Out += Pad + "else\n" + stmt(IS->getElse(), Ind + 1);
    return Out;
  }
  // A condition that declares a variable declares it anew in each iteration, destroyed at the iteration's end:
  // `for (init; T x = c; inc) body` is `{ init; for (;; inc) { T x = c; if (!x) break; body } }`.
  if (const auto *WS = dyn_cast<WhileStmt>(S); WS && WS->getConditionVariable())
    return declaringLoop(Line, Ind, nullptr, WS->getConditionVariableDeclStmt(), WS->getCond(), nullptr,
                         WS->getBody());
  if (const auto *FS = dyn_cast<ForStmt>(S); FS && FS->getConditionVariable())
    return declaringLoop(Line, Ind, FS->getInit(), FS->getConditionVariableDeclStmt(), FS->getCond(), FS->getInc(),
                         FS->getBody());
  if (const auto *FS = dyn_cast<ForStmt>(S)) {
    // Several declarators (`int i = 0, j = 10`) are several C statements: they go in a block around the loop,
    // where their variables stay as C++ scopes them.
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit()); DS && !DS->isSingleDecl())
      return inBlock(Line, Ind, {DS}, [&](int In) {
        return indent(In) + "for (; " + condition(FS->getCond()) + "; " + discarded(FS->getInc()) + ")\n" +
               loopBody(FS->getBody(), In + 1, true);
      });
    std::string Init;
    if (FS->getInit()) {
      Init = stmt(FS->getInit(), 0);
      // Drop the #line lines and the newline of the lowered init statement.
      while (!Init.empty() && Init.rfind("#line", 0) == 0)
        Init = Init.substr(Init.find('\n') + 1);
      while (!Init.empty() && (Init.back() == '\n' || Init.back() == ';'))
        Init.pop_back();
    }
    std::string Out = Line + Pad + "for (" + Init + "; " + condition(FS->getCond()) + "; " + discarded(FS->getInc()) + ")\n";
    return Out + loopBody(FS->getBody(), Ind + 1, true);
  }
  if (const auto *WS = dyn_cast<WhileStmt>(S))
    return Line + Pad + "while (" + condition(WS->getCond()) + ")\n" + loopBody(WS->getBody(), Ind + 1, true);
  if (const auto *DS = dyn_cast<DoStmt>(S))
    return Line + Pad + "do\n" + loopBody(DS->getBody(), Ind + 1, true) + Pad + "while (" + condition(DS->getCond()) +
           ");\n";
  if (const auto *SS = dyn_cast<SwitchStmt>(S)) {
    if (SS->getInit() || SS->getConditionVariable())
      return inBlock(Line, Ind, {SS->getInit(), SS->getConditionVariableDeclStmt()}, [&](int In) {
        return indent(In) + "switch (" + expr(SS->getCond()) + ")\n" + loopBody(SS->getBody(), In + 1, false);
      });
    return Line + Pad + "switch (" + expr(SS->getCond()) + ")\n" + loopBody(SS->getBody(), Ind + 1, false);
  }
  if (const auto *CS = dyn_cast<CaseStmt>(S))
    return Line + Pad + "case " + expr(CS->getLHS()) + ":\n" + stmt(CS->getSubStmt(), Ind + 1);
  if (const auto *DS = dyn_cast<DefaultStmt>(S))
    return Line + Pad + "default:\n" + stmt(DS->getSubStmt(), Ind + 1);
  if (isa<BreakStmt>(S) || isa<ContinueStmt>(S)) {
    bool Break = isa<BreakStmt>(S);
    std::vector<size_t> &Depths = Break ? BreakDepths : ContinueDepths;
    std::string Jump = Break ? "break;\n" : "continue;\n";
    std::string Destroy = Depths.empty() ? "" : destroyScopes(Depths.back(), indent(Ind + 1));
    if (Destroy.empty())
      return Line + Pad + Jump;
    return Line + Pad + "{\n" + Destroy + indent(Ind + 1) + Jump + Pad + "}\n";
  }
  if (isa<NullStmt>(S))
    return Pad + ";\n";
  if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
    if (InKernel && RS->getRetValue()) {
      unsupported(S, "returning a value from a kernel");
      return "";
    }
    // The objects of every enclosing block are destroyed after the value is computed (a variable the
    // return names with NRVO is the result itself and is not destroyed).
    elideTemporary(RS->getRetValue());
    const VarDecl *NRVO = RS->getNRVOCandidate();
    std::string Destroy =
        destroyScopes(0, indent(Ind + 1), NRVO && NRVO->isNRVOVariable() && Vars.count(NRVO) ? Vars[NRVO].Name : "");
    // The variable itself is the result: no copy constructor runs (the host compiler's NRVO does the same).
    const Expr *RV = RS->getRetValue();
    if (NRVO && NRVO->isNRVOVariable() && RV)
      if (const auto *CCE = dyn_cast<CXXConstructExpr>(strip(RV));
          CCE && CCE->getNumArgs() == 1 && CCE->getConstructor()->isCopyOrMoveConstructor())
        RV = CCE->getArg(0);
    bool InConstructor = Spec && isa<CXXConstructorDecl>(Spec->FD);  // returns its object, unless in place
    // A returned reference is the address of what it names (a pointer in OpenCL C).
    bool Reference = Spec && !InConstructor && Spec->FD->getReturnType()->isReferenceType();
    std::string Value = InConstructor          ? (Spec->InPlace ? "" : "self_")
                        : !RV                ? ""
                        : Reference          ? addressOf(RV)
                                             : expr(RV);
    if (Destroy.empty())
      return Line + Pad + "return" + (Value.empty() ? "" : " " + Value) + ";\n";
    std::string Out = Line + Pad + "{\n";
    if (!Value.empty() && !InConstructor && !Reference) {
      std::string Result = P.uniqueName("ampcc_result");
      Out += indent(Ind + 1) + P.declare(Spec->FD->getReturnType(), Result, RS->getBeginLoc()) + " = " + Value +
             ";\n";
      Value = Result;
    }
    return Out + Destroy + indent(Ind + 1) + "return" + (Value.empty() ? "" : " " + Value) + ";\n" + Pad + "}\n";
  }
  // [[fallthrough]], [[likely]] and the like say nothing the lowered code needs.
  if (const auto *AS = dyn_cast<AttributedStmt>(S))
    return stmt(AS->getSubStmt(), Ind);
  if (const auto *FR = dyn_cast<CXXForRangeStmt>(S)) {
    // As C++ defines it: the range, its begin and end in a block around the loop; the loop variable declared in
    // each iteration's block, before the body (so break and continue destroy it).
    return inBlock(Line, Ind, {FR->getInit(), FR->getRangeStmt(), FR->getBeginStmt(), FR->getEndStmt()}, [&](int In) {
      return indent(In) + "for (; " + condition(FR->getCond()) + "; " + discarded(FR->getInc()) + ")\n" +
             iteration(In, FR->getLoopVarStmt(), [&](int Body) { return stmt(FR->getBody(), Body); });
    });
  }
  unsupported(S, S->getStmtClassName());
  return "";
}

std::string FunctionLowering::inBlock(const std::string &Line, int Ind, std::initializer_list<const Stmt *> Prelude,
                                      llvm::function_ref<std::string(int)> Rest) {
  std::string Out = Line + indent(Ind) + "{\n";
  Scopes.emplace_back();
  for (const Stmt *Part : Prelude)
    if (Part)
      Out += stmt(Part, Ind + 1);
  Out += Rest(Ind + 1);
  Out += destroyScopes(Scopes.size() - 1, indent(Ind + 1));
  Scopes.pop_back();
  return Out + indent(Ind) + "}\n";
}

std::string FunctionLowering::declaringLoop(const std::string &Line, int Ind, const Stmt *Init, const Stmt *CondDecl,
                                            const Expr *Cond, const Expr *Inc, const Stmt *Body) {
  return inBlock(Line, Ind, {Init}, [&](int In) {
    return indent(In) + "for (;; " + (Inc ? discarded(Inc) : "") + ")\n" + iteration(In, CondDecl, [&](int Iter) {
             std::string Pad = indent(Iter);
             std::string Leave = destroyScopes(BreakDepths.back(), indent(Iter + 1)) + indent(Iter + 1) + "break;\n";
             return Pad + "if (!(" + condition(Cond) + "))\n" + Pad + "{\n" + Leave + Pad + "}\n" + stmt(Body, Iter);
           });
  });
}

std::string FunctionLowering::iteration(int Ind, const Stmt *Decl, llvm::function_ref<std::string(int)> Rest) {
  BreakDepths.push_back(Scopes.size());
  ContinueDepths.push_back(Scopes.size());
  std::string Out = inBlock("", Ind, {Decl}, Rest);
  BreakDepths.pop_back();
  ContinueDepths.pop_back();
  return Out;
}

void FunctionLowering::destroyAtScopeEnd(const Stmt *Decl, const std::string &Name, QualType T,
                                         SourceLocation Loc, AddrSpace Space) {
  if (Scopes.empty())
    unsupported(Decl, "an object with a destructor declared in a for or if statement's header");
  else
    Scopes.back().push_back({Name, T, Loc, Space});
}

std::string FunctionLowering::loopBody(const Stmt *Body, int Ind, bool Loop) {
  BreakDepths.push_back(Scopes.size());
  if (Loop)
    ContinueDepths.push_back(Scopes.size());
  std::string Out = stmt(Body, Ind);
  BreakDepths.pop_back();
  if (Loop)
    ContinueDepths.pop_back();
  return Out;
}

std::string FunctionLowering::destroyScopes(size_t From, const std::string &Pad, const std::string &Except) {
  std::string Out;
  for (size_t Depth = Scopes.size(); Depth-- > From;)
    for (auto O = Scopes[Depth].rbegin(); O != Scopes[Depth].rend(); ++O)
      if (std::string D = O->Name == Except ? "" : destroyObject(O->Name, O->Type, O->Space, O->Loc, "; ");
          !D.empty())
        Out += Pad + D + ";\n";
  return Out;
}

} // namespace ampcc
