// Entry points of a vendor library opened at run time with dlopen (libcuda, libcublas), which a user's machine may
// lack: each looked up by the name its header maps it to; the first one missing is named in the error.
#ifndef AMPCC_RUNTIME_DYNAMICSYMBOLS_H
#define AMPCC_RUNTIME_DYNAMICSYMBOLS_H

#include <dlfcn.h>
#include <string>

namespace ampcc::rt {

// Out is the entry point Name of Lib, or null; Missing gets Name when it is the first one not found.
template <typename Fn> bool resolveSymbol(void *Lib, const char *Name, Fn &Out, std::string &Missing) {
  Out = reinterpret_cast<Fn>(dlsym(Lib, Name));
  if (!Out && Missing.empty())
    Missing = Name;
  return Out != nullptr;
}

} // namespace ampcc::rt

#endif
