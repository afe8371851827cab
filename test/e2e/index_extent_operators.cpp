// Prefix and postfix increment and decrement of index and extent, on the host and in kernels.
#include <amp.h>
#include <iostream>
using namespace concurrency;

int main() {
  index<2> i(1, 2);
  index<2> old = i++;
  extent<3> e(4, 5, 6);
  extent<3> before = e--;
  --e;
  ++i;
  std::cout << "host " << old[1] << " " << i[0] << " " << before[2] << " " << e[2] << "\n";

  std::vector<int> out(2);
  array_view<int, 1> v(2, out);
  parallel_for_each(v.extent, [=](index<1> t) restrict(amp) {
    index<2> k(t[0], 10);
    index<2> was = k++;
    extent<2> x(3, 3);
    x++;
    ++x;
    index<2> down = k--;
    v[t] = was[1] * 1000 + down[1] * 100 + x[0] * 10 + k[1] - 10;
  });
  v.synchronize();
  std::cout << "device " << out[0] << "\n";
}
// CHECK: host 2 3 6 4
// was[1] = 10, down[1] = 11, x[0] = 5, k[1] = 10: 10000 + 1100 + 50 + 0
// CHECK: device 11150
