// Scales 1..4 by 3 on the accelerator and prints the result.
#include "report.h"
#include "scale.h"

int main() {
  std::vector<float> v = {1, 2, 3, 4};
  scale(v, 3);
  report(v);
  return 0;
}
