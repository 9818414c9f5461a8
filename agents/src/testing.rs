//! The generic "same information, same decision" check, and test support for agents: seats
//! played by agents, an agent against random play, decisions to compare agents on.

use crate::{Agent, AgentKind, GameAgents, SeatView};
use cardsim_engine::conformance::snap::Snap;
use cardsim_engine::driver::{self, Policy, RandomPolicy, Scratch};
use cardsim_engine::{Game, Seat, ToMove};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::convert::Infallible;

/// Plays random games through the engine's driver and, at every decision (races included), checks that `agent` with a fixed RNG chooses the
/// same action in the true state and in `resamples` re-determinizations of it from the acting
/// seat's observation (states the seat cannot tell apart). Returns the number of decisions
/// compared.
///
/// # Panics
/// When the two choices differ, or when a determinization changes the seat's legal actions.
pub fn same_information_same_choice<G: Game>(
    game: &G,
    agent: &mut dyn Agent<G>,
    seeds: std::ops::Range<u64>,
    resamples: usize,
    max_decisions_per_game: usize,
) -> usize {
    let mut probe = Probe {
        agent,
        resamples,
        max_decisions_per_game,
        seed: 0,
        decisions: 0,
        compared: 0,
        legal_d: Vec::new(),
    };
    let mut scratch = Scratch::new();
    for seed in seeds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.deal(&mut rng);
        probe.seed = seed;
        probe.decisions = 0;
        let limit = game.move_cap().unwrap_or(1_000_000);
        let Ok(_) = driver::play(game, &mut state, &mut probe, &mut scratch, &mut rng, limit);
    }
    probe.compared
}

/// The driver's policy for [`same_information_same_choice`]: compares the agent's choices,
/// then plays at random.
struct Probe<'a, G: Game> {
    agent: &'a mut dyn Agent<G>,
    resamples: usize,
    max_decisions_per_game: usize,
    seed: u64,
    decisions: usize,
    compared: usize,
    legal_d: Vec<G::Action>,
}

impl<G: Game> Probe<'_, G> {
    fn compare(&mut self, game: &G, state: &G::State, seat: Seat, legal: &[G::Action]) {
        if self.decisions >= self.max_decisions_per_game {
            return;
        }
        let race = matches!(game.to_move(state), ToMove::Race(_));
        let seed = self.seed;
        let choice = decide(game, self.agent, seat, state, legal, seed);
        for k in 0..self.resamples {
            let mut sample_rng = ChaCha8Rng::seed_from_u64(seed * 1000 + k as u64);
            let other = game.determinize(&game.observe(state, seat), &mut sample_rng);
            if race {
                game.race_actions(&other, seat, &mut self.legal_d);
            } else {
                game.legal_actions(&other, &mut self.legal_d);
            }
            assert_eq!(
                self.legal_d, legal,
                "seed {seed}: determinization changed the legal actions"
            );
            let again = decide(game, self.agent, seat, &other, legal, seed);
            assert_eq!(
                again,
                choice,
                "seed {seed}: {} chose differently in an indistinguishable state",
                self.agent.label()
            );
            self.compared += 1;
        }
        self.decisions += 1;
    }
}

impl<G: Game> Policy<G> for Probe<'_, G> {
    type Error = Infallible;

    fn choose<R: Rng>(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut R,
    ) -> Result<G::Action, Infallible> {
        self.compare(game, state, seat, legal);
        RandomPolicy.choose(game, state, seat, legal, rng)
    }
}

/// The agent's choice with a fixed RNG, through [`Agent::act`] as the simulator asks it.
fn decide<G: Game>(
    game: &G,
    agent: &mut dyn Agent<G>,
    seat: Seat,
    state: &G::State,
    legal: &[G::Action],
    seed: u64,
) -> G::Action {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xA6E7);
    agent.act(&SeatView::new(game, state, seat), legal, &mut rng)
}

/// The engine's test race game has only the generic agents (`random` and the search agents),
/// so that races can be tested through the catalog and the simulator.
impl GameAgents for Snap {
    fn game_agents() -> Vec<AgentKind<Self>> {
        Vec::new()
    }
    const REAL_TIME: bool = true;
}

/// Seats played by agents through the engine's driver, each deciding from its own seat's view
/// with a fresh RNG seeded from the driver's, and racing at its own reaction time (drawn
/// from the driver's RNG).
#[cfg(test)]
pub(crate) struct AgentTable<G: Game>(pub(crate) Vec<Box<dyn Agent<G>>>);

#[cfg(test)]
impl<G: Game> Policy<G> for AgentTable<G> {
    type Error = Infallible;
    fn choose<R: Rng>(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut R,
    ) -> Result<G::Action, Infallible> {
        let mut r = ChaCha8Rng::seed_from_u64(rng.random());
        Ok(self.0[seat.index()].act(&SeatView::new(game, state, seat), legal, &mut r))
    }
    fn reaction_time<R: Rng>(&mut self, seat: Seat, rng: &mut R) -> f64 {
        self.0[seat.index()].reaction_time(rng)
    }
}

/// Seat 0's mean win share over `n` two-player games (seeds `0..n`) of the catalog agent `a`
/// against `b`.
#[cfg(test)]
pub(crate) fn duel<G: GameAgents>(game: &G, a: &str, b: &str, n: u64) -> f64 {
    let cat = crate::catalog::<G>();
    let build = |s: &str| cat.build(&s.parse::<crate::AgentSpec>().unwrap()).unwrap();
    let mut total = 0.0;
    for seed in 0..n {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.deal(&mut rng);
        let mut table = AgentTable(vec![build(a), build(b)]);
        let Ok(end) = driver::play(
            game,
            &mut state,
            &mut table,
            &mut Scratch::new(),
            &mut rng,
            1 << 20,
        );
        total += end.outcome(game, &state)[Seat::new(0)].win;
    }
    total / n as f64
}

/// Asserts that the search agents' default playout (`rollout=auto`) is the game's heuristic
/// playing every seat to the end of the hand ([`Rollout::HandEnd`](crate::search::Rollout)).
#[cfg(test)]
pub(crate) fn assert_auto_rollout_is_the_heuristic_to_the_hand_end<G: GameAgents>() {
    let rollout = crate::search::auto_rollout::<G>();
    let crate::search::Rollout::HandEnd { agent, .. } = rollout else {
        panic!("rollout=auto is {rollout:?}, not the end of the hand");
    };
    assert_eq!(agent.label(), "heuristic");
}

/// A decision for a test: the seat to move, its observation and its legal actions.
#[cfg(test)]
pub(crate) type Decision<G> = (Seat, <G as Game>::Observation, Vec<<G as Game>::Action>);

/// Up to `n` decisions, one a deal from seeds 0 and up (10,000 at the most): each deal moved
/// on by `reach` (with the seed's RNG, after the deal), kept where `keep` (given the seed)
/// accepts the seat to move and its observation.
///
/// # Panics
/// Where `reach` leaves no seat to move.
#[cfg(test)]
pub(crate) fn decisions_where<G: Game>(
    game: &G,
    n: usize,
    reach: impl Fn(&G, &mut G::State, &mut ChaCha8Rng),
    keep: impl Fn(u64, Seat, &G::Observation) -> bool,
) -> Vec<Decision<G>> {
    let mut out = Vec::new();
    for seed in 0..10_000 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.deal(&mut rng);
        reach(game, &mut state, &mut rng);
        let ToMove::Seat(seat) = game.to_move(&state) else {
            panic!("seed {seed}: no seat to move")
        };
        let obs = game.observe(&state, seat);
        if keep(seed, seat, &obs) {
            let mut legal = Vec::new();
            game.legal_actions(&state, &mut legal);
            out.push((seat, obs, legal));
            if out.len() == n {
                break;
            }
        }
    }
    out
}

/// The choice of the catalog agent `spec` at each of `decisions` ([`Agent::choose`]), with
/// an RNG seeded with the decision's number.
#[cfg(test)]
pub(crate) fn choices<G: GameAgents>(
    game: &G,
    spec: &str,
    decisions: &[Decision<G>],
) -> Vec<G::Action> {
    let mut agent = crate::catalog::<G>().build(&spec.parse().unwrap()).unwrap();
    decisions
        .iter()
        .enumerate()
        .map(|(i, (seat, obs, legal))| {
            agent.choose(
                game,
                *seat,
                obs,
                legal,
                &mut ChaCha8Rng::seed_from_u64(i as u64),
            )
        })
        .collect()
}

/// Plays one game from `seed`, the deal and every choice from one RNG: `choose` gives the
/// action of the `k`th decision (`k`, the seat to move, the state, its legal actions, the
/// RNG). Returns the final state and the number of decisions.
///
/// # Panics
/// If a choice is illegal, or the game runs past its [`Game::move_cap`].
#[cfg(test)]
fn play_out<G: Game>(
    game: &G,
    seed: u64,
    mut choose: impl FnMut(usize, Seat, &G::State, &[G::Action], &mut ChaCha8Rng) -> G::Action,
) -> (G::State, usize) {
    let cap = game.move_cap().unwrap_or(1 << 20);
    let mut legal = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = game.deal(&mut rng);
    let mut decisions = 0;
    while let ToMove::Seat(seat) = game.to_move(&state) {
        game.legal_actions(&state, &mut legal);
        let a = choose(decisions, seat, &state, &legal, &mut rng);
        assert!(legal.contains(&a), "seed {seed}: {a:?} is not legal");
        game.apply(&mut state, a, &mut rng);
        decisions += 1;
        assert!(
            decisions as u64 <= cap,
            "seed {seed}: more than {cap} moves"
        );
    }
    (state, decisions)
}

/// Plays one game from `seed` ([`play_out`]): `agent` for the seats that `ours` picks and
/// random play for the others, each from its seat's observation; returns the final state.
///
/// # Panics
/// If a choice is illegal, or the game runs past its [`Game::move_cap`].
#[cfg(test)]
pub(crate) fn play_out_against_random<G: Game>(
    game: &G,
    agent: &mut dyn Agent<G>,
    ours: impl Fn(Seat) -> bool,
    seed: u64,
) -> G::State {
    let choose = |_, seat, state: &G::State, legal: &[G::Action], rng: &mut ChaCha8Rng| {
        let obs = game.observe(state, seat);
        if ours(seat) {
            agent.choose(game, seat, &obs, legal, rng)
        } else {
            crate::RandomAgent.choose(game, seat, &obs, legal, rng)
        }
    };
    play_out(game, seed, choose).0
}

/// [`play_out_against_random`]'s outcome.
#[cfg(test)]
pub(crate) fn play_against_random<G: Game>(
    game: &G,
    agent: &mut dyn Agent<G>,
    ours: impl Fn(Seat) -> bool,
    seed: u64,
) -> cardsim_engine::Outcome {
    let state = play_out_against_random(game, agent, ours, seed);
    game.outcome(&state).expect("the game is over")
}

/// Plays `n` games from seeds `seed0 + g`: `agent` in seat `g % players` and random play in
/// the others; returns the games the agent won (a shared win counting its share).
#[cfg(test)]
pub(crate) fn seat_wins_against_random<G: Game>(
    game: &G,
    agent: &mut dyn Agent<G>,
    n: u64,
    seed0: u64,
) -> f64 {
    let players = game.players() as u64;
    (0..n)
        .map(|g| {
            let me = Seat::new((g % players) as usize);
            play_against_random(game, agent, |s| s == me, seed0 + g)[me].win
        })
        .sum()
}

/// Plays one game from `seed` ([`play_out`]) with the catalog agents of `specs`: the `k`th
/// decision, by `seat`, goes to `specs[pick(seat, k)]`, which chooses from the state if it is
/// a perfect-information agent (`cheat`) and from the seat's observation otherwise. Returns
/// the final state and the number of decisions.
///
/// # Panics
/// If a spec does not build, a choice is illegal, or the game runs past its
/// [`Game::move_cap`].
#[cfg(test)]
pub(crate) fn play_with_agents<G: GameAgents>(
    game: &G,
    specs: &[&str],
    pick: impl Fn(Seat, usize) -> usize,
    seed: u64,
) -> (G::State, usize) {
    let cat = crate::catalog::<G>();
    let mut agents: Vec<Box<dyn Agent<G>>> = specs
        .iter()
        .map(|s| cat.build(&s.parse::<crate::AgentSpec>().unwrap()).unwrap())
        .collect();
    let choose = |k, seat, state: &G::State, legal: &[G::Action], rng: &mut ChaCha8Rng| {
        let agent = &mut agents[pick(seat, k)];
        if agent.perfect_information() {
            agent.choose_with_state(game, seat, state, legal, rng)
        } else {
            agent.choose(game, seat, &game.observe(state, seat), legal, rng)
        }
    };
    play_out(game, seed, choose)
}

/// The four search agents with small budgets, for tests that play whole games with them
/// ([`play_with_agents`]).
#[cfg(test)]
pub(crate) const SEARCH_AGENTS: [&str; 4] = [
    "ismcts:iters=30",
    "mo-ismcts:iters=30",
    "pimc:worlds=3,iters=10",
    "cheat:iters=30",
];

/// For [`play_with_agents`] with four agents: decision `k`, by `seat`, goes to agent
/// `(seat + k) % 4`, so that every agent plays every seat.
#[cfg(test)]
pub(crate) fn in_turn(seat: Seat, k: usize) -> usize {
    (seat.index() + k) % 4
}
