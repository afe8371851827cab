// A restriction specifier before a trailing return type: restrict(cpu) is what a function without a
// specifier is and compiles; any other is reported at the specifier (no attribute can stand there).
#include <amp.h>
#define CPU_EXPLICIT restrict(cpu)
auto cpu_written() restrict(cpu) -> int { return 1; }
auto cpu_through_macro() CPU_EXPLICIT -> int { return 2; }
auto amp_written() restrict(amp) -> int { return 3; } // expected-error {{ampcc does not support restrict(amp) before a trailing return type; write the return type in front of the function name}}
auto both() restrict(cpu, amp) -> int; // expected-error {{ampcc does not support restrict(cpu, amp) before a trailing return type}}
auto with_noexcept() restrict(cpu) noexcept -> int { return 4; }

void host() {
  cpu_written();
  cpu_through_macro();
  with_noexcept();
}
