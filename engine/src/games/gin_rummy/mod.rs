//! Gin Rummy: two players draw and discard to arrange ten cards into melds, knock with little
//! deadwood, and play hands until one reaches 100.
//!
//! - **Players:** 2. Seat 1 deals the first hand, so seat 0 plays first; the deal alternates.
//! - **Deal:** ten cards each, one upcard starts the discard pile, 31 cards in the stock.
//! - **Turn:** take the top discard ([`GinAction::TakeDiscard`]) or the top stock card
//!   ([`GinAction::DrawStock`]), then discard ([`GinAction::Discard`]) or, with deadwood of at
//!   most the knock limit after the discard, knock ([`GinAction::Knock`]: the discard goes face
//!   down). Knocking with no deadwood is going gin. A card just taken from the discard pile may
//!   not be discarded in the same turn.
//! - **Knock:** the knocker's melds are laid out (the arrangement with least deadwood, and among
//!   those the one that lets the defender lay off least); the defender arranges its own melds
//!   and lays off onto the knocker's (not after gin). Lower deadwood scores the difference; the
//!   defender scores the difference plus the undercut bonus (10) when its deadwood is lower or
//!   equal; gin scores the defender's deadwood plus the gin bonus (25).
//! - **Drawn hand:** a discard that leaves two cards in the stock (without knocking) ends the
//!   hand with no score.
//! - **Game:** to 100 points; the player who reaches it scores the game bonus (100), and each
//!   player a box bonus (25) per hand won. The player who reached the target wins the game
//!   (`winner=total`: the higher final total). `target=0` plays a single hand.
//!
//! Variants (see [`Game::INFO`]): Oklahoma (knock limit = the first upcard's value, an ace means
//! gin only), around-the-corner runs, the bonuses, the knock limit, the first-turn upcard offer.
//! The rulings are in `docs/rules/gin-rummy.md`.
//!
//! ```
//! use cardsim_engine::games::gin_rummy::GinRummy;
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::SeedableRng;
//! let game = GinRummy::new(2, &Params::parse(&["target=0"]).unwrap()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, legal[0], &mut rng);
//! }
//! assert!(game.outcome(&state).is_some());
//! ```

use crate::cards::{Card, CardSet};
use crate::game::{check_players, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, ToMove};
use crate::games::common::Census;
use crate::melds::{self, MeldRules};
use crate::seat::Seat;
use crate::SeatResult;
use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

pub mod encoding;
#[cfg(test)]
mod tests;

/// The rules of Gin Rummy with its variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GinRummy {
    /// The knock limit (ignored under Oklahoma).
    pub knock: u8,
    /// Oklahoma: the knock limit is the first upcard's value, an ace means gin only.
    pub oklahoma: bool,
    /// Which runs are melds.
    pub rules: MeldRules,
    /// Bonus for going gin.
    pub gin_bonus: u32,
    /// Bonus for undercutting the knocker.
    pub undercut_bonus: u32,
    /// Points to win the game; 0 plays one hand.
    pub target: u32,
    /// Bonus for reaching the target.
    pub game_bonus: u32,
    /// Bonus per hand won, at the end of the game.
    pub box_bonus: u32,
    /// Equal deadwood after a knock is an undercut (else nobody scores).
    pub tie_undercut: bool,
    /// The first-turn upcard offer: non-dealer, then dealer, may take the upcard.
    pub offer: bool,
    /// The hand is drawn when a discard leaves this many stock cards.
    pub stock_left: u8,
    /// The game goes to the higher final total (bonuses included), not to whoever reached the
    /// target (`winner=total`).
    pub winner_by_total: bool,
}

/// What the seat to move must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The first-turn offer of the upcard (`first_turn=offer`): take it or pass.
    Offer,
    /// Take the top discard or draw from the stock.
    Draw,
    /// Discard (or knock) from eleven cards.
    Discard,
    /// The game is over.
    Over,
}

/// A move in Gin Rummy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GinAction {
    /// Draw the top stock card (`draw`); which card is not part of the move.
    DrawStock,
    /// Take the top discard (`take`).
    TakeDiscard,
    /// Refuse the first upcard (`pass`), only under `first_turn=offer`.
    Pass,
    /// Discard a card face up (`discard 7H`).
    Discard(Card),
    /// Discard a card face down and knock (`knock 7H`); gin when no deadwood remains.
    Knock(Card),
}

impl fmt::Display for GinAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GinAction::DrawStock => f.write_str("draw"),
            GinAction::TakeDiscard => f.write_str("take"),
            GinAction::Pass => f.write_str("pass"),
            GinAction::Discard(c) => write!(f, "discard {c}"),
            GinAction::Knock(c) => write!(f, "knock {c}"),
        }
    }
}

/// How the last hand ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HandResult {
    /// The knocker, `None` for a drawn hand.
    pub knocker: Option<Seat>,
    /// The knock was gin.
    pub gin: bool,
    /// The defender had lower (or, under `tie_undercut`, equal) deadwood.
    pub undercut: bool,
    /// The knocker's deadwood.
    pub knocker_deadwood: u32,
    /// The defender's deadwood after laying off.
    pub defender_deadwood: u32,
    /// Cards the defender laid off.
    pub laid_off: CardSet,
    /// Who scored (`None`: nobody).
    pub winner: Option<Seat>,
    /// Points scored.
    pub points: u32,
}

/// A complete position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GinState {
    /// Each seat's hand.
    pub hands: [CardSet; 2],
    /// The stock, top last.
    pub stock: ArrayVec<Card, 52>,
    /// The discard pile, top last.
    pub pile: ArrayVec<Card, 52>,
    /// The seat to move.
    pub turn: Seat,
    /// What it must do.
    pub phase: Phase,
    /// The dealer of this hand.
    pub dealer: Seat,
    /// The hand's first upcard.
    pub upcard: Card,
    /// This hand's knock limit.
    pub limit: u8,
    /// Passes so far in the upcard offer.
    pub passes: u8,
    /// The card the mover took from the pile this turn (it may not discard it).
    pub taken: Option<Card>,
    /// Cards each seat took from the pile and still holds (public).
    pub known: [CardSet; 2],
    /// Top discards each seat refused (drew from the stock or passed instead) this hand.
    pub refused: [CardSet; 2],
    /// Cards each seat discarded this hand.
    pub discarded: [CardSet; 2],
    /// Game points (before the end-of-game bonuses).
    pub points: [u32; 2],
    /// Hands won.
    pub boxes: [u32; 2],
    /// The last hand's result.
    pub last: Option<HandResult>,
    /// Hands finished.
    pub hands_played: u32,
    /// Knocks (gins included), gins, undercuts, drawn hands.
    pub counts: [u32; 4],
    /// Sums of knocker and defender deadwood over knocked hands.
    pub deadwood_sums: [u32; 2],
    /// Decisions made.
    pub turns: u32,
}

/// What one seat knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GinObservation {
    /// The observing seat.
    pub me: Seat,
    /// Its hand.
    pub hand: CardSet,
    /// The discard pile in order, top last (every discard was seen face up).
    pub pile: ArrayVec<Card, 52>,
    /// Cards left in the stock.
    pub stock_len: u8,
    /// The seat to move and what it must do.
    pub turn: Seat,
    /// What the seat to move must do.
    pub phase: Phase,
    /// The dealer.
    pub dealer: Seat,
    /// The first upcard of the hand.
    pub upcard: Card,
    /// The knock limit of the hand.
    pub limit: u8,
    /// Passes in the upcard offer.
    pub passes: u8,
    /// The card the mover took from the pile this turn.
    pub taken: Option<Card>,
    /// Cards each seat took from the pile and still holds.
    pub known: [CardSet; 2],
    /// Top discards each seat refused this hand.
    pub refused: [CardSet; 2],
    /// Cards each seat discarded this hand.
    pub discarded: [CardSet; 2],
    /// Game points.
    pub points: [u32; 2],
    /// Hands won.
    pub boxes: [u32; 2],
    /// The last hand's result (both hands were shown).
    pub last: Option<HandResult>,
    /// Hands finished.
    pub hands_played: u32,
    /// Knocks, gins, undercuts, drawn hands.
    pub counts: [u32; 4],
    /// Deadwood sums over knocked hands.
    pub deadwood_sums: [u32; 2],
    /// Decisions made.
    pub turns: u32,
}

impl GinObservation {
    /// The cards this seat cannot see: the stock and the opponent's unknown cards.
    pub fn unseen(&self) -> CardSet {
        let mut seen = self.hand | self.known[0] | self.known[1];
        for &c in &self.pile {
            seen.insert(c);
        }
        CardSet::FULL_DECK - seen
    }

    /// The opponent's number of cards.
    pub fn opponent_cards(&self) -> usize {
        if self.turn != self.me && self.phase == Phase::Discard {
            11
        } else {
            10
        }
    }
}

fn other(s: Seat) -> Seat {
    Seat::new(1 - s.index())
}

impl GinRummy {
    /// The cards the player to move may discard: his hand but the discard he just took.
    fn discards(&self, st: &GinState) -> CardSet {
        let mut hand = st.hands[st.turn.index()];
        if let Some(c) = st.taken {
            hand.remove(c);
        }
        hand
    }

    /// The discards he may knock with: those that leave at most the knock limit in deadwood.
    fn knocks(&self, st: &GinState) -> CardSet {
        let hand = st.hands[st.turn.index()];
        let limit = u32::from(st.limit);
        // The cards in no meld of the hand stay deadwood after any discard: their value, less
        // the discard's, bounds the deadwood from below, and most hands are far from a knock.
        let loose = hand - melds::meldable(hand, self.rules);
        let loose_value = melds::value(loose);
        let mut out = CardSet::EMPTY;
        if loose_value > limit + 10 {
            return out;
        }
        for c in self.discards(st) {
            let bound = if loose.contains(c) {
                loose_value - melds::card_value(c)
            } else {
                loose_value
            };
            if bound <= limit && melds::deadwood(hand.without(c), self.rules) <= limit {
                out.insert(c);
            }
        }
        out
    }

    /// The knock limit for a hand whose first upcard is `upcard`.
    pub fn limit_for(&self, upcard: Card) -> u8 {
        if self.oklahoma {
            let v = melds::card_value(upcard) as u8;
            if v == 1 {
                0
            } else {
                v
            }
        } else {
            self.knock
        }
    }

    fn deal_hand<R: Rng + ?Sized>(&self, st: &mut GinState, rng: &mut R) {
        st.stock.clear();
        st.stock.extend(CardSet::FULL_DECK.iter());
        st.stock.shuffle(rng);
        let non_dealer = other(st.dealer);
        for seat in [non_dealer, st.dealer] {
            let mut h = CardSet::EMPTY;
            for _ in 0..10 {
                h.insert(st.stock.pop().expect("52 cards"));
            }
            st.hands[seat.index()] = h;
        }
        st.pile.clear();
        st.upcard = st.stock.pop().expect("52 cards");
        st.pile.push(st.upcard);
        st.limit = self.limit_for(st.upcard);
        st.turn = non_dealer;
        st.phase = if self.offer {
            Phase::Offer
        } else {
            Phase::Draw
        };
        st.passes = 0;
        st.taken = None;
        st.known = [CardSet::EMPTY; 2];
        st.refused = [CardSet::EMPTY; 2];
        st.discarded = [CardSet::EMPTY; 2];
    }

    /// Ends the hand: scores it, then ends the game or deals the next hand.
    fn end_hand<R: Rng + ?Sized>(&self, st: &mut GinState, result: HandResult, rng: &mut R) {
        st.hands_played += 1;
        match result.knocker {
            None => st.counts[3] += 1,
            Some(_) => {
                st.counts[0] += 1;
                st.counts[1] += result.gin as u32;
                st.counts[2] += result.undercut as u32;
                st.deadwood_sums[0] += result.knocker_deadwood;
                st.deadwood_sums[1] += result.defender_deadwood;
            }
        }
        if let Some(w) = result.winner {
            st.points[w.index()] += result.points;
            st.boxes[w.index()] += 1;
        }
        st.last = Some(result);
        let done = if self.target == 0 {
            true
        } else {
            st.points.iter().any(|&p| p >= self.target)
        };
        if done {
            st.phase = Phase::Over;
            st.taken = None;
            return;
        }
        st.dealer = other(st.dealer);
        self.deal_hand(st, rng);
    }

    /// Scores a knock by `knocker` holding `hand` (ten cards) against `defender`.
    pub fn score_knock(&self, knocker: Seat, hand: CardSet, defender: CardSet) -> HandResult {
        let rules = self.rules;
        let kd = melds::deadwood(hand, rules);
        let mut r = HandResult {
            knocker: Some(knocker),
            gin: kd == 0,
            knocker_deadwood: kd,
            ..HandResult::default()
        };
        if r.gin {
            r.defender_deadwood = melds::deadwood(defender, rules);
            r.winner = Some(knocker);
            r.points = r.defender_deadwood + self.gin_bonus;
            return r;
        }
        // The knocker lays out the best arrangement for itself: least deadwood, then the one
        // that leaves the defender the most deadwood after laying off.
        let mut best: Option<(u32, CardSet)> = None;
        melds::min_arrangements(hand, rules, |a| {
            let (d, laid) = melds::layoff(defender, &a.melds, rules);
            if best.is_none_or(|(bd, _)| d > bd) {
                best = Some((d, laid));
            }
        });
        let (dd, laid) = best.expect("a hand has an arrangement");
        r.defender_deadwood = dd;
        r.laid_off = laid;
        if kd < dd {
            r.winner = Some(knocker);
            r.points = dd - kd;
        } else if dd < kd || self.tie_undercut {
            r.undercut = true;
            r.winner = Some(other(knocker));
            r.points = kd - dd + self.undercut_bonus;
        }
        r
    }

    /// The final totals: points, the game bonus to whoever reached the target, and the box
    /// bonuses.
    pub fn totals(&self, st: &GinState) -> [u32; 2] {
        std::array::from_fn(|i| {
            let mut t = st.points[i];
            if self.target > 0 {
                if st.points[i] >= self.target {
                    t += self.game_bonus;
                }
                t += self.box_bonus * st.boxes[i];
            }
            t
        })
    }
}

impl Game for GinRummy {
    type State = GinState;
    type Action = GinAction;
    type Observation = GinObservation;

    const INFO: GameInfo = GameInfo {
        name: "gin-rummy",
        title: "Gin Rummy",
        min_players: 2,
        max_players: 2,
        default_players: 2,
        params: &[
            ParamSpec::int(
                "knock",
                "10",
                0,
                10,
                "knock limit: most deadwood a player may knock with (0 = gin only)",
            ),
            ParamSpec::flag(
                "oklahoma",
                "false",
                "Oklahoma Gin: the knock limit of each hand is the first upcard's value (ace: gin only)",
            ),
            ParamSpec::flag(
                "around_the_corner",
                "false",
                "king and ace are consecutive in runs (Q-K-A, K-A-2)",
            ),
            ParamSpec::int("gin_bonus", "25", 0, 1000, "bonus for going gin"),
            ParamSpec::int("undercut_bonus", "10", 0, 1000, "bonus for undercutting the knocker"),
            ParamSpec::int(
                "target",
                "100",
                0,
                100_000,
                "points that win the game; 0 plays a single hand (no game or box bonus)",
            ),
            ParamSpec::int("game_bonus", "100", 0, 100_000, "bonus for reaching the target"),
            ParamSpec::int("box_bonus", "25", 0, 100_000, "bonus per hand won, added at the end"),
            ParamSpec::choice(
                "tie",
                "undercut",
                &["undercut", "void"],
                "equal deadwood after a knock: the defender undercuts, or nobody scores",
            ),
            ParamSpec::choice(
                "first_turn",
                "page",
                &["page", "offer"],
                "page: the non-dealer takes the upcard or draws; offer: non-dealer then dealer \
                 may take the upcard, if both pass the non-dealer draws from the stock",
            ),
            ParamSpec::int(
                "stock_left",
                "2",
                0,
                10,
                "the hand is drawn when a discard leaves this many cards in the stock",
            ),
            ParamSpec::choice(
                "winner",
                "target",
                &["target", "total"],
                "target: whoever reached the target wins the game; total: the higher final total \
                 after the game and box bonuses wins (equal totals draw)",
            ),
        ],
        stats: &[
            "hands",
            "knocks",
            "gins",
            "undercuts",
            "drawn_hands",
            "knocker_deadwood",
            "defender_deadwood",
            "turns",
        ],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        let info = &Self::INFO;
        check_players(info, players)?;
        params.check_keys(info)?;
        Ok(GinRummy {
            knock: params.int(info, "knock")?,
            oklahoma: params.flag(info, "oklahoma")?,
            rules: MeldRules {
                around_the_corner: params.flag(info, "around_the_corner")?,
            },
            gin_bonus: params.int(info, "gin_bonus")?,
            undercut_bonus: params.int(info, "undercut_bonus")?,
            target: params.int(info, "target")?,
            game_bonus: params.int(info, "game_bonus")?,
            box_bonus: params.int(info, "box_bonus")?,
            tie_undercut: params.choice(info, "tie")? == "undercut",
            offer: params.choice(info, "first_turn")? == "offer",
            stock_left: params.int(info, "stock_left")?,
            winner_by_total: params.choice(info, "winner")? == "total",
        })
    }

    fn players(&self) -> usize {
        2
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> GinState {
        let mut st = GinState {
            hands: [CardSet::EMPTY; 2],
            stock: ArrayVec::new(),
            pile: ArrayVec::new(),
            turn: Seat::new(0),
            phase: Phase::Draw,
            dealer: Seat::new(1),
            upcard: Card::JOKER,
            limit: 0,
            passes: 0,
            taken: None,
            known: [CardSet::EMPTY; 2],
            refused: [CardSet::EMPTY; 2],
            discarded: [CardSet::EMPTY; 2],
            points: [0; 2],
            boxes: [0; 2],
            last: None,
            hands_played: 0,
            counts: [0; 4],
            deadwood_sums: [0; 2],
            turns: 0,
        };
        self.deal_hand(&mut st, rng);
        st
    }

    fn to_move(&self, st: &GinState) -> ToMove {
        match st.phase {
            Phase::Over => ToMove::Over,
            _ => ToMove::Seat(st.turn),
        }
    }

    fn legal_actions(&self, st: &GinState, out: &mut Vec<GinAction>) {
        out.clear();
        match st.phase {
            Phase::Over => {}
            Phase::Offer => out.extend([GinAction::TakeDiscard, GinAction::Pass]),
            Phase::Draw => {
                out.push(GinAction::DrawStock);
                if !st.pile.is_empty() {
                    out.push(GinAction::TakeDiscard);
                }
            }
            Phase::Discard => {
                let knocks = self.knocks(st);
                for c in self.discards(st) {
                    out.push(GinAction::Discard(c));
                    if knocks.contains(c) {
                        out.push(GinAction::Knock(c));
                    }
                }
            }
        }
    }

    fn legal_count(&self, st: &GinState) -> Option<usize> {
        Some(match st.phase {
            Phase::Over => 0,
            Phase::Offer => 2,
            Phase::Draw => 1 + usize::from(!st.pile.is_empty()),
            Phase::Discard => self.discards(st).len() + self.knocks(st).len(),
        })
    }

    fn nth_legal(&self, st: &GinState, n: usize) -> GinAction {
        match st.phase {
            Phase::Offer => [GinAction::TakeDiscard, GinAction::Pass][n],
            Phase::Draw => [GinAction::DrawStock, GinAction::TakeDiscard][n],
            Phase::Discard | Phase::Over => {
                let discards = self.discards(st);
                let knocks = self.knocks(st);
                if knocks.is_empty() {
                    return GinAction::Discard(discards.nth(n).expect("n below the legal count"));
                }
                // Each discard is followed by its knock, where one is allowed.
                let mut k = n;
                for c in discards {
                    if k == 0 {
                        return GinAction::Discard(c);
                    }
                    k -= 1;
                    if knocks.contains(c) {
                        if k == 0 {
                            return GinAction::Knock(c);
                        }
                        k -= 1;
                    }
                }
                panic!("legal action {n} of {}", discards.len() + knocks.len())
            }
        }
    }

    /// # Panics
    /// If `action` is not legal.
    fn apply<R: Rng + ?Sized>(&self, st: &mut GinState, action: GinAction, rng: &mut R) {
        let me = st.turn.index();
        st.turns += 1;
        match (st.phase, action) {
            (Phase::Offer, GinAction::Pass) => {
                st.refused[me].insert(st.upcard);
                st.passes += 1;
                st.turn = other(st.turn);
                if st.passes == 2 {
                    // Both passed: the non-dealer draws from the stock.
                    let c = st.stock.pop().expect("a full stock");
                    st.hands[st.turn.index()].insert(c);
                    st.phase = Phase::Discard;
                }
            }
            (Phase::Offer | Phase::Draw, GinAction::TakeDiscard) => {
                let c = st.pile.pop().expect("a discard to take");
                st.hands[me].insert(c);
                st.known[me].insert(c);
                st.taken = Some(c);
                st.phase = Phase::Discard;
            }
            (Phase::Draw, GinAction::DrawStock) => {
                if let Some(&top) = st.pile.last() {
                    st.refused[me].insert(top);
                }
                let c = st.stock.pop().expect("the stock never runs out");
                st.hands[me].insert(c);
                st.phase = Phase::Discard;
            }
            (Phase::Discard, GinAction::Discard(c)) => {
                assert!(
                    st.hands[me].remove(c) && Some(c) != st.taken,
                    "illegal discard {c}"
                );
                st.known[me].remove(c);
                st.discarded[me].insert(c);
                st.pile.push(c);
                st.taken = None;
                if st.stock.len() <= self.stock_left as usize {
                    self.end_hand(st, HandResult::default(), rng);
                } else {
                    st.turn = other(st.turn);
                    st.phase = Phase::Draw;
                }
            }
            (Phase::Discard, GinAction::Knock(c)) => {
                assert!(
                    st.hands[me].remove(c) && Some(c) != st.taken,
                    "illegal knock {c}"
                );
                st.known[me].remove(c);
                st.taken = None;
                let hand = st.hands[me];
                assert!(
                    melds::deadwood(hand, self.rules) <= st.limit as u32,
                    "knock with too much deadwood"
                );
                // The face-down discard goes on the pile (out of play until the next deal).
                st.pile.push(c);
                let r = self.score_knock(st.turn, hand, st.hands[1 - me]);
                self.end_hand(st, r, rng);
            }
            (p, a) => panic!("illegal action {a} in phase {p:?}"),
        }
    }

    fn observe(&self, st: &GinState, seat: Seat) -> GinObservation {
        GinObservation {
            me: seat,
            hand: st.hands[seat.index()],
            pile: st.pile.clone(),
            stock_len: st.stock.len() as u8,
            turn: st.turn,
            phase: st.phase,
            dealer: st.dealer,
            upcard: st.upcard,
            limit: st.limit,
            passes: st.passes,
            taken: st.taken,
            known: st.known,
            refused: st.refused,
            discarded: st.discarded,
            points: st.points,
            boxes: st.boxes,
            last: st.last,
            hands_played: st.hands_played,
            counts: st.counts,
            deadwood_sums: st.deadwood_sums,
            turns: st.turns,
        }
    }

    fn determinize<R: Rng + ?Sized>(&self, o: &GinObservation, rng: &mut R) -> GinState {
        let me = o.me.index();
        let opp = 1 - me;
        let mut hands = [CardSet::EMPTY; 2];
        hands[me] = o.hand;
        let mut rest: ArrayVec<Card, 52> = o.unseen().iter().collect();
        rest.shuffle(rng);
        let mut h = o.known[opp];
        while h.len() < o.opponent_cards() {
            h.insert(rest.pop().expect("enough unseen cards"));
        }
        hands[opp] = h;
        GinState {
            hands,
            stock: rest,
            pile: o.pile.clone(),
            turn: o.turn,
            phase: o.phase,
            dealer: o.dealer,
            upcard: o.upcard,
            limit: o.limit,
            passes: o.passes,
            taken: o.taken,
            known: o.known,
            refused: o.refused,
            discarded: o.discarded,
            points: o.points,
            boxes: o.boxes,
            last: o.last,
            hands_played: o.hands_played,
            counts: o.counts,
            deadwood_sums: o.deadwood_sums,
            turns: o.turns,
        }
    }

    fn outcome(&self, st: &GinState) -> Option<Outcome> {
        if st.phase != Phase::Over {
            return None;
        }
        let totals = self.totals(st);
        let mut out = Outcome::default();
        // The winner is whoever reached the target (single hand: whoever scored); a drawn
        // single hand is a tie.
        let winner = if self.target == 0 {
            st.last.and_then(|r| r.winner)
        } else if self.winner_by_total {
            match totals[0].cmp(&totals[1]) {
                std::cmp::Ordering::Greater => Some(Seat::new(0)),
                std::cmp::Ordering::Less => Some(Seat::new(1)),
                std::cmp::Ordering::Equal => None,
            }
        } else {
            (0..2).find(|&i| st.points[i] >= self.target).map(Seat::new)
        };
        for (i, &total) in totals.iter().enumerate() {
            let s = Seat::new(i);
            out[s] = SeatResult {
                score: total as f64,
                place: if winner.is_none_or(|w| w == s) { 1 } else { 2 },
                win: match winner {
                    None => 0.5,
                    Some(w) if w == s => 1.0,
                    Some(_) => 0.0,
                },
            };
        }
        Some(out)
    }

    fn stats(&self, st: &GinState, out: &mut Vec<f64>) {
        out.clear();
        let knocks = st.counts[0].max(1) as f64;
        out.extend([
            st.hands_played as f64,
            st.counts[0] as f64,
            st.counts[1] as f64,
            st.counts[2] as f64,
            st.counts[3] as f64,
            st.deadwood_sums[0] as f64 / knocks,
            st.deadwood_sums[1] as f64 / knocks,
            st.turns as f64,
        ]);
    }

    fn check_invariants(&self, st: &GinState) -> Result<(), String> {
        let mut census = Census::default();
        st.hands.iter().for_each(|&h| census.add_set(h));
        census.add_cards(st.stock.iter().chain(st.pile.iter()));
        census.check(CardSet::FULL_DECK)?;
        for i in 0..2 {
            if !st.known[i].is_subset(st.hands[i]) {
                return Err(format!("seat {i}'s known cards are not in its hand"));
            }
        }
        if st.phase != Phase::Over {
            let mover = st.turn.index();
            let want = if st.phase == Phase::Discard { 11 } else { 10 };
            if st.hands[mover].len() != want || st.hands[1 - mover].len() != 10 {
                return Err(format!(
                    "hand sizes {:?} in {:?}",
                    st.hands.map(|h| h.len()),
                    st.phase
                ));
            }
            if st.stock.len() <= self.stock_left as usize && st.phase != Phase::Discard {
                return Err("play went on past the drawn-hand point".into());
            }
        }
        let at_target = st
            .points
            .iter()
            .filter(|&&p| self.target > 0 && p >= self.target)
            .count();
        if at_target > 1 {
            return Err("both seats reached the target".into());
        }
        if at_target > 0 && st.phase != Phase::Over {
            return Err("a seat reached the target and play goes on".into());
        }
        Ok(())
    }

    fn observe_action(
        &self,
        _st: &GinState,
        action: GinAction,
        _viewer: Seat,
    ) -> Option<GinAction> {
        // Every move is seen; the card drawn from the stock is not part of the move (it is
        // chance inside `apply`), and a knock's face-down discard is shown with the hands.
        Some(action)
    }

    fn move_cap(&self) -> Option<u64> {
        // A game of drawn hands could go on for ever: 1000 hands' worth of moves.
        Some(70_000)
    }
}
mod deal_text;
