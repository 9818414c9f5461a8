//! # cardsim-engine
//!
//! Bit-packed cards, the [`Game`] contract and the rules of every cardsim game.
//!
//! - [`cards`]: [`Card`], [`CardSet`] (one `u64`), [`CardMultiset`] for multi-deck games.
//! - [`Seat`] and [`BySeat`]: seats and inline per-seat storage (up to 12 players).
//! - [`Game`]: what a game must provide: dealing, whose turn, legal actions into a
//!   caller-owned buffer, applying actions with chance resolved from a passed-in RNG, what each
//!   seat may know ([`Game::observe`]) and a sample of a full state consistent with it
//!   ([`Game::determinize`]), the final [`Outcome`] and per-game statistics. Read the trait's
//!   docs for the full contract and for how to add a game: two new source files, its rules
//!   doc and one line in each of three lists ([`Game#adding-a-game`]).
//! - [`games`]: one module per game.
//! - [`tricks`]: the shared core of the trick-taking games (card orders, tricks, the play of a
//!   hand, sampling hidden hands) and [`tricks::TrickTaking`], the view of a game's card play
//!   that code shared across the family (a double-dummy solver, rules of thumb) works from.
//! - [`driver`]: the one loop that plays turns and races to the end, for the simulator,
//!   playouts and tests.
//! - [`conformance`]: the generic checks every game's tests run.
//! - [`deal_text`]: [`DealText`], each game's dealt state as one line of text and back.
//! - [`encoding`]: [`Encoding`], stable action ids and fixed-shape observation tensors.
//!
//! The engine knows nothing of threads, files or the command line.
//!
//! ```
//! use cardsim_engine::{games::trash::Trash, Game, Params, ToMove};
//! use rand::{seq::IndexedRandom, SeedableRng};
//! let game = Trash::new(2, &Params::new()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     let a = *legal.choose(&mut rng).unwrap();
//!     game.apply(&mut state, a, &mut rng);
//! }
//! let outcome = game.outcome(&state).unwrap();
//! assert_eq!(outcome.first(2).iter().map(|r| r.win).sum::<f64>(), 1.0);
//! ```
#![warn(missing_docs)]

pub mod cards;
pub mod conformance;
pub mod deal_text;
pub mod driver;
pub mod encoding;
mod game;
pub mod games;
pub mod melds;
pub mod params;
mod seat;
pub mod tricks;

pub use cards::{Card, CardMultiset, CardSet, Rank, Suit};
pub use deal_text::{DealError, DealText};
pub use encoding::Encoding;
pub use game::{
    check_players, pick_counted, rank_by_score, ConfigError, Game, GameInfo, IllegalAction,
    Outcome, Params, RaceEntry, SeatResult, ToMove,
};
pub use params::{ParamKind, ParamSpec};
pub use seat::{BySeat, Seat, SeatMask, MAX_SEATS};
