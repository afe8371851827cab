// <concurrent_queue.h>: concurrency::concurrent_queue, over oneTBB (ampcc/ppl/concurrent_queue.h; docs/ppl.md).
#ifndef AMPCC_CONCURRENT_QUEUE_FORWARD_H
#define AMPCC_CONCURRENT_QUEUE_FORWARD_H
#include <ampcc/ppl/concurrent_queue.h>
#endif
