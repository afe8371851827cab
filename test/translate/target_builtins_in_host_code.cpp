// The host target's builtins that headers declare (<immintrin.h>'s _mm_pause, _mm_getcsr) are cpu functions:
// host code beside a kernel calls them (as oneTBB's spin loops do under <ppl.h>), and the kernel is translated.
// RUN: %ampcc --emit-opencl %s | FileCheck %s
#include <amp.h>
#include <immintrin.h>
using namespace concurrency;

unsigned spin_then_launch(array_view<int, 1> v) {
  _mm_pause();
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += 1; });
  return _mm_getcsr();
}

// CHECK: __kernel void ampcc_spin_then_launch_target_builtins_in_host_code_cpp_10(
