#!/usr/bin/env bash
# The whole test suite from a fresh Debian 12 machine: install, build, run every test.
# Usage: scripts/test.sh [preset]   (presets: default, asan)
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-default}"
scripts/build.sh "$preset"
ctest --preset "$preset"
