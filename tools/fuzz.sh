#!/bin/bash
# Runs the libFuzzer harnesses one at a time (docs/fuzzing.md "Running the fuzzers"), each for
# SECONDS on a working copy of its seeds with its dictionary and the memory and time limits, and
# prints per harness the executions, exec/s, coverage (cov: edges, ft: features), corpus size
# and peak RSS as a Markdown table. Crashing inputs land in build/fuzz/artifacts/<target>/.
# usage: tools/fuzz.sh [--build] SECONDS [TARGET...]   (from the project root; default: all)
#   --build   first run `cmake --preset fuzz && cmake --build --preset fuzz`
# Env: CLENS_FUZZ_BUILD (default build/fuzz), CLENS_FUZZ_ARGS (extra libFuzzer flags),
# ASAN_OPTIONS (default quarantine_size_mb=16: ASan's 256 MB quarantine of freed blocks keeps
# handing out fresh pages, and their page faults halved the executions per second).
set -uo pipefail
if [[ ${1:-} == --build ]]; then
    shift
    cmake --preset fuzz && cmake --build --preset fuzz || exit 1
fi
if [[ $# -lt 1 || ! $1 =~ ^[0-9]+$ ]]; then
    echo "usage: tools/fuzz.sh [--build] SECONDS [TARGET...]" >&2
    exit 2
fi
SECONDS_EACH=$1
shift
BUILD=${CLENS_FUZZ_BUILD:-build/fuzz}
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=16}
if [[ $# -gt 0 ]]; then
    TARGETS=("$@")
else
    TARGETS=()
    for seeds in fuzz/corpus/*/; do TARGETS+=("$(basename "$seeds")"); done
fi

status=0
rows=()
for t in "${TARGETS[@]}"; do
    exe=$BUILD/fuzz/fuzz_$t
    if [[ ! -x $exe ]]; then
        echo "no $exe: build it with cmake --preset fuzz && cmake --build --preset fuzz" >&2
        exit 2
    fi
    work=$BUILD/corpus-work/$t
    artifacts=$BUILD/artifacts/$t
    log=$BUILD/fuzz-logs/$t.log
    mkdir -p "$work" "$artifacts" "$(dirname "$log")"
    cp -n fuzz/corpus/"$t"/* "$work"/
    inputs=("$work")
    [[ -d fuzz/regressions/$t ]] && inputs+=("fuzz/regressions/$t")
    # Inputs of a few KB (docs/fuzzing.md "What a harness accepts"), or the largest seed.
    max_len=$(find fuzz/corpus/"$t" -type f -printf '%s\n' | sort -n | tail -1)
    ((max_len < 8192)) && max_len=8192
    echo "== $t: ${SECONDS_EACH}s (log $log)" >&2
    # New inputs go to the first directory only: the seeds and regressions stay as they are.
    # shellcheck disable=SC2086
    "$exe" -max_total_time="$SECONDS_EACH" -dict=fuzz/dict/"$t".dict -rss_limit_mb=512 -malloc_limit_mb=512 \
        -timeout=10 -max_len="$max_len" -print_final_stats=1 -artifact_prefix="$artifacts"/ \
        ${CLENS_FUZZ_ARGS:-} "${inputs[@]}" >"$log" 2>&1
    rc=$?
    stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
    last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1)
    cov=$(sed -n 's/.*cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    corpus=$(sed -n 's/.* corp: \([0-9]*\/[0-9a-zA-Z]*\).*/\1/p' <<<"$last")
    result=ok
    if [[ $rc -ne 0 ]]; then
        result="FAILED (exit $rc): $(grep -m1 -E 'ERROR: |==ERROR|runtime error|Test unit written' "$log" | cut -c1-120)"
        status=1
    fi
    rows+=("| $t | $SECONDS_EACH | $(stat number_of_executed_units) | $(stat average_exec_per_sec) | ${cov:-?} | ${ft:-?} | ${corpus:-?} | $(stat peak_rss_mb) | $result |")
done

echo "| harness | seconds | executions | exec/s | cov | ft | corpus (inputs/size) | peak RSS MB | result |"
echo "|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
exit $status
