#!/usr/bin/env bash
# End-to-end check of the Slurm scripts on a real (single-node) Slurm, e.g. one installed by
# install-single-node.sh: builds cardsim, runs a simulation as a job array of shards plus the
# merge job, then runs the same simulation unsplit and compares the files byte for byte.
# Not part of CI.
#
#   cluster/slurm/test-end-to-end.sh [GAMES [SHARDS]]     (default 100000 games, 8 shards)
set -euo pipefail
games=${1:-100000}
shards=${2:-8}
root=$(cd "$(dirname "$0")/../.." && pwd)
cargo build --release --quiet --manifest-path "$root/Cargo.toml" -p cardsim-experiments
export CARDSIM="$root/target/release/cardsim"
work=$(mktemp -d "${TMPDIR:-/tmp}/cardsim-slurm.XXXXXX")
args=(--game trash --agents heuristic,random --games "$games" --seed 7)

start=$(date +%s.%N)
ids=$("$root/cluster/slurm/submit.sh" "$shards" "$work/run" "${args[@]}")
echo "submitted: $ids"
merge_id=${ids##* }
while squeue -h -j "$merge_id" 2>/dev/null | grep -q .; do
    sleep 1
done
end=$(date +%s.%N)
if [ ! -s "$work/run/summary.csv" ]; then
    echo "FAIL: the merge wrote nothing; logs are in $work/run" >&2
    exit 1
fi
cat "$work/run/table.txt"
printf 'Slurm: %s games in %s array tasks plus the merge: %.1f s from submission\n' \
    "$games" "$shards" "$(echo "$end - $start" | bc)"

t0=$(date +%s.%N)
"$CARDSIM" simulate "${args[@]}" --out "$work/single.csv" --summary "$work/single-summary.csv" \
    --quiet >/dev/null 2>&1
t1=$(date +%s.%N)
printf 'one unsplit run on this machine: %.1f s\n' "$(echo "$t1 - $t0" | bc)"
cmp "$work/single.csv" "$work/run/games.csv"
cmp "$work/single-summary.csv" "$work/run/summary.csv"
echo "OK: the merged per-game CSV and summary are byte-identical to the unsplit run's ($work)"
