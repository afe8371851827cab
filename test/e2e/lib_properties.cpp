// The properties of Microsoft's C++ AMP classes (its __declspec(property) members), as ampcc's data members: each
// reads what its get_ function returns. accelerator_view: accelerator (with the accelerator's own data members),
// is_debug, version; array: accelerator_view, associated_accelerator_view; array_view: source_accelerator_view;
// texture, texture_view, writeonly_texture_view: accelerator_view, bits_per_scalar_element, data_length,
// mipmap_levels (texture: associated_accelerator_view); sampler: filter_mode, address_mode, border_color, also read
// in a kernel.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <amp.h>
#include <amp_graphics.h>
#include <iostream>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  accelerator acc;
  accelerator cpu(accelerator::cpu_accelerator);
  accelerator_view v = acc.create_view();
  std::cout << "view: debug " << v.is_debug << " version " << std::hex << v.version << std::dec << " getters "
            << (v.is_debug == v.get_is_debug() && v.version == v.get_version()) << "\n";
  // CHECK: view: debug 0 version 10000 getters 1
  std::cout << "its accelerator: " << (v.accelerator == acc) << (acc == v.accelerator) << (v.accelerator != cpu)
            << (v.accelerator == v.get_accelerator()) << "\n";
  // CHECK-NEXT: its accelerator: 1111
  accelerator converted = v.accelerator;
  std::cout << "data members: " << (v.accelerator.description == acc.description)
            << (v.accelerator.device_path == acc.get_device_path())
            << (v.accelerator.supports_double_precision == acc.supports_double_precision)
            << (v.accelerator.get_dedicated_memory() == acc.dedicated_memory) << " converted " << (converted == acc)
            << (v.accelerator.get_default_view() == acc.default_view) << "\n";
  // CHECK-NEXT: data members: 1111 converted 11
  std::cout << "the CPU's view: " << (cpu.default_view.accelerator == cpu) << (cpu.default_view.accelerator != acc)
            << " emulated " << cpu.default_view.accelerator.is_emulated << "\n";
  // CHECK-NEXT: the CPU's view: 11 emulated 1

  array<int, 1> a(4, v);
  array<int, 1> staging(4, cpu.default_view, v);
  a.accelerator_view.wait();
  std::cout << "array: " << (a.accelerator_view == v) << (a.associated_accelerator_view == v) << " staging: "
            << (staging.accelerator_view == cpu.default_view) << (staging.associated_accelerator_view == v)
            << " getters " << (staging.accelerator_view == staging.get_accelerator_view())
            << (staging.associated_accelerator_view == staging.get_associated_accelerator_view()) << "\n";
  // CHECK-NEXT: array: 11 staging: 11 getters 11

  std::vector<int> host(4, 1);
  array_view<int, 1> on_host(4, host), on_array(a);
  accelerator_view source = on_array.source_accelerator_view;
  on_array.source_accelerator_view.wait();
  std::cout << "array_view: " << (on_host.source_accelerator_view == cpu.default_view)
            << (on_array.source_accelerator_view == v) << (v == on_array.source_accelerator_view)
            << (on_array.source_accelerator_view != cpu.default_view) << (source == v) << " version " << std::hex
            << on_array.source_accelerator_view.get_version() << std::dec << "\n";
  // CHECK-NEXT: array_view: 11111 version 10000

  texture<int, 2> t(4, 8, v);
  texture<unorm_2, 1> narrow(16, 8u, v);
  std::cout << "texture: " << t.bits_per_scalar_element << " " << t.data_length << " " << t.mipmap_levels << " "
            << (t.accelerator_view == v) << (t.associated_accelerator_view == v) << " getters "
            << (t.data_length == t.get_data_length()) << (t.accelerator_view == t.get_accelerator_view()) << "\n";
  // CHECK-NEXT: texture: 32 128 1 11 getters 11
  std::cout << "8-bit texture: " << narrow.bits_per_scalar_element << " " << narrow.data_length << "\n";
  // CHECK-NEXT: 8-bit texture: 8 32
  texture_view<int, 2> tv(t);
  texture_view<const unorm_2, 1> read_view(narrow);
  writeonly_texture_view<unorm_2, 1> write_view(narrow);
  std::cout << "texture views: " << tv.bits_per_scalar_element << " " << tv.data_length << " " << tv.mipmap_levels
            << ", " << read_view.bits_per_scalar_element << " " << read_view.data_length << ", "
            << write_view.bits_per_scalar_element << " " << write_view.data_length << " " << write_view.mipmap_levels
            << ", views " << (tv.accelerator_view == v) << (read_view.accelerator_view == v)
            << (write_view.accelerator_view == v) << " getters "
            << (write_view.data_length == write_view.get_data_length())
            << (read_view.bits_per_scalar_element == read_view.get_bits_per_scalar_element()) << "\n";
  // CHECK-NEXT: texture views: 32 128 1, 8 32, 8 32 1, views 111 getters 11
  array_view<const int, 1> also_on_array(a);
  std::cout << "properties compared: " << (on_array.source_accelerator_view == also_on_array.source_accelerator_view)
            << (on_host.source_accelerator_view != on_array.source_accelerator_view)
            << (tv.accelerator_view == on_array.source_accelerator_view) << (t.accelerator_view == tv.accelerator_view)
            << (read_view.accelerator_view == write_view.accelerator_view) << "\n";
  // CHECK-NEXT: properties compared: 11111

  sampler s(filter_point, address_border, float_4(0.25f, 0.5f, 0.75f, 1.0f));
  std::cout << "sampler: " << (s.filter_mode == filter_point) << (s.address_mode == address_border) << " "
            << s.border_color.z << " getters " << (s.filter_mode == s.get_filter_mode())
            << (s.border_color.w == s.get_border_color().w) << "\n";
  // CHECK-NEXT: sampler: 11 0.75 getters 11
  std::vector<float> out(3);
  array_view<float, 1> o(3, out);
  parallel_for_each(v, o.extent, [=](index<1> i) restrict(amp) {
    o[i] = i[0] == 0 ? s.border_color.y : i[0] == 1 ? float(s.filter_mode == filter_point) : float(s.address_mode);
  });
  o.synchronize();
  std::cout << "sampler in a kernel: " << out[0] << " " << out[1] << " " << out[2] << "\n";
  // CHECK-NEXT: sampler in a kernel: 0.5 1 4
}
