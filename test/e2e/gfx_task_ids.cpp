// The names of Intel's <gfx/gfx_rt.h> that code written for it declares with: GfxTaskId, the type _GFX_offload
// returns and _GFX_wait takes (Intel's samples and TBB's gfx factory keep task ids in it), _GFX_enqueue (the
// offload by kernel name that _GFX_offload replaced) and GFX_TASKID_NOT_FOUND.
// RUN: %ampcc -O2 %s -o %t && %t | FileCheck --match-full-lines %s
#include <gfx/gfx_rt.h>

#include <cstdio>
#include <type_traits>

__declspec(target(gfx_kernel)) void scale(float *data, int n, float by) {
  _Cilk_for _Thread_group (int g = 0; g < n / 16; g++)
    _Cilk_for (int i = 0; i < 16; i++)
      data[g * 16 + i] *= by;
}

// As TBB's gfx factory declares its task ids.
typedef GfxTaskId task_id_type;
static_assert(sizeof(GfxTaskId) == 8, "Intel's task ids are 64-bit integers");
static_assert(std::is_same_v<decltype(_GFX_offload(scale, (float *)nullptr, 0, 1.0f)), GfxTaskId>,
              "_GFX_offload returns a GfxTaskId");

int main() {
  static float data[64];
  for (int i = 0; i < 64; ++i)
    data[i] = i;
  _GFX_share(data, sizeof data);
  task_id_type first = _GFX_offload(scale, data, 64, 2.0f);
  GfxTaskId second = _GFX_enqueue("scale", data, 64, 3.0f);
  std::printf("ids: %s\n", first > 0 && second > first ? "increasing" : "wrong");
  int waited = _GFX_wait(second);
  std::printf("wait: %d, data[5] %g\n", waited, data[5]);
  GfxTaskId unknown = second + 100;
  _GFX_wait(unknown);
  std::printf("unknown task: %s\n", _GFX_get_last_error() == GFX_TASKID_NOT_FOUND ? "GFX_TASKID_NOT_FOUND" : "?");
  _GFX_unshare(data);
  return 0;
}

// CHECK: ids: increasing
// CHECK-NEXT: wait: 1, data[5] 30
// CHECK-NEXT: unknown task: GFX_TASKID_NOT_FOUND
