// What the fake cuBLAS (FakeCuBlas.cpp) records, for the tests that load it through AMPCC_LIBCUBLAS.
#ifndef AMPCC_TEST_RUNTIME_FAKE_CUBLAS_H
#define AMPCC_TEST_RUNTIME_FAKE_CUBLAS_H

extern "C" {
// How many times the entry point Call was made.
int fake_cublas_calls(const char *Call);
// The next call of the entry point Call returns Status instead of doing its work.
void fake_cublas_fail_next(const char *Call, int Status);
// The stream and pointer mode of the handle when Call was last made.
void *fake_cublas_stream(const char *Call);
int fake_cublas_pointer_mode(const char *Call);
// Handles made and not yet destroyed.
int fake_cublas_live_handles();
}

#endif
