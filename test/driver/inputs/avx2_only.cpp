// Compiles only when -march reaches the translator as it reaches the host compiler.
#ifndef __AVX2__
#error "__AVX2__ is not defined"
#endif
int main() { return 0; }
