// The Intel graphics-offload runtime API (gfx_rt.h of the Intel C++ Compiler) over the ampcc runtime:
// share host memory with the device, offload gfx_kernel functions asynchronously, wait for them.
//
//   _GFX_share(p, bytes)          make [p, p+bytes) usable by kernels; nonzero on success
//   _GFX_unshare(p)               copy back what kernels wrote and stop sharing; nonzero on success
//   _GFX_offload(kernel, args...) start a gfx_kernel (a function, or its name as a string); a task id (GfxTaskId,
//                                 increasing from 1), -1 on error. _GFX_enqueue(name, args...): the same by name
//   _GFX_wait() / _GFX_wait(id, timeout_ms)  wait for all tasks (or one); the shared memory is then current;
//                                 1 on success, 0 on error (GFX_ERROR_TIMEOUT: not finished in timeout_ms,
//                                 0 polls; the task goes on, and a later wait can succeed)
//   _GFX_get_last_error() / _GFX_clear_last_error()
// Pointer arguments must point into shared memory; the kernel sees the region from that point on.
// The number of work-items per thread group is chosen by ampcc from the second-level loop nests (at most
// 256); AMPCC_GFX_GROUP_SIZE in the environment overrides it.
#ifndef AMPCC_GFX_GFX_RT_H
#define AMPCC_GFX_GFX_RT_H

#include <ampcc/runtime.h>

#include <cstddef>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

enum GfxErrorCode {
  GFX_SUCCESS = 0,
  GFX_ERROR_INVALID_ARGUMENT = 1, // a null pointer, a size of 0, a wrong number of kernel arguments
  GFX_ERROR_NOT_SHARED = 2,       // a kernel pointer argument outside every shared region
  GFX_ERROR_ALREADY_SHARED = 3,   // the region overlaps another one
  GFX_ERROR_KERNEL_NOT_FOUND = 4, // not a gfx_kernel function of a file compiled by ampcc
  GFX_ERROR_INVALID_TASK = 5,     // _GFX_wait with an unknown task id
  GFX_ERROR_DEVICE = 6,           // no device, a build failure, too much SLM for the device, ...
  GFX_ERROR_TIMEOUT = 7,          // _GFX_wait(id, timeout_ms): the task had not finished in time (ampcc's code)
  GFX_TASKID_NOT_FOUND = GFX_ERROR_INVALID_TASK, // Intel's name
};

// A task's id: what _GFX_offload returns and _GFX_wait takes, a 64-bit integer as in Intel's runtime.
typedef long long GfxTaskId;

namespace ampcc::gfx {

// One argument of _GFX_offload, whatever its type; the generated launcher converts it to the parameter's.
struct value {
  enum kind_t { integer, floating, pointer, bytes } kind = integer;
  long long i = 0;
  double d = 0;
  const void *p = nullptr;
  unsigned char raw[64] = {};
  std::size_t size = 0;
};

template <class T> value make_value(const T &x) {
  value v;
  v.size = sizeof(T);
  if constexpr (std::is_pointer_v<T> || std::is_null_pointer_v<T>) {
    v.kind = value::pointer;
    v.p = (const void *)x;
  } else if constexpr (std::is_floating_point_v<T>) {
    v.kind = value::floating;
    v.d = x;
  } else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>) {
    v.kind = value::integer;
    v.i = static_cast<long long>(x);
  } else {
    static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= sizeof(v.raw),
                  "_GFX_offload passes pointers, numbers and small POD structs");
    v.kind = value::bytes;
    std::memcpy(v.raw, &x, sizeof(T));
  }
  return v;
}

template <class T> T as(const value &v) {
  if constexpr (std::is_pointer_v<T>) {
    return (T)(v.p);
  } else if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>) {
    return v.kind == value::floating ? static_cast<T>(v.d) : static_cast<T>(v.i);
  } else {
    T x;
    std::memcpy((void *)&x, v.raw, sizeof(T));
    return x;
  }
}

template <class F, std::size_t I> struct param;
template <class R, class... P, std::size_t I> struct param<R (*)(P...), I> {
  using type = std::decay_t<std::tuple_element_t<I, std::tuple<P...>>>;
};
template <class F, std::size_t I> using param_t = typename param<F, I>::type;

// The first-level iteration counts, a kernel's last argument: grid, in ampcc/kernel_abi.h.

using launcher = int (*)(const value *argv, unsigned n);
// The generated code registers every gfx_kernel of the file at start-up.
struct kernel_registration {
  kernel_registration(const void *fn, const char *name, launcher l);
};

int offload(const void *fn, const char *name, const value *argv, unsigned n);
// For the generated launchers.
rt::kernel_arg buffer_arg(const void *p, bool written, rt::shape &sh);
template <class T> rt::kernel_arg value_arg(const T &x) {
  return {rt::kernel_arg::value, nullptr, rt::access::read, &x, sizeof(T)};
}
int wrong_arguments(const char *kernel, unsigned want, unsigned got);
int launch(const rt::kernel_desc &desc, const grid &g, rt::kernel_arg *args, std::size_t n);

// For the generated code of `#pragma offload target(gfx)` loop nests: one work-item per iteration of the
// nest (g holds the trip counts, 1 for unused dimensions), then a wait; nonzero on success.
int run_loop(const rt::kernel_desc &desc, const grid &g, rt::kernel_arg *args, std::size_t n);
// The same for a `_Cilk_for _Thread_group` nest under the pragma: one work-group per grid point.
int run_groups(const rt::kernel_desc &desc, const grid &g, rt::kernel_arg *args, std::size_t n);
// The pin(...) ranges of one offload: shared for its duration unless already inside a shared region.
class pin_scope {
public:
  bool add(const void *p, std::size_t bytes);
  ~pin_scope();

private:
  void *mine[16] = {};
  unsigned count = 0;
};
using offload_launcher = int (*)(void *const *captures, const unsigned long *lengths);
struct offload_registration {
  offload_registration(const char *key, offload_launcher l);
};

} // namespace ampcc::gfx

int _GFX_share(void *p, std::size_t bytes);
int _GFX_unshare(void *p);
int _GFX_wait(GfxTaskId task = -1, int timeout_ms = -1);
GfxErrorCode _GFX_get_last_error();
void _GFX_clear_last_error();
const char *_GFX_get_last_error_message(); // ampcc extension: what went wrong, in words

template <class F, class... A, class = std::enable_if_t<std::is_function_v<F>>>
GfxTaskId _GFX_offload(F *kernel, A &&...args) {
  ampcc::gfx::value v[sizeof...(A) + 1] = {ampcc::gfx::make_value<std::decay_t<A>>(args)...};
  return ampcc::gfx::offload(reinterpret_cast<const void *>(kernel), nullptr, v, sizeof...(A));
}
template <class... A> GfxTaskId _GFX_offload(const char *kernel, A &&...args) {
  ampcc::gfx::value v[sizeof...(A) + 1] = {ampcc::gfx::make_value<std::decay_t<A>>(args)...};
  return ampcc::gfx::offload(nullptr, kernel, v, sizeof...(A));
}
// The offload by kernel name of Intel's compilers before 16.0, which _GFX_offload replaced.
template <class... A> GfxTaskId _GFX_enqueue(const char *kernel, A &&...args) {
  return _GFX_offload(kernel, std::forward<A>(args)...);
}

#endif
