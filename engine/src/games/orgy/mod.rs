//! Orgy (Andrew S. Fischer, 1996): four players each for themselves, 13 cards each, the dealer
//! names trumps, and the points are in the Jacks, Queens and Kings taken in tricks.
//!
//! - **Players:** 4, no partners. **Deck:** 52 cards, 13 each.
//! - **Card order:** Ace (one) low to Ten high; Jacks, Queens and Kings (the *Orgy cards*) all
//!   rank zero, and among equal cards the first played wins (the page's "Official Tie-Breaking
//!   Rule").
//! - **Trumps:** after seeing his hand the dealer names one of the four suits (the first action
//!   of each hand); the player at his left leads.
//! - **Play:** follow suit if able, else any card (a trump or a discard); the highest trump, or
//!   else the highest card of the suit led, wins; the winner leads next.
//! - **Scoring:** after 13 tricks each player's captured Orgy cards form the longest chain that
//!   alternates females (Queens) and males (Jacks and Kings, which are the same for scoring):
//!   with `q` Queens and `m` males captured its length is `2·min(q, m)`, plus one if `q ≠ m`,
//!   and it scores one point per card if at least three long ([`orgy_points`]). A player who
//!   captures all four Queens and five or more males (*Maximum Orgy*) wins the game at once.
//! - **Game:** after a hand, if the highest score is at least `target` (21) and held by one
//!   player, that player wins; if it is shared, play continues until one player alone has the
//!   highest score. The deal passes to the left; the first dealer is seat 3. `max_hands`
//!   (default 200) ends a game that is still tied at the top, the tied players sharing the win.
//!
//! - **Statistics:** `hands` played; `maximum_orgy` (1 if a Maximum Orgy ended the game);
//!   `winning_score` (the highest score at the end); `points_per_hand` (all players' points
//!   per hand); `dealer_share` (the share of all points scored by the hand's dealer: the value
//!   of naming trumps, a quarter if it were worth nothing); `capped` (1 if `max_hands` ended a
//!   tie).
//!
//! Actions are [`OrgyAction`]: the dealer's trump, or a card. Rulings are in
//! `docs/rules/orgy.md`.
//!
//! ```
//! use cardsim_engine::games::orgy::{orgy_points, Orgy};
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::SeedableRng;
//! assert_eq!(orgy_points(4, 3), 7); // Queen King Queen King Queen Jack Queen
//! let game = Orgy::new(4, &Params::new()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, legal[0], &mut rng);
//! }
//! assert!(game.outcome(&state).is_some());
//! ```

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::{
    check_players, rank_by_score, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, ToMove,
};
use crate::seat::{Seat, SeatMask};
use crate::tricks::{CardOrder, Obligation, Teams, TieBreak, TrickPlay, TrickTaking};
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

/// The Queens: the female Orgy cards.
pub const QUEENS: CardSet = CardSet::rank_mask(Rank::Queen);
/// The Jacks and Kings: the male Orgy cards.
pub const MALES: CardSet = CardSet::rank_mask(Rank::Jack).union(CardSet::rank_mask(Rank::King));
/// All twelve Orgy cards.
pub const ORGY_CARDS: CardSet = QUEENS.union(MALES);

/// The points of a player who captured `queens` Queens and `males` Jacks and Kings: the
/// length of the longest chain alternating female and male cards, if at least three.
///
/// ```
/// use cardsim_engine::games::orgy::orgy_points;
/// assert_eq!(orgy_points(1, 2), 3); // Jack Queen King
/// assert_eq!(orgy_points(1, 1), 0); // two cards are no orgy
/// ```
pub const fn orgy_points(queens: usize, males: usize) -> u32 {
    let pairs = if queens < males { queens } else { males };
    let len = 2 * pairs + (queens != males) as usize;
    if len >= 3 {
        len as u32
    } else {
        0
    }
}

/// The points of a set of captured cards ([`orgy_points`] of its Queens and males).
pub fn orgy_score(captured: CardSet) -> u32 {
    orgy_points((captured & QUEENS).len(), (captured & MALES).len())
}

/// True for a Maximum Orgy: all four Queens and at least five Jacks or Kings.
pub fn is_maximum_orgy(captured: CardSet) -> bool {
    (captured & QUEENS).len() == 4 && (captured & MALES).len() >= 5
}

/// The card order of Orgy with `trump`: Ace 1 up to Ten 10, Orgy cards 0, the first played of
/// equal cards winning.
pub fn orgy_order(trump: Option<Suit>) -> CardOrder {
    CardOrder::from_fn(trump, TieBreak::FirstPlayed, |c| {
        let court = matches!(c.rank(), Rank::Jack | Rank::Queen | Rank::King);
        (c.suit(), if court { 0 } else { c.rank().number() })
    })
}

/// An Orgy move: the dealer naming trumps, or a card played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OrgyAction {
    /// The dealer names this suit trumps.
    Trump(Suit),
    /// A card played to the trick.
    Play(Card),
}

impl fmt::Display for OrgyAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrgyAction::Trump(s) => write!(f, "trump {}", s.char()),
            OrgyAction::Play(c) => write!(f, "{c}"),
        }
    }
}

/// The rules of Orgy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Orgy {
    target: u32,
    max_hands: u32,
}

impl Orgy {
    /// The points that win the game (21 on the page).
    pub const fn target(&self) -> u32 {
        self.target
    }

    /// The hands after which a game still tied at the top ends.
    pub const fn max_hands(&self) -> u32 {
        self.max_hands
    }
}

/// An Orgy game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrgyState {
    scores: [u32; 4],
    dealer: Seat,
    hands: u32,
    /// The trump suit, once the dealer has named it.
    trump: Option<Suit>,
    play: TrickPlay,
    /// Orgy cards in each seat's won tricks this hand.
    captured: [CardSet; 4],
    /// The seat that made a Maximum Orgy, ending the game.
    maximum: Option<Seat>,
    over: bool,
    /// Points scored in all hands, and by the dealers of those hands.
    points: u32,
    dealer_points: u32,
}

impl OrgyState {
    /// Each seat's points.
    pub const fn scores(&self) -> [u32; 4] {
        self.scores
    }

    /// The dealer of the current hand.
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The trump suit, once named.
    pub const fn trump(&self) -> Option<Suit> {
        self.trump
    }

    /// The play of the current hand.
    pub const fn play(&self) -> &TrickPlay {
        &self.play
    }

    /// The Orgy cards each seat has taken this hand.
    pub const fn captured(&self) -> [CardSet; 4] {
        self.captured
    }

    /// Hands completed so far.
    pub const fn hands_played(&self) -> u32 {
        self.hands
    }

    /// The seat that won with a Maximum Orgy, if any.
    pub const fn maximum_orgy(&self) -> Option<Seat> {
        self.maximum
    }

    /// A copy at a chosen position of the hand, for tests and analysis: `play` (its order's
    /// trump becomes the hand's trump), the Orgy cards each seat has taken, and the scores.
    pub fn with_position(
        mut self,
        play: TrickPlay,
        captured: [CardSet; 4],
        scores: [u32; 4],
    ) -> Self {
        self.trump = play.order().trump();
        self.play = play;
        self.captured = captured;
        self.scores = scores;
        self
    }
}

/// What one seat knows: the scores, the dealer, the trump suit once named, the Orgy cards each
/// player has taken this hand (everyone saw the tricks), and the play with its own hand only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrgyObservation {
    /// The observing seat.
    pub seat: Seat,
    /// Each seat's points.
    pub scores: [u32; 4],
    /// The dealer.
    pub dealer: Seat,
    /// Hands completed so far.
    pub hands: u32,
    /// The trump suit, once named.
    pub trump: Option<Suit>,
    /// The Orgy cards each seat has taken this hand.
    pub captured: [CardSet; 4],
    /// The play of the hand, other hands emptied (their sizes known).
    pub play: TrickPlay,
}

impl OrgyObservation {
    /// The observer's hand.
    pub fn hand(&self) -> CardSet {
        self.play.hand(self.seat)
    }
}

fn deal_hand<R: Rng + ?Sized>(dealer: Seat, rng: &mut R) -> TrickPlay {
    let mut cards = [Card::from_index(0); 52];
    for (slot, c) in cards.iter_mut().zip(CardSet::FULL_DECK) {
        *slot = c;
    }
    cards.shuffle(rng);
    let mut hands = [CardSet::EMPTY; 4];
    for (i, &c) in cards.iter().enumerate() {
        hands[dealer.left(1 + i, 4).index()].insert(c);
    }
    TrickPlay::new(
        4,
        &hands,
        dealer.next(4),
        orgy_order(None),
        Obligation::FollowSuit,
    )
}

impl Orgy {
    /// Scores the finished hand, ends the game or deals the next hand.
    fn end_hand<R: Rng + ?Sized>(&self, state: &mut OrgyState, rng: &mut R) {
        state.hands += 1;
        for s in 0..4 {
            let p = orgy_score(state.captured[s]);
            state.scores[s] += p;
            state.points += p;
            if s == state.dealer.index() {
                state.dealer_points += p;
            }
            if is_maximum_orgy(state.captured[s]) {
                state.maximum = Some(Seat::new(s));
            }
        }
        let top = *state.scores.iter().max().expect("four seats");
        let leaders = state.scores.iter().filter(|&&s| s == top).count();
        if state.maximum.is_some()
            || (top >= self.target && leaders == 1)
            || state.hands >= self.max_hands
        {
            state.over = true;
            return;
        }
        state.dealer = state.dealer.next(4);
        state.play = deal_hand(state.dealer, rng);
        state.trump = None;
        state.captured = [CardSet::EMPTY; 4];
    }
}

impl Game for Orgy {
    type State = OrgyState;
    type Action = OrgyAction;
    type Observation = OrgyObservation;

    const INFO: GameInfo = GameInfo {
        name: "orgy",
        title: "Orgy",
        min_players: 4,
        max_players: 4,
        default_players: 4,
        params: &[
            ParamSpec::int(
                "target",
                "21",
                1,
                1000,
                "points that win the game (the page's 21); a tie at the top plays on",
            ),
            ParamSpec::int(
                "max_hands",
                "200",
                1,
                100_000,
                "hands after which a game still tied at the top ends, the tied leaders sharing the win",
            ),
        ],
        stats: &[
            "hands",
            "maximum_orgy",
            "winning_score",
            "points_per_hand",
            "dealer_share",
            "capped",
        ],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        let info = &Self::INFO;
        check_players(info, players)?;
        params.check_keys(info)?;
        Ok(Orgy {
            target: params.int(info, "target")?,
            max_hands: params.int(info, "max_hands")?,
        })
    }

    fn players(&self) -> usize {
        4
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> OrgyState {
        let dealer = Seat::new(3);
        OrgyState {
            scores: [0; 4],
            dealer,
            hands: 0,
            trump: None,
            play: deal_hand(dealer, rng),
            captured: [CardSet::EMPTY; 4],
            maximum: None,
            over: false,
            points: 0,
            dealer_points: 0,
        }
    }

    fn to_move(&self, state: &OrgyState) -> ToMove {
        if state.over {
            ToMove::Over
        } else if state.trump.is_none() {
            ToMove::Seat(state.dealer)
        } else {
            ToMove::Seat(state.play.to_play())
        }
    }

    fn legal_actions(&self, state: &OrgyState, out: &mut Vec<OrgyAction>) {
        out.clear();
        if state.over {
        } else if state.trump.is_none() {
            out.extend(Suit::ALL.map(OrgyAction::Trump));
        } else {
            out.extend(state.play.legal().iter().map(OrgyAction::Play));
        }
    }

    fn legal_count(&self, state: &OrgyState) -> Option<usize> {
        (!state.over && state.trump.is_some()).then(|| state.play.legal_count())
    }

    fn nth_legal(&self, state: &OrgyState, n: usize) -> OrgyAction {
        OrgyAction::Play(state.play.nth_legal(n))
    }

    fn apply<R: Rng + ?Sized>(&self, state: &mut OrgyState, action: OrgyAction, rng: &mut R) {
        match action {
            OrgyAction::Trump(suit) => {
                debug_assert!(state.trump.is_none());
                state.trump = Some(suit);
                state.play.set_order(orgy_order(Some(suit)));
            }
            OrgyAction::Play(card) => {
                debug_assert!(state.trump.is_some());
                if let Some(winner) = state.play.play(card) {
                    let trick = state.play.last_trick().expect("a trick was just won");
                    state.captured[winner.index()] |= trick.card_set() & ORGY_CARDS;
                    if state.play.is_over() {
                        self.end_hand(state, rng);
                    }
                }
            }
        }
    }

    fn observe(&self, state: &OrgyState, seat: Seat) -> OrgyObservation {
        OrgyObservation {
            seat,
            scores: state.scores,
            dealer: state.dealer,
            hands: state.hands,
            trump: state.trump,
            captured: state.captured,
            play: state.play.masked(SeatMask(1 << seat.index())),
        }
    }

    fn determinize<R: Rng + ?Sized>(&self, obs: &OrgyObservation, rng: &mut R) -> OrgyState {
        let play = obs.play.determinized(obs.seat, rng);
        OrgyState {
            scores: obs.scores,
            dealer: obs.dealer,
            hands: obs.hands,
            trump: obs.trump,
            play,
            captured: obs.captured,
            maximum: None,
            over: false,
            // Statistics only: not part of what a seat needs to decide.
            points: 0,
            dealer_points: 0,
        }
    }

    /// Every move is public: the trump is announced and cards are played face up.
    fn observe_action(&self, _: &OrgyState, action: OrgyAction, _: Seat) -> Option<OrgyAction> {
        Some(action)
    }

    fn outcome(&self, state: &OrgyState) -> Option<Outcome> {
        if !state.over {
            return None;
        }
        let mut key = state.scores.map(f64::from);
        if let Some(w) = state.maximum {
            // A Maximum Orgy wins outright, whatever the scores.
            key[w.index()] = f64::INFINITY;
        }
        let mut o = rank_by_score(&key);
        for s in Seat::all(4) {
            o[s].score = f64::from(state.scores[s.index()]);
        }
        Some(o)
    }

    fn stats(&self, state: &OrgyState, out: &mut Vec<f64>) {
        out.clear();
        let top = *state.scores.iter().max().expect("four seats");
        let leaders = state.scores.iter().filter(|&&s| s == top).count();
        let hands = f64::from(state.hands.max(1));
        out.extend([
            f64::from(state.hands),
            f64::from(u8::from(state.maximum.is_some())),
            f64::from(top),
            f64::from(state.points) / hands,
            if state.points == 0 {
                0.0
            } else {
                f64::from(state.dealer_points) / f64::from(state.points)
            },
            f64::from(u8::from(
                state.over && state.maximum.is_none() && (leaders > 1 || top < self.target),
            )),
        ]);
    }

    fn check_invariants(&self, state: &OrgyState) -> Result<(), String> {
        let play = &state.play;
        play.check_deal(CardSet::FULL_DECK, 0)?;
        let played = play.record().played();
        let mut taken = CardSet::EMPTY;
        for (i, c) in state.captured.iter().enumerate() {
            if !(taken & *c).is_empty() {
                return Err(format!("seat {i} captured a card another seat holds"));
            }
            taken |= *c;
        }
        let in_trick = play.trick().card_set();
        if !state.over && taken != (played - in_trick) & ORGY_CARDS {
            return Err("captured Orgy cards are not those of the completed tricks".into());
        }
        if play.order().trump() != state.trump {
            return Err("the card order's trump is not the named suit".into());
        }
        if state.trump.is_none() && !played.is_empty() {
            return Err("cards played before trumps were named".into());
        }
        if !state.over && state.maximum.is_some() {
            return Err("a Maximum Orgy but the game goes on".into());
        }
        let top = *state.scores.iter().max().expect("four seats");
        let leaders = state.scores.iter().filter(|&&s| s == top).count();
        if !state.over && top >= self.target && leaders == 1 {
            return Err("one player leads at the target but the game goes on".into());
        }
        if state.hands > self.max_hands {
            return Err("more hands than max_hands".into());
        }
        Ok(())
    }
}

impl TrickTaking for Orgy {
    fn trick_play<'s>(&self, state: &'s OrgyState) -> Option<&'s TrickPlay> {
        Some(state.play()).filter(|p| state.trump.is_some() && !state.over && !p.is_over())
    }

    fn teams(&self) -> Teams {
        Teams::solo(4)
    }

    fn card(action: OrgyAction) -> Option<Card> {
        match action {
            OrgyAction::Play(c) => Some(c),
            OrgyAction::Trump(_) => None,
        }
    }
}

mod deal_text;
pub mod encoding;
#[cfg(test)]
mod tests;
