#!/usr/bin/env bash
# Mutation testing of one game's rules: cargo-mutants changes the code of
# engine/src/games/<game>/ (one small mutation at a time) and runs the engine's tests on each
# mutant (the tests under games::<game>:: only, and those of a game sharing its rules, in the
# `mutants` profile of Cargo.toml); a mutant the tests do not catch is a rule nobody tests.
# Not run in CI (slow).
#
#   scripts/mutants.sh <game> [extra cargo-mutants arguments]
#   scripts/mutants.sh omi --list        # the mutants only, nothing built
#   scripts/mutants.sh omi --in-place --baseline=skip --re 'score_hand'
#                                        # a few mutants on the warm target/ (no copy)
#
# <game> is a folder under engine/src/games (omi, court_piece, xeri, ...). Needs
# `cargo install cargo-mutants --locked`. Results go to target/mutants-out/<game>/mutants.out/
# (outcomes.json, caught.txt, missed.txt, timeout.txt, unviable.txt); MUTANTS_OUT moves them.
# A mutant's tests are cut at five times the baseline's test time, at least
# MUTANTS_MIN_TIMEOUT seconds (default 60); MUTANTS_TIMEOUT sets a fixed limit instead.
# MUTANTS_JOBS runs that many mutants at once (default 1). Record the score and the survivors
# judged equivalent in docs/testing.md.
set -euo pipefail

if [ $# -lt 1 ] || [ -z "$1" ]; then
    echo "usage: scripts/mutants.sh <game> [cargo-mutants arguments]" >&2
    exit 2
fi
game=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
dir="engine/src/games/$game"
case $game in
    */* | .* | *[!a-z0-9_]*)
        echo "mutants.sh: bad game name '$game' (a folder under engine/src/games)" >&2
        exit 2
        ;;
esac
if [ ! -d "$root/$dir" ]; then
    echo "mutants.sh: no game folder $dir" >&2
    exit 2
fi
if ! cargo mutants --version >/dev/null 2>&1; then
    echo "mutants.sh: cargo-mutants is not installed (cargo install cargo-mutants --locked)" >&2
    exit 2
fi

cd "$root"
# The tests that can see the game's rules: the library's tests under games::<game>:: (the
# game's own tests, its conformance and perft tables, its encoding tests). Other tests and
# doctests are not run: a narrower set can only miss mutants, never catch one falsely, so the
# score is a lower bound. `--lib` goes to the build too, so nothing else is compiled.
out=${MUTANTS_OUT:-target/mutants-out/$game}
mkdir -p "$out"
# cargo-mutants runs one job unless told (and refuses --jobs with --in-place).
jobs=()
if [ -n "${MUTANTS_JOBS:-}" ]; then
    jobs=(--jobs "$MUTANTS_JOBS")
fi
# A game written as `<game>.rs` beside its folder (Whist) has its rules in that file.
files=(--file "$dir/*.rs")
if [ -f "$root/$dir.rs" ]; then
    files+=(--file "$dir.rs")
fi
timeout=(--minimum-test-timeout "${MUTANTS_MIN_TIMEOUT:-60}")
if [ -n "${MUTANTS_TIMEOUT:-}" ]; then
    timeout=(--timeout "$MUTANTS_TIMEOUT")
fi
# A game whose rules serve another game too has that game's tests run as well: Mattis's
# `TwoPart` carries Myllymatti's rules (pairs, exposed hands), tested under games::myllymatti::.
# `common` holds the parts several games share (the auction, the beating of Mattis's second
# half, stocks, eliminations, races, the census of cards, texts): most of their rules are
# tested through the games that use them, so its mutants run every game's tests.
filters=("games::$game::")
case $game in
    mattis) filters+=("games::myllymatti::") ;;
    common) filters=("games::") ;;
esac
exec cargo mutants \
    --package cardsim-engine \
    --test-package cardsim-engine \
    "${files[@]}" \
    --exclude "$dir/tests.rs" \
    --profile mutants \
    --cargo-arg=--lib \
    "${timeout[@]}" \
    "${jobs[@]}" \
    --output "$out" \
    "$@" \
    -- -- "${filters[@]}"
