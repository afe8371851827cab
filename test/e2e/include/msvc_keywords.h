// A header written for Visual Studio (test/e2e/msvc_missing_keywords.cpp): dependent names used as types and
// templates without `typename` or `template`, where only the instantiation tells what they are.
#pragma once
#include <amp.h>

template <typename View> struct tiled_sum {
  // `View::value_type()` is a cast only once View is known; `in.extent.tile<Tile>()` a template call.
  template <int Tile> static void run(const View &in, concurrency::array_view<int, 1> out) {
    auto domain = in.extent.tile<Tile>().pad();
    View::value_type zero = View::value_type();
    parallel_for_each(domain, [=](concurrency::tiled_index<Tile> t) restrict(amp) {
      tile_static int part[Tile];
      int i = t.global[0];
      part[t.local[0]] = i < in.extent[0] ? in[i] : zero;
      t.barrier.wait();
      if (t.local[0] == 0) {
        int s = 0;
        for (int k = 0; k < Tile; ++k)
          s += part[k];
        out[t.tile[0]] = s;
      }
    });
  }
};
