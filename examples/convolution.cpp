// 2-D convolution of an image with a 5x5 filter, edges clamped (concurrency::direct3d::clamp): one thread per
// output pixel reads its 25 neighbours through array_views; the filter is captured by value (a small struct
// of weights travels with the kernel's arguments).
//   ampcc -O2 convolution.cpp -o convolution && ./convolution
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

static const int R = 2; // filter radius
struct Filter {
  int w[2 * R + 1][2 * R + 1];
};

int pixel(const std::vector<int> &img, int rows, int cols, int y, int x) {
  y = y < 0 ? 0 : y >= rows ? rows - 1 : y;
  x = x < 0 ? 0 : x >= cols ? cols - 1 : x;
  return img[y * cols + x];
}

int main() {
  const int rows = 48, cols = 64;
  std::vector<int> image(rows * cols), result(rows * cols);
  for (int i = 0; i < rows * cols; ++i)
    image[i] = (i * 31) % 256;
  Filter f;
  for (int dy = 0; dy <= 2 * R; ++dy)
    for (int dx = 0; dx <= 2 * R; ++dx)
      f.w[dy][dx] = (dy == R && dx == R) ? 9 : (dy + dx) % 3 - 1;

  array_view<const int, 2> img(rows, cols, image);
  array_view<int, 2> out(rows, cols, result);
  out.discard_data();
  parallel_for_each(out.extent, [=](index<2> idx) restrict(amp) {
    int sum = 0;
    for (int dy = -R; dy <= R; ++dy)
      for (int dx = -R; dx <= R; ++dx) {
        int y = direct3d::clamp(idx[0] + dy, 0, rows - 1);
        int x = direct3d::clamp(idx[1] + dx, 0, cols - 1);
        sum += img(y, x) * f.w[dy + R][dx + R];
      }
    out[idx] = sum;
  });
  out.synchronize();

  int bad = 0;
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x) {
      int sum = 0;
      for (int dy = -R; dy <= R; ++dy)
        for (int dx = -R; dx <= R; ++dx)
          sum += pixel(image, rows, cols, y + dy, x + dx) * f.w[dy + R][dx + R];
      bad += result[y * cols + x] != sum;
    }
  std::cout << rows << "x" << cols << " image, 5x5 filter: " << (bad ? "WRONG" : "matches the CPU") << "\n";
  return bad ? 1 : 0;
}
// CHECK: 48x64 image, 5x5 filter: matches the CPU
