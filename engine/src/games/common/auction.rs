//! [`Auction`]: one round of ascending bids, each seat in turn from the first bidder speaking
//! once (pass or bid higher than the bid standing), the last bid winning (Hasenpfeffer, Nap).

use crate::seat::Seat;

/// A one-round ascending auction over bid levels `u8` (the game maps its bids to levels, the
/// higher level beating the lower). Each of `players` seats, going left from `first`, speaks
/// exactly once: it passes or bids a level above the bid standing. After the last seat has
/// spoken the highest bid (if any) wins. Copyable and allocation-free.
///
/// ```
/// use cardsim_engine::games::common::Auction;
/// use cardsim_engine::Seat;
/// let mut a = Auction::new(Seat::new(1), 4);
/// assert_eq!(a.turn(), Some(Seat::new(1)));
/// a.bid(2);
/// a.pass();
/// assert_eq!(a.lowest_bid(1), 3); // must overcall the 2
/// a.bid(4);
/// a.pass();
/// assert!(a.is_over());
/// assert_eq!(a.high(), Some((Seat::new(3), 4)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Auction {
    first: Seat,
    players: u8,
    spoken: u8,
    high: Option<(Seat, u8)>,
}

impl Auction {
    /// An auction of `players` seats, `first` speaking first.
    pub fn new(first: Seat, players: usize) -> Auction {
        Auction {
            first,
            players: players as u8,
            spoken: 0,
            high: None,
        }
    }

    /// The seat to speak, `None` once everyone has spoken.
    pub fn turn(&self) -> Option<Seat> {
        (self.spoken < self.players)
            .then(|| self.first.left(self.spoken as usize, self.players as usize))
    }

    /// The seat that spoke first.
    pub const fn first(&self) -> Seat {
        self.first
    }

    /// Seats that have spoken.
    pub const fn spoken(&self) -> usize {
        self.spoken as usize
    }

    /// True once every seat has spoken.
    pub const fn is_over(&self) -> bool {
        self.spoken >= self.players
    }

    /// Writes the auction as `observer` sees it (everything is public), seats relative to it
    /// ([`relative`](crate::encoding::relative)): `auction.spoken` (P entries: the seats that
    /// have spoken), `auction.turn` (P, one-hot: the seat to speak), `auction.high_bidder` (P,
    /// one-hot) and `auction.high_bid` (`levels` entries, one-hot by level: 0 unused, so
    /// `levels` is one more than the highest level).
    ///
    /// ```
    /// use cardsim_engine::encoding::Tensor;
    /// use cardsim_engine::games::common::Auction;
    /// use cardsim_engine::Seat;
    /// let mut a = Auction::new(Seat::new(1), 4);
    /// a.bid(2);
    /// let mut t = Tensor::new();
    /// a.encode(&mut t, Seat::new(0), 4);
    /// assert_eq!(t.get("auction.spoken"), Some(&[0.0, 1.0, 0.0, 0.0][..]));
    /// assert_eq!(t.get("auction.turn"), Some(&[0.0, 0.0, 1.0, 0.0][..]));
    /// assert_eq!(t.get("auction.high_bid"), Some(&[0.0, 0.0, 1.0, 0.0][..]));
    /// ```
    pub fn encode(&self, out: &mut crate::encoding::Tensor, observer: Seat, levels: usize) {
        let p = self.players as usize;
        let spoken = |s: Seat| (s.index() + p - self.first.index()) % p < self.spoken();
        out.seat_values("auction.spoken", observer, p, |s| {
            f32::from(u8::from(spoken(s)))
        });
        out.seat_one_hot("auction.turn", self.turn(), observer, p);
        out.seat_one_hot("auction.high_bidder", self.high.map(|h| h.0), observer, p);
        out.one_hot(
            "auction.high_bid",
            self.high.map(|h| usize::from(h.1)),
            levels,
        );
    }

    /// The standing (or winning) bid and its bidder.
    pub const fn high(&self) -> Option<(Seat, u8)> {
        self.high
    }

    /// The lowest level the seat to speak may bid: one above the standing bid, or `minimum`.
    pub fn lowest_bid(&self, minimum: u8) -> u8 {
        self.high.map_or(minimum, |(_, b)| minimum.max(b + 1))
    }

    /// The seat to speak passes.
    ///
    /// # Panics
    /// If everyone has spoken.
    pub fn pass(&mut self) {
        assert!(!self.is_over(), "the auction is over");
        self.spoken += 1;
    }

    /// The seat to speak bids `level`.
    ///
    /// # Panics
    /// If everyone has spoken, or `level` does not overcall the standing bid.
    pub fn bid(&mut self, level: u8) {
        let seat = self.turn().expect("the auction is over");
        assert!(
            self.high.is_none_or(|(_, b)| level > b),
            "a bid must overcall the standing bid"
        );
        self.high = Some((seat, level));
        self.spoken += 1;
    }

    /// Makes `seat` the holder of `level` outside the turn order (a forced bid after all
    /// passed), ending the auction.
    pub fn force(&mut self, seat: Seat, level: u8) {
        self.high = Some((seat, level));
        self.spoken = self.players;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seat_speaks_once_from_the_first() {
        let mut a = Auction::new(Seat::new(3), 4);
        let mut order = Vec::new();
        while let Some(s) = a.turn() {
            order.push(s.index());
            a.pass();
        }
        assert_eq!(order, [3, 0, 1, 2]);
        assert_eq!(a.high(), None);
        a.force(Seat::new(1), 3);
        assert_eq!(a.high(), Some((Seat::new(1), 3)));
    }

    #[test]
    #[should_panic(expected = "overcall")]
    fn an_equal_bid_is_refused() {
        let mut a = Auction::new(Seat::new(0), 3);
        a.bid(3);
        a.bid(3);
    }
}
