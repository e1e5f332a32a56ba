#!/usr/bin/env bash
# Best-fit against fgd on the real Alibaba openb pods (docs/resources.md "Result on real data: best-fit against fgd on Alibaba openb"):
# the pod list replayed k times faster on every second node of the openb node list (762 nodes,
# 3,123 GPUs), so that the load grows with k. Prints one row per placement and speedup.
# usage: tools/openb_fgd_experiment.sh [CLI] [speedups...]   (CLI default: build/default/app/cli/clusterlens-cli)
set -euo pipefail
cd "$(dirname "$0")/.."
cli="${1:-build/default/app/cli/clusterlens-cli}"
shift || true
speedups=("${@:-2000 4000 8000 16000}")
read -r -a speedups <<< "${speedups[*]}"
data=sample_traces/alibaba-openb
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
awk 'NR == 1 || NR % 2 == 0' "$data/openb_node_list_all_node.csv" > "$work/nodes.csv"
gpus=$(awk -F, 'NR > 1 { g += $4 } END { print g }' "$work/nodes.csv")
printf '%-9s %7s %12s %13s %9s %9s %15s %12s\n' placement speedup peak_alloc window_alloc mean_wait p95_wait frag_delay_h jobs_waited
for placement in best-fit fgd; do
  for k in "${speedups[@]}"; do
    echo "{\"placement\": \"$placement\", \"arrivals\": {\"speedup\": $k}, \"series_step_s\": 60}" > "$work/scenario.json"
    "$cli" simulate -q --cluster "$work/nodes.csv" --trace "$data/openb_pod_list_default.csv" --config "$work/scenario.json" \
      --summary-out "$work/summary.json" --series-out "$work/series.csv" --jobs-out "$work/jobs.csv"
    # The busy window: from the 10th percentile of submissions to the last one.
    window=$(awk -F, 'NR > 1 { print $4 }' "$work/jobs.csv" | sort -n | awk '{ v[NR] = $1 } END { print v[int(NR / 10) + 1], v[NR] }')
    read -r lo hi <<< "$window"
    alloc=$(awk -F, -v lo="$lo" -v hi="$hi" -v g="$gpus" 'NR > 1 && $1 >= lo && $1 <= hi { s += $2; n++; if ($2 > m) m = $2 }
            END { printf "%.3f %.3f", m / g, s / n / g }' "$work/series.csv")
    read -r peak mean <<< "$alloc"
    waited=$(awk -F, 'NR > 1 && $7 > 0 { n++ } END { print n + 0 }' "$work/jobs.csv")
    stats=$(tr -d ' \n' < "$work/summary.json" | sed 's/[{}"]//g' | tr ',' '\n' |
            awk -F: '$1 == "mean_queue_delay_s" { w = $2 } $1 == "p95_queue_delay_s" { p = $2 } $1 == "fragmentation_delay_s" { f = $2 }
                     END { printf "%.0f %.0f %.0f", w, p, f / 3600 }')
    read -r wait p95 frag <<< "$stats"
    printf '%-9s %7s %12s %13s %8ss %8ss %15s %12s\n' "$placement" "$k" "$peak" "$mean" "$wait" "$p95" "$frag" "$waited"
  done
done
