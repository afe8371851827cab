// An implicit special member whose bases and members leave no restriction in common (one member constructs
// only on the cpu side, another only on the amp side) cannot be used anywhere; the error says why, with Sema's
// words reworded to restrictions.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
struct Both {
  Both() restrict(cpu) {}
  Both() restrict(amp) {}
};
struct CpuOnly {
  CpuOnly() restrict(cpu) {}
};
struct AmpOnly {
  AmpOnly() restrict(amp) {}
};
struct Mixed : Both { // expected-note {{candidate constructor (the implicit default constructor) not viable: call to invalid function from restrict(cpu) function}} expected-note {{implicit default constructor inferred target collision: call to both restrict(amp) and restrict(cpu) members}} expected-note 2 {{candidate constructor}}
  CpuOnly c;
  AmpOnly a;
};
// Where one side is left, the member has it: Both and CpuOnly construct on the cpu side only.
struct CpuSide : Both {
  CpuOnly c;
};

void f() {
  Mixed m; // expected-error {{no matching constructor for initialization of 'Mixed'}}
  CpuSide s;
}
