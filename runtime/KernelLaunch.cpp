// Builds each embedded program once per device (through its back end) and enqueues kernels with C++ AMP's rules
// for compute domains and tiles.
#include "DeviceCode.h"
#include "KernelChecks.h"
#include "LaunchGrid.h"
#include "RuntimeState.h"
#include "Trace.h"
#include "backend/OpenCLBackend.h"

#include <algorithm>
#include <climits>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace ampcc::rt {

std::string extentText(const int *E, unsigned Rank) {
  std::string S = "(";
  for (unsigned D = 0; D < Rank; ++D)
    S += (D ? ", " : "") + std::to_string(E[D]);
  return S + ")";
}

std::string launchTraceArgs(const LaunchShape &Shape) {
  auto list = [](auto *V, unsigned N) {
    std::string S = "[";
    for (unsigned I = 0; I < N; ++I)
      S += (I ? "," : "") + std::to_string(V[I]);
    return S + "]";
  };
  return "\"extent\":" + list(Shape.Extent, Shape.Rank) + ",\"global\":" + list(Shape.Global, Shape.Dims) +
         ",\"local\":" + list(Shape.Local, Shape.Dims);
}

void throwBackendError(const BackendError &E, const std::string &What) {
  std::string Msg = "ampcc: " + What + " failed: " + E.Name + " (" + std::to_string(E.Code) + ")";
  if (E.OutOfMemory)
    throw concurrency::out_of_memory(Msg);
  throw concurrency::runtime_exception(Msg, E.Code);
}

namespace {

std::string describe(int Device) {
  const std::wstring &W = devices().at(Device).description;
  return std::string(W.begin(), W.end());
}

// Builds a program through the device's back end, timed for AMPCC_PROFILE and the trace.
void *program(DeviceContext &Ctx, const kernel_desc &Desc, const ProgramId &Id) {
  auto It = Ctx.Programs.find(Id);
  if (It != Ctx.Programs.end())
    return It->second;
  auto Start = std::chrono::steady_clock::now();
  trace::HostSpan Span("build", std::string("program of ") + Desc.source_file);
  std::string Form;
  void *P = Ctx.Backend->loadProgram(Desc, Id, Form);
  auto Nanos = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - Start).count();
  counters().BuildNanos += Nanos;
  Span.Args = "\"device\":" + trace::quoted(describe(Ctx.Index)) + ",\"form\":" + trace::quoted(Form);
  if (profiling())
    std::fprintf(stderr, "ampcc profile: program of %s on %s: %s (%.1f ms)\n", Desc.source_file,
                 describe(Ctx.Index).c_str(), Form.c_str(), Nanos / 1e6);
  Ctx.Programs.emplace(Id, P);
  return P;
}

// Whether P lies in the image of the executable or of a loaded library (a string literal, a static array)
// rather than on the heap or the stack.
bool inProgramImage(const void *P) {
  Dl_info Info;
  return dladdr(P, &Info) != 0;
}

// Descriptors seen at more addresses than this (made on the heap in a loop, say) start the slots afresh:
// the slots only remember lookups, the kernels stay in Ctx.Kernels.
constexpr size_t MaxSlots = 4096;

// The slow path: the program found by its text, the kernel by program and name, the slot remembered.
const LaunchSlot &findKernel(DeviceContext &Ctx, const kernel_desc &Desc) {
  ProgramId Id = programId(Desc.source, std::strlen(Desc.source), OpenCLBuildOptions);
  auto It = Ctx.Kernels.find({Id, Desc.name});
  if (It == Ctx.Kernels.end()) {
    void *P = program(Ctx, Desc, Id);
    size_t KernelLimit = 0;
    void *K = Ctx.Backend->kernel(P, Desc.name, KernelLimit);
    // The kernel's own limit can be below the device's (registers, local memory).
    size_t Limit = devices().at(Ctx.Index).max_work_group_size;
    if (KernelLimit)
      Limit = Limit ? std::min(Limit, KernelLimit) : KernelLimit;
    It = Ctx.Kernels.emplace(std::make_pair(Id, std::string(Desc.name)), KernelEntry{K, Limit ? Limit : 256}).first;
  }
  if (Ctx.Slots.size() >= MaxSlots)
    Ctx.Slots.clear();
  LaunchSlot &Slot = Ctx.Slots[&Desc];
  Slot.Source = Desc.source;
  Slot.Name = Desc.name;
  Slot.StaticText = inProgramImage(Desc.source) && inProgramImage(Desc.name);
  Slot.SourceText = Slot.StaticText ? std::string() : std::string(Desc.source);
  Slot.NameText = Slot.StaticText ? std::string() : std::string(Desc.name);
  Slot.Entry = &It->second;
  Slot.KernelName = It->first.second.c_str();
  return Slot;
}

// The kernel of Desc, through its launch slot while the slot still describes Desc.
const LaunchSlot &kernel(DeviceContext &Ctx, const kernel_desc &Desc) {
  auto It = Ctx.Slots.find(&Desc);
  if (It != Ctx.Slots.end()) {
    const LaunchSlot &Slot = It->second;
    if (Slot.Source == Desc.source && Slot.Name == Desc.name &&
        (Slot.StaticText || (Slot.NameText == Desc.name && Slot.SourceText == Desc.source)))
      return Slot;
  }
  return findKernel(Ctx, Desc);
}

// The scratch buffer for a launch of a kernel that keeps local variables in global memory (kernel_desc): a slot
// per thread of the NDRange (Global, padding threads included), then one per work-group. The queue's buffer,
// grown when this launch needs more; a buffer given up stays alive in the driver until the kernels using it have run
// (OpenCL keeps it; CUDA's cuMemFree waits for them).
void *scratchBuffer(queue_impl &Q, const kernel_desc &Desc, const size_t Global[3], const size_t Local[3],
                     const device_info &Info) {
  if (!Desc.scratch_thread_bytes && !Desc.scratch_tile_bytes)
    return nullptr;
  size_t Threads = Global[0] * Global[1] * Global[2];
  size_t Groups = (Global[0] / Local[0]) * (Global[1] / Local[1]) * (Global[2] / Local[2]);
  long double Want = static_cast<long double>(Threads) * Desc.scratch_thread_bytes +
                     static_cast<long double>(Groups) * Desc.scratch_tile_bytes;
  // The message of a launch that cannot have its buffer (made only then: this is the launch path).
  auto tooLarge = [&](const std::string &Why) {
    return concurrency::runtime_exception(
        "ampcc: kernel " + std::string(Desc.name) + " keeps the local variables its array_views view in global " +
            "memory, " + std::to_string(Desc.scratch_thread_bytes) + " bytes per thread and " +
            std::to_string(Desc.scratch_tile_bytes) + " per tile: " +
            std::to_string(static_cast<unsigned long long>(Want)) + " bytes for " + std::to_string(Threads) +
            " threads, " + Why,
        0x8007000EL);
  };
  if (Want > static_cast<long double>(SIZE_MAX / 2))
    throw tooLarge("more than " + describe(Info.index) + " can allocate");
  size_t Bytes = static_cast<size_t>(Want);
  if (Q.Scratch && Q.ScratchBytes >= Bytes)
    return Q.Scratch;
  BackendError Err;
  void *Buffer = Q.Ctx.Backend->allocate(Bytes, Err);
  if (!Buffer)
    throw tooLarge("which " + describe(Info.index) + " could not allocate (" + Err.Name + ")");
  if (Q.Scratch)
    Q.Ctx.Backend->release(Q.Scratch);
  Q.Scratch = Buffer;
  Q.ScratchBytes = Bytes;
  return Buffer;
}

} // namespace

// MSVC's words, which programs (and the conformance suite) look for.
void refuse_cpu_accelerator_launch() {
  throw concurrency::runtime_exception(
      "concurrency::parallel_for_each is not supported on the selected accelerator \"CPU accelerator\".", 0x80070057L);
}

void launch(const kernel_desc &Desc, const queue &Q, const int *Extent, const kernel_arg *Args, std::size_t NArgs) {
  // The CPU accelerator runs no kernels (the arrays that live on it are refused where the launch names them).
  if (Q.is_host())
    refuse_cpu_accelerator_launch();
  unsigned Rank = Desc.rank;
  for (unsigned D = 0; D < Rank; ++D)
    if (Extent[D] < 0)
      throw concurrency::invalid_compute_domain("ampcc: the extent " + extentText(Extent, Rank) + " of kernel " +
                                                Desc.name + " has a negative dimension");
  for (unsigned D = 0; D < Rank; ++D)
    if (Extent[D] == 0)
      return;

  bool Tiled = Desc.tile[0] != 0;
  const device_info &Info = devices().at(Q.device());
  if (Tiled) {
    size_t Threads = 1;
    for (unsigned D = 0; D < Rank; ++D) {
      if (Extent[D] % static_cast<int>(Desc.tile[D]) != 0)
        throw concurrency::invalid_compute_domain(
            "ampcc: the extent " + extentText(Extent, Rank) + " is not divisible by the tile " +
            extentText(reinterpret_cast<const int *>(Desc.tile), Rank) + " in kernel " + Desc.name +
            " (use tiled_extent::pad() or truncate())");
      Threads *= Desc.tile[D];
    }
    if (Threads > 1024 || Threads > Info.max_work_group_size)
      throw concurrency::invalid_compute_domain(
          "ampcc: a tile of " + std::to_string(Threads) + " threads in kernel " + Desc.name + " is more than " +
          describe(Q.device()) + " runs in one work-group (" + std::to_string(Info.max_work_group_size) + ")");
    if (Desc.local_bytes > Info.local_memory_bytes)
      throw concurrency::runtime_exception("ampcc: kernel " + std::string(Desc.name) + " needs " +
                                               std::to_string(Desc.local_bytes) + " bytes of tile_static memory; " +
                                               describe(Q.device()) + " has " + std::to_string(Info.local_memory_bytes),
                                           0x80070057L);
  }

  DeviceContext &Ctx = Q.impl().Ctx;
  std::optional<CheckBuffer> Checks;
  std::unique_lock<std::mutex> Lock(Ctx.Mutex);
  const LaunchSlot &Slot = kernel(Ctx, Desc);
  size_t Limit = Slot.Entry->Limit;

  // OpenCL dimension Rank-1-D carries C++ AMP dimension D. Above rank 3 (never tiled), OpenCL dimension 2
  // carries C++ AMP dimensions 0..Rank-3 folded into one, slowest first; the kernel unfolds them. Chosen before any
  // buffer is made, so that a domain the device cannot launch is refused with nothing moved.
  LaunchShape Shape{Slot.KernelName, &Desc, Extent, Rank, 0, {1, 1, 1}, {1, 1, 1}};
  size_t *Global = Shape.Global, *Local = Shape.Local;
  int Folded[3];
  if (Rank > 3) {
    long long Outer = 1;
    for (unsigned D = 0; D + 2 < Rank; ++D)
      Outer *= Extent[D];
    if (Outer > INT_MAX)
      throw concurrency::invalid_compute_domain("ampcc: the extent " + extentText(Extent, Rank) + " of kernel " +
                                                Desc.name + " has more than 2^31 elements in its leading dimensions");
    Folded[0] = static_cast<int>(Outer);
    Folded[1] = Extent[Rank - 2];
    Folded[2] = Extent[Rank - 1];
  }
  unsigned NdRank = std::min(Rank, 3u);
  GridLimits Limits{Limit,
                    {Info.max_work_item_sizes[0], Info.max_work_item_sizes[1], Info.max_work_item_sizes[2]},
                    {Info.max_groups[0], Info.max_groups[1], Info.max_groups[2]}};
  std::string TooBig = chooseGrid(Rank > 3 ? Folded : Extent, NdRank, Tiled ? Desc.tile : nullptr, Limits, Global, Local);
  if (!TooBig.empty())
    throw concurrency::invalid_compute_domain("ampcc: the extent " + extentText(Extent, Rank) + " of kernel " +
                                              Desc.name + " " + TooBig + " on " + describe(Q.device()));
  // The compute domain: padded with 1s to 3 dimensions, or all of them above rank 3.
  std::vector<int> Dom(std::max(Rank, 3u), 1);
  std::copy(Extent, Extent + Rank, Dom.begin());
  // The buffers, in an order that loses no data when the device runs out of memory: every one made first, then
  // those the kernel reads (uploads, after which the device holds their data), then the write-only ones (marked
  // current on the device, with nothing uploaded, only once nothing else can fail for want of memory).
  std::vector<void *> Buffers(NArgs + 2);
  for (std::size_t I = 0; I < NArgs; ++I)
    if (Args[I].kind == kernel_arg::buffer)
      Args[I].st->allocate_on(Q);
  for (int WriteOnly = 0; WriteOnly < 2; ++WriteOnly)
    for (std::size_t I = 0; I < NArgs; ++I)
      if (Args[I].kind == kernel_arg::buffer && (Args[I].mode == access::write) == (WriteOnly == 1))
        Buffers[I] = Args[I].st->device_buffer(Q, Args[I].mode);
  // The kernel's parameters: the domain, then per capture a buffer and its shape or a value, a check buffer, and
  // the scratch buffer last. Buffers are passed as the handles the back end made them with.
  std::vector<KernelArgument> Params;
  Params.reserve(2 * NArgs + 2);
  Params.push_back({Dom.data(), Dom.size() * sizeof(int), "the compute domain"});
  for (std::size_t I = 0; I < NArgs; ++I) {
    const kernel_arg &A = Args[I];
    if (A.kind == kernel_arg::checks) {
      // A quiet table's kernels record nothing: no buffer of the launch's own, nothing to wait for.
      const check_table &Table = *static_cast<const check_table *>(A.bytes);
      Buffers[I] = Table.quiet ? quietCheckBuffer(Ctx, Table) : Checks.emplace(Ctx, Table).buffer();
      Params.push_back({&Buffers[I], sizeof(void *), "the check buffer"});
      continue;
    }
    if (A.kind == kernel_arg::buffer)
      Params.push_back({&Buffers[I], sizeof(void *), "a buffer argument"});
    Params.push_back({A.bytes, A.size, "an argument"});
  }

  Shape.Dims = NdRank;
  // Local variables that the kernel's views view live in the queue's scratch buffer (kernel_desc).
  if (void *Scratch = scratchBuffer(Q.impl(), Desc, Global, Local, Info)) {
    Buffers[NArgs] = Scratch;
    Params.push_back({&Buffers[NArgs], sizeof(void *), "the scratch buffer"});
  }
  Q.impl().Queue->launch(Slot.Entry->Kernel, Params.data(), Params.size(), Shape);
  counters().Launches++;
  // A driver may set up state of its own the first time it runs a kernel (PoCL compiles it then, and LLVM
  // makes function-local statics), whose destructors would run before the runtime's owner at exit finishes
  // the queues: a kernel still queued then crashes the driver. So the first launch of the process waits for
  // its kernel and registers a finisher after that state, which therefore runs before it goes.
  static std::once_flag ExitFinisher;
  std::call_once(ExitFinisher, [&] {
    Q.impl().Queue->finishQuietly();
    std::atexit(finishAllQueues);
  });
  if (Checks) {
    // Checked mode reports a violation at the launch that made it, as a sanitizer would: it waits here.
    Lock.unlock();
    Checks->finish(*Q.impl().Queue, Desc);
    return;
  }
  // Let the device start now, or soon (queue_impl::enqueued); the host waits only where C++ AMP says it must.
  Q.impl().enqueued();
}

} // namespace ampcc::rt
