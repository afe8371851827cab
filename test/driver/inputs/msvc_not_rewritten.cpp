// What -fampcc-msvc leaves as Clang refused it (test/driver/msvc_not_rewritten.sh): a name no dependent base
// declares, partial specializations on an `unsigned` parameter that their body uses, and names used before their
// declaration outside a template (MSVC refused those too) or never declared in the template's namespace, and a
// temporary that is no class object passed for a non-const reference.
template <typename T> struct base {
  typedef T value_type;
};
template <typename T> struct derived : base<T> {
  not_in_any_base missing() const; // line 9
  value_type kept() const { return value_type(); }
};

template <typename T, int Rank> struct view {};
template <typename T> struct rank_of {
  static const unsigned value = 0;
};
template <typename T, unsigned R> struct rank_of<view<T, R>> {
  static const unsigned value = R;
};
template <typename T, unsigned R> struct rank_of<view<const T, R>> {
  static const unsigned value = R + 100;
};
static_assert(rank_of<view<const int, 2>>::value == 102, "the second is more specialized"); // line 23

struct not_a_template {
  static const int size = later_constant; // line 26
};
namespace inner {
template <typename T> struct user {
  static const int size = declared_elsewhere; // line 30
};
} // namespace inner
static const int later_constant = 4;
namespace other {
static const int declared_elsewhere = 4;
}

void takes_int(int &v) { v = 1; }
int main() {
  takes_int(3); // line 40
  return derived<int>().kept() + not_a_template::size;
}
