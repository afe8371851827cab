#!/usr/bin/env bash
# Installs every Debian package ampcc needs to build, test and run; safe to run again.
set -euo pipefail

packages=(
  build-essential cmake ninja-build git python3 patch
  clang-19 libclang-19-dev llvm-19-dev llvm-19-tools libclang-cpp19-dev
  ocl-icd-opencl-dev ocl-icd-libopencl1 opencl-c-headers opencl-clhpp-headers clinfo
  pocl-opencl-icd
  libclblast-dev
  libxxhash-dev
  libtbb-dev
  libgtest-dev googletest
  libomp-19-dev clang-tidy-19 clangd-19 ccache pkg-config
  libfuzzer-19-dev libclang-rt-19-dev
  libclc-19
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  export DEBIAN_FRONTEND=noninteractive
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
