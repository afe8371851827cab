// <concurrent_unordered_map.h>: concurrency::concurrent_unordered_map and concurrent_unordered_multimap, over oneTBB (ampcc/ppl/concurrent_unordered_map.h; docs/ppl.md).
#ifndef AMPCC_CONCURRENT_UNORDERED_MAP_FORWARD_H
#define AMPCC_CONCURRENT_UNORDERED_MAP_FORWARD_H
#include <ampcc/ppl/concurrent_unordered_map.h>
#endif
