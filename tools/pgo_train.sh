#!/bin/bash
# The training run of a profile-guided release build (scripts/build-release.sh; docs/install.md
# "Release build"): what operators run, through an instrumented clusterlens-cli — every placement,
# queue, quota, autoscaling and demand case of tools/same_results.sh on the bundled samples, a
# generated million-job trace at load 0.95 (import, scheduling at scale, the results written), and
# a generated loaded trace under the autoscaler preset with phase demand and power.
# usage: tools/pgo_train.sh path/to/clusterlens-cli WORKDIR   (from the project root, a minute or two)
set -euo pipefail
if [[ $# -ne 2 ]]; then
    echo "usage: tools/pgo_train.sh path/to/clusterlens-cli WORKDIR" >&2
    exit 2
fi
CLI=$1
work=$2
mkdir -p "$work"
tools/same_results.sh "$work/samples" "$CLI" >/dev/null
"$CLI" generate --preset philly-like --jobs 1000000 --servers 3300 --load 0.95 --seed 7 \
    --out-cluster "$work/big-cluster.csv" --out-jobs "$work/big-jobs.csv" >/dev/null
"$CLI" simulate --cluster "$work/big-cluster.csv" --trace "$work/big-jobs.csv" \
    --jobs-out "$work/big-results.csv" --summary-out "$work/big-summary.json" -q
"$CLI" generate --preset philly-like --jobs 100000 --servers 500 --load 0.8 --seed 11 \
    --out-cluster "$work/auto-cluster.csv" --out-jobs "$work/auto-jobs.csv" >/dev/null
"$CLI" simulate --cluster "$work/auto-cluster.csv" --trace "$work/auto-jobs.csv" \
    --config resources/presets/autoscaler-phases.json --metrics sample_traces/ai4dl/sample-dlaas.csv \
    --phase-model tests/data/ai4dl/ai4dl_pretrained_params.json --summary-out "$work/auto-summary.json" -q
rm -f "$work"/big-*.csv "$work"/auto-*.csv
echo "training runs done ($work)"
