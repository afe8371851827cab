// Bounds guards in the runtime: a check buffer per launch, read back after it to report the first out-of-bounds
// access with the check site's file, line and column; or, for kernels that record nothing, one kept per context.
#include "KernelChecks.h"

#include <vector>

namespace ampcc::rt {
namespace {

// E_BOUNDS: "the operation attempted to access data outside the valid range".
constexpr long EBounds = 0x8000000BL;
// E_FAIL, for direct3d_errorf and direct3d_abort.
constexpr long EFail = 0x80004005L;

// A direct3d_errorf or direct3d_abort call, reported through the check buffer like a violation.
bool isCall(check_kind Kind) { return Kind == check_kind::errorf || Kind == check_kind::abort; }

std::string tuple(const std::uint32_t *Words, unsigned N) {
  std::string S = "(";
  for (unsigned I = 0; I < N && I < 3; ++I)
    S += (I ? ", " : "") + std::to_string(static_cast<std::int32_t>(Words[I]));
  return S + ")";
}

void *zeroedBuffer(DeviceContext &Ctx, std::size_t Bytes) {
  return Ctx.Backend->allocateZeroed(Bytes, "creating the check buffer of a guarded kernel");
}

} // namespace

std::size_t checkBufferBytes(const check_table &Table) {
  // The scratch element comes after the header, the zero element after it, each at a 128-byte boundary (any
  // element type's alignment).
  return CheckScratchWord * sizeof(std::uint32_t) + 2 * ((Table.scratch_bytes + 127) / 128 * 128);
}

CheckBuffer::CheckBuffer(DeviceContext &Ctx, const check_table &Table)
    : Ctx(Ctx), Table(Table), Buf(zeroedBuffer(Ctx, checkBufferBytes(Table))) {}

void *quietCheckBuffer(DeviceContext &Ctx, const check_table &Table) {
  // Kernels write only the scratch element, whatever their programs' sizes: one buffer per size, since the zero
  // element of one size lies where the scratch element of a larger one does.
  std::size_t Bytes = checkBufferBytes(Table);
  void *&Buf = Ctx.QuietCheckBuffers[Bytes];
  if (!Buf)
    Buf = zeroedBuffer(Ctx, Bytes);
  return Buf;
}

CheckBuffer::~CheckBuffer() {
  if (Buf)
    Ctx.Backend->release(Buf);
}

void CheckBuffer::finish(QueueBackend &Queue, const kernel_desc &Desc) {
  std::uint32_t Words[CheckHeaderWords] = {};
  submitPendingWork();
  Queue.read(Buf, 0, sizeof Words, Words, nullptr);
  if (Words[CheckFlag] == 0)
    return;
  std::uint32_t Site = Words[CheckSite];
  check_kind Kind = Site < Table.count ? Table.sites[Site].kind : check_kind::access;
  if (isCall(Kind))
    throw concurrency::runtime_exception("ampcc: a kernel called " + checkViolationMessage(Words, Table, Desc.rank),
                                         EFail);
  throw concurrency::runtime_exception("ampcc: out-of-bounds access in a kernel (checked mode): " +
                                           checkViolationMessage(Words, Table, Desc.rank),
                                       EBounds);
}

std::string checkViolationMessage(const std::uint32_t *Words, const check_table &Table, unsigned Rank) {
  std::uint32_t Site = Words[CheckSite];
  std::string Where = "check " + std::to_string(Site), View = "the view";
  check_kind Kind = check_kind::access;
  if (Site < Table.count) {
    const check_site &S = Table.sites[Site];
    Where = std::string(S.file) + ":" + std::to_string(S.line) + ":" + std::to_string(S.column);
    if (S.view && *S.view)
      View = S.view;
    Kind = S.kind;
  }
  unsigned ViewRank = Words[CheckRank];
  std::string Extent = tuple(Words + CheckExtent, ViewRank);
  std::string What;
  switch (Kind) {
  case check_kind::access:
    What = "index " + tuple(Words + CheckIndex, Words[CheckCount]) + " of " + View + " is outside its extent " + Extent;
    break;
  case check_kind::projection:
    What = "projection " + View + "[" + std::to_string(static_cast<std::int32_t>(Words[CheckIndex])) +
           "] is outside its extent " + Extent;
    break;
  case check_kind::section:
    What = "section of " + View + " at origin " + tuple(Words + CheckIndex, ViewRank) + " with extent " +
           tuple(Words + CheckSection, ViewRank) + " does not fit its extent " + Extent;
    break;
  case check_kind::errorf:
    What = "direct3d_errorf(" + View + ")";
    break;
  case check_kind::abort:
    What = "direct3d_abort()";
    break;
  }
  // OpenCL dimension Rank-1-d carries C++ AMP dimension d.
  std::uint32_t Id[3] = {0, 0, 0};
  unsigned R = Rank == 0 || Rank > 3 ? 1 : Rank;
  for (unsigned D = 0; D < R; ++D)
    Id[D] = Words[CheckGlobalId + R - 1 - D];
  std::uint32_t Count = Words[CheckViolations];
  return Where + ": " + What + " (thread " + tuple(Id, R) + "; " + std::to_string(Count) +
         (isCall(Kind) ? (Count == 1 ? " call" : " calls") : Count == 1 ? " out-of-bounds access" : " out-of-bounds accesses") +
         " in this launch)";
}

} // namespace ampcc::rt
