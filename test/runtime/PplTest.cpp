// Tests PPL's headers over oneTBB (docs/ppl.md): task and continuation semantics, task_completion_event, when_all,
// when_any, waits inside tasks, completion_future::to_task, parallel_for's steps, the locks and the containers.
#include <ppltasks.h>
#include <amp.h>
#include <ppl.h>
#include <concurrent_queue.h>
#include <concurrent_unordered_map.h>
#include <concurrent_unordered_set.h>
#include <concurrent_vector.h>

#include <gtest/gtest.h>

#include <atomic>
#include <algorithm>
#include <chrono>
#include <functional>
#include <future>
#include <list>
#include <numeric>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace concurrency;

namespace {

TEST(PplTask, ValueAndTaskBasedContinuations) {
  task<int> t([] { return 20; });
  task<int> plus = t.then([](int v) { return v + 1; });
  task<int> both = plus.then([](task<int> p) { return p.get() * 2; });
  EXPECT_EQ(both.get(), 42);
  EXPECT_TRUE(both.is_done());
  EXPECT_EQ(both.wait(), completed);
  task<void> v = both.then([](int) {});
  task<std::string> s = v.then([] { return std::string("void then"); });
  EXPECT_EQ(s.get(), "void then");
  EXPECT_TRUE(t == t);
  EXPECT_TRUE(t != plus);
}

TEST(PplTask, ReturnedTasksAreUnwrapped) {
  task<int> nested = create_task([] { return create_task([] { return 5; }); });
  EXPECT_EQ(nested.get(), 5);
  task<int> chained = nested.then([](int v) { return create_task([v] { return v * 3; }); });
  EXPECT_EQ(chained.get(), 15);
}

TEST(PplTask, ExceptionsSkipValueContinuationsAndReachTaskBasedOnes) {
  std::atomic<bool> ran{false};
  task<int> bad = create_task([]() -> int { throw std::runtime_error("boom"); });
  task<int> skipped = bad.then([&](int v) {
    ran = true;
    return v;
  });
  EXPECT_THROW(skipped.get(), std::runtime_error);
  EXPECT_THROW(skipped.wait(), std::runtime_error);
  EXPECT_FALSE(ran);
  task<bool> seen = bad.then([](task<int> p) {
    try {
      p.get();
    } catch (const std::runtime_error &) {
      return true;
    }
    return false;
  });
  EXPECT_TRUE(seen.get());
}

TEST(PplTask, CancelCurrentTask) {
  task<int> c = create_task([]() -> int { cancel_current_task(); });
  EXPECT_EQ(c.wait(), canceled);
  EXPECT_THROW(c.get(), task_canceled);
  EXPECT_EQ(c.then([](int v) { return v; }).wait(), canceled);
}

TEST(PplTask, DefaultConstructedTaskIsInvalid) {
  task<int> t;
  EXPECT_THROW(t.wait(), invalid_operation);
  EXPECT_THROW(t.get(), invalid_operation);
}

TEST(PplTask, CompletionEventSetsOnce) {
  task_completion_event<int> e;
  task<int> t = create_task(e).then([](int v) { return v + 1; });
  EXPECT_FALSE(t.is_done());
  EXPECT_TRUE(e.set(6));
  EXPECT_FALSE(e.set(9));
  EXPECT_EQ(t.get(), 7);
  // A task made after the event is set sees its value.
  EXPECT_EQ(create_task(e).get(), 6);
  task_completion_event<void> failing;
  failing.set_exception(std::logic_error("late"));
  EXPECT_THROW(create_task(failing).get(), std::logic_error);
}

TEST(PplTask, WhenAllKeepsOrderAndWhenAnyGivesTheIndex) {
  std::vector<task<int>> ts;
  for (int i = 0; i < 20; ++i)
    ts.push_back(create_task([i] { return i * i; }));
  std::vector<int> all = when_all(ts.begin(), ts.end()).get();
  ASSERT_EQ(all.size(), 20u);
  for (int i = 0; i < 20; ++i)
    EXPECT_EQ(all[i], i * i);
  std::pair<int, size_t> any = when_any(ts.begin(), ts.end()).get();
  EXPECT_EQ(any.first, int(any.second * any.second));
  task_completion_event<void> never;
  std::vector<task<void>> vs = {create_task(never), create_task([] {})};
  EXPECT_EQ(when_any(vs.begin(), vs.end()).get(), 1u);
  never.set();
  EXPECT_EQ((ts[2] && ts[3]).get(), (std::vector<int>{4, 9}));
  EXPECT_EQ((ts[2] && ts[3] && ts[4]).get().size(), 3u);
}

TEST(PplTask, WhenAllEndsWithTheFirstFailure) {
  task_completion_event<void> never;
  std::vector<task<void>> vs = {create_task(never), create_task([] { throw std::runtime_error("x"); })};
  EXPECT_THROW(when_all(vs.begin(), vs.end()).wait(), std::runtime_error);
  never.set();
}

// More tasks that wait for other tasks than TBB has threads: a wait in a task suspends it, so none starves.
TEST(PplTask, WaitsInsideTasksDoNotStarveTheArena) {
  std::vector<task<int>> ts;
  for (int i = 0; i < 200; ++i)
    ts.push_back(create_task([i] {
      task_completion_event<int> later;
      task<int> inner = create_task(later).then([](int v) { return v + 1; });
      create_task([later, i] { later.set(i); });
      return inner.get();
    }));
  int sum = 0;
  for (task<int> &t : ts)
    sum += t.get();
  EXPECT_EQ(sum, 200 * 199 / 2 + 200);
}

TEST(PplTask, CompletionFutureToTask) {
  std::promise<void> p;
  completion_future f(p.get_future().share());
  std::atomic<int> after{0};
  task<void> t = f.to_task().then([&] { after = 1; });
  EXPECT_FALSE(t.is_done());
  p.set_value();
  t.wait();
  EXPECT_EQ(after, 1);

  std::promise<void> q;
  completion_future g(q.get_future().share());
  task<void> failing = g.to_task();
  q.set_exception(std::make_exception_ptr(std::runtime_error("device")));
  EXPECT_THROW(failing.get(), std::runtime_error);
  EXPECT_THROW(completion_future().to_task(), invalid_operation);
}

TEST(PplAlgorithms, ParallelForStepsAndPartitioners) {
  std::vector<std::atomic<int>> hits(50);
  parallel_for(3, 50, 4, [&](int i) { ++hits[i]; });
  parallel_for(0u, 5u, [&](unsigned i) { ++hits[i]; }, simple_partitioner(2));
  parallel_for(0, 5, [&](int i) { ++hits[i]; }, static_partitioner());
  affinity_partitioner ap;
  parallel_for(0, 5, [&](int i) { ++hits[i]; }, ap);
  for (int i = 0; i < 50; ++i)
    EXPECT_EQ(hits[i], (i >= 3 && (i - 3) % 4 == 0 ? 1 : 0) + (i < 5 ? 3 : 0)) << i;
  EXPECT_THROW(parallel_for(0, 10, 0, [](int) {}), std::invalid_argument);
  parallel_for(5, 5, [](int) { ADD_FAILURE(); });
}

TEST(PplAlgorithms, ForEachInvokeCombinableTaskGroup) {
  std::vector<int> v(1000);
  std::iota(v.begin(), v.end(), 1);
  combinable<long> sum;
  parallel_for_each(v.begin(), v.end(), [&](int x) { sum.local() += x; });
  EXPECT_EQ(sum.combine([](long a, long b) { return a + b; }), 500500);
  parallel_for_each(v.begin(), v.end(), [](int &x) { x = -x; }, auto_partitioner());
  EXPECT_EQ(v[999], -1000);
  std::atomic<int> n{0};
  parallel_invoke([&] { ++n; }, [&] { ++n; }, [&] { ++n; });
  EXPECT_EQ(n, 3);
  task_group g;
  for (int i = 0; i < 10; ++i)
    g.run([&] { ++n; });
  EXPECT_EQ(g.wait(), completed);
  EXPECT_EQ(n, 13);
  g.run([] { throw std::runtime_error("in group"); });
  EXPECT_THROW(g.wait(), std::runtime_error);
  structured_task_group sg;
  auto h = make_task([&] { ++n; });
  sg.run(h);
  EXPECT_EQ(sg.wait(), completed);
  EXPECT_EQ(n, 14);
}

// PPL's reductions, transforms and sorts (VS2012's <ppl.h>), checked against the sequential algorithms.
TEST(PplAlgorithms, ReduceTransformSort) {
  std::vector<int> v(100000);
  std::iota(v.begin(), v.end(), 1);
  long long expect = 100000LL * 100001 / 2;
  std::vector<long long> wide(v.begin(), v.end());
  EXPECT_EQ(parallel_reduce(wide.begin(), wide.end(), 0LL), expect);
  EXPECT_EQ(parallel_reduce(v.begin(), v.end(), 0LL, [](long long a, long long b) { return a + b; }), expect);
  // A chunk function and a combining function, as PPL's five-argument form takes them.
  auto count_even = [](std::vector<int>::iterator b, std::vector<int>::iterator e, int init) {
    return init + static_cast<int>(std::count_if(b, e, [](int x) { return x % 2 == 0; }));
  };
  EXPECT_EQ(parallel_reduce(v.begin(), v.end(), 0, count_even, std::plus<int>()), 50000);
  // Not random access: one chunk, the same result.
  std::list<int> l(v.begin(), v.begin() + 10);
  EXPECT_EQ(parallel_reduce(l.begin(), l.end(), 0), 55);

  std::vector<int> out(v.size());
  EXPECT_EQ(parallel_transform(v.begin(), v.end(), out.begin(), [](int x) { return 2 * x; }), out.end());
  EXPECT_EQ(out[99999], 200000);
  parallel_transform(v.begin(), v.end(), out.begin(), out.begin(), [](int a, int b) { return b - a; });
  EXPECT_EQ(std::accumulate(out.begin(), out.end(), 0LL), expect);

  std::vector<int> r(v.rbegin(), v.rend());
  parallel_sort(r.begin(), r.end());
  EXPECT_EQ(r, v);
  parallel_buffered_sort(r.begin(), r.end(), std::greater<int>());
  EXPECT_TRUE(std::is_sorted(r.rbegin(), r.rend()));
  // By a key, stable: equal keys keep their order.
  std::vector<std::pair<unsigned, int>> keyed = {{3, 0}, {1, 1}, {3, 2}, {0, 3}, {1, 4}};
  parallel_radixsort(keyed.begin(), keyed.end(), [](const std::pair<unsigned, int> &p) { return p.first; });
  std::vector<std::pair<unsigned, int>> want = {{0, 3}, {1, 1}, {1, 4}, {3, 0}, {3, 2}};
  EXPECT_EQ(keyed, want);
}

TEST(PplLocks, CriticalSectionAndReaderWriterLock) {
  critical_section cs;
  long total = 0;
  parallel_for(0, 1000, [&](int i) {
    critical_section::scoped_lock lock(cs);
    total += i;
  });
  EXPECT_EQ(total, 499500);
  cs.lock();
  EXPECT_THROW(cs.lock(), improper_lock);
  std::thread([&] { EXPECT_FALSE(cs.try_lock_for(5)); }).join();
  cs.unlock();
  EXPECT_TRUE(cs.try_lock());
  cs.unlock();

  reader_writer_lock rw;
  {
    reader_writer_lock::scoped_lock_read r1(rw);
    EXPECT_TRUE(rw.try_lock_read());
    rw.unlock();
    EXPECT_FALSE(rw.try_lock());
  }
  {
    reader_writer_lock::scoped_lock w(rw);
    EXPECT_THROW(rw.lock(), improper_lock);
  }
  EXPECT_TRUE(rw.try_lock());
  rw.unlock();
}

TEST(PplContainers, ConcurrentInsertsKeepEveryElement) {
  concurrent_vector<int> cv;
  parallel_for(0, 1000, [&](int i) { cv.push_back(i); });
  EXPECT_EQ(cv.size(), 1000u);
  auto it = cv.grow_by(10, 7);
  EXPECT_EQ(*it, 7);
  cv.grow_to_at_least(2000);
  EXPECT_EQ(cv.size(), 2000u);

  concurrent_unordered_map<int, std::unique_ptr<int>> m;
  parallel_for(0, 100, [&](int i) { m.insert(std::make_pair(i, std::unique_ptr<int>(new int(i)))); });
  EXPECT_EQ(m.size(), 100u);
  EXPECT_EQ(*m.find(42)->second, 42);
  EXPECT_TRUE(m.find(100) == m.end());
  m.unsafe_erase(42);
  EXPECT_EQ(m.count(42), 0u);

  concurrent_unordered_set<int> s;
  parallel_for(0, 100, [&](int i) { s.insert(i % 10); });
  EXPECT_EQ(s.size(), 10u);

  concurrent_queue<int> q;
  parallel_for(0, 100, [&](int i) { q.push(i); });
  EXPECT_EQ(q.unsafe_size(), 100u);
  int x, sum = 0;
  while (q.try_pop(x))
    sum += x;
  EXPECT_EQ(sum, 4950);
  EXPECT_TRUE(q.empty());
}

} // namespace
