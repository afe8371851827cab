// Which local variables an array_view made in amp code views, so that the lowering keeps them in global memory.
//
// A lowered array_view holds a __global pointer (OpenCL C 1.2 has no generic address space), but C++ AMP lets amp code
// make a view over any memory: `array_view<int, 1> v(4, local_array)`, a tile_static array passed to a constructor that
// keeps views of it, `&x` of a local scalar. The variables whose address reaches such a view are found here, following
// pointers and references through locals, parameters (up to every caller's argument) and `this` (up to the object a
// method is called on). CodeGen then places each of them in a per-thread (or, for tile_static, per-tile) slot of a
// scratch buffer in global memory, so the view's pointer is a __global one and every other use of the variable reads
// and writes the same memory (docs/design/lowering.md, "Views over local memory").
//
// The same placement serves a pointer or reference that a conditional points at a tile_static variable or at a
// private one (`T &r = c ? tile_static_var : private_var;`, `c ? &a : &b`): no pointer type holds both kinds of
// memory, so both variables move to global memory. A conditional only read, or bound to a const reference, needs
// no address (the lowering copies its value) and moves nothing.
#ifndef AMPCC_ANALYSIS_VIEWEDMEMORY_H
#define AMPCC_ANALYSIS_VIEWEDMEMORY_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

#include <map>
#include <set>
#include <vector>

namespace ampcc {

class ViewedMemory {
public:
  // What a function asks of its callers and where its own variables live.
  struct Summary {
    std::set<unsigned> Params;  // pointer and reference parameters whose memory a view made inside views
    bool This = false;          // `this` (a member's memory) is viewed
  };

  // Whether VD (a local of a function, or a tile_static variable) must live in global memory.
  bool mustBeGlobal(const clang::VarDecl *VD);
  // What FD needs of its callers (computed on first use, with everything FD calls).
  const Summary &summary(const clang::FunctionDecl *FD);
  // Init, when it makes its object with a constructor that views the object's own members (directly or through
  // a member's or base's constructor): such an object is constructed where it lives, which must be global memory.
  const clang::CXXConstructExpr *constructsViewedObject(const clang::Expr *Init);
  // Whether some tile_static variable found so far lives in global memory (its barriers must fence global
  // memory too).
  bool anyTileStatic() const { return TileStatic; }

private:
  // Whoever holds the memory that the pointer value E points to, or that the lvalue E is: a local variable is
  // marked global, a parameter or `this` of F is added to S.
  void traceValue(const clang::FunctionDecl *F, const clang::Expr *E, Summary &S, std::set<const clang::VarDecl *> &Seen);
  void traceLValue(const clang::FunctionDecl *F, const clang::Expr *E, Summary &S,
                   std::set<const clang::VarDecl *> &Seen);
  void markGlobal(const clang::VarDecl *VD);
  // CO's branches, when their addresses reach a tile_static variable and a private one: all of those it reaches
  // are marked global.
  void placeMixedMemory(const clang::FunctionDecl *F, const clang::ConditionalOperator *CO);

  std::map<const clang::FunctionDecl *, Summary> Summaries;
  std::set<const clang::VarDecl *> Global;
  bool TileStatic = false;
  // While placeMixedMemory traces a branch: the variables the trace reaches, collected instead of marked.
  std::vector<const clang::VarDecl *> *Collected = nullptr;
  friend class ViewedMemoryWalker;
};

} // namespace ampcc

#endif
