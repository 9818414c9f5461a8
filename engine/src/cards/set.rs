//! [`Set64`]: a set of up to 64 distinct cards in one `u64`, and [`CardSet`], its instance for
//! [`Card`].

use super::{Card, ParseCardError, Rank, Suit};
use std::fmt;
use std::iter::FusedIterator;
use std::marker::PhantomData;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};
use std::str::FromStr;

/// An element type that maps one-to-one onto bit indices `0..64`.
pub trait Element64: Copy {
    /// The bit index of the element.
    fn to_index(self) -> u8;
    /// The element at `index`; only called with indices of elements that were inserted.
    fn from_index_unchecked(index: u8) -> Self;
}

impl Element64 for Card {
    #[inline]
    fn to_index(self) -> u8 {
        self.index() as u8
    }
    #[inline]
    fn from_index_unchecked(index: u8) -> Self {
        Card::from_index(index)
    }
}

/// A set of distinct elements packed in one `u64`: bit `i` is set when element `i` is present.
///
/// All set operations are single machine instructions; iteration walks the set bits in
/// ascending index order without allocating.
pub struct Set64<C> {
    bits: u64,
    _element: PhantomData<C>,
}

/// A set of [`Card`]s with the lane layout of the [module docs](super).
///
/// ```
/// use cardsim_engine::cards::{Card, CardSet, Rank, Suit};
/// let mut s = CardSet::EMPTY;
/// s.insert(Card::new(Rank::Ace, Suit::Hearts));
/// s |= CardSet::from_card(Card::new(Rank::Two, Suit::Hearts));
/// assert_eq!(s.of_suit(Suit::Hearts).highest(), Some(Card::new(Rank::Ace, Suit::Hearts)));
/// assert_eq!((CardSet::FULL_DECK - s).len(), 50);
/// ```
pub type CardSet = Set64<Card>;

impl<C> Clone for Set64<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for Set64<C> {}
impl<C> PartialEq for Set64<C> {
    fn eq(&self, other: &Self) -> bool {
        self.bits == other.bits
    }
}
impl<C> Eq for Set64<C> {}
impl<C> std::hash::Hash for Set64<C> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.bits.hash(state)
    }
}
impl<C> Default for Set64<C> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<C> Set64<C> {
    /// The empty set.
    pub const EMPTY: Self = Self::from_bits(0);

    /// The set whose bit mask is `bits`. Bits that name no element must not be set.
    pub const fn from_bits(bits: u64) -> Self {
        Set64 {
            bits,
            _element: PhantomData,
        }
    }
    /// The raw bit mask.
    pub const fn bits(self) -> u64 {
        self.bits
    }
    /// Number of elements (a popcount).
    pub const fn len(self) -> usize {
        self.bits.count_ones() as usize
    }
    /// True when the set has no element.
    pub const fn is_empty(self) -> bool {
        self.bits == 0
    }
    /// Elements in either set.
    pub const fn union(self, other: Self) -> Self {
        Self::from_bits(self.bits | other.bits)
    }
    /// Elements in both sets.
    pub const fn intersection(self, other: Self) -> Self {
        Self::from_bits(self.bits & other.bits)
    }
    /// Elements of `self` not in `other`.
    pub const fn difference(self, other: Self) -> Self {
        Self::from_bits(self.bits & !other.bits)
    }
    /// Elements in exactly one of the sets.
    pub const fn symmetric_difference(self, other: Self) -> Self {
        Self::from_bits(self.bits ^ other.bits)
    }
    /// True when every element of `self` is in `other`.
    pub const fn is_subset(self, other: Self) -> bool {
        self.bits & !other.bits == 0
    }
    /// True when the sets share no element.
    pub const fn is_disjoint(self, other: Self) -> bool {
        self.bits & other.bits == 0
    }
}

impl<C: Element64> Set64<C> {
    /// The set holding only `c`.
    pub fn from_card(c: C) -> Self {
        Self::from_bits(1 << c.to_index())
    }
    /// True when `c` is in the set.
    #[inline]
    pub fn contains(self, c: C) -> bool {
        self.bits >> c.to_index() & 1 != 0
    }
    /// Adds `c`; returns true if it was not already present.
    #[inline]
    pub fn insert(&mut self, c: C) -> bool {
        let was = self.contains(c);
        self.bits |= 1 << c.to_index();
        !was
    }
    /// Removes `c`; returns true if it was present.
    #[inline]
    pub fn remove(&mut self, c: C) -> bool {
        let was = self.contains(c);
        self.bits &= !(1 << c.to_index());
        was
    }
    /// A copy with `c` added.
    pub fn with(mut self, c: C) -> Self {
        self.insert(c);
        self
    }
    /// A copy with `c` removed.
    pub fn without(mut self, c: C) -> Self {
        self.remove(c);
        self
    }
    /// The element with the lowest index.
    pub fn lowest(self) -> Option<C> {
        (self.bits != 0).then(|| C::from_index_unchecked(self.bits.trailing_zeros() as u8))
    }
    /// The element with the highest index.
    pub fn highest(self) -> Option<C> {
        (self.bits != 0).then(|| C::from_index_unchecked(63 - self.bits.leading_zeros() as u8))
    }
    /// Removes and returns the lowest element.
    pub fn pop_lowest(&mut self) -> Option<C> {
        let c = self.lowest()?;
        self.bits &= self.bits - 1;
        Some(c)
    }
    /// The `n`-th element in ascending order (0-based), if the set has more than `n`.
    pub fn nth(self, n: usize) -> Option<C> {
        self.iter().nth(n)
    }
    /// Iterates over the elements in ascending index order.
    pub fn iter(self) -> SetIter<C> {
        SetIter {
            bits: self.bits,
            _element: PhantomData,
        }
    }
}

impl CardSet {
    /// Mask of one suit lane (16 bits, jokers' slot included).
    pub const fn suit_mask(suit: Suit) -> CardSet {
        CardSet::from_bits(0xFFFF << (16 * suit as u32))
    }
    /// The 52-card French deck.
    pub const FULL_DECK: CardSet = CardSet::from_bits(0xEFFC_EFFC_EFFC_EFFC);
    /// The four jokers' slots.
    pub const JOKERS: CardSet = CardSet::from_bits(0x0001_0001_0001_0001);
    /// Clubs of the 52-card deck.
    pub const CLUBS: CardSet = CardSet::from_bits(0xEFFC);
    /// Diamonds of the 52-card deck.
    pub const DIAMONDS: CardSet = CardSet::from_bits(0xEFFC << 16);
    /// Hearts of the 52-card deck.
    pub const HEARTS: CardSet = CardSet::from_bits(0xEFFC << 32);
    /// Spades of the 52-card deck.
    pub const SPADES: CardSet = CardSet::from_bits(0xEFFC << 48);

    /// The cards of `suit` in this set.
    #[inline]
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        self.intersection(CardSet::suit_mask(suit))
    }
    /// All four cards of `rank`.
    pub const fn rank_mask(rank: Rank) -> CardSet {
        CardSet::from_bits(0x0001_0001_0001_0001 << rank as u32)
    }
    /// The cards of the 52-card deck whose rank is in `ranks` (a stripped deck).
    ///
    /// ```
    /// use cardsim_engine::cards::{CardSet, Rank};
    /// let piquet = CardSet::with_ranks(&Rank::ALL[5..]); // 7 to ace
    /// assert_eq!(piquet.len(), 32);
    /// ```
    pub const fn with_ranks(ranks: &[Rank]) -> CardSet {
        let mut bits = 0;
        let mut i = 0;
        while i < ranks.len() {
            bits |= CardSet::rank_mask(ranks[i]).bits();
            i += 1;
        }
        CardSet::from_bits(bits)
    }
    /// The set of suits that have at least one card here.
    pub fn suits(self) -> impl Iterator<Item = Suit> {
        Suit::ALL
            .into_iter()
            .filter(move |&s| !self.of_suit(s).is_empty())
    }
}

/// Iterator over a [`Set64`] in ascending index order.
pub struct SetIter<C> {
    bits: u64,
    _element: PhantomData<C>,
}

impl<C: Element64> Iterator for SetIter<C> {
    type Item = C;
    #[inline]
    fn next(&mut self) -> Option<C> {
        if self.bits == 0 {
            return None;
        }
        let i = self.bits.trailing_zeros() as u8;
        self.bits &= self.bits - 1;
        Some(C::from_index_unchecked(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.bits.count_ones() as usize;
        (n, Some(n))
    }
    #[inline]
    fn nth(&mut self, n: usize) -> Option<C> {
        if n >= self.bits.count_ones() as usize {
            self.bits = 0;
            return None;
        }
        let i = select(self.bits, n as u32);
        // Drops the element and everything below it.
        self.bits &= (u64::MAX << i) << 1;
        Some(C::from_index_unchecked(i as u8))
    }
}

/// The position of bit `n` (from 0) among the set bits of `x`, which has more than `n`,
/// without a loop or a branch to mispredict: each byte's count, their running totals in one
/// multiplication, the byte where the total passes `n`, then a table lookup in that byte.
#[inline]
fn select(x: u64, n: u32) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut counts = x - ((x >> 1) & 0x5555_5555_5555_5555);
    counts = (counts & 0x3333_3333_3333_3333) + ((counts >> 2) & 0x3333_3333_3333_3333);
    counts = (counts + (counts >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte i: the set bits in bytes 0 to i (at most 64, so no byte overflows).
    let totals = counts.wrapping_mul(ONES);
    // High bit of byte i: totals of bytes 0 to i are at most n, so bit n lies further up.
    let below = (((u64::from(n) * ONES) | HIGH) - totals) & HIGH;
    let byte = ((below >> 7).wrapping_mul(ONES) >> 56) as u32;
    let shift = 8 * byte;
    let before = ((totals << 8) >> shift) as u32 & 0xFF;
    let bits = ((x >> shift) & 0xFF) as usize;
    shift + u32::from(SELECT_IN_BYTE[bits][(n - before) as usize])
}

/// `SELECT_IN_BYTE[b][k]`: the position of set bit `k` of the byte `b`.
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut k, mut i) = (0, 0);
        while i < 8 {
            if b & (1 << i) != 0 {
                table[b][k] = i as u8;
                k += 1;
            }
            i += 1;
        }
        b += 1;
    }
    table
};
impl<C: Element64> DoubleEndedIterator for SetIter<C> {
    #[inline]
    fn next_back(&mut self) -> Option<C> {
        if self.bits == 0 {
            return None;
        }
        let i = 63 - self.bits.leading_zeros() as u8;
        self.bits &= !(1u64 << i);
        Some(C::from_index_unchecked(i))
    }
}
impl<C: Element64> ExactSizeIterator for SetIter<C> {}
impl<C: Element64> FusedIterator for SetIter<C> {}

impl<C: Element64> IntoIterator for Set64<C> {
    type Item = C;
    type IntoIter = SetIter<C>;
    fn into_iter(self) -> SetIter<C> {
        self.iter()
    }
}
impl<C: Element64> FromIterator<C> for Set64<C> {
    fn from_iter<I: IntoIterator<Item = C>>(iter: I) -> Self {
        let mut s = Self::EMPTY;
        s.extend(iter);
        s
    }
}
impl<C: Element64> Extend<C> for Set64<C> {
    fn extend<I: IntoIterator<Item = C>>(&mut self, iter: I) {
        for c in iter {
            self.insert(c);
        }
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign:ident, $op:tt) => {
        impl<C> $trait for Set64<C> {
            type Output = Self;
            #[inline]
            fn $method(self, rhs: Self) -> Self {
                Self::from_bits(self.bits $op rhs.bits)
            }
        }
        impl<C> $assign_trait for Set64<C> {
            #[inline]
            fn $assign(&mut self, rhs: Self) {
                self.bits = self.bits $op rhs.bits;
            }
        }
    };
}
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<C> Sub for Set64<C> {
    type Output = Self;
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        self.difference(rhs)
    }
}
impl<C> SubAssign for Set64<C> {
    #[inline]
    fn sub_assign(&mut self, rhs: Self) {
        self.bits &= !rhs.bits;
    }
}
impl Not for CardSet {
    type Output = CardSet;
    /// The complement within the 52-card deck plus jokers.
    fn not(self) -> CardSet {
        CardSet::from_bits(!self.bits & (CardSet::FULL_DECK.bits | CardSet::JOKERS.bits))
    }
}

impl<C: Element64 + fmt::Display> fmt::Display for Set64<C> {
    /// Cards in ascending order separated by single spaces; the empty set is `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}
impl<C: Element64 + fmt::Display> fmt::Debug for Set64<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

/// Why a card set could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseCardSetError {
    /// One token is not a card.
    #[error(transparent)]
    Card(#[from] ParseCardError),
    /// A card appears twice.
    #[error("card {0} appears twice in the set")]
    Duplicate(Card),
}

impl FromStr for CardSet {
    type Err = ParseCardSetError;
    /// Cards separated by whitespace or commas, in any order; `-` or nothing is the empty set.
    fn from_str(s: &str) -> Result<CardSet, ParseCardSetError> {
        let mut set = CardSet::EMPTY;
        for token in s
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            if token == "-" {
                continue;
            }
            let c: Card = token.parse()?;
            if !set.insert(c) {
                return Err(ParseCardSetError::Duplicate(c));
            }
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn any_card() -> impl Strategy<Value = Card> {
        (0u8..64).prop_filter_map("slot 1 is free", Card::try_from_index)
    }

    #[test]
    fn select_finds_each_set_bit_of_any_word() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..2_000u64 {
            // Dense, sparse and edge words.
            x = x.rotate_left(17).wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ round;
            for w in [
                x,
                x & x.rotate_left(7) & x.rotate_left(29),
                u64::MAX,
                1 << 63,
                1,
            ] {
                let bits: Vec<u32> = (0..64).filter(|i| w >> i & 1 == 1).collect();
                for (n, &b) in bits.iter().enumerate() {
                    assert_eq!(select(w, n as u32), b, "{w:#x} bit {n}");
                }
            }
        }
    }

    #[test]
    fn deck_masks_are_consistent() {
        assert_eq!(CardSet::FULL_DECK.len(), 52);
        assert_eq!(CardSet::FULL_DECK, Card::all52().collect());
        let suits = CardSet::CLUBS | CardSet::DIAMONDS | CardSet::HEARTS | CardSet::SPADES;
        assert_eq!(suits, CardSet::FULL_DECK);
        for s in Suit::ALL {
            assert_eq!(CardSet::FULL_DECK.of_suit(s).len(), 13);
        }
        for r in Rank::ALL {
            assert_eq!((CardSet::rank_mask(r) & CardSet::FULL_DECK).len(), 4);
        }
        assert_eq!(CardSet::with_ranks(&Rank::ALL).len(), 52);
        assert!(CardSet::JOKERS.is_disjoint(CardSet::FULL_DECK));
        assert_eq!((!CardSet::EMPTY).len(), 56);
    }

    #[test]
    fn text_round_trip_and_errors() {
        let s: CardSet = "AS, 10d kS 2c JK".parse().unwrap();
        assert_eq!(s.to_string(), "JK 2C TD KS AS");
        assert_eq!(s.to_string().parse::<CardSet>().unwrap(), s);
        assert_eq!("-".parse::<CardSet>().unwrap(), CardSet::EMPTY);
        assert_eq!(CardSet::EMPTY.to_string(), "-");
        assert_eq!(
            "AS AS".parse::<CardSet>().unwrap_err().to_string(),
            "card AS appears twice in the set"
        );
        assert!("AS XX"
            .parse::<CardSet>()
            .unwrap_err()
            .to_string()
            .contains("\"XX\""));
    }

    proptest! {
        #[test]
        fn behaves_like_a_btreeset(a in prop::collection::vec(any_card(), 0..40),
                                   b in prop::collection::vec(any_card(), 0..40)) {
            let (sa, sb): (CardSet, CardSet) = (a.iter().copied().collect(), b.iter().copied().collect());
            let (ma, mb): (BTreeSet<Card>, BTreeSet<Card>) = (a.iter().copied().collect(), b.iter().copied().collect());
            prop_assert_eq!(sa.len(), ma.len());
            prop_assert_eq!(sa.iter().collect::<Vec<_>>(), ma.iter().copied().collect::<Vec<_>>());
            prop_assert_eq!(sa.iter().rev().collect::<Vec<_>>(), ma.iter().rev().copied().collect::<Vec<_>>());
            prop_assert_eq!((sa | sb).iter().collect::<BTreeSet<_>>(), &ma | &mb);
            prop_assert_eq!((sa & sb).iter().collect::<BTreeSet<_>>(), &ma & &mb);
            prop_assert_eq!((sa - sb).iter().collect::<BTreeSet<_>>(), &ma - &mb);
            prop_assert_eq!((sa ^ sb).iter().collect::<BTreeSet<_>>(), &ma ^ &mb);
            prop_assert_eq!(sa.is_subset(sa | sb), true);
            prop_assert_eq!(sa.is_disjoint(sb), ma.is_disjoint(&mb));
            prop_assert_eq!(sa.lowest(), ma.iter().next().copied());
            prop_assert_eq!(sa.highest(), ma.iter().next_back().copied());
            prop_assert_eq!(sa.to_string().parse::<CardSet>().unwrap(), sa);
            // nth (a select without a loop) against the model, past the end included.
            for n in 0..=ma.len() + 1 {
                prop_assert_eq!(sa.nth(n), ma.iter().nth(n).copied());
                let mut it = sa.iter();
                prop_assert_eq!(it.nth(n), ma.iter().nth(n).copied());
                prop_assert_eq!(it.collect::<Vec<_>>(), ma.iter().skip(n + 1).copied().collect::<Vec<_>>());
            }
            let mut it = sa.iter();
            prop_assert_eq!(it.len(), ma.len());
            it.next();
            prop_assert_eq!(it.len(), ma.len().saturating_sub(1));
            for c in &b {
                prop_assert_eq!(sa.contains(*c), ma.contains(c));
                let mut t = sa;
                prop_assert_eq!(t.insert(*c), !ma.contains(c));
                prop_assert!(t.contains(*c));
                prop_assert!(t.remove(*c));
                prop_assert!(!t.contains(*c));
            }
        }
    }
}
