#!/usr/bin/env bash
# Sweep throughput (docs/simulation.md "Sweeps across machines (MPI)"): scenarios per second of
# one grid of 12 scenarios on the Philly sample (82k jobs, 2,490 GPUs), with the threaded sweep at
# 1 and 2 threads and with `sweep --mpi` at 1, 2 and 3 ranks (rank 0 hands out, the others run;
# alone it runs everything). Median of RUNS (default 3) wall times, each including the load.
# Usage: bench/bench_sweep.sh [CLI] [RUNS]   (CLI default: build/default/app/cli/clusterlens-cli)
set -euo pipefail
cd "$(dirname "$0")/.."
cli="${1:-build/default/app/cli/clusterlens-cli}"
runs="${2:-3}"
S=sample_traces/philly
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/grid.json" <<'JSON'
{"vary": {"locality.relax_to_any_after_s": [0, 600, 1800, 3600, 7200, null], "placement": ["best-fit", "spread"]}}
JSON
scenarios=12
root=()
if [ "$(id -u)" -eq 0 ]; then root=(--allow-run-as-root); fi
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
measure() { # label, command...
  local label="$1"; shift
  local times=()
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(date +%s.%N)
    "$@" > /dev/null
    t1=$(date +%s.%N)
    times+=("$(echo "$t1 - $t0" | bc -l)")
  done
  local m
  m=$(printf '%s\n' "${times[@]}" | median)
  printf '%-22s %7.2f s  %6.2f scenarios/s\n' "$label" "$m" "$(echo "$scenarios / $m" | bc -l)"
}
args=(sweep -q --cluster "$S/cluster_machine_list" --trace "$S/philly_jobs_pollux.csv" --grid "$work/grid.json")
for t in 1 2; do
  measure "threads $t" "$cli" "${args[@]}" --threads "$t" --out "$work/t$t.csv"
done
for np in 1 2 3; do
  measure "mpi ranks $np" mpirun "${root[@]}" --oversubscribe -np "$np" "$cli" "${args[@]}" --mpi --out "$work/m$np.csv"
  cmp -s "$work/t1.csv" "$work/m$np.csv" || { echo "mpi ranks $np: CSV differs from the threaded one" >&2; exit 1; }
done
