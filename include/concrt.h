// <concrt.h>: the Concurrency Runtime's locks (critical_section, reader_writer_lock) and PPL's exceptions, over oneTBB (ampcc/ppl/concrt.h; docs/ppl.md).
#ifndef AMPCC_CONCRT_FORWARD_H
#define AMPCC_CONCRT_FORWARD_H
#include <ampcc/ppl/concrt.h>
#endif
