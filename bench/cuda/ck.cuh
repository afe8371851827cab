// CK(call): a CUDA runtime or driver call that must return 0 (cudaSuccess, CUDA_SUCCESS); anything else prints the
// call, its place and the code, and exits 1. For the one-file harnesses (module_timing.cu, copy_paths.cu).
#pragma once
#include <cstdio>
#include <cstdlib>

#define CK(x)                                                                                                          \
  do {                                                                                                                 \
    auto r_ = (x);                                                                                                     \
    if (r_) {                                                                                                          \
      std::fprintf(stderr, "%s:%d %s -> %d\n", __FILE__, __LINE__, #x, (int)r_);                                       \
      std::exit(1);                                                                                                    \
    }                                                                                                                  \
  } while (0)
