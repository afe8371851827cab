// <SDKDDKVer.h>: the Windows SDK's version macros, which a Visual Studio project's targetver.h includes to pick the
// Windows version it targets. Nothing of Windows is here (-fampcc-msvc), so it defines nothing: code that tests
// _WIN32_WINNT still takes its non-Windows branches.
#pragma once
