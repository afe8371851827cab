// How a launch's compute domain maps onto the three dimensions of an NDRange or a CUDA grid (LaunchGrid.h).
#include "LaunchGrid.h"

#include <algorithm>

namespace ampcc::rt {
namespace {

std::size_t groupsOf(std::size_t Global, std::size_t Local) { return Local ? Global / Local : 0; }

bool exceeds(std::size_t Value, std::size_t Limit) { return Limit && Value > Limit; }

std::size_t roundUp(std::size_t N, std::size_t To) { return (N + To - 1) / To * To; }

} // namespace

std::string chooseGrid(const int *Extent, unsigned NdRank, const unsigned *Tile, const GridLimits &Limits,
                       std::size_t Global[3], std::size_t Local[3]) {
  for (int D = 0; D < 3; ++D)
    Global[D] = Local[D] = 1;
  if (Tile) {
    for (unsigned D = 0; D < NdRank; ++D) {
      Global[NdRank - 1 - D] = static_cast<std::size_t>(Extent[D]);
      Local[NdRank - 1 - D] = Tile[D];
    }
  } else {
    // Work-groups of a shape that suits the rank, halved where the kernel allows fewer threads.
    static const std::size_t Shapes[3][3] = {{256, 1, 1}, {16, 16, 1}, {8, 8, 4}};
    for (unsigned D = 0; D < NdRank; ++D)
      Local[NdRank - 1 - D] = std::min(Shapes[NdRank - 1][NdRank - 1 - D], static_cast<std::size_t>(Extent[D]));
    auto threads = [&] { return Local[0] * Local[1] * Local[2]; };
    while (exceeds(threads(), Limits.GroupSize)) {
      std::size_t *Big = std::max_element(Local, Local + 3);
      *Big /= 2;
    }
    // A dimension with more work-groups than the device launches (an NVIDIA GPU's 65535 in the second and third,
    // which the leading dimensions of a rank above 3 fold into) takes more threads per work-group, from the other
    // dimensions where the work-group is full.
    for (int D = 2; D >= 0; --D) {
      std::size_t E = D < static_cast<int>(NdRank) ? static_cast<std::size_t>(Extent[NdRank - 1 - D]) : 1;
      while (exceeds(groupsOf(roundUp(E, Local[D]), Local[D]), Limits.Groups[D]) &&
             !exceeds(Local[D] * 2, Limits.Local[D])) {
        if (!exceeds(threads() * 2, Limits.GroupSize)) {
          Local[D] *= 2;
          continue;
        }
        std::size_t *Other = nullptr;
        for (int O = 0; O < 3; ++O)
          if (O != D && Local[O] > 1 && (!Other || Local[O] > *Other))
            Other = &Local[O];
        if (!Other)
          break;
        *Other /= 2;
      }
    }
    for (unsigned D = 0; D < NdRank; ++D) {
      std::size_t L = Local[NdRank - 1 - D];
      Global[NdRank - 1 - D] = roundUp(static_cast<std::size_t>(Extent[D]), L);
    }
  }
  for (int D = 0; D < 3; ++D)
    if (exceeds(groupsOf(Global[D], Local[D]), Limits.Groups[D]))
      return "needs " + std::to_string(groupsOf(Global[D], Local[D])) + " work-groups of " +
             std::to_string(Local[D]) + " threads along the launch's dimension " + "xyz"[D] +
             ", more than the device launches (" + std::to_string(Limits.Groups[D]) + ")";
  return "";
}

} // namespace ampcc::rt
