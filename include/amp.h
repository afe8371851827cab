// C++ AMP for ampcc: index, extent, array_view, array, accelerator, parallel_for_each and the tiled model.
//
// The same header is parsed by the ampcc translator (__AMPCC_TRANSLATOR__ defined), where tile_static and
// AMPCC_BUILTIN become annotations that the translator reads, and compiled by the host compiler, where they
// vanish and the host implementations below run on the ampcc runtime. Restriction specifiers are written
// __AMPR__(...), the spelling the front end gives restrict(...) in user code (see ampcc/restrict.h).
#ifndef AMPCC_AMP_H
#define AMPCC_AMP_H

#include <ampcc/posix_names.h>
#include <ampcc/restrict.h>
#include <ampcc/exceptions.h>
#include <ampcc/runtime.h>
#include <ampcc/properties.h>
// MSVC's <amp.h> brings <windows.h> (through <amprt.h>), and code written for Visual Studio uses its timers without
// including it: under MSVC's dialect so does ampcc's, the part of it in include/ampcc/msvc/windows.h unless the
// program has its own. -DAMPCC_MSVC_NO_WINDOWS_H leaves it out (docs/driver.md).
#if defined(__AMPCC_MS_COMPATIBILITY__) && !defined(AMPCC_MSVC_NO_WINDOWS_H) && __has_include(<windows.h>)
#include <windows.h>
#endif
// Likewise <cmath>'s functions, which Microsoft's samples call (log, sqrt) with <amp.h> their only include.
#ifdef __AMPCC_MS_COMPATIBILITY__
#include <cmath>
#endif

#include <algorithm>
#include <chrono>
#include <mutex>
// What MSVC's amp.h made available to code written for it.
#include <cfloat>
#include <climits>
#include <cstdarg>
#include <cstdlib>
#include <cstring>
#include <future>
#include <iterator>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>
// MSVC's C runtime declares nullptr_t in the global namespace as well as in std.
#include <cstddef>
using std::nullptr_t;

#ifdef __AMPCC_TRANSLATOR__
#define tile_static __attribute__((ampcc_tile_static))
#define AMPCC_BUILTIN(name) __attribute__((annotate("ampcc.builtin:" name)))
#else
#define tile_static
#define AMPCC_BUILTIN(name)
#endif

// MSVC declares its math libraries (fast_math, precise_math, amp_math.h) restrict(amp) only: cpu code cannot call
// them, and where `using namespace concurrency::precise_math;` is in force, sqrt(x) in host code is the C
// library's. The translator sees them amp only. The host compiler, which knows no restrictions but still compiles
// the kernels that stay objects on the host, sees templates, which overload resolution ranks below a function
// that matches as well. A builtin's body (AMPCC_HOST_BODY), host code such as `return std::sqrt(x);`, is the
// host compiler's only: for the translator the builtin is the definition. That host version is also what the cpu
// side of restrict(cpu, amp) code calls, as Microsoft's conformance suite does (`ampcc.host_version`: the call
// rules let such code call them, cpu code alone not).
#ifdef __AMPCC_TRANSLATOR__
#define AMPCC_AMP_LIBRARY_FUNCTION __attribute__((annotate("ampcc.host_version"))) inline
#define AMPCC_HOST_BODY(...) ;
#else
#define AMPCC_AMP_LIBRARY_FUNCTION template <int = 0> inline
#define AMPCC_HOST_BODY(...) __VA_ARGS__
#endif

namespace Concurrency {

// The namespaces of MSVC's C++ AMP headers exist wherever amp.h is included, so that a using-directive naming one
// compiles as it did with MSVC: fast_math and precise_math are filled by <amp_math.h>, direct3d below and by
// <amp_graphics.h>, graphics by <amp_graphics.h> and <amp_short_vectors.h>; graphics::direct3d holds MSVC's
// Direct3D texture interop, which ampcc does not have.
namespace fast_math {}
namespace precise_math {}
namespace direct3d {}
namespace graphics {
namespace direct3d {}
} // namespace graphics

enum access_type {
  access_type_none = 0,
  access_type_read = 1,
  access_type_write = 2,
  access_type_read_write = 3,
  access_type_auto = 4,
};

namespace detail {
template <int N> inline void check_rank() { static_assert(N > 0, "C++ AMP ranks start at 1"); }
}  // namespace detail

// A position in an N-dimensional space; dimension 0 is the most significant.
template <int N> class AMPCC_BUILTIN("index") index {
public:
  static_assert(N > 0, "C++ AMP ranks start at 1: index<0> is not a type");
  static const int rank = N;
  typedef int value_type;

  index() __AMPR__(cpu, amp) AMPCC_BUILTIN("index.ctor") {
    for (int i = 0; i < N; ++i) v_[i] = 0;
  }
  // One constructor per rank (C++ AMP v1.2, 4.1.2): one coordinate makes an index<1> only.
  explicit index(int i0) __AMPR__(cpu, amp) AMPCC_BUILTIN("index.ctor") {
    static_assert(N == 1, "index(i0) constructs an index<1> only: give one coordinate per dimension");
    set(i0, 0, 0);
  }
  index(int i0, int i1) __AMPR__(cpu, amp) AMPCC_BUILTIN("index.ctor") {
    static_assert(N == 2, "index(i0, i1) constructs an index<2> only: give one coordinate per dimension");
    set(i0, i1, 0);
  }
  index(int i0, int i1, int i2) __AMPR__(cpu, amp) AMPCC_BUILTIN("index.ctor") {
    static_assert(N == 3, "index(i0, i1, i2) constructs an index<3> only: give one coordinate per dimension");
    set(i0, i1, i2);
  }
  explicit index(const int c[]) __AMPR__(cpu, amp) AMPCC_BUILTIN("index.ctor_array") {
    for (int i = 0; i < N; ++i) v_[i] = c[i];
  }

  int operator[](unsigned i) const __AMPR__(cpu, amp) AMPCC_BUILTIN("index.get") { return v_[i]; }
  int& operator[](unsigned i) __AMPR__(cpu, amp) AMPCC_BUILTIN("index.get") { return v_[i]; }

  // MSVC's index converts to nothing; ampcc's index<1> converts to its component in amp code only, where
  // Microsoft's own C++ AMP overview indexes a plain array with one (`numbers[idx]`, a program of the seed
  // documents). cpu code sees no conversion, as with MSVC. The scalar operators below match any arithmetic operand
  // exactly, so that in amp code no built-in operator over the conversion rivals them (`idx + 1u`).
  // Other ranks convert to an unusable type, which keeps the conversion out of their overload sets.
  struct no_conversion {};
  operator std::conditional_t<N == 1, int, no_conversion>() const __AMPR__(amp) AMPCC_BUILTIN("index.to_int") {
    return std::conditional_t<N == 1, int, no_conversion>(v_[0]);
  }

  // An index moves by an index (+=, -=) and by a scalar (all five), as MSVC's does.
  index& operator+=(const index& o) __AMPR__(cpu, amp) AMPCC_BUILTIN("index.assign+") {
    for (int i = 0; i < N; ++i) v_[i] += o.v_[i];
    return *this;
  }
  index& operator-=(const index& o) __AMPR__(cpu, amp) AMPCC_BUILTIN("index.assign-") {
    for (int i = 0; i < N; ++i) v_[i] -= o.v_[i];
    return *this;
  }
#define AMPCC_INDEX_ASSIGN_OP(op, name)                                                  \
  index& operator op##=(int s) __AMPR__(cpu, amp) AMPCC_BUILTIN("index.assign" name) {   \
    for (int i = 0; i < N; ++i) v_[i] op## = s;                                           \
    return *this;                                                                         \
  }
  AMPCC_INDEX_ASSIGN_OP(+, "+")
  AMPCC_INDEX_ASSIGN_OP(-, "-")
  AMPCC_INDEX_ASSIGN_OP(*, "*")
  AMPCC_INDEX_ASSIGN_OP(/, "/")
  AMPCC_INDEX_ASSIGN_OP(%, "%")
#undef AMPCC_INDEX_ASSIGN_OP

  index& operator++() __AMPR__(cpu, amp) AMPCC_BUILTIN("index.assign+") { return *this += 1; }
  index& operator--() __AMPR__(cpu, amp) AMPCC_BUILTIN("index.assign-") { return *this -= 1; }
  index operator++(int) __AMPR__(cpu, amp) AMPCC_BUILTIN("index.post+") {
    index old = *this;
    *this += 1;
    return old;
  }
  index operator--(int) __AMPR__(cpu, amp) AMPCC_BUILTIN("index.post-") {
    index old = *this;
    *this -= 1;
    return old;
  }

private:
  void set(int i0, int i1, int i2) __AMPR__(cpu, amp) {
    int c[3] = {i0, i1, i2};
    for (int i = 0; i < N && i < 3; ++i) v_[i] = c[i];
  }
  int v_[N] = {};
};

// MSVC's operators between indices or extents (+ and -) and with a scalar (+, -, *, /, %, either side): nothing
// more, so that overload resolution finds what it found with MSVC's headers. MSVC's scalar is an int parameter,
// which converts any arithmetic value first: so do the templates here, which exist for the exact match (above).
#define AMPCC_INDEX_PAIR_OP(T, op, name)                                                           \
  template <int N>                                                                                 \
  T<N> operator op(const T<N>& a, const T<N>& b) __AMPR__(cpu, amp) AMPCC_BUILTIN(#T ".op" name) { \
    T<N> r(a);                                                                                     \
    r op## = b;                                                                                    \
    return r;                                                                                      \
  }
#define AMPCC_INDEX_BINARY_OP(T, op, name)                                                         \
  template <int N> T<N> operator op(const T<N>& a, int b) __AMPR__(cpu, amp) AMPCC_BUILTIN(#T ".op" name) { \
    T<N> r(a);                                                                                     \
    r op## = b;                                                                                    \
    return r;                                                                                      \
  }                                                                                                \
  template <int N> T<N> operator op(int a, const T<N>& b) __AMPR__(cpu, amp) AMPCC_BUILTIN(#T ".op" name) { \
    T<N> r;                                                                                        \
    for (int i = 0; i < N; ++i) r[i] = a op b[i];                                                  \
    return r;                                                                                      \
  }                                                                                                \
  template <int N, typename S, std::enable_if_t<std::is_arithmetic_v<S> && !std::is_same_v<S, int>, int> = 0> \
  T<N> operator op(const T<N>& a, S b) __AMPR__(cpu, amp) {                                        \
    return a op static_cast<int>(b);                                                               \
  }                                                                                                \
  template <int N, typename S, std::enable_if_t<std::is_arithmetic_v<S> && !std::is_same_v<S, int>, int> = 0> \
  T<N> operator op(S a, const T<N>& b) __AMPR__(cpu, amp) {                                        \
    return static_cast<int>(a) op b;                                                               \
  }

#define AMPCC_INDEX_COMPARE(T)                                                                     \
  template <int N> bool operator==(const T<N>& a, const T<N>& b) __AMPR__(cpu, amp) AMPCC_BUILTIN(#T ".op==") { \
    for (int i = 0; i < N; ++i)                                                                    \
      if (a[i] != b[i]) return false;                                                              \
    return true;                                                                                   \
  }                                                                                                \
  template <int N> bool operator!=(const T<N>& a, const T<N>& b) __AMPR__(cpu, amp) AMPCC_BUILTIN(#T ".op!=") { \
    return !(a == b);                                                                              \
  }

AMPCC_INDEX_PAIR_OP(index, +, "+")
AMPCC_INDEX_PAIR_OP(index, -, "-")
AMPCC_INDEX_BINARY_OP(index, +, "+")
AMPCC_INDEX_BINARY_OP(index, -, "-")
AMPCC_INDEX_BINARY_OP(index, *, "*")
AMPCC_INDEX_BINARY_OP(index, /, "/")
AMPCC_INDEX_BINARY_OP(index, %, "%")
AMPCC_INDEX_COMPARE(index)

template <int D0, int D1 = 0, int D2 = 0> class tiled_extent;

// The size of each dimension of an N-dimensional space.
template <int N> class AMPCC_BUILTIN("extent") extent {
public:
  static_assert(N > 0, "C++ AMP ranks start at 1: extent<0> is not a type");
  static const int rank = N;
  typedef int value_type;

  constexpr extent() __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.ctor") {
    for (int i = 0; i < N; ++i) v_[i] = 0;
  }
  // One constructor per rank (C++ AMP v1.2, 4.2.2): one extent makes an extent<1> only.
  constexpr explicit extent(int e0) __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.ctor") {
    static_assert(N == 1, "extent(e0) constructs an extent<1> only: give one extent per dimension");
    set(e0, 0, 0);
  }
  constexpr extent(int e0, int e1) __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.ctor") {
    static_assert(N == 2, "extent(e0, e1) constructs an extent<2> only: give one extent per dimension");
    set(e0, e1, 0);
  }
  constexpr extent(int e0, int e1, int e2) __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.ctor") {
    static_assert(N == 3, "extent(e0, e1, e2) constructs an extent<3> only: give one extent per dimension");
    set(e0, e1, e2);
  }
  explicit extent(const int c[]) __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.ctor_array") {
    for (int i = 0; i < N; ++i) v_[i] = c[i];
  }

  constexpr int operator[](unsigned i) const __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.get") { return v_[i]; }
  int& operator[](unsigned i) __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.get") { return v_[i]; }

  unsigned int size() const __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.size") {
    unsigned int s = 1;
    for (int i = 0; i < N; ++i) s *= static_cast<unsigned>(v_[i]);
    return s;
  }
  bool contains(const index<N>& idx) const __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.contains") {
    for (int i = 0; i < N; ++i)
      if (idx[i] < 0 || idx[i] >= v_[i]) return false;
    return true;
  }

  template <int D0> tiled_extent<D0> tile() const __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.tile") {
    static_assert(N == 1, "extent<N>::tile<D0>() needs a rank 1 extent");
    static_assert(D0 > 0, "tile extents must be positive");
    return tiled_extent<D0>(*this);
  }
  template <int D0, int D1> tiled_extent<D0, D1> tile() const __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.tile") {
    static_assert(N == 2, "extent<N>::tile<D0, D1>() needs a rank 2 extent");
    static_assert(D0 > 0 && D1 > 0, "tile extents must be positive");
    return tiled_extent<D0, D1>(*this);
  }
  template <int D0, int D1, int D2>
  tiled_extent<D0, D1, D2> tile() const __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.tile") {
    static_assert(N == 3, "extent<N>::tile<D0, D1, D2>() needs a rank 3 extent");
    static_assert(D0 > 0 && D1 > 0 && D2 > 0, "tile extents must be positive");
    return tiled_extent<D0, D1, D2>(*this);
  }

  // An extent moves by an extent or an index (+=, -=, below) and by a scalar (all five), as MSVC's does.
  extent& operator+=(const extent& o) __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.assign+") {
    for (int i = 0; i < N; ++i) v_[i] += o.v_[i];
    return *this;
  }
  extent& operator-=(const extent& o) __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.assign-") {
    for (int i = 0; i < N; ++i) v_[i] -= o.v_[i];
    return *this;
  }
#define AMPCC_EXTENT_ASSIGN_OP(op, name)                                                          \
  extent& operator op##=(int s) __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.assign" name) {          \
    for (int i = 0; i < N; ++i) v_[i] op## = s;                                                    \
    return *this;                                                                                  \
  }
  AMPCC_EXTENT_ASSIGN_OP(+, "+")
  AMPCC_EXTENT_ASSIGN_OP(-, "-")
  AMPCC_EXTENT_ASSIGN_OP(*, "*")
  AMPCC_EXTENT_ASSIGN_OP(/, "/")
  AMPCC_EXTENT_ASSIGN_OP(%, "%")
#undef AMPCC_EXTENT_ASSIGN_OP
  // An extent moved by an index (both lower to the same struct in kernels).
  extent& operator+=(const index<N>& i) __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.assign+") {
    for (int d = 0; d < N; ++d) v_[d] += i[d];
    return *this;
  }
  extent& operator-=(const index<N>& i) __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.assign-") {
    for (int d = 0; d < N; ++d) v_[d] -= i[d];
    return *this;
  }

  extent& operator++() __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.assign+") { return *this += 1; }
  extent& operator--() __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.assign-") { return *this -= 1; }
  extent operator++(int) __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.post+") {
    extent old = *this;
    *this += 1;
    return old;
  }
  extent operator--(int) __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.post-") {
    extent old = *this;
    *this -= 1;
    return old;
  }

private:
  constexpr void set(int e0, int e1, int e2) __AMPR__(cpu, amp) {
    int c[3] = {e0, e1, e2};
    for (int i = 0; i < N && i < 3; ++i) v_[i] = c[i];
  }
  int v_[N] = {};
};

AMPCC_INDEX_PAIR_OP(extent, +, "+")
AMPCC_INDEX_PAIR_OP(extent, -, "-")
AMPCC_INDEX_BINARY_OP(extent, +, "+")
AMPCC_INDEX_BINARY_OP(extent, -, "-")
AMPCC_INDEX_BINARY_OP(extent, *, "*")
AMPCC_INDEX_BINARY_OP(extent, /, "/")
AMPCC_INDEX_BINARY_OP(extent, %, "%")
AMPCC_INDEX_COMPARE(extent)
// An extent moved by an index (MSVC declares these as members of extent).
template <int N>
extent<N> operator+(const extent<N>& a, const index<N>& b) __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.op+") {
  extent<N> r(a);
  r += b;
  return r;
}
template <int N>
extent<N> operator-(const extent<N>& a, const index<N>& b) __AMPR__(cpu, amp) AMPCC_BUILTIN("extent.op-") {
  extent<N> r(a);
  r -= b;
  return r;
}
#undef AMPCC_INDEX_PAIR_OP
#undef AMPCC_INDEX_BINARY_OP
#undef AMPCC_INDEX_COMPARE

// ---------------------------------------------------------------------------------------------------
// The tiled model.

// The barrier of a tile. Only tiled_index hands one out.
class AMPCC_BUILTIN("tile_barrier") tile_barrier {
public:
  void wait() const __AMPR__(amp) AMPCC_BUILTIN("barrier.all") {}
  void wait_with_all_memory_fence() const __AMPR__(amp) AMPCC_BUILTIN("barrier.all") {}
  void wait_with_global_memory_fence() const __AMPR__(amp) AMPCC_BUILTIN("barrier.global") {}
  void wait_with_tile_static_memory_fence() const __AMPR__(amp) AMPCC_BUILTIN("barrier.local") {}
};

inline void all_memory_fence(const tile_barrier&) __AMPR__(amp) AMPCC_BUILTIN("fence.all") {}
inline void global_memory_fence(const tile_barrier&) __AMPR__(amp) AMPCC_BUILTIN("fence.global") {}
inline void tile_static_memory_fence(const tile_barrier&) __AMPR__(amp) AMPCC_BUILTIN("fence.local") {}

// Prints from amp code: OpenCL C's printf, to the program's standard output when the device flushes it (at the
// end of the kernel at the latest). Format must be a string literal. A template rather than C's `...` (which
// amp code cannot have): the arguments keep their types, with no promotion of float to double, as in MSVC's.
// MSVC printed to the debugger's output window on its reference device and ignored the call elsewhere.
template <typename... Args>
inline void direct3d_printf(const char *format, Args...) __AMPR__(amp) AMPCC_BUILTIN("direct3d.printf") {
  (void)format;
}
// Prints as direct3d_printf does, and the launch throws runtime_exception once the kernel has run, naming the
// first call's file, line and column, its thread and its format. The thread goes on after the call.
template <typename... Args>
inline void direct3d_errorf(const char *format, Args...) __AMPR__(amp) AMPCC_BUILTIN("direct3d.errorf") {
  (void)format;
}
// The launch throws runtime_exception once the kernel has run, naming the first call's place and thread (MSVC's
// reference device stopped the kernel; here the calling thread goes on to the end of the kernel, so code after
// the call must not rely on it stopping).
inline void direct3d_abort() __AMPR__(amp) AMPCC_BUILTIN("direct3d.abort") {}

template <int D0, int D1 = 0, int D2 = 0> struct tile_rank {
  static const int value = D2 ? 3 : D1 ? 2 : 1;
};

namespace detail {
// The extent of a tile, made by the constructor of its rank only (each constructor checks its rank).
template <int D0, int D1, int D2> constexpr extent<1> tile_extent_of(std::integral_constant<int, 1>) {
  return extent<1>(D0);
}
template <int D0, int D1, int D2> constexpr extent<2> tile_extent_of(std::integral_constant<int, 2>) {
  return extent<2>(D0, D1);
}
template <int D0, int D1, int D2> constexpr extent<3> tile_extent_of(std::integral_constant<int, 3>) {
  return extent<3>(D0, D1, D2);
}
} // namespace detail

// A thread's position in a tiled compute domain.
template <int D0, int D1 = 0, int D2 = 0> class AMPCC_BUILTIN("tiled_index") tiled_index {
public:
  static const int rank = tile_rank<D0, D1, D2>::value;
  static const int tile_dim0 = D0;
  static const int tile_dim1 = D1;
  static const int tile_dim2 = D2;

  const index<rank> global AMPCC_BUILTIN("tidx.global");
  const index<rank> local AMPCC_BUILTIN("tidx.local");
  const index<rank> tile AMPCC_BUILTIN("tidx.tile");
  const index<rank> tile_origin AMPCC_BUILTIN("tidx.tile_origin");
  const tile_barrier barrier AMPCC_BUILTIN("tidx.barrier");

  operator const index<rank>() const __AMPR__(cpu, amp) AMPCC_BUILTIN("tidx.to_index") { return global; }
  static constexpr extent<rank> tile_extent AMPCC_BUILTIN("tidx.tile_extent") =
      detail::tile_extent_of<D0, D1, D2>(std::integral_constant<int, rank>());
  // tile_extent, as MSVC's function (its tile_extent is a property that reads this).
  extent<rank> get_tile_extent() const __AMPR__(cpu, amp) AMPCC_BUILTIN("tidx.tile_extent") {
    return tile_extent;
  }
};

// A compute domain divided into tiles of D0 x D1 x D2 threads.
template <int D0, int D1, int D2> class AMPCC_BUILTIN("tiled_extent") tiled_extent : public extent<tile_rank<D0, D1, D2>::value> {
public:
  static const int rank = tile_rank<D0, D1, D2>::value;
  static const int tile_dim0 = D0;
  static const int tile_dim1 = D1;
  static const int tile_dim2 = D2;
  typedef extent<rank> base;
  // tiled_extent<D0>, <D0, D1> or <D0, D1, D2>: the dimensions in use are positive, the others 0.
  static_assert(D0 > 0 && (D1 > 0 || (D1 == 0 && D2 == 0)) && D2 >= 0, "tile extents must be positive");

  tiled_extent() __AMPR__(cpu, amp) {}
  tiled_extent(const base& e) __AMPR__(cpu, amp) : base(e) {}

  // Rounded up / down to a whole number of tiles.
  tiled_extent pad() const __AMPR__(cpu, amp) {
    base r(*this);
    int d[3] = {D0, D1, D2};
    // Rounded up without forming r + d - 1, which overflows for extents near INT_MAX.
    for (int i = 0; i < rank; ++i) r[i] = r[i] % d[i] ? (r[i] / d[i] + 1) * d[i] : r[i];
    return tiled_extent(r);
  }
  tiled_extent truncate() const __AMPR__(cpu, amp) {
    base r(*this);
    int d[3] = {D0, D1, D2};
    for (int i = 0; i < rank; ++i) r[i] = r[i] / d[i] * d[i];
    return tiled_extent(r);
  }
  // The extent of one tile: MSVC's tile_extent (a property there, a constant here, as tiled_index's) and its
  // getter; in kernels a constant of the template arguments.
  static constexpr extent<rank> tile_extent AMPCC_BUILTIN("tidx.tile_extent") =
      detail::tile_extent_of<D0, D1, D2>(std::integral_constant<int, rank>());
  extent<rank> get_tile_extent() const __AMPR__(cpu, amp) AMPCC_BUILTIN("tidx.tile_extent") { return tile_extent; }
};

// Atomic read-modify-write on int and unsigned int in global or tile_static memory. restrict(amp) only, as the
// specification (6.1) and MSVC declare them: cpu code may not call them; the cpu side of restrict(cpu, amp) code
// calls the host version (AMPCC_AMP_LIBRARY_FUNCTION, above).
#define AMPCC_ATOMIC_RMW(name, builtin, op)                                                          \
  AMPCC_AMP_LIBRARY_FUNCTION int name(int* dest, int v) __AMPR__(amp) AMPCC_BUILTIN("atomic." op)      \
      AMPCC_HOST_BODY({ return builtin(dest, v, __ATOMIC_SEQ_CST); })                               \
  AMPCC_AMP_LIBRARY_FUNCTION unsigned int name(unsigned int* dest, unsigned int v) __AMPR__(amp)    \
      AMPCC_BUILTIN("atomic." op) AMPCC_HOST_BODY({ return builtin(dest, v, __ATOMIC_SEQ_CST); })
AMPCC_ATOMIC_RMW(atomic_fetch_add, __atomic_fetch_add, "add")
AMPCC_ATOMIC_RMW(atomic_fetch_sub, __atomic_fetch_sub, "sub")
AMPCC_ATOMIC_RMW(atomic_fetch_and, __atomic_fetch_and, "and")
AMPCC_ATOMIC_RMW(atomic_fetch_or, __atomic_fetch_or, "or")
AMPCC_ATOMIC_RMW(atomic_fetch_xor, __atomic_fetch_xor, "xor")
AMPCC_ATOMIC_RMW(atomic_exchange, __atomic_exchange_n, "xchg")
#undef AMPCC_ATOMIC_RMW

// The one atomic operation C++ AMP has on float.
AMPCC_AMP_LIBRARY_FUNCTION float atomic_exchange(float* dest, float v) __AMPR__(amp) AMPCC_BUILTIN("atomic.xchg") AMPCC_HOST_BODY({
  float old;
  __atomic_exchange(dest, &v, &old, __ATOMIC_SEQ_CST);
  return old;
})

// Stores the larger (smaller) of *dest and v in *dest; returns the old *dest.
AMPCC_AMP_LIBRARY_FUNCTION int atomic_fetch_max(int* dest, int v) __AMPR__(amp) AMPCC_BUILTIN("atomic.max") AMPCC_HOST_BODY({
  int old = *dest;
  while (old < v && !__atomic_compare_exchange_n(dest, &old, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {}
  return old;
})
AMPCC_AMP_LIBRARY_FUNCTION unsigned int atomic_fetch_max(unsigned int* dest, unsigned int v) __AMPR__(amp)
    AMPCC_BUILTIN("atomic.max") AMPCC_HOST_BODY({
  unsigned int old = *dest;
  while (old < v && !__atomic_compare_exchange_n(dest, &old, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {}
  return old;
})
AMPCC_AMP_LIBRARY_FUNCTION int atomic_fetch_min(int* dest, int v) __AMPR__(amp) AMPCC_BUILTIN("atomic.min") AMPCC_HOST_BODY({
  int old = *dest;
  while (old > v && !__atomic_compare_exchange_n(dest, &old, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {}
  return old;
})
AMPCC_AMP_LIBRARY_FUNCTION unsigned int atomic_fetch_min(unsigned int* dest, unsigned int v) __AMPR__(amp)
    AMPCC_BUILTIN("atomic.min") AMPCC_HOST_BODY({
  unsigned int old = *dest;
  while (old > v && !__atomic_compare_exchange_n(dest, &old, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {}
  return old;
})
// Stores value if *dest equals *expected_value and returns true; else loads *dest into *expected_value.
AMPCC_AMP_LIBRARY_FUNCTION bool atomic_compare_exchange(int* dest, int* expected_value, int value) __AMPR__(amp)
    AMPCC_BUILTIN("atomic.cas") AMPCC_HOST_BODY({
  return __atomic_compare_exchange_n(dest, expected_value, value, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
})
AMPCC_AMP_LIBRARY_FUNCTION bool atomic_compare_exchange(unsigned int* dest, unsigned int* expected_value,
                                                   unsigned int value) __AMPR__(amp) AMPCC_BUILTIN("atomic.cas")
    AMPCC_HOST_BODY({
  return __atomic_compare_exchange_n(dest, expected_value, value, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
})
// Adds (subtracts) 1 to *dest; returns the old *dest. Unsigned values wrap.
AMPCC_AMP_LIBRARY_FUNCTION int atomic_fetch_inc(int* dest) __AMPR__(amp) AMPCC_BUILTIN("atomic.inc") AMPCC_HOST_BODY({
  return __atomic_fetch_add(dest, 1, __ATOMIC_SEQ_CST);
})
AMPCC_AMP_LIBRARY_FUNCTION unsigned int atomic_fetch_inc(unsigned int* dest) __AMPR__(amp) AMPCC_BUILTIN("atomic.inc") AMPCC_HOST_BODY({
  return __atomic_fetch_add(dest, 1u, __ATOMIC_SEQ_CST);
})
AMPCC_AMP_LIBRARY_FUNCTION int atomic_fetch_dec(int* dest) __AMPR__(amp) AMPCC_BUILTIN("atomic.dec") AMPCC_HOST_BODY({
  return __atomic_fetch_sub(dest, 1, __ATOMIC_SEQ_CST);
})
AMPCC_AMP_LIBRARY_FUNCTION unsigned int atomic_fetch_dec(unsigned int* dest) __AMPR__(amp) AMPCC_BUILTIN("atomic.dec") AMPCC_HOST_BODY({
  return __atomic_fetch_sub(dest, 1u, __ATOMIC_SEQ_CST);
})

}  // namespace Concurrency

#include <ampcc/amp_accelerators.h>
#include <ampcc/amp_containers.h>
#include <ampcc/amp_launch.h>
#include <ampcc/amp_direct3d.h>

#endif
