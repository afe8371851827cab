// PPL beside C++ AMP in one program (docs/ppl.md): completion_future::to_task().then(...), PPL's host
// parallel_for_each over iterators next to C++ AMP's parallel_for_each kernel launch, parallel_for filling a
// concurrent_vector, a combinable sum, a critical_section, task_group, when_all and a task's exception.
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
// REQUIRES: tbb
#include <amp.h>
#include <ppl.h>
#include <ppltasks.h>
#include <concurrent_vector.h>
#include <concurrent_unordered_map.h>
#include <concurrent_queue.h>
#include <algorithm>
#include <iostream>
#include <numeric>
#include <stdexcept>
#include <vector>
using namespace concurrency;

int main() {
  // A kernel (C++ AMP's parallel_for_each) and the host algorithm (PPL's) in one scope.
  std::vector<int> host(64);
  std::iota(host.begin(), host.end(), 0);
  array_view<int, 1> av(64, host);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = av[i] * 2; });
  av.synchronize();
  parallel_for_each(host.begin(), host.end(), [](int &x) { x += 1; });
  std::cout << "kernel then host: " << host[0] << " " << host[1] << " " << host[63] << "\n";

  // The copy's future as a task: its continuation sees the data, and a chain of tasks follows.
  std::vector<int> back(64, 0);
  array<int, 1> a(64, host.begin(), host.end());
  completion_future cf = copy_async(a, back.begin());
  task<int> sum = cf.to_task().then([&back] { return std::accumulate(back.begin(), back.end(), 0); });
  task<int> twice = sum.then([](int s) { return create_task([s] { return 2 * s; }); });
  std::cout << "to_task then: " << sum.get() << " " << twice.get() << " done " << twice.is_done() << "\n";

  // parallel_for (with a step) filling a concurrent_vector; combinable and critical_section beside it.
  concurrent_vector<int> cv;
  parallel_for(0, 100, 3, [&cv](int i) { cv.push_back(i); });
  std::vector<int> got(cv.begin(), cv.end());
  std::sort(got.begin(), got.end());
  std::cout << "concurrent_vector: " << got.size() << " first " << got.front() << " last " << got.back() << "\n";

  combinable<long> partial;
  parallel_for(size_t(0), host.size(), [&](size_t i) { partial.local() += host[i]; });
  critical_section cs;
  long locked = 0;
  parallel_for_each(host.begin(), host.end(), [&](int x) {
    critical_section::scoped_lock lock(cs);
    locked += x;
  });
  std::cout << "combinable: " << partial.combine([](long x, long y) { return x + y; }) << " critical_section: "
            << locked << "\n";

  // A kernel launched from a task, waited for through when_all with a host task.
  std::vector<int> out(16, 0);
  std::vector<task<void>> both;
  both.push_back(create_task([&out] {
    array_view<int, 1> ov(16, out);
    parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) { ov[i] = i[0] * i[0]; });
    ov.synchronize();
  }));
  concurrent_unordered_map<int, int> squares;
  both.push_back(create_task([&squares] { parallel_for(0, 16, [&](int i) { squares.insert({i, i * i}); }); }));
  when_all(both.begin(), both.end()).wait();
  bool same = true;
  for (int i = 0; i < 16; ++i)
    same = same && squares[i] == out[i];
  std::cout << "when_all: " << out[15] << " map agrees " << same << "\n";

  // task_group, a queue and a task's exception.
  task_group g;
  concurrent_queue<int> q;
  for (int i = 0; i < 8; ++i)
    g.run([&q, i] { q.push(i); });
  task_group_status st = g.wait();
  int x, n = 0;
  while (q.try_pop(x))
    n += x;
  std::cout << "task_group: " << (st == completed) << " queue " << n << "\n";
  task<int> bad = create_task([]() -> int { throw std::runtime_error("bad input"); });
  try {
    bad.then([](int v) { return v + 1; }).get();
  } catch (const std::runtime_error &e) {
    std::cout << "exception: " << e.what() << "\n";
  }
}

// CHECK: kernel then host: 1 3 127
// CHECK-NEXT: to_task then: 4096 8192 done 1
// CHECK-NEXT: concurrent_vector: 34 first 0 last 99
// CHECK-NEXT: combinable: 4096 critical_section: 4096
// CHECK-NEXT: when_all: 225 map agrees 1
// CHECK-NEXT: task_group: 1 queue 28
// CHECK-NEXT: exception: bad input
