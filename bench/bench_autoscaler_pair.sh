#!/bin/bash
# Issue 11's figure side by side (docs/autoscaling.md "Speed"): runs `bench_simulate RUNS 1 1
# "sigma 3"` (120k jobs, demand phases, phase.rule every 300 s, node power on) with two builds in
# turn, pair by pair, and prints each one's medians and the ratio of the medians of their medians
# (baseline / current, as bench_ten_million.sh: above 1, the current build is faster).
# On a VM whose speed moves by a fifth from hour to hour only a ratio taken in turn says how much
# faster a change is. Both builds must report the same run (events, delays, allocation); the
# script stops when they do not.
#
# usage: bench/bench_autoscaler_pair.sh BASELINE_BENCH [PAIRS=4] [BENCH=build/default/bench/bench_simulate] [RUNS=5]
set -euo pipefail
if [[ $# -lt 1 ]]; then
    echo "usage: bench/bench_autoscaler_pair.sh BASELINE_BENCH [PAIRS=4] [BENCH] [RUNS=5]" >&2
    exit 2
fi
base=$1
pairs=${2:-4}
bench=${3:-build/default/bench/bench_simulate}
runs=${4:-5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

measure() { # label, bench binary, pair number: appends the median to $out/label
    local label=$1 bin=$2 n=$3
    "$bin" "$runs" 1 1 "sigma 3" >"$out/last-$label"
    local median
    median=$(grep -o 'median [0-9.]* s' "$out/last-$label" | awk '{print $2}')
    echo "$median" >>"$out/$label"
    printf '%-8s pair %d: median of %d %s s (%s)\n' "$label" "$n" "$runs" "$median" \
        "$(grep -o 'min [0-9.]*, max [0-9.]*' "$out/last-$label")"
}
run_of() { # the run a label's last output reports, without its speed: events, delays, allocation
    grep 'events,' "$out/last-$1" | sed 's/[0-9.]* M events\/s, [0-9]* jobs\/s; //; s/peak RSS.*//'
}
for n in $(seq "$pairs"); do
    measure baseline "$base" "$n"
    measure current "$bench" "$n"
    if [[ $(run_of baseline) != $(run_of current) ]]; then
        echo "the two builds simulated different runs:" >&2
        grep 'events,' "$out/last-baseline" "$out/last-current" >&2
        exit 1
    fi
done
b=$(sort -g "$out/baseline" | awk -f "$(dirname "$0")/median.awk")
c=$(sort -g "$out/current" | awk -f "$(dirname "$0")/median.awk")
echo "medians of the medians: baseline $b s, current $c s"
awk -v b="$b" -v c="$c" 'BEGIN {printf "baseline / current: %.2fx\n", b / c}'
