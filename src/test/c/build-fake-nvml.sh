#!/usr/bin/env bash
# Compiles the fake libnvidia-ml.so used by the NVML tests into $1, and an "old driver" variant (no energy counter,
# no field values) into $1/old. Without gcc the NVML tests skip themselves.
set -euo pipefail
out="$1"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out"
src="$here/fake_nvml.c"
[ -f "$src" ] || exit 0
if ! command -v gcc >/dev/null 2>&1; then
  echo "build-fake-nvml: gcc not found; NVML tests will be skipped" >&2
  exit 0
fi
if [ "$out/libnvidia-ml.so" -nt "$src" ] && [ "$out/old/libnvidia-ml.so" -nt "$src" ]; then exit 0; fi
mkdir -p "$out/old"
gcc -shared -fPIC -O1 -Wall -o "$out/libnvidia-ml.so" "$src"
gcc -shared -fPIC -O1 -Wall -DFAKE_OLD_DRIVER -o "$out/old/libnvidia-ml.so" "$src"
