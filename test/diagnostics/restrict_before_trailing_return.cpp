// A restriction specifier before a trailing return type: the front end moves it in front of the declaration's
// `auto` when both are on one line (test/e2e/restrict_before_trailing_return.cpp runs those). Split over lines,
// restrict(cpu) is what a function without a specifier is and compiles; any other is reported at the specifier.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
#define CPU_EXPLICIT restrict(cpu)
auto cpu_written() restrict(cpu) -> int { return 1; } // expected-note {{candidate function not viable: call to restrict(cpu) function from restrict(amp) function}}
auto cpu_through_macro() CPU_EXPLICIT -> int { return 2; }
auto amp_written() restrict(amp) -> int { return 3; } // expected-note {{candidate function not viable: call to restrict(amp) function from restrict(cpu) function}}
auto both() restrict(cpu, amp) -> int;
auto with_noexcept() restrict(cpu) noexcept -> int { return 4; }
auto cpu_split()
    restrict(cpu) -> int { return 5; }
auto amp_split()
    restrict(amp) -> int { return 6; } // expected-error {{ampcc supports restrict(amp) before a trailing return type only on the line of the declaration's 'auto'; join the lines or write the return type in front of the function name}}

int amp_caller() restrict(amp) { return amp_written() + both(); }
int amp_calls_cpu() restrict(amp) { return cpu_written(); } // expected-error {{no matching function for call to 'cpu_written'}}

void host() {
  cpu_written();
  cpu_through_macro();
  with_noexcept();
  cpu_split();
  amp_written(); // expected-error {{no matching function for call to 'amp_written'}}
}
