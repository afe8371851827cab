// concurrency::direct3d_errorf and direct3d_abort in amp code: the launch that calls them throws
// runtime_exception with the call's file, line and column, the thread, and (errorf) the message, which the
// kernel also prints. Other threads and launches are unaffected; a kernel that does not call them runs as before.
// MSVC did this on its reference device (elsewhere it ignored the calls).
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <string>
using namespace concurrency;

void check_positive(int v) restrict(amp) {
  if (v < 0)
    direct3d_errorf("negative value %d\n", v);
}

static void report(const char *what, const runtime_exception &e) {
  std::string m = e.what();
  // The message names this file's line; print it from the base name on.
  size_t at = m.find("direct3d_errorf_abort.cpp");
  std::printf("%s: %s\n", what, at == std::string::npos ? m.c_str() : m.c_str() + at);
}

int main() {
  array_view<int, 1> data(8);
  parallel_for_each(data.extent, [=](index<1> i) restrict(amp) { data[i] = i[0] - 5; });
  try {
    parallel_for_each(data.extent, [=](index<1> i) restrict(amp) { check_positive(data[i] < -4 ? data[i] : 0); });
    data.synchronize();
    std::printf("errorf: no exception\n");
  } catch (const runtime_exception &e) {
    report("errorf", e);
  }
  try {
    parallel_for_each(extent<1>(4), [=](index<1> i) restrict(amp) {
      if (i[0] == 2)
        direct3d_abort();
    });
    data.synchronize();
    std::printf("abort: no exception\n");
  } catch (const runtime_exception &e) {
    report("abort", e);
  }
  parallel_for_each(data.extent, [=](index<1> i) restrict(amp) { check_positive(1); data[i] += 10; });
  std::printf("after: %d %d\n", data[0], data[7]);
  // CHECK: negative value -5
  // CHECK: errorf: direct3d_errorf_abort.cpp:13:5: direct3d_errorf("negative value %d\n") (thread (0); 1 call in this launch)
  // CHECK: abort: direct3d_errorf_abort.cpp:36:9: direct3d_abort() (thread (2); 1 call in this launch)
  // CHECK: after: 5 12
  return 0;
}
