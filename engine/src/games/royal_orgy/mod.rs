//! Royal Orgy (Wayne Michael Shirk): Tarock meets Pinochle, with the 54-card Tarock deck
//! ([`TarotCard`]). This module plays the two-player game; [`three`] the three-player game
//! (`players=3`: declarations, solo bidding, the skat, two defenders against the soloist),
//! sharing the melds, captures and card points.
//!
//! - **Players:** 2 (3: see [`three`]). **Deck:** 54 cards: four suits of eight (black K Q C J 10 9 8 7, red
//!   K Q C J 1 2 3 4, the red pips ranking 1 high) and 22 trumps, the Sküs (22) highest.
//! - **Deal:** 15 cards each in threes, the other 24 form the stock. The non-dealer (elder)
//!   leads first; the deal alternates.
//! - **Stock play (12 tricks):** any card may be led and any card may follow; the highest trump,
//!   else the highest card of the suit led, wins. The winner may then lay down one meld
//!   ([`MeldKind`]) and scores it at once, then draws from the stock, then the other player.
//!   A meld needs at least one card from the concealed hand, and no card of it may already have
//!   scored in a meld of the same kind; cards on the table still count as held and may be
//!   played at any time.
//! - **Final play (15 tricks):** once the stock is gone every meld goes back into the hands;
//!   suit (trumps being a suit) must be followed, else a trump played, else any card. No more
//!   melds. The last trick scores 1.
//! - **Captures** (both phases): the winner of a trick holding both cards of an Affair,
//!   Union, Marriage or Trump Marriage scores half its meld value.
//! - **Card points** after the hand: Kings 4, Queens 3, Knights 2, Pages 1, trumps 1, 21, 22
//!   four each, plus 1 a trick and 1 for the last: 80 in all.
//! - **Game:** after a hand, a player at or above `target` (1000) with more points than the
//!   other wins; a tie plays on; `max_hands` (default 100) ends a game still undecided, the
//!   leader winning (a tie shares the win). `deals=N` plays exactly N hands instead.
//!
//! - **Statistics:** `hands`; `winning_score`; `margin` (winner minus loser); per hand,
//!   `melds_per_hand`, `meld_points_per_hand`, `capture_points_per_hand`; in the whole game,
//!   `royal_orgies` and `full_courts` melded; `elder_card_share` (the share of the card points
//!   taken by the elder hand); `capped` (1 if `max_hands` ended the game). Three players:
//!   `solo_made` (the share of solos that took 36 card points), `forced_solos` (per hand, the
//!   share in which all passed), `soloist_card_points` (their mean); the meld columns count
//!   the declarations (zeros with two players).
//!
//! Actions are [`RoyalOrgyAction`]. Rulings are in `docs/rules/royal-orgy.md`.
//!
//! ```
//! use cardsim_engine::games::royal_orgy::RoyalOrgy;
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::SeedableRng;
//! let game = RoyalOrgy::new(2, &Params::new().set("target", 200)).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, legal[0], &mut rng);
//! }
//! assert!(game.outcome(&state).is_some());
//! ```

use crate::cards::{Court, Suit, TarotCard, TarotSet};
use crate::game::{
    check_players, rank_by_score, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, ToMove,
};
use crate::seat::Seat;
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

/// Cards dealt to each player.
pub const HAND: usize = 15;
/// Cards in the stock after the deal.
pub const STOCK: usize = 24;

/// The kinds of meld, lowest to highest as the page lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MeldKind {
    /// King and Page, or Queen and Knight, of opposite colours: 6.
    Affair = 0,
    /// Gay union: Knight and Page of one suit: 8.
    Union = 1,
    /// King and Queen of one suit: 10.
    Marriage = 2,
    /// Three or more trumps in a row: 10 and a point per card (see [`SequenceScore`]).
    TrumpSequence = 3,
    /// Trumps 21 and 1: 12.
    TrumpMarriage = 4,
    /// A married King and Queen with a united Knight and Page of the other colour: 30.
    RoyalOrgy = 5,
    /// King, Queen, Knight and Page of one suit: 50.
    FullCourt = 6,
}

impl MeldKind {
    /// All seven kinds, lowest first.
    pub const ALL: [MeldKind; 7] = [
        MeldKind::Affair,
        MeldKind::Union,
        MeldKind::Marriage,
        MeldKind::TrumpSequence,
        MeldKind::TrumpMarriage,
        MeldKind::RoyalOrgy,
        MeldKind::FullCourt,
    ];

    /// Short lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            MeldKind::Affair => "affair",
            MeldKind::Union => "union",
            MeldKind::Marriage => "marriage",
            MeldKind::TrumpSequence => "sequence",
            MeldKind::TrumpMarriage => "trump-marriage",
            MeldKind::RoyalOrgy => "royal-orgy",
            MeldKind::FullCourt => "full-court",
        }
    }

    /// Points for a capture of this kind (half the meld), if it can be captured.
    pub const fn capture_points(self) -> Option<u32> {
        match self {
            MeldKind::Affair => Some(3),
            MeldKind::Union => Some(4),
            MeldKind::Marriage => Some(5),
            MeldKind::TrumpMarriage => Some(6),
            _ => None,
        }
    }
}

/// How a trump sequence scores (the page: "10+1 per card").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SequenceScore {
    /// 10, and 1 per card beyond the third (3 cards 10, 4 cards 11): the default, keeping the
    /// page's list in order from lowest to highest.
    Extra,
    /// 10, and 1 per card (3 cards 13).
    PerCard,
}

/// A meld: its kind and its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    /// The kind.
    pub kind: MeldKind,
    /// The cards.
    pub cards: TarotSet,
}

impl Meld {
    /// Its points under `seq`.
    pub fn points(&self, seq: SequenceScore) -> u32 {
        match self.kind {
            MeldKind::Affair => 6,
            MeldKind::Union => 8,
            MeldKind::Marriage => 10,
            MeldKind::TrumpSequence => {
                let n = self.cards.len() as u32;
                match seq {
                    SequenceScore::Extra => 10 + n - 3,
                    SequenceScore::PerCard => 10 + n,
                }
            }
            MeldKind::TrumpMarriage => 12,
            MeldKind::RoyalOrgy => 30,
            MeldKind::FullCourt => 50,
        }
    }
}

fn court(c: Court, s: Suit) -> TarotCard {
    TarotCard::court(c, s)
}

fn pair(a: TarotCard, b: TarotCard) -> TarotSet {
    TarotSet::from_card(a).with(b)
}

/// Every meld of the cards `held` that may be scored now: at least one card not in `table`
/// (the melds already laid down), and no card already used in a meld of the same kind
/// (`used[kind]`). Calls `f` for each, without allocating.
///
/// ```
/// use cardsim_engine::cards::TarotSet;
/// use cardsim_engine::games::royal_orgy::{melds, MeldKind};
/// let held: TarotSet = "KS QS CH JH".parse().unwrap();
/// let mut kinds = Vec::new();
/// melds(held, TarotSet::EMPTY, &[TarotSet::EMPTY; 7], |m| kinds.push(m.kind));
/// // KS-QS marriage, CH-JH union, KS-JH and QS-CH affairs, and the Royal Orgy.
/// assert_eq!(kinds.len(), 5);
/// assert!(kinds.contains(&MeldKind::RoyalOrgy));
/// ```
pub fn melds(held: TarotSet, table: TarotSet, used: &[TarotSet; 7], mut f: impl FnMut(Meld)) {
    let mut emit = |kind: MeldKind, cards: TarotSet| {
        if cards.is_subset(held)
            && !cards.is_subset(table)
            && cards.is_disjoint(used[kind as usize])
        {
            f(Meld { kind, cards });
        }
    };
    for s in Suit::ALL {
        let (k, q, c, j) = (
            court(Court::King, s),
            court(Court::Queen, s),
            court(Court::Knight, s),
            court(Court::Page, s),
        );
        emit(MeldKind::Union, pair(c, j));
        emit(MeldKind::Marriage, pair(k, q));
        emit(MeldKind::FullCourt, pair(k, q).with(c).with(j));
        for t in Suit::ALL {
            if t.is_red() == s.is_red() {
                continue;
            }
            let (ct, jt) = (court(Court::Knight, t), court(Court::Page, t));
            emit(MeldKind::Affair, pair(k, jt));
            emit(MeldKind::Affair, pair(q, ct));
            emit(MeldKind::RoyalOrgy, pair(k, q).with(ct).with(jt));
        }
    }
    emit(
        MeldKind::TrumpMarriage,
        pair(TarotCard::trump(21), TarotCard::trump(1)),
    );
    // Trump sequences: every run of three or more consecutive trumps not yet in a sequence.
    let avail = (held.trumps() - used[MeldKind::TrumpSequence as usize]).bits() >> 32;
    for a in 0..22u32 {
        let mut run = 0u64;
        for b in a..22 {
            if avail >> b & 1 == 0 {
                break;
            }
            run |= 1 << b;
            if b >= a + 2 {
                emit(MeldKind::TrumpSequence, TarotSet::from_bits(run << 32));
            }
        }
    }
}

/// The capture in a trick holding the cards `a` and `b`, if they are both cards of an Affair,
/// Union, Marriage or Trump Marriage: its kind (worth [`MeldKind::capture_points`]).
pub fn capture(a: TarotCard, b: TarotCard) -> Option<MeldKind> {
    if a.is_trump() || b.is_trump() {
        let t = pair(a, b);
        return (t == pair(TarotCard::trump(21), TarotCard::trump(1)))
            .then_some(MeldKind::TrumpMarriage);
    }
    let (sa, sb) = (a.suit()?, b.suit()?);
    let (ra, rb) = (a.court_rank()?, b.court_rank()?);
    let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
    if sa == sb {
        match (lo, hi) {
            (Court::Page, Court::Knight) => Some(MeldKind::Union),
            (Court::Queen, Court::King) => Some(MeldKind::Marriage),
            _ => None,
        }
    } else if sa.is_red() != sb.is_red() {
        match (lo, hi) {
            (Court::Page, Court::King) | (Court::Knight, Court::Queen) => Some(MeldKind::Affair),
            _ => None,
        }
    } else {
        None
    }
}

/// The card points of `cards`: Kings 4, Queens 3, Knights 2, Pages 1, trumps 1, 21 and 22
/// four each (tricks and the last trick are counted apart).
pub fn card_points(cards: TarotSet) -> u32 {
    let tarocks = TarotSet::from_card(TarotCard::trump(1))
        .with(TarotCard::trump(21))
        .with(TarotCard::SKUS);
    4 * (cards & TarotSet::court_mask(Court::King)).len() as u32
        + 3 * (cards & TarotSet::court_mask(Court::Queen)).len() as u32
        + 2 * (cards & TarotSet::court_mask(Court::Knight)).len() as u32
        + (cards & TarotSet::court_mask(Court::Page)).len() as u32
        + 4 * (cards & tarocks).len() as u32
}

/// True when `b`, played second, beats `a`, led: a trump over a suit card, a higher trump, or a
/// higher card of the suit led.
pub fn beats(b: TarotCard, a: TarotCard) -> bool {
    match (a.is_trump(), b.is_trump()) {
        (false, true) => true,
        (true, false) => false,
        _ => a.suit() == b.suit() && b > a,
    }
}

/// A Royal Orgy move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoyalOrgyAction {
    /// A card played to the trick.
    Play(TarotCard),
    /// The trick's winner lays down a meld.
    Meld(Meld),
    /// The trick's winner lays down nothing; with three players, a pass in the bidding.
    Pass,
    /// Three players: a bid to play solo (the first wins the bidding).
    Solo,
    /// Three players: the soloist discards a card after taking the skat.
    Discard(TarotCard),
}

impl fmt::Display for RoyalOrgyAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoyalOrgyAction::Play(c) => write!(f, "{c}"),
            RoyalOrgyAction::Meld(m) => write!(f, "{} {}", m.kind.name(), m.cards),
            RoyalOrgyAction::Pass => f.write_str("pass"),
            RoyalOrgyAction::Solo => f.write_str("solo"),
            RoyalOrgyAction::Discard(c) => write!(f, "discard {c}"),
        }
    }
}

/// The rules of Royal Orgy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoyalOrgy {
    players: usize,
    target: u32,
    max_hands: u32,
    deals: u32,
    sequence: SequenceScore,
}

impl RoyalOrgy {
    /// Points that win (1000 on the page).
    pub const fn target(&self) -> u32 {
        self.target
    }
    /// How trump sequences score.
    pub const fn sequence(&self) -> SequenceScore {
        self.sequence
    }
}

/// Totals over the whole game, for the statistics (all public).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Melds laid down.
    pub melds: u32,
    /// Their points.
    pub meld_points: u32,
    /// Points for captures.
    pub capture_points: u32,
    /// Royal Orgies melded.
    pub royal_orgies: u32,
    /// Full Courts melded.
    pub full_courts: u32,
    /// Card points (with tricks and last trick) of all hands, and those of the elder hand.
    pub card_points: u32,
    /// Of `card_points`, those of the elder hands.
    pub elder_card_points: u32,
    /// Three players: solos played, made (36 card points or more), and forced (all passed).
    pub solos: u32,
    /// Solos made.
    pub solos_made: u32,
    /// Solos played because all passed.
    pub forced_solos: u32,
    /// The soloists' card points, summed.
    pub soloist_card_points: u32,
}

/// A Royal Orgy game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoyalOrgyState {
    scores: [u32; 3],
    dealer: Seat,
    hands: u32,
    /// Every card each seat holds, its melds on the table included.
    held: [TarotSet; 3],
    /// Of those, the cards laid down in melds (with three players: the declared cards still
    /// held, which everyone has seen).
    table: [TarotSet; 3],
    /// Per meld kind, the cards that have scored in a meld of that kind this hand.
    used: [TarotSet; 7],
    /// The stock, drawn from the end.
    stock: [TarotCard; STOCK],
    stock_len: u8,
    leader: Seat,
    /// The cards in the current trick, by seat.
    trick: [Option<TarotCard>; 3],
    /// The winner of the last trick, while it may meld.
    melder: Option<Seat>,
    /// Cards each seat has won in tricks this hand.
    won: [TarotSet; 3],
    tricks: [u8; 3],
    over: bool,
    totals: Totals,
    /// The three-player game's hand: declarations, bidding, skat (unused with two players).
    solo: three::Solo,
}

impl RoyalOrgyState {
    /// Each seat's points.
    pub fn scores(&self) -> &[u32] {
        &self.scores[..self.players()]
    }
    /// The number of players (2 or 3).
    pub const fn players(&self) -> usize {
        if self.solo.three {
            3
        } else {
            2
        }
    }
    /// The three-player hand's declarations, bidding and skat (see [`three::Solo`]).
    pub const fn solo(&self) -> &three::Solo {
        &self.solo
    }
    /// The dealer of this hand.
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }
    /// Hands completed.
    pub const fn hands_played(&self) -> u32 {
        self.hands
    }
    /// Every card `seat` holds, its melds on the table included.
    pub const fn held(&self, seat: Seat) -> TarotSet {
        self.held[seat.index()]
    }
    /// The cards `seat` has laid down in melds.
    pub const fn table(&self, seat: Seat) -> TarotSet {
        self.table[seat.index()]
    }
    /// The cards that have scored in a meld of `kind` this hand.
    pub const fn used(&self, kind: MeldKind) -> TarotSet {
        self.used[kind as usize]
    }
    /// All seven `used` sets.
    pub const fn used_all(&self) -> &[TarotSet; 7] {
        &self.used
    }
    /// Cards left in the stock.
    pub const fn stock_len(&self) -> usize {
        self.stock_len as usize
    }
    /// The stock's cards (the last is drawn next).
    pub fn stock(&self) -> &[TarotCard] {
        &self.stock[..self.stock_len as usize]
    }
    /// The leader of the current trick.
    pub const fn leader(&self) -> Seat {
        self.leader
    }
    /// The card `seat` has played to the current trick.
    pub const fn trick_card(&self, seat: Seat) -> Option<TarotCard> {
        self.trick[seat.index()]
    }
    /// The card led to the current trick, if any.
    pub const fn led(&self) -> Option<TarotCard> {
        self.trick[self.leader.index()]
    }
    /// The seat that may meld now.
    pub const fn melder(&self) -> Option<Seat> {
        self.melder
    }
    /// The cards `seat` has won this hand.
    pub const fn won(&self, seat: Seat) -> TarotSet {
        self.won[seat.index()]
    }
    /// Tricks `seat` has won this hand.
    pub const fn tricks(&self, seat: Seat) -> u8 {
        self.tricks[seat.index()]
    }
    /// True while the stock lasts (free play, melding): the first twelve tricks.
    pub const fn stock_phase(&self) -> bool {
        self.stock_len > 0
    }
    /// Game totals.
    pub const fn totals(&self) -> &Totals {
        &self.totals
    }
    /// Cards played so far this hand (won and in the current trick).
    pub fn played(&self) -> TarotSet {
        let mut s = self.won[0] | self.won[1] | self.won[2];
        s.extend(self.trick.iter().flatten().copied());
        s
    }

    /// A state at a chosen position for tests and analysis: `dealer`'s hand with `held`
    /// cards (of which `table` on the table, `used` per kind), the `stock` (drawn from the
    /// end), `won` cards, `leader` to lead, and `scores`. The won cards count as
    /// `won.len() / 2` tricks each.
    ///
    /// # Panics
    /// If the cards do not partition the deck.
    #[allow(clippy::too_many_arguments)]
    pub fn at(
        dealer: Seat,
        held: [TarotSet; 2],
        table: [TarotSet; 2],
        used: [TarotSet; 7],
        stock: &[TarotCard],
        won: [TarotSet; 2],
        leader: Seat,
        scores: [u32; 2],
    ) -> RoyalOrgyState {
        let mut st = [TarotCard::from_index(0); STOCK];
        st[..stock.len()].copy_from_slice(stock);
        let [h0, h1] = held;
        let [t0, t1] = table;
        let [w0, w1] = won;
        let [s0, s1] = scores;
        let s = RoyalOrgyState {
            scores: [s0, s1, 0],
            dealer,
            hands: 0,
            held: [h0, h1, TarotSet::EMPTY],
            table: [t0, t1, TarotSet::EMPTY],
            used,
            stock: st,
            stock_len: stock.len() as u8,
            leader,
            trick: [None; 3],
            melder: None,
            won: [w0, w1, TarotSet::EMPTY],
            tricks: [w0, w1, TarotSet::EMPTY].map(|w| (w.len() / 2) as u8),
            over: false,
            totals: Totals::default(),
            solo: three::Solo::default(),
        };
        let all: TarotSet = held[0] | held[1] | won[0] | won[1] | stock.iter().copied().collect();
        assert_eq!(
            all,
            TarotSet::DECK,
            "the position must hold every card once"
        );
        assert_eq!(
            held[0].len() + held[1].len() + won[0].len() + won[1].len() + stock.len(),
            54
        );
        s
    }
}

/// What one seat knows: everything public (scores, melds on the table and which kinds their
/// cards have scored in, every card played, who won what), its own hand, and the number of
/// cards in the other's concealed hand and in the stock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoyalOrgyObservation {
    /// The observing seat.
    pub seat: Seat,
    /// Two players: the other seat's concealed cards (its held cards not on the table).
    /// Three players: the soloist's face-down discards this seat has not seen.
    pub hidden: u8,
    /// The state with the other's concealed hand emptied and the stock blanked (its length
    /// kept).
    pub view: RoyalOrgyState,
    /// How trump sequences score in this game (a rule everyone knows).
    pub sequence: SequenceScore,
    /// Three players: each seat's concealed cards (held and not declared); zeros with two.
    pub concealed: [u8; 3],
}

impl RoyalOrgyObservation {
    /// The observer's cards, its melds on the table included.
    pub fn hand(&self) -> TarotSet {
        self.view.held(self.seat)
    }
    /// The cards the observer cannot see: the other's concealed hand and the stock.
    pub fn unseen(&self) -> TarotSet {
        let v = &self.view;
        TarotSet::DECK
            - v.held[0]
            - v.held[1]
            - v.held[2]
            - v.played()
            - v.solo.discards
            - v.solo.skat
    }
}

fn other(s: Seat) -> Seat {
    Seat::new(1 - s.index())
}

impl RoyalOrgy {
    fn deal_hand<R: Rng + ?Sized>(&self, state: &mut RoyalOrgyState, rng: &mut R) {
        let mut cards = [TarotCard::from_index(0); 54];
        for (slot, c) in cards.iter_mut().zip(TarotCard::all()) {
            *slot = c;
        }
        cards.shuffle(rng);
        let elder = other(state.dealer);
        state.held = [TarotSet::EMPTY; 3];
        // Fifteen each in threes, elder first, then the stock.
        for (i, &c) in cards[..2 * HAND].iter().enumerate() {
            let seat = if (i / 3) % 2 == 0 {
                elder
            } else {
                state.dealer
            };
            state.held[seat.index()].insert(c);
        }
        state.stock.copy_from_slice(&cards[2 * HAND..]);
        state.stock_len = STOCK as u8;
        state.table = [TarotSet::EMPTY; 3];
        state.used = [TarotSet::EMPTY; 7];
        state.leader = elder;
        state.trick = [None; 3];
        state.melder = None;
        state.won = [TarotSet::EMPTY; 3];
        state.tricks = [0; 3];
    }

    fn can_meld(&self, state: &RoyalOrgyState, seat: Seat) -> bool {
        let mut any = false;
        let i = seat.index();
        melds(state.held[i], state.table[i], &state.used, |_| any = true);
        any
    }

    /// The trick winner, then the other, draws; the last draws end the stock phase.
    fn draw(&self, state: &mut RoyalOrgyState, winner: Seat) {
        for s in [winner, other(winner)] {
            state.stock_len -= 1;
            let c = state.stock[state.stock_len as usize];
            // Blank the drawn slot, so that equal positions are equal states.
            state.stock[state.stock_len as usize] = TarotCard::from_index(0);
            state.held[s.index()].insert(c);
        }
        if state.stock_len == 0 {
            state.table = [TarotSet::EMPTY; 3];
        }
    }

    fn end_hand<R: Rng + ?Sized>(&self, state: &mut RoyalOrgyState, last: Seat, rng: &mut R) {
        let elder = other(state.dealer);
        for s in Seat::all(2) {
            let i = s.index();
            let p = card_points(state.won[i]) + u32::from(state.tricks[i]) + u32::from(s == last);
            state.scores[i] += p;
            state.totals.card_points += p;
            if s == elder {
                state.totals.elder_card_points += p;
            }
        }
        state.hands += 1;
        let [a, b, _] = state.scores;
        let decided = if self.deals > 0 {
            state.hands >= self.deals
        } else {
            a.max(b) >= self.target && a != b
        };
        if decided || state.hands >= self.max_hands {
            state.over = true;
            return;
        }
        state.dealer = other(state.dealer);
        self.deal_hand(state, rng);
    }
}

impl Game for RoyalOrgy {
    type State = RoyalOrgyState;
    type Action = RoyalOrgyAction;
    type Observation = RoyalOrgyObservation;

    const INFO: GameInfo = GameInfo {
        name: "royal-orgy",
        title: "Royal Orgy",
        min_players: 2,
        max_players: 3,
        default_players: 2,
        params: &[
            ParamSpec::int(
                "target",
                "1000",
                1,
                100_000,
                "points that win the game, checked after each hand (the page's 1000); a tie plays on",
            ),
            ParamSpec::int(
                "max_hands",
                "100",
                1,
                100_000,
                "hands after which a game still undecided ends, the leader winning",
            ),
            ParamSpec::int(
                "deals",
                "0",
                0,
                100_000,
                "play exactly this many deals instead of to the target (0: to the target); with 3 players a multiple of 3",
            ),
            ParamSpec::choice(
                "sequence",
                "extra",
                &["extra", "per-card"],
                "trump sequence score: 10 and 1 per card beyond the third (extra), or 10 and 1 per card (per-card)",
            ),
        ],
        stats: &[
            "hands",
            "winning_score",
            "margin",
            "melds_per_hand",
            "meld_points_per_hand",
            "capture_points_per_hand",
            "royal_orgies",
            "full_courts",
            "elder_card_share",
            "capped",
            "solo_made",
            "forced_solos",
            "soloist_card_points",
        ],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        let info = &Self::INFO;
        check_players(info, players)?;
        params.check_keys(info)?;
        let deals: u32 = params.int(info, "deals")?;
        if players == 3 && deals % 3 != 0 {
            return Err(ConfigError::BadValue {
                game: info.name,
                key: "deals".into(),
                value: deals.to_string(),
                expected: "a multiple of 3 with three players (the page), or 0".into(),
            });
        }
        Ok(RoyalOrgy {
            players,
            target: params.int(info, "target")?,
            max_hands: params.int(info, "max_hands")?,
            deals,
            sequence: match params.choice(info, "sequence")? {
                "per-card" => SequenceScore::PerCard,
                _ => SequenceScore::Extra,
            },
        })
    }

    fn players(&self) -> usize {
        self.players
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> RoyalOrgyState {
        let mut s = RoyalOrgyState {
            scores: [0; 3],
            dealer: Seat::new(1),
            hands: 0,
            held: [TarotSet::EMPTY; 3],
            table: [TarotSet::EMPTY; 3],
            used: [TarotSet::EMPTY; 7],
            stock: [TarotCard::from_index(0); STOCK],
            stock_len: 0,
            leader: Seat::new(0),
            trick: [None; 3],
            melder: None,
            won: [TarotSet::EMPTY; 3],
            tricks: [0; 3],
            over: false,
            totals: Totals::default(),
            solo: three::Solo::default(),
        };
        if self.players == 3 {
            // The first dealer is seat 2, so that seat 0 is the eldest hand.
            s.dealer = Seat::new(2);
            s.solo.three = true;
            self.deal3(&mut s, rng);
        } else {
            self.deal_hand(&mut s, rng);
        }
        s
    }

    fn to_move(&self, state: &RoyalOrgyState) -> ToMove {
        if state.solo.three {
            return self.seat_to_move3(state);
        }
        if state.over {
            ToMove::Over
        } else if let Some(m) = state.melder {
            ToMove::Seat(m)
        } else if state.led().is_none() {
            ToMove::Seat(state.leader)
        } else {
            ToMove::Seat(other(state.leader))
        }
    }

    fn legal_actions(&self, state: &RoyalOrgyState, out: &mut Vec<RoyalOrgyAction>) {
        out.clear();
        let ToMove::Seat(seat) = self.to_move(state) else {
            return;
        };
        if state.solo.three {
            return self.legal3(state, seat, out);
        }
        let i = seat.index();
        if state.melder.is_some() {
            melds(state.held[i], state.table[i], &state.used, |m| {
                out.push(RoyalOrgyAction::Meld(m))
            });
            out.push(RoyalOrgyAction::Pass);
            return;
        }
        let held = state.held[i];
        let cards = match state.led() {
            Some(led) if !state.stock_phase() => {
                let follow = held.of_follow(led.follows());
                if !follow.is_empty() {
                    follow
                } else if !held.trumps().is_empty() {
                    held.trumps()
                } else {
                    held
                }
            }
            _ => held,
        };
        out.extend(cards.iter().map(RoyalOrgyAction::Play));
    }

    fn apply<R: Rng + ?Sized>(
        &self,
        state: &mut RoyalOrgyState,
        action: RoyalOrgyAction,
        rng: &mut R,
    ) {
        let ToMove::Seat(seat) = self.to_move(state) else {
            panic!("no move in a finished game");
        };
        if state.solo.three {
            return self.apply3(state, seat, action, rng);
        }
        let i = seat.index();
        match action {
            RoyalOrgyAction::Play(c) => {
                debug_assert!(state.held[i].contains(c));
                state.held[i].remove(c);
                state.table[i].remove(c);
                state.trick[i] = Some(c);
                let (Some(led), Some(reply)) =
                    (state.led(), state.trick[other(state.leader).index()])
                else {
                    return;
                };
                let winner = if beats(reply, led) {
                    other(state.leader)
                } else {
                    state.leader
                };
                let w = winner.index();
                state.won[w] |= pair(led, reply);
                state.tricks[w] += 1;
                if let Some(p) = capture(led, reply).and_then(MeldKind::capture_points) {
                    state.scores[w] += p;
                    state.totals.capture_points += p;
                }
                state.trick = [None; 3];
                state.leader = winner;
                if state.stock_phase() {
                    if self.can_meld(state, winner) {
                        state.melder = Some(winner);
                    } else {
                        self.draw(state, winner);
                    }
                } else if state.held[0].is_empty() && state.held[1].is_empty() {
                    self.end_hand(state, winner, rng);
                }
            }
            RoyalOrgyAction::Meld(m) => {
                debug_assert_eq!(state.melder, Some(seat));
                let p = m.points(self.sequence);
                state.table[i] |= m.cards;
                state.used[m.kind as usize] |= m.cards;
                state.scores[i] += p;
                state.totals.melds += 1;
                state.totals.meld_points += p;
                state.totals.royal_orgies += u32::from(m.kind == MeldKind::RoyalOrgy);
                state.totals.full_courts += u32::from(m.kind == MeldKind::FullCourt);
                state.melder = None;
                self.draw(state, seat);
            }
            RoyalOrgyAction::Pass => {
                debug_assert_eq!(state.melder, Some(seat));
                state.melder = None;
                self.draw(state, seat);
            }
            RoyalOrgyAction::Solo | RoyalOrgyAction::Discard(_) => {
                panic!("{action} is a three-player move")
            }
        }
    }

    fn observe(&self, state: &RoyalOrgyState, seat: Seat) -> RoyalOrgyObservation {
        if state.solo.three {
            return self.observe3(state, seat);
        }
        let mut view = state.clone();
        let o = other(seat).index();
        let hidden = (state.held[o] - state.table[o]).len() as u8;
        view.held[o] = state.table[o];
        view.stock = [TarotCard::from_index(0); STOCK];
        RoyalOrgyObservation {
            seat,
            hidden,
            view,
            sequence: self.sequence,
            concealed: [0; 3],
        }
    }

    fn determinize<R: Rng + ?Sized>(
        &self,
        obs: &RoyalOrgyObservation,
        rng: &mut R,
    ) -> RoyalOrgyState {
        if obs.view.solo.three {
            return self.determinize3(obs, rng);
        }
        let mut cards = [TarotCard::from_index(0); 54];
        let mut n = 0;
        for c in obs.unseen() {
            cards[n] = c;
            n += 1;
        }
        let hidden = obs.hidden as usize;
        let stock = obs.view.stock_len as usize;
        assert_eq!(
            n,
            hidden + stock,
            "an observation of a real game accounts for every unseen card"
        );
        let cards = &mut cards[..n];
        cards.shuffle(rng);
        let mut s = obs.view.clone();
        let o = other(obs.seat).index();
        s.held[o].extend(cards[..hidden].iter().copied());
        s.stock[..stock].copy_from_slice(&cards[hidden..]);
        s
    }

    /// Cards played and melds laid down are public; a pass is seen too.
    fn observe_action(
        &self,
        state: &RoyalOrgyState,
        action: RoyalOrgyAction,
        viewer: Seat,
    ) -> Option<RoyalOrgyAction> {
        match action {
            // The soloist's discards are face down, but trumps are shown (three players).
            RoyalOrgyAction::Discard(c) => (c.is_trump()
                || state.solo.declared.iter().any(|d| d.contains(c))
                || state.solo.soloist == Some(viewer))
            .then_some(action),
            _ => Some(action),
        }
    }

    fn outcome(&self, state: &RoyalOrgyState) -> Option<Outcome> {
        state
            .over
            .then(|| rank_by_score(&state.scores.map(f64::from)[..self.players]))
    }

    fn stats(&self, state: &RoyalOrgyState, out: &mut Vec<f64>) {
        out.clear();
        let t = &state.totals;
        let hands = f64::from(state.hands.max(1));
        let (a, b) = top_two(state.scores());
        let (a, b) = (f64::from(a), f64::from(b));
        out.extend([
            f64::from(state.hands),
            a.max(b),
            (a - b).abs(),
            f64::from(t.melds) / hands,
            f64::from(t.meld_points) / hands,
            f64::from(t.capture_points) / hands,
            f64::from(t.royal_orgies),
            f64::from(t.full_courts),
            if t.card_points == 0 {
                0.0
            } else {
                f64::from(t.elder_card_points) / f64::from(t.card_points)
            },
            f64::from(u8::from(
                state.over && self.deals == 0 && (a == b || a.max(b) < f64::from(self.target)),
            )),
            if t.solos == 0 {
                0.0
            } else {
                f64::from(t.solos_made) / f64::from(t.solos)
            },
            f64::from(t.forced_solos) / hands,
            if t.solos == 0 {
                0.0
            } else {
                f64::from(t.soloist_card_points) / f64::from(t.solos)
            },
        ]);
    }

    fn check_invariants(&self, s: &RoyalOrgyState) -> Result<(), String> {
        if s.solo.three != (self.players == 3) {
            return Err("the state's player count is not the game's".into());
        }
        if s.solo.three {
            return self.check3(s);
        }
        let stock: TarotSet = s.stock().iter().copied().collect();
        if stock.len() != s.stock_len() {
            return Err("a card twice in the stock".into());
        }
        let parts = [
            s.held[0],
            s.held[1],
            s.won[0],
            s.won[1],
            stock,
            s.played() - s.won[0] - s.won[1],
        ];
        let mut all = TarotSet::EMPTY;
        let mut n = 0;
        for p in parts {
            if !all.is_disjoint(p) {
                return Err(format!("a card is in two places: {p}"));
            }
            all |= p;
            n += p.len();
        }
        if s.over {
            return Ok(());
        }
        if all != TarotSet::DECK || n != 54 {
            return Err(format!("{n} cards accounted for, not 54"));
        }
        for i in 0..2 {
            if !s.table[i].is_subset(s.held[i]) {
                return Err(format!("seat {i} has a card on the table it does not hold"));
            }
            if s.won[i].len() != 2 * usize::from(s.tricks[i]) {
                return Err(format!("seat {i}: won cards and tricks disagree"));
            }
        }
        if !s.stock_phase() && !(s.table[0] | s.table[1]).is_empty() {
            return Err("melds on the table after the stock is gone".into());
        }
        if s.melder.is_some() && (!s.stock_phase() || s.led().is_some()) {
            return Err("a meld outside the stock phase or in a trick".into());
        }
        let tricks = usize::from(s.tricks[0] + s.tricks[1]);
        let in_trick = s.trick.iter().flatten().count();
        let expect_stock = if s.melder.is_some() {
            STOCK - 2 * (tricks - 1)
        } else {
            STOCK.saturating_sub(2 * tricks)
        };
        if s.stock_len() != expect_stock {
            return Err(format!(
                "{tricks} tricks but {} in the stock",
                s.stock_len()
            ));
        }
        for seat in Seat::all(2) {
            let played = usize::from(s.trick[seat.index()].is_some());
            let expect = if s.melder.is_some() {
                HAND - 1
            } else if s.stock_phase() {
                HAND - played
            } else {
                HAND + STOCK / 2 - tricks - played
            };
            if s.held(seat).len() != expect {
                return Err(format!(
                    "seat {seat} holds {} cards, not {expect}",
                    s.held(seat).len()
                ));
            }
        }
        if in_trick == 2 {
            return Err("a full trick left on the table".into());
        }
        let total: u32 = Seat::all(2).map(|x| card_points(s.won(x))).sum();
        if total > 52 {
            return Err("more than 52 card points won".into());
        }
        let [a, b, _] = s.scores;
        if self.deals == 0 && a.max(b) >= self.target && a != b && tricks == 0 && s.hands > 0 {
            return Err("the game is won but goes on".into());
        }
        Ok(())
    }
}

/// The highest score and the next (the loser's with two players).
fn top_two(scores: &[u32]) -> (u32, u32) {
    let mut sorted = [0u32; 3];
    sorted[..scores.len()].copy_from_slice(scores);
    sorted[..scores.len()].sort_unstable_by(|a, b| b.cmp(a));
    (sorted[0], sorted[1])
}

pub mod three;

mod deal_text;
pub mod encoding;
#[cfg(test)]
mod tests;
