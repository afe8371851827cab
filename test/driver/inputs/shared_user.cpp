// Calls the kernel library linked (default) or through dlopen (-DUSE_DLOPEN, library path in argv[1]).
#include <cstdio>
#include <dlfcn.h>
extern "C" int scale_sum(int);
int main(int argc, char **argv) {
#ifdef USE_DLOPEN
  void *Lib = argc > 1 ? dlopen(argv[1], RTLD_NOW) : nullptr;
  if (!Lib) {
    std::printf("dlopen: %s\n", dlerror());
    return 1;
  }
  auto ScaleSum = reinterpret_cast<int (*)(int)>(dlsym(Lib, "scale_sum"));
  std::printf("dlopen %d\n", ScaleSum(3));
#else
  (void)argc;
  (void)argv;
  std::printf("linked %d\n", scale_sum(2));
#endif
  return 0;
}
