// A restriction specifier's list holds 'cpu' and 'amp' separated by commas. Each malformed entry of a list (a
// missing specifier before a comma or the closing parenthesis, an unknown word, two words without a comma) is its
// own error, at that entry; the compile goes on past it, and a function keeps the specifiers of its list that are
// valid, so that its uses are judged with them and report nothing more.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>

int both_missing() restrict(,) { return 1; }
// expected-error@-1 {{missing restriction specifier before ','}}
// expected-error@-2 {{missing restriction specifier before ')'}}

int trailing_comma() restrict(amp,) { return 2; } // expected-error {{missing restriction specifier before ')'}}
int leading_comma() restrict(,amp) { return 3; }  // expected-error {{missing restriction specifier before ','}}
int doubled_comma() restrict(cpu,,amp) { return 4; } // expected-error {{missing restriction specifier before ','}}
int no_comma() restrict(cpu amp) { return 5; } // expected-error {{expected ',' between restriction specifiers, before 'amp'}}
int no_comma_unknown() restrict(amp zz) { return 5; } // expected-error {{'zz' is not a restriction specifier}}

int unknown_on_lines() restrict(
    amp,
    gpu,    // expected-error {{'gpu' is not a restriction specifier (C++ AMP has 'cpu' and 'amp')}}
    direct3d // expected-error {{'direct3d' is not a restriction specifier (C++ AMP has 'cpu' and 'amp')}}
) {
  return 6;
}

int only_unknown() restrict(gpu) { return 7; } // expected-error {{'gpu' is not a restriction specifier}}

auto in_a_lambda = []() restrict(amp, ) { return 8; }; // expected-error {{missing restriction specifier before ')'}}

// A list that a macro spells is reported at the specifier; one in a macro's definition where it is written there.
#define AMP_LIST amp, gpu
int from_a_macro() restrict(AMP_LIST) { return 9; } // expected-error {{'gpu' is not a restriction specifier}}
#define AMP_FUNCTION(name) int name() restrict(amp, dx) { return 10; } // expected-error 2 {{'dx' is not a restriction specifier}}
AMP_FUNCTION(first)
AMP_FUNCTION(second)

// The functions above keep their valid specifiers: amp code may call the amp ones without another error.
void amp_code() restrict(amp) {
  trailing_comma();
  leading_comma();
  doubled_comma();
  no_comma();
  unknown_on_lines();
  no_comma_unknown();
  from_a_macro();
  first();
}

// Errors after the malformed lists are still found.
int after() restrict(amp) { return undeclared; } // expected-error {{use of undeclared identifier 'undeclared'}}
