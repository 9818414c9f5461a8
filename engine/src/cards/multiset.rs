//! [`Multiset64`]: counted cards for games that shuffle several decks together.

use super::set::{Element64, Set64};
use super::Card;
use std::fmt;
use std::marker::PhantomData;

/// A multiset of up to 15 copies of each of 64 elements, stored bit-sliced: four `u64`
/// planes where plane `k` holds bit `k` of every element's count. Counting, adding and
/// subtracting whole multisets are a handful of word operations; the type is 32 bytes and
/// `Copy`.
pub struct Multiset64<C> {
    planes: [u64; 4],
    _element: PhantomData<C>,
}

/// A counted multiset of [`Card`]s.
///
/// ```
/// use cardsim_engine::cards::{CardMultiset, CardSet};
/// let two_decks = CardMultiset::copies(CardSet::FULL_DECK, 2);
/// assert_eq!(two_decks.len(), 104);
/// assert_eq!(two_decks.count("QH".parse().unwrap()), 2);
/// assert_eq!(two_decks.support(), CardSet::FULL_DECK);
/// ```
pub type CardMultiset = Multiset64<Card>;

impl<C> Clone for Multiset64<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for Multiset64<C> {}
impl<C> PartialEq for Multiset64<C> {
    fn eq(&self, other: &Self) -> bool {
        self.planes == other.planes
    }
}
impl<C> Eq for Multiset64<C> {}
impl<C> Default for Multiset64<C> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<C> Multiset64<C> {
    /// The largest count one element can have.
    pub const MAX_COPIES: u8 = 15;
    /// The empty multiset.
    pub const EMPTY: Self = Multiset64 {
        planes: [0; 4],
        _element: PhantomData,
    };

    /// `n` copies of every element of `set`.
    ///
    /// # Panics
    /// If `n > 15`.
    pub const fn copies(set: Set64<C>, n: u8) -> Self {
        assert!(n <= Self::MAX_COPIES, "at most 15 copies of a card");
        let b = set.bits();
        let mut planes = [0u64; 4];
        let mut k = 0;
        while k < 4 {
            if n >> k & 1 == 1 {
                planes[k] = b;
            }
            k += 1;
        }
        Multiset64 {
            planes,
            _element: PhantomData,
        }
    }
    /// Total number of elements, copies counted.
    pub const fn len(&self) -> usize {
        let p = &self.planes;
        (p[0].count_ones()
            + (p[1].count_ones() << 1)
            + (p[2].count_ones() << 2)
            + (p[3].count_ones() << 3)) as usize
    }
    /// True when no element is present.
    pub const fn is_empty(&self) -> bool {
        (self.planes[0] | self.planes[1] | self.planes[2] | self.planes[3]) == 0
    }
    /// The distinct elements present (count >= 1).
    pub const fn support(&self) -> Set64<C> {
        Set64::from_bits(self.planes[0] | self.planes[1] | self.planes[2] | self.planes[3])
    }
    /// The elements present at least `n` times (`n = 0` is treated as 1: only present
    /// elements are reported).
    pub fn at_least(&self, n: u8) -> Set64<C> {
        if n > Self::MAX_COPIES {
            return Set64::EMPTY;
        }
        let n = n.max(1);
        // Compare every 4-bit count against n at once: count >= n  <=>  !(count < n).
        let mut lt = 0u64; // count < n decided so far (from the top plane down)
        let mut eq = !0u64; // equal so far
        for k in (0..4).rev() {
            let nk = if n >> k & 1 == 1 { !0u64 } else { 0 };
            let p = self.planes[k];
            lt |= eq & !p & nk;
            eq &= !(p ^ nk);
        }
        Set64::from_bits(!lt & self.support().bits())
    }
    /// The sum of two multisets, or `None` if some count would exceed 15.
    pub const fn checked_add(self, other: Self) -> Option<Self> {
        let (a, b) = (self.planes, other.planes);
        let mut out = [0u64; 4];
        let mut carry = 0u64;
        let mut k = 0;
        while k < 4 {
            out[k] = a[k] ^ b[k] ^ carry;
            carry = (a[k] & b[k]) | (carry & (a[k] ^ b[k]));
            k += 1;
        }
        if carry != 0 {
            None
        } else {
            Some(Multiset64 {
                planes: out,
                _element: PhantomData,
            })
        }
    }
    /// `self` minus `other`, or `None` if `other` holds more copies of some element.
    pub const fn checked_sub(self, other: Self) -> Option<Self> {
        let (a, b) = (self.planes, other.planes);
        let mut out = [0u64; 4];
        let mut borrow = 0u64;
        let mut k = 0;
        while k < 4 {
            out[k] = a[k] ^ b[k] ^ borrow;
            borrow = (!a[k] & b[k]) | (!(a[k] ^ b[k]) & borrow);
            k += 1;
        }
        if borrow != 0 {
            None
        } else {
            Some(Multiset64 {
                planes: out,
                _element: PhantomData,
            })
        }
    }
    /// True when every element has at least as many copies in `other`.
    pub const fn is_submultiset(self, other: Self) -> bool {
        self.checked_sub_rev(other)
    }
    const fn checked_sub_rev(self, other: Self) -> bool {
        other.checked_sub(self).is_some()
    }
}

impl<C: Element64> Multiset64<C> {
    /// How many copies of `c` are present.
    #[inline]
    pub fn count(&self, c: C) -> u8 {
        let i = c.to_index();
        let p = &self.planes;
        ((p[0] >> i & 1) | (p[1] >> i & 1) << 1 | (p[2] >> i & 1) << 2 | (p[3] >> i & 1) << 3) as u8
    }
    /// Adds one copy of `c`, or returns false (and changes nothing) if it already has 15.
    #[inline]
    pub fn try_insert(&mut self, c: C) -> bool {
        let bit = 1u64 << c.to_index();
        if self.planes.iter().all(|p| p & bit != 0) {
            return false;
        }
        let mut carry = bit;
        for p in &mut self.planes {
            let sum = *p ^ carry;
            carry &= *p;
            *p = sum;
            if carry == 0 {
                break;
            }
        }
        true
    }
    /// Adds one copy of `c`.
    ///
    /// # Panics
    /// If `c` already has 15 copies.
    #[inline]
    pub fn insert(&mut self, c: C) {
        assert!(self.try_insert(c), "more than 15 copies of one card");
    }
    /// Removes one copy of `c`; returns false if there was none.
    #[inline]
    pub fn remove(&mut self, c: C) -> bool {
        let bit = 1u64 << c.to_index();
        if (self.planes[0] | self.planes[1] | self.planes[2] | self.planes[3]) & bit == 0 {
            return false;
        }
        let mut borrow = bit;
        for p in &mut self.planes {
            let diff = *p ^ borrow;
            borrow &= !*p;
            *p = diff;
            if borrow == 0 {
                break;
            }
        }
        true
    }
    /// Adds one copy of every element of `set`.
    ///
    /// # Panics
    /// If some element would exceed 15 copies.
    pub fn add_set(&mut self, set: Set64<C>) {
        *self = self
            .checked_add(Self::copies(set, 1))
            .expect("more than 15 copies of one card");
    }
    /// The `n`-th element (0-based) in ascending index order, copies counted, if `n < len`.
    ///
    /// Drawing `nth(rng.random_range(0..len))` picks a copy uniformly at random.
    pub fn nth(&self, mut n: usize) -> Option<C> {
        for c in self.support() {
            let k = self.count(c) as usize;
            if n < k {
                return Some(c);
            }
            n -= k;
        }
        None
    }
    /// Iterates over every copy in ascending index order (an element with 2 copies comes twice).
    pub fn iter(&self) -> impl Iterator<Item = C> + '_ {
        self.support()
            .into_iter()
            .flat_map(move |c| std::iter::repeat_n(c, self.count(c) as usize))
    }
}

impl<C: Element64> FromIterator<C> for Multiset64<C> {
    /// # Panics
    /// If some element comes more than 15 times.
    fn from_iter<I: IntoIterator<Item = C>>(iter: I) -> Self {
        let mut m = Self::EMPTY;
        m.extend(iter);
        m
    }
}
impl<C: Element64> Extend<C> for Multiset64<C> {
    fn extend<I: IntoIterator<Item = C>>(&mut self, iter: I) {
        for c in iter {
            self.insert(c);
        }
    }
}

impl<C: Element64 + fmt::Display> fmt::Debug for Multiset64<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, c) in self.support().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}x{}", self.count(c))?;
        }
        f.write_str("}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardSet;
    use proptest::prelude::*;
    use std::collections::BTreeMap;

    fn model(m: &CardMultiset) -> BTreeMap<Card, u8> {
        m.support().iter().map(|c| (c, m.count(c))).collect()
    }

    proptest! {
        #[test]
        fn behaves_like_a_count_map(ops in prop::collection::vec((any::<bool>(), 0u8..52), 0..300),
                                    other in prop::collection::vec(0u8..52, 0..30), n in 0u8..16) {
            let deck: Vec<Card> = Card::all52().collect();
            let mut m = CardMultiset::EMPTY;
            let mut map: BTreeMap<Card, u8> = BTreeMap::new();
            for (add, i) in ops {
                let c = deck[i as usize];
                let e = map.entry(c).or_insert(0);
                if add {
                    prop_assert_eq!(m.try_insert(c), *e < 15);
                    if *e < 15 { *e += 1; }
                } else {
                    prop_assert_eq!(m.remove(c), *e > 0);
                    *e = e.saturating_sub(1);
                }
                map.retain(|_, v| *v > 0);
            }
            prop_assert_eq!(model(&m), map.clone());
            prop_assert_eq!(m.len(), map.values().map(|&v| v as usize).sum::<usize>());
            prop_assert_eq!(m.iter().count(), m.len());
            let want: CardSet = map.iter().filter(|(_, &v)| v >= n).map(|(&c, _)| c).collect();
            prop_assert_eq!(m.at_least(n), if n == 0 { m.support() } else { want });
            let o: CardMultiset = other.iter().map(|&i| deck[i as usize]).collect();
            if let Some(sum) = m.checked_add(o) {
                for c in Card::all52() { prop_assert_eq!(sum.count(c), m.count(c) + o.count(c)); }
                prop_assert_eq!(sum.checked_sub(o), Some(m));
                prop_assert!(o.is_submultiset(sum));
            }
            let fits = Card::all52().all(|c| o.count(c) <= m.count(c));
            prop_assert_eq!(m.checked_sub(o).is_some(), fits);
            for k in 0..m.len() {
                let c = m.nth(k).unwrap();
                prop_assert!(m.count(c) > 0);
            }
            prop_assert_eq!(m.nth(m.len()), None);
        }
    }

    #[test]
    fn copies_and_overflow() {
        let m = CardMultiset::copies(CardSet::FULL_DECK, 15);
        assert_eq!(m.len(), 52 * 15);
        let mut m2 = m;
        assert!(!m2.try_insert("AS".parse().unwrap()));
        assert_eq!(m2, m);
        assert_eq!(
            m.checked_add(CardMultiset::copies(CardSet::SPADES, 1)),
            None
        );
    }
}
