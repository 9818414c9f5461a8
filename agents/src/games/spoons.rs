//! Agents for Spoons and Pig: the `heuristic` agent, [`SpoonsHeuristic`]. Every agent of the
//! two games takes the reaction-time settings (`rt_mean`, `rt_spread`, `errors`) of
//! [`crate::reaction`]; `errors` is the chance that a tick's choice is swapped for another legal
//! one: another card passed, or a grab missed (the player passes a card instead and grabs
//! later, or passes a card of its four of a kind away).
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::spoons::{Pig, Spoons};
//! let cat = catalog::<Spoons>();
//! assert!(cat.build(&"heuristic:rt_mean=0.35,errors=0.1".parse::<AgentSpec>().unwrap()).is_ok());
//! assert!(catalog::<Pig>().build(&"heuristic".parse::<AgentSpec>().unwrap()).is_ok());
//! ```

use crate::search::Rollout;
use crate::{Agent, AgentKind, AgentSpec, GameAgents};
use cardsim_engine::cards::{Card, CardMultiset, CardSet, Rank};
use cardsim_engine::games::spoons::{
    rank_count, PigRules, SpoonsAction, SpoonsGame, SpoonsObservation, SpoonsPublic, SpoonsRules,
    SpoonsState, SpoonsVariant,
};
use cardsim_engine::{BySeat, Game, Seat};
use rand::{Rng, RngCore};

pub use cardsim_engine::games::spoons::{Pig, Spoons};

/// What the agents know of each variant of Spoons beyond its rules.
pub trait SpoonsAgents: SpoonsVariant {
    /// Standard errors by which a search's race action must beat the heuristic's choice to
    /// replace it in the default playout ([`Rollout::Cutoff`]'s `margin`); `None`: the
    /// search's best action stands.
    const RACE_MARGIN: Option<f64>;
}

impl SpoonsAgents for SpoonsRules {
    /// None in Spoons.
    const RACE_MARGIN: Option<f64> = None;
}

impl SpoonsAgents for PigRules {
    /// [`PIG_RACE_MARGIN`].
    const RACE_MARGIN: Option<f64> = Some(PIG_RACE_MARGIN);
}

impl<V: SpoonsAgents> GameAgents for SpoonsGame<V> {
    fn game_agents() -> Vec<AgentKind<SpoonsGame<V>>> {
        vec![AgentKind::without_settings::<SpoonsHeuristic>(
            "heuristic",
            "grabs at once on four of a kind or on a grab, keeps the rank it holds most of \
             and passes a card of the rank it holds fewest of (at random after 60 ticks \
             without a grab, to unblock)",
        )]
    }

    const REAL_TIME: bool = true;

    /// The search agents' default playout (`rollout=auto`): the heuristic (at the default
    /// reaction time) plays every seat for [`HORIZON`] ticks, and the position is valued by
    /// [`progress_share`] (or by [`lives_share`] if the round ended meanwhile). Random play
    /// almost never assembles four of a kind and runs to the move cap; heuristic play to the
    /// end of the game takes hundreds of ticks, and to the end of the round tens, whose
    /// outcome (mostly who is slowest to grab) barely depends on the card passed.
    fn default_rollout() -> Option<Rollout<Self>> {
        let agent = crate::catalog::<Self>()
            .build(&AgentSpec {
                name: "heuristic".into(),
                params: Vec::new(),
            })
            .expect("the heuristic builds");
        Some(Rollout::Cutoff {
            agent,
            value: round_over_value::<V>,
            label: "auto",
            margin: V::RACE_MARGIN,
        })
    }
}

/// Standard errors by which a search's race action in Pig must beat the heuristic's choice
/// to replace it ([`Rollout::Cutoff`]'s `margin`): [`progress_share`] sees only each hand's
/// longest rank, so without evidence the heuristic's pass (which keeps second pairs) stands.
/// One standard error: in the strength runs (seeds 0 and 1, 20 deals each) it did better
/// than two (docs/experiments.md).
pub const PIG_RACE_MARGIN: f64 = 1.0;

/// Each seat's share of the lives left (letters it may still take before it is out, 0 for a
/// player out): the search's estimate of its chance of winning from a position between
/// rounds.
pub fn lives_share<V: SpoonsVariant>(game: &SpoonsGame<V>, s: &SpoonsState) -> BySeat<f64> {
    lives_share_after(game, &s.public, None)
}

/// [`lives_share`] of the public position `p` once `loser` (if any) has taken a letter.
fn lives_share_after<V: SpoonsVariant>(
    game: &SpoonsGame<V>,
    p: &SpoonsPublic,
    loser: Option<Seat>,
) -> BySeat<f64> {
    let lives = |seat: Seat| {
        let letters = p.letters[seat] + u8::from(loser == Some(seat));
        if p.out.is_out(seat) {
            0.0
        } else {
            f64::from(game.letters().saturating_sub(letters))
        }
    };
    let total: f64 = Seat::all(game.players()).map(lives).sum();
    BySeat::from_fn(|seat| {
        if seat.index() < game.players() && total > 0.0 {
            lives(seat) / total
        } else {
            0.0
        }
    })
}

/// How much likelier a player is to be the first to four of a kind for each card fewer it
/// needs, in [`progress_share`]'s model.
pub const ODDS_PER_CARD: f64 = 4.0;

/// Ticks a search's playout plays on (beyond the race it decides) before a round that has
/// not ended is valued by [`progress_share`].
pub const HORIZON: u32 = 1;

/// Cards `hand` lacks for four of a kind (0 to 3): four less its longest rank.
fn cards_needed(hand: CardMultiset) -> i32 {
    let longest = Rank::ALL
        .into_iter()
        .map(|r| rank_count(hand, r))
        .max()
        .unwrap_or(0);
    4 - longest.min(4) as i32
}

/// Each seat's expected [`lives_share`] after the round under way, from how near each hand is
/// to four of a kind: the first to grab is seat `i` with a chance proportional to
/// `ODDS_PER_CARD^-needed(i)`, and the letter goes to one of the others, equally likely (who
/// is slowest in the grab race). The search's estimate of a position in the middle of a
/// round, so that its playouts can stop after [`HORIZON`] ticks: the round itself is mostly
/// decided by reaction times, and hundreds of playouts to its end barely tell which card
/// to pass.
pub fn progress_share<V: SpoonsVariant>(game: &SpoonsGame<V>, s: &SpoonsState) -> BySeat<f64> {
    let p = &s.public;
    let active = || p.out.active(game.players());
    let weight = |seat: Seat| ODDS_PER_CARD.powi(-cards_needed(s.hands[seat]));
    let total: f64 = active().map(weight).sum();
    let others = active().count().saturating_sub(1).max(1) as f64;
    let mut value = BySeat::from_fn(|_| 0.0);
    for loser in active() {
        let lose = (1.0 - weight(loser) / total) / others;
        let share = lives_share_after(game, p, Some(loser));
        for seat in active() {
            value[seat] += lose * share[seat];
        }
    }
    value
}

/// The cut-off of [`GameAgents::default_rollout`], while the game goes on: once a round has
/// ended since `start` (a letter was given), [`lives_share`]; in the passing after
/// [`HORIZON`] more ticks, [`progress_share`].
fn round_over_value<V: SpoonsVariant>(
    game: &SpoonsGame<V>,
    start: &SpoonsState,
    now: &SpoonsState,
) -> Option<BySeat<f64>> {
    let (before, after) = (&start.public.counts, &now.public.counts);
    if game.outcome(now).is_some() {
        None
    } else if after.rounds > before.rounds {
        Some(lives_share(game, now))
    } else if now.public.grabbed.is_none() && after.ticks >= before.ticks + HORIZON {
        Some(progress_share(game, now))
    } else {
        None
    }
}

/// A sensible Spoons (and Pig) player: it grabs whenever it may (on its own four of a kind,
/// and as soon as anyone else has grabbed); otherwise it keeps the rank it holds most cards of
/// (on a tie the higher rank) and passes a card of the rank it holds fewest of (on a tie the
/// lowest card). After [`PATIENCE`] ticks of a round without a grab it passes a random card
/// of any rank but its longest, so that two players blocking each other's collections (each
/// holding two of the same two ranks) do not pass for ever. The cards that left its hand are not in its observation (see the rulings), so
/// it cannot steer clear of what its right-hand neighbour collects.
#[derive(Clone, Copy, Debug, Default)]
pub struct SpoonsHeuristic;

/// Cards of each rank in `hand`, identical cards counted (a hand holds at most two copies
/// of a card: two decks).
fn rank_counter(hand: CardMultiset) -> impl Fn(Rank) -> usize {
    let (once, twice) = (hand.support(), hand.at_least(2));
    move |r: Rank| {
        let mask = CardSet::rank_mask(r);
        once.intersection(mask).len() + twice.intersection(mask).len()
    }
}

/// The card a collector of the most-held rank passes from `hand` (two identical cards are
/// one choice).
pub fn card_to_pass(hand: CardMultiset) -> Option<Card> {
    let count = rank_counter(hand);
    let keep = Rank::ALL.into_iter().max_by_key(|&r| count(r))?;
    let distinct = hand.support();
    distinct
        .iter()
        .filter(|c| c.rank() != keep)
        .min_by_key(|c| count(c.rank()))
        .or_else(|| distinct.lowest())
}

/// Ticks without a grab after which the heuristic changes plans (see [`SpoonsHeuristic`]).
pub const PATIENCE: u32 = 60;

impl<V: SpoonsVariant> Agent<SpoonsGame<V>> for SpoonsHeuristic {
    fn choose(
        &mut self,
        _: &SpoonsGame<V>,
        _: Seat,
        obs: &SpoonsObservation,
        legal: &[SpoonsAction],
        rng: &mut dyn RngCore,
    ) -> SpoonsAction {
        if legal.contains(&SpoonsAction::Grab) {
            return SpoonsAction::Grab;
        }
        let pass = if obs.public.tick >= PATIENCE {
            // A long round: the collection may be blocked (two players each holding two of
            // the other's rank); pass any card but one of the longest rank, at random.
            let count = rank_counter(obs.hand);
            let distinct = obs.hand.support();
            let most = distinct.iter().map(|c| count(c.rank())).max().unwrap_or(0);
            let keep = distinct
                .iter()
                .find(|c| count(c.rank()) == most)
                .map(|c| c.rank());
            let others = distinct.iter().filter(|c| Some(c.rank()) != keep).count();
            if others == 0 {
                card_to_pass(obs.hand)
            } else {
                let k = rng.random_range(0..others);
                distinct.iter().filter(|c| Some(c.rank()) != keep).nth(k)
            }
        } else {
            card_to_pass(obs.hand)
        };
        pass.map(SpoonsAction::Pass)
            .filter(|a| legal.contains(a))
            .unwrap_or(legal[0])
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::honesty::check_random_games;
    use crate::{catalog, same_information_same_choice, AgentSpec, SeatView};
    use cardsim_engine::driver::{self, Policy, Scratch};
    use cardsim_engine::{Game, Params};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    struct Table<G: Game>(Vec<Box<dyn Agent<G>>>);

    impl<G: Game> Policy<G> for Table<G> {
        type Error = std::convert::Infallible;
        fn choose<R: Rng>(
            &mut self,
            _: &G,
            _: &G::State,
            _: Seat,
            legal: &[G::Action],
            _: &mut R,
        ) -> Result<G::Action, Self::Error> {
            Ok(legal[0])
        }
        fn race<R: Rng>(
            &mut self,
            g: &G,
            s: &G::State,
            seat: Seat,
            legal: &[G::Action],
            rng: &mut R,
        ) -> Result<(G::Action, f64), Self::Error> {
            let mut r = ChaCha8Rng::seed_from_u64(rng.random());
            let agent = &mut self.0[seat.index()];
            let a = agent.act(&SeatView::new(g, s, seat), legal, &mut r);
            Ok((a, agent.reaction_time(&mut r)))
        }
    }

    /// The mean win share and the placements (counts of places 1..=n) of seat 0 over `n`
    /// games with `agents` at the table.
    fn play<G: Game + GameAgents>(g: &G, agents: &[&str], n: u64) -> (f64, Vec<u32>) {
        let cat = catalog::<G>();
        let build = |s: &str| cat.build(&s.parse::<AgentSpec>().unwrap()).unwrap();
        let mut total = 0.0;
        let mut places = vec![0; agents.len()];
        for seed in 0..n {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut s = g.deal(&mut rng);
            let mut table = Table(agents.iter().map(|a| build(a)).collect());
            let Ok(end) = driver::play(
                g,
                &mut s,
                &mut table,
                &mut Scratch::new(),
                &mut rng,
                1 << 22,
            );
            let o = end.outcome(g, &s);
            total += o[Seat::new(0)].win;
            places[o[Seat::new(0)].place as usize - 1] += 1;
        }
        (total / n as f64, places)
    }

    #[test]
    fn the_heuristic_collects_its_longest_rank() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        let hand = |cards: &[&str]| -> CardMultiset { cards.iter().map(|s| c(s)).collect() };
        assert_eq!(
            card_to_pass(hand(&["7S", "7H", "7D", "9C", "9S"])),
            Some(c("9C"))
        );
        assert_eq!(
            card_to_pass(hand(&["7S", "7H", "KD", "KC", "2S"])),
            Some(c("2S"))
        );
        // Pairs of sevens and kings: keep the kings, pass a seven.
        let pairs = hand(&["7S", "7H", "KD", "KC"]);
        assert_eq!(card_to_pass(pairs).map(|c| c.rank()), Some(Rank::Seven));
        // Two decks: two identical sevens count as two sevens.
        assert_eq!(
            card_to_pass(hand(&["7S", "7S", "KD", "KC", "KH"])),
            Some(c("7S"))
        );
        assert_eq!(
            card_to_pass(hand(&["7S", "7S", "7D", "KC", "KH"])),
            Some(c("KC"))
        );
    }

    /// One heuristic among three random players: random players pass at random and grab a
    /// four of a kind only when the draw says so, so the heuristic nearly always has its spoon
    /// (or its finger on its nose) before the race starts. About 0.97 over 300 games.
    #[test]
    fn the_heuristic_beats_random() {
        let g = Spoons::new(4, &Params::new()).unwrap();
        let (w, places) = play(&g, &["heuristic", "random", "random", "random"], 200);
        assert!(w > 0.8, "{w} {places:?}");
        let g = Pig::new(4, &Params::new()).unwrap();
        let (w, places) = play(&g, &["heuristic", "random", "random", "random"], 200);
        assert!(w > 0.8, "{w} {places:?}");
    }

    /// Among heuristics, the player who grabs last loses: the faster player does better.
    #[test]
    fn the_faster_player_wins_more() {
        let g = Spoons::new(3, &Params::new()).unwrap();
        let (w, places) = play(
            &g,
            &[
                "heuristic:rt_mean=0.4",
                "heuristic:rt_mean=0.6",
                "heuristic:rt_mean=0.6",
            ],
            200,
        );
        assert!(w > 0.5, "{w} {places:?}");
    }

    /// The search agents' default playout in Spoons is the heuristic, cut off one tick on,
    /// so `ismcts` finishes games (random playouts run to the cap) and beats random players.
    #[test]
    fn ismcts_plays_spoons_and_pig_with_round_playouts() {
        let g = Spoons::new(3, &Params::parse(&["letters=1"]).unwrap()).unwrap();
        let rollout = <Spoons as GameAgents>::default_rollout().unwrap();
        assert!(matches!(rollout, Rollout::Cutoff { .. }), "{rollout:?}");
        // Six games: with three, one game that runs past the cap (a draw) decides the test.
        let (w, places) = play(&g, &["ismcts:iters=20", "random", "random"], 6);
        assert!(w > 0.5, "{w} {places:?}");
        let g = Pig::new(3, &Params::parse(&["letters=1"]).unwrap()).unwrap();
        let (w, places) = play(&g, &["mo-ismcts:iters=20", "random", "random"], 3);
        assert!(w > 0.6, "{w} {places:?}");
        let (_, places) = play(&g, &["pimc:worlds=1", "heuristic", "heuristic"], 1);
        assert_eq!(places.iter().sum::<u32>(), 1);
    }

    /// Regression (issue #26): with playouts to the end of the round, a search at a small
    /// budget could not tell the cards to pass apart (the round is mostly decided by who is
    /// slowest to grab), so it passed nearly at random, on ties the first card listed, and
    /// four searchers never held four of a kind: the game ran to the 10,000-decision cap.
    /// Now every search agent finishes default 4-player games of Spoons and Pig by the
    /// rules, in about as many ticks as heuristic players take.
    #[test]
    fn search_agents_finish_default_games() {
        fn finish<G: Game + GameAgents>(g: &G, spec: &str, seed: u64) -> u64 {
            let cat = catalog::<G>();
            let agents = (0..g.players())
                .map(|_| cat.build(&spec.parse::<AgentSpec>().unwrap()).unwrap())
                .collect();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut s = g.deal(&mut rng);
            let Ok(end) = driver::play(
                g,
                &mut s,
                &mut Table(agents),
                &mut Scratch::new(),
                &mut rng,
                1 << 22,
            );
            assert!(
                matches!(end, driver::Ending::Over { .. }),
                "{} {spec} seed {seed}: {end:?}",
                G::INFO.name
            );
            let o = g.outcome(&s).unwrap();
            let winners = Seat::all(g.players()).filter(|&x| o[x].place == 1).count();
            assert_eq!(winners, 1, "{spec}: one player left");
            end.moves()
        }
        let spoons = Spoons::new(4, &Params::new()).unwrap();
        let pig = Pig::new(4, &Params::new()).unwrap();
        for spec in [
            "ismcts:iters=20",
            "mo-ismcts:iters=20",
            "pimc:worlds=1",
            "cheat:iters=20",
        ] {
            let moves = finish(&spoons, spec, 0);
            assert!(moves < 2_000, "spoons {spec}: {moves} moves");
            let moves = finish(&pig, spec, 1);
            assert!(moves < 2_000, "pig {spec}: {moves} moves");
        }
    }

    /// The heuristic at every seat; at seat 0's race decisions with a choice (up to
    /// `limit`), `search` is asked too, and the decisions where it chose as the heuristic
    /// are counted.
    struct Agreement<G: Game> {
        heuristic: SpoonsHeuristic,
        search: Box<dyn Agent<G>>,
        asked: u32,
        agreed: u32,
        limit: u32,
    }

    impl<V: SpoonsVariant> Policy<SpoonsGame<V>> for Agreement<SpoonsGame<V>> {
        type Error = std::convert::Infallible;
        fn choose<R: Rng>(
            &mut self,
            _: &SpoonsGame<V>,
            _: &SpoonsState,
            _: Seat,
            legal: &[SpoonsAction],
            _: &mut R,
        ) -> Result<SpoonsAction, Self::Error> {
            Ok(legal[0])
        }
        fn race<R: Rng>(
            &mut self,
            g: &SpoonsGame<V>,
            s: &SpoonsState,
            seat: Seat,
            legal: &[SpoonsAction],
            rng: &mut R,
        ) -> Result<(SpoonsAction, f64), Self::Error> {
            let mut r = ChaCha8Rng::seed_from_u64(rng.random());
            let view = SeatView::new(g, s, seat);
            let a = self.heuristic.act(&view, legal, &mut r);
            if seat.index() == 0 && legal.len() > 1 && self.asked < self.limit {
                self.asked += 1;
                self.agreed += u32::from(self.search.act(&view, legal, &mut r) == a);
            }
            Ok((
                a,
                Agent::<SpoonsGame<V>>::reaction_time(&mut self.heuristic, &mut r),
            ))
        }
    }

    /// Regression (issue #26 §3): the one-tick valuation of the Pig search sees only each
    /// hand's longest rank, so between the cards it could pass it found differences of a
    /// few standard errors, noise mostly, and chose as the heuristic (the fewest-held rank
    /// passed, second pairs kept) in 20 of these 40 decisions: `ismcts` lost to the
    /// heuristic (0.275, seed 0). With its race margin it departs from the heuristic's
    /// choice only on evidence: 33 of 40 (37 with a margin of two standard errors).
    #[test]
    fn pig_search_keeps_the_heuristics_pass_without_evidence() {
        let g = Pig::new(4, &Params::new()).unwrap();
        let search = catalog::<Pig>()
            .build(&"ismcts".parse::<AgentSpec>().unwrap())
            .unwrap();
        let mut table = Agreement {
            heuristic: SpoonsHeuristic,
            search,
            asked: 0,
            agreed: 0,
            limit: 40,
        };
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut s = g.deal(&mut rng);
        let _ = driver::play(
            &g,
            &mut s,
            &mut table,
            &mut Scratch::new(),
            &mut rng,
            1 << 22,
        );
        let (asked, agreed) = (table.asked, table.agreed);
        assert_eq!(asked, 40);
        assert!(agreed >= 30, "{agreed} of {asked}");
    }

    /// Mid-round, the search values a hand nearer four of a kind above one further away, and
    /// a neighbour's nearer hand below (for the seat holding the other hand).
    #[test]
    fn progress_share_favours_the_hand_nearer_four_of_a_kind() {
        let g = Spoons::new(3, &Params::new()).unwrap();
        let c = |s: &str| s.split(' ').map(|x| x.parse::<Card>().unwrap()).collect();
        let hands: [CardSet; 3] = [c("7S 7H 7D 2C"), c("9S 9H KD 2D"), c("3S 4H 5D 6C")];
        let s = g.position(Seat::new(0), &hands, &[], CardSet::EMPTY, &[0, 0, 0]);
        let v = progress_share(&g, &s);
        let (a, b, d) = (v[Seat::new(0)], v[Seat::new(1)], v[Seat::new(2)]);
        assert!(a > b && b > d, "{v:?}");
        // Expected shares of the lives left: they sum to one.
        assert!((a + b + d - 1.0).abs() < 1e-12, "{v:?}");
        // Equal hands, equal values; a letter behind, a smaller one.
        let hands: [CardSet; 3] = [c("7S 7H 2D 2C"), c("9S 9H KD KC"), c("3S 3H 5D 5C")];
        let s = g.position(Seat::new(0), &hands, &[], CardSet::EMPTY, &[1, 0, 0]);
        let v = progress_share(&g, &s);
        assert_eq!(v[Seat::new(1)], v[Seat::new(2)]);
        assert!(v[Seat::new(0)] < v[Seat::new(1)], "{v:?}");
    }

    /// The cut-off values a position by each seat's share of the lives left.
    #[test]
    fn lives_share_values_the_letters_left() {
        let g = Spoons::new(3, &Params::new()).unwrap();
        let s = g.position(Seat::new(0), &[], &[], CardSet::EMPTY, &[1, 5, 3]);
        let v = lives_share(&g, &s);
        assert_eq!((v[Seat::new(0)], v[Seat::new(1)]), (4.0 / 6.0, 0.0));
        assert_eq!(v[Seat::new(2)], 2.0 / 6.0);
    }

    #[test]
    fn ismcts_decides_from_the_observation_only() {
        let g = Spoons::new(3, &Params::parse(&["letters=1"]).unwrap()).unwrap();
        let mut agent = catalog::<Spoons>()
            .build(&"ismcts:iters=10".parse::<AgentSpec>().unwrap())
            .unwrap();
        let compared = same_information_same_choice(&g, agent.as_mut(), 0..2, 2, 15);
        assert!(compared > 20, "{compared}");
    }

    #[test]
    fn the_heuristic_decides_from_the_observation_only() {
        let g = Spoons::new(4, &Params::parse(&["deck=matched"]).unwrap()).unwrap();
        let compared = same_information_same_choice(&g, &mut SpoonsHeuristic, 0..4, 3, 100);
        assert!(compared > 200, "{compared}");
    }

    /// Where the copies of a card lie: seat `s`'s hand `s`, face down to its left `12 + s`,
    /// the stock 24, the discard pile 25.
    fn encode(mut locs: Vec<u32>) -> u32 {
        locs.sort_unstable();
        locs.iter().fold(0, |v, &l| v * 32 + l + 1)
    }

    /// Place `k` (a card of the 52): the sorted locations of its copies, encoded (0 when the
    /// round's pack does not hold it).
    fn places(st: &<Spoons as Game>::State, out: &mut Vec<u32>) {
        out.clear();
        for c in Card::all52() {
            let mut locs = Vec::new();
            for s in 0..12 {
                let seat = Seat::new(s);
                locs.extend(std::iter::repeat_n(
                    s as u32,
                    st.hands[seat].count(c) as usize,
                ));
                if st.pending[seat] == Some(c) {
                    locs.push(12 + s as u32);
                }
            }
            let in_stock = st.stock.as_slice().iter().filter(|&&x| x == c).count();
            locs.extend(std::iter::repeat_n(24, in_stock));
            locs.extend(std::iter::repeat_n(25, st.discards.count(c) as usize));
            out.push(encode(locs));
        }
    }

    /// The seat's own copies are where they are; the unseen copies of the card lie in the
    /// hidden places as a uniform deal of the unseen cards puts them: one copy in a place
    /// with a chance proportional to its size, two (two decks) as a draw of two without
    /// replacement.
    fn belief(obs: &SpoonsObservation, place: usize, value: u32) -> f64 {
        let card = Card::all52().nth(place).unwrap();
        let p = &obs.public;
        let own = obs.hand.count(card);
        let unseen_copies = p.pack.count(card) - own;
        let mut hidden: Vec<(u32, f64)> = Vec::new();
        for s in 0..12 {
            let seat = Seat::new(s);
            if seat != obs.seat {
                hidden.push((s as u32, f64::from(p.hand_sizes[seat])));
            }
            hidden.push((12 + s as u32, f64::from(u8::from(p.pending.contains(seat)))));
        }
        hidden.push((24, f64::from(p.stock_size)));
        hidden.push((25, f64::from(p.discard_size)));
        let n = (p.pack.len() - obs.hand.len()) as f64;
        let mine = vec![obs.seat.index() as u32; own as usize];
        let with = |extra: &[u32]| {
            let mut l = mine.clone();
            l.extend_from_slice(extra);
            encode(l)
        };
        let mut prob = 0.0;
        match unseen_copies {
            0 => prob = f64::from(u8::from(with(&[]) == value)),
            1 => {
                for &(l, size) in &hidden {
                    if with(&[l]) == value {
                        prob += size / n;
                    }
                }
            }
            _ => {
                for (i, &(a, sa)) in hidden.iter().enumerate() {
                    for &(b, sb) in &hidden[i..] {
                        if with(&[a, b]) == value {
                            prob += if a == b {
                                sa * (sa - 1.0) / (n * (n - 1.0))
                            } else {
                                2.0 * sa * sb / (n * (n - 1.0))
                            };
                        }
                    }
                }
            }
        }
        prob
    }

    #[test]
    fn determinizations_are_honest() {
        let g = Spoons::new(4, &Params::parse(&["letters=1"]).unwrap()).unwrap();
        let report = check_random_games(&g, 0..1, 150, 60, places, belief).unwrap();
        assert!(report.hidden_checks > 2_000, "{report:?}");
        let g = Spoons::new(3, &Params::parse(&["deck=matched", "letters=2"]).unwrap()).unwrap();
        let report = check_random_games(&g, 0..3, 5, 100, places, belief).unwrap();
        assert!(report.hidden_checks > 1_000, "{report:?}");
        // Two decks: identical cards, dealt uniformly as copies.
        let g = Spoons::new(7, &Params::parse(&["letters=1"]).unwrap()).unwrap();
        let report = check_random_games(&g, 0..1, 1_000, 40, places, belief).unwrap();
        assert!(report.hidden_checks > 2_000, "{report:?}");
        let g = Spoons::new(3, &Params::parse(&["letters=1", "decks=2"]).unwrap()).unwrap();
        let report = check_random_games(&g, 0..1, 600, 40, places, belief).unwrap();
        assert!(report.hidden_checks > 1_000, "{report:?}");
    }

    /// A soak through heuristic play: random players rarely assemble four of a kind, so the
    /// engine's random soak runs to the move cap; heuristic players finish rounds and games,
    /// which exercises letters, eliminations, the shrinking table and the end. 3 + seed % 10
    /// players (two decks from 7), every seat the heuristic; invariants after every move,
    /// the costly checks on every 1000th seed (`conformance::soak_with`). `SOAK_GAMES=N`
    /// (default 1,000,000), `SOAK_START=S`:
    /// `cargo test --release -p cardsim-agents heuristic_soak -- --ignored --nocapture`.
    #[test]
    #[ignore = "a million games: run by hand in release"]
    fn heuristic_soak_spoons_and_pig() {
        fn soak<G: Game + GameAgents>(name: &str, make: fn(usize) -> G) {
            let var = |k: &str, d: u64| std::env::var(k).map_or(d, |v| v.parse().unwrap());
            let start = var("SOAK_START", 0);
            let seeds = start..start + var("SOAK_GAMES", 1_000_000);
            let games: Vec<G> = (3..=12).map(make).collect();
            let mut tables: Vec<Table<G>> = (3..=12)
                .map(|n| {
                    let cat = catalog::<G>();
                    let spec = "heuristic".parse::<AgentSpec>().unwrap();
                    Table((0..n).map(|_| cat.build(&spec).unwrap()).collect())
                })
                .collect();
            let t = std::time::Instant::now();
            let mut totals = cardsim_engine::conformance::Report::default();
            for seed in seeds.clone() {
                let i = (seed % 10) as usize;
                let r = cardsim_engine::conformance::soak_with(
                    &games[i],
                    seed..seed + 1,
                    1_000_000,
                    1_000,
                    &mut tables[i],
                );
                totals.games += r.games;
                totals.draws += r.draws;
                totals.moves += r.moves;
            }
            eprintln!(
                "{name} heuristic soak, seeds {seeds:?}: {} games, {} drawn at the cap, {} \
                 decisions, {:.0} s",
                totals.games,
                totals.draws,
                totals.moves,
                t.elapsed().as_secs_f64()
            );
            assert_eq!(totals.games as u64, seeds.end - seeds.start);
        }
        soak::<Spoons>("spoons", |n| Spoons::new(n, &Params::new()).unwrap());
        soak::<Pig>("pig", |n| Pig::new(n, &Params::new()).unwrap());
    }
}
