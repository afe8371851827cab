// Kernel identity (docs/design/kernel-identity-and-launch.md): what the host text gains so that each instantiation's
// kernel is named by a type. A lambda that an identity reaches is wrapped in tag<KEY>(...), a local class gets its
// identity members, an unnamed template parameter gets a name, and each kernel launched through its object has a
// kernel_for specialisation after the user's code. The {{...}} keep these lines from matching themselves in the output.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
// RUN: %ampcc --emit-host %s | FileCheck --check-prefix=HOST %s
#include <amp.h>
using namespace concurrency;

template <typename K> void launch(const extent<1> &e, const K &k) { parallel_for_each(e, k); }

template <typename V, typename G, typename> void generate(V &v, const G &gen) {
  launch(v.extent, [=](index<1> i) restrict(amp) { v[i] = gen(); });
}

void run(array_view<int, 1> v) {
  struct Local {
    int operator()() const restrict(amp) { return 1; }
  };
  generate<array_view<int, 1>, Local, char>(v, Local{});
}

// HOST: { parallel_for_each(e, k) /* ampcc_launch_kernel_identity_tags_cpp_10, by the kernel object's type {{\*}}/; }
// HOST: template <typename V, typename G, typename{{ }}ampcc_unnamed_{{[0-9]+}}> void generate(V &v, const G &gen) {
// HOST-NEXT: launch(v.extent, (::ampcc::detail::tag<::ampcc::detail::site<0x[[LAMBDA:[0-9a-f]+]]{{ULL}}, ::ampcc::detail::identity_of_t<V>, ::ampcc::detail::identity_of_t<G>, ::ampcc::detail::identity_of_t<ampcc_unnamed_{{[0-9]+}}>>>([=](index<1> i)
// HOST: struct Local { public: using ampcc_local_identity = ::ampcc::detail::site<0x[[LOCAL:[0-9a-f]+]]{{ULL}}>; using ampcc_local_owner = Local;
// HOST: template <> struct ampcc::detail::kernel_for<::ampcc::detail::site<0x[[LAMBDA]]{{ULL}}, Concurrency::array_view<int, 1>, ::ampcc::detail::site<0x[[LOCAL]]{{ULL}}>, char>, 1, 0, 0, 0> {
// HOST-NEXT: static constexpr bool named = true;
// CHECK: __kernel void ampcc_launch_kernel_identity_tags_cpp_10(ampcc_domain ampcc_dom, __global int* v_ptr, ampcc_shape v_sh, ampcc_s_Local gen)
