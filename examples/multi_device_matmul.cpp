// One matrix multiply split over every device of the machine: each accelerator (the CPU accelerator aside)
// gets a band of C's rows, with its own arrays of A's band and of all of B on its default view, and runs its
// tiled kernel there; the bands are copied back into one C and checked against the CPU. Then the same multiply
// on the default accelerator alone, for the time ratios: of the whole, copies included, and of the products
// alone. The bands are equal, so the devices are of one kind: the GPUs where the default accelerator is one,
// else every device.
//   ampcc -O2 multi_device_matmul.cpp -o multi_device_matmul && ./multi_device_matmul [n]
// With PoCL as the only OpenCL platform, POCL_DEVICES="pthread pthread" gives two CPU devices.
#include <amp.h>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <algorithm>
#include <memory>
#include <thread>
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

// Seconds since `start`.
static double since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Multiplies on `devices`, each taking an equal band of rows (n / T tiles shared out), `reps` times over the same
// arrays. Returns the seconds of the whole (arrays made from A and B, the products, C copied back) and, in
// `kernels`, those of the last product alone, its data already on the devices.
static double run(const std::vector<accelerator> &devices, int n, const std::vector<float> &A,
                  const std::vector<float> &B, std::vector<float> &C, int reps, double &kernels) {
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
    first += rows;
  }
  for (int r = 0; r < reps; ++r) {
    auto product = std::chrono::steady_clock::now();
    for (int d = 0; d < parts; ++d)
      multiply(*as[d], *bs[d], *cs[d]); // queued: the devices work at the same time
    for (int d = 0; d < parts; ++d)
      cs[d]->get_accelerator_view().wait();
    kernels = since(product);
  }
  first = 0;
  for (int d = 0; d < parts; ++d) {
    copy(*cs[d], C.begin() + static_cast<size_t>(first) * n);
    first += cs[d]->extent[0];
  }
  return since(start);
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) / T * T : 256;
  // The default accelerator first, then every other device of its kind: beside a GPU, the other GPUs (a CPU
  // OpenCL device, emulated, would hold the GPUs back to its pace); beside an emulated device, every device.
  const accelerator preferred;
  std::vector<accelerator> devices = {preferred};
  for (const accelerator &acc : accelerator::get_all())
    if (acc.get_device_path() != accelerator::cpu_accelerator && acc != preferred &&
        (preferred.get_is_emulated() || !acc.get_is_emulated()))
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
  // The reference, every row on the CPU, in bands over the host's threads (n = 8192 is 5.5e11 multiply-adds).
  const int threads = std::max(1, std::min(static_cast<int>(std::thread::hardware_concurrency()), n));
  std::vector<std::thread> workers;
  for (int w = 0; w < threads; ++w)
    workers.emplace_back([&, w] {
      for (int i = n * w / threads; i < n * (w + 1) / threads; ++i)
        for (int k = 0; k < n; ++k)
          for (int j = 0; j < n; ++j)
            ref[static_cast<size_t>(i) * n + j] += A[static_cast<size_t>(i) * n + k] * B[static_cast<size_t>(k) * n + j];
    });
  for (std::thread &t : workers)
    t.join();

  double all_kernels = 0, one_kernels = 0;
  run(devices, n, A, B, C, 1, all_kernels); // warm-up: builds the kernel for every device
  const double all = run(devices, n, A, B, C, 3, all_kernels);
  const bool split_ok = C == ref;
  std::fill(C.begin(), C.end(), 0.0f);
  const double one = run({preferred}, n, A, B, C, 3, one_kernels);
  const bool one_ok = C == ref;
  std::cout << "n = " << n << ", with the copies: " << devices.size() << " devices " << all
            << " s, the default one alone " << one << " s, ratio one/all " << one / all << "\n";
  std::cout << "n = " << n << ", one product, data on the devices: " << devices.size() << " devices "
            << all_kernels << " s, the default one alone " << one_kernels << " s, ratio one/all "
            << one_kernels / all_kernels << "\n";
  std::cout << "split over " << devices.size() << " devices: " << (split_ok ? "correct" : "WRONG") << "\n";
  std::cout << "one device: " << (one_ok ? "correct" : "WRONG") << "\n";
  return split_ok && one_ok ? 0 : 1;
}
// CHECK: devices: 2
// CHECK: split over 2 devices: correct
// CHECK-NEXT: one device: correct
