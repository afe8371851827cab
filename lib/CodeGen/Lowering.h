// The state shared by the CodeGen files: the program under construction and the lowering of one function.
#ifndef AMPCC_CODEGEN_LOWERING_H
#define AMPCC_CODEGEN_LOWERING_H

#include "Analysis/AmpAnnotations.h"
#include "Analysis/ViewedMemory.h"
#include "CodeGen/BoundsChecks.h"
#include "CodeGen/OpenCLEmitter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ampcc {

enum class AddrSpace { Private, Global, Local, Constant };
const char *qualifierFor(AddrSpace AS);  // "" for private
const char *spaceWord(AddrSpace AS);     // "global", "tile_static", "constant" or "private", for messages

// Where a value declared in lowered code lives and how to spell it.
struct VarInfo {
  std::string Name;                     // how an lvalue of the variable is written
  bool IsPointerForRef = false;         // a C++ reference lowered to a pointer: uses read (*Name)
  AddrSpace Pointee = AddrSpace::Private;  // for pointers and references: where they point
  AddrSpace Storage = AddrSpace::Private;  // where the variable itself lives
  const clang::ValueDecl *ViewRoot = nullptr;  // for views: the capture or parameter it came from
};

// A tile_static variable declared in a callee: it lives at kernel scope (OpenCL C 1.2 allows __local
// variables only there) and reaches the callee through a hidden pointer parameter.
struct HiddenLocal {
  std::string KernelDecl;  // "__local float ampcc_ts_x[16];"
  std::string Param;       // "__local float (*ampcc_ts_x)[16]"
  std::string Name;        // "ampcc_ts_x": the kernel's variable and the callee's parameter
  bool PassedAsIs = false;  // the kernel holds a pointer already (scratch, the check buffer); else passed by address
  unsigned long Bytes = 0;
  // A variable an array_view made in amp code views (Analysis/ViewedMemory.h) lives in global memory instead: in
  // the kernel's scratch buffer, in a slot per thread (ScratchOf Private) or per tile (ScratchOf Local). The
  // kernel declares Param, set to CastType of its frame plus the variable's offset, and passes the pointer on.
  bool Scratch = false;
  AddrSpace ScratchOf = AddrSpace::Private;
  // The check buffer, which a kernel takes as a parameter (BoundsChecks::kernelParam): nothing to declare there.
  bool KernelParam = false;
  unsigned long Align = 1;
  std::string CastType;  // "__global float (*)"
  clang::SourceLocation Decl; // the tile_static variable's declaration (reported if a non-tiled kernel reaches it)
};

// One lowered function: a FunctionDecl specialised on the address spaces of its pointer arguments.
struct FunctionSpec {
  const clang::FunctionDecl *FD = nullptr;
  std::vector<AddrSpace> Spaces;  // for `this` (methods) then each pointer/reference parameter
  std::string Name;
  std::vector<bool> WrittenViewParams;  // per parameter: a view parameter whose elements are written
  std::vector<HiddenLocal> Hidden;  // tile_static variables of the function and its callees
  AddrSpace ResultSpace = AddrSpace::Private;  // where a returned reference or pointer points
  // A constructor that views its own object's members (ViewedMemory::constructsViewedObject): it takes the
  // object's address first (Spaces[0] is where the object lives) and constructs it there, returning nothing.
  // Any other constructor makes the object in a private variable and returns it.
  bool InPlace = false;
};

// Where a constructor called in place constructs its object: an lvalue and the memory it is in.
struct Destination {
  std::string LValue;
  AddrSpace Space = AddrSpace::Private;
};

// Type names, struct definitions and function specialisations of one OpenCL C program.
class ProgramBuilder {
public:
  explicit ProgramBuilder(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  clang::ASTContext &Ctx;
  std::string Types;       // struct definitions, in dependency order
  std::string Prototypes;  // function prototypes
  std::string Functions;   // function definitions
  std::string Kernels;
  std::map<const clang::RecordDecl *, std::string> RecordNames;
  // tile_static variables as their kernels declare them: a member function of a local class that uses one of
  // its enclosing function's reaches it as a callee's own is reached (a hidden pointer parameter).
  std::map<const clang::VarDecl *, HiddenLocal> TileStaticVars;
  std::set<std::string> UsedNames;
  std::set<std::string> ViewTypes;  // emitted array_view struct types
  std::map<std::pair<const clang::FunctionDecl *, std::vector<AddrSpace>>, FunctionSpec> Specs;
  std::vector<const clang::FunctionDecl *> CallStack;
  int KernelTiled = -1;  // whether the kernel being lowered is tiled (-1: lowering outside a kernel)
  // Lowering restrict(amp) functions that no kernel calls, for their errors only: a call there to a function
  // without a definition is no error (MSVC's neither: amp code is compiled for the kernels that reach it).
  bool CheckingUnreached = false;

  // TypeLowering.cpp
  // The OpenCL C spelling of a value type (records are defined on first use).
  std::string typeName(clang::QualType T, clang::SourceLocation Loc, bool InStorage = false);
  // A declaration of Name with type T: handles arrays ("int x[2][3]") and pointer spaces.
  std::string declare(clang::QualType T, const std::string &Name, clang::SourceLocation Loc,
                      AddrSpace Pointee = AddrSpace::Private, bool InStorage = false);
  std::string viewTypeName(clang::QualType ViewType, clang::SourceLocation Loc);
  // The function that converts a lowered view of type From to To (non-const elements to const).
  std::string viewConversion(const std::string &From, const std::string &To);
  // An atomic operation (Op: add, sub, and, or, xor, xchg, min, max, inc, dec, cas) on private memory, where no
  // other thread can see it: the plain read-modify-write, a function defined on first use (OpenCL's atomics take
  // only global and local memory).
  std::string privateAtomic(llvm::StringRef Op, const std::string &Type);
  std::set<std::string> Helpers;  // helper functions defined so far
  // ampcc_idxN, the lowered index/extent of rank N; ranks above 3 are defined on first use.
  std::string indexType(int Rank);
  // The OpenCL C types of a view's shape and of the compute domain at a rank (above 3: their own types).
  std::string shapeType(int Rank);
  std::string domainType(int Rank);
  std::set<int> IndexRanks;
  std::string uniqueName(const std::string &Base);
  bool HadError = false;
  std::set<const clang::Type *> ReportedTypes;  // unsupported types already diagnosed
  // The member of Derived's struct that holds its direct base Base (which must not be empty).
  static std::string baseFieldName(const clang::CXXRecordDecl *Derived, const clang::CXXRecordDecl *Base);
  BoundsMode Bounds;     // guarded views (checked mode, Direct3D's bounds behaviour) carry the check buffer
  bool Reports = false;  // some kernel calls direct3d_errorf or direct3d_abort (it takes the check buffer)
  // a * b + c may become one fused multiply-add: only when the user allowed it (-ffp-contract=fast, -ffast-math),
  // as MSVC's kernels, so that a kernel's result equals the same expression's on the host.
  bool ContractFMA = false;
  BoundsChecks Checks;
  ViewedMemory Viewed;  // the variables that live in global memory because a view made in amp code views them

private:
  std::string recordName(const clang::RecordDecl *RD, clang::SourceLocation Loc);
  std::string lambdaName(const clang::CXXRecordDecl *RD, clang::SourceLocation Loc);
};

// Helpers every lowering file uses (OpenCLEmitter.cpp).
// Body with Decls inserted after its first "{\n" (declarations at the top of a lowered function or kernel).
std::string withDeclsAtTop(const std::string &Body, const std::string &Decls);
// A local's name in OpenCL C: the C++ name, with "_" after one OpenCL C reserves.
std::string localName(const clang::NamedDecl *D);
// E without parentheses, no-op and derived-to-base casts, temporaries and cleanups.
const clang::Expr *strip(const clang::Expr *E);
bool isViewType(clang::QualType T);  // concurrency::array_view or array
// A field's name in OpenCL C: as localName, and "ampcc_anon<index>" for an anonymous struct or union member.
std::string fieldName(const clang::FieldDecl *F);
// A pointer or reference parameter that is lowered to a pointer: every reference but those isConstRefCopy keeps
// as a copy.
bool isPointerParam(clang::QualType T);
// A const reference that the lowering passes and keeps as a copy of its object (views, builtin types, pointers).
bool isConstRefCopy(clang::QualType T);
// Whether a constructor or assignment operator does no more than zero-initialise or copy the object's members
// (so it lowers to `{0}` or a C struct copy): trivial, one of C++ AMP's own types (lowered apart), or implicit or
// defaulted with every base's and member's counterpart the same and, for a default constructor, no member
// initialiser. Otherwise it is lowered as a function, so user code in it (a base's constructor) runs.
bool copiesMembersOnly(const clang::CXXMethodDecl *SpecialMember);

// Lowers the body of one function (or kernel) to OpenCL C statements.
class FunctionLowering {
public:
  FunctionLowering(ProgramBuilder &P, FunctionSpec *Spec) : P(P), Ctx(P.Ctx), Spec(Spec) {}

  ProgramBuilder &P;
  clang::ASTContext &Ctx;
  FunctionSpec *Spec;  // null for a kernel
  llvm::DenseMap<const clang::ValueDecl *, VarInfo> Vars;
  std::string ThisName;  // "this_" in methods
  AddrSpace ThisSpace = AddrSpace::Private;
  std::set<const clang::ValueDecl *> WrittenViews;  // view roots whose elements are written
  std::string LocalDecls;   // __local declarations hoisted to the kernel's top (kernels only)
  std::vector<HiddenLocal> Hidden;  // functions only: tile_static variables passed in by the caller
  std::set<std::string> HiddenSeen;
  void useHidden(const HiddenLocal &H);
  unsigned long LocalBytes = 0;
  // Kernels only: the bytes of the scratch buffer's slot per thread and per tile (HiddenLocal::Scratch).
  unsigned long ScratchThreadBytes = 0, ScratchTileBytes = 0;
  unsigned long ScratchAlign = 4;  // the largest alignment of a variable there: every slot is a multiple of it
  // A local variable kept in global memory (Analysis/ViewedMemory.h): declares it at kernel scope (through
  // useHidden) and sets VI's name and storage to reach it there.
  void placeInScratch(const clang::VarDecl *VD, AddrSpace Of, VarInfo &VI);
  int TileDims[3] = {0, 0, 0};
  bool InKernel = false;
  bool Reports = false;  // kernels only: it or a callee calls direct3d_errorf or direct3d_abort

  // StmtLowering.cpp
  std::string stmt(const clang::Stmt *S, int Indent);
  // Objects whose destructors run where their scope ends, innermost scope last (see Destructors below).
  struct LiveObject {
    std::string Name;  // an lvalue of the object
    clang::QualType Type;
    clang::SourceLocation Loc;
    AddrSpace Space = AddrSpace::Private;  // where the object lives (global for one placeInScratch placed)
  };
  std::vector<std::vector<LiveObject>> Scopes;
  std::vector<size_t> BreakDepths, ContinueDepths;  // Scopes.size() at the innermost loop (or switch)
  // The destructions of the objects of Scopes[From..] (but the one named Except), innermost first, as statements.
  std::string destroyScopes(size_t From, const std::string &Pad, const std::string &Except = "");
  // Adds the object Name, declared by Decl, to the innermost block's objects.
  void destroyAtScopeEnd(const clang::Stmt *Decl, const std::string &Name, clang::QualType T,
                         clang::SourceLocation Loc, AddrSpace Space = AddrSpace::Private);
  // A loop's (or, with Loop false, a switch's) body: break and continue destroy what the body declared.
  std::string loopBody(const clang::Stmt *Body, int Indent, bool Loop);
  // A block at Indent (after Line) of its own scope: the Prelude statements (null ones skipped), then what Rest
  // lowers at the block's indentation, then the destruction of the block's objects.
  std::string inBlock(const std::string &Line, int Indent, std::initializer_list<const clang::Stmt *> Prelude,
                      llvm::function_ref<std::string(int)> Rest);
  // A loop iteration's block at Indent: Decl (a loop or condition variable) declared first, then Rest; break and
  // continue in it destroy what it declared.
  std::string iteration(int Indent, const clang::Stmt *Decl, llvm::function_ref<std::string(int)> Rest);
  // A while or for loop whose condition declares a variable (CondDecl), declared anew in each iteration.
  std::string declaringLoop(const std::string &Line, int Indent, const clang::Stmt *Init, const clang::Stmt *CondDecl,
                            const clang::Expr *Cond, const clang::Expr *Inc, const clang::Stmt *Body);

  // Destructors (CallLowering.cpp). An object of a class whose destruction does something (a user-provided
  // destructor, or members or bases with one) is destroyed where C++ destroys it: at the end of its block, at
  // return, break and continue, and a temporary at the end of its full expression. Temporaries live in
  // variables declared at the top of the function (TempDecls, placed there by whoever assembles the body).
  bool hasDestructionWork(clang::QualType T);
  // Calls that destroy the object Obj (an lvalue of type T in Space), joined by Sep ("; " or ", "); "" when
  // there is nothing to do.
  std::string destroyObject(const std::string &Obj, clang::QualType T, AddrSpace Space, clang::SourceLocation Loc,
                            const std::string &Sep);
  // The destructions of RD's members and bases (of the object *This), each after Pad and followed by Sep.
  std::string destroyMembers(const clang::CXXRecordDecl *RD, const std::string &This, AddrSpace Space,
                             clang::SourceLocation Loc, const std::string &Pad, const std::string &Sep);
  // An initializer's object is the destination itself (C++17 guaranteed elision): its CXXBindTemporaryExpr,
  // found under cleanups and no-op casts, is no temporary and is not destroyed at the full expression's end.
  void elideTemporary(const clang::Expr *Init);
  std::set<const clang::CXXBindTemporaryExpr *> Elided;
  std::string TempDecls;
  std::vector<LiveObject> PendingTemps;  // temporaries of the full expressions being lowered
  // The destructions of PendingTemps[First..], last made first, each after ", "; they leave PendingTemps.
  std::string destroyPending(size_t First);

  // ExprLowering.cpp
  std::string expr(const clang::Expr *E);
  // A statement's condition (of if, for, while, do), without parentheses C would warn about.
  std::string condition(const clang::Expr *Cond);
  // An expression whose value is not used (a statement, a for loop's increment), cast to void where C would warn.
  std::string discarded(const clang::Expr *E);
  bool ValueUnused = false;  // the full expression being lowered is a statement: its value is not needed
  // An implicit copy constructor's copy of an array member (an ArrayInitLoopExpr): a loop over its elements
  // (nested for each dimension) that sets Target[k] as the loop's element expression says.
  std::string arrayInitLoop(const std::string &Target, const clang::ArrayInitLoopExpr *E, const std::string &Pad);
  std::vector<std::string> ArrayInitIndices;
  // The lowered source of each array copy loop's array (bindArrayInitSource).
  llvm::DenseMap<const clang::OpaqueValueExpr *, std::string> OpaqueValues;
  // A statement __builtin_memcpy(&a, &b, sizeof a) of whole arrays: a loop copying the elements, without ";".
  std::string arrayCopy(const clang::CallExpr *CE);
  // A loop copying the elements of array From to array To (lvalues of type T), without ";".
  std::string copyArray(const std::string &To, const std::string &From, const clang::ConstantArrayType *T);
  // An array of a class with a constructor, constructed as C++ does, each element in turn: a loop setting every
  // element of Array (an lvalue of type T) to Init (the construction of one element), without its final ";".
  std::string constructEach(const std::string &Array, const clang::ConstantArrayType *T, const clang::Expr *Init,
                            const std::string &Pad);  // the loop variables of the enclosing ArrayInitLoopExprs
  // A derived-to-base conversion of Sub (a pointer or an object): the base's member, or a cast for an
  // empty base (which has no member); Sub lowered as an lvalue when AsLValue (`(c ? d1 : d2).baseMember = x`).
  std::string toBase(const clang::ImplicitCastExpr *Cast, bool AsLValue = false);
  std::string classCast(const clang::ExplicitCastExpr *Cast);  // static_cast to a base or derived class
  std::string lambda(const clang::LambdaExpr *LE);
  std::string arrayInitList(const clang::ArrayInitLoopExpr *E);  // "{a[0], a[1]}" for an array copied whole
  void bindArrayInitSource(const clang::ArrayInitLoopExpr *E);
  std::string addressOf(const clang::Expr *LValue);  // "&(x)"; a conditional lvalue: "(c ? &(a) : &(b))"
  // The address a const reference argument binds to: the argument's own (addressOf) when bindsInPlace, else that of
  // a private copy made where the call is (a value of amp.h's builtins: a texel, an index's component).
  // Copy: a private copy even of an object in place (privateConstRefArguments).
  std::string constRefArgument(const clang::Expr *Arg, bool Copy = false);
  bool bindsInPlace(const clang::Expr *Arg);
  // The address of a private variable at the function's top that is assigned Value where this is evaluated.
  std::string temporaryAddress(clang::QualType T, const std::string &Value, clang::SourceLocation Loc);
  // E where C needs an lvalue (an assignment's target, an increment's operand): C++ lvalues that C has only as
  // values (a conditional, an assignment, a comma, a prefix increment) are the dereference of their address, and
  // a member, base or array element of one is taken from that dereference.
  std::string lvalue(const clang::Expr *E);
  bool onlyValueInC(const clang::Expr *E);  // a C++ lvalue that lvalue() has to rebuild
  std::string initList(const clang::InitListExpr *IL);  // "{a, {b, c}}" for declarations

  // AddressSpaces.cpp
  AddrSpace spaceOfLValue(const clang::Expr *E);
  AddrSpace pointeeSpace(const clang::Expr *E);
  AddrSpace pointerVarSpace(const clang::VarDecl *VD, const clang::Expr *Init);
  void collectAssignmentsByCallees(const clang::Stmt *Body, const clang::VarDecl *VD,
                                   std::vector<std::pair<clang::SourceLocation, const clang::Expr *>> &Values);
  const clang::ValueDecl *viewRoot(const clang::Expr *E);
  // What holds the memory Ptr points to, when a view over it cannot be made (a parameter passed by value, a
  // capture of the kernel, the object a constructor makes, a temporary), for the error; "" when unknown.
  std::string unmovableMemory(const clang::Expr *Ptr);
  // The view whose data a pointer points into (&v[i], v.data()), or null when the lowering cannot tell.
  const clang::ValueDecl *pointerRoot(const clang::Expr *Ptr);
  void noteViewUse(const clang::Expr *Access, const clang::Expr *ViewExpr);
  bool isModified(const clang::Expr *E);

  // CallLowering.cpp
  // The lowering of Def for pointer arguments in Spaces (for `this`, then each pointer parameter).
  FunctionSpec &specialize(const clang::FunctionDecl *Def, const std::vector<AddrSpace> &Spaces,
                           clang::SourceLocation Loc);
  // Dest: the object a constructor that constructs in place (FunctionSpec::InPlace) makes.
  std::string callFunction(const clang::FunctionDecl *FD, const clang::Expr *ThisArg,
                           llvm::ArrayRef<const clang::Expr *> Args, clang::SourceLocation Loc,
                           const Destination *Dest = nullptr);
  // Init (a construction ViewedMemory::constructsViewedObject names) made in place in Dest, as an expression
  // that destroys the temporaries of Init's arguments after the call.
  std::string constructInPlace(const clang::Expr *Init, const Destination &Dest);
  // The pointer address spaces a call of Def passes (for `this`, then each pointer or reference parameter).
  std::vector<AddrSpace> argumentSpaces(const clang::FunctionDecl *Def, const clang::Expr *ThisArg,
                                        llvm::ArrayRef<const clang::Expr *> Args);
  // The const reference arguments of a call of Def that bind to private copies rather than in place: all of them
  // (but those isConstRefCopy keeps as copies anyway) when Def returns a reference or pointer and they lie in more
  // than one kind of memory. The result may be any of them (`max(a, b)` returning `a > b ? a : b`: ampblas' amax,
  // with a tile_static object and a temporary), and no pointer type holds two kinds: it points to a copy then, as a
  // const reference bound to a conditional over two kinds of memory does (bindsInPlace).
  std::vector<bool> privateConstRefArguments(const clang::FunctionDecl *Def, llvm::ArrayRef<const clang::Expr *> Args);
  // Where the reference or pointer that a call of a user function returns points (Private if unknown).
  AddrSpace resultSpace(const clang::CallExpr *CE);

  // OpenCLEmitter.cpp
  std::string constant(const clang::Expr *E, bool &Ok);
  void unsupported(const clang::Stmt *S, const char *What);
  std::string lineDirective(clang::SourceLocation Loc);

  // AmpBuiltins.cpp: calls, constructors and members of the C++ AMP types.
  bool builtinCall(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                   llvm::ArrayRef<const clang::Expr *> Args, std::string &Out);
  bool builtinMember(const clang::MemberExpr *ME, std::string &Out);
  // The lowerings that AmpBuiltins.def names (B: the builtin's name; BaseT: the type of the object ME names a member
  // of).
  bool builtinViewExtentMember(const clang::MemberExpr *ME, clang::QualType BaseT, llvm::StringRef B, std::string &Out);
  bool builtinTiledIndexField(const clang::MemberExpr *ME, clang::QualType BaseT, llvm::StringRef B, std::string &Out);
  bool builtinTiledIndexBarrier(const clang::MemberExpr *ME, clang::QualType BaseT, llvm::StringRef B,
                                std::string &Out);
  bool builtinTileExtentMember(const clang::MemberExpr *ME, clang::QualType BaseT, llvm::StringRef B, std::string &Out);
  bool builtinParallelForEach(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                              llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinPrintf(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                     llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinReport(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                     llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinIndexCtor(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                        llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinIndexCtorArray(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                             llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinIndexGet(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                       llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinIndexToInt(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                         llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinIndexPost(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                        llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinIndexAssign(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                          llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinIndexOperator(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                            llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinExtentSize(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                         llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinExtentTile(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                         llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinExtentContains(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                             llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinViewSubscript(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                            llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinTextureSet(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                         llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinViewProject(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                          llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinViewSection(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                          llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinViewFromPointer(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                              llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinViewAs(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                     llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinViewData(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                       llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinViewGetExtent(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                            llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinTileExtent(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                         llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinTiledIndexToIndex(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                                llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinBarrier(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                      llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinFence(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                    llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  bool builtinAtomic(const clang::Expr *E, const clang::FunctionDecl *FD, const clang::Expr *Obj,
                     llvm::ArrayRef<const clang::Expr *> Args, llvm::StringRef B, std::string &Out);
  // The element of view Obj at the first NumIndex arguments: an index, a tiled_index or NumIndex ints. Write: the
  // element is stored to (texture set), whatever the expression around E does.
  std::string viewElement(const clang::Expr *E, const clang::Expr *Obj, llvm::ArrayRef<const clang::Expr *> Args,
                          unsigned NumIndex, bool Write);
  // A const array lowers to the view type of its (non-const) element, but its projections and sections are views
  // of const elements, as in C++: Value, of the view type Lowered that the view type's helpers return, converted to
  // the type of E.
  std::string asResultView(const clang::Expr *E, const std::string &Lowered, std::string Value);
  // Bounds guards (BoundsChecks.h): the element of view Obj at Subscripts (an index, a tiled_index or ints) that the
  // access E names, an lvalue through the view type's _at helper (Write, or E's use may write it) or, for an element
  // only read, _rd; with Stored, the store of that value to it (_set).
  std::string guardedElement(const clang::Expr *E, const clang::Expr *Obj,
                             llvm::ArrayRef<const clang::Expr *> Subscripts, bool Write,
                             const clang::Expr *Stored = nullptr);
  // Bounds guards: `v[i] = x` whose value is not used, as one call of the view type's _set helper, which stores x
  // only in bounds (a CPU device vectorizes it as a masked store; a store through _at's pointer to the element or
  // the scratch element becomes a scatter). None for another expression.
  std::optional<std::string> guardedStore(const clang::BinaryOperator *BO);
  // The object a member expression names a member of: `*p` for `p->m`, also for an implicit `this->m`.
  std::string memberObject(const clang::MemberExpr *ME);

  // concurrency::direct3d_printf (a string literal format and its arguments): OpenCL C's printf; none (the error
  // reported) for another format.
  std::optional<std::string> printfCall(const clang::Expr *Call, llvm::ArrayRef<const clang::Expr *> Args);
  // direct3d_errorf (printed, then reported) and direct3d_abort (reported): the launch throws after it ends.
  std::string reportCall(const clang::Expr *Call, llvm::ArrayRef<const clang::Expr *> Args, bool Abort);

  // MathBuiltins.cpp: fast_math / precise_math / C math functions.
  bool mathCall(const clang::FunctionDecl *FD, llvm::ArrayRef<const clang::Expr *> Args, std::string &Out);

};

}  // namespace ampcc

#endif
