// A C++ AMP program with one out-of-bounds write planted in its kernel, for NVIDIA's compute-sanitizer on the CUDA
// back end (bench/nvidia-tools/check.sh): the kernel writes one element past the end of a 1000-float buffer.
#include <amp.h>

#include <cstdio>
#include <vector>

using namespace concurrency;

void scaleAndOverrun(std::vector<float> &Data) {
  array<float, 1> A(static_cast<int>(Data.size()), Data.begin(), Data.end());
  parallel_for_each(A.extent, [&A](index<1> I) restrict(amp) {
    A[I] *= 2.0f;
    if (I[0] == 0)
      A.data()[A.extent[0]] = 1.0f; // one past the end: the planted bug
  });
  copy(A, Data.begin());
}

int main() {
  std::vector<float> Data(1000, 1.0f);
  scaleAndOverrun(Data);
  std::printf("first %g last %g\n", Data.front(), Data.back());
  return 0;
}
