//! The auction: strains, bids, calls, legality and the final contract.

use crate::cards::Suit;
use crate::seat::Seat;
use arrayvec::ArrayVec;
use std::fmt;
use std::str::FromStr;

/// A strain: a trump suit or notrump, ranked clubs (lowest) to notrump (highest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Strain {
    /// Clubs trump.
    Clubs = 0,
    /// Diamonds trump.
    Diamonds = 1,
    /// Hearts trump.
    Hearts = 2,
    /// Spades trump.
    Spades = 3,
    /// No trump.
    NoTrump = 4,
}

impl Strain {
    /// The five strains, clubs first.
    pub const ALL: [Strain; 5] = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ];

    /// The trump suit, `None` at notrump.
    pub const fn trump(self) -> Option<Suit> {
        match self {
            Strain::Clubs => Some(Suit::Clubs),
            Strain::Diamonds => Some(Suit::Diamonds),
            Strain::Hearts => Some(Suit::Hearts),
            Strain::Spades => Some(Suit::Spades),
            Strain::NoTrump => None,
        }
    }

    /// The strain whose trump is `suit`.
    pub const fn of_suit(suit: Suit) -> Strain {
        match suit {
            Suit::Clubs => Strain::Clubs,
            Suit::Diamonds => Strain::Diamonds,
            Suit::Hearts => Strain::Hearts,
            Suit::Spades => Strain::Spades,
        }
    }

    /// `C`, `D`, `H`, `S` or `NT`.
    pub const fn name(self) -> &'static str {
        ["C", "D", "H", "S", "NT"][self as usize]
    }

    /// True for hearts and spades.
    pub const fn is_major(self) -> bool {
        matches!(self, Strain::Hearts | Strain::Spades)
    }

    /// True for clubs and diamonds.
    pub const fn is_minor(self) -> bool {
        matches!(self, Strain::Clubs | Strain::Diamonds)
    }
}

impl fmt::Display for Strain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A bid: a level (1 to 7 odd tricks) and a strain.
///
/// ```
/// use cardsim_engine::games::bridge::{Bid, Strain};
/// let b: Bid = "3NT".parse().unwrap();
/// assert_eq!((b.level(), b.strain()), (3, Strain::NoTrump));
/// assert!(Bid::new(4, Strain::Clubs) > b);
/// assert!("8C".parse::<Bid>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bid {
    level: u8,
    strain: Strain,
}

impl Bid {
    /// The 35 bids, 1C up to 7NT.
    pub fn all() -> impl Iterator<Item = Bid> {
        (1..=7).flat_map(|l| {
            Strain::ALL.into_iter().map(move |s| Bid {
                level: l,
                strain: s,
            })
        })
    }

    /// `level` of `strain`.
    ///
    /// # Panics
    /// If `level` is not 1 to 7.
    pub const fn new(level: u8, strain: Strain) -> Bid {
        assert!(level >= 1 && level <= 7, "bids are 1 to 7");
        Bid { level, strain }
    }

    /// The number of odd tricks bid.
    pub const fn level(self) -> u8 {
        self.level
    }

    /// The strain.
    pub const fn strain(self) -> Strain {
        self.strain
    }

    /// Its place among the 35 bids, 0 = 1C.
    pub const fn index(self) -> usize {
        (self.level as usize - 1) * 5 + self.strain as usize
    }

    /// The bid with place `i` among the 35 ([`Bid::index`]).
    ///
    /// # Panics
    /// If `i` is 35 or more.
    pub const fn from_index(i: usize) -> Bid {
        assert!(i < 35, "there are 35 bids");
        Bid {
            level: (i / 5) as u8 + 1,
            strain: Strain::ALL[i % 5],
        }
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.level, self.strain)
    }
}

/// Why a call could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid call {0:?}: expected 1C..7NT, Pass, X or XX")]
pub struct ParseCallError(pub String);

impl FromStr for Bid {
    type Err = ParseCallError;
    fn from_str(s: &str) -> Result<Bid, ParseCallError> {
        let err = || ParseCallError(s.to_string());
        let t = s.trim().to_ascii_uppercase();
        let mut chars = t.chars();
        let level = chars
            .next()
            .and_then(|c| c.to_digit(10))
            .filter(|l| (1..=7).contains(l))
            .ok_or_else(err)? as u8;
        let strain = match chars.as_str() {
            "C" => Strain::Clubs,
            "D" => Strain::Diamonds,
            "H" => Strain::Hearts,
            "S" => Strain::Spades,
            "NT" | "N" => Strain::NoTrump,
            _ => return Err(err()),
        };
        Ok(Bid::new(level, strain))
    }
}

/// One call of the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Call {
    /// Pass.
    Pass,
    /// A bid.
    Bid(Bid),
    /// Double an opponent's bid.
    Double,
    /// Redouble an opponent's double.
    Redouble,
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("Pass"),
            Call::Bid(b) => write!(f, "{b}"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
        }
    }
}

impl FromStr for Call {
    type Err = ParseCallError;
    fn from_str(s: &str) -> Result<Call, ParseCallError> {
        match s.trim().to_ascii_uppercase().as_str() {
            "PASS" | "P" => Ok(Call::Pass),
            "X" | "DBL" => Ok(Call::Double),
            "XX" | "RDBL" => Ok(Call::Redouble),
            _ => s.parse::<Bid>().map(Call::Bid),
        }
    }
}

/// Undoubled, doubled or redoubled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Risk {
    /// Not doubled.
    #[default]
    Undoubled,
    /// Doubled.
    Doubled,
    /// Redoubled.
    Redoubled,
}

impl Risk {
    /// 1, 2 or 4.
    pub const fn multiplier(self) -> u32 {
        match self {
            Risk::Undoubled => 1,
            Risk::Doubled => 2,
            Risk::Redoubled => 4,
        }
    }
}

/// The final contract: the bid, its risk and the declarer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    /// The last bid.
    pub bid: Bid,
    /// Doubled or redoubled.
    pub risk: Risk,
    /// The first player of the declaring side to bid the strain.
    pub declarer: Seat,
}

impl Contract {
    /// Tricks the declaring side needs: six plus the level.
    pub const fn tricks_needed(&self) -> u8 {
        6 + self.bid.level()
    }
}

impl fmt::Display for Contract {
    /// e.g. `4SX by 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let risk = match self.risk {
            Risk::Undoubled => "",
            Risk::Doubled => "X",
            Risk::Redoubled => "XX",
        };
        write!(f, "{}{risk} by {}", self.bid, self.declarer)
    }
}

/// An auction in progress among four seats (partners opposite).
///
/// ```
/// use cardsim_engine::games::bridge::{Auction, AuctionEnd, Call};
/// use cardsim_engine::Seat;
/// let mut a = Auction::new(Seat::new(0));
/// for c in ["1H", "X", "XX", "2C", "Pass", "Pass", "Pass"] {
///     assert!(a.is_legal(c.parse().unwrap()), "{c}");
///     a.push(c.parse().unwrap());
/// }
/// let AuctionEnd::Contract(k) = a.end().unwrap() else { panic!() };
/// assert_eq!(k.to_string(), "2C by 3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Auction {
    dealer: Seat,
    calls: ArrayVec<Call, MAX_CALLS>,
    // What `end`, `is_legal` and `last_bid` need, kept up to date by `push` (a function of
    // the calls, so the derived comparisons are unaffected). Indices into `calls`, or `NONE`.
    last_bid: u16,
    last_action: u16,
    trailing_passes: u16,
    /// The first bid of each strain by each side (side = caller's seat mod 2).
    first_named: [[u16; 5]; 2],
}

/// The most calls an auction can have: three opening passes, then for each of the 35 bids
/// the bid, two passes, a double, two passes, a redouble and two passes, and a last pass.
pub const MAX_CALLS: usize = 3 + 35 * 9 + 1;

/// No such call (an index into the calls).
const NONE: u16 = u16::MAX;

/// The calls of an auction in progress, in the order of [`Auction::legal_calls`]: pass, the
/// bids from `floor` on, then double and redouble when allowed.
#[derive(Clone, Copy, Debug)]
pub(super) struct LegalCalls {
    /// The index ([`Bid::index`]) of the lowest bid allowed (35: none).
    pub(super) floor: usize,
    pub(super) double: bool,
    pub(super) redouble: bool,
}

impl LegalCalls {
    fn allows(self, call: Call) -> bool {
        match call {
            Call::Double => self.double,
            Call::Redouble => self.redouble,
            Call::Pass => true,
            Call::Bid(b) => b.index() >= self.floor,
        }
    }

    /// How many calls are legal.
    pub(super) fn count(self) -> usize {
        36 - self.floor + usize::from(self.double) + usize::from(self.redouble)
    }

    /// Where legal call number `n` (below [`LegalCalls::count`]) stands in [`ALL_CALLS`].
    pub(super) fn nth(self, n: usize) -> usize {
        let bids = 35 - self.floor;
        match n {
            0 => 0,
            n if n <= bids => self.floor + n,
            _ if self.double => 36,
            _ => 37,
        }
    }
}

/// Every call, in the order of [`Auction::legal_calls`]: pass, 1C up to 7NT, double,
/// redouble.
pub(super) const ALL_CALLS: [Call; 38] = {
    let mut all = [Call::Pass; 38];
    let mut i = 0;
    while i < 35 {
        all[1 + i] = Call::Bid(Bid::from_index(i));
        i += 1;
    }
    all[36] = Call::Double;
    all[37] = Call::Redouble;
    all
};

/// How an auction ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuctionEnd {
    /// Four passes: no contract, the hand is redealt.
    PassedOut,
    /// A contract.
    Contract(Contract),
}

impl Auction {
    /// An empty auction that `dealer` opens.
    pub fn new(dealer: Seat) -> Auction {
        Auction {
            dealer,
            calls: ArrayVec::new(),
            last_bid: NONE,
            last_action: NONE,
            trailing_passes: 0,
            first_named: [[NONE; 5]; 2],
        }
    }

    /// Empties the auction in place for a new deal that `dealer` opens.
    pub(super) fn restart(&mut self, dealer: Seat) {
        self.dealer = dealer;
        self.calls.clear();
        self.last_bid = NONE;
        self.last_action = NONE;
        self.trailing_passes = 0;
        self.first_named = [[NONE; 5]; 2];
    }

    /// The dealer.
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The calls so far, the dealer's first.
    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// The seat that made call number `i`.
    pub const fn caller(&self, i: usize) -> Seat {
        self.dealer.left(i, 4)
    }

    /// The seat to call next.
    pub fn to_call(&self) -> Seat {
        self.caller(self.calls.len())
    }

    /// The last bid and who made it.
    pub fn last_bid(&self) -> Option<(Bid, Seat)> {
        match self.call_at(self.last_bid)? {
            Call::Bid(b) => Some((b, self.caller(self.last_bid as usize))),
            _ => unreachable!("last_bid indexes a bid"),
        }
    }

    /// The last call that was not a pass, and who made it.
    fn last_action(&self) -> Option<(Call, Seat)> {
        self.call_at(self.last_action)
            .map(|c| (c, self.caller(self.last_action as usize)))
    }

    /// Call number `i`, `None` for [`NONE`].
    fn call_at(&self, i: u16) -> Option<Call> {
        (i != NONE).then(|| self.calls[i as usize])
    }

    /// True when `call` may be made now: a bid must be higher than the last bid; a double only
    /// of an opponent's bid not yet doubled; a redouble only of an opponent's double.
    pub fn is_legal(&self, call: Call) -> bool {
        if self.is_over() {
            return false;
        }
        match call {
            Call::Pass => true,
            Call::Bid(b) => match self.last_bid() {
                Some((last, _)) => b > last,
                None => true,
            },
            Call::Double => self.opponents_last_action() == Some(Call::Double),
            Call::Redouble => self.opponents_last_action() == Some(Call::Redouble),
        }
    }

    /// True once the auction has ended (see [`Auction::end`]).
    fn is_over(&self) -> bool {
        // Four passes, or three after a bid (which makes four calls at least).
        self.trailing_passes >= 4 || (self.last_bid != NONE && self.trailing_passes >= 3)
    }

    /// The double or redouble the seat to call may make of the last call that was not a pass:
    /// a double of an opponent's bid, a redouble of an opponent's double.
    fn opponents_last_action(&self) -> Option<Call> {
        let last = self.call_at(self.last_action)?;
        // Seats of the other side made calls an odd number of places before.
        if (self.calls.len() - self.last_action as usize) % 2 == 0 {
            return None;
        }
        match last {
            Call::Bid(_) => Some(Call::Double),
            Call::Double => Some(Call::Redouble),
            _ => None,
        }
    }

    /// Every legal call, into `out` (cleared first): pass, the higher bids, then double or
    /// redouble when allowed.
    pub fn legal_calls(&self, out: &mut Vec<Call>) {
        out.clear();
        if let Some(legal) = self.legal() {
            out.push(Call::Pass);
            out.extend_from_slice(&ALL_CALLS[1 + legal.floor..36]);
            out.extend(
                [Call::Double, Call::Redouble]
                    .into_iter()
                    .filter(|&c| legal.allows(c)),
            );
        }
    }

    /// What may be called now, `None` once the auction is over.
    pub(super) fn legal(&self) -> Option<LegalCalls> {
        if self.is_over() {
            return None;
        }
        let extra = self.opponents_last_action();
        Some(LegalCalls {
            floor: self.last_bid().map_or(0, |(b, _)| b.index() + 1),
            double: extra == Some(Call::Double),
            redouble: extra == Some(Call::Redouble),
        })
    }

    /// Adds a call (which must be legal).
    ///
    /// # Panics
    /// If the auction already holds [`MAX_CALLS`] calls (only an illegal call can get there).
    pub fn push(&mut self, call: Call) {
        debug_assert!(self.is_legal(call), "illegal call {call}");
        let i = self.calls.len() as u16;
        self.calls.push(call);
        match call {
            Call::Pass => self.trailing_passes += 1,
            Call::Bid(b) => {
                self.trailing_passes = 0;
                self.last_bid = i;
                self.last_action = i;
                let first =
                    &mut self.first_named[self.caller(i as usize).index() % 2][b.strain() as usize];
                if *first == NONE {
                    *first = i;
                }
            }
            Call::Double | Call::Redouble => {
                self.trailing_passes = 0;
                self.last_action = i;
            }
        }
    }

    /// `None` while the auction goes on; the end after four opening passes or three passes
    /// following a bid.
    pub fn end(&self) -> Option<AuctionEnd> {
        if !self.is_over() {
            return None;
        }
        let Some((bid, bidder)) = self.last_bid() else {
            return (self.trailing_passes >= 4).then_some(AuctionEnd::PassedOut);
        };
        if self.trailing_passes < 3 {
            return None;
        }
        let risk = match self.last_action() {
            Some((Call::Double, _)) => Risk::Doubled,
            Some((Call::Redouble, _)) => Risk::Redoubled,
            _ => Risk::Undoubled,
        };
        // Declarer: the first of the bidder's side to name the strain.
        let first = self.first_named[bidder.index() % 2][bid.strain() as usize];
        debug_assert_ne!(first, NONE, "the final bidder named the strain");
        Some(AuctionEnd::Contract(Contract {
            bid,
            risk,
            declarer: self.caller(first as usize),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn auction(dealer: usize, calls: &str) -> Auction {
        let mut a = Auction::new(Seat::new(dealer));
        for c in calls.split_whitespace() {
            let call: Call = c.parse().unwrap();
            assert!(
                a.is_legal(call),
                "{c} should be legal after {:?}",
                a.calls()
            );
            a.push(call);
        }
        a
    }

    #[test]
    fn bids_by_index() {
        for (i, b) in Bid::all().enumerate() {
            assert_eq!((b.index(), Bid::from_index(i)), (i, b));
        }
    }

    #[test]
    fn the_longest_auction_fits() {
        // Three passes, then every bid doubled and redoubled with passes between.
        let mut a = auction(0, "Pass Pass Pass");
        for b in Bid::all() {
            for c in [
                Call::Bid(b),
                Call::Pass,
                Call::Pass,
                Call::Double,
                Call::Pass,
            ]
            .into_iter()
            .chain([Call::Pass, Call::Redouble, Call::Pass, Call::Pass])
            {
                assert!(a.is_legal(c), "{c} after {} calls", a.calls().len());
                a.push(c);
            }
        }
        assert!(a.end().is_none());
        a.push(Call::Pass);
        assert_eq!(a.calls().len(), MAX_CALLS);
        let Some(AuctionEnd::Contract(k)) = a.end() else {
            panic!()
        };
        assert_eq!(
            (k.to_string(), k.risk),
            ("7NTXX by 3".into(), Risk::Redoubled)
        );
    }

    /// The rules read straight off the list of calls, as a model for the summary `push`
    /// keeps: (legal calls, end).
    fn scan(a: &Auction) -> (Vec<Call>, Option<AuctionEnd>) {
        let calls = a.calls();
        let n = calls.len();
        let trailing = calls.iter().rev().take_while(|c| **c == Call::Pass).count();
        let last_bid = (0..n).rev().find(|&i| matches!(calls[i], Call::Bid(_)));
        let last_action = (0..n).rev().find(|&i| calls[i] != Call::Pass);
        let end = match last_bid {
            None if n >= 4 && trailing >= 4 => Some(AuctionEnd::PassedOut),
            Some(i) if trailing >= 3 => {
                let Call::Bid(bid) = calls[i] else {
                    unreachable!()
                };
                let side = a.caller(i).index() % 2;
                let first = (0..n)
                    .find(|&j| {
                        matches!(calls[j], Call::Bid(b) if b.strain() == bid.strain())
                            && a.caller(j).index() % 2 == side
                    })
                    .unwrap();
                let risk = match calls[last_action.unwrap()] {
                    Call::Double => Risk::Doubled,
                    Call::Redouble => Risk::Redoubled,
                    _ => Risk::Undoubled,
                };
                Some(AuctionEnd::Contract(Contract {
                    bid,
                    risk,
                    declarer: a.caller(first),
                }))
            }
            _ => None,
        };
        let mut legal = Vec::new();
        if end.is_none() {
            let opponent = |i: usize| (n - i) % 2 == 1;
            let mut all = vec![Call::Pass, Call::Double, Call::Redouble];
            all.extend(Bid::all().map(Call::Bid));
            for c in all {
                let ok = match c {
                    Call::Pass => true,
                    Call::Bid(b) => {
                        last_bid.is_none_or(|i| matches!(calls[i], Call::Bid(l) if l < b))
                    }
                    Call::Double => {
                        last_action.is_some_and(|i| matches!(calls[i], Call::Bid(_)) && opponent(i))
                    }
                    Call::Redouble => {
                        last_action.is_some_and(|i| calls[i] == Call::Double && opponent(i))
                    }
                };
                if ok {
                    legal.push(c);
                }
            }
        }
        (legal, end)
    }

    #[test]
    fn the_kept_summary_agrees_with_reading_the_calls() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut legal = Vec::new();
        for game in 0..400 {
            let mut a = Auction::new(Seat::new(game % 4));
            loop {
                let (mut model, end) = scan(&a);
                assert_eq!(a.end(), end, "{:?}", a.calls());
                a.legal_calls(&mut legal);
                let mut got = legal.clone();
                let key = |c: &Call| c.to_string();
                got.sort_by_key(key);
                model.sort_by_key(key);
                assert_eq!(got, model, "{:?}", a.calls());
                for c in &model {
                    assert!(a.is_legal(*c));
                }
                if legal.is_empty() {
                    break;
                }
                // Mostly passes, doubles and redoubles (last) and low bids, so auctions run
                // long and reach every ending.
                let pick = match rng.random_range(0..10) {
                    0..=3 => legal[0],
                    4..=5 => legal[legal.len() - 1],
                    6..=7 => legal[rng.random_range(0..legal.len().min(3))],
                    _ => legal[rng.random_range(0..legal.len())],
                };
                a.push(pick);
            }
        }
    }

    #[test]
    fn calls_round_trip_through_text() {
        let mut all = vec![Call::Pass, Call::Double, Call::Redouble];
        all.extend(Bid::all().map(Call::Bid));
        assert_eq!(all.len(), 38);
        for c in all {
            assert_eq!(c.to_string().parse::<Call>().unwrap(), c);
        }
        assert!("0C".parse::<Call>().is_err());
        assert!("1Z".parse::<Call>().is_err());
        assert_eq!("1n".parse::<Call>().unwrap().to_string(), "1NT");
    }

    #[test]
    fn no_lower_or_equal_bid() {
        let a = auction(0, "1S");
        assert!(!a.is_legal(Call::Bid(Bid::new(1, Strain::Hearts))));
        assert!(!a.is_legal(Call::Bid(Bid::new(1, Strain::Spades))));
        assert!(a.is_legal(Call::Bid(Bid::new(1, Strain::NoTrump))));
        assert!(a.is_legal(Call::Bid(Bid::new(2, Strain::Clubs))));
        let mut legal = Vec::new();
        a.legal_calls(&mut legal);
        // Pass, 1NT..7NT (31 bids), double.
        assert_eq!(legal.len(), 1 + 31 + 1);
        Auction::new(Seat::new(0)).legal_calls(&mut legal);
        assert_eq!(legal.len(), 36);
    }

    #[test]
    fn double_only_an_opponents_bid_and_redouble_only_a_double() {
        let a = Auction::new(Seat::new(0));
        assert!(!a.is_legal(Call::Double));
        assert!(!a.is_legal(Call::Redouble));
        let a = auction(0, "1C");
        assert!(a.is_legal(Call::Double)); // seat 1 doubles seat 0
        assert!(!a.is_legal(Call::Redouble));
        let a = auction(0, "1C Pass");
        assert!(!a.is_legal(Call::Double), "partner's bid cannot be doubled");
        let a = auction(0, "1C Pass Pass");
        assert!(a.is_legal(Call::Double), "balancing double of an opponent");
        let a = auction(0, "1C X");
        assert!(!a.is_legal(Call::Double), "already doubled");
        assert!(a.is_legal(Call::Redouble));
        let a = auction(0, "1C X Pass");
        assert!(!a.is_legal(Call::Redouble), "own side's double");
        let a = auction(0, "1C X Pass Pass");
        assert!(a.is_legal(Call::Redouble), "the opener's side redoubles");
        let a = auction(0, "1C X XX");
        assert!(!a.is_legal(Call::Redouble) && !a.is_legal(Call::Double));
        assert!(a.is_legal(Call::Bid(Bid::new(1, Strain::Diamonds))));
    }

    #[test]
    fn endings_and_declarer() {
        assert_eq!(auction(2, "Pass Pass Pass").end(), None);
        assert_eq!(
            auction(2, "Pass Pass Pass Pass").end(),
            Some(AuctionEnd::PassedOut)
        );
        let a = auction(1, "Pass 1H Pass Pass");
        assert_eq!(a.end(), None, "three passes after the bid are needed");
        let a = auction(1, "Pass 1H Pass Pass Pass");
        assert_eq!(
            a.end(),
            Some(AuctionEnd::Contract(Contract {
                bid: Bid::new(1, Strain::Hearts),
                risk: Risk::Undoubled,
                declarer: Seat::new(2)
            }))
        );
        assert!(!a.is_legal(Call::Pass), "nothing is legal after the end");
        // Partner names the strain first: partner declares.
        let a = auction(0, "1S Pass 2H Pass 4H X XX Pass Pass Pass");
        let Some(AuctionEnd::Contract(k)) = a.end() else {
            panic!()
        };
        assert_eq!(
            (k.bid.to_string(), k.risk, k.declarer),
            ("4H".into(), Risk::Redoubled, Seat::new(2))
        );
        let a = auction(0, "1S Pass 2H Pass 2S X Pass Pass Pass");
        let Some(AuctionEnd::Contract(k)) = a.end() else {
            panic!()
        };
        assert_eq!(
            (k.risk, k.declarer, k.tricks_needed()),
            (Risk::Doubled, Seat::new(0), 8)
        );
        // A later bid clears an earlier double.
        let a = auction(3, "1NT X 2C Pass Pass Pass");
        let Some(AuctionEnd::Contract(k)) = a.end() else {
            panic!()
        };
        assert_eq!((k.risk, k.declarer), (Risk::Undoubled, Seat::new(1)));
    }
}
