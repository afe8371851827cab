// Builds each embedded OpenCL C program once per device and enqueues kernels with C++ AMP's rules for
// compute domains and tiles.
#include "DeviceCode.h"
#include "KernelChecks.h"
#include "RuntimeState.h"
#include "Trace.h"

#include <algorithm>
#include <climits>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <mutex>
#include <optional>
#include <vector>

namespace ampcc::rt {
namespace {

std::string describe(int Device) {
  const std::wstring &W = devices().at(Device).description;
  return std::string(W.begin(), W.end());
}

std::string extentText(const int *E, unsigned Rank) {
  std::string S = "(";
  for (unsigned D = 0; D < Rank; ++D)
    S += (D ? ", " : "") + std::to_string(E[D]);
  return S + ")";
}

// A launch's arguments in the AMPCC_TRACE timeline: the C++ AMP extent, and OpenCL's global and local sizes.
std::string launchArgs(const int *Extent, unsigned Rank, const size_t *Global, const size_t *Local, unsigned NdRank) {
  auto list = [](auto *V, unsigned N) {
    std::string S = "[";
    for (unsigned I = 0; I < N; ++I)
      S += (I ? "," : "") + std::to_string(V[I]);
    return S + "]";
  };
  return "\"extent\":" + list(Extent, Rank) + ",\"global\":" + list(Global, NdRank) +
         ",\"local\":" + list(Local, NdRank);
}

// `-w`: the device compiler's warnings are about generated code (a nullptr_t value lowered to a constant, a helper
// no kernel of the program calls), which the user cannot act on; the driver prints them on the program's stderr
// (PoCL does). Errors still fail the build and are reported at the user's line.
const char *BuildOptions = "-cl-std=CL1.2 -w";

[[noreturn]] void buildFailed(DeviceContext &Ctx, cl_program P, cl_int Err, const kernel_desc &Desc) {
  size_t N = 0;
  clGetProgramBuildInfo(P, Ctx.Id, CL_PROGRAM_BUILD_LOG, 0, nullptr, &N);
  std::string Log(N, '\0');
  clGetProgramBuildInfo(P, Ctx.Id, CL_PROGRAM_BUILD_LOG, N, Log.data(), nullptr);
  clReleaseProgram(P);
  throw concurrency::runtime_exception("ampcc: the OpenCL C generated from " + std::string(Desc.source_file) +
                                           " failed to build on " + describe(Ctx.Index) + " (" + clErrorName(Err) +
                                           "):\n" + Log,
                                       Err);
}

cl_program program(DeviceContext &Ctx, const kernel_desc &Desc, const ProgramId &Id) {
  auto It = Ctx.Programs.find(Id);
  if (It != Ctx.Programs.end())
    return It->second;
  auto Start = std::chrono::steady_clock::now();
  trace::HostSpan Span("build", std::string("program of ") + Desc.source_file);
  const device_info &Info = devices().at(Ctx.Index);
  std::string Key = programCacheKey(Id, Info);
  cl_program P = nullptr;
  cl_int Err = CL_SUCCESS;
  std::string Form = "OpenCL C, built";
  // Device code compiled ahead of time for this device skips the OpenCL C compiler, and the disk cache:
  // the program already holds it.
  std::vector<device_code> Codes = deviceCodeEnabled() ? registeredDeviceCode(Desc.source) : std::vector<device_code>();
  if (int Chosen = chooseDeviceCode(Codes.data(), Codes.size(), Info); Chosen >= 0) {
    const device_code &Code = Codes[Chosen];
    const unsigned char *Bin = Code.data;
    size_t Size = Code.size;
    cl_int Status = CL_SUCCESS;
    P = clCreateProgramWithBinary(Ctx.Context, 1, &Ctx.Id, &Size, &Bin, &Status, &Err);
    cl_int BuildErr = Err == CL_SUCCESS && Status == CL_SUCCESS
                          ? clBuildProgram(P, 1, &Ctx.Id, BuildOptions, nullptr, nullptr)
                          : (Err != CL_SUCCESS ? Err : Status);
    if (BuildErr != CL_SUCCESS) {
      if (P)
        clReleaseProgram(P);
      P = nullptr;
      if (profiling())
        std::fprintf(stderr, "ampcc profile: %s did not load the embedded %s of %s (%s); using the OpenCL C\n",
                     describe(Ctx.Index).c_str(), describeDeviceCode(Code).c_str(), Desc.source_file,
                     clErrorName(BuildErr));
    } else {
      counters().FromDeviceCode++;
      Form = "embedded " + describeDeviceCode(Code);
    }
  }
  // A binary built by an earlier run for this device, driver, source and options skips the compiler.
  std::vector<unsigned char> Binary = P ? std::vector<unsigned char>() : loadCachedBinary(Key, Info);
  if (!Binary.empty()) {
    const unsigned char *Bin = Binary.data();
    size_t Size = Binary.size();
    cl_int Status = CL_SUCCESS;
    P = clCreateProgramWithBinary(Ctx.Context, 1, &Ctx.Id, &Size, &Bin, &Status, &Err);
    if (Err != CL_SUCCESS || Status != CL_SUCCESS ||
        clBuildProgram(P, 1, &Ctx.Id, BuildOptions, nullptr, nullptr) != CL_SUCCESS) {
      if (P)
        clReleaseProgram(P);
      P = nullptr;
      ignoredCacheEntry(Key, "the driver did not accept its binary");
    } else {
      counters().CacheHits++;
      Form = "OpenCL C, from the disk cache";
    }
  }
  if (!P) {
    const char *Src = Desc.source;
    P = clCreateProgramWithSource(Ctx.Context, 1, &Src, nullptr, &Err);
    if (cl_int E_ = Err; E_ != CL_SUCCESS)
      throwCl(E_, "creating the OpenCL program of " + std::string(Desc.source_file));
    Err = clBuildProgram(P, 1, &Ctx.Id, BuildOptions, nullptr, nullptr);
    if (Err != CL_SUCCESS)
      buildFailed(Ctx, P, Err, Desc);
    counters().Builds++;
    size_t Size = 0;
    if (clGetProgramInfo(P, CL_PROGRAM_BINARY_SIZES, sizeof Size, &Size, nullptr) == CL_SUCCESS && Size) {
      std::vector<unsigned char> Out(Size);
      unsigned char *Ptr = Out.data();
      if (clGetProgramInfo(P, CL_PROGRAM_BINARIES, sizeof Ptr, &Ptr, nullptr) == CL_SUCCESS)
        storeCachedBinary(Key, Info, Out);
    }
  }
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
  ProgramId Id = programId(Desc.source, std::strlen(Desc.source), BuildOptions);
  auto It = Ctx.Kernels.find({Id, Desc.name});
  if (It == Ctx.Kernels.end()) {
    cl_program P = program(Ctx, Desc, Id);
    cl_int Err = CL_SUCCESS;
    cl_kernel K = clCreateKernel(P, Desc.name, &Err);
    if (Err != CL_SUCCESS)
      throwCl(Err, "creating kernel " + std::string(Desc.name));
    // The kernel's own limit can be below the device's (registers, local memory).
    size_t Limit = devices().at(Ctx.Index).max_work_group_size;
    size_t KernelLimit = 0;
    if (clGetKernelWorkGroupInfo(K, Ctx.Id, CL_KERNEL_WORK_GROUP_SIZE, sizeof KernelLimit, &KernelLimit, nullptr) ==
            CL_SUCCESS &&
        KernelLimit)
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
// grown when this launch needs more; a buffer given up stays alive in OpenCL until the kernels using it have run.
cl_mem scratchBuffer(queue_impl &Q, const kernel_desc &Desc, const size_t Global[3], const size_t Local[3],
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
  cl_int Err = CL_SUCCESS;
  cl_mem Buffer = clCreateBuffer(Q.Ctx.Context, CL_MEM_READ_WRITE, Bytes, nullptr, &Err);
  if (Err != CL_SUCCESS || !Buffer)
    throw tooLarge("which " + describe(Info.index) + " could not allocate (" + clErrorName(Err) + ")");
  if (Q.Scratch)
    clReleaseMemObject(Q.Scratch);
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
  cl_kernel K = Slot.Entry->Kernel;
  size_t Limit = Slot.Entry->Limit;

  // The compute domain: padded with 1s to 3 dimensions, or all of them above rank 3.
  std::vector<int> Dom(std::max(Rank, 3u), 1);
  std::copy(Extent, Extent + Rank, Dom.begin());
  cl_uint Arg = 0;
  if (cl_int E_ = clSetKernelArg(K, Arg++, Dom.size() * sizeof(int), Dom.data()); E_ != CL_SUCCESS)
    throwCl(E_, "setting the compute domain of " + std::string(Desc.name));
  // The buffers, in an order that loses no data when the device runs out of memory: every one made first, then
  // those the kernel reads (uploads, after which the device holds their data), then the write-only ones (marked
  // current on the device, with nothing uploaded, only once nothing else can fail for want of memory).
  std::vector<cl_mem> Buffers(NArgs);
  for (std::size_t I = 0; I < NArgs; ++I)
    if (Args[I].kind == kernel_arg::buffer)
      Args[I].st->allocate_on(Q);
  for (int WriteOnly = 0; WriteOnly < 2; ++WriteOnly)
    for (std::size_t I = 0; I < NArgs; ++I)
      if (Args[I].kind == kernel_arg::buffer && (Args[I].mode == access::write) == (WriteOnly == 1))
        Buffers[I] = static_cast<cl_mem>(Args[I].st->device_buffer(Q, Args[I].mode));
  for (std::size_t I = 0; I < NArgs; ++I) {
    const kernel_arg &A = Args[I];
    if (A.kind == kernel_arg::checks) {
      // A quiet table's kernels record nothing: no buffer of the launch's own, nothing to wait for.
      const check_table &Table = *static_cast<const check_table *>(A.bytes);
      cl_mem Buf = Table.quiet ? quietCheckBuffer(Ctx, Table) : Checks.emplace(Ctx, Table).buffer();
      if (cl_int E_ = clSetKernelArg(K, Arg++, sizeof Buf, &Buf); E_ != CL_SUCCESS)
        throwCl(E_, "setting the check buffer of " + std::string(Desc.name));
      continue;
    }
    if (A.kind == kernel_arg::buffer) {
      cl_mem Buf = Buffers[I];
      if (cl_int E_ = clSetKernelArg(K, Arg++, sizeof Buf, &Buf); E_ != CL_SUCCESS)
        throwCl(E_, "setting a buffer argument of " + std::string(Desc.name));
    }
    if (cl_int E_ = clSetKernelArg(K, Arg++, A.size, A.bytes); E_ != CL_SUCCESS)
      throwCl(E_, "setting an argument of " + std::string(Desc.name));
  }

  // OpenCL dimension Rank-1-D carries C++ AMP dimension D. Above rank 3 (never tiled), OpenCL dimension 2
  // carries C++ AMP dimensions 0..Rank-3 folded into one, slowest first; the kernel unfolds them.
  size_t Global[3] = {1, 1, 1}, Local[3] = {1, 1, 1};
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
  const int *NdExtent = Rank > 3 ? Folded : Extent;
  unsigned NdRank = std::min(Rank, 3u);
  if (Tiled) {
    for (unsigned D = 0; D < NdRank; ++D) {
      Global[NdRank - 1 - D] = NdExtent[D];
      Local[NdRank - 1 - D] = Desc.tile[D];
    }
  } else {
    // Work-groups the runtime picks; the kernel skips the threads past the extent.
    static const size_t Shapes[3][3] = {{256, 1, 1}, {16, 16, 1}, {8, 8, 4}};
    for (unsigned D = 0; D < NdRank; ++D) {
      size_t Want = Shapes[NdRank - 1][NdRank - 1 - D];
      size_t E = NdExtent[D];
      Local[NdRank - 1 - D] = std::min(Want, E);
    }
    while (Local[0] * Local[1] * Local[2] > Limit) {
      size_t *Big = std::max_element(Local, Local + 3);
      *Big /= 2;
    }
    for (unsigned D = 0; D < NdRank; ++D) {
      size_t L = Local[NdRank - 1 - D];
      Global[NdRank - 1 - D] = (NdExtent[D] + L - 1) / L * L;
    }
  }
  // Local variables that the kernel's views view live in the queue's scratch buffer (kernel_desc).
  if (cl_mem Scratch = scratchBuffer(Q.impl(), Desc, Global, Local, Info))
    if (cl_int E_ = clSetKernelArg(K, Arg++, sizeof Scratch, &Scratch); E_ != CL_SUCCESS)
      throwCl(E_, "setting the scratch buffer of " + std::string(Desc.name));
  cl_event Done = nullptr;
  std::optional<TracedCommand> Traced;
  if (Q.impl().TraceTrack >= 0)
    Traced.emplace(Q.impl(), "launch", Slot.KernelName, launchArgs(Extent, Rank, Global, Local, NdRank));
  cl_int Err = clEnqueueNDRangeKernel(Q.impl().Queue, K, NdRank, nullptr, Global, Local, 0, nullptr,
                                      profiling() || Traced ? &Done : nullptr);
  if (Err != CL_SUCCESS)
    throwCl(Err, "clEnqueueNDRangeKernel for kernel " + std::string(Desc.name) + " over " + extentText(Extent, Rank));
  if (Traced)
    Traced->adopt(Done);
  if (Done && profiling())
    recordKernelTime(Slot.KernelName, Done);
  else if (Done)
    clReleaseEvent(Done);
  Traced.reset();
  counters().Launches++;
  // A driver may set up state of its own the first time it runs a kernel (PoCL compiles it then, and LLVM
  // makes function-local statics), whose destructors would run before the runtime's owner at exit finishes
  // the queues: a kernel still queued then crashes the driver. So the first launch of the process waits for
  // its kernel and registers a finisher after that state, which therefore runs before it goes.
  static std::once_flag ExitFinisher;
  std::call_once(ExitFinisher, [&] {
    clFinish(Q.impl().Queue);
    std::atexit(finishAllQueues);
  });
  if (Checks) {
    // Checked mode reports a violation at the launch that made it, as a sanitizer would: it waits here.
    Lock.unlock();
    Checks->finish(Q.impl().Queue, Desc);
    return;
  }
  // Let the device start now, or soon (queue_impl::enqueued); the host waits only where C++ AMP says it must.
  Q.impl().enqueued();
}

} // namespace ampcc::rt
