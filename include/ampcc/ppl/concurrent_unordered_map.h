// <concurrent_unordered_map.h> for ampcc: PPL's concurrent_unordered_map and concurrent_unordered_multimap are
// oneTBB's, with PPL's members (insert, find, operator[], at, count; erasing is unsafe_erase) (docs/ppl.md).
#ifndef AMPCC_PPL_CONCURRENT_UNORDERED_MAP_H
#define AMPCC_PPL_CONCURRENT_UNORDERED_MAP_H

#include <ampcc/exceptions.h>

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
