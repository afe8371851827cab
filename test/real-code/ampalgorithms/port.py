#!/usr/bin/env python3
# ampcc's port of Microsoft's C++ AMP Algorithms Library (../shared/real-code/ampalgorithms), for
# scripts/real-code.sh, which builds it with -fampcc-msvc: MSVC's C++ dialect is ampcc's to read, so the port keeps
# only what no compiler outside Windows can take. It runs in a copy of the library and applies port.patch:
#   P1 test/stdafx.h: the Direct3D headers (only the left-out Direct3D test uses them), MSVC's warning pragmas;
#      <iomanip>, which MSVC's <iostream> includes and libstdc++'s does not.
#   P2 `#if _MSC_VER < 1800` picks Visual Studio 2012's path into MSVC's private runtime
#      (concurrency::details::_Parallel_for_each); outside MSVC, _MSC_VER is not defined.
#   P7 test/testtools.h: the test data from rand() is kept below 32768, MSVC's RAND_MAX. glibc's rand() goes up
#      to 2^31 - 1, and float sums of such values round differently in a parallel scan than in the sequential
#      one the tests compare with exactly; below 32768 they are exact, as they were on Windows.
#   P8 test/testtools.h: what the test harness assumes of MSVC's standard library: array iterators that are
#      classes (`InIt::value_type`; libstdc++'s are pointers), std::vector<const T>.
#   P10 test/test_amp_algorithms_radix_sort.cpp: three tests free a view's data source before the view. radix_sort
#      swaps its two views once per key and once more (17 times for 32-bit keys), so the test's input view ends up
#      viewing the output vector, which is declared after it and destroyed first; the view's destruction then
#      takes the device's data back into freed memory (C++ AMP's implicit synchronization of the last view; MSVC
#      did the same, and Windows' heap hid it; here glibc aborts: a 64-byte vector is a fastbin chunk). The output
#      vector is declared before the input view. Undefined behaviour in the test, not a Windows-only construct; found
#      with -fsanitize=address (heap-use-after-free: the read-back writes 64 bytes into the freed vector).
# P1 and P2 are numbered as in ../shared/real-code/ports/ampalgorithms/port.py; P8 is part of its P12.
# Its other groups (missing `typename` and `template`, names used before their declaration in function templates
# and in a class template's members (its P4), default template arguments on static members' definitions (the rest
# of its P6) and its QueryPerformanceCounter timer (the rest of P6: ampcc gives that part of <windows.h>, which
# its amp.h includes under -fampcc-msvc as MSVC's did), stdext::make_checked_array_iterator (its P5: ampcc/msvc.h
# has it), a temporary section bound to a non-const reference (its P13), std::array's size deduced as an `int`,
# shadowed template parameters, narrowing template arguments, a temporary array viewed as writable) -fampcc-msvc
# makes unneeded.
import os
import subprocess

patch = os.path.join(os.path.dirname(os.path.realpath(__file__)), 'port.patch')
subprocess.run(['patch', '-s', '-p1', '--binary', '-i', patch], check=True)
print('port.py (ampcc): applied', patch)
