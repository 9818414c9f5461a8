//! The shared core of the trick-taking games: card orders, tricks, legal plays, the play of a
//! hand and the public record that determinization respects.
//!
//! - [`CardOrder`]: each card's effective suit and strength, the trump suit and the tie rule,
//!   as a table, so Euchre's bowers, Envite's enlarged trump suit, Orgy's equal courts and
//!   Ogórek's suitless ranks are all data, not code.
//! - [`Obligation`]: what a player must play (follow suit; follow or trump; beat or play
//!   lowest; anything), and what a play reveals about the rest of the hand.
//! - [`Trick`]: the cards of one trick with their seats, and its winner.
//! - [`TrickPlay`]: hands, the trick in progress, tricks won and the [`PlayRecord`] of played
//!   cards and revealed voids, with [`TrickPlay::masked`], [`TrickPlay::resample`] and
//!   [`TrickPlay::determinized`] for observations and determinization, and
//!   [`TrickPlay::check_deal`] for a game's invariants.
//! - [`sample_deal`]: deals unseen cards to hidden hands uniformly among the deals consistent
//!   with their sizes and exclusions; [`Teams`]: partnerships, and [`Teams::outcome`], a
//!   partnership game's ranking from its sides' scores.
//! - [`TrumpChooser`]: a deal in two batches with trumps named in between by a seat who has
//!   seen only its first cards (Omi, Court Piece), with the observation and determinization of
//!   that phase.
//! - [`TrickTaking`]: a game's card play as code shared across the family sees it (the play in
//!   progress, the teams, which actions are cards), implemented beside each game's state.
//!
//! - [`encode_play`]: the card play as observation-tensor segments, the same for every game.
//!
//! Game-specific parts (bidding, scoring, exposed cards) stay in the game modules.
//!
//! ```
//! use cardsim_engine::cards::{CardSet, Suit};
//! use cardsim_engine::tricks::{shuffled, CardOrder, Obligation, Teams, TrickPlay};
//! use cardsim_engine::Seat;
//! use rand::SeedableRng;
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let cards = shuffled(CardSet::FULL_DECK, &mut rng);
//! let hands: Vec<CardSet> = cards.chunks(13).map(|c| c.iter().copied().collect()).collect();
//! let order = CardOrder::ace_high(Some(Suit::Spades));
//! let mut play = TrickPlay::new(4, &hands, Seat::new(1), order, Obligation::FollowSuit);
//! while !play.is_over() {
//!     let card = play.legal().iter().next().unwrap(); // lowest legal card
//!     play.play(card);
//! }
//! let teams = Teams::alternating(4, 2);
//! assert_eq!(play.team_tricks(&teams, 0) + play.team_tricks(&teams, 1), 13);
//! ```

mod chooser;
mod encoding;
mod order;
mod play;
mod sample;
#[cfg(test)]
pub(crate) mod testing;
pub(crate) mod text;
mod trick;
mod view;

pub use chooser::TrumpChooser;
pub(crate) use encoding::encode_sides;
#[cfg(test)]
pub(crate) use encoding::{assert_hand_plane, assert_lead_shows};
pub use encoding::{encode_play, encode_play_seen, play_len};
pub use order::{CardOrder, Obligation, TieBreak};
pub use play::{PlayRecord, Teams, TrickPlay};
pub use sample::{sample_deal, sample_deal_grouped_into, sample_deal_into, shuffled, HiddenHand};
pub use trick::Trick;
pub use view::TrickTaking;
