// A variable of a class whose destructor is restrict(amp) only (written so, or implicit and inferred from a base
// or member) cannot be destroyed in cpu code: an error at the variable (MSVC's C3930).
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>

struct AmpOnlyDtor {
  int i;
  ~AmpOnlyDtor() restrict(amp) {} // expected-note 2 {{'~AmpOnlyDtor' is declared restrict(amp) here}}
};
struct Derived : AmpOnlyDtor {}; // expected-note {{'~Derived' is declared restrict(amp) here}}
struct Holder { // expected-note {{'~Holder' is declared restrict(amp) here}}
  AmpOnlyDtor member;
};
struct BothDtor {
  int i;
  ~BothDtor() restrict(cpu, amp) {}
};

void cpu_code() {
  AmpOnlyDtor a; // expected-error {{a variable of 'AmpOnlyDtor' cannot be destroyed in restrict(cpu) code: its destructor is restrict(amp) only}}
  Derived d; // expected-error {{a variable of 'Derived' cannot be destroyed in restrict(cpu) code: its destructor is restrict(amp) only}}
  Holder h; // expected-error {{a variable of 'Holder' cannot be destroyed in restrict(cpu) code: its destructor is restrict(amp) only}}
  AmpOnlyDtor pair[2]; // expected-error {{a variable of 'AmpOnlyDtor' cannot be destroyed in restrict(cpu) code: its destructor is restrict(amp) only}}
  BothDtor fine;
  static_cast<void>(fine);
}

void amp_code() restrict(amp) {
  AmpOnlyDtor a;
  Derived d;
  Holder h;
}
