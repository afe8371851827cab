// The restrict(amp) rules on statements and expressions (Analysis/AmpStatementRules.h): each error at the
// statement or expression at fault, in every amp function whether or not a kernel calls it, and none for what is
// not evaluated on the device.
// RUN: %ampcc -ferror-limit=0 -fsyntax-only -Xclang -verify %s
#include <amp.h>
#include <typeinfo>
using namespace concurrency;

int counter = 0;
const int limit = 8;
constexpr float scale = 0.5f;

struct Base {
  virtual ~Base() {}
};
struct Derived : Base {};

struct Holder {
  static int shared;
  static const int size = 4;
  int value;
};

int twice(int x) restrict(amp) { return 2 * x; }

int statements(int x) restrict(amp) {
  try { // expected-error {{try/catch is not supported in restrict(amp) code}}
    x += 1;
  } catch (int) {
  }
  if (x < 0)
    goto done; // expected-error {{goto is not supported in restrict(amp) code}}
done: // expected-error {{a labeled statement is not supported in restrict(amp) code}}
  return x;
}

int expressions(Base *b, int *p) restrict(cpu, amp) {
  if (!p)
    throw 1; // expected-error {{throw is not supported in restrict(amp) code}}
  int *q = new int(2); // expected-error {{new is not supported in restrict(amp) code}}
  delete p;            // expected-error {{delete is not supported in restrict(amp) code}}
  (void)typeid(Base); // expected-error {{typeid is not supported in restrict(amp) code}}
  return dynamic_cast<Derived *>(b) ? *q : 0; // expected-error {{dynamic_cast is not supported in restrict(amp) code}}
}

int storage(Holder h) restrict(amp) {
  static int calls = 0;     // expected-error {{static variables are not allowed in restrict(amp) code}}
  thread_local int own = 0; // expected-error {{static variables are not allowed in restrict(amp) code}}
  extern int elsewhere;     // expected-error {{static variables are not allowed in restrict(amp) code}}
  int sum = calls + own + elsewhere;
  sum += counter;      // expected-error {{restrict(amp) code cannot use the global variable 'counter'}}
  sum += Holder::shared; // expected-error {{restrict(amp) code cannot use the static variable 'shared'}}
  sum += h.shared;     // expected-error {{restrict(amp) code cannot use the static member 'shared'}}
  // Constants are their values: no storage is used.
  sum += limit + Holder::size + h.size + static_cast<int>(scale);
  // What is not evaluated uses nothing.
  sum += sizeof(counter) + sizeof(&twice) + noexcept(twice(counter));
  decltype(counter) copy = sum;
  static_assert(sizeof(decltype(&twice)) == sizeof(void *), "a pointer");
  return copy;
}

int functions(int x) restrict(amp) {
  auto &ref = twice; // expected-error 2 {{function pointers are not allowed in restrict(amp) code}}
  return ref(x) + twice(x); // expected-error {{a call through a function pointer is not supported in restrict(amp) code}}
}

// A lambda without a specifier inside amp code is amp code.
void inferred(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    auto fail = [](int x) {
      if (x < 0)
        throw x; // expected-error {{throw is not supported in restrict(amp) code}}
      return x;
    };
    v[i] = fail(v[i]);
  });
}

// A cpu-only lambda has no amp call operator: Sema calls it through its conversion to a function pointer.
void cpuLambdaInAmpCode(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    auto host = [](int x) restrict(cpu) { return x; };
    v[i] = host(1); // expected-error {{a call through a function pointer is not supported in restrict(amp) code}}
  });
}

struct Shape {
  virtual int area() const restrict(amp); // expected-error {{virtual functions cannot be restrict(amp)}}
  int sides() const restrict(amp) {
    return area() + 1; // expected-error {{virtual call to 'area' in restrict(amp) code}}
  }
};
int Shape::area() const restrict(amp) { return 0; } // reported once, where `virtual` is written
