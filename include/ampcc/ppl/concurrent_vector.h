// <concurrent_vector.h> for ampcc: PPL's concurrent_vector is oneTBB's, whose members are PPL's (push_back,
// grow_by and grow_to_at_least return iterators; growing never moves elements) (docs/ppl.md).
#ifndef AMPCC_PPL_CONCURRENT_VECTOR_H
#define AMPCC_PPL_CONCURRENT_VECTOR_H

#include <ampcc/exceptions.h>
// Code written for Visual Studio uses critical_section with only <amp.h> and a container included (MSVC's amp.h
// brings in <ppltasks.h> and with it the Concurrency Runtime's locks): here the containers bring <concrt.h>.
#include <ampcc/ppl/concrt.h>

#include <oneapi/tbb/concurrent_vector.h>

#include <memory>

namespace Concurrency {
// PPL's default allocator is std::allocator, TBB's its cache-aligned one.
template <typename T, typename Allocator = std::allocator<T>>
using concurrent_vector = tbb::concurrent_vector<T, Allocator>;
} // namespace Concurrency

#endif
