// The constructors of C++ AMP's exceptions that MSVC documents (amprt.h): unsupported_feature() and
// unsupported_feature(const char *); accelerator_view_removed(const char *, HRESULT) and (HRESULT), whose reason
// get_view_removed_reason returns.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
#include <cstring>
#include <type_traits>
using namespace concurrency;

int main() {
  try {
    throw unsupported_feature();
  } catch (runtime_exception &e) {
    std::printf("unsupported_feature(): %s %lx\n", e.what(), (unsigned long)e.get_error_code());
  }
  // CHECK: unsupported_feature(): unsupported_feature 80004001
  try {
    throw unsupported_feature("no such thing");
  } catch (unsupported_feature &e) {
    std::printf("unsupported_feature(message): %s\n", e.what());
  }
  // CHECK-NEXT: unsupported_feature(message): no such thing

  try {
    throw accelerator_view_removed(0x887A0006L);
  } catch (accelerator_view_removed &e) {
    std::printf("accelerator_view_removed(reason): %s %lx\n", e.what(), (unsigned long)e.get_view_removed_reason());
  }
  // CHECK-NEXT: accelerator_view_removed(reason): accelerator_view_removed 887a0006
  try {
    throw accelerator_view_removed("device lost", 0x887A0005L);
  } catch (runtime_exception &e) {
    std::printf("accelerator_view_removed(message, reason): %s %lx\n", e.what(),
                (unsigned long)static_cast<accelerator_view_removed &>(e).get_view_removed_reason());
  }
  // CHECK-NEXT: accelerator_view_removed(message, reason): device lost 887a0005

  // Both are explicit, as MSVC's; a message alone is not a constructor MSVC has.
  std::printf("explicit: %d %d %d\n", (int)std::is_convertible<long, accelerator_view_removed>::value,
              (int)std::is_convertible<const char *, unsupported_feature>::value,
              (int)std::is_constructible<accelerator_view_removed, const char *>::value);
  // CHECK-NEXT: explicit: 0 0 0
}
