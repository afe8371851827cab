// The firstprivate rule of the Intel 18.0 thread-group model: a serial-code variable used in a second-level
// nest is each thread's own copy, so one whose value is used after the nest cannot be updated in it.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <gfx/gfx_rt.h>

__declspec(target(gfx_kernel)) void rule(float *out, int n) {
  _Cilk_for _Thread_group (int g = 0; g < n; g += 16) {
    float scale = 2.0f;
    int count = 0;
    float tmp[4] = {0, 0, 0, 0};
    int unused_after = 1;
    _Cilk_for (int i = 0; i < 16; i++) {
      count += 1;                 // expected-error {{'count' is firstprivate in this second-level '_Cilk_for' nest (each thread updates its own copy), and its value is used after the nest: it cannot be updated inside the nest}}
      tmp[i % 4] = i * scale;     // expected-error {{'tmp' is firstprivate in this second-level '_Cilk_for' nest (each thread updates its own copy), and its value is used after the nest: it cannot be updated inside the nest}}
      unused_after = i;           // allowed: its value is not used after the nest
      float mine = scale * i;     // allowed: declared inside the nest
      mine += 1.0f;
      out[g + i] = mine + unused_after;
    }
    _Cilk_for (int i = 0; i < 16; i++)
      out[g + i] += count + tmp[0]; // expected-note {{'count' is used here after the nest}} expected-note {{'tmp' is used here after the nest}}
  }
}
