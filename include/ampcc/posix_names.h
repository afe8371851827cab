// Keeps glibc's legacy index()/rindex() out of the global namespace so that C++ AMP's `index` works
// after `using namespace concurrency;` as it does with Microsoft's headers. ampcc force-includes this
// first in every translation unit, before any system header can declare them.
#ifndef AMPCC_POSIX_NAMES_H
#define AMPCC_POSIX_NAMES_H
#if defined(__linux__) && !defined(_STRINGS_H)
#include <features.h>
#ifdef __USE_MISC
#undef __USE_MISC
#include <strings.h>
#define __USE_MISC 1
#endif
#endif
#endif
