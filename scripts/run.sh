#!/usr/bin/env bash
# Install, build, and open ClusterLens on the bundled teaching demo (or the files given).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh default
exec build/default/app/gui/clusterlens "$@"
