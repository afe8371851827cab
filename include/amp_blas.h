// ampcc extension: BLAS on C++ AMP arrays and views through CLBlast (OpenCL back end) or cuBLAS (CUDA back end), on
// the runtime's own buffers and queue: no copies, and the views stay coherent (results are on the device until the
// host looks).
//
//   ampcc::blas::gemm(transpose::none, transpose::none, 1.0f, a, b, 0.0f, c);   // c = a * b
//
// Link with -lampcc_blas (the ampcc driver does it for you); cuBLAS is opened at run time.
#ifndef AMPCC_AMP_BLAS_H
#define AMPCC_AMP_BLAS_H

#include <amp.h>
#include <ampcc/blas_runtime.h>

namespace ampcc::blas {

enum class transpose { none, trans };

namespace detail {
// A matrix's leading dimension and a vector's increment are both the stride of dimension 0.
template <typename T, int N> rt::blas::operand operand(const concurrency::array_view<T, N> &v) {
  return {&v.storage(), static_cast<std::size_t>(v.shape().off), static_cast<std::size_t>(v.shape().str[0])};
}
template <typename T> constexpr rt::blas::precision precision_of() {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>, "ampcc BLAS supports float and double");
  return std::is_same_v<T, float> ? rt::blas::precision::f32 : rt::blas::precision::f64;
}
inline void check(bool ok, const char *what) {
  if (!ok)
    throw concurrency::runtime_exception(std::string("ampcc::blas: ") + what, 0x80070057L);
}
} // namespace detail

#define AMPCC_BLAS_ROUTINES(T)                                                                                         \
  /* C = alpha * op(A) * op(B) + beta * C, with op(A) m x k, op(B) k x n and C m x n. */                               \
  inline void gemm(transpose ta, transpose tb, T alpha, const concurrency::array_view<const T, 2> &a,                  \
                   const concurrency::array_view<const T, 2> &b, T beta, const concurrency::array_view<T, 2> &c) {     \
    int m = c.extent[0], n = c.extent[1];                                                                              \
    int k = ta == transpose::none ? a.extent[1] : a.extent[0];                                                         \
    detail::check((ta == transpose::none ? a.extent[0] : a.extent[1]) == m, "gemm: A has the wrong row count");        \
    detail::check((tb == transpose::none ? b.extent[0] : b.extent[1]) == k, "gemm: inner dimensions differ");          \
    detail::check((tb == transpose::none ? b.extent[1] : b.extent[0]) == n, "gemm: B has the wrong column count");     \
    rt::blas::gemm(detail::precision_of<T>(), ta == transpose::trans, tb == transpose::trans, m, n, k, alpha,          \
                   detail::operand(a), detail::operand(b), beta, detail::operand(c));                                  \
  }                                                                                                                    \
  /* y = alpha * op(A) * x + beta * y. */                                                                              \
  inline void gemv(transpose ta, T alpha, const concurrency::array_view<const T, 2> &a,                                \
                   const concurrency::array_view<const T, 1> &x, T beta, const concurrency::array_view<T, 1> &y) {     \
    detail::check((ta == transpose::none ? a.extent[1] : a.extent[0]) == x.extent[0], "gemv: x has the wrong size");   \
    detail::check((ta == transpose::none ? a.extent[0] : a.extent[1]) == y.extent[0], "gemv: y has the wrong size");   \
    rt::blas::gemv(detail::precision_of<T>(), ta == transpose::trans, a.extent[0], a.extent[1], alpha,                 \
                   detail::operand(a), detail::operand(x), beta, detail::operand(y));                                  \
  }                                                                                                                    \
  /* y = alpha * x + y. */                                                                                             \
  inline void axpy(T alpha, const concurrency::array_view<const T, 1> &x, const concurrency::array_view<T, 1> &y) {    \
    detail::check(x.extent[0] == y.extent[0], "axpy: x and y differ in size");                                         \
    rt::blas::axpy(detail::precision_of<T>(), x.extent[0], alpha, detail::operand(x), detail::operand(y));             \
  }                                                                                                                    \
  /* x = alpha * x. */                                                                                                 \
  inline void scal(T alpha, const concurrency::array_view<T, 1> &x) {                                                  \
    rt::blas::scal(detail::precision_of<T>(), x.extent[0], alpha, detail::operand(x));                                 \
  }                                                                                                                    \
  /* result[0] = x . y, left on the device. */                                                                         \
  inline void dot(const concurrency::array_view<const T, 1> &x, const concurrency::array_view<const T, 1> &y,          \
                  const concurrency::array_view<T, 1> &result) {                                                       \
    detail::check(x.extent[0] == y.extent[0], "dot: x and y differ in size");                                          \
    rt::blas::dot(detail::precision_of<T>(), x.extent[0], detail::operand(x), detail::operand(y),                      \
                  detail::operand(result));                                                                            \
  }                                                                                                                    \
  /* x . y, returned to the host. */                                                                                   \
  inline T dot(const concurrency::array_view<const T, 1> &x, const concurrency::array_view<const T, 1> &y) {           \
    T out = 0;                                                                                                         \
    concurrency::array_view<T, 1> result(1, &out);                                                                     \
    dot(x, y, result);                                                                                                 \
    result.synchronize();                                                                                              \
    return out;                                                                                                        \
  }

AMPCC_BLAS_ROUTINES(float)
AMPCC_BLAS_ROUTINES(double)
#undef AMPCC_BLAS_ROUTINES

} // namespace ampcc::blas

#endif
