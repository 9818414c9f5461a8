//! Seats at the table and per-seat storage.

use std::fmt;
use std::ops::{Index, IndexMut};

/// The most players any game supports.
pub const MAX_SEATS: usize = 12;

/// A seat at the table, `0..players`. Seat 0 is the first player to act in the first hand
/// unless a game's docs say otherwise; "left" is the next higher seat, wrapping around.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(u8);

impl Seat {
    /// Seat `i`, or `None` if `i >= MAX_SEATS`.
    pub const fn try_new(i: usize) -> Option<Seat> {
        if i < MAX_SEATS {
            Some(Seat(i as u8))
        } else {
            None
        }
    }
    /// Seat `i`.
    ///
    /// # Panics
    /// If `i >= MAX_SEATS`.
    pub const fn new(i: usize) -> Seat {
        match Seat::try_new(i) {
            Some(s) => s,
            None => panic!("seat index out of range"),
        }
    }
    /// The seat's index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The seat `k` places to the left (clockwise) among `players` seats.
    pub const fn left(self, k: usize, players: usize) -> Seat {
        Seat(((self.0 as usize + k) % players) as u8)
    }
    /// The next seat to the left among `players` seats.
    pub const fn next(self, players: usize) -> Seat {
        // `left(1, players)` without a division when `players` is not a constant.
        let i = self.0 as usize + 1;
        Seat(if i < players { i } else { i % players } as u8)
    }
    /// The seats `0..players`.
    pub fn all(players: usize) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator {
        (0..players as u8).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One value per seat, stored inline for up to [`MAX_SEATS`] seats (no heap, `Copy` when `T`
/// is). Seats beyond the game's player count hold `T::default()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BySeat<T>([T; MAX_SEATS]);

impl<T: Default> Default for BySeat<T> {
    fn default() -> Self {
        BySeat(std::array::from_fn(|_| T::default()))
    }
}

impl<T> BySeat<T> {
    /// Builds the table from `f(seat)` for every one of the `MAX_SEATS` seats.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> Self {
        BySeat(std::array::from_fn(|i| f(Seat(i as u8))))
    }
    /// The values of the first `players` seats.
    pub fn first(&self, players: usize) -> &[T] {
        &self.0[..players]
    }
    /// The values of the first `players` seats, mutably.
    pub fn first_mut(&mut self, players: usize) -> &mut [T] {
        &mut self.0[..players]
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    #[inline]
    fn index(&self, s: Seat) -> &T {
        &self.0[s.index()]
    }
}
impl<T> IndexMut<Seat> for BySeat<T> {
    #[inline]
    fn index_mut(&mut self, s: Seat) -> &mut T {
        &mut self.0[s.index()]
    }
}

/// A set of seats as a bit mask (bit `i` = seat `i`), e.g. the seats taking part in a race.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatMask(pub u16);

impl SeatMask {
    /// All of the first `players` seats.
    pub const fn all(players: usize) -> SeatMask {
        SeatMask(((1u32 << players) - 1) as u16)
    }
    /// True when `seat` is in the mask.
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 >> seat.0 & 1 == 1
    }
    /// The seats in the mask, lowest first.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        let mut bits = self.0 & ((1 << MAX_SEATS) - 1);
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Seat(i))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_wrap_to_the_left() {
        assert_eq!(Seat::new(3).next(4), Seat::new(0));
        assert_eq!(Seat::new(1).left(6, 4), Seat::new(3));
        assert_eq!(Seat::all(3).count(), 3);
        assert_eq!(Seat::try_new(12), None);
        let m = SeatMask::all(3);
        assert!(m.contains(Seat::new(2)) && !m.contains(Seat::new(3)));
        assert_eq!(m.iter().count(), 3);
    }
}
