// Tests of device enumeration, queues and the default device choice through AMPCC_DEVICE.
#include "ampcc/exceptions.h"
#include "ampcc/runtime.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace ampcc::rt;

namespace {

std::string narrow(const std::wstring& w) { return std::string(w.begin(), w.end()); }

// default_device() caches its choice, so each AMPCC_DEVICE case runs in a fresh process: the
// threadsafe death-test style re-executes the test binary for the child.
// The child exits with 100 + the chosen device, or prints the exception's message and exits with 1.
[[noreturn]] void choose_and_exit(const std::string& value) {
  setenv("AMPCC_DEVICE", value.c_str(), 1);
  try {
    int d = default_device();
    std::exit(100 + d);
  } catch (const concurrency::runtime_exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    std::exit(1);
  }
}

class DeviceChoice : public ::testing::Test {
protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

}  // namespace

TEST(Devices, EnumeratesAtLeastOneDevice) {
  const auto& all = devices();
  ASSERT_FALSE(all.empty());
  for (std::size_t i = 0; i < all.size(); ++i) {
    const device_info& d = all[i];
    EXPECT_EQ(d.index, static_cast<int>(i));
    EXPECT_EQ(d.path.rfind(L"opencl:", 0), 0u);
    EXPECT_NE(d.description.find(L" ("), std::wstring::npos);
    EXPECT_GT(d.max_work_group_size, 0u);
    EXPECT_GT(d.local_memory_bytes, 0u);
    EXPECT_GT(d.dedicated_memory_kb, 0u);
    EXPECT_FALSE(d.driver_version.empty());
  }
  EXPECT_EQ(&devices(), &all);
}

TEST(Devices, DefaultDeviceIsValidAndCached) {
  int d = default_device();
  ASSERT_GE(d, 0);
  ASSERT_LT(static_cast<std::size_t>(d), devices().size());
  EXPECT_EQ(default_device(), d);
}

TEST_F(DeviceChoice, CpuSelectsACpu) {
  int cpu = -1;
  for (const device_info& d : devices())
    if (cpu < 0 && d.kind == device_kind::cpu)
      cpu = d.index;
  if (cpu < 0)
    GTEST_SKIP() << "no CPU device";
  EXPECT_EXIT(choose_and_exit("cpu"), ::testing::ExitedWithCode(100 + cpu), "");
  EXPECT_EXIT(choose_and_exit("CPU"), ::testing::ExitedWithCode(100 + cpu), "");
}

TEST_F(DeviceChoice, IndexAndDescriptionSubstring) {
  int last = static_cast<int>(devices().size()) - 1;
  EXPECT_EXIT(choose_and_exit(std::to_string(last)), ::testing::ExitedWithCode(100 + last), "");
  std::string upper = narrow(devices()[0].description);
  for (char& c : upper)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  EXPECT_EXIT(choose_and_exit(upper), ::testing::ExitedWithCode(100), "");
}

TEST_F(DeviceChoice, NoMatchThrowsWithTheDeviceList) {
  // The message names the request and every device (regex: escape nothing, match the first name).
  std::string first = narrow(devices()[0].description);
  std::string name = first.substr(0, first.find_first_of("()[]{}.*+?^$|\\"));
  EXPECT_EXIT(choose_and_exit("nonexistent-xyz"), ::testing::ExitedWithCode(1),
              "AMPCC_DEVICE=nonexistent-xyz matches none of");
  EXPECT_EXIT(choose_and_exit("nonexistent-xyz"), ::testing::ExitedWithCode(1), name);
  EXPECT_EXIT(choose_and_exit(std::to_string(devices().size())), ::testing::ExitedWithCode(1),
              "matches none of");
}

TEST(Queues, BadDeviceIndexThrows) {
  EXPECT_THROW(queue(-1), concurrency::runtime_exception);
  EXPECT_THROW(queue(static_cast<int>(devices().size())), concurrency::runtime_exception);
}

TEST(Queues, DefaultQueueIsSharedAndNewQueuesAreDistinct) {
  int d = default_device();
  EXPECT_TRUE(default_queue(d) == default_queue(d));
  queue a(d), b(d);
  EXPECT_FALSE(a == b);
  queue c = a;
  EXPECT_TRUE(c == a);
  EXPECT_EQ(a.device(), d);
  EXPECT_NO_THROW(a.wait());
}
