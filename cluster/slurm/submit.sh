#!/usr/bin/env bash
# Submits a simulation as a Slurm job array of N shards, and the merge as a job that runs once
# every shard has succeeded. Prints the two job ids.
#
#   cluster/slurm/submit.sh N OUTDIR SIMULATE-ARGS...
#   cluster/slurm/submit.sh 16 runs/trash --game trash --agents heuristic,random --games 1000000
#
# Set CARDSIM to the cardsim binary if it is not on PATH (the nodes must see it and OUTDIR).
set -euo pipefail
if [ $# -lt 3 ]; then
    echo "usage: $0 N OUTDIR SIMULATE-ARGS..." >&2
    exit 2
fi
n=$1
out=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
array=$(sbatch --parsable --chdir="$out" --array="0-$((n - 1))" \
    --export=ALL "$here/simulate-array.sbatch" "$out" "$@")
merge=$(sbatch --parsable --chdir="$out" --dependency="afterok:${array}" \
    --export=ALL "$here/merge.sbatch" "$out")
echo "array ${array} (${n} shards), merge ${merge}"
