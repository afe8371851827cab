// completion_future::to_task(): the C++ AMP future as a PPL task<void>. Included by whichever of <amp.h> and
// <ppltasks.h> comes second, so that <amp.h> alone does not need oneTBB (docs/ppl.md).
#ifndef AMPCC_PPL_TO_TASK_H
#define AMPCC_PPL_TO_TASK_H

#include <ampcc/amp_accelerators.h>
#include <ampcc/ppl/ppltasks.h>

namespace Concurrency {

// The task completes when the work does, with its exception if it has one. It is set by a continuation of the
// future (then), so no TBB thread is held while the device works.
inline task<void> completion_future::to_task() const {
  if (!f_.valid())
    throw invalid_operation("ampcc: to_task() on a completion_future that has no work");
  task_completion_event<void> done;
  std::shared_future<void> f = f_;
  then([done, f] {
    try {
      f.get();
      done.set();
    } catch (...) {
      done.set_exception(std::current_exception());
    }
  });
  return create_task(done);
}

} // namespace Concurrency

#endif
