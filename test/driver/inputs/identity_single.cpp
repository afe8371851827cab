// test/driver/kernel_identity.sh: both translation units' code as one, kept with -save-temps and rebuilt from the
// kept files by scripts/build-translated.sh, as on a machine without Clang.
#include "identity_b.cpp"
#include "identity_a.cpp"
