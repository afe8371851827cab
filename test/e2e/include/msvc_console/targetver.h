// targetver.h, as Visual Studio's templates write it (test/e2e/msvc_console_project.cpp).
#pragma once

#include <SDKDDKVer.h>
