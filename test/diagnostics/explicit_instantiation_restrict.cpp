// An explicit instantiation must repeat its template's restriction specifier; one that differs names no
// template, and the note says why in C++ AMP's words.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
template <typename T> T twice(T v) restrict(amp) { return v * 2; } // expected-note 3 {{candidate template ignored: restriction specifiers do not match}}

template long twice<long>(long); // expected-error {{explicit instantiation of 'twice' does not refer to a function template}}
template int twice<int>(int) restrict(cpu, amp); // expected-error {{explicit instantiation of 'twice' does not refer to a function template}}
// A list that is not one gives no restriction, so the instantiation matches no template either.
template unsigned twice<unsigned>(unsigned) restrict(gpu); // expected-error {{'gpu' is not a restriction specifier}} expected-error {{explicit instantiation of 'twice' does not refer to a function template}}
template float twice<float>(float) restrict(amp);
