// ampcc: the host side of MSVC's properties (`__declspec(property(get = g, put = s)) T name;`): the reference object
// through which the translated host source writes one (`v.xy = w` becomes `::ampcc::detail::put<Tag>((v)) = w`, Tag
// naming the getter and setter; docs/design/restriction-specifiers.md, "Properties"). A read is a call of the getter
// and needs nothing here. Writes behave as MSVC's: `=` calls the setter, a compound assignment, `++` and `--` read with
// the getter, compute in the value's type and write with the setter.
#ifndef AMPCC_PROPERTIES_H
#define AMPCC_PROPERTIES_H

#include <type_traits>
#include <utility>

namespace ampcc {
namespace detail {

template <class Tag, class O> class property_ref {
public:
  typedef typename std::decay<decltype(Tag::get(std::declval<O &>()))>::type value_type;

  explicit property_ref(O &o) : o_(o) {}
  property_ref(const property_ref &) = default;

  operator value_type() const { return Tag::get(o_); }
  template <class V> property_ref &operator=(V &&v) {
    Tag::set(o_, std::forward<V>(v));
    return *this;
  }
  property_ref &operator=(const property_ref &p) {
    Tag::set(o_, static_cast<value_type>(p));
    return *this;
  }
#define AMPCC_PROPERTY_COMPOUND(op)                                                                                    \
  template <class V> property_ref &operator op(V &&v) {                                                               \
    value_type x = Tag::get(o_);                                                                                       \
    x op std::forward<V>(v);                                                                                           \
    Tag::set(o_, x);                                                                                                   \
    return *this;                                                                                                      \
  }
  AMPCC_PROPERTY_COMPOUND(+=)
  AMPCC_PROPERTY_COMPOUND(-=)
  AMPCC_PROPERTY_COMPOUND(*=)
  AMPCC_PROPERTY_COMPOUND(/=)
  AMPCC_PROPERTY_COMPOUND(%=)
  AMPCC_PROPERTY_COMPOUND(&=)
  AMPCC_PROPERTY_COMPOUND(|=)
  AMPCC_PROPERTY_COMPOUND(^=)
  AMPCC_PROPERTY_COMPOUND(<<=)
  AMPCC_PROPERTY_COMPOUND(>>=)
#undef AMPCC_PROPERTY_COMPOUND
  property_ref &operator++() { return step(1); }
  property_ref &operator--() { return step(-1); }
  value_type operator++(int) {
    value_type old = Tag::get(o_);
    step(1);
    return old;
  }
  value_type operator--(int) {
    value_type old = Tag::get(o_);
    step(-1);
    return old;
  }

private:
  property_ref &step(int by) {
    value_type x = Tag::get(o_);
    if (by > 0)
      ++x;
    else
      --x;
    Tag::set(o_, x);
    return *this;
  }

  O &o_;
};

template <class Tag, class O> property_ref<Tag, O> put(O &o) { return property_ref<Tag, O>(o); }

} // namespace detail
} // namespace ampcc

#endif
