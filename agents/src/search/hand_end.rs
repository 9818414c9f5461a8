//! The end of a hand as the end of a playout, for games played hand by hand to a target
//! (see [`crate::GameAgents::hand_end`]): a playout stops when the hand it started in is
//! over and values it by what each side gained in it, instead of dealing and playing hand
//! after hand to the end of the match.

use super::rollout::Rollout;
use crate::{GameAgents, RandomAgent};
use cardsim_engine::{BySeat, Game, Seat};

/// Each seat's reward for a hand that gained `gain(seat)` points for `seat`'s side (its own
/// in a game without partnerships): `0.5 + (gain - others) / (2 * scale)`, clamped to
/// `[0, 1]`, where `others` is the mean gain of the seats on other sides and `scale` is the
/// largest swing a hand usually makes. A hand that gained a side as much as the others is
/// worth 0.5 to it. A game won is worth 1 to each of the winners and a game lost 0
/// ([`side_rewards`](super::side_rewards)), at least as much and as little as any hand.
///
/// ```
/// use cardsim_agents::search::gain_share;
/// use cardsim_engine::{games::whist::Whist, Game, Params, Seat};
/// let game = Whist::new(4, &Params::new()).unwrap();
/// // Seats 0 and 2 (one side) made 3 points, the other side none.
/// let r = gain_share(&game, |s| if s.index() % 2 == 0 { 3.0 } else { 0.0 }, 6.0);
/// assert_eq!((r[Seat::new(0)], r[Seat::new(1)]), (0.75, 0.25));
/// ```
pub fn gain_share<G: Game>(game: &G, gain: impl Fn(Seat) -> f64, scale: f64) -> BySeat<f64> {
    let n = game.players();
    BySeat::from_fn(|s| {
        if s.index() >= n {
            return 0.0;
        }
        let (mut sum, mut count) = (0.0, 0u32);
        for t in Seat::all(n).filter(|&t| game.team(t) != game.team(s)) {
            sum += gain(t);
            count += 1;
        }
        let others = if count == 0 {
            0.0
        } else {
            sum / f64::from(count)
        };
        (0.5 + (gain(s) - others) / (2.0 * scale)).clamp(0.0, 1.0)
    })
}

/// The playout of `rollout=auto` in a game that offers no playout of its own
/// ([`GameAgents::default_rollout`]): where the game values hands ([`GameAgents::hand_end`]),
/// random play to the end of the hand the search's decision is in, valued from the search's
/// root ([`Rollout::HandEnd`]); random play to the end of the game otherwise.
pub fn auto_rollout<G: GameAgents>() -> Rollout<G> {
    if let Some(r) = G::default_rollout() {
        return r;
    }
    match G::hand_end() {
        Some(value) => Rollout::HandEnd {
            agent: Box::new(RandomAgent),
            value,
            leaf: None,
            margin: None,
        },
        None => Rollout::Random,
    }
}

/// A [`CutoffValue`](super::CutoffValue) for a game whose state tells how many hands were played and each seat's
/// side's score: once `hands(now)` exceeds `hands(start)` and the game is not over,
/// [`gain_share`] of the score gained since `start`, with `scale`.
pub fn hands_and_scores<G: Game>(
    game: &G,
    start: &G::State,
    now: &G::State,
    hands: impl Fn(&G::State) -> u32,
    score: impl Fn(&G::State, Seat) -> f64,
    scale: f64,
) -> Option<BySeat<f64>> {
    if hands(now) <= hands(start) || game.outcome(now).is_some() {
        return None;
    }
    Some(gain_share(game, |s| score(now, s) - score(start, s), scale))
}

/// Test support for the games' [`GameAgents::hand_end`] tests.
#[cfg(test)]
pub(crate) mod testing {
    use crate::GameAgents;
    use cardsim_engine::{BySeat, ToMove};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Plays random games of `game` from `seeds` and, after every move, asks the game's
    /// [`GameAgents::hand_end`] about the position from the state at the start of the hand
    /// (and, once it answers, from the state one move before, in the same hand). The first
    /// position it values ends that hand: `check(start, before, after, value)` is called with the start
    /// of the hand, the state just before the last move and the valued state, and the next
    /// hand starts there. Returns the hands checked.
    ///
    /// # Panics
    /// If the game has no `hand_end`, if the cut-off ends the hand from the start but not
    /// from the move before, if it values the game's last position, or if `check` panics.
    pub(crate) fn check_hand_ends<G: GameAgents>(
        game: &G,
        seeds: std::ops::Range<u64>,
        mut check: impl FnMut(&G::State, &G::State, &G::State, &BySeat<f64>),
    ) -> usize {
        let value = G::hand_end().expect("the game has a hand_end");
        let mut legal = Vec::new();
        let mut hands = 0;
        for seed in seeds {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut state = game.deal(&mut rng);
            let mut start = state.clone();
            while let ToMove::Seat(_) = game.to_move(&state) {
                game.legal_actions(&state, &mut legal);
                let before = state.clone();
                let a = legal[rng.random_range(0..legal.len())];
                game.apply(&mut state, a, &mut rng);
                if let Some(v) = value(game, &start, &state) {
                    assert!(
                        value(game, &before, &state).is_some(),
                        "seed {seed}: the hand ended from a later start too"
                    );
                    check(&start, &before, &state, &v);
                    hands += 1;
                    start = state.clone();
                }
            }
            assert!(
                value(game, &start, &state).is_none(),
                "seed {seed}: the game's end is scored by the game, not the cut-off"
            );
        }
        hands
    }
}
