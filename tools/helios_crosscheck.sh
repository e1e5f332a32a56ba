#!/bin/bash
# The Helios cross-check of docs/queue-policies.md: the processed Philly jobs of the 11 VCs in
# philly_vc_nodes.csv on their 352 8-GPU nodes, each VC's quota its nodes x 8 GPUs (strict),
# backfill none, no locality wait, no slowdown; one run per queue policy.
# usage: tools/helios_crosscheck.sh [path/to/clusterlens-cli]   (from the project root)
set -euo pipefail
CLI=${1:-build/default/app/cli/clusterlens-cli}
PHILLY=sample_traces/philly
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
python3 - "$PHILLY" "$OUT" <<'PY'
import csv, json, sys
philly, out = sys.argv[1], sys.argv[2]
vcs = list(csv.DictReader(open(f"{philly}/philly_vc_nodes.csv")))
with open(f"{out}/cluster.csv", "w") as f:
    f.write("server,rack,gpus\n")
    n = 0
    for r in vcs:
        for _ in range(int(r["node num"])):
            f.write(f"n{n},{r['vc']},8\n")
            n += 1
names = {r["vc"] for r in vcs}
rows = [r for r in csv.reader(open(f"{philly}/philly_jobs_pollux.csv")) if r]
with open(f"{out}/jobs.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(rows[0])
    w.writerows(r for r in rows[1:] if r[4] in names)
base = {"quota": {"mode": "strict", "vc": {r["vc"]: int(r["node num"]) * 8 for r in vcs}}, "backfill": "none",
        "locality": {"relax_to_rack_after_s": 0, "relax_to_any_after_s": 0},
        "slowdown": {"per_extra_server": 0, "cross_rack": 0}}
for p in ["fifo", "sjf", "qssf", "srtf", "las", "fair-share"]:
    json.dump(dict(base, queue={"policy": p}), open(f"{out}/{p}.json", "w"))
PY
printf "%-11s %18s %12s %12s %14s\n" policy mean_queue_delay_s jobs_queued preemptions mean_jct_s
for p in fifo sjf qssf srtf las fair-share; do
    "$CLI" simulate -q --cluster "$OUT/cluster.csv" --trace "$OUT/jobs.csv" --config "$OUT/$p.json" \
        --summary-out "$OUT/s-$p.json" --jobs-out "$OUT/j-$p.csv"
    python3 - "$OUT" "$p" <<'PY'
import csv, json, sys
out, p = sys.argv[1], sys.argv[2]
s = json.load(open(f"{out}/s-{p}.json"))
queued = sum(1 for r in csv.DictReader(open(f"{out}/j-{p}.csv")) if int(r["queue_delay_s"]) > 0)
print(f"{p:<11} {s['mean_queue_delay_s']:18.1f} {queued:12d} {s['preemptions']:12d} {s['mean_jct_s']:14.1f}")
PY
done
