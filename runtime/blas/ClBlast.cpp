// ampcc::blas on the OpenCL back end: CLBlast routines enqueued on the queue over the runtime's own buffers, with
// the storage's coherence rules (inputs uploaded only if stale, outputs left on the device).
#include "RuntimeState.h"
#include "backend/OpenCLBackend.h"
#include "blas/BlasLibrary.h"

#include <clblast_c.h>

namespace ampcc::rt::blas {
namespace {

struct Launch {
  const queue &Q;
  cl_command_queue CQ = openclQueue(Q);

  cl_mem in(const operand &O) { return static_cast<cl_mem>(O.st->device_buffer(Q, access::read)); }
  cl_mem inout(const operand &O) { return static_cast<cl_mem>(O.st->device_buffer(Q, access::read_write)); }
  void check(CLBlastStatusCode S, const char *Routine) {
    if (S != CLBlastSuccess)
      throw concurrency::runtime_exception(std::string("ampcc: CLBlast ") + Routine + " failed with status " +
                                               std::to_string(static_cast<int>(S)),
                                           static_cast<long>(S));
    counters().Launches++;
    clFlush(CQ);
  }
};

CLBlastTranspose tr(bool T) { return T ? CLBlastTransposeYes : CLBlastTransposeNo; }

class ClBlast : public BlasLibrary {
public:
  void gemm(const queue &Q, precision p, bool trans_a, bool trans_b, std::size_t m, std::size_t n, std::size_t k,
            double alpha, operand a, operand b, double beta, operand c) override {
    Launch L{Q};
    cl_mem A = L.in(a), B = L.in(b), C = L.inout(c);
    if (p == precision::f32)
      L.check(CLBlastSgemm(CLBlastLayoutRowMajor, tr(trans_a), tr(trans_b), m, n, k, static_cast<float>(alpha), A,
                           a.off, a.ld, B, b.off, b.ld, static_cast<float>(beta), C, c.off, c.ld, &L.CQ, nullptr),
              "SGEMM");
    else
      L.check(CLBlastDgemm(CLBlastLayoutRowMajor, tr(trans_a), tr(trans_b), m, n, k, alpha, A, a.off, a.ld, B, b.off,
                           b.ld, beta, C, c.off, c.ld, &L.CQ, nullptr),
              "DGEMM");
  }

  void gemv(const queue &Q, precision p, bool trans_a, std::size_t m, std::size_t n, double alpha, operand a, operand x,
            double beta, operand y) override {
    Launch L{Q};
    cl_mem A = L.in(a), X = L.in(x), Y = L.inout(y);
    if (p == precision::f32)
      L.check(CLBlastSgemv(CLBlastLayoutRowMajor, tr(trans_a), m, n, static_cast<float>(alpha), A, a.off, a.ld, X,
                           x.off, x.ld, static_cast<float>(beta), Y, y.off, y.ld, &L.CQ, nullptr),
              "SGEMV");
    else
      L.check(CLBlastDgemv(CLBlastLayoutRowMajor, tr(trans_a), m, n, alpha, A, a.off, a.ld, X, x.off, x.ld, beta, Y,
                           y.off, y.ld, &L.CQ, nullptr),
              "DGEMV");
  }

  void axpy(const queue &Q, precision p, std::size_t n, double alpha, operand x, operand y) override {
    Launch L{Q};
    cl_mem X = L.in(x), Y = L.inout(y);
    if (p == precision::f32)
      L.check(CLBlastSaxpy(n, static_cast<float>(alpha), X, x.off, x.ld, Y, y.off, y.ld, &L.CQ, nullptr), "SAXPY");
    else
      L.check(CLBlastDaxpy(n, alpha, X, x.off, x.ld, Y, y.off, y.ld, &L.CQ, nullptr), "DAXPY");
  }

  void scal(const queue &Q, precision p, std::size_t n, double alpha, operand x) override {
    Launch L{Q};
    cl_mem X = L.inout(x);
    if (p == precision::f32)
      L.check(CLBlastSscal(n, static_cast<float>(alpha), X, x.off, x.ld, &L.CQ, nullptr), "SSCAL");
    else
      L.check(CLBlastDscal(n, alpha, X, x.off, x.ld, &L.CQ, nullptr), "DSCAL");
  }

  void dot(const queue &Q, precision p, std::size_t n, operand x, operand y, operand result) override {
    Launch L{Q};
    cl_mem X = L.in(x), Y = L.in(y);
    std::size_t Element = p == precision::f32 ? sizeof(float) : sizeof(double);
    cl_mem R = static_cast<cl_mem>(result.st->device_buffer(Q, resultAccess(result, Element)));
    if (p == precision::f32)
      L.check(CLBlastSdot(n, R, result.off, X, x.off, x.ld, Y, y.off, y.ld, &L.CQ, nullptr), "SDOT");
    else
      L.check(CLBlastDdot(n, R, result.off, X, x.off, x.ld, Y, y.off, y.ld, &L.CQ, nullptr), "DDOT");
  }
};

} // namespace

BlasLibrary &clblastLibrary() {
  static ClBlast L;
  return L;
}

} // namespace ampcc::rt::blas
