// The kernel ABI in C++ (docs/design/kernel-abi.md), from the tables of ampcc/kernel_abi.def: the names that
// generated code shares with the runtime and ampcc's headers (ampcc::abi), the layouts of the structs kernels
// take by value (ampcc::rt::shape, wide_shape, ampcc::gfx::grid) and the kinds of check sites
// (ampcc::rt::check_kind); the check buffer's words are the runtime's CheckWord (runtime/KernelChecks.h). The runtime, the headers the generated host code includes and the translator all use
// this header; the translator prints the OpenCL C side of the layouts from the same tables.
#ifndef AMPCC_KERNEL_ABI_H
#define AMPCC_KERNEL_ABI_H

#include <cstddef>
#include <type_traits>

namespace ampcc::abi {

#define AMPCC_ABI_NAME(Id, Spelling, Where) inline constexpr char Id[] = Spelling;
#include "kernel_abi.def"

// A field of a layout: one T, or one per dimension.
template <class T, int Dimensions, int PerDimension>
using field_t = std::conditional_t<PerDimension != 0, T[Dimensions], T>;

} // namespace ampcc::abi

namespace ampcc::rt {

// A view of rank N as its kernel sees it (AMPCC_ABI_SHAPE): three dimensions up to rank 3 (ampcc_shape in the
// OpenCL C), N above (ampcc_shapeN).
template <int N> struct wide_shape {
#define AMPCC_ABI_SHAPE(Type, Name, PerDimension) abi::field_t<Type, N, PerDimension> Name = {};
#include "kernel_abi.def"
};
using shape = wide_shape<3>;
template <int N> using shape_of = wide_shape<(N <= 3 ? 3 : N)>;

// What a check site guards (AMPCC_ABI_CHECK_KIND).
enum class check_kind : unsigned {
#define AMPCC_ABI_CHECK_KIND(Name) Name,
#include "kernel_abi.def"
};

// The kernel and the host agree on these bytes: a view's shape argument is 28 bytes up to rank 3, 4 + 8N above.
// (The compute domain has no host struct: the runtime passes the extent padded with 1s as ints.)
static_assert(sizeof(shape) == 28 && offsetof(shape, off) == 0 && offsetof(shape, ext) == 4 &&
                  offsetof(shape, str) == 16,
              "the layout of ampcc_shape");
static_assert(sizeof(wide_shape<4>) == 36 && offsetof(wide_shape<4>, str) == 20, "the layout of ampcc_shapeN");

} // namespace ampcc::rt

namespace ampcc::gfx {

// The first-level iteration counts of a Cilk gfx kernel, its last argument (AMPCC_ABI_GFX_GRID).
struct grid {
#define AMPCC_ABI_GFX_GRID(Type, Name, PerDimension) abi::field_t<Type, 3, PerDimension> Name;
#include "kernel_abi.def"
};
static_assert(sizeof(grid) == 12, "the layout of ampcc_gfx_grid");

} // namespace ampcc::gfx

#endif
