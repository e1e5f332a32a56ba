#!/usr/bin/env bash
# The release build: profile-guided (docs/install.md "Release build"). Builds an instrumented
# clusterlens-cli, runs it on the training workloads (tools/pgo_train.sh), then builds everything
# in build/release with the profiles it wrote. Then: `ctest --preset release`, and
# `cd build/release && cpack` for the Debian package.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
dir=build/release
rm -rf "$dir/pgo-profiles" "$dir/pgo-training"
cmake --preset release -DCLENS_PGO=GENERATE >/dev/null
cmake --build --preset release --target clusterlens-cli
tools/pgo_train.sh "$dir/app/cli/clusterlens-cli" "$dir/pgo-training"
cmake --preset release -DCLENS_PGO=USE >/dev/null
cmake --build --preset release
