//! Playing one game to its end.

use crate::record::{Move, Origin, Trace};
use crate::SimError;
use arrayvec::ArrayVec;
use cardsim_agents::{decide, Agent};
use cardsim_engine::driver::{self, Ending, Policy, Scratch};
use cardsim_engine::{Game, Seat, MAX_SEATS};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One seat's result in one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatRecord {
    /// Which of the run's agent specs sat here.
    pub agent: usize,
    /// The game's score.
    pub score: f64,
    /// Placement (1 = best).
    pub place: u8,
    /// Win share.
    pub win: f64,
}

/// The result of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game's index in the run.
    pub index: u64,
    /// One entry per seat.
    pub seats: ArrayVec<SeatRecord, MAX_SEATS>,
    /// Actions applied (decisions with one legal action included).
    pub moves: u64,
    /// True for a drawn game: stopped at its own move cap ([`Game::move_cap`]), or ended by
    /// its rules with every seat sharing first place.
    pub draw: bool,
    /// The game's own statistics ([`cardsim_engine::GameInfo::stats`]).
    pub stats: ArrayVec<f64, MAX_STATS>,
    /// The deal and every decision, when the run records games ([`crate::SimConfig::records`]).
    pub trace: Option<Box<Trace>>,
}

/// The most statistics a game may declare ([`cardsim_engine::GameInfo::stats`]): a record
/// keeps them inline.
pub const MAX_STATS: usize = 16;

/// A worker's buffers, reused from game to game: the move loop's and the statistics'.
pub(crate) struct Buffers<A> {
    moves: Scratch<A>,
    stats: Vec<f64>,
}

impl<A> Buffers<A> {
    pub(crate) fn new() -> Self {
        Buffers {
            moves: Scratch::new(),
            stats: Vec::with_capacity(MAX_STATS),
        }
    }
}

/// Plays one game: `agents[s]` sits in seat `s` and is agent number `labels[s]` of the run.
/// The deal and all chance come from `rng`; the agents share one RNG seeded from its first
/// word, so the game is a pure function of `rng`'s stream (and chance does not depend on how
/// much the agents draw).
///
/// The game is played by the engine's [`driver`]: a decision with a single legal action is
/// applied without asking the agent, and a game stopped at its own move cap
/// ([`Game::move_cap`]) is a draw. Nothing is allocated between the deal and the end of the
/// game unless an agent or the game allocates (`tests/alloc.rs` checks every registered game
/// with its `random` and `heuristic` agents).
///
/// # Errors
/// [`SimError::TooLong`] past `max_moves`, [`SimError::IllegalChoice`] for an agent bug.
pub fn play_game<G: Game>(
    game: &G,
    agents: &mut [Box<dyn Agent<G>>],
    labels: &[usize],
    rng: &mut ChaCha8Rng,
    index: u64,
    max_moves: u64,
) -> Result<GameRecord, SimError> {
    play_game_with(game, agents, labels, rng, index, max_moves, &mut |moves| {
        moves()
    })
}

/// [`play_game`], handing the move loop (everything from the end of the deal to the end of
/// the game) to `around`, which must call it exactly once: a test wraps it in an allocation
/// counter, a profiler in a timer.
///
/// # Errors
/// As [`play_game`].
///
/// # Panics
/// If `around` does not call the move loop.
pub fn play_game_with<G: Game>(
    game: &G,
    agents: &mut [Box<dyn Agent<G>>],
    labels: &[usize],
    rng: &mut ChaCha8Rng,
    index: u64,
    max_moves: u64,
    around: &mut dyn FnMut(&mut dyn FnMut()),
) -> Result<GameRecord, SimError> {
    play_game_in(
        game,
        agents,
        labels,
        rng,
        index,
        max_moves,
        &mut Buffers::new(),
        Start::default(),
        around,
    )
}

/// How a game starts: dealt from its RNG or given, and how a record writes its deal.
pub(crate) struct Start<'a, G: Game> {
    /// The dealt state to play instead of the RNG's deal (which is still drawn, so chance
    /// after the deal is the same stream either way).
    pub(crate) given: Option<&'a G::State>,
    /// Records the deal and every decision, with this RNG stream.
    pub(crate) record: Option<u64>,
    /// The deal's text in a record.
    pub(crate) text: fn(&G, &G::State) -> String,
    /// For a game played on from a recorded position (`given` is that position): the
    /// record's deal text and moves up to it, which begin this game's record.
    pub(crate) prefix: Option<&'a Prefix>,
}

/// The start of the record of a game played on from a recorded position.
#[derive(Clone, Debug)]
pub(crate) struct Prefix {
    /// The original deal's text.
    pub(crate) deal: String,
    /// The moves replayed to reach the position.
    pub(crate) moves: Vec<Move>,
    /// Where they came from.
    pub(crate) origin: Origin,
}

impl<G: Game> Default for Start<'_, G> {
    fn default() -> Self {
        Start {
            given: None,
            record: None,
            text: debug_text::<G>,
            prefix: None,
        }
    }
}

/// A state's `Debug` text: the deal of a record written without the game's deal text.
pub(crate) fn debug_text<G: Game>(_: &G, state: &G::State) -> String {
    format!("{state:?}")
}

/// [`play_game_with`] in the caller's buffers (a simulation worker's, reused from game to
/// game), from the deal `start` gives, recording the deal and every decision when it gives
/// the RNG stream `rng` was set to.
///
/// # Panics
/// If the game declares more than [`MAX_STATS`] statistics.
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_game_in<G: Game>(
    game: &G,
    agents: &mut [Box<dyn Agent<G>>],
    labels: &[usize],
    rng: &mut ChaCha8Rng,
    index: u64,
    max_moves: u64,
    buffers: &mut Buffers<G::Action>,
    start: Start<'_, G>,
    around: &mut dyn FnMut(&mut dyn FnMut()),
) -> Result<GameRecord, SimError> {
    let players = game.players();
    let mut agents_rng = agents_rng(rng, players);
    for a in agents.iter_mut() {
        a.reset();
    }
    let unfair = agents.iter().map(|a| a.perfect_information()).collect();
    let uniform = agents
        .iter()
        .map(|a| a.is_uniform() && !a.perfect_information())
        .collect();
    let mut state = game.deal(rng);
    if let Some(given) = start.given {
        state.clone_from(given);
    }
    let mut trace = start.record.map(|stream| {
        Box::new(match start.prefix {
            Some(p) => Trace {
                stream,
                deal: p.deal.clone(),
                moves: p.moves.clone(),
                from: Some(p.origin),
            },
            None => Trace {
                stream,
                deal: (start.text)(game, &state),
                moves: Vec::new(),
                from: None,
            },
        })
    });
    let mut table = Table {
        agents,
        unfair,
        uniform,
        rng: &mut agents_rng,
        index,
    };
    let mut end = None;
    around(&mut || {
        end = Some(driver::play_observed(
            game,
            &mut state,
            &mut table,
            &mut buffers.moves,
            rng,
            max_moves,
            &mut |applied| {
                if let Some(t) = trace.as_mut() {
                    t.moves.push(Move::of(applied));
                }
            },
        ));
    });
    let end = end.expect("the move loop was run")?;
    if let Ending::Limit { .. } = end {
        return Err(SimError::TooLong { index, max_moves });
    }
    let outcome = end.outcome(game, &state);
    let seats = Seat::all(players)
        .map(|s| {
            let r = outcome[s];
            SeatRecord {
                agent: labels[s.index()],
                score: r.score,
                place: r.place,
                win: r.win,
            }
        })
        .collect();
    game.stats(&state, &mut buffers.stats);
    let stats = buffers.stats.iter().copied().collect();
    Ok(GameRecord {
        index,
        seats,
        moves: end.moves(),
        draw: end.is_draw() || (players > 1 && outcome.first(players).iter().all(|r| r.place == 1)),
        stats,
        trace,
    })
}

/// The agents' RNG of a game whose RNG is `rng` (at the start of its stream), and `rng`
/// moved past the words that seed it: the first of `players` words, the others skipped, so
/// that the deal and chance come from where they always have (a record of an earlier build
/// replays). One RNG for all the seats, not one each: a ChaCha8 RNG computes 256 bytes at a
/// time, and a seat of a short game (a hand of Euchre) draws a few dozen.
pub(crate) fn agents_rng(rng: &mut ChaCha8Rng, players: usize) -> ChaCha8Rng {
    let seed = rng.next_u64();
    for _ in 1..players {
        rng.next_u64();
    }
    ChaCha8Rng::seed_from_u64(seed)
}

/// The agents at the table, sharing one RNG, as the driver's [`Policy`].
struct Table<'a, G: Game> {
    agents: &'a mut [Box<dyn Agent<G>>],
    /// Per seat: the agent's [`Agent::perfect_information`], asked once per game.
    unfair: ArrayVec<bool, MAX_SEATS>,
    /// Per seat: the agent's [`Agent::is_uniform`], asked once per game.
    uniform: ArrayVec<bool, MAX_SEATS>,
    /// The agents' RNG: every seat draws from it in turn.
    rng: &'a mut ChaCha8Rng,
    index: u64,
}

impl<G: Game> Table<'_, G> {
    /// Asks the seat's agent for its choice (handing the full state only to an unfair
    /// perfect-information baseline such as `cheat`) and checks that the choice is legal.
    #[inline]
    fn decide(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
    ) -> Result<G::Action, SimError> {
        let s = seat.index();
        let agent = self.agents[s].as_mut();
        match decide(
            agent,
            game,
            state,
            seat,
            legal,
            &mut *self.rng,
            self.unfair[s],
        ) {
            Ok(i) => Ok(legal[i]),
            Err(e) => Err(SimError::IllegalChoice {
                agent: agent.label(),
                action: e.to_string(),
                index: self.index,
            }),
        }
    }
}

impl<G: Game> Policy<G> for Table<'_, G> {
    type Error = SimError;

    fn choose<R: Rng>(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        _chance: &mut R,
    ) -> Result<G::Action, SimError> {
        self.decide(game, state, seat, legal)
    }

    fn is_uniform(&self, seat: Seat) -> bool {
        self.uniform[seat.index()]
    }

    fn choose_uniform<R: Rng>(
        &mut self,
        _seat: Seat,
        count: usize,
        _chance: &mut R,
    ) -> Result<usize, SimError> {
        // The draw `RandomAgent::act_index` makes from the list, with the agents' RNG.
        Ok(self.rng.random_range(0..count))
    }

    fn reaction_time<R: Rng>(&mut self, seat: Seat, _chance: &mut R) -> f64 {
        self.agents[seat.index()].reaction_time(&mut *self.rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardsim_agents::{RandomAgent, SeatView};
    use cardsim_engine::games::whist::Whist;
    use cardsim_engine::{Card, Params};
    use rand::RngCore;

    /// Plays the lowest card of the deck that is not legal.
    struct Cheater;

    impl Agent<Whist> for Cheater {
        fn choose(
            &mut self,
            _: &Whist,
            _: Seat,
            _: &<Whist as Game>::Observation,
            legal: &[Card],
            _: &mut dyn RngCore,
        ) -> Card {
            Card::all52().find(|c| !legal.contains(c)).unwrap()
        }
        fn label(&self) -> String {
            "cheater".into()
        }
    }

    /// Claims a position past the end of the legal actions.
    struct OutOfRange;

    impl Agent<Whist> for OutOfRange {
        fn choose(
            &mut self,
            _: &Whist,
            _: Seat,
            _: &<Whist as Game>::Observation,
            legal: &[Card],
            _: &mut dyn RngCore,
        ) -> Card {
            legal[0]
        }
        fn act_index(
            &mut self,
            _: &SeatView<'_, Whist>,
            legal: &[Card],
            _: &mut dyn RngCore,
        ) -> Result<usize, Card> {
            Ok(legal.len())
        }
        fn label(&self) -> String {
            "out-of-range".into()
        }
    }

    fn play(cheat: Box<dyn Agent<Whist>>) -> Result<GameRecord, SimError> {
        let game = Whist::new(4, &Params::new()).unwrap();
        let mut agents: Vec<Box<dyn Agent<Whist>>> = vec![
            cheat,
            Box::new(RandomAgent),
            Box::new(RandomAgent),
            Box::new(RandomAgent),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        play_game(&game, &mut agents, &[0, 1, 2, 3], &mut rng, 7, 10_000)
    }

    #[test]
    fn illegal_choices_are_reported_not_played() {
        let e = play(Box::new(Cheater)).unwrap_err().to_string();
        assert!(e.contains("agent cheater chose the illegal action"), "{e}");
        assert!(e.contains("in game 7"), "{e}");
        let e = play(Box::new(OutOfRange)).unwrap_err().to_string();
        assert!(
            e.contains("out-of-range chose the illegal action number"),
            "{e}"
        );
        assert!(play(Box::new(RandomAgent)).is_ok());
    }
}
