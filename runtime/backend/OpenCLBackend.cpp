// The OpenCL back end: a context per device, in-order command queues, buffers, launches through clSetKernelArg
// and clEnqueueNDRangeKernel, and device times from event callbacks for AMPCC_PROFILE and AMPCC_TRACE.
#include "backend/OpenCLBackend.h"
#include "RuntimeState.h"
#include "Trace.h"

#include <memory>
#include <optional>
#include <vector>

namespace ampcc::rt {

const char *clErrorName(cl_int Err) {
  switch (Err) {
#define AMPCC_CL_ERR(x)                                                                                                \
  case x:                                                                                                              \
    return #x;
    AMPCC_CL_ERR(CL_DEVICE_NOT_FOUND)
    AMPCC_CL_ERR(CL_DEVICE_NOT_AVAILABLE)
    AMPCC_CL_ERR(CL_COMPILER_NOT_AVAILABLE)
    AMPCC_CL_ERR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    AMPCC_CL_ERR(CL_OUT_OF_RESOURCES)
    AMPCC_CL_ERR(CL_OUT_OF_HOST_MEMORY)
    AMPCC_CL_ERR(CL_BUILD_PROGRAM_FAILURE)
    AMPCC_CL_ERR(CL_INVALID_VALUE)
    AMPCC_CL_ERR(CL_INVALID_DEVICE)
    AMPCC_CL_ERR(CL_INVALID_CONTEXT)
    AMPCC_CL_ERR(CL_INVALID_COMMAND_QUEUE)
    AMPCC_CL_ERR(CL_INVALID_MEM_OBJECT)
    AMPCC_CL_ERR(CL_INVALID_PROGRAM)
    AMPCC_CL_ERR(CL_INVALID_PROGRAM_EXECUTABLE)
    AMPCC_CL_ERR(CL_INVALID_KERNEL_NAME)
    AMPCC_CL_ERR(CL_INVALID_KERNEL)
    AMPCC_CL_ERR(CL_INVALID_ARG_INDEX)
    AMPCC_CL_ERR(CL_INVALID_ARG_VALUE)
    AMPCC_CL_ERR(CL_INVALID_ARG_SIZE)
    AMPCC_CL_ERR(CL_INVALID_KERNEL_ARGS)
    AMPCC_CL_ERR(CL_INVALID_WORK_DIMENSION)
    AMPCC_CL_ERR(CL_INVALID_WORK_GROUP_SIZE)
    AMPCC_CL_ERR(CL_INVALID_WORK_ITEM_SIZE)
    AMPCC_CL_ERR(CL_INVALID_GLOBAL_WORK_SIZE)
    AMPCC_CL_ERR(CL_INVALID_BUFFER_SIZE)
    AMPCC_CL_ERR(CL_INVALID_BUILD_OPTIONS)
    AMPCC_CL_ERR(CL_INVALID_OPERATION)
#undef AMPCC_CL_ERR
  default:
    return "CL error";
  }
}

namespace {
BackendError clError(cl_int Err) {
  // Memory the device or the host does not have, or a buffer larger than the device makes (C++ AMP's out_of_memory).
  bool Oom = Err == CL_OUT_OF_RESOURCES || Err == CL_MEM_OBJECT_ALLOCATION_FAILURE || Err == CL_OUT_OF_HOST_MEMORY ||
             Err == CL_INVALID_BUFFER_SIZE;
  return {clErrorName(Err), Err, Oom};
}
} // namespace

void throwCl(cl_int Err, const std::string &What) { throwBackendError(clError(Err), What); }

namespace {

void CL_CALLBACK onKernelComplete(cl_event E, cl_int Status, void *Name) {
  cl_ulong Start = 0, End = 0;
  if (Status == CL_COMPLETE &&
      clGetEventProfilingInfo(E, CL_PROFILING_COMMAND_START, sizeof Start, &Start, nullptr) == CL_SUCCESS &&
      clGetEventProfilingInfo(E, CL_PROFILING_COMMAND_END, sizeof End, &End, nullptr) == CL_SUCCESS)
    addKernelTime(static_cast<const char *>(Name), End - Start);
  clReleaseEvent(E);
}

// What the trace callback needs once the command has run.
struct TracedRun {
  int Track;
  const char *Category;
  std::string Name, Args;
  double EnqueuedUs;
};

void CL_CALLBACK onTracedComplete(cl_event E, cl_int Status, void *Data) {
  std::unique_ptr<TracedRun> Run(static_cast<TracedRun *>(Data));
  cl_ulong Queued = 0, Start = 0, End = 0;
  if (Status == CL_COMPLETE &&
      clGetEventProfilingInfo(E, CL_PROFILING_COMMAND_QUEUED, sizeof Queued, &Queued, nullptr) == CL_SUCCESS &&
      clGetEventProfilingInfo(E, CL_PROFILING_COMMAND_START, sizeof Start, &Start, nullptr) == CL_SUCCESS &&
      clGetEventProfilingInfo(E, CL_PROFILING_COMMAND_END, sizeof End, &End, nullptr) == CL_SUCCESS) {
    double Offset = trace::deviceClockOffset(Run->Track, Queued / 1e3, Run->EnqueuedUs);
    trace::complete(Run->Track, Run->Category, Run->Name, Start / 1e3 + Offset, (End - Start) / 1e3, Run->Args);
  } else {
    // No device times (a failed command, a driver without profiling): the enqueue's moment, with no length.
    trace::complete(Run->Track, Run->Category, Run->Name, Run->EnqueuedUs, 0, Run->Args);
  }
  clReleaseEvent(E);
  trace::eventArrived();
}

// AMPCC_TRACE for one OpenCL command: the event to ask its enqueue for (null when not tracing), and, once the
// command has run, an event on its queue's track with the device's start and end (OpenCL profiling, moved onto
// the host's clock). Made just before the enqueue; the destructor hands the event on.
class TracedCommand {
public:
  TracedCommand(int Track, const CommandNote *Note, std::string Args = "") {
    if (Track >= 0 && Note) {
      this->Track = Track;
      Category = Note->Category;
      Name = Note->Name;
      this->Args = Note->Bytes ? "\"bytes\":" + std::to_string(Note->Bytes) : std::move(Args);
      EnqueuedUs = trace::nowUs();
    }
  }
  ~TracedCommand() {
    if (!Event)
      return;
    trace::expectEvent();
    auto *Run = new TracedRun{Track, Category, std::move(Name), std::move(Args), EnqueuedUs};
    if (clSetEventCallback(Event, CL_COMPLETE, onTracedComplete, Run) != CL_SUCCESS) {
      delete Run;
      clReleaseEvent(Event);
      trace::eventArrived();
    }
  }
  TracedCommand(const TracedCommand &) = delete;
  TracedCommand &operator=(const TracedCommand &) = delete;
  cl_event *event() { return Track >= 0 ? &Event : nullptr; }
  // For an enqueue whose event the caller keeps: the trace takes a reference of its own.
  void adopt(cl_event Given) {
    if (Track >= 0 && Given && clRetainEvent(Given) == CL_SUCCESS)
      Event = Given;
  }

private:
  int Track = -1;
  cl_event Event = nullptr;
  const char *Category = "";
  std::string Name, Args;
  double EnqueuedUs = 0;
};

class OpenCLEvent : public PendingCommand {
public:
  explicit OpenCLEvent(cl_event E) : E(E) {}
  ~OpenCLEvent() override {
    if (E)
      clReleaseEvent(E);
  }
  void wait() override {
    if (E) {
      clWaitForEvents(1, &E);
      clReleaseEvent(E);
      E = nullptr;
    }
  }

private:
  cl_event E;
};

class OpenCLQueue : public QueueBackend {
public:
  OpenCLQueue(cl_context Context, cl_device_id Id, bool Timed, int Track) : Track(Track) {
    cl_int Err = CL_SUCCESS;
    Queue = clCreateCommandQueue(Context, Id, Timed ? CL_QUEUE_PROFILING_ENABLE : 0, &Err);
    checkCl(Err, "creating an OpenCL command queue");
  }
  ~OpenCLQueue() override {
    clFinish(Queue);
    clReleaseCommandQueue(Queue);
  }
  void write(void *Buffer, std::size_t Offset, std::size_t Bytes, const void *Source,
             const CommandNote *Note) override {
    TracedCommand T(Track, Note);
    checkCl(
        clEnqueueWriteBuffer(Queue, static_cast<cl_mem>(Buffer), CL_TRUE, Offset, Bytes, Source, 0, nullptr, T.event()),
        "copying data to the accelerator");
  }
  std::unique_ptr<PendingCommand> writeAsync(void *Buffer, std::size_t Bytes, const void *Source,
                                             const CommandNote *Note) override {
    TracedCommand T(Track, Note);
    cl_event Done = nullptr;
    checkCl(clEnqueueWriteBuffer(Queue, static_cast<cl_mem>(Buffer), CL_FALSE, 0, Bytes, Source, 0, nullptr, &Done),
            "copying data to the accelerator");
    T.adopt(Done);
    return std::make_unique<OpenCLEvent>(Done);
  }
  void read(void *Buffer, std::size_t Offset, std::size_t Bytes, void *Destination, const CommandNote *Note) override {
    TracedCommand T(Track, Note);
    checkCl(clEnqueueReadBuffer(Queue, static_cast<cl_mem>(Buffer), CL_TRUE, Offset, Bytes, Destination, 0, nullptr,
                                T.event()),
            "copying data back from the accelerator");
  }
  void fillZero(void *Buffer, std::size_t Bytes, const CommandNote *Note) override {
    TracedCommand T(Track, Note);
    const cl_uchar Zero = 0;
    checkCl(
        clEnqueueFillBuffer(Queue, static_cast<cl_mem>(Buffer), &Zero, sizeof Zero, 0, Bytes, 0, nullptr, T.event()),
        "clearing new data on the accelerator");
  }
  void launch(void *Kernel, const KernelArgument *Args, std::size_t NArgs, const LaunchShape &Shape) override {
    auto K = static_cast<cl_kernel>(Kernel);
    for (std::size_t I = 0; I < NArgs; ++I)
      if (cl_int E = clSetKernelArg(K, static_cast<cl_uint>(I), Args[I].Size, Args[I].Bytes); E != CL_SUCCESS)
        throwCl(E, std::string("setting ") + Args[I].What + " of " + Shape.Desc->name);
    cl_event Done = nullptr;
    std::optional<TracedCommand> Traced;
    if (Track >= 0) {
      CommandNote Note{"launch", Shape.KernelName, 0};
      Traced.emplace(Track, &Note, launchTraceArgs(Shape));
    }
    cl_int Err = clEnqueueNDRangeKernel(Queue, K, Shape.Dims, nullptr, Shape.Global, Shape.Local, 0, nullptr,
                                        profiling() || Traced ? &Done : nullptr);
    if (Err != CL_SUCCESS)
      throwCl(Err, "clEnqueueNDRangeKernel for kernel " + std::string(Shape.Desc->name) + " over " +
                       extentText(Shape.Extent, Shape.Rank));
    if (Traced)
      Traced->adopt(Done);
    if (Done && profiling()) {
      if (clSetEventCallback(Done, CL_COMPLETE, onKernelComplete, const_cast<char *>(Shape.KernelName)) != CL_SUCCESS)
        clReleaseEvent(Done);
    } else if (Done) {
      clReleaseEvent(Done);
    }
  }
  void flush() override { clFlush(Queue); }
  void finish(const char *What) override { checkCl(clFinish(Queue), What); }
  void finishQuietly() noexcept override { clFinish(Queue); }
  void *native() const override { return Queue; }

private:
  cl_command_queue Queue = nullptr;
  int Track;
};

class OpenCLDevice : public DeviceBackend {
public:
  explicit OpenCLDevice(int Device) : Index(Device), Id(openclDevice(Device)) {
    if (!Id)
      throw concurrency::runtime_exception("ampcc: " + description() + " has no OpenCL driver", 0x80004005L);
    cl_int Err = CL_SUCCESS;
    Context = clCreateContext(nullptr, 1, &Id, nullptr, nullptr, &Err);
    checkCl(Err, "creating an OpenCL context");
  }
  ~OpenCLDevice() override {
    if (Context)
      clReleaseContext(Context);
  }
  const char *name() const override { return "OpenCL"; }
  void *allocate(std::size_t Bytes, BackendError &Error) override {
    cl_int Err = CL_SUCCESS;
    cl_mem Buf = clCreateBuffer(Context, CL_MEM_READ_WRITE, Bytes ? Bytes : 1, nullptr, &Err);
    if (Err != CL_SUCCESS || !Buf) {
      Error = clError(Err != CL_SUCCESS ? Err : CL_MEM_OBJECT_ALLOCATION_FAILURE);
      return nullptr;
    }
    return Buf;
  }
  void *allocateZeroed(std::size_t Bytes, const char *What) override {
    std::vector<unsigned char> Zero(Bytes, 0);
    cl_int Err = CL_SUCCESS;
    cl_mem Buf = clCreateBuffer(Context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, Bytes, Zero.data(), &Err);
    checkCl(Err, What);
    return Buf;
  }
  void release(void *Buffer) noexcept override { clReleaseMemObject(static_cast<cl_mem>(Buffer)); }
  std::unique_ptr<QueueBackend> makeQueue(bool Timed, int TraceTrack) override {
    return std::make_unique<OpenCLQueue>(Context, Id, Timed, TraceTrack);
  }
  void *loadProgram(const kernel_desc &Desc, const ProgramId &Program, std::string &Form) override {
    return loadOpenCLProgram(Context, Id, Index, Desc, Program, Form);
  }
  void *kernel(void *Program, const char *Name, std::size_t &Limit) override {
    return openclKernel(static_cast<cl_program>(Program), Id, Name, Limit);
  }
  void releaseKernel(void *Kernel) noexcept override { clReleaseKernel(static_cast<cl_kernel>(Kernel)); }
  void releaseProgram(void *Program) noexcept override { clReleaseProgram(static_cast<cl_program>(Program)); }
  void *native() const override { return Context; }

  std::string description() const {
    const std::wstring &W = devices().at(Index).description;
    return std::string(W.begin(), W.end());
  }
  int Index;
  cl_device_id Id;
  cl_context Context = nullptr;
};

} // namespace

std::unique_ptr<DeviceBackend> makeOpenCLBackend(int Device) { return std::make_unique<OpenCLDevice>(Device); }

cl_command_queue openclQueue(const queue &q) {
  DeviceContext &C = q.impl().Ctx;
  if (std::string(C.Backend->name()) != "OpenCL")
    return nullptr;
  return static_cast<cl_command_queue>(q.impl().Queue->native());
}

} // namespace ampcc::rt
