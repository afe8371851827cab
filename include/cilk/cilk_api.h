// <cilk/cilk_api.h> as Intel's compilers shipped it: the worker-count queries and settings of the Cilk
// runtime, answered by ampcc's fork-join runtime over OpenMP tasks (<cilk/ampcc_spawn.h>).
#ifndef AMPCC_CILK_CILK_API_H
#define AMPCC_CILK_CILK_API_H

#include <cilk/ampcc_cilk.h>

// The results of __cilkrts_set_param, with Intel's values.
enum __cilkrts_set_param_status {
  CILKRTS_SET_PARAM_SUCCESS = 0, // the parameter is set
  CILKRTS_SET_PARAM_UNIMP = 1,   // a parameter this runtime does not have
  CILKRTS_SET_PARAM_XRANGE = 2,  // the value is out of range
  CILKRTS_SET_PARAM_INVALID = 3, // the value is not a number
  CILKRTS_SET_PARAM_LATE = 4     // too late: the workers already run
};

#ifdef __cplusplus
extern "C" {
#endif
// The number of workers: CILK_NWORKERS (or "nworkers" set by __cilkrts_set_param) when given, else the
// number of processors.
int __cilkrts_get_nworkers(void);
// The same as __cilkrts_get_nworkers: ampcc's workers are the threads of one OpenMP team.
int __cilkrts_get_total_workers(void);
// The calling worker's number, 0 to nworkers - 1 (0 outside parallel work).
int __cilkrts_get_worker_number(void);
// "nworkers" (a positive decimal number, or "0" for the default) before any parallel work starts.
int __cilkrts_set_param(const char *param, const char *value);
// Starts the runtime (nothing to do: the team starts with the first spawning function).
void __cilkrts_init(void);
// Stops the runtime so that a later __cilkrts_set_param takes effect.
void __cilkrts_end_cilk(void);
#ifdef __cplusplus
}
#endif

#endif
