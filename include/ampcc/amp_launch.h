// parallel_for_each for ampcc: its overloads as C++ AMP declares them, and the glue that the host code ampcc
// generates calls to launch a kernel (its arguments, the compute domain's checks, the launch of a call left in
// place). Included by <amp.h>, after the containers whose views kernels capture.
#ifndef AMPCC_AMP_LAUNCH_H
#define AMPCC_AMP_LAUNCH_H

namespace ampcc::detail {
// Kernel identity (docs/design/kernel-identity-and-launch.md): the types the host and the translator both spell for
// one kernel. A key names a place in the source (a hash of file, line and column) and the template arguments in
// scope there; a lambda or local class that an identity reaches is given one by the translator.
template <unsigned long long Place, typename... Context> struct site {};
template <auto V> struct value {};
template <template <typename...> class T> struct type_template {};
template <template <typename, int> class T> struct type_int_template {};
// A class template's specialization whose arguments identity_of changed (a tagged lambda's key among them):
// declared only. The specialization over the keys (functor_view<site<...>>) would be a class the host compiler
// completes wherever argument-dependent lookup meets it among a call's types, with a key where a member's
// declaration calls the lambda.
template <typename Template, typename... Args> struct instance;
template <typename T, std::size_t N> using array_of = T[N];
template <typename T> using array_of_unknown_bound = T[];

// A lambda the translator tagged with its key: the closure itself (same layout, same call operators), and a type
// that identity_of maps to the key.
template <typename Id, typename Closure> struct tagged : Closure {
  constexpr explicit tagged(const Closure &c) : Closure(c) {}
  constexpr explicit tagged(Closure &&c) : Closure(static_cast<Closure &&>(c)) {}
  using Closure::operator();
};
template <typename Id, typename Closure>
constexpr tagged<Id, std::remove_cv_t<std::remove_reference_t<Closure>>> tag(Closure &&c) {
  return tagged<Id, std::remove_cv_t<std::remove_reference_t<Closure>>>(static_cast<Closure &&>(c));
}

// What a type is called at the end of the file: tagged lambdas and local classes by their keys, through
// qualifiers, pointers, references, arrays and class templates over types (or a type and an int, as
// array_view<T, N>: instance<type_template<T>, ...> where an argument changed); any other type as it is. The
// translator spells the same (Analysis/KernelIdentity).
template <typename T, typename = void> struct identity_of {
  using type = T;
};
template <typename T> using identity_of_t = typename identity_of<T>::type;
template <typename T> struct identity_of<const T, void> {
  using type = const identity_of_t<T>;
};
template <typename T> struct identity_of<volatile T, void> {
  using type = volatile identity_of_t<T>;
};
template <typename T> struct identity_of<const volatile T, void> {
  using type = const volatile identity_of_t<T>;
};
template <typename T> struct identity_of<T *, void> {
  using type = identity_of_t<T> *;
};
template <typename T> struct identity_of<T &, void> {
  using type = identity_of_t<T> &;
};
template <typename T> struct identity_of<T &&, void> {
  using type = identity_of_t<T> &&;
};
template <typename T, std::size_t N> struct identity_of<T[N], void> {
  using type = identity_of_t<T>[N];
};
template <typename T> struct identity_of<T[], void> {
  using type = identity_of_t<T>[];
};
template <typename Id, typename Closure> struct identity_of<tagged<Id, Closure>, void> {
  using type = Id;
};
template <template <typename...> class T, typename... A> struct identity_of<T<A...>, void> {
  using type = std::conditional_t<(std::is_same_v<identity_of_t<A>, A> && ...), T<A...>,
                                  instance<type_template<T>, identity_of_t<A>...>>;
};
template <template <typename, int> class T, typename A, int N> struct identity_of<T<A, N>, void> {
  using type = std::conditional_t<std::is_same_v<identity_of_t<A>, A>, T<A, N>,
                                  instance<type_int_template<T>, identity_of_t<A>, value<N>>>;
};
template <typename T>
struct identity_of<T, std::enable_if_t<std::is_same_v<typename T::ampcc_local_owner, T>>> {
  using type = typename T::ampcc_local_identity;
};

// The kernel launched through its object, per identity of the object's type, rank and tile: specialised by the
// translator at the end of the file (`site()`: the descriptor and where the captures lie). The primary template
// is the kernel the translator could not name, found at run time by the call's file and line.
template <typename Id, int N, int D0, int D1, int D2> struct kernel_for {
  static constexpr bool named = false;
};
// The kernel of one instantiation of a call in a template that the translator rewrote in place, per key.
template <typename Key> struct call_for;
template <typename Key> const rt::kernel_desc &kernel_desc_of() { return call_for<Key>::desc(); }

// The launch of a parallel_for_each call that ampcc left in place, defined below.
template <int N, typename K>
void launch_kernel_object(const char *file, unsigned line, const char *function, const rt::queue &q,
                          const Concurrency::extent<N> &e, const K &kernel);
template <int D0, int D1, int D2, typename K>
void launch_kernel_object(const char *file, unsigned line, const char *function, const rt::queue &q,
                          const Concurrency::tiled_extent<D0, D1, D2> &e, const K &kernel);
#if defined(__AMPCC_TRANSLATOR__)
// The translator's parallel_for_each names the kernel's call operator, so that Sema instantiates it (and checks
// it) where the kernel is a specialization of a class template. Nothing is called. A call operator that is
// overloaded or a template cannot be named this way; its instantiation then comes from its own uses.
template <typename K> auto instantiate_call_operator(int) -> decltype(&K::operator(), void()) {
  auto Op = &K::operator();
  (void)Op;
}
template <typename K> void instantiate_call_operator(long) {}
#endif
} // namespace ampcc::detail

namespace Concurrency {

// parallel_for_each: the translator replaces every call it can rewrite in place by a launch of the kernel it
// outlined. A call it cannot rewrite (spelled in a macro's definition, or launching a lambda kept in a variable)
// stays, and in a translated file finds its kernel by its file and line, reading the captures out of the
// kernel object. A call that reaches the host compiler in a file ampcc did not translate is an error (Clang-based
// tools that read the file through ampcc/clang_tools.h are not compilers: no error for them).
// clang-format off
#if defined(__AMPCC_TRANSLATOR__)
#define AMPCC_PFE_LOCATION
#define AMPCC_PFE_BODY(VIEW, EXTENT) { ::ampcc::detail::instantiate_call_operator<K>(0); }
#elif defined(__AMPCC_CLANG_TOOLS__)
#define AMPCC_PFE_LOCATION
#define AMPCC_PFE_BODY(VIEW, EXTENT) {}
#elif defined(__AMPCC_TRANSLATED__)
// ampcc adds __PRETTY_FUNCTION__ as the argument after the kernel to the calls it leaves in place.
#define AMPCC_PFE_LOCATION                                                                                             \
  , const char *ampcc_function = nullptr, const char *ampcc_file = __builtin_FILE(),                                  \
    unsigned ampcc_line = __builtin_LINE()
#define AMPCC_PFE_BODY(VIEW, EXTENT)                                                                                   \
  { ::ampcc::detail::launch_kernel_object(ampcc_file, ampcc_line, ampcc_function, VIEW, EXTENT, kernel); }
#else
#define AMPCC_PFE_LOCATION
#define AMPCC_PFE_BODY(VIEW, EXTENT)                                                                                   \
  { static_assert(sizeof(K) == 0, "parallel_for_each must be compiled with ampcc (this file was not translated)"); }
#endif
template <int N, typename K>
void parallel_for_each(const extent<N> &e, const K &kernel AMPCC_PFE_LOCATION) AMPCC_BUILTIN("parallel_for_each")
    AMPCC_PFE_BODY(::Concurrency::detail::default_accelerator_choice::launch_queue(), e)
template <int N, typename K>
void parallel_for_each(const accelerator_view &av, const extent<N> &e, const K &kernel AMPCC_PFE_LOCATION)
    AMPCC_BUILTIN("parallel_for_each") AMPCC_PFE_BODY(av.queue(), e)
// One overload per tile rank, as MSVC has them: `parallel_for_each<16, 16>(e, kernel)` names the tile sizes and
// converts the extent `e` to tiled_extent<16, 16> (a single rank-3 template could not deduce D2 from an extent).
template <int D0, typename K>
void parallel_for_each(const tiled_extent<D0> &e, const K &kernel AMPCC_PFE_LOCATION)
    AMPCC_BUILTIN("parallel_for_each") AMPCC_PFE_BODY(::Concurrency::detail::default_accelerator_choice::launch_queue(), e)
template <int D0, int D1, typename K>
void parallel_for_each(const tiled_extent<D0, D1> &e, const K &kernel AMPCC_PFE_LOCATION)
    AMPCC_BUILTIN("parallel_for_each") AMPCC_PFE_BODY(::Concurrency::detail::default_accelerator_choice::launch_queue(), e)
template <int D0, int D1, int D2, typename K>
void parallel_for_each(const tiled_extent<D0, D1, D2> &e, const K &kernel AMPCC_PFE_LOCATION)
    AMPCC_BUILTIN("parallel_for_each") AMPCC_PFE_BODY(::Concurrency::detail::default_accelerator_choice::launch_queue(), e)
template <int D0, typename K>
void parallel_for_each(const accelerator_view &av, const tiled_extent<D0> &e, const K &kernel AMPCC_PFE_LOCATION)
    AMPCC_BUILTIN("parallel_for_each") AMPCC_PFE_BODY(av.queue(), e)
template <int D0, int D1, typename K>
void parallel_for_each(const accelerator_view &av, const tiled_extent<D0, D1> &e, const K &kernel AMPCC_PFE_LOCATION)
    AMPCC_BUILTIN("parallel_for_each") AMPCC_PFE_BODY(av.queue(), e)
template <int D0, int D1, int D2, typename K>
void parallel_for_each(const accelerator_view &av, const tiled_extent<D0, D1, D2> &e,
                       const K &kernel AMPCC_PFE_LOCATION) AMPCC_BUILTIN("parallel_for_each")
    AMPCC_PFE_BODY(av.queue(), e)
// clang-format on
#undef AMPCC_PFE_BODY
#undef AMPCC_PFE_LOCATION

} // namespace Concurrency

// The glue that ampcc's generated host code calls in place of parallel_for_each.
namespace ampcc::detail {

template <typename T, int N> rt::kernel_arg buffer_arg(const concurrency::array_view<T, N> &v, rt::access mode) {
  return {rt::kernel_arg::buffer, &v.storage(), mode, &v.shape(), sizeof(v.shape())};
}
// An array the kernel captures is on the kernel's accelerator: one on the CPU accelerator, staging arrays
// included, cannot be (MSVC throws there too). Views of it can: their data moves to the kernel.
template <typename T, int N> rt::kernel_arg buffer_arg(const concurrency::array<T, N> &a, rt::access mode) {
  if (a.get_accelerator_view().queue().is_host())
    rt::refuse_cpu_accelerator_launch();
  return {rt::kernel_arg::buffer, &a.storage(), mode, &a.shape(), sizeof(a.shape())};
}
// Checked mode: the check buffer argument a checked kernel takes last.
inline rt::kernel_arg check_arg(const rt::check_table &t) {
  return {rt::kernel_arg::checks, nullptr, rt::access::read_write, &t, sizeof t};
}
template <typename T> rt::kernel_arg value_arg(const T &v) {
  static_assert(std::is_trivially_copyable_v<T>, "kernel captures must be trivially copyable");
  return {rt::kernel_arg::value, nullptr, rt::access::read, &v, sizeof(T)};
}

// C++ AMP compute domains have no empty dimension (the runtime's launch, shared with Cilk, takes them as no-ops).
template <int N> void check_compute_domain(const concurrency::extent<N> &e) {
  for (int d = 0; d < N; ++d)
    if (e[d] <= 0)
      throw concurrency::invalid_compute_domain("ampcc: parallel_for_each over the extent " +
                                                concurrency::detail::tuple_text(e, N) +
                                                ": every dimension of a compute domain must be positive");
}

template <int N>
void launch(const rt::kernel_desc &desc, const rt::queue &q, const concurrency::extent<N> &e,
            std::initializer_list<rt::kernel_arg> args) {
  check_compute_domain(e);
  int ext[N > 3 ? N : 3] = {1, 1, 1};
  for (int d = 0; d < N; ++d)
    ext[d] = e[d];
  rt::launch(desc, q, ext, args.begin(), args.size());
}
template <int N>
void launch(const rt::kernel_desc &desc, const concurrency::accelerator_view &av, const concurrency::extent<N> &e,
            std::initializer_list<rt::kernel_arg> args) {
  launch(desc, av.queue(), e, args);
}
// Without a view the kernel runs on the default accelerator's default view.
template <int N>
void launch(const rt::kernel_desc &desc, const concurrency::extent<N> &e, std::initializer_list<rt::kernel_arg> args) {
  launch(desc, concurrency::detail::default_accelerator_choice::launch_queue(), e, args);
}


// A capture of a kernel object made into a kernel argument, by the code the translator generates.
template <typename V> rt::kernel_arg capture_buffer(const void *capture, rt::access mode) {
  return buffer_arg(*static_cast<const V *>(capture), mode);
}
// A view or array inside a closure that the kernel object holds (a lambda that captured it): read at the offset of
// the translator's layout of the closure, which the host compiler's must match. Where it does not, the bytes there
// are no live view: that is refused rather than launched with whatever they hold.
template <typename V> rt::kernel_arg capture_buffer_in_closure(const void *capture, rt::access mode) {
  const V &v = *static_cast<const V *>(capture);
  if (!rt::storage_is_live(v.storage_address()))
    throw concurrency::runtime_exception("ampcc: a view held by a lambda that the kernel captured is not where ampcc's "
                                         "translator laid it out: the host compiler lays out the lambda's captures "
                                         "otherwise (compile with AMPCC_CXX=clang++-19; a bug of ampcc)",
                                         0);
  return buffer_arg(v, mode);
}
// A capture by reference (concurrency::array): the kernel object holds its address.
template <typename V> rt::kernel_arg capture_buffer_ref(const void *capture, rt::access mode) {
  return buffer_arg(**static_cast<const V *const *>(capture), mode);
}

// The launch of a parallel_for_each call left in place (see parallel_for_each): the kernel found by file and
// line, its arguments read out of the kernel object.
template <int N>
void launch_closure_site(const rt::closure_site &site, const rt::queue &q, const concurrency::extent<N> &e,
                         const void *object) {
  // The arguments on the stack for the common kernel (no allocation per launch), else on the heap.
  constexpr std::size_t on_stack = 16;
  rt::kernel_arg stack_args[on_stack];
  std::vector<rt::kernel_arg> heap_args;
  std::size_t count = site.ncaptures + (site.checks ? 1 : 0);
  if (count > on_stack)
    heap_args.resize(count);
  rt::kernel_arg *args = count > on_stack ? heap_args.data() : stack_args;
  const char *base = static_cast<const char *>(object);
  for (std::size_t i = 0; i < site.ncaptures; ++i) {
    const rt::closure_capture &c = site.captures[i];
    if (c.buffer)
      args[i] = c.buffer(base + c.offset, c.mode);
    else
      args[i] = {rt::kernel_arg::value, nullptr, rt::access::read, base + c.offset, c.size};
  }
  check_compute_domain(e);
  if (site.checks)
    args[site.ncaptures] = check_arg(*site.checks);
  int ext[N > 3 ? N : 3] = {1, 1, 1};
  for (int d = 0; d < N; ++d)
    ext[d] = e[d];
  rt::launch(*site.desc, q, ext, args, count);
}
// The launch of a call in a template whose instantiations launch different kinds of kernel object: the site is
// the instantiation's own (the translator's kernel_for<Key, rank, tile...>::site()), the arguments read out of the
// object.
template <int N, typename K>
void launch_object(const rt::closure_site &site, const rt::queue &q, const concurrency::extent<N> &e,
                   const K &kernel) {
  if (site.object_size != sizeof(K))
    throw concurrency::runtime_exception("ampcc: the kernel object launched at " + std::string(site.file) + ":" +
                                             std::to_string(site.first_line) + " is " + std::to_string(sizeof(K)) +
                                             " bytes, its translation " + std::to_string(site.object_size) +
                                             " (a bug of ampcc)",
                                         0);
  launch_closure_site(site, q, e, &kernel);
}
template <int N, typename K>
void launch_object(const rt::closure_site &site, const concurrency::accelerator_view &av,
                   const concurrency::extent<N> &e, const K &kernel) {
  launch_object(site, av.queue(), e, kernel);
}
template <int N, typename K>
void launch_object(const rt::closure_site &site, const concurrency::extent<N> &e, const K &kernel) {
  launch_object(site, concurrency::detail::default_accelerator_choice::launch_queue(), e, kernel);
}

// A kernel launched through its object: the translator's description of the object's type where it has one, else
// the one registered for the call's file and line (a kernel ampcc could not name; see
// docs/design/kernel-identity-and-launch.md).
template <int N, int D0, int D1, int D2, typename K, typename E>
void launch_kernel_object_of(const char *file, unsigned line, const char *function, const rt::queue &q, const E &e,
                          const K &kernel) {
  using Kernel = kernel_for<identity_of_t<K>, N, D0, D1, D2>;
  if constexpr (Kernel::named) {
    launch_object(Kernel::site(), q, e, kernel);
  } else {
    const int tile[3] = {D0, D1, D2};
    launch_closure_site(rt::find_closure_site(file, line, N, tile, sizeof(K), function), q, e, &kernel);
  }
}
template <int N, typename K>
void launch_kernel_object(const char *file, unsigned line, const char *function, const rt::queue &q,
                          const concurrency::extent<N> &e, const K &kernel) {
  launch_kernel_object_of<N, 0, 0, 0>(file, line, function, q, e, kernel);
}
template <int D0, int D1, int D2, typename K>
void launch_kernel_object(const char *file, unsigned line, const char *function, const rt::queue &q,
                          const concurrency::tiled_extent<D0, D1, D2> &e, const K &kernel) {
  launch_kernel_object_of<(D2 ? 3 : D1 ? 2 : 1), D0, D1, D2>(file, line, function, q, e, kernel);
}
} // namespace ampcc::detail

#endif // AMPCC_AMP_LAUNCH_H
