// Names a template uses before they are declared. MSVC parsed a template's body, and its members' declarations,
// when it instantiated it, so code written for it uses in a class template's member (`enum { value =
// count_bits<N, bit32>::value }`) a class template and a constant declared further down the file. Standard C++ looks
// such a name up where it is written, and Clang does so in every mode: `-fdelayed-template-parsing` delays function
// bodies only. Under MSVC's dialect, where Clang refuses such a name (undeclared identifier, no template named,
// unknown type name) inside a template and the namespace that holds the template declares it further down, the
// translator, in memory (MsvcEdits.h), and before the namespace-scope declaration holding the use:
//   - declares a class template so named (`template <unsigned int N, unsigned int MaxBit> struct count_bits;`, its
//     default arguments left where they are);
//   - moves a variable, an enumeration or a typedef so named there, where everything it names is declared already;
// and parses again. Both go on the line of that declaration, and the moved declaration's lines stay, empty, so
// that every line keeps its number. A name used outside a template, as MSVC refused too, or one the namespace never
// declares keeps Clang's error (docs/driver.md, "Names declared after the template that uses them").
#ifndef AMPCC_FRONTEND_MSVCLATERDECLARATIONS_H
#define AMPCC_FRONTEND_MSVCLATERDECLARATIONS_H

#include "Frontend/MsvcEdits.h"

#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"

namespace ampcc {

class UndeclaredNames;

// Puts a diagnostic client in front of CI's that records where Clang refused a name as undeclared. The diagnostics
// still go to the client behind it.
UndeclaredNames *recordUndeclaredNames(clang::CompilerInstance &CI);

// Once the translation unit is parsed: records into Into the declarations, made or moved, of the names recorded
// that a template used before the namespace declared them.
void declareLaterNamesEarlier(UndeclaredNames &Recorded, clang::ASTContext &Ctx, MsvcEdits &Into);

} // namespace ampcc

#endif
