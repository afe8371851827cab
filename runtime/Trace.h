// AMPCC_TRACE=file.json: a timeline of launches, copies, waits and program builds in Chrome's trace event format,
// which Perfetto and chrome://tracing open. Nothing here knows OpenCL: a back end names a track per queue, turns
// its device times into the trace's clock (deviceClockOffset) and records complete events; the file is written
// at exit (docs/design/runtime.md, "Timeline").
#ifndef AMPCC_RUNTIME_TRACE_H
#define AMPCC_RUNTIME_TRACE_H

#include <string>

namespace ampcc::rt::trace {

// Whether AMPCC_TRACE names a file. The first call registers the writer at exit (std::exit and a return from
// main both run it): call it before the back end registers what finishes its queues at exit, so that the queues
// are finished, and their last events in, when the file is written.
bool enabled();

// The trace's clock: microseconds on the host's steady clock since the trace began.
double nowUs();

// A new track (a "thread" of the timeline) named Name, for a queue; the calling host thread's own track.
int newTrack(const std::string &Name);
int hostTrack();

// The offset that turns a device clock into the trace's, for Track: fixed by the first command of the track as
// HostUs (when the host enqueued it) minus DeviceQueuedUs (when the device clock says it was queued), so that
// every command of one queue is moved by the same amount and keeps its order.
double deviceClockOffset(int Track, double DeviceQueuedUs, double HostUs);

// One complete event ("ph":"X"). Args is the inside of a JSON object ("\"bytes\":64"), or empty.
void complete(int Track, const char *Category, const std::string &Name, double StartUs, double DurationUs,
              const std::string &Args = "");

// Device events whose times come later (from a driver callback): the writer at exit waits for them a while.
void expectEvent();
void eventArrived();

// Text as a JSON string literal, quotes included.
std::string quoted(const std::string &Text);

// A span of host time on the calling thread's track, recorded when it ends (when tracing).
class HostSpan {
public:
  HostSpan(const char *Category, std::string Name, std::string Args = "");
  ~HostSpan();
  HostSpan(const HostSpan &) = delete;
  HostSpan &operator=(const HostSpan &) = delete;
  std::string Args; // may be completed while the span runs

private:
  const char *Category;
  std::string Name;
  double Start = -1;
};

} // namespace ampcc::rt::trace

#endif
