// The routines of ampcc::rt::blas (include/ampcc/blas_runtime.h) on one BLAS library: CLBlast on the OpenCL back
// end (ClBlast.cpp), cuBLAS on the CUDA one (CuBlas.cpp). runtime/Blas.cpp picks one per queue.
#ifndef AMPCC_RUNTIME_BLAS_BLASLIBRARY_H
#define AMPCC_RUNTIME_BLAS_BLASLIBRARY_H

#include <ampcc/blas_runtime.h>

namespace ampcc::rt::blas {

// Each routine runs on Q's device, enqueued on Q, over the operands' device buffers (inputs read, outputs
// read_write, dot's result written), and counts as a launch. Operands are row-major as blas_runtime.h says.
class BlasLibrary {
public:
  virtual ~BlasLibrary() = default;
  virtual void gemm(const queue &Q, precision p, bool trans_a, bool trans_b, std::size_t m, std::size_t n,
                    std::size_t k, double alpha, operand a, operand b, double beta, operand c) = 0;
  virtual void gemv(const queue &Q, precision p, bool trans_a, std::size_t m, std::size_t n, double alpha, operand a,
                    operand x, double beta, operand y) = 0;
  virtual void axpy(const queue &Q, precision p, std::size_t n, double alpha, operand x, operand y) = 0;
  virtual void scal(const queue &Q, precision p, std::size_t n, double alpha, operand x) = 0;
  virtual void dot(const queue &Q, precision p, std::size_t n, operand x, operand y, operand result) = 0;
};

// How dot's result storage is taken: write when the result is all of it (the usual one-element view: no upload),
// else read_write, since the result may be one element of a larger array whose other elements stay.
inline access resultAccess(const operand &Result, std::size_t ElementBytes) {
  return Result.st->bytes() <= ElementBytes ? access::write : access::read_write;
}

// CLBlast, for queues on the OpenCL back end; only where ampcc_blas was built with it (AMPCC_HAVE_CLBLAST).
BlasLibrary &clblastLibrary();
// cuBLAS, for queues on the CUDA back end: libcublas opened on first use (throws when it cannot be).
BlasLibrary &cublasLibrary();

} // namespace ampcc::rt::blas

#endif
