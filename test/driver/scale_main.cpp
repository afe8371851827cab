// Driver test: the host half, with no kernel of its own.
#include "scale.h"
#include <iostream>

int main() {
  int data[4] = {1, 2, 3, 4};
  concurrency::array_view<int, 1> v(4, data);
  scale_all(v);
  v.synchronize();
  std::cout << data[0] << " " << data[1] << " " << data[2] << " " << data[3] << "\n";
}
