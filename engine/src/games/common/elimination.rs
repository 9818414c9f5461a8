//! Elimination games: who is out, in what order, and the placements that order gives.

use crate::game::{rank_by_score, Outcome};
use crate::seat::{BySeat, Seat, MAX_SEATS};

/// The order in which seats have gone out of an elimination game (Ninety-Nine, Spoons,
/// Ogórek, ...). Seats not yet out are *active*.
///
/// Its [`Eliminations::outcome`] places the seats by how long they lasted: every seat still in
/// shares first place (one seat, when the game has run to its end), then the seat that went out
/// last, and so on to the first seat out, which is last. A seat's score is the number of seats
/// that went out before it.
///
/// ```
/// use cardsim_engine::games::common::Eliminations;
/// use cardsim_engine::Seat;
/// let mut out = Eliminations::default();
/// out.eliminate(Seat::new(1));
/// assert!(out.is_out(Seat::new(1)) && !out.is_out(Seat::new(0)));
/// assert_eq!(out.position(Seat::new(1)), Some(1));
/// assert_eq!(out.remaining(4), 3);
/// // Seat 3 is skipped going right from seat 0 (backwards) if it is out:
/// out.eliminate(Seat::new(3));
/// assert_eq!(out.next_active(Seat::new(0), 4, false), Seat::new(2));
/// assert_eq!(out.next_active(Seat::new(0), 4, true), Seat::new(2));
/// let o = out.outcome(4);
/// let places: Vec<u8> = o.first(4).iter().map(|r| r.place).collect();
/// assert_eq!(places, [1, 4, 1, 3]); // two seats still in share first place
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Eliminations {
    /// Per seat: 0 while in, else its position in the order of going out (1 = first out).
    order: BySeat<u8>,
    out: u8,
}

impl Eliminations {
    /// Records that `seat` is out, after every seat already out.
    ///
    /// # Panics
    /// If `seat` is already out.
    pub fn eliminate(&mut self, seat: Seat) {
        assert_eq!(self.order[seat], 0, "seat {seat} is already out");
        self.out += 1;
        self.order[seat] = self.out;
    }

    /// True when `seat` is out.
    pub fn is_out(&self, seat: Seat) -> bool {
        self.order[seat] != 0
    }

    /// When `seat` went out (1 = first), `None` while it is in.
    pub fn position(&self, seat: Seat) -> Option<u8> {
        (self.order[seat] != 0).then_some(self.order[seat])
    }

    /// How many seats are out.
    pub fn out_count(&self) -> usize {
        self.out as usize
    }

    /// How many of the first `players` seats are still in.
    pub fn remaining(&self, players: usize) -> usize {
        players - self.out as usize
    }

    /// The seats still in, lowest first.
    pub fn active(&self, players: usize) -> impl Iterator<Item = Seat> + '_ {
        Seat::all(players).filter(|&s| !self.is_out(s))
    }

    /// The next seat still in after `from`, going left (`clockwise`, seat `s + 1`) or right
    /// (seat `s - 1`); `from` itself when it is the only one left.
    ///
    /// # Panics
    /// If every seat is out.
    pub fn next_active(&self, from: Seat, players: usize, clockwise: bool) -> Seat {
        let step = if clockwise { 1 } else { players - 1 };
        let mut s = from;
        for _ in 0..players {
            s = Seat::new((s.index() + step) % players);
            if !self.is_out(s) {
                return s;
            }
        }
        panic!("every seat is out")
    }

    /// The placements: seats still in share first place, the others follow in reverse order of
    /// going out. Each seat's score is the number of seats out before it.
    pub fn outcome(&self, players: usize) -> Outcome {
        let mut scores = [0.0; MAX_SEATS];
        for seat in Seat::all(players) {
            scores[seat.index()] = match self.order[seat] {
                0 => self.out as f64,
                k => (k - 1) as f64,
            };
        }
        rank_by_score(&scores[..players])
    }

    /// Checks that the order is a numbering `1..=out` of distinct seats among the first
    /// `players`.
    ///
    /// # Errors
    /// What is wrong.
    pub fn check(&self, players: usize) -> Result<(), String> {
        let mut seen = 0u32;
        for (i, &k) in self.order.first(MAX_SEATS).iter().enumerate() {
            if k == 0 {
                continue;
            }
            if i >= players || k > self.out || seen & 1 << k != 0 {
                return Err(format!("bad elimination order {:?}", self.order));
            }
            seen |= 1 << k;
        }
        if seen.count_ones() != u32::from(self.out) {
            return Err(format!("{} out but order {:?}", self.out, self.order));
        }
        Ok(())
    }
}
