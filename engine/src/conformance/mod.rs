//! Generic checks that every [`Game`] must pass, for use in each game's tests.
//!
//! ```
//! use cardsim_engine::{conformance, games::trash::Trash, Game, Params};
//! let game = Trash::new(3, &Params::new()).unwrap();
//! let report = conformance::random_games(&game, 0..3, 1_000_000);
//! assert_eq!(report.games, 3);
//! ```

pub mod fuzz;
pub mod perft;
pub mod snap;
pub use snap::{Snap, SnapAction, SnapObservation, SnapState};

use crate::driver::{self, actions_of, Policy, RandomPolicy, Scratch, Step};
use crate::game::{Game, ToMove};
use crate::seat::Seat;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// What a run of [`random_games`] saw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Games played to the end.
    pub games: usize,
    /// Of those, games stopped at the game's own move cap (draws).
    pub draws: usize,
    /// Actions applied in all.
    pub moves: usize,
    /// Determinizations sampled and checked.
    pub determinizations: usize,
    /// Per game, the statistics of [`Game::stats`].
    pub stats: Vec<Vec<f64>>,
}

/// A soak's figures without the per-game statistics, to add up over configurations and print
/// (`{games} games, {moves} moves, {draws} draws, {determinizations} determinizations`).
///
/// ```
/// use cardsim_engine::{conformance, games::trash::Trash, Game, Params};
/// let game = Trash::new(2, &Params::new()).unwrap();
/// let mut total = conformance::SoakTotals::default();
/// total += conformance::SoakTotals::of(&conformance::soak(&game, 0..4, 1_000_000, 2));
/// total += conformance::SoakTotals::of(&conformance::soak(&game, 4..6, 1_000_000, 2));
/// assert_eq!(total.games, 6);
/// assert!(total.to_string().starts_with("6 games, "));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SoakTotals {
    /// Games played to the end.
    pub games: usize,
    /// Of those, games stopped at the move cap.
    pub draws: usize,
    /// Actions applied in all.
    pub moves: usize,
    /// Determinizations sampled and checked.
    pub determinizations: usize,
}

impl SoakTotals {
    /// The figures of one run.
    pub fn of(report: &Report) -> Self {
        SoakTotals {
            games: report.games,
            draws: report.draws,
            moves: report.moves,
            determinizations: report.determinizations,
        }
    }
}

impl std::ops::AddAssign for SoakTotals {
    fn add_assign(&mut self, other: Self) {
        self.games += other.games;
        self.draws += other.draws;
        self.moves += other.moves;
        self.determinizations += other.determinizations;
    }
}

impl std::fmt::Display for SoakTotals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} games, {} moves, {} draws, {} determinizations",
            self.games, self.moves, self.draws, self.determinizations
        )
    }
}

/// Plays one uniformly random game per seed through the [`driver`] (turns
/// and races alike) and checks the [`Game`] contract at every step: the invariants hold, the
/// seat to move has legal actions and each is accepted by `try_apply`, observations survive
/// determinization unchanged (with the same legal or race actions for the seats to act), the
/// outcome appears exactly at the end with valid places and win shares that add to 1, and
/// replaying the seed gives the same game. A game stopped at its own move cap
/// ([`Game::move_cap`]) counts as a draw.
///
/// # Panics
/// On the first broken rule (a player count outside the game's range included), or if a game runs
/// longer than `max_moves`.
pub fn random_games<G: Game>(game: &G, seeds: std::ops::Range<u64>, max_moves: usize) -> Report {
    soak(game, seeds, max_moves, 1)
}

/// [`random_games`] for long soaks: every game still has its invariants checked after every
/// move, its seat to move checked for legal actions and its outcome checked, but only the games
/// whose seed is a multiple of `full_every` also get the costly checks (determinizations every
/// seventh move, `try_apply` of every legal action, the replay). `full_every = 1` is
/// [`random_games`].
///
/// # Panics
/// As [`random_games`]; also if `full_every` is 0.
pub fn soak<G: Game>(
    game: &G,
    seeds: std::ops::Range<u64>,
    max_moves: usize,
    full_every: u64,
) -> Report {
    soak_with(game, seeds, max_moves, full_every, &mut RandomPolicy)
}

/// How many games a soak plays: the `SOAK_GAMES` environment variable, or `default` when it
/// is not set. Every game's soak test reads it, so `SOAK_GAMES=1000 cargo test --release -p
/// cardsim-engine --lib omi_soak -- --ignored` is a quick run of any of them.
///
/// # Panics
/// If `SOAK_GAMES` is set to anything but a whole number.
pub fn soak_games(default: u64) -> u64 {
    match std::env::var("SOAK_GAMES") {
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("SOAK_GAMES must be a whole number, not {v:?}")),
        Err(_) => default,
    }
}

/// [`soak`] over several configurations of one game (variants, player counts): the game of
/// seed `s` is played with `variants[s % variants.len()]`, for seeds `0..games`, and the
/// figures are added up.
///
/// ```
/// use cardsim_engine::{conformance, games::trash::Trash, Game, Params};
/// let variants = [2, 3].map(|n| Trash::new(n, &Params::new()).unwrap());
/// let total = conformance::soak_variants(&variants, 5, 1_000_000, 2);
/// assert_eq!(total.games, 5);
/// ```
///
/// # Panics
/// As [`soak`]; also if `variants` is empty.
pub fn soak_variants<G: Game>(
    variants: &[G],
    games: u64,
    max_moves: usize,
    full_every: u64,
) -> SoakTotals {
    assert!(!variants.is_empty(), "a soak needs at least one variant");
    let mut total = SoakTotals::default();
    for seed in 0..games {
        let game = &variants[(seed % variants.len() as u64) as usize];
        total += SoakTotals::of(&soak(game, seed..seed + 1, max_moves, full_every));
    }
    total
}

/// The soak of every game's ignored soak test: [`soak_variants`] over [`soak_games`] games
/// (a million unless `SOAK_GAMES` says otherwise), each capped at a million moves, with the
/// full checks every thousandth move; prints `{name} soak: {totals}` to standard error and
/// returns the totals.
///
/// # Panics
/// As [`soak_variants`].
pub fn soak_a_million<G: Game>(name: &str, variants: &[G]) -> SoakTotals {
    let total = soak_variants(variants, soak_games(1_000_000), 1_000_000, 1000);
    eprintln!("{name} soak: {total}");
    total
}

/// [`soak`] with every seat played by `policy` instead of uniformly random actions: for games
/// whose random games rarely reach their natural end (Spoons and Pig run to their move cap
/// under random play), a soak through the game's heuristic exercises the ends of rounds and
/// games. The policy must be a function of the state, the seat and the RNG it is passed, so
/// that the replay check reproduces the game.
///
/// # Panics
/// As [`soak`].
pub fn soak_with<G: Game, P: Policy<G, Error = std::convert::Infallible>>(
    game: &G,
    seeds: std::ops::Range<u64>,
    max_moves: usize,
    full_every: u64,
    policy: &mut P,
) -> Report {
    assert!(full_every > 0, "full_every must be at least 1");
    let mut report = Report::default();
    let players = game.players();
    assert!(
        (G::INFO.min_players..=G::INFO.max_players).contains(&players),
        "{} players, outside the game's {} to {}",
        players,
        G::INFO.min_players,
        G::INFO.max_players
    );
    let mut scratch = Scratch::new();
    let mut legal = Vec::new();
    let mut legal_d = Vec::new();
    let cap = game.move_cap().unwrap_or(u64::MAX);
    for seed in seeds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut sample_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        let mut state = game.deal(&mut rng);
        let mut moves = 0usize;
        let mut drawn = false;
        let full = seed % full_every == 0;
        loop {
            if let Err(e) = game.check_invariants(&state) {
                panic!("seed {seed}, move {moves}: invariant broken: {e}\n{state:?}");
            }
            let to_move = game.to_move(&state);
            assert_eq!(
                game.outcome(&state).is_some(),
                to_move == ToMove::Over,
                "seed {seed}: outcome must be present exactly when the game is over"
            );
            let actors: Vec<Seat> = match to_move {
                ToMove::Over => break,
                ToMove::Seat(s) => vec![s],
                ToMove::Race(mask) => mask.iter().collect(),
            };
            if moves as u64 >= cap {
                drawn = true;
                break;
            }
            for &seat in &actors {
                actions_of(game, &state, to_move, seat, &mut legal);
                assert!(
                    matches!(to_move, ToMove::Race(_)) || !legal.is_empty(),
                    "seed {seed}: seat {seat} to move with no legal action"
                );
            }
            if let ToMove::Seat(_) = to_move {
                if let Err(e) = check_counted(game, &state, &legal) {
                    panic!("seed {seed}, move {moves}: {e}\n{state:?}");
                }
            }
            if full && moves % 7 == 0 {
                for s in Seat::all(players) {
                    let obs = game.observe(&state, s);
                    let d = game.determinize(&obs, &mut sample_rng);
                    if let Err(e) = game.check_invariants(&d) {
                        panic!("seed {seed}: determinization breaks an invariant: {e}\n{d:?}");
                    }
                    assert_eq!(
                        game.observe(&d, s),
                        obs,
                        "seed {seed}: determinization changed what seat {s} sees"
                    );
                    assert_eq!(
                        game.to_move(&d),
                        to_move,
                        "seed {seed}: determinization changed the seat to move"
                    );
                    if actors.contains(&s) {
                        actions_of(game, &state, to_move, s, &mut legal);
                        actions_of(game, &d, to_move, s, &mut legal_d);
                        assert_eq!(
                            legal_d, legal,
                            "seed {seed}: seat {s}'s actions depend on hidden cards"
                        );
                    }
                    report.determinizations += 1;
                }
                if let ToMove::Seat(seat) = to_move {
                    actions_of(game, &state, to_move, seat, &mut legal);
                    for &a in &legal {
                        let mut probe = state.clone();
                        let mut r = ChaCha8Rng::seed_from_u64(moves as u64);
                        assert!(
                            game.try_apply(&mut probe, a, &mut r).is_ok(),
                            "seed {seed}: legal {a} rejected"
                        );
                    }
                }
            }
            match driver::step(game, &mut state, policy, &mut scratch, &mut rng) {
                Ok(Step::Moved) => {}
                Ok(Step::Over) => unreachable!("checked above"),
                Err(never) => match never {},
            }
            moves += 1;
            assert!(
                moves <= max_moves,
                "seed {seed}: game longer than {max_moves} moves"
            );
        }
        let outcome = if drawn {
            driver::draw(players)
        } else {
            game.outcome(&state).expect("over")
        };
        let results = outcome.first(players);
        let wins: f64 = results.iter().map(|r| r.win).sum();
        if players > 1 {
            assert!(
                (wins - 1.0).abs() < 1e-9,
                "seed {seed}: win shares add to {wins}, not 1"
            );
        }
        for r in results {
            assert!(
                r.place >= 1 && r.place as usize <= players,
                "seed {seed}: bad place {}",
                r.place
            );
            // A one-player game's single seat is always first; only its win share says win or loss.
            assert!(
                players == 1 || (r.win > 0.0) == (r.place == 1),
                "seed {seed}: win share without first place"
            );
        }
        if !full {
            report.games += 1;
            report.draws += usize::from(drawn);
            report.moves += moves;
            let mut stats = Vec::new();
            game.stats(&state, &mut stats);
            assert_eq!(
                stats.len(),
                G::INFO.stats.len(),
                "stats length must match GameInfo::stats"
            );
            report.stats.push(stats);
            continue;
        }
        // Replaying the same seed must reproduce the game exactly.
        let mut rng2 = ChaCha8Rng::seed_from_u64(seed);
        let mut replay = game.deal(&mut rng2);
        let end = match driver::play(
            game,
            &mut replay,
            policy,
            &mut scratch,
            &mut rng2,
            max_moves as u64,
        ) {
            Ok(end) => end,
            Err(never) => match never {},
        };
        assert_eq!(
            end.moves(),
            moves as u64,
            "seed {seed}: replay length differs"
        );
        assert_eq!(end.is_draw(), drawn, "seed {seed}: replay ends differently");
        let mut s1 = Vec::new();
        let mut s2 = Vec::new();
        game.stats(&state, &mut s1);
        game.stats(&replay, &mut s2);
        assert_eq!(s1, s2, "seed {seed}: replay differs");
        assert_eq!(
            s1.len(),
            G::INFO.stats.len(),
            "stats length must match GameInfo::stats"
        );
        assert_eq!(
            end.outcome(game, &replay),
            outcome,
            "seed {seed}: replay outcome differs"
        );
        report.games += 1;
        report.draws += usize::from(drawn);
        report.moves += moves;
        report.stats.push(s1);
    }
    report
}

/// Checks [`Game::legal_count`], [`Game::nth_legal`] and [`Game::pick_legal`] against
/// `legal`, the list of [`Game::legal_actions`] in `state`: where the game counts, the count
/// is the list's length, and `nth_legal(i)` and `pick_legal` answering `i` (asked with the
/// count, or not asked for a single action) are the list's action `i`, for every `i`.
///
/// # Errors
/// What differs.
pub(crate) fn check_counted<G: Game>(
    game: &G,
    state: &G::State,
    legal: &[G::Action],
) -> Result<bool, String> {
    let Some(count) = game.legal_count(state) else {
        return Ok(false);
    };
    if count != legal.len() {
        return Err(format!(
            "legal_count {count}, but {} legal actions",
            legal.len()
        ));
    }
    for (i, &a) in legal.iter().enumerate() {
        let nth = game.nth_legal(state, i);
        if nth != a {
            return Err(format!("nth_legal({i}) is {nth}, legal action {i} is {a}"));
        }
        let mut asked = None;
        let picked = game.pick_legal(state, |n| {
            asked = Some(n);
            Ok::<_, ()>(i)
        });
        if picked != Some(Ok(a)) || asked != (count > 1).then_some(count) {
            return Err(format!(
                "pick_legal answering {i} gives {picked:?} after asking with {asked:?}; \
                 legal action {i} is {a}, of {count}"
            ));
        }
    }
    Ok(true)
}

/// Plays one uniformly random game per seed and, at every turn, compares
/// [`Game::legal_count`] and [`Game::nth_legal`] with [`Game::legal_actions`]: where the game
/// counts its actions, the count is the list's length and `nth_legal(i)` enumerates the list
/// in its order (so a random agent plays the same games either way). Returns the number of
/// turns at which the game counted, so that a test can require that its override was used.
///
/// ```
/// use cardsim_engine::{conformance, games::bridge::Bridge, Game, Params};
/// let game = Bridge::new(4, &Params::new()).unwrap();
/// assert!(conformance::counted_actions(&game, 0..2, 100_000) > 100);
/// ```
///
/// # Panics
/// On the first difference, or if a game runs longer than `max_moves` (and its own move cap,
/// [`Game::move_cap`]).
pub fn counted_actions<G: Game>(game: &G, seeds: std::ops::Range<u64>, max_moves: usize) -> usize {
    let mut scratch = Scratch::new();
    let mut legal = Vec::new();
    let mut counted = 0;
    let cap = game.move_cap().unwrap_or(u64::MAX);
    for seed in seeds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.deal(&mut rng);
        for moves in 0..=max_moves {
            if moves as u64 >= cap {
                break;
            }
            if let ToMove::Seat(_) = game.to_move(&state) {
                game.legal_actions(&state, &mut legal);
                match check_counted(game, &state, &legal) {
                    Ok(c) => counted += usize::from(c),
                    Err(e) => panic!("seed {seed}, move {moves}: {e}\n{state:?}"),
                }
            }
            match driver::step(game, &mut state, &mut RandomPolicy, &mut scratch, &mut rng) {
                Ok(Step::Moved) => {}
                Ok(Step::Over) => break,
                Err(never) => match never {},
            }
            assert!(
                moves < max_moves,
                "seed {seed}: game longer than {max_moves} moves"
            );
        }
    }
    counted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::trash::Trash;
    use crate::Params;

    #[test]
    fn a_soak_plays_the_same_games_with_fewer_costly_checks() {
        let game = Trash::new(3, &Params::new()).unwrap();
        let full = random_games(&game, 0..12, 1_000_000);
        let light = soak(&game, 0..12, 1_000_000, 4);
        assert_eq!(light.games, 12);
        assert_eq!(light.moves, full.moves);
        assert_eq!(light.stats, full.stats);
        // Seeds 0, 4 and 8 get determinizations; the other nine do not.
        assert!(light.determinizations > 0);
        assert!(light.determinizations < full.determinizations / 2);
    }
}
