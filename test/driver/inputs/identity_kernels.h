// Kernels in a header that several translation units include (test/driver/kernel_identity.sh): in function
// templates, launched through a wrapper, and through a macro whose argument is the lambda.
#pragma once
#include <amp.h>

namespace identity {
template <typename K> void launch(const concurrency::extent<1> &e, const K &k) { concurrency::parallel_for_each(e, k); }
#define IDENTITY_RUN(e, k) ::identity::launch(e, k)

template <typename T> void fill_with(concurrency::array_view<T, 1> v, T x) {
  concurrency::parallel_for_each(v.extent, [=](concurrency::index<1> i) restrict(amp) { v[i] = x; });
}
template <typename V, typename G> void generate(V &v, const G &gen) {
  launch(v.extent, [=](concurrency::index<1> i) restrict(amp) { v[i] = gen(); });
}
template <typename T> void add_index(concurrency::array_view<T, 1> v) {
  IDENTITY_RUN(v.extent, [=](concurrency::index<1> i) restrict(amp) { v[i] += static_cast<T>(i[0]); });
}
} // namespace identity
