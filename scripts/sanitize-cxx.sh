#!/usr/bin/env bash
# The host compiler scripts/sanitize.sh gives ampcc (AMPCC_CXX) for the end-to-end programs: the system C++
# compiler with AddressSanitizer and UBSan, linking the sanitized runtime of AMPCC_SANITIZED_RUNTIME first.
set -euo pipefail
: "${AMPCC_SANITIZED_RUNTIME:?the folder with the sanitized libampcc_rt.a}"
exec "${AMPCC_SANITIZE_HOST_CXX:-c++}" -fsanitize=address,undefined -fno-omit-frame-pointer \
  -L"$AMPCC_SANITIZED_RUNTIME" "$@"
