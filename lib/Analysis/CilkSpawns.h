// Finds the host fork-join constructs of Cilk Plus (`cilk_spawn` / `_Cilk_spawn`, `cilk_sync` /
// `_Cilk_sync`) in the main file and checks where they stand.
#ifndef AMPCC_ANALYSIS_CILKSPAWNS_H
#define AMPCC_ANALYSIS_CILKSPAWNS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <vector>

namespace ampcc {

// One spawned call. Offsets are byte offsets into the main file as Clang read it.
struct CilkSpawnSite {
  enum FormKind { Statement, Assignment, Initializer } Form = Statement;
  unsigned Keyword = 0;                  // offset of the keyword
  const clang::CallExpr *Call = nullptr; // the call, resolved where an instantiation resolves it
  const clang::Expr *Receiver = nullptr; // Assignment: the left side
  const clang::VarDecl *Var = nullptr;   // Initializer: the variable
  unsigned Equals = 0;                   // Initializer: offset of its `=`
  const clang::Stmt *Function = nullptr; // body of the spawning function
};

// A function (or lambda) whose body spawns: ampcc runs its body as one frame of the fork-join runtime and
// syncs before each of its returns and at its end.
struct CilkSpawningFunction {
  const clang::CompoundStmt *Body = nullptr;
  const clang::FunctionDecl *FD = nullptr;        // the function or the lambda's call operator
  const clang::LambdaExpr *Lambda = nullptr;      // set when the function is a lambda
  std::vector<const clang::ReturnStmt *> Returns; // its own returns (not those of nested lambdas)
};

struct CilkForkJoin {
  std::vector<CilkSpawnSite> Spawns;
  std::vector<unsigned> Syncs; // offsets of the sync keywords, each followed by `;`
  std::vector<CilkSpawningFunction> Functions;
  bool UsesRuntimeApi = false; // the file calls a __cilkrts_* function of <cilk/cilk_api.h>
};

// Collects the spawns and syncs of the main file and reports misuse as located errors: a spawn of
// something that is not a function call, a spawn anywhere but a statement, an assignment's right side or a
// variable's `=` initializer, either keyword outside a function or in code that runs on the device.
CilkForkJoin findCilkForkJoin(clang::ASTContext &Ctx);

} // namespace ampcc

#endif
