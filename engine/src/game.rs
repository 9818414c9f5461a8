//! The [`Game`] contract that every game implements, and the small types around it.

pub(crate) use crate::params::ParamSpec;
use crate::params::{BadSetting, Settings, UnknownKey};
use crate::seat::{BySeat, Seat, SeatMask};
use rand::Rng;
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToMove {
    /// One seat chooses among [`Game::legal_actions`].
    Seat(Seat),
    /// A real-time race: every seat in the mask may act at once, each chooses among
    /// [`Game::race_actions`] with a reaction time, and [`Game::apply_race`] decides who was
    /// first (Speed, Egyptian Ratscrew, Spoons, Pig).
    Race(SeatMask),
    /// The game is over; [`Game::outcome`] gives the result.
    Over,
}

/// One seat's entry in a race: its action and how long it took to act, in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RaceEntry<A> {
    /// The seat.
    pub seat: Seat,
    /// What it did.
    pub action: A,
    /// Its reaction time in seconds; the fastest acts first.
    pub reaction: f64,
}

/// One seat's final result.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SeatResult {
    /// The game's own score for the seat (its docs say what it counts).
    pub score: f64,
    /// Placement, 1 = best; tied seats share a place (competition ranking: 1, 2, 2, 4).
    pub place: u8,
    /// The seat's share of the win: 1/k for each of k seats tied for first, 0 otherwise
    /// (for one-player games: 1 for a win, 0 for a loss).
    pub win: f64,
}

/// Final results, one per seat.
pub type Outcome = BySeat<SeatResult>;

/// Ranks seats by score, higher is better: places with ties shared, the win split among the
/// seats tied for first.
///
/// ```
/// use cardsim_engine::{rank_by_score, Seat};
/// let o = rank_by_score(&[3.0, 7.0, 7.0, 1.0]);
/// assert_eq!(o[Seat::new(1)].place, 1);
/// assert_eq!(o[Seat::new(2)].win, 0.5);
/// assert_eq!(o[Seat::new(0)].place, 3);
/// assert_eq!(o[Seat::new(3)].place, 4);
/// ```
pub fn rank_by_score(scores: &[f64]) -> Outcome {
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let winners = scores.iter().filter(|&&s| s == best).count() as f64;
    let mut out = Outcome::default();
    for (i, &s) in scores.iter().enumerate() {
        let above = scores.iter().filter(|&&t| t > s).count();
        out[Seat::new(i)] = SeatResult {
            score: s,
            place: above as u8 + 1,
            win: if s == best { 1.0 / winners } else { 0.0 },
        };
    }
    out
}

/// A game's static description: name, player counts, parameters and statistics columns.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// Command-line name, lower case with dashes (e.g. `trash`).
    pub name: &'static str,
    /// Human title.
    pub title: &'static str,
    /// Fewest players.
    pub min_players: usize,
    /// Most players.
    pub max_players: usize,
    /// Players when none are given.
    pub default_players: usize,
    /// Rule variants and settings accepted by [`Game::new`].
    pub params: &'static [ParamSpec],
    /// Names of the per-game statistics written by [`Game::stats`], in order.
    pub stats: &'static [&'static str],
}

/// Why a game could not be configured.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The player count is out of range.
    #[error("{game} takes {min} to {max} players, not {got}")]
    Players {
        /// The game.
        game: &'static str,
        /// Requested count.
        got: usize,
        /// Fewest allowed.
        min: usize,
        /// Most allowed.
        max: usize,
    },
    /// A parameter the game does not have.
    #[error("{game} has no parameter {key:?}; allowed: {allowed}")]
    UnknownParam {
        /// The game.
        game: &'static str,
        /// The rejected key.
        key: String,
        /// The keys the game accepts.
        allowed: String,
    },
    /// A parameter value that does not parse or is out of range.
    #[error("bad value {value:?} for {game} parameter {key}: {expected}")]
    BadValue {
        /// The game.
        game: &'static str,
        /// The key.
        key: String,
        /// The rejected value.
        value: String,
        /// What is allowed.
        expected: String,
    },
    /// A `--param` that is not of the form `key=value`.
    #[error("parameter {0:?} is not of the form key=value")]
    Malformed(String),
}

/// Rule parameters given as `key=value` pairs, checked against a game's [`ParamSpec`]s.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Params {
    pairs: Vec<(String, String)>,
}

impl Params {
    /// No parameters: every setting at its default.
    pub fn new() -> Params {
        Params::default()
    }

    /// Parses `key=value` strings.
    ///
    /// # Errors
    /// [`ConfigError::Malformed`] for an item without `=` or with an empty key.
    pub fn parse<S: AsRef<str>>(items: &[S]) -> Result<Params, ConfigError> {
        let mut pairs = Vec::new();
        for item in items {
            let item = item.as_ref();
            match item.split_once('=') {
                Some((k, v)) if !k.trim().is_empty() => {
                    pairs.push((k.trim().to_string(), v.trim().to_string()))
                }
                _ => return Err(ConfigError::Malformed(item.to_string())),
            }
        }
        Ok(Params { pairs })
    }

    /// Adds or replaces one pair.
    pub fn set(mut self, key: &str, value: impl Display) -> Params {
        self.pairs.retain(|(k, _)| k != key);
        self.pairs.push((key.to_string(), value.to_string()));
        self
    }

    /// The pairs as given.
    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }

    /// The pairs read through `info`'s declared parameters.
    pub fn settings(&self, info: &GameInfo) -> Settings<'_> {
        Settings::new(info.params, &self.pairs)
    }

    /// Checks that every key is one of `info.params` and every value one its declaration
    /// allows.
    ///
    /// # Errors
    /// [`ConfigError::UnknownParam`] naming the allowed keys, or [`ConfigError::BadValue`]
    /// saying what is allowed.
    pub fn check_keys(&self, info: &GameInfo) -> Result<(), ConfigError> {
        self.settings(info).check().map_err(|e| match e {
            Ok(UnknownKey { key, allowed }) => ConfigError::UnknownParam {
                game: info.name,
                key,
                allowed,
            },
            Err(bad) => ConfigError::bad(info, bad),
        })
    }

    /// A whole-number parameter, its declared default when absent.
    ///
    /// # Errors
    /// [`ConfigError::BadValue`] when out of its declared range.
    pub fn int<T: TryFrom<i64>>(&self, info: &GameInfo, key: &str) -> Result<T, ConfigError> {
        self.settings(info)
            .int(key)
            .map_err(|e| ConfigError::bad(info, e))
    }

    /// `None` for `auto`, else the number.
    ///
    /// # Errors
    /// [`ConfigError::BadValue`] when out of its declared range.
    pub fn auto_or_int<T: TryFrom<i64>>(
        &self,
        info: &GameInfo,
        key: &str,
    ) -> Result<Option<T>, ConfigError> {
        self.settings(info)
            .auto_or_int(key)
            .map_err(|e| ConfigError::bad(info, e))
    }

    /// A choice parameter: the chosen word.
    ///
    /// # Errors
    /// [`ConfigError::BadValue`] when not one of the declared words.
    pub fn choice(&self, info: &GameInfo, key: &str) -> Result<&'static str, ConfigError> {
        self.settings(info)
            .choice(key)
            .map_err(|e| ConfigError::bad(info, e))
    }

    /// A `true`/`false` parameter.
    ///
    /// # Errors
    /// [`ConfigError::BadValue`] for any other value.
    pub fn flag(&self, info: &GameInfo, key: &str) -> Result<bool, ConfigError> {
        self.settings(info)
            .flag(key)
            .map_err(|e| ConfigError::bad(info, e))
    }

    /// A number parameter.
    ///
    /// # Errors
    /// [`ConfigError::BadValue`] when out of its declared range.
    pub fn float(&self, info: &GameInfo, key: &str) -> Result<f64, ConfigError> {
        self.settings(info)
            .float(key)
            .map_err(|e| ConfigError::bad(info, e))
    }
}

impl ConfigError {
    /// The error for a bad value of one of `info`'s parameters.
    pub fn bad(info: &GameInfo, bad: BadSetting) -> ConfigError {
        ConfigError::BadValue {
            game: info.name,
            key: bad.key,
            value: bad.value,
            expected: bad.expected,
        }
    }
}

/// Checks `players` against `info`'s range.
///
/// # Errors
/// [`ConfigError::Players`] when out of range.
pub fn check_players(info: &GameInfo, players: usize) -> Result<(), ConfigError> {
    if players < info.min_players || players > info.max_players {
        return Err(ConfigError::Players {
            game: info.name,
            got: players,
            min: info.min_players,
            max: info.max_players,
        });
    }
    Ok(())
}

/// An action that is not legal in the position it was played in.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal action {action} ({reason})")]
pub struct IllegalAction {
    /// The rejected action, as text.
    pub action: String,
    /// Why it was rejected.
    pub reason: &'static str,
}

/// [`Game::pick_legal`] through [`Game::legal_count`] and [`Game::nth_legal`] (the trait's
/// default, for a game that overrides it in some phases only).
///
/// # Errors
/// `pick`'s error.
#[inline]
pub fn pick_counted<G: Game, E>(
    game: &G,
    state: &G::State,
    pick: impl FnOnce(usize) -> Result<usize, E>,
) -> Option<Result<G::Action, E>> {
    let count = game.legal_count(state)?;
    Some(match count {
        1 => Ok(game.nth_legal(state, 0)),
        _ => pick(count).map(|n| game.nth_legal(state, n)),
    })
}

/// The rules of one game, configured for a player count and rule variants.
///
/// A value of the game type holds the configuration (players, variants); the position lives
/// in [`Game::State`]. A whole game runs from [`Game::deal`] through many hands to its own end
/// condition, at which point [`Game::to_move`] is [`ToMove::Over`].
///
/// # The contract
/// - Chance (shuffles, draws, reshuffles in the middle of a hand, redeals between hands) is
///   resolved inside [`Game::deal`] and [`Game::apply`] from the `rng` passed in, so a game is
///   reproducible from its seed and a search can re-sample chance by passing its own RNG.
/// - Legal actions are written into a caller-owned buffer, cleared first, so playouts do not
///   allocate. When [`Game::to_move`] is `Seat(s)` the list is that seat's, never empty.
/// - [`Game::observe`] is everything one seat may know: its own cards, public cards and the
///   public history that matters (cards played, voids shown, cards passed to it). It never
///   contains a card the seat cannot see.
/// - [`Game::determinize`] samples a complete state consistent with an observation, uniformly
///   over the hidden cards as far as the observation allows; `observe` of the sample, for the
///   same seat, equals the observation.
/// - [`Game::outcome`] is `Some` exactly when the game is over.
///
/// # Adding a game
/// A game is two new source files, its rules doc, and one line in each of three lists:
///
/// 1. `engine/src/games/<game>.rs`: the rules. Implement this trait for a small config
///    struct; document player counts, deck, scoring and every ruling where the rules page is
///    ambiguous; test it with [`crate::conformance`] plus known counts
///    ([`crate::conformance::perft`]) and positions built from its rules page. A partnership
///    game overrides [`Game::team`]. A trick-taking game plays its hands with
///    [`TrickPlay`](crate::tricks::TrickPlay) and implements
///    [`TrickTaking`](crate::tricks::TrickTaking) beside its state, which gives it the
///    double-dummy solver and the card-play rules of thumb of `cardsim_agents::tricks`.
///    Where building the list of legal actions is dear, also override [`Game::legal_count`]
///    and [`Game::nth_legal`] (in card play, `TrickPlay::legal_count` and `nth_legal`
///    answer) and check them with [`crate::conformance::counted_actions`]: random agents
///    then skip the list.
/// 2. `agents/src/games/<game>.rs`: its agents. Implement `cardsim_agents::GameAgents`: the
///    game's own agents (an empty list if it has none yet) and, for a trick-taking game,
///    `exact_solver` returning `cardsim_agents::tricks::DoubleDummy`; test its heuristics
///    there, and the honesty of its determinizations (`cardsim_agents::search::honesty`).
///    `random` and the search agents (`ismcts`, `mo-ismcts`, `pimc`, `cheat`) come with it.
/// 3. `docs/rules/<game>.md`: the rulings, each naming the test that pins it.
/// 4. One line in each list: `pub mod <game>;` in `engine/src/games/mod.rs` and in
///    `agents/src/games/mod.rs`, and `entry::<games::<game>::<Game>>(),` in `games()` of
///    `sim/src/registry.rs`, which puts it in `cardsim list` and `cardsim simulate --game`.
///
/// A game that outgrows one file becomes a folder, `games/<game>/mod.rs` with its parts beside
/// it (as Bridge and Seahaven are). A complete (tiny) game:
///
/// ```
/// use cardsim_engine::{cards::{Card, CardSet}, check_players, rank_by_score, BySeat, ConfigError,
///     Game, GameInfo, Outcome, Params, Seat, ToMove};
/// use rand::{seq::IteratorRandom, Rng};
///
/// /// High Card: everyone gets one hidden card and, in turn, may redraw once (the old card is
/// /// shown and discarded). Highest card wins.
/// #[derive(Clone, Debug)]
/// struct HighCard { players: usize }
///
/// #[derive(Clone, Debug)]
/// struct State { hands: BySeat<Option<Card>>, shown: CardSet, turn: usize }
///
/// #[derive(Clone, Debug, PartialEq)]
/// struct Obs { me: Seat, mine: Option<Card>, shown: CardSet, turn: usize }
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// enum Action { Stand, Redraw }
/// impl std::fmt::Display for Action {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{self:?}") }
/// }
///
/// impl HighCard {
///     fn unseen(&self, s: &State) -> CardSet {
///         let held: CardSet = s.hands.first(self.players).iter().flatten().copied().collect();
///         CardSet::FULL_DECK - held - s.shown
///     }
/// }
///
/// impl Game for HighCard {
///     type State = State;
///     type Action = Action;
///     type Observation = Obs;
///     const INFO: GameInfo = GameInfo { name: "high-card", title: "High Card", min_players: 2,
///         max_players: 12, default_players: 2, params: &[], stats: &["redraws"] };
///
///     fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
///         check_players(&Self::INFO, players)?;
///         params.check_keys(&Self::INFO)?;
///         Ok(HighCard { players })
///     }
///     fn players(&self) -> usize { self.players }
///     fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> State {
///         let mut s = State { hands: BySeat::default(), shown: CardSet::EMPTY, turn: 0 };
///         for seat in Seat::all(self.players) {
///             s.hands[seat] = self.unseen(&s).iter().choose(rng);
///         }
///         s
///     }
///     fn to_move(&self, s: &State) -> ToMove {
///         if s.turn < self.players { ToMove::Seat(Seat::new(s.turn)) } else { ToMove::Over }
///     }
///     fn legal_actions(&self, _: &State, out: &mut Vec<Action>) {
///         out.clear();
///         out.extend([Action::Stand, Action::Redraw]);
///     }
///     fn apply<R: Rng + ?Sized>(&self, s: &mut State, a: Action, rng: &mut R) {
///         let seat = Seat::new(s.turn);
///         if a == Action::Redraw {
///             let new = self.unseen(s).iter().choose(rng);
///             s.shown.extend(s.hands[seat]);
///             s.hands[seat] = new;
///         }
///         s.turn += 1;
///     }
///     fn observe(&self, s: &State, me: Seat) -> Obs {
///         Obs { me, mine: s.hands[me], shown: s.shown, turn: s.turn }
///     }
///     fn determinize<R: Rng + ?Sized>(&self, o: &Obs, rng: &mut R) -> State {
///         let mut s = State { hands: BySeat::default(), shown: o.shown, turn: o.turn };
///         s.hands[o.me] = o.mine;
///         for seat in Seat::all(self.players).filter(|&x| x != o.me) {
///             s.hands[seat] = self.unseen(&s).iter().choose(rng);
///         }
///         s
///     }
///     fn outcome(&self, s: &State) -> Option<Outcome> {
///         let scores: Vec<f64> = Seat::all(self.players)
///             .map(|x| s.hands[x].map_or(0.0, |c| c.index() as f64 % 16.0)).collect();
///         (s.turn == self.players).then(|| rank_by_score(&scores))
///     }
///     fn stats(&self, s: &State, out: &mut Vec<f64>) {
///         out.clear();
///         out.push(s.shown.len() as f64);
///     }
/// }
///
/// let game = HighCard::new(4, &Params::new()).unwrap();
/// let report = cardsim_engine::conformance::random_games(&game, 0..50, 100);
/// assert_eq!(report.games, 50);
/// ```
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// A complete position, hidden cards included.
    type State: Clone + Debug + Send + Sync;
    /// A move; `Display` gives a short readable form.
    type Action: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;
    /// What one seat may know (its information set).
    type Observation: Clone + Debug + PartialEq + Send + Sync;

    /// The game's static description.
    const INFO: GameInfo;

    /// The rules for `players` players with `params` applied over the defaults.
    ///
    /// # Errors
    /// A [`ConfigError`] naming the bad player count or parameter and what is allowed.
    fn new(players: usize, params: &Params) -> Result<Self, ConfigError>;

    /// Number of players.
    fn players(&self) -> usize;

    /// Shuffles and deals the first hand.
    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> Self::State;

    /// Who acts next.
    fn to_move(&self, state: &Self::State) -> ToMove;

    /// Writes the legal actions of the seat to move into `out` (cleared first).
    fn legal_actions(&self, state: &Self::State, out: &mut Vec<Self::Action>);

    /// How many legal actions the seat to move has, when the game can count them without
    /// building the list; `None` (the default) when it cannot, and callers fall back on
    /// [`Game::legal_actions`] ([`crate::driver::uniform_legal`] does). A game may answer in
    /// some phases and not in others. A uniformly random agent needs only the count and then
    /// one action ([`Game::nth_legal`]), so a game whose list is dear to build gains by
    /// overriding both.
    fn legal_count(&self, _state: &Self::State) -> Option<usize> {
        None
    }

    /// Action number `n` of [`Game::legal_actions`], in its order, without building the list.
    /// Asked only where [`Game::legal_count`] is `Some(count)`, with `n < count`.
    ///
    /// # Panics
    /// The default panics: a game that never counts its actions is never asked.
    fn nth_legal(&self, _state: &Self::State, _n: usize) -> Self::Action {
        panic!("{} does not count its legal actions", Self::INFO.name)
    }

    /// Where the game counts its legal actions ([`Game::legal_count`]): action number
    /// `pick(count)` of them, in the order of [`Game::legal_actions`], without building the
    /// list; `pick` is asked only when there are at least two (a single legal action is
    /// answered without it), and its error is handed back. `None` where the game does not
    /// count. The default asks [`Game::legal_count`] and [`Game::nth_legal`]; a game overrides
    /// it where the two repeat work (the legal cards of a trick), answering exactly as they do.
    ///
    /// # Errors
    /// `pick`'s error.
    #[inline]
    fn pick_legal<E>(
        &self,
        state: &Self::State,
        pick: impl FnOnce(usize) -> Result<usize, E>,
    ) -> Option<Result<Self::Action, E>> {
        pick_counted(self, state, pick)
    }

    /// Plays `action` for the seat to move, then resolves any chance that follows. The action
    /// must be one of [`Game::legal_actions`]; for an unchecked input use [`Game::try_apply`].
    fn apply<R: Rng + ?Sized>(&self, state: &mut Self::State, action: Self::Action, rng: &mut R);

    /// Like [`Game::apply`], but first checks that `action` is legal.
    ///
    /// # Errors
    /// [`IllegalAction`] if it is not, leaving the state unchanged.
    fn try_apply<R: Rng + ?Sized>(
        &self,
        state: &mut Self::State,
        action: Self::Action,
        rng: &mut R,
    ) -> Result<(), IllegalAction> {
        if !matches!(self.to_move(state), ToMove::Seat(_)) {
            return Err(IllegalAction {
                action: action.to_string(),
                reason: "no seat to move",
            });
        }
        let mut legal = Vec::new();
        self.legal_actions(state, &mut legal);
        if !legal.contains(&action) {
            return Err(IllegalAction {
                action: action.to_string(),
                reason: "not a legal action",
            });
        }
        self.apply(state, action, rng);
        Ok(())
    }

    /// What `seat` may know.
    fn observe(&self, state: &Self::State, seat: Seat) -> Self::Observation;

    /// A complete state consistent with `obs`, hidden cards sampled with `rng`.
    fn determinize<R: Rng + ?Sized>(&self, obs: &Self::Observation, rng: &mut R) -> Self::State;

    /// The final results, once the game is over.
    fn outcome(&self, state: &Self::State) -> Option<Outcome>;

    /// The per-game statistics named in [`GameInfo::stats`], in that order, into `out`
    /// (cleared first).
    fn stats(&self, state: &Self::State, out: &mut Vec<f64>);

    /// Checks the state's internal invariants (cards conserved, counts in range); `Err` names
    /// the first broken one. Tests call it after every move.
    ///
    /// # Errors
    /// A description of the broken invariant.
    fn check_invariants(&self, _state: &Self::State) -> Result<(), String> {
        Ok(())
    }

    /// The most decisions a game may take before it ends as a draw, if the game's rules (or
    /// its settings) declare such a cap: a game that can go on for ever (Beggar-my-neighbour
    /// deals that never end) stops there and is reported as drawn, not as an error. A game
    /// that detects its own endless loop (a repeated position) ends itself instead.
    fn move_cap(&self) -> Option<u64> {
        None
    }

    /// In a race, the actions open to `seat` (cleared first). Only race games override this.
    fn race_actions(&self, _state: &Self::State, _seat: Seat, out: &mut Vec<Self::Action>) {
        out.clear();
    }

    /// Resolves a race from every taking part seat's entry. Only race games override this.
    ///
    /// # Panics
    /// The default panics: a game that never returns [`ToMove::Race`] is never asked.
    fn apply_race<R: Rng + ?Sized>(
        &self,
        _state: &mut Self::State,
        _entries: &[RaceEntry<Self::Action>],
        _rng: &mut R,
    ) {
        panic!("{} has no races", Self::INFO.name)
    }

    /// What `viewer` learns of `action` when the seat to move plays it in `state`: `Some` of
    /// the action when the move is public to it, `None` when it only learns that a move was
    /// made (a card passed face down, a discard seen only as "a card"). A game may also map
    /// the actions `viewer` cannot tell apart to one representative. Never asked about the
    /// seat to move itself, which knows its own move.
    ///
    /// Multi-observer ISMCTS builds each seat's tree from these projections. The default,
    /// `None`, is always correct but conservative: it hides every move of the others, so a
    /// game whose moves are public should say so.
    fn observe_action(
        &self,
        _state: &Self::State,
        _action: Self::Action,
        _viewer: Seat,
    ) -> Option<Self::Action> {
        None
    }

    /// The side `seat` plays for, numbered from 0: seats with the same number are partners
    /// and win or lose together. The simulator's summaries add a row per side (the
    /// partnership's win rate, one sample per game) when some side has two or more seats.
    /// The default makes every seat its own side.
    fn team(&self, seat: Seat) -> usize {
        seat.index()
    }
}
