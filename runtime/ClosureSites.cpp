// The registry of kernels launched from their kernel objects: parallel_for_each calls the translator could
// not rewrite in place (inside a macro's definition, a lambda kept in a variable), found by file and line.
#include <ampcc/exceptions.h>
#include <ampcc/runtime.h>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace ampcc::rt {
namespace {

struct Registry {
  std::mutex Lock;
  std::vector<const closure_site *> Sites;
};

// Never destroyed: registrations of other translation units may end after this one's statics.
Registry &registry() {
  static Registry *R = new Registry;
  return *R;
}

const char *baseName(const char *Path) {
  const char *Slash = std::strrchr(Path, '/');
  return Slash ? Slash + 1 : Path;
}

std::string siteText(const char *File, unsigned Line) { return std::string(File) + ":" + std::to_string(Line); }

// The lambdas a host compiler's __PRETTY_FUNCTION__ names, as "file:line" (base name): Clang prints a lambda's
// type as "(lambda at path:line:column)"; other compilers name none.
std::set<std::string> lambdasNamedBy(const char *Function) {
  std::set<std::string> Out;
  if (!Function)
    return Out;
  static const char Prefix[] = "(lambda at ";
  std::string F = Function;
  for (size_t P = F.find(Prefix); P != std::string::npos; P = F.find(Prefix, P + 1)) {
    size_t Begin = P + sizeof Prefix - 1, End = F.find(')', Begin);
    if (End == std::string::npos)
      break;
    std::string Where = F.substr(Begin, End - Begin); // path:line:column
    size_t Col = Where.rfind(':');
    if (Col == std::string::npos || Col == 0)
      continue;
    size_t Line = Where.rfind(':', Col - 1);
    if (Line == std::string::npos)
      continue;
    Out.insert(baseName(Where.substr(0, Line).c_str()) + Where.substr(Line, Col - Line));
  }
  return Out;
}

// Whether every lambda of a site's context ("file:line;...") is among those the host names.
bool contextNamedBy(const char *Context, const std::set<std::string> &Named) {
  if (!Context || !*Context)
    return false;
  std::string C = Context;
  for (size_t B = 0; B <= C.size();) {
    size_t E = C.find(';', B);
    if (E == std::string::npos)
      E = C.size();
    if (!Named.count(C.substr(B, E - B)))
      return false;
    B = E + 1;
  }
  return true;
}

} // namespace

closure_registration::closure_registration(const closure_site &site) : site_(&site) {
  Registry &R = registry();
  std::lock_guard<std::mutex> G(R.Lock);
  R.Sites.push_back(site_);
}

closure_registration::~closure_registration() {
  Registry &R = registry();
  std::lock_guard<std::mutex> G(R.Lock);
  R.Sites.erase(std::remove(R.Sites.begin(), R.Sites.end(), site_), R.Sites.end());
}

const closure_site &find_closure_site(const char *file, unsigned line, unsigned rank, const int *tile,
                                      std::size_t object_size, const char *function) {
  Registry &R = registry();
  std::lock_guard<std::mutex> G(R.Lock);
  auto matches = [&](const closure_site *S, bool SameName) {
    if (line < S->first_line || line > S->last_line || S->desc->rank != rank || S->object_size != object_size)
      return false;
    for (int D = 0; D < 3; ++D)
      if (static_cast<int>(S->desc->tile[D]) != tile[D])
        return false;
    // The host compiler and the translator may spell the path of a header differently ("dir/../x.h").
    return SameName ? std::strcmp(S->file, file) == 0 : std::strcmp(baseName(S->file), baseName(file)) == 0;
  };
  std::set<std::string> Named = lambdasNamedBy(function);
  // The sites that match, counting one site registered by several translation units (a kernel in a header)
  // once; with ByContext, only those whose lambdas the calling function names.
  auto find = [&](bool SameName, bool ByContext, const closure_site *&Found) {
    int Count = 0;
    Found = nullptr;
    for (const closure_site *S : R.Sites)
      if (matches(S, SameName) && (!ByContext || contextNamedBy(S->lambda_context, Named))) {
        if (!Found || std::strcmp(Found->desc->name, S->desc->name) != 0 || Found->first_line != S->first_line)
          ++Count;
        Found = Found ? Found : S;
      }
    return Count;
  };
  for (bool SameName : {true, false}) {
    const closure_site *Found = nullptr;
    int Count = find(SameName, false, Found);
    if (Count == 1)
      return *Found;
    if (Count == 0)
      continue;
    // Several instantiations of one call in a template: the one whose lambdas the calling function names.
    if (find(SameName, true, Found) == 1)
      return *Found;
    throw concurrency::runtime_exception(
        "ampcc: " + std::to_string(Count) + " kernels of rank " + std::to_string(rank) +
            " were translated for the parallel_for_each at " + siteText(file, line) +
            " and ampcc cannot tell them apart (two calls on one line, or instantiations of one call that the host "
            "compiler's __PRETTY_FUNCTION__ does not tell apart: Clang's does)",
        0);
  }
  throw concurrency::runtime_exception("ampcc: no kernel was translated for the parallel_for_each at " +
                                           siteText(file, line) + " (was this file compiled with ampcc?)",
                                       0);
}

} // namespace ampcc::rt
