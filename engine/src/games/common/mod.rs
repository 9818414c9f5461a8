//! Pieces shared by several games that are not trick games: a face-down [`Stock`] that hands
//! are drawn back up from (and that may be rebuilt from the played cards), and the
//! [`Eliminations`] record of an elimination game with its placement [`Outcome`](crate::Outcome)
//! (the last seat standing first, the first seat out last); the [`Beating`] phase of the
//! Mattis family: beat the last play or pick up (written once for Mattis and Myllymatti); and
//! the one-round ascending [`Auction`] of Hasenpfeffer and Nap; [`ToTarget`], the end of a
//! match played to a target score; [`fastest_first`], the order of a race's entries (exact
//! ties at random); and the [`Census`] of a position's cards, checked to make up the deck
//! (Gin Rummy, Tong-Its).
//!
//! ```
//! use cardsim_engine::games::common::{Eliminations, Stock};
//! use cardsim_engine::{CardSet, Seat};
//! use rand::SeedableRng;
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let mut stock = Stock::shuffled(CardSet::FULL_DECK, &mut rng);
//! let mut hand = CardSet::EMPTY;
//! assert_eq!(stock.draw_up_to(&mut hand, 4), 4);
//! assert_eq!((hand.len(), stock.len()), (4, 48));
//!
//! let mut out = Eliminations::default();
//! out.eliminate(Seat::new(2));
//! out.eliminate(Seat::new(0));
//! let places: Vec<u8> = out.outcome(3).first(3).iter().map(|r| r.place).collect();
//! assert_eq!(places, [2, 1, 3]);
//! ```

mod auction;
mod beating;
mod census;
mod elimination;
pub(crate) mod encoding;
mod race;
mod stock;
mod target;
#[cfg(test)]
pub(crate) mod testing;
pub(crate) mod text;

pub use auction::Auction;
pub use beating::{beaters, beats, BeatMove, BeatRules, BeatTally, Beating, Run, Take};
pub use census::Census;
pub use elimination::Eliminations;
pub use race::fastest_first;
pub use stock::{Stock, StockCards, StockOf, STOCK_CAPACITY};
pub use target::ToTarget;
