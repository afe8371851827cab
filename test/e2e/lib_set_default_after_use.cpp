// accelerator::set_default fails (returns false) once the process has used the default accelerator, by every path
// that uses it, as MSVC: a default-constructed accelerator (or one made from default_accelerator) fixes the default
// even when its view is then named explicitly, as do an array or a texture made without a view and a kernel
// launched without one. Listing the accelerators or naming another one does not. Each case runs in a child
// process of its own, since the default is process-wide.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_graphics.h>
#include <cstdio>
#include <cstdlib>
#include <sys/wait.h>
#include <unistd.h>
using namespace concurrency;

template <typename F> void in_child(const char *name, F use) {
  std::fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    use();
    std::printf("%s: set_default %d\n", name, (int)accelerator::set_default(accelerator::cpu_accelerator));
    std::fflush(stdout);
    std::_Exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    std::printf("%s: child failed\n", name);
}

int main() {
  in_child("nothing used", [] {});
  // CHECK: nothing used: set_default 1
  in_child("accelerators listed", [] { (void)accelerator::get_all().size(); });
  // CHECK-NEXT: accelerators listed: set_default 1
  in_child("cpu accelerator named", [] {
    accelerator cpu(accelerator::cpu_accelerator);
    array<int, 1> staging(4, cpu.default_view);
  });
  // CHECK-NEXT: cpu accelerator named: set_default 1
  in_child("default accelerator constructed", [] { accelerator d; });
  // CHECK-NEXT: default accelerator constructed: set_default 0
  in_child("default_accelerator named", [] { accelerator d(accelerator::default_accelerator); });
  // CHECK-NEXT: default_accelerator named: set_default 0
  in_child("its view used", [] {
    accelerator_view v = accelerator().default_view;
    array<int, 1> a(4, v);
    parallel_for_each(v, a.extent, [&a](index<1> i) restrict(amp) { a[i] = 1; });
    v.wait();
  });
  // CHECK-NEXT: its view used: set_default 0
  in_child("array without a view", [] { array<int, 1> a(4); });
  // CHECK-NEXT: array without a view: set_default 0
  in_child("texture without a view", [] { graphics::texture<int, 1> t(4); });
  // CHECK-NEXT: texture without a view: set_default 0
  in_child("kernel without a view", [] {
    array_view<int, 1> r(4);
    parallel_for_each(r.extent, [=](index<1> i) restrict(amp) { r[i] = 1; });
    r.synchronize();
  });
  // CHECK-NEXT: kernel without a view: set_default 0
}
