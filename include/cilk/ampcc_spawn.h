// The host fork-join runtime behind `cilk_spawn` / `cilk_sync` and <cilk/cilk_api.h>, over OpenMP tasks:
// ampcc rewrites a spawning function's body into ampcc::cilk::frame, each spawn into ampcc::cilk::spawn
// and each sync into ampcc::cilk::sync. Without OpenMP every spawn runs at once (Cilk's serial elision).
#ifndef AMPCC_CILK_AMPCC_SPAWN_H
#define AMPCC_CILK_AMPCC_SPAWN_H

#if defined(__cplusplus) && !defined(__AMPCC_TRANSLATOR__)
#include <new>
#include <type_traits>
#include <utility>
#ifdef _OPENMP
#include <cstdlib>
#include <cstring>
#include <omp.h>
#endif

namespace ampcc {
namespace cilk {

// What a spawning function's body returns, carried out of the OpenMP task that ran it.
template <class R> class result {
public:
  template <class F> void run(F &Body) { P = new (Storage) R(Body()); }
  R take() {
    R V(std::move(*P));
    P->~R();
    return V;
  }

private:
  alignas(R) unsigned char Storage[sizeof(R)];
  R *P = nullptr;
};
template <class R> class result<R &> {
public:
  template <class F> void run(F &Body) { P = &Body(); }
  R &take() { return *P; }

private:
  R *P = nullptr;
};
template <> class result<void> {
public:
  template <class F> void run(F &Body) { Body(); }
  void take() {}
};

#ifdef _OPENMP
// The worker count: "nworkers" given to __cilkrts_set_param, else CILK_NWORKERS, else the processors.
struct worker_settings {
  int Requested = 0; // 0: not set by __cilkrts_set_param
  bool Started = false;
};
inline worker_settings &settings() {
  static worker_settings S;
  return S;
}
inline int workers() {
  if (settings().Requested > 0)
    return settings().Requested;
  if (const char *E = std::getenv("CILK_NWORKERS")) {
    char *End = nullptr;
    long N = std::strtol(E, &End, 10);
    if (End != E && *End == '\0' && N > 0 && N <= 4096)
      return static_cast<int>(N);
  }
  return omp_get_num_procs();
}

// Runs the body of a function that spawns. Outside any OpenMP team it starts one of workers() threads, runs
// the body on one of them and lets the others take the spawned work. The body runs as an included task of
// its own so that `cilk_sync` (a taskwait) waits for this function's spawns and not for its caller's.
template <class F> auto frame(F &&Body) -> decltype(Body()) {
  using R = decltype(Body());
  result<R> Out;
  result<R> *OutP = &Out;
  auto *BodyP = &Body;
  if (omp_get_level() == 0) {
    settings().Started = true;
#pragma omp parallel num_threads(workers()) firstprivate(OutP, BodyP)
#pragma omp single
    {
#pragma omp task if (0) firstprivate(OutP, BodyP)
      {
        OutP->run(*BodyP);
#pragma omp taskwait
      }
    }
    return Out.take();
  }
#pragma omp task if (0) firstprivate(OutP, BodyP)
  {
    OutP->run(*BodyP);
#pragma omp taskwait
  }
  return Out.take();
}

// A spawned call: Fn holds the call's arguments, evaluated already; it runs as an OpenMP task that any
// worker may take, while the caller goes on with its continuation.
template <class F> void spawn(F &&Fn) {
  using Call = typename std::decay<F>::type;
  Call *C = new Call(std::forward<F>(Fn));
#pragma omp task firstprivate(C)
  {
    (*C)();
    delete C;
  }
}

// `cilk_sync`: waits for the calls the current function spawned.
inline void sync() {
#pragma omp taskwait
}
#else
template <class F> auto frame(F &&Body) -> decltype(Body()) { return Body(); }
template <class F> void spawn(F &&Fn) { Fn(); }
inline void sync() {}
#endif

// Moves a spawned call's argument that the call takes by value into it.
template <class T> T &&pass(T &V) { return static_cast<T &&>(V); }

} // namespace cilk
} // namespace ampcc

#ifdef _OPENMP
extern "C" {
inline int __cilkrts_get_nworkers(void) { return ::ampcc::cilk::workers(); }
inline int __cilkrts_get_total_workers(void) { return ::ampcc::cilk::workers(); }
inline int __cilkrts_get_worker_number(void) { return omp_get_level() > 0 ? omp_get_ancestor_thread_num(1) : 0; }
inline int __cilkrts_set_param(const char *Param, const char *Value) {
  if (!Param || !Value || std::strcmp(Param, "nworkers") != 0)
    return 1; // CILKRTS_SET_PARAM_UNIMP
  if (::ampcc::cilk::settings().Started)
    return 4; // CILKRTS_SET_PARAM_LATE
  char *End = nullptr;
  long N = std::strtol(Value, &End, 10);
  if (End == Value || *End != '\0')
    return 3; // CILKRTS_SET_PARAM_INVALID
  if (N < 0 || N > 4096)
    return 2; // CILKRTS_SET_PARAM_XRANGE
  ::ampcc::cilk::settings().Requested = static_cast<int>(N);
  return 0;
}
inline void __cilkrts_init(void) {}
inline void __cilkrts_end_cilk(void) { ::ampcc::cilk::settings().Started = false; }
}
#endif
#endif

#endif
