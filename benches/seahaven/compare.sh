#!/usr/bin/env bash
# Seahaven Towers: cardsim's exact solver against Freecell Solver 5, side by side.
#
#   benches/seahaven/compare.sh [FIRST-LAST] [ROUNDS]     (default 1-1000, 3 rounds)
#
# Needs Freecell Solver 5's library and headers (Debian: freecell-solver-bin and
# libfreecell-solver-dev), a C compiler, and a release build of cardsim
# (`cargo build --release -p cardsim-experiments`; or set CARDSIM=path). FCS_ARGS picks
# Freecell Solver's settings (default `-g seahaven -l as`: the Seahaven preset with the
# `amateur-star` scans, the fastest of its presets that decide every board here).
#
# 1. Writes deals FIRST..LAST in Freecell Solver's format (`cardsim solve --boards-out`).
# 2. Decides them with both solvers and compares the verdicts board by board (exit 1 on any
#    difference): cardsim's `solved`/`unsolvable` against Freecell Solver's "solved"/"not
#    solvable (search space exhausted)".
# 3. Times both, interleaved (cardsim, Freecell Solver, cardsim, ...), ROUNDS times each,
#    as the user+system CPU seconds of the whole process, one thread each. Freecell Solver
#    runs in batch (fcs_batch.c: one process, its instance recycled between boards), which
#    is faster for it than one `fc-solve` process per board; one round of the latter is
#    timed too, for the record.
#
# Prints the CPU seconds of every run, the ratio of the medians, and `uptime`.
set -euo pipefail

range=${1:-1-1000}
rounds=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cardsim=${CARDSIM:-$root/target/release/cardsim}
fcs_args=${FCS_ARGS:--g seahaven -l as}
read -r -a fcs_argv <<<"$fcs_args"

if [[ ! -x $cardsim ]]; then
    echo "compare.sh: no cardsim at $cardsim (cargo build --release -p cardsim-experiments)" >&2
    exit 2
fi
if ! [[ $range =~ ^[0-9]+-[0-9]+$ && $rounds =~ ^[1-9][0-9]*$ ]]; then
    echo "compare.sh: usage: compare.sh [FIRST-LAST] [ROUNDS]" >&2
    exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/fcs_batch" "$here/fcs_batch.c" -lfreecell-solver

# Boards and cardsim's verdicts (this run is not timed).
if ! "$cardsim" solve --deals "$range" --threads 1 --quiet \
    --boards-out "$work/boards.txt" --out "$work/ours.csv" >/dev/null 2>"$work/err"; then
    cat "$work/err" >&2
    exit 2
fi
n=$(grep -c '^# deal' "$work/boards.txt")
first=${range%-*}

# cardsim's verdicts as S/U per deal, in deal order.
awk -F, 'NR > 1 { print $1, ($2 == "solved" ? "S" : $2 == "unsolvable" ? "U" : "?") }' \
    "$work/ours.csv" >"$work/ours.txt"
"$work/fcs_batch" "$work/boards.txt" "${fcs_argv[@]}" |
    awk -v first="$first" '{ print $1 + first - 1, $2 }' >"$work/theirs.txt"
if ! diff "$work/ours.txt" "$work/theirs.txt" >"$work/diff.txt"; then
    echo "verdicts differ (deal, cardsim < > Freecell Solver):"
    cat "$work/diff.txt"
    exit 1
fi
solved=$(grep -c ' S$' "$work/ours.txt" || true)
echo "deals $range: $n boards, verdicts identical ($solved solved, $((n - solved)) not)"

# CPU seconds (user + system) of one command.
cpu() {
    /usr/bin/time -f '%U %S' -o "$work/time" "$@" >/dev/null 2>&1
    awk '{ printf "%.2f", $1 + $2 }' "$work/time"
}

ours=()
theirs=()
for ((i = 1; i <= rounds; i++)); do
    ours+=("$(cpu "$cardsim" solve --deals "$range" --threads 1 --quiet)")
    theirs+=("$(cpu "$work/fcs_batch" "$work/boards.txt" "${fcs_argv[@]}")")
done

# One fc-solve process per board, for the record (the same boards, split into files).
mkdir "$work/one"
awk -v dir="$work/one" '/^# deal/ { f = dir "/" $3 ".txt"; next } { print > f }' \
    "$work/boards.txt"
per_process=$(cpu bash -c 'for f in "$1"/*.txt; do fc-solve "${@:2}" "$f"; done' _ \
    "$work/one" "${fcs_argv[@]}")

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
mo=$(median "${ours[@]}")
mt=$(median "${theirs[@]}")
echo "cardsim solve (1 thread), CPU s:           ${ours[*]}"
echo "Freecell Solver ($fcs_args, batch), CPU s: ${theirs[*]}"
echo "Freecell Solver, one fc-solve per board:   $per_process"
awk -v o="$mo" -v t="$mt" -v n="$n" 'BEGIN {
    printf "per board: cardsim %.3f ms, Freecell Solver %.3f ms; ratio %.1fx\n",
        1000 * o / n, 1000 * t / n, t / o
}'
uptime
