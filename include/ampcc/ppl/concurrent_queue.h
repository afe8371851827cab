// <concurrent_queue.h> for ampcc: PPL's concurrent_queue is oneTBB's, with PPL's members (push, try_pop, empty,
// unsafe_size, clear, unsafe_begin and unsafe_end) (docs/ppl.md).
#ifndef AMPCC_PPL_CONCURRENT_QUEUE_H
#define AMPCC_PPL_CONCURRENT_QUEUE_H

#include <ampcc/exceptions.h>
// Code written for Visual Studio uses critical_section with only <amp.h> and a container included (MSVC's amp.h
// brings in <ppltasks.h> and with it the Concurrency Runtime's locks): here the containers bring <concrt.h>.
#include <ampcc/ppl/concrt.h>

#include <oneapi/tbb/concurrent_queue.h>

#include <memory>

namespace Concurrency {
template <typename T, typename Allocator = std::allocator<T>>
using concurrent_queue = tbb::concurrent_queue<T, Allocator>;
} // namespace Concurrency

#endif
