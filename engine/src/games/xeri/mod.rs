//! Xeri: a Greek fishing game for two. Play a card to the pile; match the top card's rank (or
//! play a jack) to capture the pile; capture a lone card by its rank for a *xeri*.
//!
//! - **Players:** 2. **Deck:** 52 cards. Six cards each and a pile of four face up (redealt
//!   while its top card is a jack or its top two cards pair); the rest is the stock, from
//!   which both hands are refilled with six cards each time both are empty.
//! - **Play:** the non-dealer leads; players alternate playing one card to the pile. A card of
//!   the top card's rank, or any jack, captures the whole pile. Capturing a pile of a single
//!   card by matching its rank is a xeri (a jack takes a lone card xeri only if it too is a
//!   jack). When the stock is empty and both hands are played out, the last player to capture
//!   takes what is left of the pile.
//! - **Scoring a hand:** 10 per xeri, 3 for more cards captured, 1 per ace, king, queen, jack
//!   or ten captured, 1 more for the ten of diamonds, 1 for the two of clubs. More points wins
//!   the hand.
//! - **The game:** `hands` hands (default 5), the deal alternating; more hands won wins the
//!   game (a seat's score is its hands won; equal wins share first place).
//!
//! Rulings where the page is silent are in `docs/rules/xeri.md`, each with its test.
//!
//! ```
//! use cardsim_engine::games::xeri::Xeri;
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::{seq::IndexedRandom, SeedableRng};
//! let game = Xeri::new(2, &Params::parse(&["hands=3"]).unwrap()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, *legal.choose(&mut rng).unwrap(), &mut rng);
//! }
//! assert_eq!(state.hand_number(), 3);
//! assert!(game.outcome(&state).is_some());
//! ```

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::{
    check_players, rank_by_score, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, ToMove,
};
use crate::games::common::Stock;
use crate::seat::{BySeat, Seat};
use rand::Rng;

/// Cards dealt to each player at a time.
pub const HAND: usize = 6;
/// Cards in the first pile.
pub const FIRST_PILE: usize = 4;
/// Points per xeri.
pub const XERI_POINTS: u32 = 10;
/// Points for capturing more cards.
pub const MAJORITY_POINTS: u32 = 3;

/// The rules of Xeri: two players, a game of `hands` hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Xeri {
    hands: u16,
}

/// A move: the card played (Display: the card, e.g. `7H`).
pub type XeriAction = Card;

/// Points of the captured `cards`, without the xeri and majority bonuses: one per ace, king,
/// queen, jack and ten, one more for the ten of diamonds and one for the two of clubs.
///
/// ```
/// use cardsim_engine::games::xeri::card_points;
/// let cards = "TD 2C AS 5H QC".parse().unwrap();
/// assert_eq!(card_points(cards), 2 + 1 + 1 + 0 + 1);
/// ```
pub fn card_points(cards: CardSet) -> u32 {
    let honours = CardSet::with_ranks(&[Rank::Ace, Rank::King, Rank::Queen, Rank::Jack, Rank::Ten]);
    let bonus = [
        Card::new(Rank::Ten, Suit::Diamonds),
        Card::new(Rank::Two, Suit::Clubs),
    ];
    (cards & honours).len() as u32 + bonus.iter().filter(|&&c| cards.contains(c)).count() as u32
}

/// True when `card` played on a pile of `pile_len` cards topped by `top` captures it, and
/// whether the capture is a xeri.
///
/// ```
/// use cardsim_engine::games::xeri::capture;
/// let c = |s: &str| s.parse().unwrap();
/// assert_eq!(capture(c("7H"), Some(c("7S")), 1), (true, true));
/// assert_eq!(capture(c("7H"), Some(c("7S")), 3), (true, false));
/// assert_eq!(capture(c("JH"), Some(c("7S")), 1), (true, false));
/// assert_eq!(capture(c("JH"), Some(c("JS")), 1), (true, true));
/// assert_eq!(capture(c("JH"), None, 0), (false, false));
/// assert_eq!(capture(c("8H"), Some(c("7S")), 1), (false, false));
/// ```
pub fn capture(card: Card, top: Option<Card>, pile_len: usize) -> (bool, bool) {
    let Some(top) = top else {
        return (false, false);
    };
    let matches = card.rank() == top.rank();
    let takes = matches || card.rank() == Rank::Jack;
    (takes, takes && matches && pile_len == 1)
}

/// One seat's tally in the current hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Captures {
    /// Cards captured.
    pub won: CardSet,
    /// Xeris made.
    pub xeris: u8,
    /// Of those, jack on jack.
    pub jack_xeris: u8,
}

/// Running statistics of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Xeris made, all hands.
    pub xeris: u32,
    /// Jack-on-jack xeris.
    pub jack_xeris: u32,
    /// Captures, all hands.
    pub captures: u32,
    /// Hands tied on points.
    pub tied_hands: u32,
    /// First piles redealt because of a jack on top or a pair on top.
    pub redeals: u32,
    /// Points scored in all hands, both seats.
    pub points: u32,
}

/// A complete position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XeriState {
    pub(crate) stock: Stock,
    pub(crate) hands: BySeat<CardSet>,
    pub(crate) pile: CardSet,
    pub(crate) top: Option<Card>,
    pub(crate) caps: BySeat<Captures>,
    pub(crate) last_capturer: Option<Seat>,
    pub(crate) turn: Seat,
    pub(crate) dealer: Seat,
    pub(crate) hand: u16,
    pub(crate) hands_won: BySeat<u16>,
    pub(crate) last_points: BySeat<u32>,
    pub(crate) over: bool,
    pub(crate) tally: Tally,
}

impl XeriState {
    /// `seat`'s cards.
    pub fn hand_of(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }
    /// The stock.
    pub fn stock(&self) -> &Stock {
        &self.stock
    }
    /// The cards in the pile and its top card.
    pub fn pile(&self) -> (CardSet, Option<Card>) {
        (self.pile, self.top)
    }
    /// `seat`'s captures this hand.
    pub fn captures(&self, seat: Seat) -> Captures {
        self.caps[seat]
    }
    /// Hands won so far.
    pub fn hands_won(&self, seat: Seat) -> u16 {
        self.hands_won[seat]
    }
    /// The hand number, from 1.
    pub fn hand_number(&self) -> u16 {
        self.hand
    }
    /// Points of the last hand scored.
    pub fn last_points(&self) -> BySeat<u32> {
        self.last_points
    }
    /// The statistics.
    pub fn tally(&self) -> Tally {
        self.tally
    }
}

/// What one seat may know: its own cards, the pile, every card captured (played face up; the
/// page's rule that won cards may not be looked through is a memory rule, and agents have
/// perfect recall), the opponent's hand size and the stock's, and the scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XeriObservation {
    /// The observer.
    pub seat: Seat,
    /// Its cards.
    pub hand: CardSet,
    /// Cards in each hand.
    pub hand_sizes: BySeat<u8>,
    /// The pile.
    pub pile: CardSet,
    /// Its top card.
    pub top: Option<Card>,
    /// Cards left in the stock.
    pub stock: u8,
    /// Captures this hand.
    pub caps: BySeat<Captures>,
    /// The last seat to capture this hand.
    pub last_capturer: Option<Seat>,
    /// The seat to play.
    pub turn: Seat,
    /// The dealer.
    pub dealer: Seat,
    /// The hand number.
    pub hand_number: u16,
    /// Hands won.
    pub hands_won: BySeat<u16>,
    /// Points of the last hand scored.
    pub last_points: BySeat<u32>,
    /// True when the game is over.
    pub over: bool,
    /// The statistics.
    pub tally: Tally,
}

impl XeriObservation {
    /// Cards the observer has not seen: not in its hand, the pile or any capture.
    pub fn unseen(&self) -> CardSet {
        CardSet::FULL_DECK
            - self.hand
            - self.pile
            - self.caps[Seat::new(0)].won
            - self.caps[Seat::new(1)].won
    }
}

impl Xeri {
    /// Hands in a game.
    pub const fn hands(&self) -> u16 {
        self.hands
    }

    /// The points of a hand, per seat, from its captures.
    pub fn hand_points(caps: &BySeat<Captures>) -> BySeat<u32> {
        let (a, b) = (caps[Seat::new(0)], caps[Seat::new(1)]);
        let (na, nb) = (a.won.len(), b.won.len());
        BySeat::from_fn(|s| {
            let (me, more) = match s.index() {
                0 => (a, na > nb),
                1 => (b, nb > na),
                _ => return 0,
            };
            XERI_POINTS * me.xeris as u32
                + card_points(me.won)
                + if more { MAJORITY_POINTS } else { 0 }
        })
    }

    /// Deals a hand: six each, then a first pile of four whose top is not a jack and whose top
    /// two cards do not pair (redealt until so); the non-dealer leads.
    fn deal_hand<R: Rng + ?Sized>(&self, st: &mut XeriState, rng: &mut R) {
        st.stock = Stock::shuffled(CardSet::FULL_DECK, rng);
        st.hands = BySeat::default();
        for s in [st.dealer.next(2), st.dealer] {
            st.stock.draw_up_to(&mut st.hands[s], HAND);
        }
        loop {
            let n = st.stock.len();
            let cards = &st.stock.as_slice()[n - FIRST_PILE..];
            // The top of the pile is the last card dealt to it.
            let (top, below) = (cards[0], cards[1]);
            if top.rank() != Rank::Jack && top.rank() != below.rank() {
                st.top = Some(top);
                st.pile = cards.iter().copied().collect();
                for _ in 0..FIRST_PILE {
                    st.stock.draw();
                }
                break;
            }
            st.tally.redeals += 1;
            let rest = st.stock.cards();
            st.stock.clear();
            st.stock.refill(rest, rng);
        }
        st.caps = BySeat::default();
        st.last_capturer = None;
        st.turn = st.dealer.next(2);
    }

    /// Ends the hand: the pile to the last capturer, the points, the next hand or the end.
    fn end_hand<R: Rng + ?Sized>(&self, st: &mut XeriState, rng: &mut R) {
        if let Some(s) = st.last_capturer {
            st.caps[s].won |= st.pile;
            st.pile = CardSet::EMPTY;
            st.top = None;
        }
        let pts = Self::hand_points(&st.caps);
        let (a, b) = (pts[Seat::new(0)], pts[Seat::new(1)]);
        st.tally.points += a + b;
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => st.hands_won[Seat::new(0)] += 1,
            std::cmp::Ordering::Less => st.hands_won[Seat::new(1)] += 1,
            std::cmp::Ordering::Equal => st.tally.tied_hands += 1,
        }
        st.last_points = pts;
        if st.hand == self.hands {
            st.over = true;
            return;
        }
        st.hand += 1;
        st.dealer = st.dealer.next(2);
        self.deal_hand(st, rng);
    }
}

impl Game for Xeri {
    type State = XeriState;
    type Action = XeriAction;
    type Observation = XeriObservation;

    const INFO: GameInfo = GameInfo {
        name: "xeri",
        title: "Xeri",
        min_players: 2,
        max_players: 2,
        default_players: 2,
        params: &[ParamSpec::int(
            "hands",
            "5",
            1,
            99,
            "hands in a game (the page: \"a predetermined number\"); more hands won wins",
        )],
        stats: &[
            "hands",
            "xeris",
            "jack_xeris",
            "captures",
            "tied_hands",
            "redeals",
            "points_per_hand",
        ],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        check_players(&Self::INFO, players)?;
        params.check_keys(&Self::INFO)?;
        Ok(Xeri {
            hands: params.int(&Self::INFO, "hands")?,
        })
    }

    fn players(&self) -> usize {
        2
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> XeriState {
        let mut st = XeriState {
            stock: Stock::default(),
            hands: BySeat::default(),
            pile: CardSet::EMPTY,
            top: None,
            caps: BySeat::default(),
            last_capturer: None,
            turn: Seat::new(0),
            dealer: Seat::new(1),
            hand: 1,
            hands_won: BySeat::default(),
            last_points: BySeat::default(),
            over: false,
            tally: Tally::default(),
        };
        self.deal_hand(&mut st, rng);
        st
    }

    fn to_move(&self, st: &XeriState) -> ToMove {
        if st.over {
            ToMove::Over
        } else {
            ToMove::Seat(st.turn)
        }
    }

    fn legal_actions(&self, st: &XeriState, out: &mut Vec<Card>) {
        out.clear();
        if !st.over {
            out.extend(st.hands[st.turn].iter());
        }
    }

    /// # Panics
    /// If `card` is not in the mover's hand.
    fn apply<R: Rng + ?Sized>(&self, st: &mut XeriState, card: Card, rng: &mut R) {
        let seat = st.turn;
        assert!(
            !st.over && st.hands[seat].remove(card),
            "illegal Xeri action {card}"
        );
        let (takes, xeri) = capture(card, st.top, st.pile.len());
        st.pile.insert(card);
        if takes {
            let caps = &mut st.caps[seat];
            caps.won |= st.pile;
            if xeri {
                caps.xeris += 1;
                st.tally.xeris += 1;
                if card.rank() == Rank::Jack {
                    caps.jack_xeris += 1;
                    st.tally.jack_xeris += 1;
                }
            }
            st.tally.captures += 1;
            st.pile = CardSet::EMPTY;
            st.top = None;
            st.last_capturer = Some(seat);
        } else {
            st.top = Some(card);
        }
        st.turn = seat.next(2);
        if st.hands[Seat::new(0)].is_empty() && st.hands[Seat::new(1)].is_empty() {
            if st.stock.is_empty() {
                self.end_hand(st, rng);
            } else {
                for s in [st.dealer.next(2), st.dealer] {
                    st.stock.draw_up_to(&mut st.hands[s], HAND);
                }
            }
        }
    }

    fn observe(&self, st: &XeriState, seat: Seat) -> XeriObservation {
        XeriObservation {
            seat,
            hand: st.hands[seat],
            hand_sizes: BySeat::from_fn(|s| st.hands[s].len() as u8),
            pile: st.pile,
            top: st.top,
            stock: st.stock.len() as u8,
            caps: st.caps,
            last_capturer: st.last_capturer,
            turn: st.turn,
            dealer: st.dealer,
            hand_number: st.hand,
            hands_won: st.hands_won,
            last_points: st.last_points,
            over: st.over,
            tally: st.tally,
        }
    }

    /// The opponent's hand and the stock are a uniform split of the unseen cards.
    fn determinize<R: Rng + ?Sized>(&self, obs: &XeriObservation, rng: &mut R) -> XeriState {
        let mut stock = Stock::shuffled(obs.unseen(), rng);
        let other = obs.seat.next(2);
        let mut hands = BySeat::<CardSet>::default();
        hands[obs.seat] = obs.hand;
        stock.draw_up_to(&mut hands[other], obs.hand_sizes[other] as usize);
        assert_eq!(
            stock.len(),
            obs.stock as usize,
            "sizes must match the unseen cards"
        );
        XeriState {
            stock,
            hands,
            pile: obs.pile,
            top: obs.top,
            caps: obs.caps,
            last_capturer: obs.last_capturer,
            turn: obs.turn,
            dealer: obs.dealer,
            hand: obs.hand_number,
            hands_won: obs.hands_won,
            last_points: obs.last_points,
            over: obs.over,
            tally: obs.tally,
        }
    }

    /// Every card is played face up.
    fn observe_action(&self, _state: &XeriState, action: Card, _viewer: Seat) -> Option<Card> {
        Some(action)
    }

    fn outcome(&self, st: &XeriState) -> Option<Outcome> {
        st.over.then(|| {
            rank_by_score(&[
                st.hands_won[Seat::new(0)] as f64,
                st.hands_won[Seat::new(1)] as f64,
            ])
        })
    }

    fn stats(&self, st: &XeriState, out: &mut Vec<f64>) {
        out.clear();
        let t = &st.tally;
        let scored = st.hand as u32 - u32::from(!st.over);
        out.extend([
            st.hand as f64,
            t.xeris as f64,
            t.jack_xeris as f64,
            t.captures as f64,
            t.tied_hands as f64,
            t.redeals as f64,
            if scored == 0 {
                0.0
            } else {
                t.points as f64 / scored as f64
            },
        ]);
    }

    fn check_invariants(&self, st: &XeriState) -> Result<(), String> {
        let (s0, s1) = (Seat::new(0), Seat::new(1));
        let parts = [
            st.stock.cards(),
            st.hands[s0],
            st.hands[s1],
            st.pile,
            st.caps[s0].won,
            st.caps[s1].won,
        ];
        let mut all = CardSet::EMPTY;
        let mut count = st.stock.len();
        for p in &parts[1..] {
            count += p.len();
        }
        for p in parts {
            all |= p;
        }
        if all != CardSet::FULL_DECK || count != 52 {
            return Err(format!(
                "cards not conserved: {count} counted, {} distinct",
                all.len()
            ));
        }
        if st.top.is_some_and(|c| !st.pile.contains(c)) || st.top.is_none() != st.pile.is_empty() {
            return Err("the top card is not on the pile".into());
        }
        let (h0, h1) = (st.hands[s0].len(), st.hands[s1].len());
        // The leader (non-dealer) is one card behind after its play, or level.
        let leader = st.dealer.next(2);
        let (lead, deal) = (st.hands[leader].len(), st.hands[st.dealer].len());
        if !st.over {
            let ok = if st.turn == leader {
                lead == deal
            } else {
                lead + 1 == deal
            };
            if !ok || h0 > HAND || h1 > HAND || h0 + h1 == 0 {
                return Err(format!(
                    "hands of {h0} and {h1} with seat {} to play",
                    st.turn
                ));
            }
            if st.stock.len() % (2 * HAND) != 0 {
                return Err(format!("a stock of {} cards", st.stock.len()));
            }
        }
        let won: u16 = st.hands_won[s0] + st.hands_won[s1];
        let scored = st.hand - u16::from(!st.over);
        if won as u32 + st.tally.tied_hands != scored as u32 || st.hand > self.hands {
            return Err(format!(
                "{won} hands won and {} tied after {scored}",
                st.tally.tied_hands
            ));
        }
        for s in [s0, s1] {
            let c = st.caps[s];
            if c.jack_xeris > c.xeris || (c.xeris as usize) * 2 > c.won.len() {
                return Err(format!(
                    "seat {s} has {} xeris in {} cards",
                    c.xeris,
                    c.won.len()
                ));
            }
        }
        if st.last_capturer.is_none() != (st.caps[s0].won.is_empty() && st.caps[s1].won.is_empty())
        {
            return Err("a last capturer exactly when something was captured".into());
        }
        Ok(())
    }
}

mod deal_text;
pub mod encoding;
#[cfg(test)]
mod tests;
