#!/bin/bash
# The ten-million-job figure (docs/simulation.md "Ten million jobs"): generates 10M philly-like
# jobs on 33,000 servers (load 0.95, seed 1) once into DIR, then runs `simulate` with --jobs-out
# and --summary-out under /usr/bin/time, RUNS times, and prints wall, user and system seconds and
# the peak resident set of each run and their medians.
#
# Given a second CLI (an older build, say the commit an issue was filed at), it runs the two in
# turn, pair by pair, and prints the ratio of their medians: on a VM whose speed moves from day
# to day (docs/simulation.md) only a ratio taken side by side says how much faster a change is.
# Both CLIs must write the same summary; the script says so when they do not.
#
# usage: bench/bench_ten_million.sh DIR [RUNS=3] [CLI=build/default/app/cli/clusterlens-cli] [BASELINE_CLI]
#        JOBS and SERVERS in the environment change the size (defaults 10000000 and 33000).
set -euo pipefail
if [[ $# -lt 1 ]]; then
    echo "usage: bench/bench_ten_million.sh DIR [RUNS=3] [CLI] [BASELINE_CLI]" >&2
    exit 2
fi
dir=$1
runs=${2:-3}
cli=${3:-build/default/app/cli/clusterlens-cli}
base=${4:-}
jobs=${JOBS:-10000000}
servers=${SERVERS:-33000}
mkdir -p "$dir"
trace="$dir/jobs-$jobs-$servers.csv" cluster="$dir/cluster-$jobs-$servers.csv"
if [[ ! -s $trace || ! -s $cluster ]]; then
    echo "generating $jobs jobs on $servers servers into $dir ..."
    "$cli" generate --preset philly-like --jobs "$jobs" --servers "$servers" --load 0.95 --seed 1 \
        --out-cluster "$cluster" --out-jobs "$trace" >/dev/null
fi

measure() { # label, cli, run number: appends "wall user sys peakKiB" to $dir/times-label
    local label=$1 bin=$2 n=$3
    /usr/bin/time -f "%e %U %S %M" -o "$dir/time.tmp" "$bin" simulate --cluster "$cluster" --trace "$trace" \
        --jobs-out "$dir/jobs-out-$label.csv" --summary-out "$dir/summary-$label.json" -q
    cat "$dir/time.tmp" >>"$dir/times-$label"
    read -r wall user sys peak <"$dir/time.tmp"
    printf '%-9s run %d: %6.2f s wall, %6.2f s user, %5.2f s system, peak %s KiB\n' "$label" "$n" "$wall" "$user" "$sys" "$peak"
}
median() { # column of $dir/times-label
    sort -n -k"$2" "$dir/times-$1" | awk -v c="$2" -f "$(dirname "$0")/median.awk"
}

rm -f "$dir/times-current" "$dir/times-baseline"
for ((i = 1; i <= runs; ++i)); do
    measure current "$cli" "$i"
    [[ -n $base ]] && measure baseline "$base" "$i"
done
echo "current:  median $(median current 1) s wall, $(median current 2) s user, peak $(median current 4) KiB"
if [[ -n $base ]]; then
    echo "baseline: median $(median baseline 1) s wall, $(median baseline 2) s user, peak $(median baseline 4) KiB"
    awk -v b="$(median baseline 1)" -v c="$(median current 1)" -v bu="$(median baseline 2)" -v cu="$(median current 2)" \
        'BEGIN {printf "baseline / current: %.2fx wall, %.2fx user\n", b / c, bu / cu}'
    cmp -s "$dir/summary-current.json" "$dir/summary-baseline.json" || echo "note: the two summaries differ"
fi
