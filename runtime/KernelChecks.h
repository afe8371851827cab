// Bounds guards in the runtime: the check buffer a guarded kernel writes its first out-of-bounds access to (checked
// mode) and reads and writes in place of elements out of bounds, and the exception that reports the access after
// the launch.
#ifndef AMPCC_RUNTIME_KERNELCHECKS_H
#define AMPCC_RUNTIME_KERNELCHECKS_H

#include "RuntimeState.h"

#include <cstdint>
#include <string>

namespace ampcc::rt {

// The layout the generated OpenCL C writes, as uint32: the kernel ABI's table (AMPCC_ABI_CHECK_WORD), the
// translator printing the same rows (lib/CodeGen/BoundsChecks.cpp).
enum CheckWord : unsigned {
#define AMPCC_ABI_CHECK_WORD(Name, Index) Check##Name = Index,
#include <ampcc/kernel_abi.def>
};

// The bytes of the check buffer for Table: the header, the scratch element and the zero element.
std::size_t checkBufferBytes(const check_table &Table);

// The zeroed check buffer of one launch of a kernel that records something in it; released with the object.
class CheckBuffer {
public:
  CheckBuffer(DeviceContext &Ctx, const check_table &Table);
  ~CheckBuffer();
  CheckBuffer(const CheckBuffer &) = delete;
  CheckBuffer &operator=(const CheckBuffer &) = delete;
  void *buffer() const { return Buf; }
  // Waits for the launch on Queue and reads the buffer back; throws runtime_exception (E_BOUNDS) with
  // checkViolationMessage when the kernel recorded a violation.
  void finish(QueueBackend &Queue, const kernel_desc &Desc);

private:
  DeviceContext &Ctx;
  const check_table &Table;
  void *Buf = nullptr;
};

// The check buffer of a quiet table (check_table::quiet): one per context and size, made zeroed on first use and
// kept with the context (Ctx.Mutex held).
void *quietCheckBuffer(DeviceContext &Ctx, const check_table &Table);

// "file:line:col: index (4, 0) of a is outside its extent (4, 4) ..." for a check buffer's header words;
// Rank is the compute domain's, to put the work-item's global id in C++ AMP order.
std::string checkViolationMessage(const std::uint32_t *Words, const check_table &Table, unsigned Rank);

} // namespace ampcc::rt

#endif
