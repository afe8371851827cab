// <concurrent_unordered_set.h> for ampcc: PPL's concurrent_unordered_set and concurrent_unordered_multiset are
// oneTBB's (docs/ppl.md).
#ifndef AMPCC_PPL_CONCURRENT_UNORDERED_SET_H
#define AMPCC_PPL_CONCURRENT_UNORDERED_SET_H

#include <ampcc/exceptions.h>
// Code written for Visual Studio uses critical_section with only <amp.h> and a container included (MSVC's amp.h
// brings in <ppltasks.h> and with it the Concurrency Runtime's locks): here the containers bring <concrt.h>.
#include <ampcc/ppl/concrt.h>

#include <oneapi/tbb/concurrent_unordered_set.h>

#include <functional>
#include <memory>

namespace Concurrency {
template <typename K, typename Hash = std::hash<K>, typename KeyEqual = std::equal_to<K>,
          typename Allocator = std::allocator<K>>
using concurrent_unordered_set = tbb::concurrent_unordered_set<K, Hash, KeyEqual, Allocator>;
template <typename K, typename Hash = std::hash<K>, typename KeyEqual = std::equal_to<K>,
          typename Allocator = std::allocator<K>>
using concurrent_unordered_multiset = tbb::concurrent_unordered_multiset<K, Hash, KeyEqual, Allocator>;
} // namespace Concurrency

#endif
