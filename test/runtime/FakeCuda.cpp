// A fake CUDA driver (libcuda's entry points that the CUDA back end uses), for tests on machines without a GPU:
// device memory is host memory, modules are the PTX text they were given, a launch records its parameters as the
// PTX declares them, and the test kernel add_one is carried out on the host. Loaded through AMPCC_LIBCUDA.
#include "FakeCuda.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>

namespace {

using CUresult = int;
constexpr CUresult Ok = 0, InvalidValue = 1, OutOfMemory = 2, NotFound = 500;

struct Function {
  std::string Name;
  std::vector<std::size_t> ParamSizes;
};
struct Module {
  std::map<std::string, Function> Functions;
};
struct Event {
  unsigned long long Tick = 0;
};

std::mutex M;
std::map<std::string, int> Calls;
std::map<std::string, int> Failures;
std::map<unsigned long long, std::size_t> Allocations;
std::vector<FakeLaunch> Launches;
unsigned long long Clock = 0;

// Counts the call; the failure a test asked for, else Ok.
CUresult enter(const char *Call) {
  std::lock_guard<std::mutex> L(M);
  Calls[Call]++;
  auto It = Failures.find(Call);
  if (It == Failures.end())
    return Ok;
  CUresult R = It->second;
  Failures.erase(It);
  return R;
}

// The parameter sizes of each `.entry name(...)` of a PTX text: `.b8 x[N]` is N bytes, `.u64`/`.s64`/`.f64` 8,
// `.u32`/`.s32`/`.f32`/`.b32` 4.
Module parse(const std::string &Ptx) {
  Module Mod;
  for (std::size_t At = Ptx.find(".entry "); At != std::string::npos; At = Ptx.find(".entry ", At + 1)) {
    std::size_t Open = Ptx.find('(', At), Close = Ptx.find(')', At);
    Function F;
    F.Name = Ptx.substr(At + 7, Open - At - 7);
    while (!F.Name.empty() && F.Name.back() == ' ')
      F.Name.pop_back();
    std::string List = Ptx.substr(Open + 1, Close - Open - 1);
    for (std::size_t P = List.find(".param"); P != std::string::npos; P = List.find(".param", P + 1)) {
      std::string Decl = List.substr(P, List.find_first_of(",", P) - P);
      std::size_t Bracket = Decl.find('[');
      if (Decl.find(".b8") != std::string::npos && Bracket != std::string::npos)
        F.ParamSizes.push_back(std::strtoul(Decl.c_str() + Bracket + 1, nullptr, 10));
      else if (Decl.find("64") != std::string::npos)
        F.ParamSizes.push_back(8);
      else
        F.ParamSizes.push_back(4);
    }
    Mod.Functions[F.Name] = F;
  }
  return Mod;
}

const char CubinMagic[] = "FAKECUBIN\n";

} // namespace

extern "C" {

const std::vector<FakeLaunch> *fake_cuda_launches() { return &Launches; }
void fake_cuda_fail_next(const char *Call, int Result) {
  std::lock_guard<std::mutex> L(M);
  Failures[Call] = Result;
}
bool fake_cuda_is_allocated(unsigned long long Address) {
  std::lock_guard<std::mutex> L(M);
  for (auto &[Base, Bytes] : Allocations)
    if (Address >= Base && Address < Base + Bytes)
      return true;
  return false;
}
int fake_cuda_calls(const char *Call) {
  std::lock_guard<std::mutex> L(M);
  return Calls[Call];
}

CUresult cuInit(unsigned) { return enter("cuInit"); }
CUresult cuDriverGetVersion(int *V) {
  *V = 13000;
  return enter("cuDriverGetVersion");
}
CUresult cuGetErrorName(CUresult R, const char **Name) {
  static const std::map<int, const char *> Names = {{1, "CUDA_ERROR_INVALID_VALUE"},
                                                    {2, "CUDA_ERROR_OUT_OF_MEMORY"},
                                                    {218, "CUDA_ERROR_INVALID_PTX"},
                                                    {500, "CUDA_ERROR_NOT_FOUND"},
                                                    {719, "CUDA_ERROR_LAUNCH_FAILED"}};
  auto It = Names.find(R);
  *Name = It == Names.end() ? "CUDA_ERROR_UNKNOWN" : It->second;
  return Ok;
}
CUresult cuDeviceGetCount(int *N) {
  const char *E = std::getenv("FAKE_CUDA_DEVICES");
  *N = E ? std::atoi(E) : 1;
  return enter("cuDeviceGetCount");
}
CUresult cuDeviceGet(int *D, int Ordinal) {
  *D = Ordinal;
  return enter("cuDeviceGet");
}
CUresult cuDeviceGetName(char *Name, int Length, int D) {
  std::snprintf(Name, Length, "Fake CUDA GPU %d", D);
  return enter("cuDeviceGetName");
}
CUresult cuDeviceGetAttribute(int *V, int Attribute, int D) {
  const char *Cc = std::getenv("FAKE_CUDA_CC");
  int Capability = Cc ? std::atoi(Cc) : 90;
  switch (Attribute) {
  case 1:
    *V = 1024;
    break; // max threads per block
  case 8:
    *V = 48 * 1024;
    break; // shared memory per block
  case 33:
    *V = 0x42 + D;
    break; // PCI bus
  case 75:
    *V = Capability / 10;
    break;
  case 76:
    *V = Capability % 10;
    break;
  default:
    *V = 0;
  }
  return enter("cuDeviceGetAttribute");
}
CUresult cuDeviceTotalMem_v2(std::size_t *Bytes, int) {
  *Bytes = std::size_t(1) << 30;
  return enter("cuDeviceTotalMem_v2");
}
CUresult cuDevicePrimaryCtxRetain(void **Ctx, int D) {
  *Ctx = reinterpret_cast<void *>(static_cast<std::uintptr_t>(0x1000 + D));
  return enter("cuDevicePrimaryCtxRetain");
}
CUresult cuDevicePrimaryCtxRelease_v2(int) { return enter("cuDevicePrimaryCtxRelease_v2"); }
CUresult cuCtxSetCurrent(void *) { return enter("cuCtxSetCurrent"); }
CUresult cuCtxSynchronize() { return enter("cuCtxSynchronize"); }
CUresult cuMemAlloc_v2(unsigned long long *P, std::size_t Bytes) {
  if (CUresult R = enter("cuMemAlloc_v2"))
    return R;
  void *Host = std::malloc(Bytes);
  if (!Host)
    return OutOfMemory;
  std::memset(Host, 0xAB, Bytes); // what a device's allocator leaves: not zeros
  *P = reinterpret_cast<std::uintptr_t>(Host);
  std::lock_guard<std::mutex> L(M);
  Allocations[*P] = Bytes;
  return Ok;
}
CUresult cuMemFree_v2(unsigned long long P) {
  if (CUresult R = enter("cuMemFree_v2"))
    return R;
  std::lock_guard<std::mutex> L(M);
  if (!Allocations.erase(P))
    return InvalidValue;
  std::free(reinterpret_cast<void *>(static_cast<std::uintptr_t>(P)));
  return Ok;
}
CUresult cuMemcpyHtoDAsync_v2(unsigned long long Dst, const void *Src, std::size_t N, void *) {
  if (CUresult R = enter("cuMemcpyHtoDAsync_v2"))
    return R;
  if (!fake_cuda_is_allocated(Dst) || (N && !fake_cuda_is_allocated(Dst + N - 1)))
    return InvalidValue;
  std::memcpy(reinterpret_cast<void *>(static_cast<std::uintptr_t>(Dst)), Src, N);
  return Ok;
}
CUresult cuMemcpyDtoHAsync_v2(void *Dst, unsigned long long Src, std::size_t N, void *) {
  if (CUresult R = enter("cuMemcpyDtoHAsync_v2"))
    return R;
  if (!fake_cuda_is_allocated(Src) || (N && !fake_cuda_is_allocated(Src + N - 1)))
    return InvalidValue;
  std::memcpy(Dst, reinterpret_cast<void *>(static_cast<std::uintptr_t>(Src)), N);
  return Ok;
}
CUresult cuMemsetD8Async(unsigned long long Dst, unsigned char V, std::size_t N, void *) {
  if (CUresult R = enter("cuMemsetD8Async"))
    return R;
  std::memset(reinterpret_cast<void *>(static_cast<std::uintptr_t>(Dst)), V, N);
  return Ok;
}
CUresult cuStreamCreate(void **S, unsigned) {
  *S = new int(0);
  return enter("cuStreamCreate");
}
CUresult cuStreamDestroy_v2(void *S) {
  delete static_cast<int *>(S);
  return enter("cuStreamDestroy_v2");
}
CUresult cuStreamSynchronize(void *) { return enter("cuStreamSynchronize"); }
CUresult cuEventCreate(Event **E, unsigned) {
  *E = new Event;
  return enter("cuEventCreate");
}
CUresult cuEventDestroy_v2(Event *E) {
  delete E;
  return enter("cuEventDestroy_v2");
}
CUresult cuEventRecord(Event *E, void *) {
  std::lock_guard<std::mutex> L(M);
  E->Tick = ++Clock;
  return Ok;
}
CUresult cuEventQuery(Event *) { return Ok; }
CUresult cuEventSynchronize(Event *) { return enter("cuEventSynchronize"); }
// A microsecond per tick of the fake clock.
CUresult cuEventElapsedTime(float *Ms, Event *Start, Event *End) {
  *Ms = (End->Tick - Start->Tick) / 1000.0f;
  return Ok;
}
CUresult cuModuleLoadDataEx(Module **Mod, const void *Image, unsigned, int *, void **) {
  if (CUresult R = enter("cuModuleLoadDataEx"))
    return R;
  std::string Text(static_cast<const char *>(Image));
  if (Text.compare(0, sizeof CubinMagic - 1, CubinMagic) == 0)
    Text.erase(0, sizeof CubinMagic - 1);
  *Mod = new Module(parse(Text));
  return Ok;
}
CUresult cuModuleUnload(Module *Mod) {
  delete Mod;
  return enter("cuModuleUnload");
}
CUresult cuModuleGetFunction(Function **F, Module *Mod, const char *Name) {
  if (CUresult R = enter("cuModuleGetFunction"))
    return R;
  auto It = Mod->Functions.find(Name);
  if (It == Mod->Functions.end())
    return NotFound;
  *F = &It->second;
  return Ok;
}
CUresult cuFuncGetAttribute(int *V, int, Function *) {
  *V = 1024;
  return enter("cuFuncGetAttribute");
}
CUresult cuFuncGetParamInfo(Function *F, std::size_t Index, std::size_t *Offset, std::size_t *Size) {
  if (Index >= F->ParamSizes.size())
    return InvalidValue;
  *Offset = 0;
  *Size = F->ParamSizes[Index];
  return Ok;
}
CUresult cuLaunchKernel(Function *F, unsigned Gx, unsigned Gy, unsigned Gz, unsigned Bx, unsigned By, unsigned Bz,
                        unsigned, void *, void **Params, void **) {
  if (CUresult R = enter("cuLaunchKernel"))
    return R;
  FakeLaunch L{F->Name, {Gx, Gy, Gz}, {Bx, By, Bz}, {}};
  for (std::size_t I = 0; I < F->ParamSizes.size(); ++I) {
    auto *B = static_cast<const unsigned char *>(Params[I]);
    L.Params.emplace_back(B, B + F->ParamSizes[I]);
  }
  // add_one(ampcc_domain dom, __global int *p, ampcc_shape s): p[s.off + i * s.str[0]] += 1 for i < dom.ext[0].
  if (F->Name == "add_one") {
    int Domain[3], Shape[7];
    unsigned long long P = 0;
    std::memcpy(Domain, L.Params[0].data(), sizeof Domain);
    std::memcpy(&P, L.Params[1].data(), sizeof P);
    std::memcpy(Shape, L.Params[2].data(), sizeof Shape);
    int *Data = reinterpret_cast<int *>(static_cast<std::uintptr_t>(P));
    for (int I = 0; I < Domain[0]; ++I)
      Data[Shape[0] + I * Shape[4]] += 1;
  }
  std::lock_guard<std::mutex> Lock(M);
  Launches.push_back(std::move(L));
  return Ok;
}
CUresult cuLinkCreate_v2(unsigned, int *, void **, std::string **State) {
  *State = new std::string;
  return enter("cuLinkCreate_v2");
}
CUresult cuLinkAddData_v2(std::string *State, int, void *Data, std::size_t Size, const char *, unsigned, int *,
                          void **) {
  if (CUresult R = enter("cuLinkAddData_v2"))
    return R;
  *State = CubinMagic + std::string(static_cast<const char *>(Data), strnlen(static_cast<const char *>(Data), Size));
  return Ok;
}
CUresult cuLinkComplete(std::string *State, void **Cubin, std::size_t *Size) {
  *Cubin = State->data();
  *Size = State->size() + 1;
  return enter("cuLinkComplete");
}
CUresult cuLinkDestroy(std::string *State) {
  delete State;
  return enter("cuLinkDestroy");
}

} // extern "C"
