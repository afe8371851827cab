// A header found through -I by both parts of the driver test program.
#pragma once
#include <amp.h>
void scale_all(concurrency::array_view<int, 1> v);
