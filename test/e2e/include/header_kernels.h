// Kernels written in a header: a function template (one kernel per instantiation) and an inline function.
#pragma once
#include <amp.h>

template <typename T> void fill_ramp(concurrency::array_view<T, 1> v, T first) {
  concurrency::parallel_for_each(v.get_extent(), [=](concurrency::index<1> i) restrict(amp) { v[i] = first + i[0]; });
}

inline void double_all(concurrency::array_view<int, 1> v) {
  concurrency::parallel_for_each(v.get_extent(), [=](concurrency::index<1> i) restrict(amp) { v[i] *= 2; });
}
