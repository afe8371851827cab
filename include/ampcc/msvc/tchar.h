// <tchar.h> as MSVC's C runtime gives it without _UNICODE (narrow names), for a Visual Studio console project's
// stdafx.h; -fampcc-msvc puts this folder after the system headers (-idirafter). The names are <ampcc/msvc.h>'s.
#pragma once
#include <ampcc/msvc.h>
