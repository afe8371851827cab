// Tests of storage coherence: what moves between host and device, counted by the runtime's stats.
#include "TestKernels.h"

#include "ampcc/exceptions.h"

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

using namespace ampcc::rt;
using namespace ampcc_test;

namespace {

constexpr int n = 1000;
constexpr std::size_t nbytes = n * sizeof(int);

class StorageTest : public ::testing::Test {
protected:
  void SetUp() override {
    // Build the test program first so that the tests count transfers only.
    std::vector<int> warm(1);
    {
      storage st(warm.data(), sizeof(int));
      shape sh = dense(1);
      kernel_arg arg = buffer(st, access::read_write, sh);
      int extent = 1;
      launch(kernel("add_one", 1), q, &extent, &arg, 1);
    }
    reset_stats();
  }

  void add_one(storage& st, int count = n) {
    shape sh = dense(count);
    kernel_arg arg = buffer(st, access::read_write, sh);
    launch(kernel("add_one", 1), q, &count, &arg, 1);
  }
  void copy(storage& from, storage& to, const queue& on) {
    shape sh = dense(n);
    kernel_arg args[] = {buffer(from, access::read, sh), buffer(to, access::write, sh)};
    int extent = n;
    launch(kernel("copy", 1), on, &extent, args, 2);
  }
  void fill(storage& st, int value) {
    shape sh = dense(n);
    kernel_arg args[] = {buffer(st, access::write, sh),
                         {kernel_arg::value, nullptr, access::read, &value, sizeof(value)}};
    int extent = n;
    launch(kernel("fill", 1), q, &extent, args, 2);
  }

  queue q = default_queue(default_device());
};

std::vector<int> iota_vector() {
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), 0);
  return v;
}

}  // namespace

TEST_F(StorageTest, TwoReadLaunchesUploadOnce) {
  std::vector<int> a = iota_vector(), b(n, -1);
  storage sa(a.data(), nbytes), sb(b.data(), nbytes);
  copy(sa, sb, q);
  copy(sa, sb, q);
  // a once; b is write-only, so it is never uploaded.
  EXPECT_EQ(current_stats().bytes_to_device, nbytes);
  EXPECT_EQ(current_stats().kernels_launched, 2u);
  EXPECT_EQ(current_stats().bytes_to_host, 0u) << "launches must not download";
  const int* host = static_cast<const int*>(sb.host(access::read));
  EXPECT_EQ(host, b.data());
  EXPECT_EQ(b, a);
  EXPECT_EQ(current_stats().bytes_to_host, nbytes);
}

TEST_F(StorageTest, DiscardUploadsNothing) {
  std::vector<int> v = iota_vector();
  storage st(v.data(), nbytes);
  st.discard();
  add_one(st);
  EXPECT_EQ(current_stats().bytes_to_device, 0u);
  st.discard();
  st.host(access::read);
  EXPECT_EQ(current_stats().bytes_to_host, 0u);
}

// A range discarded while a kernel's writes are on the device only (a section's discard_data): those writes never
// reach the host copy, by a download, a direct read or the destructor, while the rest of the kernel's writes do; the
// host copy is then the current one, so the next kernel reads the host's bytes there. A kernel writing afterwards
// makes the range data again; a range discarded while the host copy is current changes nothing.
TEST_F(StorageTest, DiscardedRangeKeepsTheHostBytes) {
  std::vector<int> v = iota_vector();
  {
    storage st(v.data(), nbytes);
    add_one(st);
    st.discard(10 * sizeof(int), 5 * sizeof(int));
    int direct[20];
    st.read(direct, 0, sizeof direct);
    EXPECT_EQ(direct[9], 10);
    EXPECT_EQ(direct[10], 10) << "a direct read took the discarded write";
    EXPECT_EQ(direct[15], 16);
    const int* host = static_cast<const int*>(st.host(access::read));
    EXPECT_EQ(host[14], 14);
    EXPECT_EQ(host[15], 16);
    add_one(st); // uploads the host copy: the discarded range counts from the host's bytes
    EXPECT_EQ(static_cast<const int*>(st.host(access::read))[12], 13);
    st.discard(0, 4 * sizeof(int)); // the host copy is current: nothing to keep
    add_one(st);
    st.discard(500 * sizeof(int), 4 * sizeof(int));
    add_one(st); // a kernel writing after the discard: its writes are the data
  }
  EXPECT_EQ(v[0], 4);
  EXPECT_EQ(v[12], 15);
  EXPECT_EQ(v[501], 505);
  std::vector<int> w = iota_vector();
  {
    storage st(w.data(), nbytes);
    add_one(st);
    st.discard(0, 100 * sizeof(int));
  } // the destructor copies the rest back, not the discarded range
  EXPECT_EQ(w[99], 99);
  EXPECT_EQ(w[100], 101);
}

// An array on a device made from host data (a whole write before any host copy exists): the data goes straight to
// the device, once, with no host copy made; a later whole write waits for a kernel on another queue that used it.
TEST_F(StorageTest, WholeWriteOfADeviceArrayGoesStraightToTheDevice) {
  std::vector<int> v = iota_vector();
  storage st(q, nbytes);
  st.write(v.data(), 0, nbytes);
  EXPECT_EQ(current_stats().bytes_to_device, nbytes);
  EXPECT_EQ(st.host_if_current(access::read), nullptr) << "a host copy was made and filled";
  add_one(st);
  EXPECT_EQ(current_stats().bytes_to_device, nbytes) << "the launch uploaded the data again";
  std::vector<int> back(n);
  st.read(back.data(), 0, nbytes);
  EXPECT_EQ(back[0], 1);
  EXPECT_EQ(back[n - 1], n);

  queue other(default_device());
  {
    shape sh = dense(n);
    kernel_arg arg = buffer(st, access::read_write, sh);
    int count = n;
    launch(kernel("add_one", 1), other, &count, &arg, 1);
  }
  std::vector<int> fives(n, 5);
  st.write(fives.data(), 0, nbytes); // after the other queue's kernel, not before it
  add_one(st);
  st.read(back.data(), 0, nbytes);
  EXPECT_EQ(back, std::vector<int>(n, 6));
}

// An array's data is the array's: a view's discard_data() is a hint about the view's copies, never a loss of
// the array's contents (MSVC keeps them; the conformance suite's Projection test reads them after a discard),
// and refresh() has nothing to reload (the array changes only through the runtime).
TEST_F(StorageTest, ArrayStorageKeepsItsDataOnDiscard) {
  std::vector<int> v = iota_vector();
  storage st(q, nbytes);
  st.write(v.data(), 0, nbytes);
  add_one(st);
  st.discard();
  st.refresh();
  std::vector<int> back(n);
  st.read(back.data(), 0, nbytes);
  for (std::size_t i = 0; i < n; ++i)
    ASSERT_EQ(back[i], v[i] + 1) << "element " << i;
}

// The memory of a view made without a data source (storage(bytes)) is the runtime's own: nothing outside it can
// change it, so refresh() leaves a kernel's results where they are instead of taking the old host copy back.
TEST_F(StorageTest, RefreshWithoutADataSourceKeepsAKernelsWrites) {
  storage st(nbytes);
  EXPECT_FALSE(st.has_data_source());
  fill(st, 4);
  st.refresh();
  EXPECT_EQ(static_cast<const int*>(st.host(access::read))[n - 1], 4);
  st.refresh();
  add_one(st);
  EXPECT_EQ(static_cast<const int*>(st.host(access::read))[0], 5);
}

TEST_F(StorageTest, ReadOnlyIsNeverDownloaded) {
  std::vector<int> a = iota_vector(), b(n);
  {
    storage sa(a.data(), nbytes), sb(b.data(), nbytes);
    copy(sa, sb, q);
    sa.host(access::read);
    sa.synchronize();
    EXPECT_EQ(current_stats().bytes_to_host, 0u);
    sb.synchronize();
  }
  // Destroying sa copied nothing back; sb was current on the host already.
  EXPECT_EQ(current_stats().bytes_to_host, nbytes);
  EXPECT_EQ(b, a);
}

TEST_F(StorageTest, WriteThenHostDownloadsOnce) {
  std::vector<int> v = iota_vector();
  storage st(v.data(), nbytes);
  add_one(st);
  add_one(st);
  EXPECT_EQ(current_stats().bytes_to_device, nbytes);
  st.host(access::read);
  st.host(access::read);
  EXPECT_EQ(current_stats().bytes_to_host, nbytes);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(v[i], i + 2);
}

TEST_F(StorageTest, HostWriteMakesTheDeviceCopyStale) {
  std::vector<int> v = iota_vector();
  storage st(v.data(), nbytes);
  add_one(st);
  int* host = static_cast<int*>(st.host(access::read_write));
  host[0] = 100;
  add_one(st);
  EXPECT_EQ(current_stats().bytes_to_device, 2 * nbytes);
  st.synchronize();
  EXPECT_EQ(v[0], 101);
  EXPECT_EQ(v[1], 3);

  v[2] = 50;
  st.refresh();
  add_one(st);
  st.synchronize();
  EXPECT_EQ(v[2], 51);
}

TEST_F(StorageTest, DestructorCopiesBackToUserMemory) {
  std::vector<int> v(n, 0);
  {
    storage st(v.data(), nbytes);
    fill(st, 7);
    EXPECT_EQ(current_stats().bytes_to_device, 0u);
  }
  EXPECT_EQ(current_stats().bytes_to_host, nbytes);
  for (int x : v)
    ASSERT_EQ(x, 7);
}

TEST_F(StorageTest, OwnedStorageReadWrite) {
  storage st(q, nbytes);
  ASSERT_NE(st.home(), nullptr);
  EXPECT_TRUE(*st.home() == q);
  std::vector<int> v = iota_vector(), out(n);
  st.write(v.data(), 0, nbytes);
  add_one(st);
  EXPECT_EQ(current_stats().bytes_to_device, nbytes);
  // Partial reads and writes see the kernel's results, whichever side they go to.
  int x = -5;
  st.write(&x, 3 * sizeof(int), sizeof(int));
  st.read(out.data(), 0, 10 * sizeof(int));
  EXPECT_EQ(out[0], 1);
  EXPECT_EQ(out[3], -5);
  EXPECT_EQ(out[9], 10);
  const int* host = static_cast<const int*>(st.host(access::read));
  EXPECT_EQ(host[999], 1000);
  EXPECT_EQ(host[3], -5);
}

TEST_F(StorageTest, ReadOfADeviceCurrentStorageMovesOnlyWhatIsRead) {
  std::vector<int> v(n, 0);
  storage st(v.data(), nbytes);
  add_one(st);
  int x = 0;
  st.read(&x, 7 * sizeof(int), sizeof(int));
  EXPECT_EQ(x, 1);
  EXPECT_EQ(current_stats().bytes_to_host, sizeof(int));
}

TEST_F(StorageTest, OutOfRangeReadAndWriteThrow) {
  storage st(q, nbytes);
  int buf[2] = {0, 0};
  EXPECT_THROW(st.read(buf, nbytes - 4, 8), concurrency::runtime_exception);
  EXPECT_THROW(st.write(buf, nbytes, 4), concurrency::runtime_exception);
}

TEST_F(StorageTest, FreshOwnedStorageWrittenByAKernelMovesNothingIn) {
  storage st(q, nbytes);
  EXPECT_EQ(storage(q, 0).bytes(), 0u);
  fill(st, 3);
  EXPECT_EQ(current_stats().bytes_to_device, 0u);
  int x = 0;
  st.read(&x, 500 * sizeof(int), sizeof(int));
  EXPECT_EQ(x, 3);
}

TEST_F(StorageTest, TwoQueuesOfOneDevice) {
  queue q2(q.device());
  std::vector<int> a(n, 0), b(n, 0);
  storage sa(a.data(), nbytes), sb(b.data(), nbytes);
  add_one(sa);
  copy(sa, sb, q2);
  sb.synchronize();
  for (int x : b)
    ASSERT_EQ(x, 1);
}

TEST_F(StorageTest, OutlivesItsQueue) {
  std::vector<int> v(n, 0);
  {
    storage st(v.data(), nbytes);
    {
      queue temp(q.device());
      shape sh = dense(n);
      kernel_arg arg = buffer(st, access::read_write, sh);
      int extent = n;
      launch(kernel("add_one", 1), temp, &extent, &arg, 1);
    }
  }
  EXPECT_EQ(v[0], 1);
}

// The lock-free address that element access on the host uses (host_if_current) is there exactly when host()
// would move nothing and change nothing: never while a kernel's writes are on the device only, never for writes
// while the device copy is current or an upload still reads the host copy.
TEST_F(StorageTest, HostAddressWithoutTheLockOnlyWhenCurrent) {
  std::vector<int> v = iota_vector();
  storage st(v.data(), nbytes);
  EXPECT_EQ(st.host_if_current(access::read), v.data());
  EXPECT_EQ(st.host_if_current(access::read_write), v.data());

  add_one(st); // the kernel's result is on the device only
  EXPECT_EQ(st.host_if_current(access::read), nullptr);
  EXPECT_EQ(st.host_if_current(access::read_write), nullptr);
  EXPECT_EQ(static_cast<int*>(st.host(access::read))[5], 6);
  EXPECT_EQ(st.host_if_current(access::read), v.data());
  EXPECT_EQ(st.host_if_current(access::read_write), nullptr) << "the device copy is still current";
  st.host(access::read_write);
  EXPECT_EQ(st.host_if_current(access::read_write), v.data());

  // A kernel that only reads: uploaded, the host copy still current for reads, not for writes.
  storage other(n * sizeof(int));
  copy(st, other, q);
  EXPECT_EQ(st.host_if_current(access::read), v.data());
  EXPECT_EQ(st.host_if_current(access::write), nullptr);

  st.discard();
  EXPECT_EQ(st.host_if_current(access::read), nullptr);
  st.refresh();
  EXPECT_EQ(st.host_if_current(access::read), v.data());
  EXPECT_EQ(st.host_if_current(access::read_write), nullptr) << "the upload may still be reading the host copy";
  st.host(access::read_write);
  EXPECT_EQ(st.host_if_current(access::read_write), v.data());
  EXPECT_EQ(current_stats().bytes_to_host, nbytes);
}

// A view's cache (host_cache) holds the host address of its first element exactly while the storage's own
// lock-free address is there, offset by the view's offset, through every move of the data; copies start empty.
TEST_F(StorageTest, ViewCachesFollowTheStorage) {
  std::vector<int> v = iota_vector();
  storage st(v.data(), nbytes);
  host_cache whole, tail;
  EXPECT_EQ(whole.get(access::read), nullptr) << "registered on first access only";
  EXPECT_EQ(st.host(access::read_write, whole, 0), v.data());
  EXPECT_EQ(st.host(access::read, tail, 10 * sizeof(int)), v.data() + 10);
  EXPECT_EQ(whole.get(access::read_write), v.data());
  EXPECT_EQ(tail.get(access::read), v.data() + 10);
  EXPECT_EQ(tail.get(access::write), v.data() + 10) << "the device copy is stale already";

  add_one(st);
  EXPECT_EQ(whole.get(access::read), nullptr) << "the kernel's result is on the device only";
  EXPECT_EQ(tail.get(access::read), nullptr);
  EXPECT_EQ(static_cast<int*>(st.host(access::read, tail, 10 * sizeof(int)))[0], 11);
  EXPECT_EQ(whole.get(access::read), v.data()) << "every registered cache follows, not only the one asking";
  EXPECT_EQ(whole.get(access::write), nullptr) << "the device copy is still current";

  host_cache copy(whole);
  EXPECT_EQ(copy.get(access::read), nullptr) << "a copy registers on its own first access";
  st.discard();
  EXPECT_EQ(whole.get(access::read), nullptr);
  st.refresh();
  EXPECT_EQ(tail.get(access::read), v.data() + 10);
  whole = host_cache(); // assignment leaves the list: the storage no longer updates it
  st.host(access::read_write);
  EXPECT_EQ(whole.get(access::read_write), nullptr);
  EXPECT_EQ(tail.get(access::read_write), v.data() + 10);
}

// A cache that outlives its storage (a view moved from, destroyed after the array that took its storage) is
// let go by the storage and touches it no more.
TEST_F(StorageTest, CacheOutlivingItsStorage) {
  host_cache late;
  {
    storage st(n * sizeof(int));
    st.host(access::read, late, 0);
    EXPECT_NE(late.get(access::read), nullptr);
  }
  EXPECT_EQ(late.get(access::read), nullptr) << "no address into freed memory";
  // Destroying `late` now must not reach the destroyed storage (the ASan build would report it).
}

// An array larger than its device allocates in one buffer fails where it is made, with out_of_memory naming the
// size and the device, not at its first launch.
TEST_F(StorageTest, StorageLargerThanTheDeviceAllocatesThrowsOutOfMemory) {
  const device_info& d = devices().at(q.device());
  ASSERT_GT(d.max_alloc_bytes, 0u);
  ASSERT_GT(d.global_memory_bytes, 0u);
  std::size_t too_big = d.max_alloc_bytes + 1;
  try {
    storage st(q, too_big);
    FAIL() << "no exception";
  } catch (const concurrency::out_of_memory& e) {
    EXPECT_EQ(e.get_error_code(), 0x8007000EL);
    std::string what = e.what();
    EXPECT_NE(what.find(std::to_string(too_big) + " bytes"), std::string::npos) << what;
    EXPECT_NE(what.find(std::string(d.description.begin(), d.description.end())), std::string::npos) << what;
  }
  EXPECT_NO_THROW(storage(host_queue(), too_big)) << "the CPU accelerator's arrays are host memory";
}

// A launch whose buffer the device cannot make throws out_of_memory (the driver's CL_INVALID_BUFFER_SIZE) and
// loses no data: a write-only argument before it keeps its host data, the large one too.
TEST_F(StorageTest, LaunchOutOfDeviceMemoryLosesNoData) {
  const device_info& d = devices().at(q.device());
  std::vector<int> small = iota_vector();
  storage written(small.data(), nbytes);
  storage big(d.max_alloc_bytes + 4096); // host memory, zero pages until written
  int mark = 1234;
  big.write(&mark, d.max_alloc_bytes, sizeof mark);
  shape sh = dense(n);
  // The kernel never runs: what matters is the arguments' order and modes.
  kernel_arg args[] = {buffer(written, access::write, sh), buffer(big, access::read, sh)};
  int extent = n;
  EXPECT_THROW(launch(kernel("copy", 1), q, &extent, args, 2), concurrency::out_of_memory);
  EXPECT_EQ(static_cast<const int*>(written.host(access::read))[7], 7) << "the write-only argument's data";
  int back = 0;
  big.read(&back, d.max_alloc_bytes, sizeof back);
  EXPECT_EQ(back, 1234);
  EXPECT_THROW(big.device_buffer(q, access::read), concurrency::out_of_memory);
}
