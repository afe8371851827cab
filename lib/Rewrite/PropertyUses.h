// MSVC's properties (`__declspec(property(get = g, put = s)) T name;`, the swizzles and rgba names of C++ AMP's
// short vectors) on the host. The translator parses them (Clang's -fdeclspec); the host compiler, GCC by
// default, has no such members, so every use in the user's files is rewritten to the functions they stand for:
// a read `v.xy` becomes `v.get_xy()`; a write (`=`, a compound assignment, `++`, `--`) goes through a reference
// object that calls the getter and the setter, `::ampcc::detail::put<Tag>((v)) = w`, where Tag is a small
// struct per getter and setter pair declared at the top of the host file. No text is copied, so uses inside
// other uses compose, and the lines stay the user's.
#ifndef AMPCC_REWRITE_PROPERTYUSES_H
#define AMPCC_REWRITE_PROPERTYUSES_H

#include "Rewrite/HostDeclarations.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"

#include <map>
#include <string>
#include <vector>

namespace ampcc {

// Replace Length bytes at Offset (into the file as the translator read it) with Text.
struct TextEdit {
  unsigned Offset, Length;
  std::string Text;
};

struct PropertyUses {
  std::map<clang::FileID, std::vector<TextEdit>> Edits; // per file, in no particular order
  std::string Declarations;                             // the tags, for the top of the host's main file
  bool empty() const { return Edits.empty(); }
};

// Every property use in the files outside the system headers (template instantiations included: their uses
// are the template's text, rewritten once).
PropertyUses findPropertyUses(clang::ASTContext &Ctx);

// The edits of Edits outside every range of Claimed, which another rewriting replaces whole (amp-only
// declarations the host does not see, kernel calls).
std::vector<TextEdit> editsOutside(const std::vector<TextEdit> &Edits, const std::vector<HostRemoval> &Claimed);

// What the host's main file starts with so that the edits compile: ampcc/properties.h and the tags.
std::string propertyDeclarations(const PropertyUses &Uses);

// Applies Edits to Text (the whole file): the offsets are the original file's, so the edits go from the last
// to the first; blanking (HostDeclarations.h) keeps lengths, so it may come before or after.
void applyEdits(std::string &Text, std::vector<TextEdit> Edits);

} // namespace ampcc

#endif
