// Prints a vector; host code only, included by main.cpp alone.
#ifndef EXAMPLE_REPORT_H
#define EXAMPLE_REPORT_H
#include <cstdio>
#include <vector>
inline void report(const std::vector<float> &v) {
  for (float x : v)
    std::printf("%g ", x);
  std::printf("\n");
}
#endif
