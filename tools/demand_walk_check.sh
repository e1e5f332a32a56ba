#!/usr/bin/env bash
# How close the `phases` demand walk is to the real containers
# (docs/autoscaling.md "Why phase runs, not steps"): (1) the lag-1 autocorrelation of demand within a phase run in the AI4DL
# sample containers; (2) 10,000 philly-like jobs on 138 servers of 24 cores / 64 GB, checkpoints
# every 30 min, interval 300 s, node power on, with the containers replayed (`metrics`) and the
# phase model walked (`phases`), per policy and sigma.
# usage: tools/demand_walk_check.sh [CLI]   (CLI default: build/default/app/cli/clusterlens-cli;
#        give an older build's CLI to see its walk)
set -euo pipefail
cd "$(dirname "$0")/.."
cli="${1:-build/default/app/cli/clusterlens-cli}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
metrics=sample_traces/ai4dl/sample-dlaas.csv
model=tests/data/ai4dl/ai4dl_pretrained_params.json
"$cli" phases apply --metrics "$metrics" --model "$model" --out "$work/labels.csv" > /dev/null
python3 - "$metrics" "$work/labels.csv" <<'PY'
import csv, collections, statistics as st, sys
labels = {(r['pod.id'], int(r['row'])): r['phase'] for r in csv.DictReader(open(sys.argv[2]))}
seen = collections.Counter()
series = collections.defaultdict(list)
for r in csv.DictReader(open(sys.argv[1])):
    pod = r['pod.id']
    series[pod].append((labels.get((pod, seen[pod]), ''), float(r['cpu.usage.cores']), float(r['mem.working.set'])))
    seen[pod] += 1
by_phase = collections.defaultdict(list)
for steps in series.values():
    for phase, cpu, mem in steps:
        if phase:
            by_phase[phase].append((cpu, mem))
for dim, name in ((0, 'cpu'), (1, 'memory')):
    norm = {p: (st.mean(v[dim] for v in vs), st.pstdev(v[dim] for v in vs)) for p, vs in by_phase.items()}
    xs, ys = [], []
    for steps in series.values():
        for a, b in zip(steps, steps[1:]):
            mean, sd = norm.get(a[0], (0, 0))
            if a[0] and a[0] == b[0] and sd > 0:
                xs.append((a[1 + dim] - mean) / sd)
                ys.append((b[1 + dim] - mean) / sd)
    print(f"lag-1 autocorrelation within phase runs, {name}: {st.correlation(xs, ys):.2f} ({len(xs)} pairs)")
PY
"$cli" generate --jobs 10000 --servers 138 --load 1.0 --seed 1 --out-cluster "$work/c.csv" --out-jobs "$work/j.csv" > /dev/null
base='"resources": {"server_defaults": {"cpu_cores": 24, "mem_gb": 64}, "job_defaults": {"cpu_per_gpu": 4, "mem_gb_per_gpu": 5}}, "power": {"enabled": true}, "failures": {"checkpoint_s": 1800}, "autoscaler": {"interval_s": 300}'
echo "{\"base\": {$base}, \"vary\": {\"autoscaler.usage\": [\"metrics\", \"phases\"], \"autoscaler.policy\": [\"prev.step.max\", \"prev.step.rules\", \"phase.rule\"], \"autoscaler.sigma\": [2, 3]}}" > "$work/grid.json"
"$cli" sweep -q --cluster "$work/c.csv" --trace "$work/j.csv" --grid "$work/grid.json" --out "$work/sweep.csv" --threads 2 \
  --metrics "$metrics" --phase-model "$model"
printf '%-8s %-16s %5s | %7s %7s %8s\n' demand policy sigma cpu_u% mem_u% ooms
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
  { printf "%-8s %-16s %5s | %7.1f %7.1f %8d\n", $c["autoscaler.usage"], $c["autoscaler.policy"], $c["autoscaler.sigma"],
      $c["cpu_under_pct"], $c["mem_under_pct"], $c["oom_kills"] }' "$work/sweep.csv"
