// -fampcc-directcompute-bounds: Direct3D 11's bounds behaviour in kernels, which shipped C++ AMP code relies on.
// An element access outside the extent of its view or array reads 0 (a value-initialised element) and a write to
// it is dropped, without an error: padded tiled extents (tiled_extent::pad(), as Microsoft's C++ AMP Algorithms
// Library launches them) over a 1-D view, a section of a larger array and a 2-D view; plain, compound and atomic
// writes; element structs; projections and sections that leave their view. Without the flag the padding threads
// write past the views: e2e-unguarded/directcompute_bounds builds this file without it and must fail.
// RUN: %ampcc -fampcc-directcompute-bounds -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct pair_t {
  int a;
  float b;
};

int main() {
  // 1-D: 1000 elements, tiles of 256, so 1024 threads; the last 24 are past the end of the view.
  {
    const int n = 1000;
    std::vector<int> data(n, 7), seen(1024, -1);
    array_view<int, 1> v(n, data);
    array_view<int, 1> s(1024, seen);
    parallel_for_each(v.extent.tile<256>().pad(), [=](tiled_index<256> t) restrict(amp) {
      int g = t.global[0];
      int before = v[g]; // 0 past the end
      v[g] = g;          // dropped past the end
      v[g] += 1;
      atomic_fetch_add(&v[g], 1);
      s[g] = before * 10000 + v[g]; // past the end, a dropped write leaves nothing to read back
    });
    s.synchronize();
    v.synchronize();
    int good = 0, zero = 0;
    for (int i = 0; i < n; ++i)
      good += data[i] == i + 2 && seen[i] == 70000 + i + 2;
    for (int i = n; i < 1024; ++i)
      zero += seen[i] == 0;
    std::cout << "1-D: " << good << " of " << n << " elements written, " << zero << " of 24 reads past the end are 0\n";
    // CHECK: 1-D: 1000 of 1000 elements written, 24 of 24 reads past the end are 0
  }

  // A section of a larger array: elements 16..35 of 64. Direct3D guarded the whole buffer and would have written
  // 36..47 too; ampcc guards the section's extent, so its neighbours keep their values.
  {
    std::vector<int> init(64, 5);
    array<int, 1> big(64, init.begin());
    array_view<int, 1> sec = big.section(16, 20);
    parallel_for_each(sec.extent.tile<16>().pad(), [=](tiled_index<16> t) restrict(amp) {
      sec[t.global] = 100 + t.global[0];
    });
    // The array itself: 60..63 are written, 64..67 are not.
    parallel_for_each(extent<1>(8), [&big](index<1> i) restrict(amp) { big[i + 60] = 9; });
    std::vector<int> back = big;
    std::cout << "section:";
    for (int i = 12; i < 64; i += 4)
      std::cout << " " << back[i] << "," << back[i + 1] << "," << back[i + 2] << "," << back[i + 3];
    std::cout << "\n";
    // CHECK-NEXT: section: 5,5,5,5 100,101,102,103 104,105,106,107 108,109,110,111 112,113,114,115 116,117,118,119 5,5,5,5 5,5,5,5 5,5,5,5 5,5,5,5 5,5,5,5 5,5,5,5 9,9,9,9
  }

  // 2-D: 5 x 7 in tiles of 4 x 4, so 8 x 8 threads. Column 7 of a row would be column 0 of the next row without
  // the guard; rows 5..7 would be past the end. The projection m[i0] of a row out of range is an empty view.
  {
    std::vector<float> m(35), rd(64, -1);
    for (int i = 0; i < 35; ++i)
      m[i] = static_cast<float>(i);
    array_view<float, 2> mv(5, 7, m);
    array_view<float, 2> rv(8, 8, rd);
    parallel_for_each(tiled_extent<4, 4>(mv.extent).pad(), [=](tiled_index<4, 4> t) restrict(amp) {
      index<2> i = t.global;
      rv[i] = mv[i];
      mv[i] = mv[i] * 2 + 1;
      mv[i[0]][i[1]] += 0.5f;
    });
    rv.synchronize();
    mv.synchronize();
    int good = 0, zero = 0;
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 8; ++c) {
        bool in = r < 5 && c < 7;
        zero += !in && rd[r * 8 + c] == 0;
        good += in && rd[r * 8 + c] == r * 7 + c && m[r * 7 + c] == (r * 7 + c) * 2 + 1.5f;
      }
    std::cout << "2-D: " << good << " of 35 elements written, " << zero << " of 29 reads outside are 0\n";
    // CHECK-NEXT: 2-D: 35 of 35 elements written, 29 of 29 reads outside are 0
  }

  // Elements of a class type read as value-initialised ones.
  {
    std::vector<pair_t> pairs = {{1, 1.5f}, {2, 2.5f}, {3, 3.5f}};
    std::vector<int> out(6, -1);
    array_view<const pair_t, 1> pv(3, pairs);
    array_view<int, 1> ov(6, out);
    parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) {
      pair_t p = pv[i];
      ov[i] = p.a * 10 + static_cast<int>(p.b) + pv[i].a;
    });
    ov.synchronize();
    std::cout << "structs:";
    for (int x : out)
      std::cout << " " << x;
    std::cout << "\n";
    // CHECK-NEXT: structs: 12 24 36 0 0 0
  }

  // A section made in a kernel that leaves its view keeps the part inside: thread 1's section of 8 elements from
  // 8 holds 8 and 9, and its extent says so.
  {
    std::vector<int> q(10, 0), ext(2, -1);
    array_view<int, 1> qv(10, q);
    array_view<int, 1> ev(2, ext);
    parallel_for_each(ev.extent, [=](index<1> i) restrict(amp) {
      array_view<int, 1> w = qv.section(index<1>(i[0] * 8), extent<1>(8));
      for (int k = 0; k < 8; ++k)
        w[k] = i[0] * 100 + k;
      ev[i] = w.extent[0];
    });
    qv.synchronize();
    ev.synchronize();
    std::cout << "kernel section:";
    for (int x : q)
      std::cout << " " << x;
    std::cout << "; extents " << ext[0] << " " << ext[1] << "\n";
    // CHECK-NEXT: kernel section: 0 1 2 3 4 5 6 7 100 101; extents 8 2
  }
}
