//! Tong-Its: three players draw, meld, lay off (*sapaw*) and discard; a hand ends by a tongit
//! (an emptied hand), a "draw" call that opponents may fold to or fight, or the stock running
//! out. Chips change hands after each hand; the match is a fixed number of hands.
//!
//! - **Players:** 3. Seat 0 deals the first hand; the winner of a hand deals the next. Play
//!   goes to the left (seat `i` to `i + 1`).
//! - **Deal:** twelve cards each and a thirteenth to the dealer; fifteen cards form the stock.
//!   Everyone antes two chips to the pot.
//! - **Turn:** draw from the stock ([`TongitsAction::DrawStock`]), or take the top discard
//!   with hand cards that make a new meld with it, exposed at once ([`TongitsAction::Take`]);
//!   then, in any order, expose melds ([`TongitsAction::Meld`]), lay a concealed four of a kind
//!   face down ([`TongitsAction::FaceDown`]), lay off single cards onto any exposed meld
//!   ([`TongitsAction::Sapaw`]); end with a discard ([`TongitsAction::Discard`]). The dealer's
//!   first turn has no draw. Instead of drawing, an opened player may call "draw"
//!   ([`TongitsAction::CallDraw`]) unless it laid off onto its own melds in its previous turn
//!   or an opponent laid off onto its melds since.
//! - **Melds** (by [`crate::melds`]): three or four of a rank; three or more consecutive cards
//!   of a suit, ace low (A-2-3 only). Melds kept in the hand count against deadwood.
//! - **Endings:** *tongit*, the mover's hand is empty (all melded, or its last card
//!   discarded); *draw*, each opened opponent (left of the caller first) folds or fights
//!   ([`TongitsAction::Fold`], [`TongitsAction::Fight`]), and if anyone fights, the least
//!   deadwood among caller and fighters wins (ties to a fighter, the one to the caller's left
//!   first); *stock out*, after the turn of the player who drew the last stock card, the least
//!   deadwood among the opened players wins (ties: the last drawer, then from its left).
//! - **Payouts:** each loser pays the winner 3 for a tongit or a fought draw, else 1; plus 3 per
//!   concealed four of the winner (in its hand or laid face down); plus 1 if the loser never
//!   opened; plus 1 per ace of the winner in its hand or in melds it laid itself. The pot goes
//!   to a player who wins two hands in a row.
//! - **Match:** `hands` hands (default 10); the score is the net chips, an unclaimed pot
//!   returned in equal shares at the end (so the scores add up to zero).
//!
//! The rulings where the page is silent are in `docs/rules/tong-its.md`.
//!
//! ```
//! use cardsim_engine::games::tong_its::TongIts;
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::SeedableRng;
//! let game = TongIts::new(3, &Params::parse(&["hands=1"]).unwrap()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, legal[0], &mut rng);
//! }
//! let o = game.outcome(&state).unwrap();
//! assert_eq!(o.first(3).iter().map(|r| r.score).sum::<f64>(), 0.0);
//! ```

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::{check_players, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, ToMove};
use crate::games::common::Census;
use crate::melds::{self, MeldRules};
use crate::rank_by_score;
use crate::seat::Seat;
use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

pub mod encoding;
#[cfg(test)]
mod tests;

/// Ace low, no around-the-corner runs.
const RULES: MeldRules = MeldRules::STANDARD;

/// The most melds on the table (52 cards in threes).
pub const MAX_MELDS: usize = 17;

/// The rules of Tong-Its.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TongIts {
    /// Hands in the match.
    pub hands: u32,
    /// Chips each player antes to the pot per hand.
    pub ante: u32,
}

/// What the seat to move must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Start of a turn: draw from the stock, take the top discard into a meld, or call draw.
    Draw,
    /// After drawing: meld, lay off, then discard.
    Play,
    /// A draw was called by `caller`: the seat to move folds or fights.
    Fight {
        /// The seat that called draw.
        caller: Seat,
    },
    /// The match is over.
    Over,
}

/// A move in Tong-Its.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TongitsAction {
    /// Draw the top stock card (`draw`); which card is not part of the move.
    DrawStock,
    /// Take the top discard with these hand cards, exposing the meld they make (`take 5H 6H`).
    Take(CardSet),
    /// Call "draw" instead of drawing (`call`).
    CallDraw,
    /// Expose a meld from the hand (`meld 5H 6H 7H`).
    Meld(CardSet),
    /// Lay a concealed four of a kind face down (`hide 7C 7D 7H 7S`); the others see it as
    /// `hide` with no cards.
    FaceDown(CardSet),
    /// Lay off a card onto the exposed meld with this index (`sapaw 8H 2`).
    Sapaw(Card, u8),
    /// Discard a card (`discard 7H`).
    Discard(Card),
    /// Let a draw call stand (`fold`).
    Fold,
    /// Challenge a draw call (`fight`).
    Fight,
}

impl fmt::Display for TongitsAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TongitsAction::DrawStock => f.write_str("draw"),
            TongitsAction::Take(s) => write!(f, "take {s}"),
            TongitsAction::CallDraw => f.write_str("call"),
            TongitsAction::Meld(s) => write!(f, "meld {s}"),
            TongitsAction::FaceDown(s) if s.is_empty() => f.write_str("hide"),
            TongitsAction::FaceDown(s) => write!(f, "hide {s}"),
            TongitsAction::Sapaw(c, m) => write!(f, "sapaw {c} {m}"),
            TongitsAction::Discard(c) => write!(f, "discard {c}"),
            TongitsAction::Fold => f.write_str("fold"),
            TongitsAction::Fight => f.write_str("fight"),
        }
    }
}

/// A meld on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableMeld {
    /// The player who laid it.
    pub owner: Seat,
    /// Its cards, lay-offs included (empty in another seat's observation of a face-down four).
    pub cards: CardSet,
    /// The cards its owner put there (the meld itself and the owner's own lay-offs).
    pub own: CardSet,
    /// A concealed four laid face down.
    pub face_down: bool,
}

/// How a hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The winner emptied its hand.
    Tongit,
    /// The winner's draw call stood (nobody fought).
    Draw,
    /// A fought draw call (the winner is the caller or a fighter).
    FoughtDraw,
    /// The stock ran out.
    StockOut,
}

/// The result of a finished hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandResult {
    /// The winner.
    pub winner: Seat,
    /// How the hand ended.
    pub ending: Ending,
    /// Deadwood of each seat that compared hands (`None`: did not show).
    pub deadwood: [Option<u32>; 3],
    /// Concealed fours of the winner.
    pub fours: u32,
    /// Aces counted for the winner.
    pub aces: u32,
    /// Chips each seat won (winner) or paid (negative), the ante and pot not included.
    pub payments: [i32; 3],
    /// The winner took the pot (its second win in a row).
    pub pot_won: u32,
}

/// A complete position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TongitsState {
    /// Each seat's hand.
    pub hands: [CardSet; 3],
    /// The stock, top last.
    pub stock: ArrayVec<Card, 52>,
    /// The discard pile, top last.
    pub pile: ArrayVec<Card, 52>,
    /// The melds on the table, in the order laid.
    pub melds: ArrayVec<TableMeld, MAX_MELDS>,
    /// The seat to move.
    pub turn: Seat,
    /// What it must do.
    pub phase: Phase,
    /// The dealer of this hand.
    pub dealer: Seat,
    /// Who has opened (exposed a meld or laid a four face down) this hand.
    pub opened: [bool; 3],
    /// The seat laid off onto its own melds in its current or previous turn.
    pub own_sapaw: [bool; 3],
    /// Someone laid off onto the seat's melds since its last turn.
    pub sapawed: [bool; 3],
    /// The seat that drew the last stock card (the hand ends after its turn).
    pub last_drawer: Option<Seat>,
    /// Who fought the current draw call.
    pub fighters: [bool; 3],
    /// Discards each seat took this hand (they went into its exposed melds).
    pub picked: [CardSet; 3],
    /// Top discards each seat refused (drew from the stock instead) this hand.
    pub refused: [CardSet; 3],
    /// Cards each seat discarded this hand.
    pub discarded: [CardSet; 3],
    /// Net chips.
    pub chips: [i32; 3],
    /// Chips in the pot.
    pub pot: i32,
    /// The last hand's winner and how many hands in a row it has won since the pot was last
    /// taken.
    pub streak: Option<(Seat, u32)>,
    /// The last hand's result.
    pub last: Option<HandResult>,
    /// Hands finished.
    pub hands_played: u32,
    /// Counters: tongits, draw calls, fought calls, calls the caller won, stock outs, sapaws,
    /// face-down fours, pots taken.
    pub counts: [u32; 8],
    /// Decisions made.
    pub turns: u32,
}

/// What one seat knows: everything but the other hands, the stock's order and the cards of
/// the others' face-down fours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TongitsObservation {
    /// The observing seat.
    pub me: Seat,
    /// Its hand.
    pub hand: CardSet,
    /// Each seat's number of cards in hand.
    pub hand_sizes: [u8; 3],
    /// The discard pile in order, top last (every discard was seen face up).
    pub pile: ArrayVec<Card, 52>,
    /// Cards left in the stock.
    pub stock_len: u8,
    /// The melds on the table (another seat's face-down four shows no cards).
    pub melds: ArrayVec<TableMeld, MAX_MELDS>,
    /// The seat to move.
    pub turn: Seat,
    /// What it must do.
    pub phase: Phase,
    /// The dealer.
    pub dealer: Seat,
    /// Who has opened.
    pub opened: [bool; 3],
    /// Who laid off onto its own melds in its current or previous turn.
    pub own_sapaw: [bool; 3],
    /// Whose melds were laid off onto since its last turn.
    pub sapawed: [bool; 3],
    /// The seat that drew the last stock card.
    pub last_drawer: Option<Seat>,
    /// Who fought the current draw call.
    pub fighters: [bool; 3],
    /// Discards each seat took.
    pub picked: [CardSet; 3],
    /// Top discards each seat refused.
    pub refused: [CardSet; 3],
    /// Cards each seat discarded.
    pub discarded: [CardSet; 3],
    /// Net chips.
    pub chips: [i32; 3],
    /// The pot.
    pub pot: i32,
    /// Winning streak.
    pub streak: Option<(Seat, u32)>,
    /// The last hand's result.
    pub last: Option<HandResult>,
    /// Hands finished.
    pub hands_played: u32,
    /// Counters (see [`TongitsState::counts`]).
    pub counts: [u32; 8],
    /// Decisions made.
    pub turns: u32,
}

impl TongitsObservation {
    /// The cards this seat cannot see: the other hands, the stock and the others' face-down
    /// fours.
    pub fn unseen(&self) -> CardSet {
        let mut seen = self.hand;
        for &c in &self.pile {
            seen.insert(c);
        }
        for m in &self.melds {
            seen |= m.cards;
        }
        CardSet::FULL_DECK - seen
    }
}

/// Every meld of three or more cards of `cards` that `push` accepts: each set of three of a
/// rank held three or four times, each four, and each run (every stretch of three or more
/// consecutive held cards of a suit, not only the longest).
pub fn melds_in(cards: CardSet, mut push: impl FnMut(CardSet)) {
    for r in Rank::ALL {
        let rk = cards & CardSet::rank_mask(r);
        if rk.len() >= 3 {
            if rk.len() == 4 {
                push(rk);
            }
            for c in rk.iter() {
                if rk.len() == 4 {
                    push(rk.without(c));
                }
            }
            if rk.len() == 3 {
                push(rk);
            }
        }
    }
    for s in Suit::ALL {
        for a in 1..=11u8 {
            let mut run = CardSet::EMPTY;
            for n in a..=13 {
                let c = card_of(n, s);
                if !cards.contains(c) {
                    break;
                }
                run.insert(c);
                if run.len() >= 3 {
                    push(run);
                }
            }
        }
    }
}

/// The card of ace-low number `n` (1..=13) and suit `s`.
fn card_of(n: u8, s: Suit) -> Card {
    Card::new(Rank::from_number(n).expect("1..=13"), s)
}

/// The choices of hand cards that make a new meld with `top`: two or three of its rank, or
/// the other cards of a run through it.
pub fn takes(hand: CardSet, top: Card, mut push: impl FnMut(CardSet)) {
    let rk = hand & CardSet::rank_mask(top.rank());
    let held: ArrayVec<Card, 4> = rk.iter().collect();
    for i in 0..held.len() {
        for j in i + 1..held.len() {
            push(CardSet::from_card(held[i]).with(held[j]));
        }
    }
    if held.len() == 3 {
        push(rk);
    }
    let s = top.suit();
    let t = top.rank().number();
    // Runs [a, b] through t, a <= t <= b, b - a >= 2, every card but the top held.
    let mut lo = t;
    while lo > 1 && hand.contains(card_of(lo - 1, s)) {
        lo -= 1;
    }
    let mut hi = t;
    while hi < 13 && hand.contains(card_of(hi + 1, s)) {
        hi += 1;
    }
    for a in lo..=t {
        for b in t..=hi {
            if b >= a + 2 {
                let mut run = CardSet::EMPTY;
                for n in a..=b {
                    if n != t {
                        run.insert(card_of(n, s));
                    }
                }
                push(run);
            }
        }
    }
}

/// The least deadwood of a hand (concealed melds count as melds).
pub fn deadwood(hand: CardSet) -> u32 {
    melds::deadwood(hand, RULES)
}

/// Ranks of which `hand` holds all four cards.
pub fn fours_in(hand: CardSet) -> u32 {
    Rank::ALL
        .iter()
        .filter(|&&r| CardSet::rank_mask(r).is_subset(hand))
        .count() as u32
}

fn aces(cards: CardSet) -> u32 {
    (cards & CardSet::rank_mask(Rank::Ace)).len() as u32
}

impl TongIts {
    fn deal_hand<R: Rng + ?Sized>(&self, st: &mut TongitsState, rng: &mut R) {
        st.stock.clear();
        st.stock.extend(CardSet::FULL_DECK.iter());
        st.stock.shuffle(rng);
        for i in 0..3 {
            let seat = st.dealer.left(i, 3);
            let n = if i == 0 { 13 } else { 12 };
            let mut h = CardSet::EMPTY;
            for _ in 0..n {
                h.insert(st.stock.pop().expect("52 cards"));
            }
            st.hands[seat.index()] = h;
        }
        st.pile.clear();
        st.melds.clear();
        st.turn = st.dealer;
        st.phase = Phase::Play;
        st.opened = [false; 3];
        st.own_sapaw = [false; 3];
        st.sapawed = [false; 3];
        st.last_drawer = None;
        st.fighters = [false; 3];
        st.picked = [CardSet::EMPTY; 3];
        st.refused = [CardSet::EMPTY; 3];
        st.discarded = [CardSet::EMPTY; 3];
        let ante = self.ante as i32;
        for c in &mut st.chips {
            *c -= ante;
        }
        st.pot += 3 * ante;
    }

    /// True when `seat` may call draw at the start of its turn.
    pub fn may_call(st_opened: bool, own_sapaw: bool, sapawed: bool) -> bool {
        st_opened && !own_sapaw && !sapawed
    }

    /// The concealed fours of `seat`: laid face down, or all four held in its hand.
    pub fn concealed_fours(st: &TongitsState, seat: Seat) -> u32 {
        let down = st
            .melds
            .iter()
            .filter(|m| m.face_down && m.owner == seat)
            .count() as u32;
        down + fours_in(st.hands[seat.index()])
    }

    /// The aces that count for `seat`: in its hand and among the cards it laid into its own
    /// melds.
    pub fn counted_aces(st: &TongitsState, seat: Seat) -> u32 {
        let mut own = st.hands[seat.index()];
        for m in &st.melds {
            if m.owner == seat {
                own |= m.own;
            }
        }
        aces(own)
    }

    /// Scores the hand won by `winner` and deals the next one (or ends the match).
    fn end_hand<R: Rng + ?Sized>(
        &self,
        st: &mut TongitsState,
        winner: Seat,
        ending: Ending,
        deadwood: [Option<u32>; 3],
        rng: &mut R,
    ) {
        let base = match ending {
            Ending::Tongit | Ending::FoughtDraw => 3,
            Ending::Draw | Ending::StockOut => 1,
        };
        let fours = Self::concealed_fours(st, winner);
        let aces = Self::counted_aces(st, winner);
        let mut payments = [0i32; 3];
        for i in 0..3 {
            if i == winner.index() {
                continue;
            }
            let pay = base + 3 * fours + aces + u32::from(!st.opened[i]);
            payments[i] = -(pay as i32);
            payments[winner.index()] += pay as i32;
        }
        for (c, p) in st.chips.iter_mut().zip(payments) {
            *c += p;
        }
        let run = match st.streak {
            Some((s, n)) if s == winner => n + 1,
            _ => 1,
        };
        let mut pot_won = 0;
        if run >= 2 {
            pot_won = st.pot as u32;
            st.chips[winner.index()] += st.pot;
            st.pot = 0;
            st.counts[7] += 1;
            st.streak = Some((winner, 0));
        } else {
            st.streak = Some((winner, run));
        }
        match ending {
            Ending::Tongit => st.counts[0] += 1,
            Ending::StockOut => st.counts[4] += 1,
            _ => {}
        }
        st.last = Some(HandResult {
            winner,
            ending,
            deadwood,
            fours,
            aces,
            payments,
            pot_won,
        });
        st.hands_played += 1;
        if st.hands_played >= self.hands {
            // The unclaimed pot goes back in equal shares.
            let share = st.pot / 3;
            for c in &mut st.chips {
                *c += share;
            }
            st.pot = 0;
            st.phase = Phase::Over;
            return;
        }
        st.dealer = winner;
        self.deal_hand(st, rng);
    }

    /// The winner of a showdown among `who` (in tie-break order: the first of the lowest).
    fn showdown(st: &TongitsState, order: [Seat; 3], who: [bool; 3]) -> (Seat, [Option<u32>; 3]) {
        let mut dw = [None; 3];
        let mut best: Option<(u32, Seat)> = None;
        for s in order {
            if !who[s.index()] {
                continue;
            }
            let d = deadwood(st.hands[s.index()]);
            dw[s.index()] = Some(d);
            if best.is_none_or(|(b, _)| d < b) {
                best = Some((d, s));
            }
        }
        (best.expect("someone shows").1, dw)
    }

    /// Ends the turn of `me` after its discard (or tongit by discarding its last card).
    fn end_turn<R: Rng + ?Sized>(&self, st: &mut TongitsState, me: Seat, rng: &mut R) {
        if st.hands[me.index()].is_empty() {
            self.end_hand(st, me, Ending::Tongit, [None; 3], rng);
            return;
        }
        if st.last_drawer == Some(me) {
            let order = [me, me.next(3), me.next(3).next(3)];
            let who = if st.opened.iter().any(|&o| o) {
                st.opened
            } else {
                [true; 3]
            };
            let (w, dw) = Self::showdown(st, order, who);
            self.end_hand(st, w, Ending::StockOut, dw, rng);
            return;
        }
        st.turn = me.next(3);
        st.phase = Phase::Draw;
    }

    /// Resolves a draw call once every opened opponent has folded or fought.
    fn resolve_call<R: Rng + ?Sized>(&self, st: &mut TongitsState, caller: Seat, rng: &mut R) {
        if !st.fighters.iter().any(|&f| f) {
            st.counts[3] += 1;
            let mut dw = [None; 3];
            dw[caller.index()] = Some(deadwood(st.hands[caller.index()]));
            self.end_hand(st, caller, Ending::Draw, dw, rng);
            return;
        }
        st.counts[2] += 1;
        let l1 = caller.next(3);
        let l2 = l1.next(3);
        let mut who = st.fighters;
        who[caller.index()] = true;
        let (w, dw) = Self::showdown(st, [l1, l2, caller], who);
        if w == caller {
            st.counts[3] += 1;
        }
        self.end_hand(st, w, Ending::FoughtDraw, dw, rng);
    }

    /// The next opponent after `from` (exclusive) who may fight `caller`'s call, if any.
    fn next_fighter(st: &TongitsState, caller: Seat, from: Seat) -> Option<Seat> {
        let mut s = from.next(3);
        while s != caller {
            if st.opened[s.index()] {
                return Some(s);
            }
            s = s.next(3);
        }
        None
    }

    /// Chips that each seat ends with (net, pot returned at the end).
    pub fn scores(st: &TongitsState) -> [f64; 3] {
        st.chips.map(f64::from)
    }
}

impl Game for TongIts {
    type State = TongitsState;
    type Action = TongitsAction;
    type Observation = TongitsObservation;

    const INFO: GameInfo = GameInfo {
        name: "tong-its",
        title: "Tong-Its",
        min_players: 3,
        max_players: 3,
        default_players: 3,
        params: &[
            ParamSpec::int(
                "hands",
                "10",
                1,
                100_000,
                "hands in the match (the page gives no end); the score is the net chips",
            ),
            ParamSpec::int(
                "ante",
                "2",
                0,
                1000,
                "chips each player antes to the pot per hand",
            ),
        ],
        stats: &[
            "hands",
            "tongits",
            "draw_calls",
            "fought_draws",
            "caller_wins",
            "stock_outs",
            "sapaws",
            "face_down_fours",
            "pots_taken",
            "turns",
        ],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        let info = &Self::INFO;
        check_players(info, players)?;
        params.check_keys(info)?;
        Ok(TongIts {
            hands: params.int(info, "hands")?,
            ante: params.int(info, "ante")?,
        })
    }

    fn players(&self) -> usize {
        3
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> TongitsState {
        let mut st = TongitsState {
            hands: [CardSet::EMPTY; 3],
            stock: ArrayVec::new(),
            pile: ArrayVec::new(),
            melds: ArrayVec::new(),
            turn: Seat::new(0),
            phase: Phase::Play,
            dealer: Seat::new(0),
            opened: [false; 3],
            own_sapaw: [false; 3],
            sapawed: [false; 3],
            last_drawer: None,
            fighters: [false; 3],
            picked: [CardSet::EMPTY; 3],
            refused: [CardSet::EMPTY; 3],
            discarded: [CardSet::EMPTY; 3],
            chips: [0; 3],
            pot: 0,
            streak: None,
            last: None,
            hands_played: 0,
            counts: [0; 8],
            turns: 0,
        };
        self.deal_hand(&mut st, rng);
        st
    }

    fn to_move(&self, st: &TongitsState) -> ToMove {
        match st.phase {
            Phase::Over => ToMove::Over,
            _ => ToMove::Seat(st.turn),
        }
    }

    fn legal_actions(&self, st: &TongitsState, out: &mut Vec<TongitsAction>) {
        out.clear();
        let me = st.turn.index();
        let hand = st.hands[me];
        match st.phase {
            Phase::Over => {}
            Phase::Fight { .. } => out.extend([TongitsAction::Fold, TongitsAction::Fight]),
            Phase::Draw => {
                out.push(TongitsAction::DrawStock);
                if let Some(&top) = st.pile.last() {
                    takes(hand, top, |s| out.push(TongitsAction::Take(s)));
                }
                if Self::may_call(st.opened[me], st.own_sapaw[me], st.sapawed[me]) {
                    out.push(TongitsAction::CallDraw);
                }
            }
            Phase::Play => {
                melds_in(hand, |m| out.push(TongitsAction::Meld(m)));
                for r in Rank::ALL {
                    let rk = CardSet::rank_mask(r);
                    if rk.len() == 4 && rk.is_subset(hand) {
                        out.push(TongitsAction::FaceDown(rk));
                    }
                }
                for (i, m) in st.melds.iter().enumerate() {
                    if m.face_down {
                        continue;
                    }
                    for c in hand.iter() {
                        if melds::is_meld(m.cards.with(c), RULES) {
                            out.push(TongitsAction::Sapaw(c, i as u8));
                        }
                    }
                }
                for c in hand.iter() {
                    out.push(TongitsAction::Discard(c));
                }
            }
        }
    }

    /// # Panics
    /// If `action` is not legal.
    fn apply<R: Rng + ?Sized>(&self, st: &mut TongitsState, action: TongitsAction, rng: &mut R) {
        let seat = st.turn;
        let me = seat.index();
        st.turns += 1;
        match (st.phase, action) {
            (Phase::Draw, TongitsAction::DrawStock) => {
                if let Some(&top) = st.pile.last() {
                    st.refused[me].insert(top);
                }
                let c = st
                    .stock
                    .pop()
                    .expect("the hand ends before the stock runs out");
                st.hands[me].insert(c);
                if st.stock.is_empty() {
                    st.last_drawer = Some(seat);
                }
                st.own_sapaw[me] = false;
                st.sapawed[me] = false;
                st.phase = Phase::Play;
            }
            (Phase::Draw, TongitsAction::Take(with)) => {
                let top = st.pile.pop().expect("a discard to take");
                let meld = with.with(top);
                assert!(
                    with.is_subset(st.hands[me]) && melds::is_meld(meld, RULES),
                    "illegal take {with}"
                );
                st.hands[me] -= with;
                st.picked[me].insert(top);
                st.melds.push(TableMeld {
                    owner: seat,
                    cards: meld,
                    own: meld,
                    face_down: false,
                });
                st.opened[me] = true;
                st.own_sapaw[me] = false;
                st.sapawed[me] = false;
                st.phase = Phase::Play;
                if st.hands[me].is_empty() {
                    self.end_hand(st, seat, Ending::Tongit, [None; 3], rng);
                }
            }
            (Phase::Draw, TongitsAction::CallDraw) => {
                assert!(
                    Self::may_call(st.opened[me], st.own_sapaw[me], st.sapawed[me]),
                    "may not call draw"
                );
                st.counts[1] += 1;
                st.fighters = [false; 3];
                match Self::next_fighter(st, seat, seat) {
                    Some(s) => {
                        st.turn = s;
                        st.phase = Phase::Fight { caller: seat };
                    }
                    None => self.resolve_call(st, seat, rng),
                }
            }
            (Phase::Fight { caller }, TongitsAction::Fold | TongitsAction::Fight) => {
                st.fighters[me] = action == TongitsAction::Fight;
                match Self::next_fighter(st, caller, seat) {
                    Some(s) => st.turn = s,
                    None => self.resolve_call(st, caller, rng),
                }
            }
            (Phase::Play, TongitsAction::Meld(m) | TongitsAction::FaceDown(m)) => {
                let down = matches!(action, TongitsAction::FaceDown(_));
                assert!(
                    m.is_subset(st.hands[me])
                        && melds::is_meld(m, RULES)
                        && (!down || m.len() == 4 && fours_in(m) == 1),
                    "illegal meld {m}"
                );
                st.hands[me] -= m;
                st.melds.push(TableMeld {
                    owner: seat,
                    cards: m,
                    own: m,
                    face_down: down,
                });
                st.counts[6] += u32::from(down);
                st.opened[me] = true;
                if st.hands[me].is_empty() {
                    self.end_hand(st, seat, Ending::Tongit, [None; 3], rng);
                }
            }
            (Phase::Play, TongitsAction::Sapaw(c, i)) => {
                let m = &mut st.melds[i as usize];
                assert!(
                    st.hands[me].contains(c)
                        && !m.face_down
                        && melds::is_meld(m.cards.with(c), RULES),
                    "illegal sapaw {c} {i}"
                );
                st.hands[me].remove(c);
                m.cards.insert(c);
                let owner = m.owner;
                if owner == seat {
                    m.own.insert(c);
                    st.own_sapaw[me] = true;
                } else {
                    st.sapawed[owner.index()] = true;
                }
                st.counts[5] += 1;
                if st.hands[me].is_empty() {
                    self.end_hand(st, seat, Ending::Tongit, [None; 3], rng);
                }
            }
            (Phase::Play, TongitsAction::Discard(c)) => {
                assert!(st.hands[me].remove(c), "illegal discard {c}");
                st.discarded[me].insert(c);
                st.pile.push(c);
                self.end_turn(st, seat, rng);
            }
            (p, a) => panic!("illegal action {a} in phase {p:?}"),
        }
    }

    fn observe(&self, st: &TongitsState, seat: Seat) -> TongitsObservation {
        let mut melds = st.melds.clone();
        for m in &mut melds {
            if m.face_down && m.owner != seat {
                m.cards = CardSet::EMPTY;
                m.own = CardSet::EMPTY;
            }
        }
        TongitsObservation {
            me: seat,
            hand: st.hands[seat.index()],
            hand_sizes: st.hands.map(|h| h.len() as u8),
            pile: st.pile.clone(),
            stock_len: st.stock.len() as u8,
            melds,
            turn: st.turn,
            phase: st.phase,
            dealer: st.dealer,
            opened: st.opened,
            own_sapaw: st.own_sapaw,
            sapawed: st.sapawed,
            last_drawer: st.last_drawer,
            fighters: st.fighters,
            picked: st.picked,
            refused: st.refused,
            discarded: st.discarded,
            chips: st.chips,
            pot: st.pot,
            streak: st.streak,
            last: st.last,
            hands_played: st.hands_played,
            counts: st.counts,
            turns: st.turns,
        }
    }

    fn determinize<R: Rng + ?Sized>(&self, o: &TongitsObservation, rng: &mut R) -> TongitsState {
        let mut unseen = o.unseen();
        let mut melds = o.melds.clone();
        // Another seat's face-down four: a rank none of whose cards this seat has seen, chosen
        // uniformly (every choice leaves the same number of ways to deal the rest).
        for m in &mut melds {
            if m.face_down && m.cards.is_empty() {
                let mut ranks: ArrayVec<Rank, 13> = ArrayVec::new();
                for r in Rank::ALL {
                    let rk = CardSet::rank_mask(r);
                    if rk.len() == 4 && rk.is_subset(unseen) {
                        ranks.push(r);
                    }
                }
                assert!(!ranks.is_empty(), "a rank for the face-down four");
                let r = ranks[rng.random_range(0..ranks.len())];
                let rk = CardSet::rank_mask(r);
                m.cards = rk;
                m.own = rk;
                unseen -= rk;
            }
        }
        let mut rest: ArrayVec<Card, 52> = unseen.iter().collect();
        rest.shuffle(rng);
        let mut hands = [CardSet::EMPTY; 3];
        for (i, h) in hands.iter_mut().enumerate() {
            if i == o.me.index() {
                *h = o.hand;
                continue;
            }
            for _ in 0..o.hand_sizes[i] {
                h.insert(rest.pop().expect("enough unseen cards"));
            }
        }
        TongitsState {
            hands,
            stock: rest,
            pile: o.pile.clone(),
            melds,
            turn: o.turn,
            phase: o.phase,
            dealer: o.dealer,
            opened: o.opened,
            own_sapaw: o.own_sapaw,
            sapawed: o.sapawed,
            last_drawer: o.last_drawer,
            fighters: o.fighters,
            picked: o.picked,
            refused: o.refused,
            discarded: o.discarded,
            chips: o.chips,
            pot: o.pot,
            streak: o.streak,
            last: o.last,
            hands_played: o.hands_played,
            counts: o.counts,
            turns: o.turns,
        }
    }

    fn outcome(&self, st: &TongitsState) -> Option<Outcome> {
        if st.phase != Phase::Over {
            return None;
        }
        Some(rank_by_score(&Self::scores(st)))
    }

    fn stats(&self, st: &TongitsState, out: &mut Vec<f64>) {
        out.clear();
        out.push(st.hands_played as f64);
        out.extend(st.counts.map(f64::from));
        out.push(st.turns as f64);
    }

    fn check_invariants(&self, st: &TongitsState) -> Result<(), String> {
        let mut census = Census::default();
        st.hands.iter().for_each(|&h| census.add_set(h));
        census.add_cards(st.stock.iter().chain(st.pile.iter()));
        for m in &st.melds {
            census.add_set(m.cards);
            if !melds::is_meld(m.cards, RULES) {
                return Err(format!("{} is not a meld", m.cards));
            }
            if !m.own.is_subset(m.cards) {
                return Err("a meld's own cards are not in it".into());
            }
            if m.face_down && (m.cards.len() != 4 || fours_in(m.cards) != 1) {
                return Err("a face-down meld that is not a four".into());
            }
            if !st.opened[m.owner.index()] {
                return Err("a meld of a seat that has not opened".into());
            }
        }
        census.check(CardSet::FULL_DECK)?;
        let total: i32 = st.chips.iter().sum::<i32>() + st.pot;
        if total != 0 {
            return Err(format!("chips do not add up: {total}"));
        }
        if st.phase != Phase::Over && st.stock.is_empty() != st.last_drawer.is_some() {
            return Err("the last drawer is not the one who emptied the stock".into());
        }
        if st.phase == Phase::Draw && st.hands[st.turn.index()].is_empty() {
            return Err("an empty hand at the start of a turn".into());
        }
        if st.hands_played > self.hands {
            return Err("played past the match".into());
        }
        Ok(())
    }

    fn observe_action(
        &self,
        _st: &TongitsState,
        action: TongitsAction,
        _viewer: Seat,
    ) -> Option<TongitsAction> {
        // Every move is seen, but a face-down four's cards are not.
        Some(match action {
            TongitsAction::FaceDown(_) => TongitsAction::FaceDown(CardSet::EMPTY),
            a => a,
        })
    }
}
mod deal_text;
