// Scales a vector on the accelerator.
#ifndef EXAMPLE_SCALE_H
#define EXAMPLE_SCALE_H
#include <vector>
void scale(std::vector<float> &v, float factor);
#endif
