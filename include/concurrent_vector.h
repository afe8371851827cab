// <concurrent_vector.h>: concurrency::concurrent_vector, over oneTBB (ampcc/ppl/concurrent_vector.h; docs/ppl.md).
#ifndef AMPCC_CONCURRENT_VECTOR_FORWARD_H
#define AMPCC_CONCURRENT_VECTOR_FORWARD_H
#include <ampcc/ppl/concurrent_vector.h>
#endif
