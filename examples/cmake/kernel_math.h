// A function the kernel calls: amp code in a header that only scale.cpp includes.
#ifndef EXAMPLE_KERNEL_MATH_H
#define EXAMPLE_KERNEL_MATH_H
inline float times(float x, float factor) restrict(amp, cpu) { return x * factor; }
#endif
