// The runtime side of ampcc's BLAS interop (amp_blas.h): CLBlast or cuBLAS routines, by the device's back end, run
// on the runtime's own buffers and queue. Scalars travel as double and are narrowed for single precision.
#ifndef AMPCC_BLAS_RUNTIME_H
#define AMPCC_BLAS_RUNTIME_H

#include <ampcc/runtime.h>

namespace ampcc::rt::blas {

enum class precision { f32, f64 };

// A vector or row-major matrix inside a storage: element (i, j) is at off + i * ld + j.
struct operand {
  storage *st;
  std::size_t off;
  std::size_t ld; // leading dimension (row stride) of a matrix, increment of a vector
};

void gemm(precision p, bool trans_a, bool trans_b, std::size_t m, std::size_t n, std::size_t k, double alpha, operand a,
          operand b, double beta, operand c);
void gemv(precision p, bool trans_a, std::size_t m, std::size_t n, double alpha, operand a, operand x, double beta,
          operand y);
void axpy(precision p, std::size_t n, double alpha, operand x, operand y);
void scal(precision p, std::size_t n, double alpha, operand x);
void dot(precision p, std::size_t n, operand x, operand y, operand result);

} // namespace ampcc::rt::blas

#endif
