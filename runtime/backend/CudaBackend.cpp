// The CUDA back end: a device's primary context, a stream per queue, buffers from cuMemAlloc, programs from the
// PTX ampcc embeds (cuLinkComplete's cubin kept in the disk cache), launches through cuLaunchKernel, and device
// times from event pairs for AMPCC_PROFILE and AMPCC_TRACE.
#include "DeviceCode.h"
#include "RuntimeState.h"
#include "Trace.h"
#include "backend/CudaDriver.h"

#include <cstdint>
#include <cstdio>
#include <deque>
#include <mutex>
#include <vector>

namespace ampcc::rt {

// The driver's calls act on the calling thread's current context: made current before each, and remembered per
// thread so that a thread that uses one device pays for it once. Every change goes through here (the back end's
// and cuBLAS's calls alike), so that what is remembered is what the driver holds.
cuda::CUresult cuda::setCurrent(CUcontext C) {
  thread_local CUcontext Current = nullptr;
  if (Current == C)
    return CUDA_SUCCESS;
  CUresult R = driver()->CtxSetCurrent(C);
  Current = R == CUDA_SUCCESS ? C : nullptr;
  return R;
}

namespace {

using namespace cuda;

const Driver &drv() { return *driver(); }

BackendError cudaError(CUresult R) { return {resultName(R), R, R == CUDA_ERROR_OUT_OF_MEMORY}; }

inline void check(CUresult R, const char *What) {
  if (R != CUDA_SUCCESS)
    throwBackendError(cudaError(R), What);
}

void makeCurrent(CUcontext C) { check(setCurrent(C), "making the CUDA context current"); }

std::string describe(int Device) {
  const std::wstring &W = devices().at(Device).description;
  return std::string(W.begin(), W.end());
}

CUdeviceptr ptr(void *Buffer) { return reinterpret_cast<CUdeviceptr>(Buffer); }

// A kernel and the sizes of its parameters as the PTX declares them, asked of the driver as launches need them.
struct CudaKernel {
  CUfunction Function = nullptr;
  std::vector<std::size_t> ParamSizes;
};

class CudaEvent : public PendingCommand {
public:
  CudaEvent(CUcontext Ctx, CUevent E) : Ctx(Ctx), E(E) {}
  ~CudaEvent() override {
    if (E)
      drv().EventDestroy(E);
  }
  void wait() override {
    makeCurrent(Ctx);
    check(drv().EventSynchronize(E), "waiting for a copy to the accelerator");
  }

private:
  CUcontext Ctx;
  CUevent E;
};

class CudaQueue : public QueueBackend {
public:
  CudaQueue(CUcontext Ctx, bool Timed, int Track) : Ctx(Ctx), Timed(Timed), Track(Track) {
    makeCurrent(Ctx);
    check(drv().StreamCreate(&Stream, CU_STREAM_NON_BLOCKING), "creating a CUDA stream");
    // The trace's clock: device times are measured from this event, recorded as the host reads its own clock.
    if (Timed && Track >= 0 && drv().EventCreate(&Reference, 0) == CUDA_SUCCESS) {
      ReferenceUs = trace::nowUs();
      drv().EventRecord(Reference, Stream);
    }
  }
  ~CudaQueue() override {
    finishQuietly();
    std::lock_guard<std::mutex> L(M);
    for (Timing &T : Timings) {
      drv().EventDestroy(T.Start);
      drv().EventDestroy(T.End);
    }
    if (Reference)
      drv().EventDestroy(Reference);
    drv().StreamDestroy(Stream);
  }
  void write(void *Buffer, std::size_t Offset, std::size_t Bytes, const void *Source,
             const CommandNote *Note) override {
    makeCurrent(Ctx);
    CUevent Start = begin(Note);
    check(drv().MemcpyHtoDAsync(ptr(Buffer) + Offset, Source, Bytes, Stream), "copying data to the accelerator");
    end(Start, Note);
    check(drv().StreamSynchronize(Stream), "copying data to the accelerator");
  }
  std::unique_ptr<PendingCommand> writeAsync(void *Buffer, std::size_t Bytes, const void *Source,
                                             const CommandNote *Note) override {
    makeCurrent(Ctx);
    CUevent Start = begin(Note);
    check(drv().MemcpyHtoDAsync(ptr(Buffer), Source, Bytes, Stream), "copying data to the accelerator");
    end(Start, Note);
    // From pageable memory the driver has copied Source before it returns; memory the user pinned is read later,
    // so the host waits for this event before it changes Source.
    CUevent Done = nullptr;
    constexpr unsigned DisableTiming = 2;
    check(drv().EventCreate(&Done, DisableTiming), "creating a CUDA event");
    drv().EventRecord(Done, Stream);
    return std::make_unique<CudaEvent>(Ctx, Done);
  }
  void read(void *Buffer, std::size_t Offset, std::size_t Bytes, void *Destination, const CommandNote *Note) override {
    makeCurrent(Ctx);
    CUevent Start = begin(Note);
    check(drv().MemcpyDtoHAsync(Destination, ptr(Buffer) + Offset, Bytes, Stream),
          "copying data back from the accelerator");
    end(Start, Note);
    check(drv().StreamSynchronize(Stream), "copying data back from the accelerator");
  }
  void fillZero(void *Buffer, std::size_t Bytes, const CommandNote *Note) override {
    makeCurrent(Ctx);
    CUevent Start = begin(Note);
    check(drv().MemsetD8Async(ptr(Buffer), 0, Bytes, Stream), "clearing new data on the accelerator");
    end(Start, Note);
  }
  void launch(void *Kernel, const KernelArgument *Args, std::size_t NArgs, const LaunchShape &Shape) override {
    auto &K = *static_cast<CudaKernel *>(Kernel);
    // The PTX says what each parameter takes (cuFuncGetParamInfo, CUDA 12.4 on): a launch that disagrees is
    // refused here, as OpenCL's clSetKernelArg refuses it, rather than reading past an argument. Only the parameters
    // launches pass are asked about, once each: asking past the last one fails by design, and that failure would
    // show in compute-sanitizer's report of every ampcc program. Launches are serialised by the context's mutex
    // (RuntimeState.h), so the sizes need no lock.
    if (drv().FuncGetParamInfo) {
      for (std::size_t I = K.ParamSizes.size(); I < NArgs; ++I) {
        std::size_t Offset = 0, Size = 0;
        if (drv().FuncGetParamInfo(K.Function, I, &Offset, &Size) != CUDA_SUCCESS)
          throw concurrency::runtime_exception("ampcc: kernel " + std::string(Shape.Desc->name) + " takes " +
                                                   std::to_string(I) + " parameters in its PTX; the launch passes " +
                                                   std::to_string(NArgs),
                                               CUDA_ERROR_INVALID_VALUE);
        K.ParamSizes.push_back(Size);
      }
      for (std::size_t I = 0; I < NArgs; ++I)
        if (K.ParamSizes[I] != Args[I].Size)
          throw concurrency::runtime_exception(
              "ampcc: setting " + std::string(Args[I].What) + " of " + Shape.Desc->name + " failed: parameter " +
                  std::to_string(I) + " takes " + std::to_string(K.ParamSizes[I]) + " bytes in the PTX, the launch " +
                  "passes " + std::to_string(Args[I].Size),
              CUDA_ERROR_INVALID_VALUE);
    }
    // The parameters' addresses: on the stack for the kernels ampcc makes (a few views, an extent, captures), on
    // the heap past that.
    void *Inline[32];
    std::vector<void *> Spilled(NArgs > 32 ? NArgs : 0);
    void **Params = NArgs > 32 ? Spilled.data() : Inline;
    for (std::size_t I = 0; I < NArgs; ++I)
      Params[I] = const_cast<void *>(Args[I].Bytes);
    unsigned Grid[3], Block[3];
    for (int D = 0; D < 3; ++D) {
      Block[D] = static_cast<unsigned>(Shape.Local[D]);
      Grid[D] = static_cast<unsigned>(Shape.Global[D] / Shape.Local[D]);
    }
    makeCurrent(Ctx);
    CommandNote Note{"launch", Shape.KernelName, 0};
    CUevent Start = Timed ? begin(&Note, true) : nullptr;
    CUresult R = drv().LaunchKernel(K.Function, Grid[0], Grid[1], Grid[2], Block[0], Block[1], Block[2], 0, Stream,
                                    Params, nullptr);
    if (R != CUDA_SUCCESS) {
      if (Start)
        drv().EventDestroy(Start);
      throwBackendError(cudaError(R), "cuLaunchKernel for kernel " + std::string(Shape.Desc->name) + " over " +
                                          extentText(Shape.Extent, Shape.Rank));
    }
    if (Start)
      end(Start, &Note, Track >= 0 ? launchTraceArgs(Shape) : std::string(), Shape.KernelName);
  }
  void flush() override {} // the driver submits each command as it is enqueued
  void finish(const char *What) override {
    makeCurrent(Ctx);
    check(drv().StreamSynchronize(Stream), What);
    collect(true);
  }
  void finishQuietly() noexcept override {
    if (setCurrent(Ctx) != CUDA_SUCCESS || drv().StreamSynchronize(Stream) != CUDA_SUCCESS)
      return;
    collect(true);
  }
  void *native() const override { return Stream; }

private:
  // A command whose device times are read once it has run.
  struct Timing {
    CUevent Start, End;
    const char *Category;
    std::string Name, Args;
    const char *ProfiledKernel; // a launch under AMPCC_PROFILE
  };

  // The start event of a command that is timed (a launch under AMPCC_PROFILE; every command when tracing).
  CUevent begin(const CommandNote *Note, bool Launch = false) {
    if (!Timed || !Note || (!Launch && Track < 0))
      return nullptr;
    CUevent E = nullptr;
    if (drv().EventCreate(&E, 0) != CUDA_SUCCESS)
      return nullptr;
    drv().EventRecord(E, Stream);
    return E;
  }
  void end(CUevent Start, const CommandNote *Note, std::string Args = "", const char *Kernel = nullptr) {
    if (!Start)
      return;
    CUevent End = nullptr;
    if (drv().EventCreate(&End, 0) != CUDA_SUCCESS) {
      drv().EventDestroy(Start);
      return;
    }
    drv().EventRecord(End, Stream);
    if (Args.empty() && Note->Bytes)
      Args = "\"bytes\":" + std::to_string(Note->Bytes);
    {
      std::lock_guard<std::mutex> L(M);
      Timings.push_back({Start, End, Note->Category, Note->Name, std::move(Args), profiling() ? Kernel : nullptr});
    }
    collect(false);
  }
  // Hands the times of the commands that have run to the profile and the trace; All: every one (the queue is idle).
  void collect(bool All) {
    std::lock_guard<std::mutex> L(M);
    while (!Timings.empty()) {
      Timing &T = Timings.front();
      if (!All && drv().EventQuery(T.End) != CUDA_SUCCESS)
        break;
      float Ms = 0, FromReference = 0;
      if (drv().EventElapsedTime(&Ms, T.Start, T.End) == CUDA_SUCCESS) {
        if (T.ProfiledKernel)
          addKernelTime(T.ProfiledKernel, static_cast<std::uint64_t>(Ms * 1e6));
        if (Track >= 0 && Reference && drv().EventElapsedTime(&FromReference, Reference, T.Start) == CUDA_SUCCESS)
          trace::complete(Track, T.Category, T.Name, ReferenceUs + FromReference * 1e3, Ms * 1e3, T.Args);
      }
      drv().EventDestroy(T.Start);
      drv().EventDestroy(T.End);
      Timings.pop_front();
    }
  }

  CUcontext Ctx;
  CUstream Stream = nullptr;
  bool Timed;
  int Track;
  CUevent Reference = nullptr;
  double ReferenceUs = 0;
  std::mutex M; // guards Timings: copies may come from several threads
  std::deque<Timing> Timings;
};

class CudaDevice : public DeviceBackend {
public:
  explicit CudaDevice(int Device) : Index(Device) {
    std::string Why;
    if (!driver(&Why))
      throw concurrency::runtime_exception("ampcc: the CUDA driver cannot be used: " + Why, 0x80004005L);
    check(drv().DeviceGet(&Dev, cudaOrdinal(Device)), "finding the CUDA device");
    check(drv().DevicePrimaryCtxRetain(&Ctx, Dev), "creating a CUDA context");
  }
  ~CudaDevice() override {
    if (Ctx)
      drv().DevicePrimaryCtxRelease(Dev);
  }
  const char *name() const override { return "CUDA"; }
  void *allocate(std::size_t Bytes, BackendError &Error) override {
    makeCurrent(Ctx);
    CUdeviceptr P = 0;
    if (CUresult R = drv().MemAlloc(&P, Bytes ? Bytes : 1); R != CUDA_SUCCESS) {
      Error = cudaError(R);
      return nullptr;
    }
    return reinterpret_cast<void *>(P);
  }
  void *allocateZeroed(std::size_t Bytes, const char *What) override {
    BackendError E;
    void *P = allocate(Bytes, E);
    if (!P)
      throwBackendError(E, What);
    // On the legacy stream, waited for at once: the buffer is zero before any queue's kernel gets it.
    check(drv().MemsetD8Async(ptr(P), 0, Bytes, nullptr), What);
    check(drv().CtxSynchronize(), What);
    return P;
  }
  void release(void *Buffer) noexcept override {
    if (setCurrent(Ctx) == CUDA_SUCCESS)
      drv().MemFree(ptr(Buffer));
  }
  std::unique_ptr<QueueBackend> makeQueue(bool Timed, int TraceTrack) override {
    return std::make_unique<CudaQueue>(Ctx, Timed, TraceTrack);
  }
  void *loadProgram(const kernel_desc &Desc, const ProgramId &Id, std::string &Form) override;
  void *kernel(void *Program, const char *Name, std::size_t &Limit) override {
    makeCurrent(Ctx);
    auto K = std::make_unique<CudaKernel>();
    if (CUresult R = drv().ModuleGetFunction(&K->Function, static_cast<CUmodule>(Program), Name); R != CUDA_SUCCESS)
      throwBackendError(cudaError(R), "creating kernel " + std::string(Name));
    int Threads = 0;
    Limit = drv().FuncGetAttribute(&Threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, K->Function) == CUDA_SUCCESS
                ? static_cast<std::size_t>(Threads)
                : 0;
    return K.release();
  }
  void releaseKernel(void *Kernel) noexcept override { delete static_cast<CudaKernel *>(Kernel); }
  void releaseProgram(void *Program) noexcept override {
    if (setCurrent(Ctx) == CUDA_SUCCESS)
      drv().ModuleUnload(static_cast<CUmodule>(Program));
  }
  void *native() const override { return Ctx; }

private:
  CUmodule loadImage(const void *Image, std::string &Log, CUresult &R);
  std::vector<unsigned char> compile(const device_code &Code, std::string &Log, CUresult &R);

  int Index;
  CUdevice Dev = 0;
  CUcontext Ctx = nullptr;
};

CUmodule CudaDevice::loadImage(const void *Image, std::string &Log, CUresult &R) {
  char Errors[8192] = {};
  int Options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *Values[] = {Errors, reinterpret_cast<void *>(static_cast<std::uintptr_t>(sizeof Errors - 1))};
  CUmodule M = nullptr;
  R = drv().ModuleLoadDataEx(&M, Image, 2, Options, Values);
  Log = Errors;
  return R == CUDA_SUCCESS ? M : nullptr;
}

// The PTX compiled for this device by the driver (cuLinkComplete): the cubin the disk cache keeps.
std::vector<unsigned char> CudaDevice::compile(const device_code &Code, std::string &Log, CUresult &R) {
  char Errors[8192] = {};
  int Options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *Values[] = {Errors, reinterpret_cast<void *>(static_cast<std::uintptr_t>(sizeof Errors - 1))};
  CUlinkState Link = nullptr;
  std::vector<unsigned char> Cubin;
  R = drv().LinkCreate(2, Options, Values, &Link);
  if (R == CUDA_SUCCESS)
    R = drv().LinkAddData(Link, CU_JIT_INPUT_PTX, const_cast<unsigned char *>(Code.data), Code.size, "ampcc.ptx", 0,
                          nullptr, nullptr);
  void *Out = nullptr;
  std::size_t Size = 0;
  if (R == CUDA_SUCCESS)
    R = drv().LinkComplete(Link, &Out, &Size);
  if (R == CUDA_SUCCESS && Out && Size)
    Cubin.assign(static_cast<unsigned char *>(Out), static_cast<unsigned char *>(Out) + Size);
  if (Link)
    drv().LinkDestroy(Link); // owns Out
  Log = Errors;
  return Cubin;
}

void *CudaDevice::loadProgram(const kernel_desc &Desc, const ProgramId &Id, std::string &Form) {
  makeCurrent(Ctx);
  const device_info &Info = devices().at(Index);
  std::vector<device_code> Codes = deviceCodeEnabled() ? registeredDeviceCode(Desc.source) : std::vector<device_code>();
  int Chosen = chooseDeviceCode(Codes.data(), Codes.size(), Info);
  if (Chosen < 0)
    throw concurrency::runtime_exception(
        "ampcc: the kernels of " + std::string(Desc.source_file) + " have no PTX that " + describe(Index) + " (sm_" +
            std::to_string(Info.compute_capability) + ") runs, and the CUDA back end runs only PTX: build them with " +
            "ampcc --offload-arch=sm_" + std::to_string(Info.compute_capability) +
            (openclShows(Index) ? ", or set AMPCC_BACKEND=opencl to build their OpenCL C"
                                : " (the device has no OpenCL driver to build their OpenCL C)"),
        0x80004005L);
  const device_code &Code = Codes[Chosen];
  // The cache entry: the program, the PTX chosen and the driver that compiles it, for this device.
  std::string Tag = describeDeviceCode(Code) + " cubin, CUDA " + std::to_string(drv().Version);
  ProgramId CubinId = programId(reinterpret_cast<const char *>(Code.data), Code.size, Tag.c_str());
  CubinId.Low ^= Id.Low;
  CubinId.High ^= Id.High;
  std::string Key = programCacheKey(CubinId, Info);
  std::string Log;
  CUresult R = CUDA_SUCCESS;
  std::vector<unsigned char> Cubin = loadCachedBinary(Key, Info);
  if (!Cubin.empty()) {
    if (CUmodule M = loadImage(Cubin.data(), Log, R)) {
      counters().CacheHits++;
      Form = "embedded " + describeDeviceCode(Code) + ", cubin from the disk cache";
      return M;
    }
    ignoredCacheEntry(Key, "the driver did not accept its cubin");
  }
  Cubin = compile(Code, Log, R);
  CUmodule M = nullptr;
  if (!Cubin.empty() && (M = loadImage(Cubin.data(), Log, R)))
    storeCachedBinary(Key, Info, Cubin);
  // The cubin's way failed (a driver without the linker for this PTX): the driver's own loader is the last try.
  if (!M)
    M = loadImage(Code.data, Log, R);
  if (!M)
    throw concurrency::runtime_exception("ampcc: the embedded " + describeDeviceCode(Code) + " of " + Desc.source_file +
                                             " failed to load on " + describe(Index) + " (" + resultName(R) + ")" +
                                             (Log.empty() ? "" : ":\n" + Log),
                                         R);
  counters().FromDeviceCode++;
  Form = "embedded " + describeDeviceCode(Code) + ", compiled by the CUDA driver";
  return M;
}

} // namespace

std::unique_ptr<DeviceBackend> makeCudaBackend(int Device) { return std::make_unique<CudaDevice>(Device); }

} // namespace ampcc::rt
