// Built and run on the GPU machine (no ampcc needed): gcc -o probe test/gpu/byvalue_alias_probe.c -lOpenCL && ./probe
// A correct OpenCL C compiler prints "ok" on every line; NVIDIA driver 580.159.04 printed WRONG for as_generated
// and from_global without -cl-opt-disable (docs/gpu-runs.md, 2026-11-24).
// Does NVIDIA's OpenCL C compiler keep a by-value struct argument apart from the object a pointer argument
// of the same call points to? Each kernel computes w = (2,1,3); set_zyx(&w, w): expected (3,1,2).
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
static const char *src =
"typedef struct { float x, y, z; } s3;\n"
"void set_zyx(s3 *this_, s3 v) { this_->z = v.x; this_->y = v.y; this_->x = v.z; }\n"
"void set_zyx_copy(s3 *this_, s3 v_) { s3 v = v_; this_->z = v.x; this_->y = v.y; this_->x = v.z; }\n"
"__attribute__((noinline)) void set_zyx_ni(s3 *this_, s3 v) { this_->z = v.x; this_->y = v.y; this_->x = v.z; }\n"
"__kernel void noinline(__global float *o) { s3 w = {o[3], o[4], o[5]}; set_zyx_ni(&w, w); o[0] = w.x; o[1] = w.y; o[2] = w.z; }\n"
"__kernel void as_generated(__global float *o) { s3 w = {2, 1, 3}; set_zyx(&w, w); o[0] = w.x; o[1] = w.y; o[2] = w.z; }\n"
"__kernel void caller_temp(__global float *o) { s3 w = {2, 1, 3}; s3 t = w; set_zyx(&w, t); o[0] = w.x; o[1] = w.y; o[2] = w.z; }\n"
"__kernel void callee_copy(__global float *o) { s3 w = {2, 1, 3}; set_zyx_copy(&w, w); o[0] = w.x; o[1] = w.y; o[2] = w.z; }\n"
"__kernel void from_global(__global float *o) { s3 w = {o[3], o[4], o[5]}; set_zyx(&w, w); o[0] = w.x; o[1] = w.y; o[2] = w.z; }\n"
"__kernel void from_global_temp(__global float *o) { s3 w = {o[3], o[4], o[5]}; s3 t = w; set_zyx(&w, t); o[0] = w.x; o[1] = w.y; o[2] = w.z; }\n";
int main(void) {
  cl_platform_id ps[4]; cl_uint np; clGetPlatformIDs(4, ps, &np);
  for (cl_uint p = 0; p < np; ++p) {
    cl_device_id d; if (clGetDeviceIDs(ps[p], CL_DEVICE_TYPE_ALL, 1, &d, NULL) != CL_SUCCESS) continue;
    char name[256]; clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof name, name, NULL);
    cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, NULL);
    cl_command_queue q = clCreateCommandQueue(c, d, 0, NULL);
    const char *opts[] = {"-cl-std=CL1.2", "-cl-std=CL1.2 -cl-opt-disable"};
    for (int oi = 0; oi < 2; ++oi) {
      cl_program pr = clCreateProgramWithSource(c, 1, &src, NULL, NULL);
      if (clBuildProgram(pr, 1, &d, opts[oi], NULL, NULL) != CL_SUCCESS) { printf("%s: build failed\n", name); continue; }
      const char *ks[] = {"as_generated", "caller_temp", "callee_copy", "from_global", "from_global_temp", "noinline"};
      for (int k = 0; k < 6; ++k) {
        float h[6] = {0, 0, 0, 2, 1, 3};
        cl_mem b = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof h, h, NULL);
        cl_kernel kk = clCreateKernel(pr, ks[k], NULL);
        clSetKernelArg(kk, 0, sizeof b, &b);
        size_t g = 1; clEnqueueNDRangeKernel(q, kk, 1, NULL, &g, NULL, 0, NULL, NULL);
        clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof h, h, 0, NULL, NULL);
        printf("%s [%s] %s: %g %g %g %s\n", name, opts[oi], ks[k], h[0], h[1], h[2], (h[0] == 3 && h[1] == 1 && h[2] == 2) ? "ok" : "WRONG");
        clReleaseKernel(kk); clReleaseMemObject(b);
      }
      clReleaseProgram(pr);
    }
  }
  return 0;
}
