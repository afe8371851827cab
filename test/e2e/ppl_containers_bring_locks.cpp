// Code written for Visual Studio (Microsoft's C++ AMP BLAS runtime) includes <amp.h> and a PPL container and uses
// concurrency::critical_section: MSVC's headers brought the Concurrency Runtime's locks in, so do ampcc's.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
// REQUIRES: tbb
#include <amp.h>
#include <concurrent_unordered_map.h>
#include <iostream>
#include <thread>
#include <vector>

int main() {
  concurrency::critical_section guard;
  concurrency::concurrent_unordered_map<int, int> squares;
  int total = 0;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = t * 25; i < t * 25 + 25; ++i) {
        squares.insert(std::make_pair(i, i * i));
        concurrency::critical_section::scoped_lock lock(guard);
        total += i;
      }
    });
  for (std::thread &T : threads)
    T.join();
  // CHECK: 100 entries, 99 squared 9801, total 4950
  std::cout << squares.size() << " entries, 99 squared " << squares.find(99)->second << ", total " << total << "\n";
  return 0;
}
