// C++ AMP's data containers for ampcc: array_view, array, copy and copy_async, and the helpers their members
// share. Included by <amp.h>, after ampcc/amp_accelerators.h (the devices they live on). One header a concept:
//   ampcc/amp_container_support.h  shapes, host-side checks, element-wise reads, writes and copies
//   ampcc/amp_array_view.h         array_view
//   ampcc/amp_array.h              array (and array_view's constructors from one)
//   ampcc/amp_copy.h               copy, copy_async, the copy_to members
#ifndef AMPCC_AMP_CONTAINERS_H
#define AMPCC_AMP_CONTAINERS_H

#include <ampcc/amp_container_support.h>
#include <ampcc/amp_array_view.h>
#include <ampcc/amp_array.h>
#include <ampcc/amp_copy.h>

#endif // AMPCC_AMP_CONTAINERS_H
