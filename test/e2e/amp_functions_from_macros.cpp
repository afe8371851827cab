// restrict(amp) functions that a macro defines: a macro per function (the host keeps each declaration, its body
// blanked in the macro's definition), a macro defining a restrict(cpu) and a restrict(amp) overload together (the
// host keeps the cpu one), and a body passed as a macro argument. The host view blanked the whole macro use, so
// the host compiler saw neither function. A specifier after a macro parameter (`decl restrict(amp) body`,
// `[=] params restrict(amp)`) is a specifier: it stayed `restrict`, a parse error.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <cstdio>
using namespace concurrency;

#define DEFINE_OP(name, op) int name(int a, int b) restrict(amp) { return a op b; }
DEFINE_OP(sub_op, -)
DEFINE_OP(xor_op, ^)

#define DUAL(name, on_cpu, on_amp)                                                                                 \
  int name() restrict(cpu) { return on_cpu; }                                                                      \
  int name() restrict(amp) { return on_amp; }
DUAL(side, 1, 2)

#define AMP_FUNCTION(signature, body) signature restrict(amp) body
AMP_FUNCTION(int quad(int x), { return 4 * x; })

#define AMP_LAMBDA(params) [=] params restrict(amp)

int main() {
  int r[4] = {0, 0, 0, 0};
  array_view<int, 1> a(4, r);
  parallel_for_each(a.extent, [=](index<1> i) restrict(amp) { a[i] = sub_op(10, i[0]) + xor_op(1, 3) + side() * 100; });
  auto k = [=](index<1> i) restrict(amp) { a[i] += quad(i[0]); };
  parallel_for_each(a.extent, k);
  parallel_for_each(a.extent, AMP_LAMBDA((index<1> i)) { a[i] += 1000; });
  a.synchronize();
  // CHECK: 1212 1215 1218 1221 1
  printf("%d %d %d %d %d\n", r[0], r[1], r[2], r[3], side());
}
