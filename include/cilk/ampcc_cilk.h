// The Intel Cilk Plus graphics-offload keywords as macros: ampcc force-includes this in every translation
// unit (translator and host compiler). Under the translator they become annotations and plain C++ that
// ampcc's analysis recognises by the macro names (so every source location stays exact); for the host
// compiler they become the serial C++ that runs the same code on the CPU.
#ifndef AMPCC_CILK_H
#define AMPCC_CILK_H

// A parallel loop is a `for` loop; Analysis knows it by the macro name `_Cilk_for` at the `for` token,
// and a first-level (thread group) loop by the `_Thread_group` token that follows it. In host code ampcc puts
// `_Pragma("omp parallel for")` before each outermost one that is not offloaded (compiled with -fopenmp).
#define _Cilk_for for
#define _Thread_group

// `_Cilk_spawn f(x)` and `_Cilk_sync` are nothing to Clang (the call stays a call): ampcc finds them in the
// main file's tokens and rewrites the host code for OpenMP tasks (Analysis/CilkSpawns, Rewrite/
// CilkSpawnLowering). Where they are left as they are, the program is Cilk's serial elision.
#define _Cilk_spawn
#define _Cilk_sync

#ifdef __AMPCC_TRANSLATOR__
// The kernel side of the compilation (Intel's compiler defines it while compiling for the GPU).
#define __GFX__ 1
#define __thread_group_local __attribute__((annotate("ampcc.tgl")))
// __declspec(target(gfx)) / __declspec(target(gfx_kernel)) and the few other declspecs in use.
#define __declspec(x) AMPCC_DECLSPEC_##x
#define AMPCC_DECLSPEC_target(t) AMPCC_GFX_TARGET_##t
#define AMPCC_GFX_TARGET_gfx __attribute__((annotate("ampcc.restrict:cpu,amp"), annotate("ampcc.gfx:gfx")))
#define AMPCC_GFX_TARGET_gfx_kernel __attribute__((annotate("ampcc.gfx:gfx_kernel")))
#define AMPCC_GFX_PRAGMA_PUSH                                                                             \
  _Pragma("clang attribute push(__attribute__((annotate(\"ampcc.restrict:cpu,amp\"), annotate(\"ampcc.gfx:gfx\"))), apply_to = function)")
#define AMPCC_GFX_PRAGMA_POP _Pragma("clang attribute pop")
// MSVC's properties are Clang's declspec (inside this macro's expansion `__declspec` is the keyword again).
#define AMPCC_DECLSPEC_property(...) __declspec(property(__VA_ARGS__))
#else
// The host has no properties: the translated host source has the user's property declarations blanked and
// their uses rewritten (lib/Rewrite/PropertyUses.h); this covers what it does not rewrite (ampcc's headers
// declare theirs for the translator only).
#define AMPCC_DECLSPEC_property(...)
#define __thread_group_local
#define __declspec(x) AMPCC_DECLSPEC_##x
#define AMPCC_DECLSPEC_target(t)
#define AMPCC_GFX_PRAGMA_PUSH
#define AMPCC_GFX_PRAGMA_POP
#endif
#define AMPCC_DECLSPEC_noinline __attribute__((noinline))
#define AMPCC_DECLSPEC_align(n) __attribute__((aligned(n)))
#define AMPCC_DECLSPEC_vector

#ifdef __cplusplus
// The extent of an array for a full section `a[:]` (sizeof(ampcc_an_extent(a)) is it); a pointer has none.
template <class T> struct ampcc_full_section_needs_an_array_not_a_pointer;
template <class T, decltype(sizeof(0)) N> struct ampcc_full_section_needs_an_array_not_a_pointer<T[N]> {
  typedef char (&type)[N];
};
template <class T> typename ampcc_full_section_needs_an_array_not_a_pointer<T>::type ampcc_an_extent(T &);

// The value type of an array-notation element (the accumulator of a reduction over it).
template <class T> struct ampcc_an_value { typedef T type; };
template <class T> struct ampcc_an_value<T &> { typedef T type; };
template <class T> struct ampcc_an_value<const T> { typedef T type; };
template <class T> struct ampcc_an_value<const T &> { typedef T type; };
// A work-group barrier in a thread-group kernel; a no-op when the kernel runs serially on the host.
#ifdef __AMPCC_TRANSLATOR__
void _gfx_gpgpu_thread_barrier() __attribute__((annotate("ampcc.gfx:barrier")));
#else
inline void _gfx_gpgpu_thread_barrier() {}
#endif

// `#pragma offload target(gfx) pin(...)` becomes a call of this marker before its `_Cilk_for` nest; ampcc
// replaces the call in the host code with a synchronous launch (ampcc_gfx_run_offload, in the runtime)
// that falls back to running the nest on the host when the device cannot run it.
template <class... A> inline void ampcc_gfx_offload_target_gfx(const A &...) {}
// The tag of a signal(...) / wait(...) clause: the address it names, or an integer value as one.
inline const void *ampcc_gfx_tag_of(const void *p) { return p; }
inline const void *ampcc_gfx_tag_of(unsigned long long v) { return reinterpret_cast<const void *>(v); }
template <class T> inline const void *ampcc_gfx_tag(const T &v) { return ampcc_gfx_tag_of(v); }
#ifndef __AMPCC_TRANSLATOR__
int ampcc_gfx_run_offload(const char *key, void *const *captures, const unsigned long *lengths);
// Before each `#pragma offload target(gfx)` (at `where`, "file:line"): waits for the wait(...) tag, raises
// the signal(...) tag (either may be null). Offloads run to completion where they start, so a signal is
// raised for every later wait.
void ampcc_gfx_offload_begin(const char *where, const void *wait, const void *signal);
// `#pragma offload_wait target(gfx) wait(t)`: t must have been signalled by an offload.
void ampcc_gfx_wait_signal(const char *where, const void *tag);
#define ampcc_gfx_offload_wait(clause, tag) ampcc_gfx_wait_signal(AMPCC_GFX_WHERE, ampcc_gfx_tag(tag))
#define AMPCC_GFX_WHERE AMPCC_GFX_WHERE2(__FILE__, __LINE__)
#define AMPCC_GFX_WHERE2(f, l) AMPCC_GFX_WHERE3(f, l)
#define AMPCC_GFX_WHERE3(f, l) f ":" #l
#else
template <class... A> inline void ampcc_gfx_offload_wait(const A &...) {}
#endif
#endif

#include <cilk/ampcc_spawn.h>

#endif
