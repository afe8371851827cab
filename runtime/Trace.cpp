// The AMPCC_TRACE timeline (see Trace.h): events kept in memory, written as one JSON file at exit.
#include "Trace.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <unistd.h>
#include <vector>

namespace ampcc::rt::trace {
namespace {

struct Event {
  int Track;
  const char *Category;
  std::string Name, Args;
  double Start, Duration;
};

struct Track {
  std::string Name;
  bool HasOffset = false;
  double Offset = 0;
};

struct Timeline {
  std::mutex M;
  std::string Path;
  std::chrono::steady_clock::time_point Begin = std::chrono::steady_clock::now();
  std::vector<Track> Tracks;
  std::vector<Event> Events;
  std::atomic<long> Expected{0};
};

// Never destroyed: driver callbacks may still arrive while the process exits.
Timeline &timeline() {
  static Timeline *T = new Timeline;
  return *T;
}

std::string number(double V) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.3f", V);
  return Buf;
}

void write() {
  Timeline &T = timeline();
  // Events of commands that finished just before exit may still be in the driver's callback thread.
  for (int I = 0; I < 2000 && T.Expected.load() > 0; ++I)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  std::lock_guard<std::mutex> L(T.M);
  std::FILE *F = std::fopen(T.Path.c_str(), "w");
  if (!F) {
    std::fprintf(stderr, "ampcc: cannot write the trace %s (AMPCC_TRACE)\n", T.Path.c_str());
    return;
  }
  std::string Pid = std::to_string(::getpid());
  std::fprintf(F, "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n");
  std::fprintf(F, "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%s,\"tid\":0,\"args\":{\"name\":\"ampcc program\"}}",
               Pid.c_str());
  for (std::size_t I = 0; I < T.Tracks.size(); ++I) {
    std::fprintf(F, ",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%s,\"tid\":%zu,\"args\":{\"name\":%s}}",
                 Pid.c_str(), I + 1, quoted(T.Tracks[I].Name).c_str());
    std::fprintf(
        F, ",\n{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":%s,\"tid\":%zu,\"args\":{\"sort_index\":%zu}}",
        Pid.c_str(), I + 1, I + 1);
  }
  for (const Event &E : T.Events)
    std::fprintf(
        F, ",\n{\"ph\":\"X\",\"cat\":\"%s\",\"name\":%s,\"pid\":%s,\"tid\":%d,\"ts\":%s,\"dur\":%s,\"args\":{%s}}",
        E.Category, quoted(E.Name).c_str(), Pid.c_str(), E.Track + 1, number(E.Start).c_str(),
        number(E.Duration).c_str(), E.Args.c_str());
  std::fprintf(F, "\n]}\n");
  std::fclose(F);
}

} // namespace

bool enabled() {
  static const bool On = [] {
    const char *P = std::getenv("AMPCC_TRACE");
    if (!P || !*P || std::string(P) == "0")
      return false;
    timeline().Path = P;
    std::atexit(write);
    return true;
  }();
  return On;
}

double nowUs() {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - timeline().Begin).count();
}

int newTrack(const std::string &Name) {
  Timeline &T = timeline();
  std::lock_guard<std::mutex> L(T.M);
  T.Tracks.push_back({Name});
  return static_cast<int>(T.Tracks.size()) - 1;
}

int hostTrack() {
  static std::atomic<int> Threads{0};
  thread_local int Track = [] {
    int N = Threads++;
    return newTrack(N == 0 ? "host" : "host thread " + std::to_string(N));
  }();
  return Track;
}

double deviceClockOffset(int Track, double DeviceQueuedUs, double HostUs) {
  Timeline &T = timeline();
  std::lock_guard<std::mutex> L(T.M);
  struct Track &Tr = T.Tracks.at(static_cast<std::size_t>(Track));
  if (!Tr.HasOffset) {
    Tr.HasOffset = true;
    Tr.Offset = HostUs - DeviceQueuedUs;
  }
  return Tr.Offset;
}

void complete(int Track, const char *Category, const std::string &Name, double StartUs, double DurationUs,
              const std::string &Args) {
  Timeline &T = timeline();
  std::lock_guard<std::mutex> L(T.M);
  T.Events.push_back({Track, Category, Name, Args, StartUs, DurationUs < 0 ? 0 : DurationUs});
}

void expectEvent() { timeline().Expected++; }
void eventArrived() { timeline().Expected--; }

std::string quoted(const std::string &Text) {
  std::string R = "\"";
  for (unsigned char C : Text) {
    if (C == '"' || C == '\\') {
      R += '\\';
      R += static_cast<char>(C);
    } else if (C < 0x20) {
      char Buf[8];
      std::snprintf(Buf, sizeof Buf, "\\u%04x", C);
      R += Buf;
    } else {
      R += static_cast<char>(C);
    }
  }
  return R + "\"";
}

HostSpan::HostSpan(const char *Category, std::string Name, std::string Args)
    : Args(std::move(Args)), Category(Category), Name(std::move(Name)) {
  if (enabled())
    Start = nowUs();
}

HostSpan::~HostSpan() {
  if (Start >= 0)
    complete(hostTrack(), Category, Name, Start, nowUs() - Start, Args);
}

} // namespace ampcc::rt::trace
