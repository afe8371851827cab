// How a launch's compute domain maps onto the three dimensions of OpenCL's NDRange and CUDA's grid, within what the
// device launches: work-group sizes per dimension and, on NVIDIA GPUs, at most 65535 work-groups in the second and
// third dimensions (CUDA's grid; NVIDIA's OpenCL launches through it too).
#ifndef AMPCC_RUNTIME_LAUNCHGRID_H
#define AMPCC_RUNTIME_LAUNCHGRID_H

#include <cstddef>
#include <string>

namespace ampcc::rt {

// A device's limits; 0 where none is known.
struct GridLimits {
  std::size_t GroupSize = 0;   // threads in a work-group (the kernel's own limit, at most the device's)
  std::size_t Local[3] = {};   // threads of a work-group per dimension (CL_DEVICE_MAX_WORK_ITEM_SIZES)
  std::size_t Groups[3] = {};  // work-groups per dimension of one launch
};

// Global and local sizes, in OpenCL's order (dimension 0 is the fastest: the last C++ AMP dimension), of a launch
// over Extent (NdRank <= 3 dimensions, C++ AMP's order). Tile: the tiled kernel's tile, or null (the runtime picks
// the work-groups, and the kernel skips the threads past the extent). Returns "" when the launch fits the limits,
// else what does not fit, for an invalid_compute_domain.
std::string chooseGrid(const int *Extent, unsigned NdRank, const unsigned *Tile, const GridLimits &Limits,
                       std::size_t Global[3], std::size_t Local[3]);

} // namespace ampcc::rt

#endif
