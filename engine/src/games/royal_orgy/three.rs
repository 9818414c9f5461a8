//! The three-player game of Royal Orgy (`players=3`).
//!
//! - **Deal** (to the right: in seat order, the eldest being the seat after the dealer): one
//!   card to the skat, six to each player; one to the skat, five each; one to the skat, six
//!   each: 17 cards each and a skat of 3. The deal passes to the next seat.
//! - **Declarations:** every player's melds are laid down at once and are public. A card that
//!   is in any meld of the hand is laid down; the points are, kind by kind, the most that
//!   melds of that kind with no card in common give ([`declare`]). So a Full Court also counts
//!   its Marriage and Union (50 + 10 + 8), as the two-player rule lets one card be in melds of
//!   different kinds but never in two of one kind; a run of trumps is one sequence.
//! - **Bidding:** from the eldest, each in turn passes or bids solo; the first bid wins. If all
//!   pass, the player with the most declaration points plays, the earliest in the bidding
//!   order among equals.
//! - **Exchange:** the soloist takes the skat and discards three cards, one at a time, which
//!   count as its first trick: cards that are not trumps, not worth 4 and not declared; only
//!   when there are none of those left, middle trumps (2 to 20) not declared, and only when
//!   there are none of those either, any other card not worth 4. Discarded trumps (and
//!   declared cards) are shown; the rest stay face down.
//! - **Play:** 17 tricks, the eldest leading first; follow suit, else trump, else any card.
//!   The defenders share a trick pile. The winner of a trick scores half the value of each
//!   Affair, Union, Marriage or Trump Marriage that its winning card makes with another card
//!   of the trick ([`super::capture`]).
//! - **Score:** card points (Kings 4, Queens 3, Knights 2, Pages 1, trumps 1, 21, 22 four
//!   each) plus 1 a trick, the discard being a trick: 70 in all. The soloist with 36 or more
//!   adds 50 and its declarations and captures; with fewer it scores nothing and each
//!   defender adds half of its declarations and captures (rounded up). The defenders always
//!   add their own declarations and captures.
//! - **Game:** to `target` points (checked after each deal; a tie at the top plays on), or
//!   exactly `deals` deals (a multiple of 3), with `max_hands` as the cap.

use super::{
    beats, capture, card_points, Meld, MeldKind, RoyalOrgy, RoyalOrgyAction, RoyalOrgyObservation,
    RoyalOrgyState, SequenceScore,
};
use crate::cards::{CardSet, Court, Suit, TarotCard, TarotSet};
use crate::game::ToMove;
use crate::seat::Seat;
use crate::tricks::{sample_deal_into, HiddenHand};
use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::Rng;

/// Cards dealt to each of three players.
pub const HAND3: usize = 17;
/// Cards in the skat.
pub const SKAT: usize = 3;
/// Card points the soloist needs (of 70).
pub const CONTRACT: u32 = 36;
/// The soloist's bonus for making the contract.
pub const BONUS: u32 = 50;

/// Where a three-player hand stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Passing or bidding solo, from the eldest.
    #[default]
    Bidding,
    /// The soloist has taken the skat and discards.
    Exchange,
    /// The tricks.
    Play,
}

/// The three-player hand: declarations, bidding, the skat and the public facts of play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Solo {
    pub(super) three: bool,
    pub(super) phase: Phase,
    pub(super) skat: TarotSet,
    pub(super) declared: [TarotSet; 3],
    pub(super) declaration_points: [u32; 3],
    pub(super) captures: [u32; 3],
    pub(super) passes: u8,
    pub(super) soloist: Option<Seat>,
    pub(super) forced: bool,
    pub(super) discards: TarotSet,
    pub(super) shown: TarotSet,
    pub(super) excluded: [TarotSet; 3],
    pub(super) played_by: [TarotSet; 3],
}

impl Solo {
    /// The phase of the hand.
    pub const fn phase(&self) -> Phase {
        self.phase
    }
    /// The skat (empty once the soloist has taken it, and in every observation).
    pub const fn skat(&self) -> TarotSet {
        self.skat
    }
    /// The cards `seat` declared this hand (public).
    pub const fn declared(&self, seat: Seat) -> TarotSet {
        self.declared[seat.index()]
    }
    /// The points of `seat`'s declarations this hand.
    pub const fn declaration_points(&self, seat: Seat) -> u32 {
        self.declaration_points[seat.index()]
    }
    /// The capture points `seat` has won this hand.
    pub const fn captures(&self, seat: Seat) -> u32 {
        self.captures[seat.index()]
    }
    /// Passes so far in the bidding.
    pub const fn passes(&self) -> u8 {
        self.passes
    }
    /// The soloist, once known.
    pub const fn soloist(&self) -> Option<Seat> {
        self.soloist
    }
    /// True when all passed and the soloist had to play.
    pub const fn forced(&self) -> bool {
        self.forced
    }
    /// The soloist's discards (in an observation of a defender: only those shown).
    pub const fn discards(&self) -> TarotSet {
        self.discards
    }
    /// The discards shown to everyone (trumps and declared cards).
    pub const fn shown(&self) -> TarotSet {
        self.shown
    }
    /// Cards `seat` is known not to hold among its concealed cards: suits (and trumps) it
    /// did not follow, and what its discards showed.
    pub const fn excluded(&self, seat: Seat) -> TarotSet {
        self.excluded[seat.index()]
    }
    /// The cards `seat` has played this hand.
    pub const fn played_by(&self, seat: Seat) -> TarotSet {
        self.played_by[seat.index()]
    }
}

/// A hand's declarations: the cards laid down and their points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Declaration {
    /// Every card that is in some meld of the hand.
    pub cards: TarotSet,
    /// The points: per kind, the most that card-disjoint melds of that kind give.
    pub points: u32,
    /// How many melds score.
    pub melds: u32,
    /// Of those, Royal Orgies.
    pub royal_orgies: u32,
    /// Of those, Full Courts.
    pub full_courts: u32,
}

fn card(c: Court, s: Suit) -> TarotCard {
    TarotCard::court(c, s)
}

const TAROCKS: TarotSet = TarotSet::from_bits((1 << 32) | (1 << 52) | (1 << 53));

/// The cards worth 4: Kings and trumps 1, 21 and 22.
pub fn four_point_cards() -> TarotSet {
    TarotSet::court_mask(Court::King) | TAROCKS
}

/// The trump runs of three or more in `hand` (one bit per trump number, bit 0 = trump 1).
fn runs(hand: TarotSet) -> u64 {
    let t = hand.trumps().bits() >> 32;
    let start = t & (t >> 1) & (t >> 2);
    start | start << 1 | start << 2
}

/// Every card of `hand` that is in some meld of it: what a player declares.
pub fn meld_cards(hand: TarotSet) -> TarotSet {
    let mut out = TarotSet::from_bits(runs(hand) << 32);
    let (t1, t21) = (TarotCard::trump(1), TarotCard::trump(21));
    if hand.contains(t1) && hand.contains(t21) {
        out = out.with(t1).with(t21);
    }
    for s in Suit::ALL {
        let (k, q, c, j) = (
            card(Court::King, s),
            card(Court::Queen, s),
            card(Court::Knight, s),
            card(Court::Page, s),
        );
        if hand.contains(k) && hand.contains(q) {
            out = out.with(k).with(q);
        }
        if hand.contains(c) && hand.contains(j) {
            out = out.with(c).with(j);
        }
        for t in Suit::ALL {
            if t.is_red() == s.is_red() {
                continue;
            }
            let (ct, jt) = (card(Court::Knight, t), card(Court::Page, t));
            if hand.contains(k) && hand.contains(jt) {
                out = out.with(k).with(jt);
            }
            if hand.contains(q) && hand.contains(ct) {
                out = out.with(q).with(ct);
            }
        }
    }
    out
}

/// The declarations of `hand` (see the module docs): every card in a meld, and per kind the
/// most points that melds of that kind with no common card give; a run of trumps is one
/// sequence.
///
/// ```
/// use cardsim_engine::cards::TarotSet;
/// use cardsim_engine::games::royal_orgy::three::declare;
/// use cardsim_engine::games::royal_orgy::SequenceScore;
/// // A Full Court of spades: 50, and its Marriage (10) and Union (8).
/// let d = declare("KS QS CS JS 7C".parse().unwrap(), SequenceScore::Extra);
/// assert_eq!((d.points, d.melds), (68, 3));
/// ```
pub fn declare(hand: TarotSet, seq: SequenceScore) -> Declaration {
    let mut d = Declaration {
        cards: meld_cards(hand),
        ..Declaration::default()
    };
    let mut add = |kind: MeldKind, cards: TarotSet, n: u32| {
        d.points += n * Meld { kind, cards }.points(seq);
        d.melds += n;
    };
    let has = |c: TarotCard| hand.contains(c);
    // Counts by colour (0 black, 1 red) of the Kings, Queens, Knights, Pages, Marriages and
    // Unions.
    let (mut k, mut q, mut c, mut j, mut m, mut u) =
        ([0u32; 2], [0; 2], [0; 2], [0; 2], [0; 2], [0; 2]);
    let mut courts = 0;
    for s in Suit::ALL {
        let r = usize::from(s.is_red());
        let [hk, hq, hc, hj] =
            [Court::King, Court::Queen, Court::Knight, Court::Page].map(|x| has(card(x, s)));
        k[r] += u32::from(hk);
        q[r] += u32::from(hq);
        c[r] += u32::from(hc);
        j[r] += u32::from(hj);
        m[r] += u32::from(hk && hq);
        u[r] += u32::from(hc && hj);
        courts += u32::from(hk && hq && hc && hj);
    }
    let e = TarotSet::EMPTY;
    let affairs = k[0].min(j[1]) + k[1].min(j[0]) + q[0].min(c[1]) + q[1].min(c[0]);
    add(MeldKind::Affair, e, affairs);
    add(MeldKind::Union, e, u[0] + u[1]);
    add(MeldKind::Marriage, e, m[0] + m[1]);
    let orgies = m[0].min(u[1]) + m[1].min(u[0]);
    add(MeldKind::RoyalOrgy, e, orgies);
    add(MeldKind::FullCourt, e, courts);
    if has(TarotCard::trump(1)) && has(TarotCard::trump(21)) {
        add(MeldKind::TrumpMarriage, e, 1);
    }
    // Each maximal run of three or more trumps.
    let mut r = runs(hand);
    while r != 0 {
        let lo = r.trailing_zeros();
        let len = (r >> lo).trailing_ones();
        let run = ((1u64 << len) - 1) << lo;
        add(MeldKind::TrumpSequence, TarotSet::from_bits(run << 32), 1);
        r &= !run;
    }
    d.royal_orgies = orgies;
    d.full_courts = courts;
    d
}

/// The cards the soloist may discard next from `hand` with `declared` cards, and the tier:
/// 1, not trumps, not worth 4, not declared; 2 (only when there is no such card), middle
/// trumps not declared; 3 (only when there are none of those either), any card not worth 4.
pub fn discard_choices(hand: TarotSet, declared: TarotSet) -> (TarotSet, u8) {
    let four = four_point_cards();
    let tier1 = hand - TarotSet::TRUMPS - four - declared;
    if !tier1.is_empty() {
        return (tier1, 1);
    }
    let tier2 = hand.trumps() - four - declared;
    if !tier2.is_empty() {
        return (tier2, 2);
    }
    (hand - four, 3)
}

/// A three-card trick in the order played: the position of the winning card (the highest
/// trump, else the highest card of the suit led) and the capture points its winner scores:
/// half the value of each Affair, Union, Marriage or Trump Marriage that **the winning card**
/// makes with another card of the trick.
///
/// ```
/// use cardsim_engine::games::royal_orgy::three::trick3;
/// let c = |s: &str| s.parse().unwrap();
/// // The page: Page and Knight of spades and Queen of hearts: Union 4 and Affair 3.
/// assert_eq!(trick3([c("JS"), c("CS"), c("QH")]), (1, 7));
/// ```
pub fn trick3(cards: [TarotCard; 3]) -> (usize, u32) {
    let mut best = 0;
    for k in 1..3 {
        if beats(cards[k], cards[best]) {
            best = k;
        }
    }
    let mut points = 0;
    for (k, &x) in cards.iter().enumerate() {
        if k != best {
            if let Some(p) = capture(cards[best], x).and_then(MeldKind::capture_points) {
                points += p;
            }
        }
    }
    (best, points)
}

/// The seat `k` places after `seat` among three.
fn after(seat: Seat, k: usize) -> Seat {
    seat.left(k, 3)
}

/// The most tries at a determinization consistent with the declarations before the last
/// sample (consistent with everything else) is returned as it is.
const TRIES: usize = 20_000;

impl RoyalOrgy {
    /// The eldest hand of the current deal.
    fn eldest3(state: &RoyalOrgyState) -> Seat {
        after(state.dealer, 1)
    }

    /// Deals a three-player hand and makes the declarations.
    pub(super) fn deal3<R: Rng + ?Sized>(&self, state: &mut RoyalOrgyState, rng: &mut R) {
        let mut cards = [TarotCard::from_index(0); 54];
        for (slot, c) in cards.iter_mut().zip(TarotCard::all()) {
            *slot = c;
        }
        cards.shuffle(rng);
        let eldest = Self::eldest3(state);
        let mut hands = [TarotSet::EMPTY; 3];
        let mut skat = TarotSet::EMPTY;
        let mut k = 0;
        for n in [6, 5, 6] {
            skat.insert(cards[k]);
            k += 1;
            for p in 0..3 {
                let seat = after(eldest, p);
                for _ in 0..n {
                    hands[seat.index()].insert(cards[k]);
                    k += 1;
                }
            }
        }
        self.start3(state, hands, skat);
    }

    /// Starts a three-player hand with these hands and skat: the declarations are made and
    /// the eldest is to bid.
    fn start3(&self, state: &mut RoyalOrgyState, hands: [TarotSet; 3], skat: TarotSet) {
        let eldest = Self::eldest3(state);
        state.held = hands;
        state.won = [TarotSet::EMPTY; 3];
        state.tricks = [0; 3];
        state.trick = [None; 3];
        state.leader = eldest;
        state.melder = None;
        state.stock_len = 0;
        state.solo = Solo {
            three: true,
            skat,
            ..Solo::default()
        };
        for (i, &hand) in hands.iter().enumerate() {
            let d = declare(hand, self.sequence);
            state.table[i] = d.cards;
            state.solo.declared[i] = d.cards;
            state.solo.declaration_points[i] = d.points;
            let t = &mut state.totals;
            t.melds += d.melds;
            t.meld_points += d.points;
            t.royal_orgies += d.royal_orgies;
            t.full_courts += d.full_courts;
        }
    }

    /// A three-player game at the start of a deal by `dealer` with these hands (by seat) and
    /// skat, the declarations made and the eldest to bid; scores zero. For tests and
    /// analysis.
    ///
    /// # Panics
    /// If this is not the three-player game, or the cards do not partition the deck into
    /// 17, 17, 17 and 3.
    pub fn deal3_at(&self, dealer: Seat, hands: [TarotSet; 3], skat: TarotSet) -> RoyalOrgyState {
        assert_eq!(self.players, 3, "a three-player position");
        assert_eq!(hands[0] | hands[1] | hands[2] | skat, TarotSet::DECK);
        assert!(hands.iter().all(|h| h.len() == HAND3) && skat.len() == SKAT);
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
        let mut s = crate::Game::deal(self, &mut rng);
        s.dealer = dealer;
        s.totals = super::Totals::default();
        self.start3(&mut s, hands, skat);
        s
    }

    pub(super) fn seat_to_move3(&self, state: &RoyalOrgyState) -> ToMove {
        if state.over {
            return ToMove::Over;
        }
        let solo = &state.solo;
        match solo.phase {
            Phase::Bidding => ToMove::Seat(after(Self::eldest3(state), solo.passes.into())),
            Phase::Exchange => ToMove::Seat(solo.soloist.expect("a soloist")),
            Phase::Play => {
                let n = state.trick.iter().flatten().count();
                ToMove::Seat(after(state.leader, n))
            }
        }
    }

    pub(super) fn legal3(
        &self,
        state: &RoyalOrgyState,
        seat: Seat,
        out: &mut Vec<RoyalOrgyAction>,
    ) {
        let i = seat.index();
        match state.solo.phase {
            Phase::Bidding => out.extend([RoyalOrgyAction::Pass, RoyalOrgyAction::Solo]),
            Phase::Exchange => {
                let (cards, _) = discard_choices(state.held[i], state.solo.declared[i]);
                out.extend(cards.iter().map(RoyalOrgyAction::Discard));
            }
            Phase::Play => {
                let held = state.held[i];
                let cards = match state.led() {
                    Some(led) => {
                        let follow = held.of_follow(led.follows());
                        if !follow.is_empty() {
                            follow
                        } else if !held.trumps().is_empty() {
                            held.trumps()
                        } else {
                            held
                        }
                    }
                    None => held,
                };
                out.extend(cards.iter().map(RoyalOrgyAction::Play));
            }
        }
    }

    fn start_exchange(state: &mut RoyalOrgyState, soloist: Seat) {
        let solo = &mut state.solo;
        solo.soloist = Some(soloist);
        solo.phase = Phase::Exchange;
        state.held[soloist.index()] |= solo.skat;
        solo.skat = TarotSet::EMPTY;
    }

    pub(super) fn apply3<R: Rng + ?Sized>(
        &self,
        state: &mut RoyalOrgyState,
        seat: Seat,
        action: RoyalOrgyAction,
        rng: &mut R,
    ) {
        let i = seat.index();
        match action {
            RoyalOrgyAction::Solo => {
                debug_assert_eq!(state.solo.phase, Phase::Bidding);
                Self::start_exchange(state, seat);
            }
            RoyalOrgyAction::Pass => {
                debug_assert_eq!(state.solo.phase, Phase::Bidding);
                state.solo.passes += 1;
                if state.solo.passes == 3 {
                    // The most declaration points plays; among equals the first in the
                    // bidding order.
                    let eldest = Self::eldest3(state);
                    let mut best = eldest;
                    for k in 1..3 {
                        let s = after(eldest, k);
                        if state.solo.declaration_points[s.index()]
                            > state.solo.declaration_points[best.index()]
                        {
                            best = s;
                        }
                    }
                    state.solo.forced = true;
                    Self::start_exchange(state, best);
                }
            }
            RoyalOrgyAction::Discard(c) => {
                let solo = &mut state.solo;
                debug_assert_eq!(solo.phase, Phase::Exchange);
                let (_, tier) = discard_choices(state.held[i], solo.declared[i]);
                state.held[i].remove(c);
                state.table[i].remove(c);
                solo.discards.insert(c);
                if tier > 1 || c.is_trump() || solo.declared[i].contains(c) {
                    solo.shown.insert(c);
                }
                // A discard from a later tier shows that the earlier tiers were empty.
                let four = four_point_cards();
                if tier >= 2 {
                    solo.excluded[i] |= TarotSet::SUIT_CARDS - four - solo.declared[i];
                }
                if tier >= 3 {
                    solo.excluded[i] |= TarotSet::TRUMPS - four - solo.declared[i];
                }
                if solo.discards.len() == SKAT {
                    solo.phase = Phase::Play;
                    state.leader = Self::eldest3(state);
                }
            }
            RoyalOrgyAction::Play(c) => {
                debug_assert!(state.held[i].contains(c));
                let led = state.led();
                state.held[i].remove(c);
                state.table[i].remove(c);
                state.solo.played_by[i].insert(c);
                if let Some(led) = led {
                    if led.follows() != c.follows() {
                        state.solo.excluded[i] |= TarotSet::DECK.of_follow(led.follows());
                        if !c.is_trump() {
                            state.solo.excluded[i] |= TarotSet::TRUMPS;
                        }
                    }
                }
                state.trick[i] = Some(c);
                if state.trick.iter().flatten().count() < 3 {
                    return;
                }
                let leader = state.leader;
                let order = [0, 1, 2].map(|k| after(leader, k));
                let cards = order.map(|s| state.trick[s.index()].expect("a full trick"));
                let (k, points) = trick3(cards);
                let winner = order[k];
                let w = winner.index();
                let cards: TarotSet = cards.into_iter().collect();
                state.solo.captures[w] += points;
                state.totals.capture_points += points;
                state.won[w] |= cards;
                state.tricks[w] += 1;
                state.trick = [None; 3];
                state.leader = winner;
                if state.held.iter().all(|h| h.is_empty()) {
                    self.end_hand3(state, rng);
                }
            }
            RoyalOrgyAction::Meld(_) => panic!("no melds in play with three players"),
        }
    }

    /// The soloist's card points this hand: its tricks' cards and the discard, and 1 a
    /// trick (the discard being one).
    pub fn soloist_card_points(state: &RoyalOrgyState) -> Option<u32> {
        let s = state.solo.soloist?.index();
        Some(
            card_points(state.won[s] | state.solo.discards)
                + u32::from(state.tricks[s])
                + u32::from(state.solo.phase == Phase::Play),
        )
    }

    fn end_hand3<R: Rng + ?Sized>(&self, state: &mut RoyalOrgyState, rng: &mut R) {
        let soloist = state.solo.soloist.expect("a soloist");
        let cp = Self::soloist_card_points(state).expect("a soloist");
        let made = cp >= CONTRACT;
        let own =
            state.solo.declaration_points[soloist.index()] + state.solo.captures[soloist.index()];
        for s in Seat::all(3) {
            let i = s.index();
            if s == soloist {
                if made {
                    state.scores[i] += BONUS + own;
                }
            } else {
                state.scores[i] += state.solo.declaration_points[i] + state.solo.captures[i];
                if !made {
                    state.scores[i] += own.div_ceil(2);
                }
            }
        }
        let eldest = Self::eldest3(state);
        let e = eldest.index();
        let t = &mut state.totals;
        t.solos += 1;
        t.solos_made += u32::from(made);
        t.forced_solos += u32::from(state.solo.forced);
        t.soloist_card_points += cp;
        t.card_points += 70;
        t.elder_card_points += if eldest == soloist {
            cp
        } else {
            card_points(state.won[e]) + u32::from(state.tricks[e])
        };
        state.hands += 1;
        let (top, second) = super::top_two(&state.scores);
        let over = if self.deals > 0 {
            state.hands >= self.deals
        } else {
            top >= self.target && top > second
        };
        if over || state.hands >= self.max_hands {
            state.over = true;
            return;
        }
        state.dealer = after(state.dealer, 1);
        self.deal3(state, rng);
    }

    pub(super) fn observe3(&self, state: &RoyalOrgyState, seat: Seat) -> RoyalOrgyObservation {
        let mut view = state.clone();
        let mut concealed = [0u8; 3];
        for o in Seat::all(3) {
            if o == seat {
                continue;
            }
            let i = o.index();
            concealed[i] = (state.held[i] - state.table[i]).len() as u8;
            view.held[i] = state.table[i];
        }
        view.solo.skat = TarotSet::EMPTY;
        let mut hidden = 0;
        if state.solo.soloist != Some(seat) {
            hidden = (state.solo.discards - state.solo.shown).len() as u8;
            view.solo.discards = state.solo.shown;
        }
        RoyalOrgyObservation {
            seat,
            hidden,
            view,
            sequence: self.sequence,
            concealed,
        }
    }

    /// Uniform over the deals consistent with the observation: the concealed cards of the
    /// others, the skat (before the exchange) or the soloist's face-down discards are dealt
    /// respecting the public facts (voids, what the discards showed, the discard rule) and
    /// then kept only if every hand's declarations are exactly those it made (for the
    /// soloist, seen by a defender, with a random choice of which three of its cards were
    /// the skat, so that each deal counts as often as it has consistent skats).
    pub(super) fn determinize3<R: Rng + ?Sized>(
        &self,
        obs: &RoyalOrgyObservation,
        rng: &mut R,
    ) -> RoyalOrgyState {
        let v = &obs.view;
        let solo = &v.solo;
        let me = obs.seat;
        let unseen = obs.unseen();
        let mut cards = [TarotCard::from_index(0); 54];
        let mut n = 0;
        for c in unseen {
            cards[n] = c;
            n += 1;
        }
        // The sampler works on `CardSet`s: the k-th unseen card is the k-th bit that holds a
        // card (every bit but slot 1 of each 16-bit lane).
        let slot = |k: usize| {
            let lane = k / 15;
            let i = k % 15;
            16 * lane + if i == 0 { 0 } else { i + 1 }
        };
        let compact = |set: TarotSet| {
            let mut bits = 0u64;
            for (k, &c) in cards[..n].iter().enumerate() {
                if set.contains(c) {
                    bits |= 1 << slot(k);
                }
            }
            CardSet::from_bits(bits)
        };
        // Buckets: the two others (by seat), then the skat or the hidden discards.
        let soloist_hidden = solo.phase != Phase::Bidding && solo.soloist != Some(me);
        let checked = |o: Seat| solo.phase == Phase::Bidding || solo.soloist != Some(o);
        let mut seats: ArrayVec<Seat, 2> = ArrayVec::new();
        let mut hands: ArrayVec<HiddenHand, 3> = ArrayVec::new();
        for o in Seat::all(3).filter(|&o| o != me) {
            let i = o.index();
            let mut excluded = solo.excluded[i];
            if checked(o) {
                // A card that would make a meld with what the seat declared or played.
                let base = solo.declared[i] | solo.played_by[i];
                for c in unseen {
                    if !meld_cards(base.with(c)).is_subset(solo.declared[i]) {
                        excluded.insert(c);
                    }
                }
            }
            seats.push(o);
            hands.push(HiddenHand {
                count: obs.concealed[i].into(),
                excluded: compact(excluded),
            });
        }
        if solo.phase == Phase::Bidding {
            hands.push(HiddenHand {
                count: SKAT,
                excluded: CardSet::EMPTY,
            });
        } else if obs.hidden > 0 {
            hands.push(HiddenHand {
                count: obs.hidden.into(),
                excluded: compact(TarotSet::TRUMPS | four_point_cards()),
            });
        }
        let total: usize = hands.iter().map(|h| h.count).sum();
        assert_eq!(
            total, n,
            "an observation of a real game accounts for every unseen card"
        );
        let all = compact(unseen);
        let expand = |set: CardSet| {
            let mut out = TarotSet::EMPTY;
            for (k, &c) in cards[..n].iter().enumerate() {
                if set.bits() >> slot(k) & 1 == 1 {
                    out.insert(c);
                }
            }
            out
        };
        let mut out = [CardSet::EMPTY; 4];
        let mut state = v.clone();
        for _ in 0..TRIES {
            let ok = sample_deal_into(all, &hands, &mut out, rng);
            assert!(ok, "no deal is consistent with the observation");
            state = v.clone();
            let mut good = true;
            for (k, &o) in seats.iter().enumerate() {
                let i = o.index();
                let hidden = expand(out[k]);
                state.held[i] |= hidden;
                if checked(o) {
                    let orig = solo.declared[i] | solo.played_by[i] | hidden;
                    good &= meld_cards(orig) == solo.declared[i];
                }
            }
            if hands.len() > 2 {
                let rest = expand(out[2]);
                if solo.phase == Phase::Bidding {
                    state.solo.skat = rest;
                } else {
                    state.solo.discards |= rest;
                }
            }
            if good && soloist_hidden {
                // Which three of the soloist's undeclared cards were the skat: a uniform
                // choice, kept only if the rest declares exactly what it did.
                let s = solo.soloist.expect("a soloist").index();
                let pool = state.held[s] | solo.played_by[s] | state.solo.discards;
                let free = pool - solo.declared[s];
                let mut list = [TarotCard::from_index(0); 20];
                let mut m = 0;
                for c in free {
                    list[m] = c;
                    m += 1;
                }
                let list = &mut list[..m];
                let (skat, _) = list.partial_shuffle(rng, SKAT);
                let skat: TarotSet = skat.iter().copied().collect();
                good = meld_cards(pool - skat) == solo.declared[s];
            }
            if good {
                break;
            }
        }
        state
    }

    pub(super) fn check3(&self, s: &RoyalOrgyState) -> Result<(), String> {
        let solo = &s.solo;
        let parts = [
            s.held[0],
            s.held[1],
            s.held[2],
            s.won[0],
            s.won[1],
            s.won[2],
            s.played() - s.won[0] - s.won[1] - s.won[2],
            solo.skat,
            solo.discards,
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
        if all != TarotSet::DECK || n != 54 {
            return Err(format!("{n} cards accounted for, not 54"));
        }
        if s.over {
            return Ok(());
        }
        let tricks: usize = s.tricks.iter().map(|&t| usize::from(t)).sum();
        for i in 0..3 {
            if !s.table[i].is_subset(s.held[i]) || !s.table[i].is_subset(solo.declared[i]) {
                return Err(format!("seat {i}: a declared card it does not hold"));
            }
            if !solo.excluded[i].is_disjoint(s.held[i] - solo.declared[i]) {
                return Err(format!("seat {i} holds a card it is known not to hold"));
            }
            if s.won[i].len() != 3 * usize::from(s.tricks[i]) {
                return Err(format!("seat {i}: won cards and tricks disagree"));
            }
            let played = usize::from(s.trick[i].is_some());
            let soloist = solo.soloist == Some(Seat::new(i));
            let expect = match solo.phase {
                Phase::Bidding => HAND3,
                Phase::Exchange if soloist => HAND3 + SKAT - solo.discards.len(),
                Phase::Exchange => HAND3,
                Phase::Play => HAND3 - tricks - played,
            };
            if s.held[i].len() != expect {
                return Err(format!(
                    "seat {i} holds {} cards, not {expect}",
                    s.held[i].len()
                ));
            }
        }
        match solo.phase {
            Phase::Bidding => {
                if solo.skat.len() != SKAT || solo.passes > 2 || solo.soloist.is_some() {
                    return Err("a bad bidding state".into());
                }
            }
            Phase::Exchange | Phase::Play => {
                if !solo.skat.is_empty() || solo.soloist.is_none() {
                    return Err("the skat was not taken".into());
                }
                if solo.phase == Phase::Play && solo.discards.len() != SKAT {
                    return Err("play began before three discards".into());
                }
                if !solo.shown.is_subset(solo.discards)
                    || !(solo.discards - solo.shown).is_disjoint(TarotSet::TRUMPS)
                    || !solo.discards.is_disjoint(four_point_cards())
                {
                    return Err("a discard broke the rules".into());
                }
            }
        }
        if s.trick.iter().flatten().count() == 3 {
            return Err("a full trick left on the table".into());
        }
        let won: u32 = (0..3).map(|i| card_points(s.won[i])).sum();
        if won + card_points(solo.discards) > 52 {
            return Err("more than 52 card points won".into());
        }
        Ok(())
    }
}
