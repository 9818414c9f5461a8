//! Perft: counting the lines of play from a position, as chess engines check their move
//! generators. A game's tests compare the counts from fixed positions with figures worked
//! out independently from the rules (by hand, or by a formula over the hands), so a move
//! generator that allows too much or too little is caught at once.
//!
//! Chance inside [`Game::apply`] (a redeal, a draw from the stock) is resolved from an RNG
//! seeded afresh for every move, so counts are reproducible.
//!
//! ```
//! use cardsim_engine::conformance::perft::perft;
//! use cardsim_engine::conformance::snap::Snap;
//! use cardsim_engine::{Game, Params};
//! use rand::SeedableRng;
//! let game = Snap::new(2, &Params::new()).unwrap();
//! let state = game.deal(&mut rand_chacha::ChaCha8Rng::seed_from_u64(1));
//! // Snap's turns are forced flips: one line per depth until a race.
//! assert_eq!(perft(&game, &state, 1), 1);
//! ```

use crate::game::{Game, RaceEntry, ToMove};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The number of distinct lines of `depth` decisions from `state` (1 at depth 0; a line that
/// reaches the end of the game sooner counts 0). A turn branches on each legal action; a race
/// branches on every combination of the racing seats' actions, the lower seat reacting first.
pub fn perft<G: Game>(game: &G, state: &G::State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut actions = Vec::new();
    match game.to_move(state) {
        ToMove::Over => 0,
        ToMove::Seat(_) => {
            game.legal_actions(state, &mut actions);
            actions
                .iter()
                .map(|&a| {
                    let mut next = state.clone();
                    game.apply(&mut next, a, &mut chance(depth));
                    perft(game, &next, depth - 1)
                })
                .sum()
        }
        ToMove::Race(mask) => {
            let per_seat: Vec<(crate::Seat, Vec<G::Action>)> = mask
                .iter()
                .map(|s| {
                    let mut out = Vec::new();
                    game.race_actions(state, s, &mut out);
                    (s, out)
                })
                .filter(|(_, out)| !out.is_empty())
                .collect();
            let combos: usize = per_seat.iter().map(|(_, a)| a.len()).product();
            let mut total = 0;
            for mut k in 0..combos {
                let mut entries = Vec::with_capacity(per_seat.len());
                for (i, (seat, acts)) in per_seat.iter().enumerate() {
                    entries.push(RaceEntry {
                        seat: *seat,
                        action: acts[k % acts.len()],
                        reaction: i as f64,
                    });
                    k /= acts.len();
                }
                let mut next = state.clone();
                game.apply_race(&mut next, &entries, &mut chance(depth));
                total += perft(game, &next, depth - 1);
            }
            total
        }
    }
}

/// The chance of one move: fixed for a given depth, so counts do not depend on search order.
fn chance(depth: u32) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(0x9e37_79b9 ^ u64::from(depth))
}

/// Perft of every depth from 1 to `max_depth`, for a table in a test.
pub fn perft_table<G: Game>(game: &G, state: &G::State, max_depth: u32) -> Vec<u64> {
    (1..=max_depth).map(|d| perft(game, state, d)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance::snap::{Snap, SnapState};
    use crate::{Params, Seat};

    #[test]
    fn snap_branches_only_in_races() {
        let game = Snap::new(3, &Params::new()).unwrap();
        let mut s: SnapState = game.deal(&mut ChaCha8Rng::seed_from_u64(2));
        // A pair on top of the centre (cards 0 and 1 share rank 0): three seats race, two
        // actions each.
        let piles: [&[u8]; 3] = [&[2, 3, 4, 5], &[6, 7, 8], &[9, 10, 11]];
        for (p, cards) in piles.iter().enumerate() {
            s.piles[Seat::new(p)] = cards.iter().copied().collect();
        }
        s.centre = [0, 1].into_iter().collect();
        s.racing = true;
        assert_eq!(game.check_invariants(&s), Ok(()));
        assert_eq!(perft(&game, &s, 1), 8);
        // After the race, the seat to move flips (one line per race outcome), unless a pile
        // emptied.
        assert_eq!(perft(&game, &s, 2), 8);
        s.racing = false;
        s.turn = Seat::new(1);
        assert_eq!(perft_table(&game, &s, 1), vec![1]);
    }
}
