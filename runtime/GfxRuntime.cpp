// The Intel graphics-offload API (gfx/gfx_rt.h) over the ampcc runtime: shared regions are storages over
// the user's memory, offloads are launches of the kernels the translator registered, _GFX_wait copies back.
#include <gfx/gfx_rt.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace ampcc::gfx {
namespace {

struct region {
  std::size_t bytes = 0;
  std::unique_ptr<rt::storage> st;
  bool device_newer = false; // a kernel wrote it since the last wait
};

struct kernel_entry {
  const void *fn;
  std::string name;
  launcher launch;
};

struct state {
  std::mutex m;
  std::map<const char *, region> regions; // by first byte
  std::vector<kernel_entry> kernels;
  std::map<std::string, offload_launcher> offloads;
  // A wait that _GFX_wait with a timeout left running, and the last task it waits for.
  std::future<void> pending;
  unsigned pending_covers = 0;
  GfxErrorCode error = GFX_SUCCESS;
  std::string message;
  unsigned next_task = 0;
  std::set<const void *> signalled; // signal(...) tags of offloads that no wait has consumed
};

// The `#pragma offload` being started on this thread ("file:line"), for the report of its failure.
thread_local std::string offload_where;

// With GFX_OFFLOAD_REPORT set (to anything but 0), an offload that falls back to the host, or a wait for a
// tag no offload signalled, says why on stderr, as Intel's offload runtime did under its report setting.
void report(const std::string &where, const std::string &what) {
  const char *env = std::getenv("GFX_OFFLOAD_REPORT");
  if (!env || !*env || std::strcmp(env, "0") == 0)
    return;
  std::fprintf(stderr, "%s: %s\n", where.empty() ? "ampcc" : where.c_str(), what.c_str());
}

state &S() {
  static state *s = new state; // never destroyed: kernels register from static constructors of any file
  return *s;
}

int fail(GfxErrorCode e, const std::string &msg) {
  S().error = e;
  S().message = msg;
  return -1;
}

// The region holding p, or null.
std::pair<const char *, region *> find(const void *p) {
  const char *c = static_cast<const char *>(p);
  auto it = S().regions.upper_bound(c);
  if (it == S().regions.begin())
    return {nullptr, nullptr};
  --it;
  if (c >= it->first + it->second.bytes)
    return {nullptr, nullptr};
  return {it->first, &it->second};
}

rt::queue &queue() {
  static rt::queue q = rt::default_queue(rt::default_device());
  return q;
}

} // namespace

kernel_registration::kernel_registration(const void *fn, const char *name, launcher l) {
  std::lock_guard<std::mutex> lock(S().m);
  S().kernels.push_back({fn, name, l});
}

int offload(const void *fn, const char *name, const value *argv, unsigned n) {
  launcher l = nullptr;
  {
    std::lock_guard<std::mutex> lock(S().m);
    for (const kernel_entry &k : S().kernels)
      if ((fn && k.fn == fn) || (!fn && name && k.name == name))
        l = k.launch;
    if (!l)
      return fail(GFX_ERROR_KERNEL_NOT_FOUND,
                  std::string("_GFX_offload: ") + (name ? name : "the function") +
                      " is not a __declspec(target(gfx_kernel)) function compiled by ampcc");
  }
  return l(argv, n);
}

int wrong_arguments(const char *kernel, unsigned want, unsigned got) {
  std::lock_guard<std::mutex> lock(S().m);
  return fail(GFX_ERROR_INVALID_ARGUMENT, "_GFX_offload: " + std::string(kernel) + " takes " + std::to_string(want) +
                                              " arguments, " + std::to_string(got) + " given");
}

rt::kernel_arg buffer_arg(const void *p, bool written, rt::shape &sh) {
  std::lock_guard<std::mutex> lock(S().m);
  auto [base, r] = find(p);
  if (!r)
    return {rt::kernel_arg::buffer, nullptr, rt::access::read, p, 0};
  sh = rt::shape();
  sh.off = static_cast<int>(static_cast<const char *>(p) - base);
  return {rt::kernel_arg::buffer, r->st.get(), written ? rt::access::read_write : rt::access::read, &sh, sizeof sh};
}

// Launches desc over `count` work-groups (PerGroup) or at least `count` work-items; the caller holds the lock.
static int start(const rt::kernel_desc &desc, long long count, bool PerGroup, rt::kernel_arg *args, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    if (args[i].kind != rt::kernel_arg::buffer)
      continue;
    if (!args[i].st)
      return fail(GFX_ERROR_NOT_SHARED, std::string("_GFX_offload: a pointer argument of ") + desc.name +
                                            " is not in memory shared with _GFX_share");
  }
  if (count <= 0) {
    S().error = GFX_SUCCESS;
    return static_cast<int>(++S().next_task);
  }
  try {
    const rt::device_info &info = rt::devices().at(queue().device());
    unsigned size = desc.tile[0] ? desc.tile[0] : 64;
    if (const char *env = std::getenv("AMPCC_GFX_GROUP_SIZE"); env && std::atoi(env) > 0)
      size = static_cast<unsigned>(std::atoi(env));
    if (info.max_work_group_size)
      size = static_cast<unsigned>(std::min<std::size_t>(size, info.max_work_group_size));
    // One lasting descriptor per kernel and group size: the runtime remembers the kernel found for each
    // descriptor address, and a copy made afresh per launch would share its address with other kernels.
    static std::map<std::pair<const rt::kernel_desc *, unsigned>, std::unique_ptr<rt::kernel_desc>> sized;
    std::unique_ptr<rt::kernel_desc> &dp = sized[{&desc, size}];
    if (!dp) {
      dp = std::make_unique<rt::kernel_desc>(desc);
      dp->tile[0] = size;
    }
    const rt::kernel_desc &d = *dp;
    // Host code may have changed shared memory since the last wait: upload it again, unless a kernel's
    // results on the device are newer.
    for (auto &[base, r] : S().regions)
      if (!r.device_newer)
        r.st->refresh();
    // Loop kernels stride over their iterations, so the number of groups can be capped.
    long long groups = PerGroup ? count : std::min<long long>((count + size - 1) / size, 1 << 16);
    int extent = static_cast<int>(groups * size);
    rt::launch(d, queue(), &extent, args, n);
    for (std::size_t i = 0; i < n; ++i)
      if (args[i].kind == rt::kernel_arg::buffer && args[i].mode != rt::access::read)
        for (auto &[base, r] : S().regions)
          if (r.st.get() == args[i].st)
            r.device_newer = true;
  } catch (const std::exception &e) {
    return fail(GFX_ERROR_DEVICE, e.what());
  }
  return static_cast<int>(++S().next_task);
}

int launch(const rt::kernel_desc &desc, const grid &g, rt::kernel_arg *args, std::size_t n) {
  std::lock_guard<std::mutex> lock(S().m);
  long long groups = g.n[0] == 0 ? 0 : 1LL * g.n[0] * (g.n[1] ? g.n[1] : 1) * (g.n[2] ? g.n[2] : 1);
  return start(desc, groups, true, args, n);
}

static void syncRegions();

// Both kinds of launch: a loop of iterations, or one work-group per thread group.
static int run(const rt::kernel_desc &desc, const grid &g, rt::kernel_arg *args, std::size_t n, bool groups) {
  std::lock_guard<std::mutex> lock(S().m);
  if (start(desc, 1LL * g.n[0] * g.n[1] * g.n[2], groups, args, n) < 0)
    return 0;
  try {
    syncRegions();
  } catch (const std::exception &e) {
    return fail(GFX_ERROR_DEVICE, e.what()), 0;
  }
  return 1;
}

int run_loop(const rt::kernel_desc &desc, const grid &g, rt::kernel_arg *args, std::size_t n) {
  return run(desc, g, args, n, false);
}

int run_groups(const rt::kernel_desc &desc, const grid &g, rt::kernel_arg *args, std::size_t n) {
  return run(desc, g, args, n, true);
}

bool pin_scope::add(const void *p, std::size_t bytes) {
  if (!bytes)
    return true;
  {
    std::lock_guard<std::mutex> lock(S().m);
    auto [base, r] = find(p);
    if (r && static_cast<const char *>(p) + bytes <= base + r->bytes)
      return true;
  }
  if (count == sizeof mine / sizeof mine[0]) {
    std::lock_guard<std::mutex> lock(S().m);
    return fail(GFX_ERROR_INVALID_ARGUMENT, "#pragma offload: more than 16 pin(...) ranges"), false;
  }
  if (!_GFX_share(const_cast<void *>(p), bytes))
    return false;
  mine[count++] = const_cast<void *>(p);
  return true;
}

pin_scope::~pin_scope() {
  while (count)
    _GFX_unshare(mine[--count]);
}

offload_registration::offload_registration(const char *key, offload_launcher l) {
  std::lock_guard<std::mutex> lock(S().m);
  S().offloads[key] = l;
}

} // namespace ampcc::gfx

using namespace ampcc::gfx;

int _GFX_share(void *p, std::size_t bytes) {
  std::lock_guard<std::mutex> lock(S().m);
  if (!p || !bytes)
    return fail(GFX_ERROR_INVALID_ARGUMENT, "_GFX_share: a null pointer or a size of 0"), 0;
  const char *c = static_cast<const char *>(p);
  auto it = S().regions.find(c);
  if (it != S().regions.end() && it->second.bytes == bytes)
    return 1;
  for (auto &[base, r] : S().regions)
    if (c < base + r.bytes && base < c + bytes)
      return fail(GFX_ERROR_ALREADY_SHARED, "_GFX_share: the region overlaps one already shared"), 0;
  region r;
  r.bytes = bytes;
  r.st = std::make_unique<ampcc::rt::storage>(p, bytes);
  S().regions.emplace(c, std::move(r));
  return 1;
}

namespace ampcc::gfx {
static void syncRegions() {
  queue().wait();
  for (auto &[base, r] : S().regions) {
    if (r.device_newer)
      r.st->synchronize();
    r.device_newer = false;
  }
}
} // namespace ampcc::gfx

int ampcc_gfx_run_offload(const char *key, void *const *captures, const unsigned long *lengths) {
  offload_launcher l = nullptr;
  {
    std::lock_guard<std::mutex> lock(S().m);
    auto it = S().offloads.find(key);
    if (it == S().offloads.end()) {
      fail(GFX_ERROR_KERNEL_NOT_FOUND, std::string("#pragma offload: no kernel for ") + key);
      report(offload_where, "offload ran on the host: " + S().message);
      return 0;
    }
    l = it->second;
  }
  int ran = l(captures, lengths);
  if (!ran) {
    std::lock_guard<std::mutex> lock(S().m);
    report(offload_where, "offload ran on the host: " + S().message);
  }
  return ran;
}

void ampcc_gfx_wait_signal(const char *where, const void *tag) {
  std::lock_guard<std::mutex> lock(S().m);
  if (S().signalled.erase(tag))
    return;
  fail(GFX_ERROR_INVALID_TASK, "wait(...): no offload signalled this tag");
  report(where ? where : "", S().message);
}

void ampcc_gfx_offload_begin(const char *where, const void *wait, const void *signal) {
  offload_where = where ? where : "";
  if (wait)
    ampcc_gfx_wait_signal(where, wait);
  if (signal) {
    std::lock_guard<std::mutex> lock(S().m);
    S().signalled.insert(signal);
  }
}

int _GFX_unshare(void *p) {
  std::lock_guard<std::mutex> lock(S().m);
  auto it = S().regions.find(static_cast<const char *>(p));
  if (it == S().regions.end())
    return fail(GFX_ERROR_NOT_SHARED, "_GFX_unshare: the pointer does not start a shared region"), 0;
  try {
    syncRegions();
  } catch (const std::exception &e) {
    return fail(GFX_ERROR_DEVICE, e.what()), 0;
  }
  S().regions.erase(it);
  return 1;
}

// Tasks run in order on one queue, so waiting for one is waiting for all before it. With a timeout, a
// thread finishes the queue while the caller waits at most timeout_ms for it; if it is not done, it keeps
// going for the next wait, which reuses it when it covers the task asked for.
int _GFX_wait(GfxTaskId task, int timeout_ms) {
  std::lock_guard<std::mutex> lock(S().m);
  if (task != -1 && (task <= 0 || task > static_cast<GfxTaskId>(S().next_task)))
    return fail(GFX_ERROR_INVALID_TASK, "_GFX_wait: no task " + std::to_string(task)), 0;
  try {
    if (timeout_ms >= 0) {
      unsigned target = task == -1 ? S().next_task : static_cast<unsigned>(task);
      auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
      while (true) {
        if (!S().pending.valid()) {
          S().pending = std::async(std::launch::async, [] { queue().wait(); });
          S().pending_covers = S().next_task;
        }
        if (S().pending.wait_until(deadline) != std::future_status::ready)
          return fail(GFX_ERROR_TIMEOUT,
                      "_GFX_wait: the task has not finished within " + std::to_string(timeout_ms) + " ms"),
                 0;
        unsigned covered = S().pending_covers;
        S().pending.get();
        if (covered >= target)
          break;
      }
    }
    syncRegions();
  } catch (const std::exception &e) {
    return fail(GFX_ERROR_DEVICE, e.what()), 0;
  }
  return 1;
}

GfxErrorCode _GFX_get_last_error() { return S().error; }
void _GFX_clear_last_error() {
  S().error = GFX_SUCCESS;
  S().message.clear();
}
const char *_GFX_get_last_error_message() { return S().message.c_str(); }
