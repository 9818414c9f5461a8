//! Agents for Egyptian Ratscrew: the `heuristic` agent, [`RatscrewHeuristic`], and the search
//! agents' default playout, which values a race by the cards it moves ([`card_share`]). Every
//! agent of the game takes the reaction-time settings (`rt_mean`, `rt_spread`, `errors`) of
//! [`crate::reaction`].
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::egyptian_ratscrew::Ratscrew;
//! let cat = catalog::<Ratscrew>();
//! let agent = cat.build(&"heuristic:rt_mean=0.3,errors=0.05".parse::<AgentSpec>().unwrap());
//! assert_eq!(agent.unwrap().label(), "heuristic:rt_mean=0.3,errors=0.05");
//! ```

use crate::search::Rollout;
use crate::{Agent, AgentKind, GameAgents};
use cardsim_engine::games::egyptian_ratscrew::{
    RatscrewAction, RatscrewObservation, RatscrewState,
};
use cardsim_engine::{BySeat, Game, Seat};
use rand::RngCore;

pub use cardsim_engine::games::egyptian_ratscrew::Ratscrew;

impl GameAgents for Ratscrew {
    fn game_agents() -> Vec<AgentKind<Ratscrew>> {
        vec![AgentKind::without_settings::<RatscrewHeuristic>(
            "heuristic",
            "slaps every real slap and never a false one (at its reaction time), and takes \
                   over a challenge when the chance of a face card times the pile outweighs the \
                   cards it risks",
        )]
    }

    const REAL_TIME: bool = true;

    /// The search agents' default playout (`rollout=auto`): the heuristic resolves the race
    /// at hand (every other seat slaps exactly the real slaps, every reaction time drawn from
    /// the reaction-time model), and the position after it is valued by [`card_share`].
    ///
    /// Nobody sees any stack, so a fair player's only lever is the race: what a slap or a
    /// pass is worth is the cards that race moves. Random playouts to the end of the game
    /// (the default before, issue #26) buried that one card under the noise of a whole game:
    /// the search agents slapped falsely in about three races of ten and missed about three
    /// real slaps of ten.
    fn default_rollout() -> Option<Rollout<Self>> {
        Some(Rollout::Cutoff {
            agent: Box::new(RatscrewHeuristic),
            value: after_the_race,
            label: "auto",
            margin: None,
        })
    }
}

/// The cut-off of [`Ratscrew`]'s default playout: [`card_share`] as soon as no race is open
/// (the game's end is scored by the game).
fn after_the_race(
    game: &Ratscrew,
    _start: &RatscrewState,
    now: &RatscrewState,
) -> Option<BySeat<f64>> {
    (!now.public.over && !now.public.racing).then(|| card_share(game, now))
}

/// Each seat's expected share of the cards: its stack plus what it can expect of the centre,
/// over all the cards. The centre goes to the seat it is awarded to; under a challenge of `k`
/// cards still owed, the challenger takes it and the `k` cards with probability
/// `q = (9/13)^k` (no face card among them, in a full deck's mix), the challenged seat takes
/// it with `1 - q`; with no challenge it is split evenly among the players in. Between equally
/// fast players every race is even, so cards are a fair game's stake and a seat's share of
/// them its chance of winning (gambler's ruin).
///
/// ```
/// use cardsim_agents::games::egyptian_ratscrew::{card_share, Ratscrew};
/// use cardsim_engine::{Game, Params, Seat};
/// let game = Ratscrew::new(2, &Params::new()).unwrap();
/// // Seat 0 holds three number cards, seat 1 one; nothing is in the centre.
/// let state = game.position(&[&[0, 1, 2], &[3]]);
/// assert_eq!(card_share(&game, &state)[Seat::new(0)], 0.75);
/// ```
pub fn card_share(game: &Ratscrew, s: &RatscrewState) -> BySeat<f64> {
    let n = game.players();
    let p = &s.public;
    let mut cards = BySeat::from_fn(|seat| s.stacks[seat].len() as f64);
    let centre = p.centre.len() as f64;
    if let Some(w) = p.award {
        cards[w] += centre;
    } else if let Some(ch) = p.challenge {
        let owed = f64::from(ch.owed).min(cards[p.turn]);
        let q = (9.0f64 / 13.0).powf(owed);
        cards[p.turn] += (1.0 - q) * centre - q * owed;
        cards[ch.challenger] += q * (centre + owed);
    } else {
        let players_in = || Seat::all(n).filter(|&seat| !p.out.contains(seat));
        let share = centre / players_in().count().max(1) as f64;
        for seat in players_in() {
            cards[seat] += share;
        }
    }
    let total: f64 = Seat::all(n).map(|seat| cards[seat]).sum();
    BySeat::from_fn(|seat| {
        if seat.index() < n && total > 0.0 {
            cards[seat] / total
        } else {
            0.0
        }
    })
}

/// A sensible Ratscrew player, from the observation alone:
///
/// - in a slap race it slaps exactly when the pile's top is slappable under the game's rules;
/// - asked to continue the challenge of a player who ran out, owing `k` cards with `n` cards
///   in the pile, it continues when `p * n > (1 - p) * k`, `p = 1 - (9/13)^k` being the chance
///   of turning a face card in `k` cards of a full deck's mix.
#[derive(Clone, Copy, Debug, Default)]
pub struct RatscrewHeuristic;

impl Agent<Ratscrew> for RatscrewHeuristic {
    fn choose(
        &mut self,
        game: &Ratscrew,
        _: Seat,
        obs: &RatscrewObservation,
        legal: &[RatscrewAction],
        _: &mut dyn RngCore,
    ) -> RatscrewAction {
        let want = if legal.contains(&RatscrewAction::Slap) {
            if game.slappable(&obs.public.centre) {
                RatscrewAction::Slap
            } else {
                RatscrewAction::Pass
            }
        } else if legal.contains(&RatscrewAction::Continue) {
            let k = obs.public.challenge.map_or(1, |c| c.owed) as i32;
            let p = 1.0 - (9.0f64 / 13.0).powi(k);
            let n = obs.public.centre.len() as f64;
            if p * n > (1.0 - p) * f64::from(k) {
                RatscrewAction::Continue
            } else {
                RatscrewAction::Decline
            }
        } else {
            legal[0]
        };
        if legal.contains(&want) {
            want
        } else {
            legal[0]
        }
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::honesty::check_random_games;
    use crate::testing::AgentTable;
    use crate::{catalog, same_information_same_choice, AgentSpec, SeatView};
    use cardsim_engine::driver::{self, Scratch};
    use cardsim_engine::{Params, RaceEntry, ToMove};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn game(players: usize, params: &[&str]) -> Ratscrew {
        Ratscrew::new(players, &Params::parse(params).unwrap()).unwrap()
    }

    /// Seat 0's mean win share over `n` two-player games of `a` against `b`.
    fn duel(a: &str, b: &str, n: u64) -> f64 {
        crate::testing::duel(&game(2, &[]), a, b, n)
    }

    #[test]
    fn the_heuristic_beats_random() {
        let w = duel("heuristic", "random", 200);
        assert!(w > 0.85, "{w}");
    }

    #[test]
    fn the_faster_heuristic_wins_more() {
        let w = duel("heuristic:rt_mean=0.4", "heuristic:rt_mean=0.6", 200);
        assert!(w > 0.6, "{w}");
        let w = duel("heuristic", "heuristic:errors=0.2", 200);
        assert!(w > 0.6, "{w}");
    }

    #[test]
    fn the_heuristic_decides_from_the_observation_only() {
        let g = game(3, &["sandwich=true"]);
        let compared = same_information_same_choice(&g, &mut RatscrewHeuristic, 0..4, 3, 200);
        assert!(compared > 300, "{compared}");
    }

    #[test]
    fn search_agents_play_ratscrew_races_honestly() {
        let g = game(2, &[]);
        for spec in ["ismcts:iters=20", "pimc:worlds=2,iters=10"] {
            let mut agent = catalog::<Ratscrew>()
                .build(&spec.parse::<AgentSpec>().unwrap())
                .unwrap();
            assert!(same_information_same_choice(&g, agent.as_mut(), 0..2, 2, 6) > 0);
        }
    }

    fn places(st: &<Ratscrew as Game>::State, out: &mut Vec<u32>) {
        out.clear();
        for s in Seat::all(3) {
            out.extend(st.stacks[s].iter().map(u32::from));
        }
    }

    /// Nobody sees any stack: each position holds any card not face up in the centre, evenly.
    fn belief(obs: &RatscrewObservation, _place: usize, value: u32) -> f64 {
        if obs.public.centre.iter().any(|c| u32::from(c) == value) {
            0.0
        } else {
            1.0 / (52 - obs.public.centre.len()) as f64
        }
    }

    #[test]
    fn determinizations_are_honest() {
        let g = game(3, &[]);
        let report = check_random_games(&g, 0..4, 25, 200, places, belief).unwrap();
        assert!(report.hidden_checks > 10_000, "{report:?}");
        // A belief that says a seat knows the order of its own stack is caught.
        let wrong = |o: &RatscrewObservation, place: usize, value: u32| {
            if place == 0 && value % 2 == 1 {
                0.0
            } else {
                belief(o, place, value)
            }
        };
        assert!(check_random_games(&g, 0..4, 25, 200, places, wrong).is_err());
    }

    /// Race positions of heuristic games (two players), seat 0 to decide: `slappable`
    /// positions whose top may be slapped, then `other` whose top may not.
    fn race_positions(slappable: usize, other: usize) -> Vec<<Ratscrew as Game>::State> {
        let g = game(2, &[]);
        let (mut yes, mut no) = (Vec::new(), Vec::new());
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut scratch = Scratch::new();
        while yes.len() < slappable || no.len() < other {
            let mut s = g.deal(&mut rng);
            let mut table = AgentTable(vec![
                Box::new(RatscrewHeuristic),
                Box::new(RatscrewHeuristic),
            ]);
            for _ in 0..rng.random_range(1..400) {
                if g.to_move(&s) == ToMove::Over {
                    break;
                }
                let Ok(_) = driver::step(&g, &mut s, &mut table, &mut scratch, &mut rng);
            }
            if !matches!(g.to_move(&s), ToMove::Race(_)) {
                continue;
            }
            if g.slappable(&s.public.centre) {
                if yes.len() < slappable {
                    yes.push(s);
                }
            } else if no.len() < other {
                no.push(s);
            }
        }
        yes.extend(no);
        yes
    }

    /// Regression (issue #26): the search agents at their defaults slapped falsely in about
    /// three races of ten and missed about three real slaps of ten (random playouts to the end
    /// of the game, whose noise buried the card a race moves). Now they slap exactly the real
    /// slaps, as the heuristic does.
    #[test]
    fn search_agents_slap_every_real_slap_and_no_false_one() {
        let g = game(2, &[]);
        let positions = race_positions(12, 36);
        let mut legal = Vec::new();
        for spec in ["ismcts", "pimc", "mo-ismcts", "ismcts:rt_mean=2"] {
            let mut agent = catalog::<Ratscrew>()
                .build(&spec.parse::<AgentSpec>().unwrap())
                .unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(3);
            for (i, s) in positions.iter().enumerate() {
                g.race_actions(s, Seat::new(0), &mut legal);
                let a = agent.act(&SeatView::new(&g, s, Seat::new(0)), &legal, &mut rng);
                let want = if g.slappable(&s.public.centre) {
                    RatscrewAction::Slap
                } else {
                    RatscrewAction::Pass
                };
                assert_eq!(a, want, "{spec}, position {i}: {:?}", s.public.centre);
            }
        }
    }

    /// Seat 0's [`card_share`] after a race on `s` in which seat 0 plays `mine` and seat 1
    /// passes, both reacting in 0.5 s.
    fn share_after(g: &Ratscrew, s: &<Ratscrew as Game>::State, mine: RatscrewAction) -> f64 {
        let mut t = s.clone();
        let entries = [(0, mine), (1, RatscrewAction::Pass)].map(|(seat, action)| RaceEntry {
            seat: Seat::new(seat),
            action,
            reaction: 0.5,
        });
        g.apply_race(&mut t, &entries, &mut ChaCha8Rng::seed_from_u64(0));
        card_share(g, &t)[Seat::new(0)]
    }

    #[test]
    fn card_share_counts_a_false_slap_as_a_loss_and_a_won_pile_as_a_gain() {
        let g = game(2, &[]);
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        // Twos are 0 and 13; no face card (ranks 9-12) is dealt.
        let mut s = g.position(&[&[0, 2, 4, 6], &[13, 3, 5, 7]]);
        g.apply(&mut s, RatscrewAction::Flip, &mut rng);
        assert!(!g.slappable(&s.public.centre));
        let share = card_share(&g, &s);
        assert_eq!(share[Seat::new(0)] + share[Seat::new(1)], 1.0);
        // A lone two: slapping it gives a card away.
        let pass = share_after(&g, &s, RatscrewAction::Pass);
        assert_eq!(pass, 3.5 / 8.0, "3 cards and half the centre's one, of 8");
        assert!(share_after(&g, &s, RatscrewAction::Slap) < pass);
        // Seat 1 turns the other two: a pair, which the slapper takes.
        let entries = Seat::all(2).map(|seat| RaceEntry {
            seat,
            action: RatscrewAction::Pass,
            reaction: 0.5,
        });
        g.apply_race(&mut s, &entries.collect::<Vec<_>>(), &mut rng);
        g.apply(&mut s, RatscrewAction::Flip, &mut rng);
        assert!(g.slappable(&s.public.centre));
        assert_eq!(share_after(&g, &s, RatscrewAction::Slap), 5.0 / 8.0);
        assert_eq!(share_after(&g, &s, RatscrewAction::Pass), 0.5);
    }
}
