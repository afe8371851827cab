// <concurrent_unordered_set.h>: concurrency::concurrent_unordered_set and concurrent_unordered_multiset, over oneTBB (ampcc/ppl/concurrent_unordered_set.h; docs/ppl.md).
#ifndef AMPCC_CONCURRENT_UNORDERED_SET_FORWARD_H
#define AMPCC_CONCURRENT_UNORDERED_SET_FORWARD_H
#include <ampcc/ppl/concurrent_unordered_set.h>
#endif
