// What MSVC refuses with unsupported_feature when a texture is made: a texture on the cpu_accelerator (made there
// or copied there), and a format (bits per scalar element) that the texel type does not have, with a message that
// says which number of bits the element type cannot have. A supported format on a device still works.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_graphics.h>
#include <cstdio>
using namespace concurrency;
using namespace concurrency::graphics;

template <typename F> void expect(const char *name, F make) {
  try {
    make();
    std::printf("%s: made\n", name);
  } catch (const unsupported_feature &e) {
    std::printf("%s: unsupported_feature %lx: %s\n", name, (unsigned long)e.get_error_code(), e.what());
  } catch (const runtime_exception &e) {
    std::printf("%s: runtime_exception: %s\n", name, e.what());
  }
}

int main() {
  accelerator cpu(accelerator::cpu_accelerator);
  expect("int on cpu", [&] { texture<int, 1> t(extent<1>(16), cpu.default_view); });
  // CHECK: int on cpu: unsupported_feature 80004001: ampcc: textures are not supported on the cpu_accelerator
  expect("float_4 with bits on cpu", [&] { texture<float_4, 2> t(4, 4, 32u, cpu.default_view); });
  // CHECK-NEXT: float_4 with bits on cpu: unsupported_feature 80004001: ampcc: textures are not supported on the cpu_accelerator
  texture<int, 1> on_device(16);
  expect("copied to cpu", [&] { texture<int, 1> t(on_device, cpu.default_view); });
  // CHECK-NEXT: copied to cpu: unsupported_feature 80004001: ampcc: textures are not supported on the cpu_accelerator

  expect("float 8 bits", [] { texture<float, 1> t(16, 8u); });
  // CHECK-NEXT: float 8 bits: unsupported_feature 80004001: ampcc: a texture of this element type cannot have 8 bits per scalar element
  expect("unorm_2 32 bits", [] { texture<unorm_2, 1> t(16, 32u); });
  // CHECK-NEXT: unorm_2 32 bits: unsupported_feature 80004001: ampcc: a texture of this element type cannot have 32 bits per scalar element
  expect("int_3 16 bits", [] { texture<int_3, 1> t(16, 16u); });
  // CHECK-NEXT: int_3 16 bits: unsupported_feature 80004001: ampcc: a texture of this element type cannot have 16 bits per scalar element
  expect("double 32 bits", [] { texture<double, 1> t(16, 32u); });
  // CHECK-NEXT: double 32 bits: unsupported_feature 80004001: ampcc: a texture of this element type cannot have 32 bits per scalar element
  expect("uint_4 0 bits", [] { texture<uint_4, 1> t(16, 0u); });
  // CHECK-NEXT: uint_4 0 bits: unsupported_feature 80004001: ampcc: a texture of this element type cannot have 0 bits per scalar element
  expect("float 16 bits", [] { texture<float, 1> t(16, 16u); });
  // CHECK-NEXT: float 16 bits: made
}
