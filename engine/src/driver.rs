//! The one loop that plays a game forward: turns and real-time races, a game's own move cap,
//! and draws. The simulator, the search agents' playouts and the conformance checks all play
//! through it, each supplying a [`Policy`] for the decisions.
//!
//! ```
//! use cardsim_engine::driver::{self, Ending, RandomPolicy, Scratch};
//! use cardsim_engine::{games::trash::Trash, Game, Params};
//! use rand::SeedableRng;
//! let game = Trash::new(2, &Params::new()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
//! let mut state = game.deal(&mut rng);
//! let mut scratch = Scratch::new();
//! let end = driver::play(&game, &mut state, &mut RandomPolicy, &mut scratch, &mut rng, u64::MAX);
//! assert!(matches!(end, Ok(Ending::Over { .. })));
//! ```

use crate::game::{Game, Outcome, RaceEntry, SeatResult, ToMove};
use crate::seat::{Seat, MAX_SEATS};
use rand::Rng;
use std::convert::Infallible;

/// Makes the decisions of a played-out game: whoever picks the actions (agents, a playout
/// policy, a test). The driver hands it the full state; a policy that stands for fair agents
/// must pass each agent only what its seat may see.
pub trait Policy<G: Game> {
    /// What can go wrong in a decision (an agent choosing an illegal action).
    type Error;

    /// Chooses one of `legal` for `seat`: on its turn (at least two actions), and in a race
    /// through the default [`Policy::race`] (at least one).
    ///
    /// # Errors
    /// The policy's own failure, which ends the game.
    fn choose<R: Rng>(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut R,
    ) -> Result<G::Action, Self::Error>;

    /// True when `seat` chooses a uniformly random legal action, drawn by
    /// [`Policy::choose_uniform`] from their number alone: the driver then skips building the
    /// list wherever the game counts its actions ([`Game::legal_count`]). The default is
    /// false.
    fn is_uniform(&self, _seat: Seat) -> bool {
        false
    }

    /// For a seat whose [`Policy::is_uniform`] is true: the position of its choice among
    /// `count` (at least two) legal actions. It must draw what [`Policy::choose`] would draw
    /// from the list, so that a game is the same whether or not the game counts its actions.
    /// The default draws `rng.random_range(0..count)` from the driver's RNG.
    ///
    /// # Errors
    /// The policy's own failure, which ends the game.
    fn choose_uniform<R: Rng>(
        &mut self,
        _seat: Seat,
        count: usize,
        rng: &mut R,
    ) -> Result<usize, Self::Error> {
        Ok(rng.random_range(0..count))
    }

    /// Chooses one of `legal` (never empty) for `seat` in a race, with its reaction time in
    /// seconds. The default is the seat's [`Policy::choose`] and then its
    /// [`Policy::reaction_time`], drawn in that order; a policy that races otherwise than it
    /// plays its turns overrides it.
    ///
    /// # Errors
    /// The policy's own failure, which ends the game.
    fn race<R: Rng>(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut R,
    ) -> Result<(G::Action, f64), Self::Error> {
        let action = self.choose(game, state, seat, legal, rng)?;
        Ok((action, self.reaction_time(seat, rng)))
    }

    /// How many seconds `seat` takes to react in a race of the default [`Policy::race`],
    /// drawn after its choice. The default is uniform in `[0, 1)` (`rng.random::<f64>()`).
    fn reaction_time<R: Rng>(&mut self, _seat: Seat, rng: &mut R) -> f64 {
        rng.random::<f64>()
    }
}

/// Uniformly random legal actions, and reaction times uniform in `[0, 1)` seconds.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPolicy;

impl<G: Game> Policy<G> for RandomPolicy {
    type Error = Infallible;

    fn choose<R: Rng>(
        &mut self,
        _: &G,
        _: &G::State,
        _: Seat,
        legal: &[G::Action],
        rng: &mut R,
    ) -> Result<G::Action, Infallible> {
        Ok(legal[rng.random_range(0..legal.len())])
    }

    fn is_uniform(&self, _: Seat) -> bool {
        true
    }
}

/// A uniformly random legal action for the seat to move (which must have one), drawn as
/// `legal[rng.random_range(0..legal.len())]` would draw it from the list of
/// [`Game::legal_actions`], without building the list where the game counts its actions
/// ([`Game::legal_count`]); `scratch` holds the list where it does not.
///
/// ```
/// use cardsim_engine::driver::uniform_legal;
/// use cardsim_engine::{games::bridge::Bridge, Game, Params};
/// use rand::{Rng, SeedableRng};
/// use rand_chacha::ChaCha8Rng;
/// let game = Bridge::new(4, &Params::new()).unwrap();
/// let state = game.deal(&mut ChaCha8Rng::seed_from_u64(1));
/// let (mut a, mut b) = (ChaCha8Rng::seed_from_u64(2), ChaCha8Rng::seed_from_u64(2));
/// let mut legal = Vec::new();
/// game.legal_actions(&state, &mut legal);
/// let drawn = uniform_legal(&game, &state, &mut Vec::new(), &mut a);
/// assert_eq!(drawn, legal[b.random_range(0..legal.len())]);
/// ```
pub fn uniform_legal<G: Game, R: Rng + ?Sized>(
    game: &G,
    state: &G::State,
    scratch: &mut Vec<G::Action>,
    rng: &mut R,
) -> G::Action {
    match game.pick_legal(state, |count| {
        Ok::<_, Infallible>(rng.random_range(0..count))
    }) {
        Some(Ok(action)) => action,
        Some(Err(never)) => match never {},
        None => {
            game.legal_actions(state, scratch);
            scratch[rng.random_range(0..scratch.len())]
        }
    }
}

/// Reusable buffers for the legal actions and race entries, so that the move loop does not
/// allocate once they have grown to the game's needs ([`Scratch::new`] reserves enough for
/// every cardsim game).
#[derive(Clone, Debug)]
pub struct Scratch<A> {
    /// The legal actions of the current decision.
    pub legal: Vec<A>,
    /// The entries of the current race.
    pub entries: Vec<RaceEntry<A>>,
}

impl<A> Scratch<A> {
    /// Buffers with room for 256 legal actions and a race of every seat.
    pub fn new() -> Self {
        Scratch {
            legal: Vec::with_capacity(256),
            entries: Vec::with_capacity(MAX_SEATS),
        }
    }
}

impl<A> Default for Scratch<A> {
    fn default() -> Self {
        Self::new()
    }
}

/// What `seat` may do when `to_move` is who acts in `state`: its legal actions on its turn,
/// its race actions in a race it takes part in, nothing otherwise (into `out`).
pub fn actions_of<G: Game>(
    game: &G,
    state: &G::State,
    to_move: ToMove,
    seat: Seat,
    out: &mut Vec<G::Action>,
) {
    match to_move {
        ToMove::Seat(s) if s == seat => game.legal_actions(state, out),
        ToMove::Race(mask) if mask.contains(seat) => game.race_actions(state, seat, out),
        _ => out.clear(),
    }
}

/// What one [`step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// An action (or a race) was applied.
    Moved,
    /// The game was already over; nothing was applied.
    Over,
}

/// Plays one decision: a seat's turn (applied without asking the policy when only one action
/// is legal) or a race (every seat that can act enters; the game decides who was first). A
/// seat that draws uniformly ([`Policy::is_uniform`]) draws from the number of legal actions
/// where the game counts them ([`Game::legal_count`]), and the list is never built.
///
/// # Errors
/// The policy's error; the state is then unchanged.
pub fn step<G: Game, P: Policy<G>, R: Rng>(
    game: &G,
    state: &mut G::State,
    policy: &mut P,
    scratch: &mut Scratch<G::Action>,
    rng: &mut R,
) -> Result<Step, P::Error> {
    step_observed(game, state, policy, scratch, rng, &mut |_| {})
}

/// What one step applied, as [`step_observed`] and [`play_observed`] report it.
#[derive(Clone, Copy, Debug)]
pub enum Applied<'a, A> {
    /// `seat` took `action` on its turn (chosen, or the only legal action).
    Turn {
        /// Who acted.
        seat: Seat,
        /// What it did.
        action: A,
    },
    /// A race with these entries (in seat order; the game decided who was first).
    Race(&'a [RaceEntry<A>]),
}

/// [`step`], telling `observe` what was applied before it is applied (the state is still
/// the one it was applied to).
///
/// # Errors
/// As [`step`].
#[inline]
pub fn step_observed<G: Game, P: Policy<G>, R: Rng>(
    game: &G,
    state: &mut G::State,
    policy: &mut P,
    scratch: &mut Scratch<G::Action>,
    rng: &mut R,
    observe: &mut impl FnMut(Applied<'_, G::Action>),
) -> Result<Step, P::Error> {
    match game.to_move(state) {
        ToMove::Over => return Ok(Step::Over),
        ToMove::Seat(seat) => {
            let counted = if policy.is_uniform(seat) {
                game.pick_legal(state, |count| policy.choose_uniform(seat, count, rng))
            } else {
                None
            };
            let action = match counted {
                Some(action) => action?,
                None => {
                    game.legal_actions(state, &mut scratch.legal);
                    if scratch.legal.len() == 1 {
                        scratch.legal[0]
                    } else {
                        policy.choose(game, state, seat, &scratch.legal, rng)?
                    }
                }
            };
            observe(Applied::Turn { seat, action });
            game.apply(state, action, rng);
        }
        ToMove::Race(mask) => {
            scratch.entries.clear();
            for seat in mask.iter() {
                game.race_actions(state, seat, &mut scratch.legal);
                if scratch.legal.is_empty() {
                    continue;
                }
                let (action, reaction) = policy.race(game, state, seat, &scratch.legal, rng)?;
                scratch.entries.push(RaceEntry {
                    seat,
                    action,
                    reaction,
                });
            }
            observe(Applied::Race(&scratch.entries));
            game.apply_race(state, &scratch.entries, rng);
        }
    }
    Ok(Step::Moved)
}

/// How a played-out game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The game reached its own end after `moves` decisions ([`Game::outcome`] has the result).
    Over {
        /// Decisions applied.
        moves: u64,
    },
    /// The game reached the move cap it declares ([`Game::move_cap`]): a draw.
    Draw {
        /// Decisions applied.
        moves: u64,
    },
    /// The caller's `limit` was reached before either: the game may not end at all (a rules
    /// bug, or a playout cut short).
    Limit {
        /// Decisions applied.
        moves: u64,
    },
}

impl Ending {
    /// Decisions applied.
    pub fn moves(self) -> u64 {
        match self {
            Ending::Over { moves } | Ending::Draw { moves } | Ending::Limit { moves } => moves,
        }
    }

    /// The final result: the game's own outcome, or an even split among all seats when the
    /// game was drawn at its cap or cut short.
    ///
    /// # Panics
    /// If the game says it is over but gives no outcome (a broken [`Game`] contract).
    pub fn outcome<G: Game>(self, game: &G, state: &G::State) -> Outcome {
        match self {
            Ending::Over { .. } => game
                .outcome(state)
                .expect("a game that is over has an outcome"),
            Ending::Draw { .. } | Ending::Limit { .. } => draw(game.players()),
        }
    }

    /// True for a game that did not reach its own end but was stopped at its move cap.
    pub fn is_draw(self) -> bool {
        matches!(self, Ending::Draw { .. })
    }
}

/// A drawn game: every seat first with an equal share of the win and a score of 0.
pub fn draw(players: usize) -> Outcome {
    let mut out = Outcome::default();
    for s in Seat::all(players) {
        out[s] = SeatResult {
            score: 0.0,
            place: 1,
            win: 1.0 / players as f64,
        };
    }
    out
}

/// Plays `state` until the game ends, reaches its declared move cap ([`Game::move_cap`]), or
/// `limit` decisions have been applied, whichever comes first.
///
/// # Errors
/// The policy's error, which ends the game where it stands.
pub fn play<G: Game, P: Policy<G>, R: Rng>(
    game: &G,
    state: &mut G::State,
    policy: &mut P,
    scratch: &mut Scratch<G::Action>,
    rng: &mut R,
    limit: u64,
) -> Result<Ending, P::Error> {
    play_observed(game, state, policy, scratch, rng, limit, &mut |_| {})
}

/// [`play`], telling `observe` every action and race as it is applied (for game records).
///
/// # Errors
/// As [`play`].
#[inline]
pub fn play_observed<G: Game, P: Policy<G>, R: Rng>(
    game: &G,
    state: &mut G::State,
    policy: &mut P,
    scratch: &mut Scratch<G::Action>,
    rng: &mut R,
    limit: u64,
    observe: &mut impl FnMut(Applied<'_, G::Action>),
) -> Result<Ending, P::Error> {
    let cap = game.move_cap().unwrap_or(u64::MAX);
    let mut moves = 0u64;
    loop {
        if (moves >= cap || moves >= limit) && game.to_move(state) != ToMove::Over {
            return Ok(if moves >= cap {
                Ending::Draw { moves }
            } else {
                Ending::Limit { moves }
            });
        }
        match step_observed(game, state, policy, scratch, rng, observe)? {
            Step::Over => return Ok(Ending::Over { moves }),
            Step::Moved => moves += 1,
        }
    }
}
