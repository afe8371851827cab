// ampcc::blas's entry points: each routine goes to the BLAS library of the back end that runs the default queue's
// device, cuBLAS on CUDA and CLBlast on OpenCL (docs/backends.md).
#include "RuntimeState.h"
#include "backend/OpenCLBackend.h"
#include "blas/BlasLibrary.h"

#include <cstring>

namespace ampcc::rt::blas {
namespace {

BlasLibrary &libraryFor(const queue &Q) {
  if (std::strcmp(Q.impl().Ctx.Backend->name(), "CUDA") == 0)
    return cublasLibrary();
#ifdef AMPCC_HAVE_CLBLAST
  if (openclQueue(Q))
    return clblastLibrary();
#endif
  throw concurrency::runtime_exception(
      "ampcc: ampcc::blas runs through cuBLAS on the CUDA back end and through CLBlast on the OpenCL one; this "
      "ampcc_blas was built without CLBlast, and " +
          std::string(Q.impl().Ctx.Backend->name()) + " runs this device",
      0x80004001L);
}

} // namespace

void gemm(precision p, bool trans_a, bool trans_b, std::size_t m, std::size_t n, std::size_t k, double alpha, operand a,
          operand b, double beta, operand c) {
  const queue &Q = default_launch_queue();
  libraryFor(Q).gemm(Q, p, trans_a, trans_b, m, n, k, alpha, a, b, beta, c);
}

void gemv(precision p, bool trans_a, std::size_t m, std::size_t n, double alpha, operand a, operand x, double beta,
          operand y) {
  const queue &Q = default_launch_queue();
  libraryFor(Q).gemv(Q, p, trans_a, m, n, alpha, a, x, beta, y);
}

void axpy(precision p, std::size_t n, double alpha, operand x, operand y) {
  const queue &Q = default_launch_queue();
  libraryFor(Q).axpy(Q, p, n, alpha, x, y);
}

void scal(precision p, std::size_t n, double alpha, operand x) {
  const queue &Q = default_launch_queue();
  libraryFor(Q).scal(Q, p, n, alpha, x);
}

void dot(precision p, std::size_t n, operand x, operand y, operand result) {
  const queue &Q = default_launch_queue();
  libraryFor(Q).dot(Q, p, n, x, y, result);
}

} // namespace ampcc::rt::blas
