// Device enumeration, the default device choice (AMPCC_DEVICE) and the OpenCL error helpers.
#include "RuntimeImpl.h"

#include <cctype>
#include <cstdlib>
#include <optional>

namespace ampcc::rt {
namespace detail {

std::wstring widen(const std::string& s) {
  std::wstring w;
  w.reserve(s.size());
  for (unsigned char c : s)
    w.push_back(static_cast<wchar_t>(c));
  return w;
}

std::string narrow(const std::wstring& w) {
  std::string s;
  s.reserve(w.size());
  for (wchar_t c : w)
    s.push_back(c >= 0 && c < 256 ? static_cast<char>(c) : '?');
  return s;
}

const char* cl_error_name(cl_int err) {
  switch (err) {
#define AMPCC_CL_ERROR(name) \
  case name:                 \
    return #name;
    AMPCC_CL_ERROR(CL_SUCCESS)
    AMPCC_CL_ERROR(CL_DEVICE_NOT_FOUND)
    AMPCC_CL_ERROR(CL_DEVICE_NOT_AVAILABLE)
    AMPCC_CL_ERROR(CL_COMPILER_NOT_AVAILABLE)
    AMPCC_CL_ERROR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    AMPCC_CL_ERROR(CL_OUT_OF_RESOURCES)
    AMPCC_CL_ERROR(CL_OUT_OF_HOST_MEMORY)
    AMPCC_CL_ERROR(CL_PROFILING_INFO_NOT_AVAILABLE)
    AMPCC_CL_ERROR(CL_MEM_COPY_OVERLAP)
    AMPCC_CL_ERROR(CL_IMAGE_FORMAT_MISMATCH)
    AMPCC_CL_ERROR(CL_IMAGE_FORMAT_NOT_SUPPORTED)
    AMPCC_CL_ERROR(CL_BUILD_PROGRAM_FAILURE)
    AMPCC_CL_ERROR(CL_MAP_FAILURE)
    AMPCC_CL_ERROR(CL_MISALIGNED_SUB_BUFFER_OFFSET)
    AMPCC_CL_ERROR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    AMPCC_CL_ERROR(CL_COMPILE_PROGRAM_FAILURE)
    AMPCC_CL_ERROR(CL_LINKER_NOT_AVAILABLE)
    AMPCC_CL_ERROR(CL_LINK_PROGRAM_FAILURE)
    AMPCC_CL_ERROR(CL_DEVICE_PARTITION_FAILED)
    AMPCC_CL_ERROR(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
    AMPCC_CL_ERROR(CL_INVALID_VALUE)
    AMPCC_CL_ERROR(CL_INVALID_DEVICE_TYPE)
    AMPCC_CL_ERROR(CL_INVALID_PLATFORM)
    AMPCC_CL_ERROR(CL_INVALID_DEVICE)
    AMPCC_CL_ERROR(CL_INVALID_CONTEXT)
    AMPCC_CL_ERROR(CL_INVALID_QUEUE_PROPERTIES)
    AMPCC_CL_ERROR(CL_INVALID_COMMAND_QUEUE)
    AMPCC_CL_ERROR(CL_INVALID_HOST_PTR)
    AMPCC_CL_ERROR(CL_INVALID_MEM_OBJECT)
    AMPCC_CL_ERROR(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
    AMPCC_CL_ERROR(CL_INVALID_IMAGE_SIZE)
    AMPCC_CL_ERROR(CL_INVALID_SAMPLER)
    AMPCC_CL_ERROR(CL_INVALID_BINARY)
    AMPCC_CL_ERROR(CL_INVALID_BUILD_OPTIONS)
    AMPCC_CL_ERROR(CL_INVALID_PROGRAM)
    AMPCC_CL_ERROR(CL_INVALID_PROGRAM_EXECUTABLE)
    AMPCC_CL_ERROR(CL_INVALID_KERNEL_NAME)
    AMPCC_CL_ERROR(CL_INVALID_KERNEL_DEFINITION)
    AMPCC_CL_ERROR(CL_INVALID_KERNEL)
    AMPCC_CL_ERROR(CL_INVALID_ARG_INDEX)
    AMPCC_CL_ERROR(CL_INVALID_ARG_VALUE)
    AMPCC_CL_ERROR(CL_INVALID_ARG_SIZE)
    AMPCC_CL_ERROR(CL_INVALID_KERNEL_ARGS)
    AMPCC_CL_ERROR(CL_INVALID_WORK_DIMENSION)
    AMPCC_CL_ERROR(CL_INVALID_WORK_GROUP_SIZE)
    AMPCC_CL_ERROR(CL_INVALID_WORK_ITEM_SIZE)
    AMPCC_CL_ERROR(CL_INVALID_GLOBAL_OFFSET)
    AMPCC_CL_ERROR(CL_INVALID_EVENT_WAIT_LIST)
    AMPCC_CL_ERROR(CL_INVALID_EVENT)
    AMPCC_CL_ERROR(CL_INVALID_OPERATION)
    AMPCC_CL_ERROR(CL_INVALID_GL_OBJECT)
    AMPCC_CL_ERROR(CL_INVALID_BUFFER_SIZE)
    AMPCC_CL_ERROR(CL_INVALID_MIP_LEVEL)
    AMPCC_CL_ERROR(CL_INVALID_GLOBAL_WORK_SIZE)
    AMPCC_CL_ERROR(CL_INVALID_PROPERTY)
    AMPCC_CL_ERROR(CL_INVALID_IMAGE_DESCRIPTOR)
    AMPCC_CL_ERROR(CL_INVALID_COMPILER_OPTIONS)
    AMPCC_CL_ERROR(CL_INVALID_LINKER_OPTIONS)
    AMPCC_CL_ERROR(CL_INVALID_DEVICE_PARTITION_COUNT)
#undef AMPCC_CL_ERROR
  case -1001:
    return "CL_PLATFORM_NOT_FOUND_KHR";
  default:
    return "CL_UNKNOWN_ERROR";
  }
}

void throw_cl_error(const std::string& what, cl_int err) {
  std::string msg = "ampcc: " + what + " failed: " + cl_error_name(err) + " (" +
                    std::to_string(err) + ")";
  if (err == CL_OUT_OF_RESOURCES || err == CL_MEM_OBJECT_ALLOCATION_FAILURE ||
      err == CL_OUT_OF_HOST_MEMORY) {
    // out_of_memory keeps only a pointer to its message, so the text must outlive the exception.
    static std::mutex mutex;
    static std::vector<std::unique_ptr<std::string>> messages;
    std::lock_guard<std::mutex> lock(mutex);
    messages.push_back(std::make_unique<std::string>(std::move(msg)));
    throw concurrency::out_of_memory(messages.back()->c_str());
  }
  throw concurrency::runtime_exception(msg, static_cast<long>(err));
}

namespace {

struct enumeration {
  std::vector<device_info> infos;
  std::vector<cl_device_id> ids;
  int platforms = 0;
};

std::string platform_string(cl_platform_id p, cl_platform_info what) {
  std::size_t size = 0;
  if (clGetPlatformInfo(p, what, 0, nullptr, &size) != CL_SUCCESS || size == 0)
    return {};
  std::string s(size, '\0');
  if (clGetPlatformInfo(p, what, size, s.data(), nullptr) != CL_SUCCESS)
    return {};
  s.resize(s.find('\0') == std::string::npos ? s.size() : s.find('\0'));
  return s;
}

std::string device_string(cl_device_id d, cl_device_info what) {
  std::size_t size = 0;
  if (clGetDeviceInfo(d, what, 0, nullptr, &size) != CL_SUCCESS || size == 0)
    return {};
  std::string s(size, '\0');
  if (clGetDeviceInfo(d, what, size, s.data(), nullptr) != CL_SUCCESS)
    return {};
  s.resize(s.find('\0') == std::string::npos ? s.size() : s.find('\0'));
  return s;
}

template <typename T> T device_value(cl_device_id d, cl_device_info what) {
  T value{};
  if (clGetDeviceInfo(d, what, sizeof(T), &value, nullptr) != CL_SUCCESS)
    return T{};
  return value;
}

enumeration enumerate() {
  enumeration e;
  cl_uint nplatforms = 0;
  if (clGetPlatformIDs(0, nullptr, &nplatforms) != CL_SUCCESS || nplatforms == 0)
    return e;
  std::vector<cl_platform_id> platforms(nplatforms);
  if (clGetPlatformIDs(nplatforms, platforms.data(), nullptr) != CL_SUCCESS)
    return e;
  e.platforms = static_cast<int>(nplatforms);
  for (cl_uint p = 0; p < nplatforms; ++p) {
    cl_uint ndevices = 0;
    if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 0, nullptr, &ndevices) != CL_SUCCESS ||
        ndevices == 0)
      continue;
    std::vector<cl_device_id> ids(ndevices);
    if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, ndevices, ids.data(), nullptr) !=
        CL_SUCCESS)
      continue;
    std::string platform_name = platform_string(platforms[p], CL_PLATFORM_NAME);
    for (cl_uint d = 0; d < ndevices; ++d) {
      cl_device_id id = ids[d];
      device_info info;
      info.index = static_cast<int>(e.infos.size());
      info.path = widen("opencl:" + std::to_string(p) + ":" + std::to_string(d));
      info.description = widen(device_string(id, CL_DEVICE_NAME) + " (" + platform_name + ")");
      auto type = device_value<cl_device_type>(id, CL_DEVICE_TYPE);
      info.kind = type & CL_DEVICE_TYPE_GPU           ? device_kind::gpu
                  : type & CL_DEVICE_TYPE_CPU         ? device_kind::cpu
                  : type & CL_DEVICE_TYPE_ACCELERATOR ? device_kind::accelerator
                                                      : device_kind::other;
      bool fp64 = device_value<cl_device_fp_config>(id, CL_DEVICE_DOUBLE_FP_CONFIG) != 0 ||
                  device_string(id, CL_DEVICE_EXTENSIONS).find("cl_khr_fp64") != std::string::npos;
      info.supports_double_precision = fp64;
      info.supports_limited_double_precision = fp64;
      info.supports_cpu_shared_memory =
          device_value<cl_bool>(id, CL_DEVICE_HOST_UNIFIED_MEMORY) == CL_TRUE;
      info.dedicated_memory_kb =
          static_cast<std::size_t>(device_value<cl_ulong>(id, CL_DEVICE_GLOBAL_MEM_SIZE) / 1024);
      info.local_memory_bytes =
          static_cast<std::size_t>(device_value<cl_ulong>(id, CL_DEVICE_LOCAL_MEM_SIZE));
      info.max_work_group_size = device_value<std::size_t>(id, CL_DEVICE_MAX_WORK_GROUP_SIZE);
      info.driver_version = device_string(id, CL_DRIVER_VERSION);
      e.infos.push_back(std::move(info));
      e.ids.push_back(id);
    }
  }
  return e;
}

const enumeration& the_enumeration() {
  static const enumeration e = enumerate();
  return e;
}

std::mutex default_mutex;
std::optional<int> default_choice;

std::string lower(std::string s) {
  for (char& c : s)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string device_list() {
  std::string list;
  for (const device_info& d : devices())
    list += (list.empty() ? "" : ", ") + std::string("[") + std::to_string(d.index) + "] " +
            narrow(d.description);
  return list;
}

int first_of(device_kind kind) {
  for (const device_info& d : devices())
    if (d.kind == kind)
      return d.index;
  return -1;
}

// The device AMPCC_DEVICE names, or -1.
int match(const std::string& request) {
  std::string want = lower(request);
  if (want == "gpu")
    return first_of(device_kind::gpu);
  if (want == "cpu")
    return first_of(device_kind::cpu);
  if (!want.empty() && want.find_first_not_of("0123456789") == std::string::npos) {
    unsigned long index = std::strtoul(want.c_str(), nullptr, 10);
    return index < devices().size() ? static_cast<int>(index) : -1;
  }
  for (const device_info& d : devices())
    if (lower(narrow(d.description)).find(want) != std::string::npos)
      return d.index;
  return -1;
}

int choose() {
  if (devices().empty())
    throw concurrency::runtime_exception(
        "ampcc: no OpenCL device found (checked " + std::to_string(platform_count()) +
            " platforms; is an ICD such as pocl-opencl-icd installed?)",
        0x80004005L);
  if (const char* env = std::getenv("AMPCC_DEVICE"); env && *env) {
    int index = match(env);
    if (index < 0)
      throw concurrency::runtime_exception(
          std::string("ampcc: AMPCC_DEVICE=") + env + " matches none of: " + device_list(),
          0x80004005L);
    return index;
  }
  if (int gpu = first_of(device_kind::gpu); gpu >= 0)
    return gpu;
  if (int cpu = first_of(device_kind::cpu); cpu >= 0)
    return cpu;
  return 0;
}

}  // namespace

const std::vector<cl_device_id>& device_ids() { return the_enumeration().ids; }

int platform_count() { return the_enumeration().platforms; }

void reset_default_device() {
  std::lock_guard<std::mutex> lock(default_mutex);
  default_choice.reset();
}

}  // namespace detail

const std::vector<device_info>& devices() { return detail::the_enumeration().infos; }

int default_device() {
  std::lock_guard<std::mutex> lock(detail::default_mutex);
  if (!detail::default_choice)
    detail::default_choice = detail::choose();
  return *detail::default_choice;
}

}  // namespace ampcc::rt
