// array_view::discard_data() says that the view's current contents are not needed: they need not be copied to an
// accelerator, and modifications made to them are not synchronized back to the data source. It applies to the view's
// own elements: a section or a projection discards its part of the data and nothing else. So a kernel's writes to a
// section that is then discarded never reach the data source, neither on synchronize, nor on a copy out, nor when the
// last view goes (the data source keeps what it held, as MSVC keeps it), while the same kernel's writes elsewhere do.
// Discarding is transient: what a kernel or the host writes after discard_data is the data again, is read back by
// synchronize and copy, and reaches the next kernel, whether written through the discarded view, a copy, a section
// or the whole view.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <numeric>
#include <vector>
using namespace concurrency;

// How many elements of v in [from, to) differ from want(i).
template <typename F> int wrong(const std::vector<int> &v, int from, int to, F want) {
  int n = 0;
  for (int i = from; i < to; ++i)
    n += v[i] != want(i);
  return n;
}

int main() {
  const int N = 1000;

  // A kernel writes the whole view; a section of it is discarded; synchronize brings back the rest only.
  {
    std::vector<int> v(N, 20);
    array_view<int, 1> av(N, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = i[0]; });
    av.section(100, 645).discard_data();
    av.synchronize();
    std::printf("section discarded after a kernel: kept %d wrong, rest %d wrong\n",
                wrong(v, 100, 745, [](int) { return 20; }),
                wrong(v, 0, 100, [](int i) { return i; }) + wrong(v, 745, N, [](int i) { return i; }));
  }
  // CHECK: section discarded after a kernel: kept 0 wrong, rest 0 wrong

  // Rank 3: three overlapping sections, each written by a kernel and then discarded, many times over.
  {
    std::vector<int> v(N, 20);
    array_view<int, 3> av(10, 10, 10, v);
    for (int n = 0; n < 20; ++n) {
      array_view<int, 3> s1 = av.section(index<3>(n % 8, (n * 3) % 8, (n * 5) % 8));
      array_view<int, 3> s2 = av.section(index<3>((n * 7) % 8, n % 8, (n * 2) % 8));
      array_view<int, 3> s3 = av.section(index<3>(1, (n * 5) % 8, n % 8), extent<3>(2, 2, 2));
      parallel_for_each(extent<3>(2, 2, 2), [=](index<3> i) restrict(amp) {
        s1[i] = 2;
        s2[i] = 3;
        s3[i] = 4;
      });
      s1.discard_data();
      s2.discard_data();
      s3.discard_data();
      av.synchronize();
    }
    std::printf("rank 3 sections: %d wrong\n", wrong(v, 0, N, [](int) { return 20; }));
  }
  // CHECK-NEXT: rank 3 sections: 0 wrong

  // A projection (a row of a rank 2 view) discarded after a kernel wrote every row; read back by copy and on the host.
  {
    std::vector<int> v(N, 20);
    array_view<int, 2> av(10, 100, v);
    parallel_for_each(av.extent, [=](index<2> i) restrict(amp) { av[i] = -1; });
    av[4].discard_data();
    std::vector<int> out(N);
    copy(av, out.begin());
    std::printf("projection, copy out: row 4 %d wrong, others %d wrong\n",
                wrong(out, 400, 500, [](int) { return 20; }),
                wrong(out, 0, 400, [](int) { return -1; }) + wrong(out, 500, N, [](int) { return -1; }));
    std::printf("projection, host reads: %d %d %d\n", av(3, 99), av(4, 0), av(5, 0));
  }
  // CHECK-NEXT: projection, copy out: row 4 0 wrong, others 0 wrong
  // CHECK-NEXT: projection, host reads: -1 20 -1

  // The last view goes: what a discarded section held is not copied back, the rest is.
  {
    std::vector<int> v(N, 20);
    {
      array_view<int, 1> av(N, v);
      parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = 7; });
      av.section(0, 500).discard_data();
    }
    std::printf("implicit synchronization: kept %d wrong, rest %d wrong\n", wrong(v, 0, 500, [](int) { return 20; }),
                wrong(v, 500, N, [](int) { return 7; }));
  }
  // CHECK-NEXT: implicit synchronization: kept 0 wrong, rest 0 wrong

  // Discard the whole view, then a kernel writes part of it, or all of it: what it wrote is read back.
  {
    std::vector<int> v(N, 20);
    array_view<int, 1> av(N, v);
    av.discard_data();
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
      if (i[0] % 3 == 0)
        av[i] = i[0];
    });
    av.synchronize();
    int part = 0;
    for (int i = 0; i < N; i += 3)
      part += v[i] != i;
    av.discard_data();
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = 2 * i[0]; });
    av.synchronize();
    std::printf("whole view discarded: part %d wrong, all %d wrong\n", part, wrong(v, 0, N, [](int i) { return 2 * i; }));
  }
  // CHECK-NEXT: whole view discarded: part 0 wrong, all 0 wrong

  // Discard a section, then a kernel writes part of that section: the writes come back, the rest of the data source
  // is as it was.
  {
    std::vector<int> v(N, 20);
    array_view<int, 1> av(N, v);
    array_view<int, 1> s = av.section(200, 300);
    s.discard_data();
    parallel_for_each(extent<1>(100), [=](index<1> i) restrict(amp) { s[i + 50] = 1000 + i[0]; });
    av.synchronize();
    std::printf("kernel after a section's discard: written %d wrong, outside %d wrong\n",
                wrong(v, 250, 350, [](int i) { return 1000 + i - 250; }),
                wrong(v, 0, 200, [](int) { return 20; }) + wrong(v, 500, N, [](int) { return 20; }));
  }
  // CHECK-NEXT: kernel after a section's discard: written 0 wrong, outside 0 wrong

  // Discard a section whose device copy is newer, then a kernel writes through another view (a copy of the whole
  // view, a second section over the first): every write comes back, by synchronize and by copy.
  {
    std::vector<int> v(N, 20);
    array_view<int, 1> av(N, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = 5; });
    av.section(0, 600).discard_data();
    array_view<int, 1> other = av;
    parallel_for_each(extent<1>(600), [=](index<1> i) restrict(amp) { other[i] = 6; });
    array_view<int, 1> overlapping = av.section(300, 400);
    parallel_for_each(overlapping.extent, [=](index<1> i) restrict(amp) { overlapping[i] += 1; });
    std::vector<int> out(N);
    copy(av, out.begin());
    av.synchronize();
    auto want = [](int i) { return i < 300 ? 6 : i < 600 ? 7 : i < 700 ? 6 : 5; };
    std::printf("kernels through other views: copy %d wrong, synchronize %d wrong\n", wrong(out, 0, N, want),
                wrong(v, 0, N, want));
  }
  // CHECK-NEXT: kernels through other views: copy 0 wrong, synchronize 0 wrong

  // Discard, then the host writes (part of) the view: a kernel reads what the host wrote; a section discarded while
  // the host copy is current loses nothing the host reads.
  {
    std::vector<int> v(N, 20);
    array_view<int, 1> av(N, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = 1; });
    av.discard_data();
    for (int i = 0; i < N; ++i)
      av[i] = i;
    av.section(10, 10).discard_data();
    std::vector<int> out(N);
    array_view<int, 1> ov(N, out);
    ov.discard_data();
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { ov[i] = av[i] * 2; });
    ov.synchronize();
    std::printf("host writes after discard: %d wrong\n", wrong(out, 20, N, [](int i) { return 2 * i; }) +
                                                         wrong(out, 0, 10, [](int i) { return 2 * i; }));
  }
  // CHECK-NEXT: host writes after discard: 0 wrong

  // A section discarded, then the host writes into it: the host's writes stand, on the host and in the next kernel.
  {
    std::vector<int> v(N, 20);
    array_view<int, 1> av(N, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = 9; });
    array_view<int, 1> s = av.section(100, 100);
    s.discard_data();
    for (int i = 0; i < 100; ++i)
      s[i] = -i;
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] += 1; });
    av.synchronize();
    std::printf("host writes into a discarded section: %d wrong\n",
                wrong(v, 100, 200, [](int i) { return 1 - (i - 100); }) + wrong(v, 0, 100, [](int) { return 10; }) +
                    wrong(v, 200, N, [](int) { return 10; }));
  }
  // CHECK-NEXT: host writes into a discarded section: 0 wrong

  // A view without a data source: a discarded section keeps what the host copy held, the rest what a kernel wrote.
  {
    array_view<int, 1> scratch(N);
    parallel_for_each(scratch.extent, [=](index<1> i) restrict(amp) { scratch[i] = i[0] + 1; });
    scratch.synchronize();
    parallel_for_each(scratch.extent, [=](index<1> i) restrict(amp) { scratch[i] = -scratch[i]; });
    scratch.section(0, 10).discard_data();
    std::printf("without a data source: %d %d %d\n", scratch[0], scratch[9], scratch[10]);
  }
  // CHECK-NEXT: without a data source: 1 10 -11
}
