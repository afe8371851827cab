// Enumerates the devices once, OpenCL's and then the CUDA driver's that OpenCL does not show (an NVIDIA GPU is one
// device, matched by its PCI address), and chooses the default one (AMPCC_DEVICE, else GPU, else CPU).
#include "RuntimeState.h"
#include "backend/CudaDriver.h"
#include "backend/OpenCLBackend.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <vector>

namespace ampcc::rt {
namespace {

// Where a GPU sits on the PCI bus, as both drivers report it; -1 where a driver does not say (NVIDIA's OpenCL may
// not report the domain: the bus and device then decide). NVIDIA's OpenCL reports a slot where the CUDA driver
// reports the device number: driver 580 (H200, 2026-11-27) gives the device number itself (6, as CUDA's), other
// tools read it as the device number over 3 bits of function (hashcat); the device number is matched first.
struct PciAddress {
  int Domain = -1, Bus = -1, Device = -1;
  bool sameGpu(const PciAddress &O, bool SlotShifted) const {
    int Mine = SlotShifted && Device >= 0 ? Device >> 3 : Device;
    return Bus >= 0 && Bus == O.Bus && Mine == O.Device && (Domain < 0 || O.Domain < 0 || Domain == O.Domain);
  }
};

struct Table {
  std::vector<device_info> Infos;
  std::vector<cl_device_id> Ids; // null for a device only the CUDA driver shows
  std::vector<int> CudaOrdinals; // -1 for a device the CUDA driver does not show
  std::vector<PciAddress> Pci;
  cl_uint Platforms = 0;
};

std::wstring widen(const std::string &S) { return std::wstring(S.begin(), S.end()); }


// AMPCC_BACKEND=opencl keeps the CUDA driver unloaded (BackendChoice.cpp reads the rest of it).
bool cudaWanted() {
  const char *E = std::getenv("AMPCC_BACKEND");
  return !(E && std::string(E) == "opencl");
}

// The CUDA driver's devices: each one the same GPU as an NVIDIA OpenCL device of the same PCI address gives that
// device its CUDA ordinal; the others are added (a machine whose NVIDIA OpenCL driver is not registered).
void addCudaDevices(Table &R) {
  const cuda::Driver *D = cudaWanted() ? cuda::driver() : nullptr;
  int N = 0;
  if (!D || D->DeviceGetCount(&N) != cuda::CUDA_SUCCESS)
    return;
  for (int Ordinal = 0; Ordinal < N; ++Ordinal) {
    cuda::CUdevice Dev = 0;
    if (D->DeviceGet(&Dev, Ordinal) != cuda::CUDA_SUCCESS)
      continue;
    auto attribute = [&](int A) {
      int V = 0;
      return D->DeviceGetAttribute(&V, A, Dev) == cuda::CUDA_SUCCESS ? V : 0;
    };
    PciAddress Pci{attribute(cuda::CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID), attribute(cuda::CU_DEVICE_ATTRIBUTE_PCI_BUS_ID),
                   attribute(cuda::CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID)};
    bool Matched = false;
    for (bool Shifted : {false, true})
      for (std::size_t I = 0; I < R.Infos.size() && !Matched; ++I)
        if (R.Infos[I].nvidia && R.Pci[I].sameGpu(Pci, Shifted) && R.CudaOrdinals[I] < 0) {
          R.CudaOrdinals[I] = Ordinal;
          Matched = true;
        }
    if (Matched)
      continue;
    char Name[256] = {};
    D->DeviceGetName(Name, sizeof Name - 1, Dev);
    device_info I;
    I.index = static_cast<int>(R.Infos.size());
    I.path = L"cuda:" + std::to_wstring(Ordinal);
    I.description = widen(std::string(Name) + " (CUDA)");
    I.kind = device_kind::gpu;
    I.supports_double_precision = I.supports_limited_double_precision = true;
    I.supports_cpu_shared_memory = attribute(cuda::CU_DEVICE_ATTRIBUTE_INTEGRATED) != 0;
    std::size_t Total = 0;
    D->DeviceTotalMem(&Total, Dev);
    I.global_memory_bytes = I.max_alloc_bytes = Total;
    I.dedicated_memory_kb = Total / 1024;
    I.local_memory_bytes = attribute(cuda::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
    I.max_work_group_size = attribute(cuda::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
    I.driver_version = "CUDA " + std::to_string(D->Version / 1000) + "." + std::to_string(D->Version % 1000 / 10);
    I.nvidia = true;
    I.compute_capability = attribute(cuda::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR) * 10 +
                           attribute(cuda::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
    for (int A = 0; A < 3; ++A) {
      I.max_work_item_sizes[A] = static_cast<std::size_t>(attribute(cuda::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X + A));
      I.max_groups[A] = static_cast<std::size_t>(attribute(cuda::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X + A));
    }
    R.Infos.push_back(I);
    R.Ids.push_back(nullptr);
    R.CudaOrdinals.push_back(Ordinal);
    R.Pci.push_back(Pci);
  }
}

std::string infoString(cl_device_id D, cl_device_info What) {
  size_t N = 0;
  if (clGetDeviceInfo(D, What, 0, nullptr, &N) != CL_SUCCESS || N == 0)
    return {};
  std::string S(N, '\0');
  clGetDeviceInfo(D, What, N, S.data(), nullptr);
  while (!S.empty() && S.back() == '\0')
    S.pop_back();
  return S;
}

template <typename T> T infoValue(cl_device_id D, cl_device_info What) {
  T V{};
  clGetDeviceInfo(D, What, sizeof V, &V, nullptr);
  return V;
}


const Table &table() {
  static const Table T = [] {
    Table R;
    cl_uint NP = 0;
    if (clGetPlatformIDs(0, nullptr, &NP) != CL_SUCCESS || NP == 0) {
      addCudaDevices(R);
      return R;
    }
    R.Platforms = NP;
    std::vector<cl_platform_id> Ps(NP);
    clGetPlatformIDs(NP, Ps.data(), nullptr);
    for (cl_uint P = 0; P < NP; ++P) {
      size_t N = 0;
      clGetPlatformInfo(Ps[P], CL_PLATFORM_NAME, 0, nullptr, &N);
      std::string PName(N, '\0');
      clGetPlatformInfo(Ps[P], CL_PLATFORM_NAME, N, PName.data(), nullptr);
      while (!PName.empty() && PName.back() == '\0')
        PName.pop_back();
      cl_uint ND = 0;
      if (clGetDeviceIDs(Ps[P], CL_DEVICE_TYPE_ALL, 0, nullptr, &ND) != CL_SUCCESS || ND == 0)
        continue;
      std::vector<cl_device_id> Ds(ND);
      clGetDeviceIDs(Ps[P], CL_DEVICE_TYPE_ALL, ND, Ds.data(), nullptr);
      for (cl_uint D = 0; D < ND; ++D) {
        device_info I;
        I.index = static_cast<int>(R.Infos.size());
        I.path = L"opencl:" + std::to_wstring(P) + L":" + std::to_wstring(D);
        I.description = widen(infoString(Ds[D], CL_DEVICE_NAME) + " (" + PName + ")");
        auto Type = infoValue<cl_device_type>(Ds[D], CL_DEVICE_TYPE);
        I.kind = Type & CL_DEVICE_TYPE_GPU           ? device_kind::gpu
                 : Type & CL_DEVICE_TYPE_CPU         ? device_kind::cpu
                 : Type & CL_DEVICE_TYPE_ACCELERATOR ? device_kind::accelerator
                                                     : device_kind::other;
        std::string Ext = infoString(Ds[D], CL_DEVICE_EXTENSIONS);
        I.supports_double_precision = infoValue<cl_device_fp_config>(Ds[D], CL_DEVICE_DOUBLE_FP_CONFIG) != 0 ||
                                      Ext.find("cl_khr_fp64") != std::string::npos;
        I.supports_limited_double_precision = I.supports_double_precision;
        I.supports_cpu_shared_memory = infoValue<cl_bool>(Ds[D], CL_DEVICE_HOST_UNIFIED_MEMORY) != 0;
        I.global_memory_bytes = infoValue<cl_ulong>(Ds[D], CL_DEVICE_GLOBAL_MEM_SIZE);
        I.dedicated_memory_kb = I.global_memory_bytes / 1024;
        I.max_alloc_bytes = infoValue<cl_ulong>(Ds[D], CL_DEVICE_MAX_MEM_ALLOC_SIZE);
        I.local_memory_bytes = infoValue<cl_ulong>(Ds[D], CL_DEVICE_LOCAL_MEM_SIZE);
        I.max_work_group_size = infoValue<size_t>(Ds[D], CL_DEVICE_MAX_WORK_GROUP_SIZE);
        size_t Items[3] = {0, 0, 0};
        if (infoValue<cl_uint>(Ds[D], CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS) >= 3 &&
            clGetDeviceInfo(Ds[D], CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof Items, Items, nullptr) == CL_SUCCESS)
          std::copy(Items, Items + 3, I.max_work_item_sizes);
        I.driver_version = infoString(Ds[D], CL_DRIVER_VERSION);
        // cl_nv_device_attribute_query: what PTX embedded by --offload-arch this device runs.
        I.nvidia = PName.find("NVIDIA") != std::string::npos;
        // NVIDIA's OpenCL launches through CUDA's grid, which OpenCL does not report: 2^31-1 x 65535 x 65535
        // work-groups (every compute capability from 3.0); a launch past it ran wrong, unreported (the conformance
        // suite's Misc/HigherRank, docs/gpu-runs.md).
        if (I.nvidia) {
          I.max_groups[0] = 2147483647u;
          I.max_groups[1] = I.max_groups[2] = 65535u;
        }
        if (I.nvidia && Ext.find("cl_nv_device_attribute_query") != std::string::npos) {
          constexpr cl_device_info ComputeCapabilityMajorNV = 0x4000, ComputeCapabilityMinorNV = 0x4001;
          I.compute_capability = static_cast<int>(infoValue<cl_uint>(Ds[D], ComputeCapabilityMajorNV) * 10 +
                                                  infoValue<cl_uint>(Ds[D], ComputeCapabilityMinorNV));
        }
        // The same extension's PCI address, which matches the device with the CUDA driver's (addCudaDevices);
        // the slot is kept as the driver gives it (PciAddress says how it is read).
        PciAddress Pci;
        if (I.nvidia) {
          constexpr cl_device_info PciBusNV = 0x4008, PciSlotNV = 0x4009, PciDomainNV = 0x400A;
          cl_uint Bus = 0, Slot = 0, Domain = 0;
          if (clGetDeviceInfo(Ds[D], PciBusNV, sizeof Bus, &Bus, nullptr) == CL_SUCCESS &&
              clGetDeviceInfo(Ds[D], PciSlotNV, sizeof Slot, &Slot, nullptr) == CL_SUCCESS) {
            Pci.Bus = static_cast<int>(Bus);
            Pci.Device = static_cast<int>(Slot);
            if (clGetDeviceInfo(Ds[D], PciDomainNV, sizeof Domain, &Domain, nullptr) == CL_SUCCESS)
              Pci.Domain = static_cast<int>(Domain);
          }
        }
        R.Infos.push_back(I);
        R.Ids.push_back(Ds[D]);
        R.CudaOrdinals.push_back(-1);
        R.Pci.push_back(Pci);
      }
    }
    addCudaDevices(R);
    return R;
  }();
  return T;
}

std::string lower(std::string S) {
  std::transform(S.begin(), S.end(), S.begin(), [](unsigned char C) { return std::tolower(C); });
  return S;
}

std::string narrow(const std::wstring &W) { return std::string(W.begin(), W.end()); }

int chooseDefault() {
  const auto &Infos = table().Infos;
  const char *Env = std::getenv("AMPCC_DEVICE");
  if (Env && *Env) {
    std::string Want = lower(Env);
    auto byKind = [&](device_kind K) {
      for (const auto &I : Infos)
        if (I.kind == K)
          return I.index;
      return -1;
    };
    int Found = -1;
    if (Want == "gpu")
      Found = byKind(device_kind::gpu);
    else if (Want == "cpu")
      Found = byKind(device_kind::cpu);
    else if (std::all_of(Want.begin(), Want.end(), ::isdigit))
      Found = std::atoi(Want.c_str()) < static_cast<int>(Infos.size()) ? std::atoi(Want.c_str()) : -1;
    else
      for (const auto &I : Infos)
        if (Found < 0 && lower(narrow(I.description)).find(Want) != std::string::npos)
          Found = I.index;
    if (Found < 0) {
      std::string List;
      for (const auto &I : Infos)
        List += "\n  " + std::to_string(I.index) + ": " + narrow(I.description);
      if (List.empty())
        List = " (none)";
      throw concurrency::runtime_exception(
          "ampcc: AMPCC_DEVICE=" + std::string(Env) + " matches none of the devices:" + List, 0x80004005L);
    }
    return Found;
  }
  for (device_kind K : {device_kind::gpu, device_kind::cpu, device_kind::accelerator, device_kind::other})
    for (const auto &I : Infos)
      if (I.kind == K)
        return I.index;
  throw concurrency::runtime_exception(
      "ampcc: no OpenCL device found (" + std::to_string(table().Platforms) +
          " platforms; install an OpenCL driver such as pocl-opencl-icd, or check /etc/OpenCL/vendors) and no CUDA "
          "device",
      0x80004005L);
}

// A C++ AMP error nobody caught ends the program with its message and status 1 rather than an abort
// and a core dump; other exceptions keep the previous handler's behaviour.
std::terminate_handler PreviousTerminate = nullptr;
[[noreturn]] void reportUncaught() {
  if (std::exception_ptr E = std::current_exception()) {
    try {
      std::rethrow_exception(E);
    } catch (const concurrency::runtime_exception &R) {
      std::fprintf(stderr, "%s\n", R.what());
      std::fflush(stderr);
      std::_Exit(1);
    } catch (...) {
    }
  }
  if (PreviousTerminate)
    PreviousTerminate();
  std::abort();
}
const bool TerminateInstalled = [] {
  PreviousTerminate = std::set_terminate(reportUncaught);
  return true;
}();

} // namespace

const std::vector<device_info> &devices() { return table().Infos; }

int default_device() {
  static std::mutex M;
  static int Chosen = -1;
  std::lock_guard<std::mutex> L(M);
  if (Chosen < 0)
    Chosen = chooseDefault();
  return Chosen;
}

int cudaOrdinal(int Device) {
  const Table &T = table();
  return Device < 0 || Device >= static_cast<int>(T.CudaOrdinals.size()) ? -1 : T.CudaOrdinals[Device];
}

bool openclShows(int Device) { return openclDevice(Device) != nullptr; }

cl_device_id openclDevice(int Device) {
  const Table &T = table();
  if (Device < 0 || Device >= static_cast<int>(T.Ids.size()))
    return nullptr;
  return T.Ids[Device];
}

} // namespace ampcc::rt
