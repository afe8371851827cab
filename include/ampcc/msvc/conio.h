// <conio.h>: MSVC's console input, as samples use it to wait for a key before they end (-fampcc-msvc). Here a key is
// a character read from standard input, and the end of the input (a run without a terminal) does not wait.
#pragma once
#include <stdio.h>
static inline int _getch(void) { return getchar(); }
static inline int _getche(void) { return getchar(); }
#define getch _getch
