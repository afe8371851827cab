// `void main()`, which MSVC accepts as an extension (returning 0) and Microsoft's own C++ AMP walkthroughs and AMD's
// samples use. Under -fampcc-msvc ampcc reads it as `int main()`, and `return;` in it as `return 0;`
// (docs/driver.md, "MSVC's permissive C++").
// RUN: %ampcc -fampcc-msvc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
// RUN: %t early | FileCheck --check-prefix=EARLY --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <cstring>
using namespace concurrency;

void main(int argc, char **argv) {
  int data[4] = {1, 2, 3, 4};
  array_view<int, 1> v(4, data);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= 3; });
  v.synchronize();
  // CHECK: 3 12
  // EARLY: 3 12
  std::printf("%d %d\n", data[0], data[3]);
  if (argc > 1 && std::strcmp(argv[1], "early") == 0)
    return;
  // CHECK-NEXT: done
  // EARLY-NOT: done
  std::printf("done\n");
}
