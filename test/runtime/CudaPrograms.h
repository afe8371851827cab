// The test kernels' PTX as the fake CUDA driver reads it (parameter lists only), registered as ampcc registers
// what --offload-arch=sm_90 embeds, for CudaBackendTest and its client.
#ifndef AMPCC_TEST_RUNTIME_CUDA_PROGRAMS_H
#define AMPCC_TEST_RUNTIME_CUDA_PROGRAMS_H

#include "TestKernels.h"

namespace ampcc_test {

inline const char fake_ptx[] = R"(.version 7.8
.target sm_90, texmode_independent
.address_size 64
.entry add_one(
	.param .align 4 .b8 add_one_param_0[12],
	.param .u64 .ptr .global .align 4 add_one_param_1,
	.param .align 4 .b8 add_one_param_2[28]
)
{ ret; }
.entry fill(
	.param .align 4 .b8 fill_param_0[12],
	.param .u64 .ptr .global .align 4 fill_param_1,
	.param .align 4 .b8 fill_param_2[28],
	.param .u32 fill_param_3
)
{ ret; }
.entry local_ids(
	.param .align 4 .b8 local_ids_param_0[12],
	.param .u64 .ptr .global .align 4 local_ids_param_1,
	.param .align 4 .b8 local_ids_param_2[28]
)
{ ret; }
)";

inline const ampcc::rt::device_code fake_codes[] = {
    {"ptx", "sm_90", reinterpret_cast<const unsigned char *>(fake_ptx), sizeof fake_ptx}};

} // namespace ampcc_test

#endif
