// ampcc's port of Microsoft's C++ AMP BLAS needs no shim: under -fampcc-msvc ampcc gives <windows.h>'s DWORD,
// GetCurrentThreadId and QueryPerformanceCounter (include/ampcc/msvc/windows.h), and its <amp.h> includes it, as
// MSVC's did. This file is here because the suite's run script (../shared/real-code/ports/ampblas.run.sh) copies
// shim/*.h into the library's include path.
#pragma once
