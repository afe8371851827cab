// MSVC's std::exception takes a message (exception(const char *), exception(const char *, int)); libstdc++'s takes
// none. Code written for Visual Studio that constructs one from a string gets, at the construction, an error that
// names the portable spelling instead of Sema's list of libstdc++'s constructors.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <exception>
#include <string>

struct parse_error : std::exception {
  parse_error() : std::exception("cannot parse") {} // expected-error {{std::exception has no constructor taking a string in libstdc++ (MSVC's library has one); derive from std::runtime_error and give it the string}}
};

void thrown(const std::string &s) {
  throw std::exception("text"); // expected-error {{std::exception has no constructor taking a string in libstdc++ (MSVC's library has one); use std::runtime_error("text")}}
}
void declared(const std::string &s) {
  std::exception coded("code", 1); // expected-error {{std::exception has no constructor taking a string in libstdc++ (MSVC's library has one); use std::runtime_error("text")}}
  std::exception braced{"braced"}; // expected-error {{std::exception has no constructor taking a string in libstdc++ (MSVC's library has one); use std::runtime_error("text")}}
  throw std::exception(s.c_str()); // expected-error {{std::exception has no constructor taking a string in libstdc++ (MSVC's library has one); use std::runtime_error("text")}}
}

// Not from a string: MSVC refused these too, in Sema's words.
void not_a_string(const std::string &s) {
  std::exception e = std::exception(42); // expected-error {{no matching conversion for functional-style cast from 'int' to 'std::exception'}}
  std::exception f(s); // expected-error {{no matching constructor for initialization of 'std::exception'}}
}
// expected-note@* 6 {{candidate constructor}}
