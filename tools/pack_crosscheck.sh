#!/usr/bin/env bash
# Our packing curves beside the FGD artifact's published ones
# (docs/packing.md "Cross-check against the FGD artifact"): openb default pods on the 1,213 GPU nodes, inflate 1.3, seeds
# 42-51, every placement policy in the file's node order and in a node order shuffled per seed (the
# artifact's); the artifact's expected results are in tools/data/fgd-artifact.
# usage: tools/pack_crosscheck.sh [CLI]   (default: build/default/app/cli/clusterlens-cli)
set -euo pipefail
cd "$(dirname "$0")/.."
cli="${1:-build/default/app/cli/clusterlens-cli}"
data=sample_traces/alibaba-openb
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Our procedure (the file's node order), then the artifact's (a node order shuffled per seed).
for order in file shuffled; do
  "$cli" pack --cluster "$data/openb_node_list_gpu_node.csv" --trace "$data/openb_pod_list_default.csv" \
    --placement best-fit,first-fit,spread,fgd,fgd-first --node-order "$order" --inflate 1.3 --seed 42 --seeds 10 \
    --out "$work/ours-$order.csv"
done
python3 - "$work" tools/data/fgd-artifact <<'PY'
import csv, sys, statistics
work, art = sys.argv[1], sys.argv[2]
pcts = [50, 80, 90, 100, 110, 130]
ours = {}
for order in ("file", "shuffled"):
    for r in csv.DictReader(open(f"{work}/ours-{order}.csv")):
        name = r["placement"] + (", shuffled nodes" if order == "shuffled" else "")
        ours.setdefault(name, {})[int(r["arrived_pct"])] = (float(r["allocated_gpu_pct"]), float(r["fragmented_gpu_pct"]))
def artifact(name):
    rows = list(csv.DictReader(open(f"{art}/{name}")))
    out = {}
    for p in sorted({r["sc_policy"] for r in rows}):
        sel = [r for r in rows if r["sc_policy"] == p]
        out[p] = {k: statistics.mean(float(r[str(k)]) for r in sel) for k in pcts}
    return out
def table(title, column, theirs):
    print(title + "\n")
    print("| policy | " + " | ".join(f"{k}%" for k in pcts) + " |")
    print("|---" * (len(pcts) + 1) + "|")
    for p, c in ours.items():
        print(f"| ClusterLens {p} | " + " | ".join(f"{c[k][column]:.1f}" for k in pcts) + " |")
    for p, c in theirs.items():
        print(f"| artifact {p} | " + " | ".join(f"{c[k]:.1f}" for k in pcts) + " |")
table("Allocated GPU capacity, % of 6,212 GPUs, at % of GPU capacity arrived (mean of seeds 42-51)", 0,
      artifact("analysis_allo_discrete.csv"))
print()
table("Fragmented GPU capacity, % of 6,212 GPUs", 1, artifact("analysis_frag_discrete.csv"))
PY
