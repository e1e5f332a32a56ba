#!/bin/bash
# Runs a fixed set of simulations and writes their jobs.csv and summary.json to OUTDIR, so that a
# change meant to keep results as they were (a speed-up, a refactor) can be checked with
# `diff -r BEFORE AFTER` (docs/CONTRIBUTING.md "Checking that results stay the same"): every
# placement policy on the Philly sample (GPUs only, and with CPU/memory defaults) and on the
# openb pods (8,000x arrivals), the autoscaler preset, las and srtf alone, with strict and borrow
# quotas and with CPU/memory on the Philly sample and on a loaded generated trace (20k jobs, load
# 1.3, 40 servers), fair share with borrow-preempt quotas, gang none with borrow quotas, and every
# other autoscaling policy and the metrics demand on the Philly sample.
# usage: tools/same_results.sh OUTDIR [path/to/clusterlens-cli]   (from the project root, ~30 s)
set -euo pipefail
if [[ $# -lt 1 ]]; then
    echo "usage: tools/same_results.sh OUTDIR [path/to/clusterlens-cli]" >&2
    exit 2
fi
out=$1
CLI=${2:-build/default/app/cli/clusterlens-cli}
mkdir -p "$out/config"
P=(--cluster sample_traces/philly/cluster_machine_list --trace sample_traces/philly/philly_jobs_pollux.csv)
O=(--cluster sample_traces/alibaba-openb/openb_node_list_gpu_node.csv --trace sample_traces/alibaba-openb/openb_pod_list_default.csv)
"$CLI" generate --preset philly-like --jobs 20000 --seed 3 --load 1.3 --servers 40 \
    --out-cluster "$out/config/gen-cluster.csv" --out-jobs "$out/config/gen-jobs.csv" >/dev/null
G=(--cluster "$out/config/gen-cluster.csv" --trace "$out/config/gen-jobs.csv")
VC='"vc": {"6214e9": 512, "7f04ca": 256, "11cb48": 128, "b436b2": 512, "ee9e8c": 512, "e13805": 128, "6c71a0": 256, "2869ce": 128, "ed69ec": 64, "103959": 64, "0e4a51": 256}'
RES='"resources": {"server_defaults": {"cpu_cores": 48, "mem_gb": 384}, "job_defaults": {"cpu_per_gpu": 5, "mem_gb_per_gpu": 40}}'
run() { # name, config JSON, inputs...
    local name=$1 json=$2
    shift 2
    echo "$json" >"$out/config/$name.json"
    "$CLI" simulate "$@" --config "$out/config/$name.json" --jobs-out "$out/$name-jobs.csv" --summary-out "$out/$name-summary.json" -q 2>/dev/null
}
for pl in best-fit first-fit spread fgd; do
    run "philly-$pl" "{\"placement\": \"$pl\"}" "${P[@]}"
    run "philly-resources-$pl" "{\"placement\": \"$pl\", $RES}" "${P[@]}"
    run "openb-$pl" "{\"placement\": \"$pl\", \"arrivals\": {\"speedup\": 8000}}" "${O[@]}"
done
# The autoscaler preset as it was until 7 December 2026 (σ 2, no checkpoints: every OOM kill
# redoes its attempt), then the preset as it is.
DEMAND=(--metrics sample_traces/ai4dl/sample-dlaas.csv --phase-model tests/data/ai4dl/ai4dl_pretrained_params.json)
run autoscaler '{"autoscaler": {"usage": "phases", "policy": "phase.rule", "interval_s": 300, "sigma": 2.0, "headroom": 0.0}, "power": {"enabled": true}, "resources": {"job_defaults": {"cpu_per_gpu": 4, "mem_gb_per_gpu": 5}}}' \
    "${P[@]}" "${DEMAND[@]}"
"$CLI" simulate "${P[@]}" --config resources/presets/autoscaler-phases.json "${DEMAND[@]}" \
    --jobs-out "$out/autoscaler-preset-jobs.csv" --summary-out "$out/autoscaler-preset-summary.json" -q
for q in las srtf; do
    run "philly-$q" "{\"queue\": {\"policy\": \"$q\"}}" "${P[@]}"
    run "philly-$q-strict" "{\"queue\": {\"policy\": \"$q\"}, \"quota\": {\"mode\": \"strict\", $VC}}" "${P[@]}"
    run "philly-$q-borrow" "{\"queue\": {\"policy\": \"$q\"}, \"quota\": {\"mode\": \"borrow\", $VC}}" "${P[@]}"
    run "philly-$q-resources" "{\"queue\": {\"policy\": \"$q\"}, $RES}" "${P[@]}"
    run "generated-$q" "{\"queue\": {\"policy\": \"$q\"}}" "${G[@]}"
    run "generated-$q-resources" "{\"queue\": {\"policy\": \"$q\"}, $RES}" "${G[@]}"
done
run philly-fair-share-borrow-preempt "{\"queue\": {\"policy\": \"fair-share\"}, \"quota\": {\"mode\": \"borrow-preempt\", $VC}}" "${P[@]}"
run generated-fair-share-borrow-preempt "{\"queue\": {\"policy\": \"fair-share\"}, \"quota\": {\"mode\": \"borrow-preempt\", $VC}}" "${G[@]}"
run philly-gang-none-borrow "{\"gang\": {\"policy\": \"none\"}, \"quota\": {\"mode\": \"borrow\", $VC}}" "${P[@]}"
# Every autoscaling policy (the preset above is phase.rule on phase demand), and demand replayed
# from the container metrics.
AUTO='"power": {"enabled": true}, "resources": {"job_defaults": {"cpu_per_gpu": 4, "mem_gb_per_gpu": 5}}'
for pol in prev.step.max prev.step.rules current.step.max current.step.rules request; do
    run "autoscaler-$pol" "{\"autoscaler\": {\"usage\": \"phases\", \"policy\": \"$pol\", \"sigma\": 1.0, \"headroom\": 0.1}, $AUTO}" \
        "${P[@]}" "${DEMAND[@]}"
done
run autoscaler-metrics "{\"autoscaler\": {\"usage\": \"metrics\", \"policy\": \"phase.rule\"}, $AUTO}" "${P[@]}" "${DEMAND[@]}"
echo "$(find "$out" -name '*-jobs.csv' | wc -l) runs written to $out"
