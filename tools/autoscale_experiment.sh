#!/usr/bin/env bash
# The autoscaler in the cluster on real demand (docs/autoscaling.md "Result on real data"): a
# loaded philly-like trace (30,000 jobs, 138 servers / 840 GPUs, offered load 1.0) on servers of
# 24 cores and 64 GB, jobs asking 4 cores and 5 GB per GPU (the AI4DL containers' request), the
# AI4DL sample containers' phase model as demand, node power on. One row per policy and sigma,
# without checkpoints and with a checkpoint every 30 minutes.
# usage: tools/autoscale_experiment.sh [CLI] [THREADS]   (CLI default: build/default/app/cli/clusterlens-cli)
set -euo pipefail
cd "$(dirname "$0")/.."
cli="${1:-build/default/app/cli/clusterlens-cli}"
threads="${2:-2}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
demand=(--metrics sample_traces/ai4dl/sample-dlaas.csv --phase-model tests/data/ai4dl/ai4dl_pretrained_params.json)
"$cli" generate --jobs 30000 --servers 138 --load 1.0 --seed 1 --out-cluster "$work/c.csv" --out-jobs "$work/j.csv" > /dev/null
base='"resources": {"server_defaults": {"cpu_cores": 24, "mem_gb": 64}, "job_defaults": {"cpu_per_gpu": 4, "mem_gb_per_gpu": 5}}, "power": {"enabled": true}'
policies='"autoscaler.policy": ["request", "prev.step.max", "prev.step.rules", "phase.rule", "current.step.rules"], "autoscaler.sigma": [1, 2, 3]'
echo "{\"base\": {$base}, \"vary\": {\"autoscaler.usage\": [\"none\"]}}" > "$work/none.json"
echo "{\"base\": {$base, \"autoscaler\": {\"usage\": \"phases\", \"interval_s\": 300}}, \"vary\": {$policies}}" > "$work/scaled.json"
echo "{\"base\": {$base, \"autoscaler\": {\"usage\": \"phases\", \"interval_s\": 300}, \"failures\": {\"checkpoint_s\": 1800}}, \"vary\": {$policies}}" > "$work/checkpointed.json"
for grid in none scaled checkpointed; do
  "$cli" sweep -q --cluster "$work/c.csv" --trace "$work/j.csv" --grid "$work/$grid.json" --out "$work/$grid.csv" \
    --threads "$threads" "${demand[@]}"
done
printf '%-13s %-19s %5s | %8s %8s %8s %8s | %5s %5s %6s | %5s %7s %7s\n' checkpoints policy sigma \
  cpu_res_h cpu_use_h mem_res_h mem_use_h cpu_u% mem_u% ooms alloc queue_h energy
for grid in none scaled checkpointed; do
  awk -F, -v grid="$grid" '
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    {
      policy = ("autoscaler.policy" in c) ? $c["autoscaler.policy"] : "(none: request)"
      sigma = ("autoscaler.sigma" in c) ? $c["autoscaler.sigma"] : "-"
      if ((policy == "request" || policy == "prev.step.max") && sigma != "1") next   # sigma does not matter
      if (policy == "request") sigma = "-"
      if (policy == "prev.step.max") sigma = "-"
      printf "%-13s %-19s %5s | %8.0f %8.0f %8.0f %8.0f | %5.1f %5.1f %6d | %5.3f %7.1f %7.1f\n",
        (grid == "checkpointed" ? "every 30 min" : "none"), policy, sigma,
        $c["cpu_reserved_core_h"] / 1000, $c["cpu_used_core_h"] / 1000, $c["mem_reserved_gb_h"] / 1000, $c["mem_used_gb_h"] / 1000,
        $c["cpu_under_pct"], $c["mem_under_pct"], $c["oom_kills"], $c["gpu_alloc_fraction"],
        $c["mean_queue_delay_s"] / 3600, $c["energy_kwh"] / 1000
    }' "$work/$grid.csv"
done
echo "(reserved/used: thousands of core-hours and GB-hours; energy: MWh; queue: mean queueing delay in hours)"
