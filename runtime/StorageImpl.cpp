// Coherent storage behind arrays and array_views: one host copy and one device buffer, each current or
// stale, moved only when the other side needs the data (docs/design/coherence.md).
#include "RuntimeState.h"
#include "Trace.h"

#include <cstdlib>
#include <cstring>
#include <optional>
#include <unordered_set>
#include <utility>
#include <vector>

namespace ampcc::rt {

struct storage::state {
  std::mutex M;
  std::size_t Bytes = 0;
  void *Host = nullptr;
  bool OwnsHost = false;
  bool UserMemory = false;
  bool HostValid = false;
  bool DeviceValid = false;
  bool Discarded = false; // discard_data: the device keeps what it holds, without a copy (MSVC's behaviour)
  // Byte ranges (offset, size) of sections discarded while the device copy was newer: their device bytes are not
  // the data's (a kernel's writes there were discarded), so a download keeps the host's bytes there. Empty unless
  // the device copy is newer; cleared by whatever makes the whole host copy current, or lets a kernel write.
  std::vector<std::pair<std::size_t, std::size_t>> Kept;
  void *Buf = nullptr;                // made by Ctx's back end
  std::shared_ptr<DeviceContext> Ctx; // the buffer's context, kept until the buffer is released
  std::optional<queue> Home;          // arrays live on a queue
  std::optional<queue> Last;          // the queue whose commands last used the buffer
  std::unique_ptr<PendingCommand> Upload; // a non-blocking upload still reading Host
  host_cache *Caches = nullptr;       // the views' caches kept current by publish(), a doubly linked list

  void ensureHost() {
    if (!Host) {
      Host = std::calloc(Bytes ? Bytes : 1, 1);
      if (!Host)
        throw concurrency::out_of_memory("ampcc: cannot allocate host memory for an array");
      OwnsHost = true;
    }
  }
  // Makes the buffer on q's context if there is none there (see storage::allocate_on). Under the lock.
  void bufferOn(const queue &q);
  // Another queue of the same device may still be using the buffer: waits for it before q uses it.
  void waitForOtherQueue(const queue &q) {
    if (Last && !(*Last == q)) {
      trace::HostSpan Span("wait", "wait for another accelerator_view");
      submitPendingWork();
      Last->impl().Queue->finish("waiting for another accelerator_view");
    }
  }
  void waitUpload() {
    if (Upload) {
      trace::HostSpan Span("wait", "wait for an upload");
      submitPendingWork();
      Upload->wait();
      Upload.reset();
    }
  }
  // Makes the host copy current, downloading from the device if needed (the discarded ranges keep their host bytes).
  void pull() {
    ensureHost();
    if (!HostValid && DeviceValid && Buf) {
      std::vector<char> Saved;
      for (auto [Off, N] : Kept)
        Saved.insert(Saved.end(), static_cast<char *>(Host) + Off, static_cast<char *>(Host) + Off + N);
      submitPendingWork();
      CommandNote Note{"copy", "copy to host", Bytes};
      Last->impl().Queue->read(Buf, 0, Bytes, Host, &Note);
      counters().ToHost += Bytes;
      const char *From = Saved.data();
      for (auto [Off, N] : Kept) {
        std::memcpy(static_cast<char *>(Host) + Off, From, N);
        From += N;
      }
      // The device copy still holds the discarded writes there: the host copy is now the only current one, and the
      // next kernel that reads the data gets it uploaded.
      if (!Kept.empty())
        DeviceValid = false;
    }
    Kept.clear();
    HostValid = true;
  }
};

namespace {

// The storages not yet destroyed (storage_is_live). Never destroyed itself: storages of static views go after it.
struct LiveStorages {
  std::mutex M;
  std::unordered_set<const storage *> Set;
};
LiveStorages &liveStorages() {
  static LiveStorages *L = new LiveStorages;
  return *L;
}
void addLive(const storage *S) {
  LiveStorages &L = liveStorages();
  std::lock_guard<std::mutex> G(L.M);
  L.Set.insert(S);
}

} // namespace

bool storage_is_live(const storage *s) noexcept {
  LiveStorages &L = liveStorages();
  std::lock_guard<std::mutex> G(L.M);
  return L.Set.count(s) != 0;
}

storage::storage(void *host, std::size_t bytes) : s_(std::make_unique<state>()) {
  s_->Bytes = bytes;
  s_->Host = host;
  s_->UserMemory = true;
  s_->HostValid = true;
  publish();
  addLive(this);
}

storage::storage(const queue &q, std::size_t bytes) : s_(std::make_unique<state>()) {
  // What no buffer of the device can hold fails here, where the array is made, rather than at its first use.
  if (!q.is_host()) {
    const device_info &D = devices().at(q.device());
    auto Refuse = [&](const char *Limit, std::size_t Max, const char *Info) {
      throw concurrency::out_of_memory("ampcc: cannot allocate " + std::to_string(bytes) + " bytes on " +
                                       std::string(D.description.begin(), D.description.end()) + ": it " + Limit + " " +
                                       std::to_string(Max) + " bytes (" + Info + ")");
    };
    if (D.max_alloc_bytes && bytes > D.max_alloc_bytes)
      Refuse("allocates at most", D.max_alloc_bytes, "CL_DEVICE_MAX_MEM_ALLOC_SIZE");
    if (D.global_memory_bytes && bytes > D.global_memory_bytes)
      Refuse("has", D.global_memory_bytes, "CL_DEVICE_GLOBAL_MEM_SIZE");
  }
  s_->Bytes = bytes;
  s_->Home = q;
  addLive(this);
}

storage::storage(std::size_t bytes) : s_(std::make_unique<state>()) {
  s_->Bytes = bytes;
  s_->ensureHost();
  s_->HostValid = true;
  publish();
  addLive(this);
}

storage::~storage() {
  {
    LiveStorages &L = liveStorages();
    std::lock_guard<std::mutex> G(L.M);
    L.Set.erase(this);
  }
  state &S = *s_;
  try {
    S.waitUpload();
    // The last view over user memory takes newer device data back with it.
    if (S.UserMemory && S.DeviceValid && !S.HostValid)
      S.pull();
  } catch (...) {
  }
  // A view moved from keeps its cache registered until it goes; it must not reach this storage afterwards.
  for (host_cache *C = S.Caches, *Next; C; C = Next) {
    Next = C->next_;
    C->detach();
  }
  if (S.Buf)
    S.Ctx->Backend->release(S.Buf);
  if (S.OwnsHost)
    std::free(S.Host);
}

std::size_t storage::bytes() const { return s_->Bytes; }

void storage::publish() noexcept {
  const state &S = *s_;
  void *Read = S.HostValid ? S.Host : nullptr;
  // A host write needs the device copy stale already and no upload still reading the host copy.
  void *Write = S.HostValid && !S.DeviceValid && !S.Upload ? S.Host : nullptr;
  fast_read_.store(Read, std::memory_order_release);
  fast_write_.store(Write, std::memory_order_release);
  for (host_cache *C = S.Caches; C; C = C->next_) {
    C->read_.store(Read ? static_cast<char *>(Read) + C->offset_ : nullptr, std::memory_order_release);
    C->write_.store(Write ? static_cast<char *>(Write) + C->offset_ : nullptr, std::memory_order_release);
  }
}

void *storage::host(access mode, host_cache &cache, std::size_t offset) {
  // A view's storage never changes while its cache is registered (assignment unregisters it), so this only
  // leaves another storage's list in a case that cannot arise; it must not hold this lock while doing so.
  if (cache.owner_ && cache.owner_ != this)
    cache.release();
  std::lock_guard<std::mutex> L(s_->M);
  // Several threads may reach here through one view: it joins the list once.
  if (cache.owner_ != this) {
    cache.owner_ = this;
    cache.offset_ = offset;
    cache.prev_ = nullptr;
    cache.next_ = s_->Caches;
    if (s_->Caches)
      s_->Caches->prev_ = &cache;
    s_->Caches = &cache;
  }
  return static_cast<char *>(host_under_lock(mode)) + offset; // publishes, filling cache
}

void host_cache::unregister() noexcept {
  std::lock_guard<std::mutex> L(owner_->s_->M);
  storage::state &S = *owner_->s_;
  (prev_ ? prev_->next_ : S.Caches) = next_;
  if (next_)
    next_->prev_ = prev_;
  detach();
}

void host_cache::detach() noexcept {
  owner_ = nullptr;
  prev_ = next_ = nullptr;
  read_.store(nullptr, std::memory_order_relaxed);
  write_.store(nullptr, std::memory_order_relaxed);
}
const queue *storage::home() const { return s_->Home ? &*s_->Home : nullptr; }

bool storage::has_data_source() const { return s_->Home || s_->UserMemory; }

void *storage::host_locked(access mode) {
  std::lock_guard<std::mutex> L(s_->M);
  return host_under_lock(mode);
}

void *storage::host_under_lock(access mode) {
  s_->pull();
  if (static_cast<int>(mode) & static_cast<int>(access::write)) {
    s_->waitUpload();
    s_->DeviceValid = false;
  }
  publish();
  return s_->Host;
}

void *storage::host_address() {
  std::lock_guard<std::mutex> L(s_->M);
  s_->ensureHost();
  return s_->Host;
}

static void checkRange(std::size_t Offset, std::size_t N, std::size_t Bytes, const char *What) {
  if (Offset > Bytes || N > Bytes - Offset)
    throw concurrency::runtime_exception("ampcc: " + std::string(What) + " of " + std::to_string(N) +
                                             " bytes at offset " + std::to_string(Offset) + " is outside the " +
                                             std::to_string(Bytes) + " bytes of the array",
                                         0x80070057L);
}

void storage::discard() {
  std::lock_guard<std::mutex> L(s_->M);
  // An array's data is the array's own: a view of it discarding its copies loses nothing of the array.
  if (s_->Home)
    return;
  s_->HostValid = false;
  s_->DeviceValid = false;
  s_->Discarded = true;
  s_->Kept.clear();
  publish();
}

void storage::discard(std::size_t offset, std::size_t n) {
  if (offset == 0 && n == bytes()) {
    discard();
    return;
  }
  std::lock_guard<std::mutex> L(s_->M);
  state &S = *s_;
  checkRange(offset, n, S.Bytes, "a discarded range");
  // Only where the device copy is newer do the two copies differ: there the device's bytes of the range, a kernel's
  // discarded writes, must not reach the host. Where the host copy is current it already holds what the range keeps.
  if (S.Home || S.HostValid || !S.DeviceValid || n == 0)
    return;
  S.ensureHost();
  S.Kept.emplace_back(offset, n);
}

void storage::synchronize() { host(access::read); }

void storage::refresh() {
  std::lock_guard<std::mutex> L(s_->M);
  // Only user memory changes behind the runtime's back. An array's data, and the memory of a view made without a
  // data source, change only through the runtime: their copies are current as they are (a kernel's writes to a view
  // without a data source are its contents, not a stale copy).
  if (!s_->UserMemory)
    return;
  s_->HostValid = true;
  s_->DeviceValid = false;
  s_->Kept.clear();
  publish();
}

void storage::refresh(std::size_t offset, std::size_t n) {
  if (offset == 0 && n == bytes()) {
    refresh();
    return;
  }
  std::lock_guard<std::mutex> L(s_->M);
  state &S = *s_;
  checkRange(offset, n, S.Bytes, "a refreshed range");
  if (!S.UserMemory || n == 0)
    return;
  if (S.DeviceValid && !S.HostValid && S.Buf) {
    // The rest of the data is newer on the device: the range's new bytes go there, and the device copy stays the
    // current one. Blocking, since the bytes are the user's memory.
    submitPendingWork();
    CommandNote Note{"copy", "copy to device", n};
    S.Last->impl().Queue->write(S.Buf, offset, n, static_cast<char *>(S.Host) + offset, &Note);
    counters().ToDevice += n;
    return;
  }
  // The host copy holds the rest as it is (current, or discarded): it is the current copy, the device's stale.
  S.HostValid = true;
  S.DeviceValid = false;
  S.Kept.clear();
  publish();
}

void storage::read(void *dst, std::size_t offset, std::size_t n) {
  std::lock_guard<std::mutex> L(s_->M);
  state &S = *s_;
  checkRange(offset, n, S.Bytes, "a read");
  if (!S.HostValid && S.DeviceValid && S.Buf) {
    if (S.Kept.empty()) {
      // Straight from the device into the caller's memory: no host shadow needed.
      submitPendingWork();
      CommandNote Note{"copy", "copy to host", n};
      S.Last->impl().Queue->read(S.Buf, offset, n, dst, &Note);
      counters().ToHost += n;
      return;
    }
    // Discarded ranges read as the host copy holds them: through a download that keeps them (dst may be the host
    // copy itself, a copy into the memory a view views).
    S.pull();
    publish();
  }
  S.ensureHost();
  std::memmove(dst, static_cast<char *>(S.Host) + offset, n); // dst may be the host copy itself
}

void storage::write(const void *src, std::size_t offset, std::size_t n) {
  std::lock_guard<std::mutex> L(s_->M);
  state &S = *s_;
  checkRange(offset, n, S.Bytes, "a write");
  if (offset == 0 && n == S.Bytes && S.Home && !S.Home->is_host() && !S.Host && n) {
    // An array on a device whose data has never needed a host copy (made from a host range, or copied into):
    // straight to its device, without a host copy to allocate and fill first. Blocking, since src is the
    // caller's. The array's own queue runs in order; another queue that used the buffer last finishes first.
    S.bufferOn(*S.Home);
    S.waitForOtherQueue(*S.Home);
    submitPendingWork();
    CommandNote Note{"copy", "copy to device", n};
    S.Home->impl().Queue->write(S.Buf, 0, n, src, &Note);
    counters().ToDevice += n;
    S.Last = *S.Home;
    S.DeviceValid = true;
    S.HostValid = false;
    S.Discarded = false;
    S.Kept.clear();
    publish();
    return;
  }
  if (offset == 0 && n == S.Bytes) {
    S.waitUpload();
    S.ensureHost();
    std::memmove(S.Host, src, n); // src may be the host copy itself (a copy from the memory a view views)
    S.HostValid = true;
    S.DeviceValid = false;
    S.Kept.clear();
    publish();
    return;
  }
  S.pull();
  S.waitUpload();
  std::memmove(static_cast<char *>(S.Host) + offset, src, n);
  S.DeviceValid = false;
  publish();
}

void storage::state::bufferOn(const queue &q) {
  DeviceContext &C = q.impl().Ctx;
  if (Buf && Ctx.get() != &C) {
    // Used on another device: move the data through the host.
    pull();
    waitUpload();
    Ctx->Backend->release(Buf);
    Buf = nullptr;
    DeviceValid = false;
  }
  if (!Buf) {
    BackendError Err;
    Buf = C.Backend->allocate(Bytes, Err);
    if (!Buf)
      throwBackendError(Err, "allocating " + std::to_string(Bytes) + " bytes on the accelerator");
    Ctx = q.impl().Owner;
    DeviceValid = false;
  }
}

void storage::allocate_on(const queue &q) {
  std::lock_guard<std::mutex> L(s_->M);
  s_->bufferOn(q);
  publish();
}

void *storage::device_buffer(const queue &q, access mode) {
  std::lock_guard<std::mutex> L(s_->M);
  state &S = *s_;
  S.bufferOn(q);
  S.waitForOtherQueue(q);
  bool Reads = static_cast<int>(mode) & static_cast<int>(access::read);
  bool Writes = static_cast<int>(mode) & static_cast<int>(access::write);
  if (Reads && !S.DeviceValid && S.HostValid) {
    S.waitUpload();
    // Non-blocking: the in-order queue runs the kernel after the copy; host writes wait for it.
    CommandNote Note{"copy", "copy to device", S.Bytes};
    S.Upload = q.impl().Queue->writeAsync(S.Buf, S.Bytes, S.Host, &Note);
    counters().ToDevice += S.Bytes;
    S.DeviceValid = true;
    q.impl().Pending = true; // submitted with the launch it precedes, or before the host next waits
  }
  // Data that nothing has written yet reads as zeros on the device as it does on the host (pull), not as what
  // the device's allocator left in the buffer; cleared on the device, without a copy. Discarded data is not
  // cleared: a kernel after discard_data reads what the device holds, as on MSVC.
  if (Reads && !S.DeviceValid && !S.HostValid && !S.Discarded) {
    if (S.Bytes) {
      CommandNote Note{"copy", "clear on device", S.Bytes};
      q.impl().Queue->fillZero(S.Buf, S.Bytes, &Note);
    }
    q.impl().Pending = true;
    S.DeviceValid = true;
  }
  if (Writes) {
    // The kernel may write into discarded ranges: what it writes there is the data again (discarding is transient).
    S.HostValid = false;
    S.DeviceValid = true;
    S.Kept.clear();
  }
  if (!S.Last || !(*S.Last == q))
    S.Last = q;
  publish();
  return S.Buf;
}

} // namespace ampcc::rt
