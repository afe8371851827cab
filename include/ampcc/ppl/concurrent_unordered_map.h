// <concurrent_unordered_map.h> for ampcc: PPL's concurrent_unordered_map and concurrent_unordered_multimap are
// oneTBB's, with PPL's members (insert, find, operator[], at, count; erasing is unsafe_erase) (docs/ppl.md).
#ifndef AMPCC_PPL_CONCURRENT_UNORDERED_MAP_H
#define AMPCC_PPL_CONCURRENT_UNORDERED_MAP_H

#include <ampcc/exceptions.h>
// Code written for Visual Studio uses critical_section with only <amp.h> and a container included (MSVC's amp.h
// brings in <ppltasks.h> and with it the Concurrency Runtime's locks): here the containers bring <concrt.h>.
#include <ampcc/ppl/concrt.h>

#include <oneapi/tbb/concurrent_unordered_map.h>

#include <functional>
#include <memory>
#include <utility>

namespace Concurrency {
template <typename K, typename V, typename Hash = std::hash<K>, typename KeyEqual = std::equal_to<K>,
          typename Allocator = std::allocator<std::pair<const K, V>>>
using concurrent_unordered_map = tbb::concurrent_unordered_map<K, V, Hash, KeyEqual, Allocator>;
template <typename K, typename V, typename Hash = std::hash<K>, typename KeyEqual = std::equal_to<K>,
          typename Allocator = std::allocator<std::pair<const K, V>>>
using concurrent_unordered_multimap = tbb::concurrent_unordered_multimap<K, V, Hash, KeyEqual, Allocator>;
} // namespace Concurrency

#endif
