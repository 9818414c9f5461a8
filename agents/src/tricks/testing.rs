//! Test helpers for the honesty of trick-game determinizations: the exact chance of each
//! card being in each hand given only the public play record ([`trick_marginals`]), or with a
//! hidden stub beside the hands ([`StubView::marginals`]), a cache of it for the honesty
//! check's beliefs ([`MarginalCache`]) and the check's pass mark ([`assert_honest`]).

use cardsim_engine::cards::{Card, CardSet};
use cardsim_engine::tricks::TrickPlay;
use cardsim_engine::Seat;

/// The exact chance of each card being in each seat's hand (index 4: played) given only
/// the public play record and the hands of the seats in `visible`: every deal of the unseen
/// cards equally likely that gives each hidden hand its size, respects its shown voids and
/// `allowed(card, seat)`. Counted card by card (forward and backward counts over the hidden
/// hands' filled sizes): a method independent of the sampler's, which deals class by class.
pub(crate) fn trick_marginals(
    play: &TrickPlay,
    visible: &[Seat],
    allowed: impl Fn(Card, Seat) -> bool,
) -> Vec<[f64; 5]> {
    let played = play.record().played();
    let hidden: Vec<Seat> = Seat::all(4).filter(|s| !visible.contains(s)).collect();
    let len: Vec<usize> = hidden.iter().map(|&s| play.hand_len(s)).collect();
    let seen: CardSet = visible
        .iter()
        .map(|&s| play.hand(s))
        .fold(played, |a, b| a | b);
    let unseen: Vec<Card> = (CardSet::FULL_DECK - seen).iter().collect();
    let chances = place_chances(&unseen, &len, |c, k| {
        let s = hidden[k];
        !play.record().excluded(s).contains(c) && allowed(c, s)
    });
    let mut out = vec![[0.0; 5]; 52];
    for (place, c) in CardSet::FULL_DECK.iter().enumerate() {
        if played.contains(c) {
            out[place][4] = 1.0;
        } else if let Some(&s) = visible.iter().find(|&&s| play.hand(s).contains(c)) {
            out[place][s.index()] = 1.0;
        } else {
            let i = unseen.iter().position(|&u| u == c).expect("an unseen card");
            for (k, &p) in chances[i].iter().enumerate() {
                if p > 0.0 {
                    out[place][hidden[k].index()] = p;
                }
            }
        }
    }
    out
}

/// The exact chance of each of `unseen` cards lying in each of the places `0..caps.len()`,
/// place `k` holding `caps[k]` of them, every assignment with `ok(card, place)` for all cards
/// equally likely: counted card by card, forward and backward over the places' filled sizes
/// (a method independent of the samplers', which deal class by class).
///
/// # Panics
/// If no assignment is possible (an observation of a real game always has one).
pub(crate) fn place_chances(
    unseen: &[Card],
    caps: &[usize],
    ok: impl Fn(Card, usize) -> bool,
) -> Vec<Vec<f64>> {
    let h = caps.len();
    let mut radix = vec![1usize; h];
    for k in 1..h {
        radix[k] = radix[k - 1] * (caps[k - 1] + 1);
    }
    let states = radix[h - 1] * (caps[h - 1] + 1);
    let digit = |r: usize, k: usize| r / radix[k] % (caps[k] + 1);
    let full: usize = (0..h).map(|k| caps[k] * radix[k]).sum();
    let n = unseen.len();
    let mut fwd = vec![vec![0.0f64; states]; n + 1];
    let mut bwd = vec![vec![0.0f64; states]; n + 1];
    fwd[0][0] = 1.0;
    for (i, &c) in unseen.iter().enumerate() {
        for r in 0..states {
            if fwd[i][r] > 0.0 {
                for k in (0..h).filter(|&k| ok(c, k) && digit(r, k) < caps[k]) {
                    fwd[i + 1][r + radix[k]] += fwd[i][r];
                }
            }
        }
    }
    bwd[n][full] = 1.0;
    for (i, &c) in unseen.iter().enumerate().rev() {
        for r in 0..states {
            bwd[i][r] = (0..h)
                .filter(|&k| ok(c, k) && digit(r, k) < caps[k])
                .map(|k| bwd[i + 1][r + radix[k]])
                .sum();
        }
    }
    let total = fwd[n][full];
    assert!(
        total > 0.0,
        "an observation of a real game has a consistent deal"
    );
    unseen
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            (0..h)
                .map(|k| {
                    if !ok(c, k) {
                        return 0.0;
                    }
                    let ways: f64 = (0..states)
                        .filter(|&r| digit(r, k) < caps[k])
                        .map(|r| fwd[i][r] * bwd[i + 1][r + radix[k]])
                        .sum();
                    ways / total
                })
                .collect()
        })
        .collect()
}

/// Counts how often the honesty check's positions had voids shown, and caches the
/// marginals of the last observation (the check asks for every place of one observation in
/// a row); `BINS` places a card may be in (5: the four hands and played; 6 with the undealt
/// cards of [`stock_marginals`]).
pub(crate) struct MarginalCache<O, const BINS: usize = 5> {
    last: std::cell::RefCell<Option<(O, Vec<[f64; BINS]>)>>,
    /// Voids shown by the other seats, summed over the observations seen.
    pub(crate) voids: std::cell::Cell<usize>,
}

/// [`MarginalCache`] for marginals with a sixth bin (undealt cards, [`stock_marginals`]).
pub(crate) type MarginalCache6<O> = MarginalCache<O, 6>;

impl<O: Clone + PartialEq, const BINS: usize> MarginalCache<O, BINS> {
    pub(crate) fn new() -> Self {
        MarginalCache {
            last: std::cell::RefCell::new(None),
            voids: std::cell::Cell::new(0),
        }
    }

    pub(crate) fn belief(
        &self,
        obs: &O,
        play: &TrickPlay,
        seat: Seat,
        place: usize,
        value: u32,
        marginals: impl Fn(&O) -> Vec<[f64; BINS]>,
    ) -> f64 {
        let mut last = self.last.borrow_mut();
        if last.as_ref().is_none_or(|(o, _)| o != obs) {
            let shown = Seat::all(4)
                .filter(|&s| s != seat && !play.record().excluded(s).is_empty())
                .count();
            self.voids.set(self.voids.get() + shown);
            *last = Some((obs.clone(), marginals(obs)));
        }
        last.as_ref().expect("just filled").1[place][value as usize]
    }
}

/// The exact chance of each card being in each hand (index 4: played; 5: undealt, or not in
/// the game's deck) for `seat`, who sees only its own hand and the public record of `play`:
/// every deal of the unseen cards of the record's deck equally likely that gives each hidden
/// hand its size and respects its shown voids, the cards left over staying undealt (a stock
/// nobody has seen, such as the second batch of a deal whose trumps are named between the
/// batches). Counted card by card over the bins' filled sizes, not the sampler's method.
pub(crate) fn stock_marginals(play: &TrickPlay, seat: Seat) -> Vec<[f64; 6]> {
    StubView::new(play, seat, play.record().deck()).marginals()
}

/// What a seat of a trick game with a hidden stub knows, for [`StubView::marginals`]: its own
/// hand and the public record of `play`, cards known to lie in some hidden hand (`fixed`) or
/// in the stub (`out`), and which cards the stub may hold.
pub(crate) struct StubView<'a> {
    play: &'a TrickPlay,
    seat: Seat,
    deck: CardSet,
    /// The cards with a place in the marginals' table, in index order (the 52 cards, and the
    /// joker where the game has one).
    pub(crate) places: CardSet,
    /// Cards known to be in a hidden seat's hand (an upcard taken up, a shown joker).
    pub(crate) fixed: [CardSet; 4],
    /// Cards known to be in the stub (an upcard turned down, the observer's discard).
    pub(crate) out: CardSet,
    /// Which unseen cards the stub may hold.
    pub(crate) stub_ok: fn(Card) -> bool,
}

impl<'a> StubView<'a> {
    /// `seat`'s view of `play` over the cards of `deck`, the 52 cards its places, nothing
    /// known beyond its own hand and the record.
    pub(crate) fn new(play: &'a TrickPlay, seat: Seat, deck: CardSet) -> Self {
        StubView {
            play,
            seat,
            deck,
            places: CardSet::FULL_DECK,
            fixed: [CardSet::EMPTY; 4],
            out: CardSet::EMPTY,
            stub_ok: |_| true,
        }
    }

    /// The exact chance of each card of `places` being in each hand (index 4: played; 5: in
    /// the stub, or not in the deck): every deal of the unseen cards equally likely that
    /// gives each hidden hand its size less its fixed cards, respects its shown voids, and
    /// leaves the stub only cards it may hold. Counted card by card over the bins' filled
    /// sizes, not the sampler's method.
    pub(crate) fn marginals(&self) -> Vec<[f64; 6]> {
        let play = self.play;
        let own = play.hand(self.seat);
        let played = play.record().played();
        let hidden: Vec<Seat> = Seat::all(play.players())
            .filter(|&s| s != self.seat)
            .collect();
        let mut caps: Vec<usize> = hidden
            .iter()
            .map(|&s| play.hand_len(s) - self.fixed[s.index()].len())
            .collect();
        let known = self
            .fixed
            .iter()
            .fold(played | own | self.out, |a, &b| a | b);
        let unseen: Vec<Card> = (self.deck - known).iter().collect();
        caps.push(unseen.len() - caps.iter().sum::<usize>());
        let h = caps.len();
        let chances = place_chances(&unseen, &caps, |c, k| {
            if k == h - 1 {
                (self.stub_ok)(c)
            } else {
                !play.record().excluded(hidden[k]).contains(c)
            }
        });
        let mut out = vec![[0.0; 6]; self.places.len()];
        for (place, c) in self.places.iter().enumerate() {
            if played.contains(c) {
                out[place][4] = 1.0;
            } else if own.contains(c) {
                out[place][self.seat.index()] = 1.0;
            } else if let Some(s) = Seat::all(4).find(|s| self.fixed[s.index()].contains(c)) {
                out[place][s.index()] = 1.0;
            } else if self.out.contains(c) || !self.deck.contains(c) {
                out[place][5] = 1.0;
            } else {
                let i = unseen.iter().position(|&u| u == c).expect("an unseen card");
                for (k, &p) in chances[i].iter().enumerate() {
                    let bin = if k == h - 1 { 5 } else { hidden[k].index() };
                    out[place][bin] = p;
                }
            }
        }
        out
    }
}

/// Asserts that the honesty check's `report` covered at least `positions` positions and
/// passed its two statistical tests with room: the truth not favoured beyond 5 standard
/// deviations, and every place's spread within a chi-square score of 5.
pub(crate) fn assert_honest(report: &crate::search::honesty::HonestyReport, positions: usize) {
    assert!(report.positions >= positions, "{report:?}");
    assert!(
        report.truth_bias().abs() < 5.0 && report.worst_chi_square < 5.0,
        "{report:?}"
    );
}

/// The honesty check ([`check_random_games`](crate::search::honesty::check_random_games)) of a
/// trick game whose observations show the observer its own hand and the public record, some
/// cards possibly undealt (a deal in two batches around naming trumps): the beliefs are the
/// exact [`stock_marginals`] of the observation's play and seat (`obs_play`), the places the
/// [`stock_places`] of the state's play (`state_play`). Returns the report and the voids
/// shown by the other seats over the observations checked.
///
/// # Panics
/// If the check fails.
pub(crate) fn check_stock_honesty<G: cardsim_engine::Game>(
    game: &G,
    seeds: std::ops::Range<u64>,
    every: usize,
    samples: usize,
    state_play: fn(&G::State) -> &TrickPlay,
    obs_play: fn(&G::Observation) -> (&TrickPlay, Seat),
) -> (crate::search::honesty::HonestyReport, usize) {
    let cache = MarginalCache6::new();
    let belief = |obs: &G::Observation, place: usize, value: u32| {
        let (play, seat) = obs_play(obs);
        cache.belief(obs, play, seat, place, value, |o: &G::Observation| {
            let (play, seat) = obs_play(o);
            stock_marginals(play, seat)
        })
    };
    let places = |s: &G::State, out: &mut Vec<u32>| stock_places(state_play(s), out);
    let report =
        crate::search::honesty::check_random_games(game, seeds, every, samples, places, belief)
            .unwrap_or_else(|e| panic!("{e}"));
    (report, cache.voids.get())
}

/// Places for [`stock_marginals`]: for every card of the 52-card index space, its holder
/// (0-3), 4 once played, 5 undealt or outside the deck.
pub(crate) fn stock_places(play: &TrickPlay, out: &mut Vec<u32>) {
    stub_places(play, CardSet::FULL_DECK, out);
}

/// Places for [`StubView::marginals`]: for every card of `places`, its holder (0-3), 4 once
/// played, 5 in the stub or outside the deck.
pub(crate) fn stub_places(play: &TrickPlay, places: CardSet, out: &mut Vec<u32>) {
    out.clear();
    for c in places {
        let holder = Seat::all(play.players()).find(|&s| play.hand(s).contains(c));
        out.push(match holder {
            Some(s) => s.index() as u32,
            None if play.record().played().contains(c) => 4,
            None => 5,
        });
    }
}

/// Plays `n` partnership games (seats alternating between two teams, as at four seats or in
/// Envite) from seeds `seed0 + g`: `agent` for one partnership (team 0 on even games, team 1
/// on odd ones) and random play for the other; returns the games the agent's side won (its
/// seats' win shares added up, so a shared game counts its share).
pub(crate) fn partnership_wins_against_random<G: cardsim_engine::Game>(
    game: &G,
    agent: &mut dyn crate::Agent<G>,
    n: u64,
    seed0: u64,
) -> f64 {
    let mut wins = 0.0;
    for g in 0..n {
        let ours = (g % 2) as usize;
        let outcome =
            crate::testing::play_against_random(game, agent, |s| s.index() % 2 == ours, seed0 + g);
        wins += Seat::all(game.players())
            .filter(|s| s.index() % 2 == ours)
            .map(|s| outcome[s].win)
            .sum::<f64>();
    }
    wins
}

/// [`partnership_wins_against_random`] for the agent that `spec` (`pimc:worlds=8`) names in
/// `G`'s catalog.
pub(crate) fn spec_partnership_wins<G: crate::GameAgents>(
    game: &G,
    spec: &str,
    n: u64,
    seed0: u64,
) -> f64 {
    let spec = spec.parse::<crate::AgentSpec>().expect("an agent spec");
    let mut agent = crate::catalog::<G>()
        .build(&spec)
        .expect("an agent of the catalog");
    partnership_wins_against_random(game, agent.as_mut(), n, seed0)
}

/// Asserts that the double-dummy solver values every legal action of `state` (in card play)
/// as [`brute_force_values`] does, `what` naming the position in the message.
///
/// # Panics
/// When a value differs, or the game is not in card play.
pub(crate) fn assert_solver_exact<G: cardsim_engine::tricks::TrickTaking>(
    game: &G,
    dd: &mut crate::tricks::DoubleDummy<G>,
    state: &G::State,
    rng: &mut dyn rand::RngCore,
    what: impl std::fmt::Display,
) {
    use crate::PerfectInfoSolver;
    let mut legal = Vec::new();
    game.legal_actions(state, &mut legal);
    let mut values = Vec::new();
    dd.evaluate(game, state, &legal, &mut values, rng);
    assert_eq!(values, brute_force_values(game, state, &legal), "{what}");
}

/// Each of `legal`'s value to the side of the seat to move in `state` (in card play): the
/// tricks it gains from there to the end of the hand, by plain minimax through the game's own
/// rules. The brute force that the double-dummy tests check the solver's values against.
///
/// # Panics
/// If the game is not in card play.
fn brute_force_values<G: cardsim_engine::tricks::TrickTaking>(
    game: &G,
    state: &G::State,
    legal: &[G::Action],
) -> Vec<f64> {
    let teams = game.teams();
    let cardsim_engine::ToMove::Seat(me) = game.to_move(state) else {
        panic!("the game ended")
    };
    let team = teams.team(me);
    let before = game
        .trick_play(state)
        .expect("in card play")
        .team_tricks(&teams, team);
    legal
        .iter()
        .map(|&a| (tricks_after(game, state, a, team) - before) as f64)
        .collect()
}

/// Tricks `team` ends the hand with after `action` and minimax play from there. Each action is
/// applied with the game's `apply`; a card that ends the hand is scored from the trick play
/// without applying it (the game may deal on).
fn tricks_after<G: cardsim_engine::tricks::TrickTaking>(
    game: &G,
    state: &G::State,
    action: G::Action,
    team: usize,
) -> usize {
    use rand::SeedableRng;
    let mut p = *game.trick_play(state).expect("in card play");
    p.play(G::card(action).expect("a card"));
    if p.is_over() {
        return p.team_tricks(&game.teams(), team);
    }
    let mut s = state.clone();
    game.apply(
        &mut s,
        action,
        &mut rand_chacha::ChaCha8Rng::seed_from_u64(0),
    );
    let teams = game.teams();
    let cardsim_engine::ToMove::Seat(seat) = game.to_move(&s) else {
        panic!("the hand ended before the trick play was over")
    };
    let mut legal = Vec::new();
    game.legal_actions(&s, &mut legal);
    let values = legal.iter().map(|&a| tricks_after(game, &s, a, team));
    if teams.team(seat) == team {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// Asserts that the game's default `pimc` keeps within its node budget
/// ([`crate::SearchDefaults::nodes`]) at each of `positions` (a state with a seat to move, and
/// the RNG to decide with), and that the budget binds: more than half of it goes to the
/// dearest position.
///
/// # Panics
/// When a decision passes the budget (by more than the 2% a trick's search may run past the
/// check at its lead), none reaches half of it, or the game has no budget.
pub(crate) fn assert_pimc_within_node_budget<G: crate::GameAgents>(
    game: &G,
    positions: impl IntoIterator<Item = (G::State, rand_chacha::ChaCha8Rng)>,
) {
    let budget = G::search_defaults().nodes.expect("a node budget");
    assert_within_node_budget(game, "pimc", budget, positions);
}

/// [`assert_pimc_within_node_budget`] for the game's default `cheat`, which decides on the
/// true state, and its budget ([`crate::SearchDefaults::cheat_nodes`]).
///
/// # Panics
/// As [`assert_pimc_within_node_budget`].
pub(crate) fn assert_cheat_within_node_budget<G: crate::GameAgents>(
    game: &G,
    positions: impl IntoIterator<Item = (G::State, rand_chacha::ChaCha8Rng)>,
) {
    let budget = G::search_defaults().cheat_nodes.expect("a node budget");
    assert_within_node_budget(game, "cheat", budget, positions);
}

/// The default agent named `agent` spends at most `budget` solver nodes (and 2%) at each of
/// `positions`, and more than half of it at one: a `perfect_information` agent decides on
/// the state, any other on the observation of the seat to move.
fn assert_within_node_budget<G: crate::GameAgents>(
    game: &G,
    agent: &str,
    budget: u64,
    positions: impl IntoIterator<Item = (G::State, rand_chacha::ChaCha8Rng)>,
) {
    let mut agent = crate::catalog::<G>()
        .build(&agent.parse::<crate::AgentSpec>().expect("a spec"))
        .expect("the game's agent");
    let mut legal = Vec::new();
    let mut spent = Vec::new();
    for (state, mut rng) in positions {
        let cardsim_engine::ToMove::Seat(seat) = game.to_move(&state) else {
            panic!("a position with a seat to move")
        };
        game.legal_actions(&state, &mut legal);
        let before = agent.solver_nodes().expect("the agent counts its nodes");
        let a = if agent.perfect_information() {
            agent.choose_with_state(game, seat, &state, &legal, &mut rng)
        } else {
            agent.choose(game, seat, &game.observe(&state, seat), &legal, &mut rng)
        };
        assert!(legal.contains(&a));
        spent.push(agent.solver_nodes().expect("the agent counts its nodes") - before);
    }
    assert!(
        spent.iter().all(|&n| n <= budget + budget / 50),
        "{spent:?}"
    );
    assert!(spent.iter().any(|&n| n > budget / 2), "{spent:?}");
}
