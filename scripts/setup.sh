#!/usr/bin/env bash
# Installs every dependency, builds ampcc, installs it (default prefix /usr/local) and compiles and runs
# a C++ AMP sample on the default OpenCL device.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${PREFIX:-/usr/local}
bash scripts/install-deps.sh
bash scripts/build.sh
cmake --install build --prefix "$prefix" >/dev/null
echo "ampcc installed in $prefix/bin"
work=$(mktemp -d)
"$prefix/bin/ampcc" examples/matrix_multiply.cpp -o "$work/matrix_multiply"
"$work/matrix_multiply"
rm -rf "$work"
