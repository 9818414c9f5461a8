//! A seat's layout: [`Layout`] (the cards, face up or down), [`PublicLayout`] (what everybody
//! sees of it) and [`Spot`]; where a card can go in it.

use super::{is_jack, natural_spot, MAX_LAYOUT};
use crate::cards::Card;
use std::fmt;

/// The mask bit of spot `k` (`1..=10`) in [`Layout`]'s and [`PublicLayout`]'s masks.
pub(super) const fn spot_bit(k: u8) -> u16 {
    1 << (k - 1)
}

/// What one spot of a layout shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Spot {
    /// Face down: nobody, not even the owner, knows the card.
    #[default]
    FaceDown,
    /// Face up with the natural card that belongs there.
    Natural(Card),
    /// Face up with a jack standing in for the natural card.
    Jack(Card),
}

/// Where a card can go in a layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Play {
    /// A natural card whose spot is face down: it must go there.
    FaceDown(u8),
    /// A jack: any face-down spot.
    AnyFaceDown,
    /// A natural card whose spot holds a jack: it may replace the jack.
    ReplaceJack(u8),
    /// Queens, kings, naturals above the layout size or whose spot already holds a natural.
    Nowhere,
}

/// One seat's layout: up to ten cards in spots `1..=size`, each face down or face up.
///
/// Small and `Copy`: the cards, plus bit masks where bit `k - 1` stands for spot `k`. The
/// face-up mask marks turned cards and the jack mask marks the face-up spots held by a jack.
/// A face-up card that is not a jack is always the natural card of its spot.
///
/// ```
/// use cardsim_engine::games::trash::{Layout, Spot};
/// let cards = ["7C", "2H", "KS"].map(|c| c.parse().unwrap());
/// let layout = Layout::dealt(&cards);
/// assert_eq!(layout.size(), 3);
/// assert_eq!(layout.face_down(), 0b111);
/// assert_eq!(layout.spot(1), Spot::FaceDown);
/// assert_eq!(layout.card(1).to_string(), "7C");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout {
    /// `cards[k - 1]` is the card at spot `k`; spots beyond the size hold [`Card::JOKER`].
    pub(super) cards: [Card; MAX_LAYOUT as usize],
    pub(super) size: u8,
    pub(super) face_up: u16,
    pub(super) jacks: u16,
}

impl Default for Layout {
    /// The empty layout of a seat that is not playing.
    fn default() -> Self {
        Layout {
            cards: [Card::JOKER; MAX_LAYOUT as usize],
            size: 0,
            face_up: 0,
            jacks: 0,
        }
    }
}

impl Layout {
    /// A freshly dealt layout: `cards[k - 1]` face down at spot `k`.
    ///
    /// # Panics
    /// If `cards` is empty or holds more than [`MAX_LAYOUT`] cards.
    pub fn dealt(cards: &[Card]) -> Layout {
        assert!(
            (1..=MAX_LAYOUT as usize).contains(&cards.len()),
            "a layout has 1 to 10 cards"
        );
        let mut layout = Layout {
            size: cards.len() as u8,
            ..Layout::default()
        };
        layout.cards[..cards.len()].copy_from_slice(cards);
        layout
    }

    /// The number of spots.
    pub const fn size(&self) -> u8 {
        self.size
    }

    /// Mask of every spot, `1..=size`.
    pub const fn spots(&self) -> u16 {
        ((1u32 << self.size) - 1) as u16
    }

    /// Mask of the face-up spots.
    pub const fn face_up(&self) -> u16 {
        self.face_up
    }

    /// Mask of the face-down spots.
    pub const fn face_down(&self) -> u16 {
        self.spots() & !self.face_up
    }

    /// Mask of the spots held by a jack.
    pub const fn jacks(&self) -> u16 {
        self.jacks
    }

    /// True when every spot is face up: the hand is won.
    pub const fn is_complete(&self) -> bool {
        self.face_down() == 0
    }

    /// The card at spot `k`, face up or down.
    ///
    /// # Panics
    /// If `k` is not in `1..=size`.
    pub fn card(&self, k: u8) -> Card {
        assert!(
            (1..=self.size).contains(&k),
            "spot {k} is not in the layout"
        );
        self.cards[k as usize - 1]
    }

    /// What spot `k` shows.
    ///
    /// # Panics
    /// If `k` is not in `1..=size`.
    pub fn spot(&self, k: u8) -> Spot {
        let card = self.card(k);
        if self.face_up & spot_bit(k) == 0 {
            Spot::FaceDown
        } else if self.jacks & spot_bit(k) != 0 {
            Spot::Jack(card)
        } else {
            Spot::Natural(card)
        }
    }

    /// What everybody sees of the layout.
    pub fn public(&self) -> PublicLayout {
        let mut out = PublicLayout {
            size: self.size,
            ..PublicLayout::default()
        };
        for k in 1..=self.size {
            out.spots[k as usize - 1] = self.spot(k);
        }
        out
    }

    /// Where `card` can go.
    pub(super) fn play(&self, card: Card) -> Play {
        if is_jack(card) {
            return Play::AnyFaceDown;
        }
        match natural_spot(card) {
            Some(k) if k <= self.size => {
                let bit = spot_bit(k);
                if self.face_up & bit == 0 {
                    Play::FaceDown(k)
                } else if self.jacks & bit != 0 {
                    Play::ReplaceJack(k)
                } else {
                    Play::Nowhere
                }
            }
            _ => Play::Nowhere,
        }
    }

    /// Puts `card` face up at spot `k` and returns the card it displaces: the face-down card
    /// (now turned) or the jack it replaces.
    pub(super) fn put(&mut self, k: u8, card: Card) -> Card {
        let bit = spot_bit(k);
        let old = std::mem::replace(&mut self.cards[k as usize - 1], card);
        self.face_up |= bit;
        if is_jack(card) {
            self.jacks |= bit;
        } else {
            self.jacks &= !bit;
        }
        old
    }
}

impl fmt::Debug for Layout {
    /// Spots in order: a face-up card as `7C`, a face-down one as `?7C`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for k in 1..=self.size {
            let sep = if k > 1 { " " } else { "" };
            match self.spot(k) {
                Spot::FaceDown => write!(f, "{sep}?{}", self.card(k))?,
                _ => write!(f, "{sep}{}", self.card(k))?,
            }
        }
        f.write_str("]")
    }
}

/// A layout as everybody sees it: its size and what each spot shows.
///
/// `spots[k - 1]` is spot `k`; spots beyond `size` are [`Spot::FaceDown`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PublicLayout {
    /// The number of spots.
    pub size: u8,
    /// What each spot shows.
    pub spots: [Spot; MAX_LAYOUT as usize],
}

impl PublicLayout {
    /// What spot `k` shows.
    ///
    /// # Panics
    /// If `k` is not in `1..=10`.
    pub fn spot(&self, k: u8) -> Spot {
        self.spots[k as usize - 1]
    }

    /// Mask of the face-down spots (bit `k - 1` for spot `k`).
    pub fn face_down(&self) -> u16 {
        (1..=self.size)
            .filter(|&k| self.spot(k) == Spot::FaceDown)
            .fold(0, |m, k| m | spot_bit(k))
    }

    /// The face-up cards, jacks included.
    pub fn face_up_cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.spots[..self.size as usize]
            .iter()
            .filter_map(|s| match *s {
                Spot::FaceDown => None,
                Spot::Natural(c) | Spot::Jack(c) => Some(c),
            })
    }
}
