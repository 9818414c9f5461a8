#!/usr/bin/env bash
# Whole games per CPU second, one thread, for every registered game with `random` and with
# `heuristic` in every seat: the table "Whole games per second" of docs/benchmarks.md.
#
#     cargo build --release -p cardsim-experiments
#     benches/whole_games.sh [CARDSIM] [SCALE]
#
# CARDSIM is the binary (default target/release/cardsim). Each row runs
# `cardsim simulate --game G [--players P] [--param K=V] --agents A --games N --threads 1 --quiet`
# under /usr/bin/time and prints games / (user + system CPU seconds) of the whole process.
# N is chosen per row for about 1 to 3 CPU seconds on the development machine; SCALE (a
# number, default 1) multiplies every N, for a quick check (0.01) or steadier figures (3).
# Prints a Markdown table, then the date, the tree's commit and the load average.
set -euo pipefail

cardsim=${1:-target/release/cardsim}
scale=${2:-1}
if [[ ! -x $cardsim ]]; then
    echo "whole_games.sh: no executable $cardsim (cargo build --release -p cardsim-experiments)" >&2
    exit 2
fi
if ! [[ $scale =~ ^[0-9]*\.?[0-9]+$ ]] || awk -v s="$scale" 'BEGIN { exit !(s <= 0) }'; then
    echo "whole_games.sh: SCALE must be a positive number, got '$scale'" >&2
    exit 2
fi

# label | simulate arguments | games with random | games with heuristic
rows=(
    "Trash, 2 players|--game trash --players 2|150000|80000"
    "Trash, 4 players|--game trash --players 4|50000|25000"
    "Gin Rummy (game to 100)|--game gin-rummy|1500|15000"
    "Whist (game to 5 points)|--game whist|200000|50000"
    "Seahaven Towers|--game seahaven|200000|3000"
    "Bridge, one deal (scoring=deal: auction and play)|--game bridge --param scoring=deal|500000|120000"
    "Bridge, rubber|--game bridge|15000|15000"
    "Ninety-Nine, 3 players|--game ninety-nine --players 3|150000|50000"
    "Xeri|--game xeri|250000|60000"
    "Euchre (game to 5 points)|--game euchre|300000|70000"
    "Orgy|--game orgy|90000|25000"
    "Royal Orgy, 2 players (game to 1000)|--game royal-orgy --players 2|15000|2000"
    "Omi (game to 10 points)|--game omi|80000|20000"
    "Court Piece (20 deals)|--game court-piece|40000|7000"
    "Envite, 4 players (best-of-three match)|--game envite --players 4|130000|60000"
    "Envite, 12 players (best-of-three match)|--game envite --players 12|10000|6000"
    "Egyptian Ratscrew, 2 players|--game egyptian-ratscrew --players 2|120000|25000"
    "Speed|--game speed|150000|50000"
    "Tong-Its (a match of 10 hands)|--game tong-its|25000|5000"
    "Spoons, 4 players|--game spoons --players 4|200|3000"
    "Pig, 4 players|--game pig --players 4|300|10000"
    "Mattis, 4 players|--game mattis --players 4|50000|60000"
    "Myllymatti|--game myllymatti|70000|40000"
    "Hasenpfeffer (game to 10)|--game hasenpfeffer|5000|60000"
    "Nap, 4 players (game to 20 credits)|--game nap --players 4|400000|15000"
    "Dingo (one deal)|--game dingo|600000|400000"
    "Ogórek, 3 players (game to 50)|--game ogorek --players 3|20000|10000"
    "Ogórek, 4 players (game to 50)|--game ogorek --players 4|50000|30000"
    "Ogórek, 8 players|--game ogorek --players 8|3000|3000"
)

# Games per CPU second of one run: `rate ARGS... AGENT GAMES`.
rate() {
    local games=${*: -1} agent=${*: -2:1}
    local args=("${@:1:$#-2}")
    local times cpu
    times=$(mktemp)
    if ! /usr/bin/time -o "$times" -f '%U %S' "$cardsim" simulate "${args[@]}" \
        --agents "$agent" --games "$games" --threads 1 --quiet >/dev/null 2>&1; then
        echo "whole_games.sh: failed: cardsim simulate ${args[*]} --agents $agent --games $games" >&2
        rm -f "$times"
        exit 1
    fi
    cpu=$(tail -1 "$times")
    rm -f "$times"
    awk -v g="$games" -v t="$cpu" 'BEGIN {
        split(t, p, " "); s = p[1] + p[2];
        if (s <= 0) { print "(under 0.01 s)" } else { printf "%d (%.2f s)\n", g / s, s }
    }'
}

# The tree's commit and the load when the run starts (the binary may be an older build).
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
load=$(cut -d' ' -f1-3 /proc/loadavg)
echo "| game | random games/s per core (CPU s) | heuristic games/s per core (CPU s) |"
echo "|---|---|---|"
for row in "${rows[@]}"; do
    IFS='|' read -r label args n_random n_heuristic <<<"$row"
    read -r -a argv <<<"$args"
    n_random=$(awk -v n="$n_random" -v s="$scale" 'BEGIN { n = int(n * s); print (n < 1 ? 1 : n) }')
    n_heuristic=$(awk -v n="$n_heuristic" -v s="$scale" 'BEGIN { n = int(n * s); print (n < 1 ? 1 : n) }')
    echo "| $label | $(rate "${argv[@]}" random "$n_random") | $(rate "${argv[@]}" heuristic "$n_heuristic") |"
done
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit, load average $load at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end"
