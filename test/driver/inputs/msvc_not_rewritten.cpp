// What -fampcc-msvc leaves as Clang refused it (test/driver/msvc_not_rewritten.sh): a name no dependent base
// declares, and partial specializations on an `unsigned` parameter that their body uses.
template <typename T> struct base {
  typedef T value_type;
};
template <typename T> struct derived : base<T> {
  not_in_any_base missing() const; // line 7
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
static_assert(rank_of<view<const int, 2>>::value == 102, "the second is more specialized"); // line 21

int main() { return derived<int>().kept(); }
