// The registry of kernels launched from their kernel objects: parallel_for_each calls the translator could
// not rewrite in place (inside a macro's definition, a lambda kept in a variable), found by file and line.
#include <ampcc/exceptions.h>
#include <ampcc/runtime.h>

#include <algorithm>
#include <cstring>
#include <mutex>
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
                                      std::size_t object_size) {
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
  for (bool SameName : {true, false}) {
    const closure_site *Found = nullptr;
    int Count = 0;
    for (const closure_site *S : R.Sites)
      if (matches(S, SameName)) {
        // One site registered by several translation units (a kernel in a header) is still one site.
        if (!Found || std::strcmp(Found->desc->name, S->desc->name) != 0 || Found->first_line != S->first_line)
          ++Count;
        Found = Found ? Found : S;
      }
    if (Count == 1)
      return *Found;
    if (Count > 1)
      throw concurrency::runtime_exception("ampcc: " + std::to_string(Count) + " kernels of rank " +
                                               std::to_string(rank) + " were translated for the parallel_for_each at " +
                                               siteText(file, line) +
                                               " and ampcc cannot tell them apart; write one call per line",
                                           0);
  }
  throw concurrency::runtime_exception("ampcc: no kernel was translated for the parallel_for_each at " +
                                           siteText(file, line) + " (was this file compiled with ampcc?)",
                                       0);
}

} // namespace ampcc::rt
