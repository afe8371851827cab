// <crtdbg.h>: MSVC's debug-build assertions, _ASSERT and _ASSERTE, from <ampcc/msvc.h> (-fampcc-msvc).
#pragma once
#include <ampcc/msvc.h>
