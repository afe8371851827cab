// <ppl.h>: PPL's task groups, host parallel algorithms, combinable, locks and tasks, over oneTBB (ampcc/ppl/ppl.h; docs/ppl.md).
#ifndef AMPCC_PPL_FORWARD_H
#define AMPCC_PPL_FORWARD_H
#include <ampcc/ppl/ppl.h>
#endif
