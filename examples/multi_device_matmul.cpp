// One matrix multiply split over every device of the machine: each accelerator (the CPU accelerator aside)
// gets a band of C's rows, with its own arrays of A's band and of all of B on its default view, and runs its
// tiled kernel there; the bands are copied back into one C and checked against the CPU. Then the same multiply
// on the default accelerator alone, for the time ratio. The bands are equal: a fast GPU paired with a CPU
// device waits for the CPU's band.
//   ampcc -O2 multi_device_matmul.cpp -o multi_device_matmul && ./multi_device_matmul [n]
// With PoCL as the only OpenCL platform, POCL_DEVICES="pthread pthread" gives two CPU devices.
#include <amp.h>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <vector>
using namespace concurrency;

static const int T = 16;

// C = A * B for the rows of A in `a`; all three on `a`'s accelerator.
static void multiply(const array<float, 2> &a, const array<float, 2> &b, array<float, 2> &c) {
  const int n = b.extent[0];
  parallel_for_each(c.get_accelerator_view(), c.extent.tile<T, T>(), [&a, &b, &c, n](tiled_index<T, T> t)
                                                                          restrict(amp) {
    tile_static float ta[T][T], tb[T][T];
    const int row = t.local[0], col = t.local[1];
    float sum = 0;
    for (int k = 0; k < n; k += T) {
      ta[row][col] = a(t.global[0], k + col);
      tb[row][col] = b(k + row, t.global[1]);
      t.barrier.wait();
      for (int j = 0; j < T; ++j)
        sum += ta[row][j] * tb[j][col];
      t.barrier.wait();
    }
    c[t.global] = sum;
  });
}

// Multiplies on `devices`, each taking an equal band of rows (n / T tiles shared out); returns the seconds taken.
static double run(const std::vector<accelerator> &devices, int n, const std::vector<float> &A,
                  const std::vector<float> &B, std::vector<float> &C) {
  auto start = std::chrono::steady_clock::now();
  const int tiles = n / T, parts = static_cast<int>(devices.size());
  std::vector<std::unique_ptr<array<float, 2>>> as, bs, cs;
  int first = 0;
  for (int d = 0; d < parts; ++d) {
    const int rows = (tiles * (d + 1) / parts - tiles * d / parts) * T;
    accelerator_view view = devices[d].get_default_view();
    const float *band = A.data() + static_cast<size_t>(first) * n;
    as.push_back(std::make_unique<array<float, 2>>(rows, n, band, band + static_cast<size_t>(rows) * n, view));
    bs.push_back(std::make_unique<array<float, 2>>(n, n, B.begin(), B.end(), view));
    cs.push_back(std::make_unique<array<float, 2>>(rows, n, view));
    multiply(*as.back(), *bs.back(), *cs.back()); // queued: the devices work at the same time
    first += rows;
  }
  first = 0;
  for (int d = 0; d < parts; ++d) {
    copy(*cs[d], C.begin() + static_cast<size_t>(first) * n);
    first += cs[d]->extent[0];
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) / T * T : 256;
  // The default accelerator first, then every other device.
  const accelerator preferred;
  std::vector<accelerator> devices = {preferred};
  for (const accelerator &acc : accelerator::get_all())
    if (acc.get_device_path() != accelerator::cpu_accelerator && acc != preferred)
      devices.push_back(acc);
  std::cout << "devices: " << devices.size() << "\n";
  for (const accelerator &acc : devices)
    std::wcout << L"  " << acc.get_description() << L"\n";
  if (n <= 0 || devices.empty()) {
    std::cout << "nothing to run on\n";
    return 1;
  }

  // Small integers: every product and sum is exact in float, so the result must equal the CPU's bit for bit.
  std::vector<float> A(static_cast<size_t>(n) * n), B(A.size()), C(A.size()), ref(A.size());
  for (size_t i = 0; i < A.size(); ++i) {
    A[i] = static_cast<float>(i % 7);
    B[i] = static_cast<float>(i % 5);
  }
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < n; ++j)
        ref[static_cast<size_t>(i) * n + j] += A[static_cast<size_t>(i) * n + k] * B[static_cast<size_t>(k) * n + j];

  run(devices, n, A, B, C); // warm-up: builds the kernel for every device
  const double all = run(devices, n, A, B, C);
  const bool split_ok = C == ref;
  std::fill(C.begin(), C.end(), 0.0f);
  const double one = run({preferred}, n, A, B, C);
  const bool one_ok = C == ref;
  std::cout << "n = " << n << ": " << devices.size() << " devices " << all << " s, the default one alone " << one
            << " s, ratio one/all " << one / all << "\n";
  std::cout << "split over " << devices.size() << " devices: " << (split_ok ? "correct" : "WRONG") << "\n";
  std::cout << "one device: " << (one_ok ? "correct" : "WRONG") << "\n";
  return split_ok && one_ok ? 0 : 1;
}
// CHECK: devices: 2
// CHECK: split over 2 devices: correct
// CHECK-NEXT: one device: correct
