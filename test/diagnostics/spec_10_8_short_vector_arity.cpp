// C++ AMP v1.2 §10.9: short_vector<T, N>::type exists only for the scalar types of the short vectors (int, unsigned
// int, float, double, norm, unorm) and N from 1 to 4; any other pair names no type.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>
#include <amp_short_vectors.h>
using namespace concurrency::graphics;

short_vector<float, 4>::type ok4;
short_vector<int, 1>::type ok1 = 0;
short_vector<float, 5>::type five;  // expected-error {{no type named 'type'}}
short_vector<char, 2>::type chars;  // expected-error {{no type named 'type'}}
short_vector<long long, 2>::type l; // expected-error {{no type named 'type'}}
