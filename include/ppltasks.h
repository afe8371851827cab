// <ppltasks.h>: PPL's tasks (concurrency::task, create_task, when_all, when_any), and completion_future::to_task, over oneTBB (ampcc/ppl/ppltasks.h; docs/ppl.md).
#ifndef AMPCC_PPLTASKS_FORWARD_H
#define AMPCC_PPLTASKS_FORWARD_H
#include <ampcc/ppl/ppltasks.h>
#endif
