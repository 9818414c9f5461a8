//! The card vocabulary: [`Suit`], [`Rank`], [`Card`], the bit set [`CardSet`] and the
//! counted multiset [`CardMultiset`] for games that shuffle several decks together.
//!
//! # Bit layout
//!
//! A [`Card`] is a `u8` index in `0..64`: `suit lane * 16 + rank slot`. Each of the four suits
//! owns a 16-bit lane of a `u64` (clubs bits 0-15, diamonds 16-31, hearts 32-47, spades 48-63),
//! so "the cards of one suit" is a single mask and a suit's cards compare by bit order.
//! Inside a lane the slot is the rank's strength in ace-high order:
//!
//! | slot | 0 | 1 | 2..=10 | 11 | 12 | 13 | 14 | 15 |
//! |------|---|---|--------|----|----|----|----|----|
//! | card | joker | (free) | Two..Ten | Jack | Knight | Queen | King | Ace |
//!
//! The 52-card deck uses slots 2..=11 and 13..=15 of every lane ([`CardSet::FULL_DECK`]),
//! stripped decks are masks of it, the Knight serves tarot-style decks, and slot 0 of each lane
//! holds up to four jokers. Slot 1 and the unused slots stay free, so a 54-card tarot deck (32
//! suit cards and 22 trumps) also fits in 64 bits with its own element type over the same
//! [`Set64`] machinery: [`TarotCard`] and [`TarotSet`].
//!
//! ```
//! use cardsim_engine::cards::{Card, CardSet, Suit};
//! let hand: CardSet = "AS KS TD 2C".parse().unwrap();
//! assert_eq!(hand.len(), 4);
//! assert_eq!(hand.of_suit(Suit::Spades).len(), 2);
//! assert!(hand.contains("10D".parse::<Card>().unwrap()));
//! assert_eq!(hand.to_string(), "2C TD KS AS");
//! ```

mod card;
mod multiset;
mod rank;
mod set;
mod suit;
mod tarot;

pub use card::{Card, ParseCardError};
pub use multiset::{CardMultiset, Multiset64};
pub use rank::Rank;
pub use set::{CardSet, Element64, ParseCardSetError, Set64, SetIter};
pub use suit::Suit;
pub use tarot::{Court, ParseTarotCardError, TarotCard, TarotSet};
