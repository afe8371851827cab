// MSVC's swizzle and rgba properties of the short vectors (`c.xyz += ...`, `c.a = c.r + c.g`, `v.yx = v.xy`) in
// kernels and on the host, as MSVC's __declspec(property) members: reads call get_<f>, writes set_<f>, compound
// assignments and increments read, compute and write. They were missing (no member named 'xyz'); the host
// compiler has no properties, so the host source calls the functions instead. A class of the user's declares its
// own property the same way (its declaration is no member on the host: the layout stays the kernel's).
// RUN: %ampcc -O2 %s -o %t && %run_quiet %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_short_vectors.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

struct Particle {
  float_3 p;
  int_2 cell;
};

struct Counter {
  int v_;
  int get() const restrict(cpu, amp) { return v_; }
  void set(int x) restrict(cpu, amp) { v_ = x; }
  __declspec(property(get = get, put = set)) int value;
};
static_assert(sizeof(Counter) == sizeof(int), "a property is no member");

float_3 lift(float_3 v) restrict(cpu, amp) {
  v.z += 1.0f;
  return v;
}

int main() {
  std::vector<float_4> colors(4, float_4(0.1f, 0.2f, 0.3f, 0.0f));
  array_view<float_4, 1> c(4, colors);
  std::vector<Particle> parts(4);
  std::vector<Counter> counters(4, Counter{5});
  array_view<Counter, 1> cv(4, counters);
  array_view<Particle, 1> pv(4, parts);
  parallel_for_each(c.extent, [=](index<1> i) restrict(amp) {
    float_4 v = c[i];
    v.xyz += float_3(10.0f);           // compound on a swizzle
    v.a = v.r + v.g;                   // rgba names
    c[i] = v;
    c[i].zw = c[i].wz;                 // write through a view element, read of the same element
    pv[i].p.xy = float_2(float(i[0]), 2.0f);
    pv[i].p = lift(pv[i].p);
    pv[i].cell.yx = int_2(i[0], 7);
    pv[i].cell.x++;
    cv[i].value += cv[i].value * i[0];
  });
  c.synchronize();
  pv.synchronize();
  cv.synchronize();
  Counter host = {1};
  host.value = host.value + 40;
  host.value++;
  std::printf("%d %d\n", counters[3].value, host.value);
  const float_4 &k = colors[3];
  std::printf("%.1f %.1f %.1f %.1f\n", k.x, k.y, k.z, k.w);
  std::printf("%.1f %.1f %.1f %d %d\n", parts[3].p.x, parts[3].p.y, parts[3].p.z, parts[3].cell.x, parts[3].cell.y);

  // The host: the same properties, on variables, through pointers, and in a template.
  float_4 h(1.0f, 2.0f, 3.0f, 4.0f);
  h.xy = h.yx;
  h.bgra = h.rgba;
  float_4 *hp = &h;
  hp->w *= 10.0f;
  ++hp->r;
  float_2 q = h.zw;
  int_3 n(1, 2, 3);
  n.zyx = n.xyz;
  n.g -= 5;
  std::printf("%.1f %.1f %.1f %.1f %.1f %.1f %d %d %d\n", h.x, h.y, h.z, h.w, q.x, q.y, n.x, n.y, n.z);
}

// CHECK: 20 42
// CHECK-NEXT: 10.1 10.2 20.3 10.3
// CHECK-NEXT: 3.0 2.0 1.0 8 3
// CHECK-NEXT: 4.0 1.0 2.0 40.0 2.0 40.0 3 -3 1
