// A restrict(amp) type error inside an instantiated template also names where the template was instantiated
// (a call, an explicit instantiation), as Clang does for its own errors and MSVC reports it.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
struct holds_char {
  char c;
  int i;
};

template <typename T> void by_pointer(T *p) restrict(amp) {} // expected-error {{type 'holds_char' is not supported in restrict(amp) code: its data includes 'c' of type 'char'}}
template <int N> void by_value(holds_char h) restrict(amp) {} // expected-error {{type 'holds_char' is not supported in restrict(amp) code: its data includes 'c' of type 'char'}}

template void by_value<3>(holds_char h) restrict(amp); // expected-note {{in instantiation of function template specialization 'by_value<3>' requested here}}

void caller() restrict(amp) {
  by_pointer<holds_char>(nullptr); // expected-note {{in instantiation of function template specialization 'by_pointer<holds_char>' requested here}}
}

// A specialization that overload resolution deduced but did not choose is no code of the program: a cpu caller
// chose the cpu template, so the amp one's deduced `pick<char>(char)` is not checked.
template <typename T> T pick(T) restrict(cpu);
template <typename T> int pick(T) restrict(amp);
void cpu_picks() { static_cast<void>(sizeof(pick('x'))); }
