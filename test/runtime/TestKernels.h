// OpenCL C programs written by hand against the kernel ABI, shared by the runtime tests.
#ifndef AMPCC_TEST_RUNTIME_TEST_KERNELS_H
#define AMPCC_TEST_RUNTIME_TEST_KERNELS_H

#include "ampcc/runtime.h"

namespace ampcc_test {

// The structs of the OpenCL C prelude, as the translator emits them.
#define AMPCC_TEST_PRELUDE                                                                       \
  "typedef struct { int ext[3]; } ampcc_domain;\n"                                               \
  "typedef struct { int off; int ext[3]; int str[3]; } ampcc_shape;\n"

inline const char* const kernels_source = AMPCC_TEST_PRELUDE R"(
__kernel void add_one(ampcc_domain dom, __global int* p, ampcc_shape s) {
  int i = get_global_id(0);
  if (i >= dom.ext[0]) return;
  p[s.off + i * s.str[0]] += 1;
}
__kernel void copy(ampcc_domain dom, const __global int* a, ampcc_shape as,
                   __global int* b, ampcc_shape bs) {
  int i = get_global_id(0);
  if (i >= dom.ext[0]) return;
  b[bs.off + i * bs.str[0]] = a[as.off + i * as.str[0]];
}
__kernel void fill(ampcc_domain dom, __global int* p, ampcc_shape s, int value) {
  int i = get_global_id(0);
  if (i >= dom.ext[0]) return;
  p[s.off + i * s.str[0]] = value;
}
__kernel void local_ids(ampcc_domain dom, __global int* p, ampcc_shape s) {
  int i0 = get_global_id(1), i1 = get_global_id(0);
  p[s.off + i0 * s.str[0] + i1 * s.str[1]] = get_local_id(1) * 100 + get_local_id(0);
}
__kernel void index2(ampcc_domain dom, __global int* p, ampcc_shape s) {
  int i0 = get_global_id(1), i1 = get_global_id(0);
  if (i0 >= dom.ext[0] || i1 >= dom.ext[1]) return;
  p[s.off + i0 * s.str[0] + i1 * s.str[1]] = i0 * 1000 + i1;
}
)";

inline ampcc::rt::kernel_desc kernel(const char* name, unsigned rank, unsigned t0 = 0,
                                     unsigned t1 = 0) {
  return {name, kernels_source, "kernels.cpp", rank, {t0, t1, 0}, 0, 0, 0};
}

// A dense row-major shape over a whole buffer.
inline ampcc::rt::shape dense(int e0, int e1 = 0) {
  ampcc::rt::shape s;
  s.ext[0] = e0;
  s.str[0] = e1 ? e1 : 1;
  if (e1) {
    s.ext[1] = e1;
    s.str[1] = 1;
  }
  return s;
}

inline ampcc::rt::kernel_arg buffer(ampcc::rt::storage& st, ampcc::rt::access mode,
                                    const ampcc::rt::shape& sh) {
  return {ampcc::rt::kernel_arg::buffer, &st, mode, &sh, sizeof(sh)};
}

}  // namespace ampcc_test

#endif
