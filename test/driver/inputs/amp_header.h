// A user header with an amp function: the host compiler reads a rewritten copy of it.
#ifndef AMP_HEADER_H
#define AMP_HEADER_H
inline int twice(int x) restrict(amp, cpu) { return 2 * x; }
#endif
