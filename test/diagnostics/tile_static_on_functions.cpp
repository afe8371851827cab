// tile_static is a storage class for variables of tiled amp code; on a function it is an error.
// RUN: %ampcc -fsyntax-only -Xclang -verify %s
#include <amp.h>

tile_static void tile_static_function(int x) restrict(amp) {} // expected-error {{tile_static applies only to variables, not to function 'tile_static_function'}}

int main() {}
