// A user header with restriction overloads: the host compiler reads it without its amp-only declarations.
#pragma once
#define MY_GPU restrict(cpu, amp)

inline int scale(int x) restrict(cpu) { return x + 1; }
inline int scale(int x) restrict(amp) { return x + 100; }

struct Tagged {
  int which() const restrict(cpu) { return 1; }
  int which() const restrict(amp) { return 2; }
  int both() const MY_GPU { return scale(10) + which(); }
};
