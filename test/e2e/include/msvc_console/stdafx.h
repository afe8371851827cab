// stdafx.h : include file for standard system include files, as Visual Studio 2012's console application template
// writes it (test/e2e/msvc_console_project.cpp).
#pragma once

#include "targetver.h"

#include <stdio.h>
#include <tchar.h>
#include <crtdbg.h>
#include <conio.h>
