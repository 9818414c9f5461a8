//! The search itself: fail-soft null-window alpha-beta over single plays under an MTD(f)
//! driver, the transposition table ([`super::table`]) probed at trick boundaries, quick-trick
//! and trump-length bounds, move ordering (heuristics, the table's best lead, cut-off cards),
//! and skipping of cards the result shows to be equivalent. Works in *lane space*: every card is remapped to (effective suit lane,
//! strength slot), with the strongest card of a lane in slot 15, so any [`CardOrder`] of the
//! shared core becomes a standard four-suit order (plus optional tie classes).
//!
//! [`CardOrder`]: cardsim_engine::tricks::CardOrder

use super::table::{Table, NO_MOVE};

const LANE: u64 = 0xFFFF;
const CHOICE_W: i16 = 35;
const RHO_W: i16 = 60;
const FIN_W: i16 = 150;
const NEXT_W: i16 = 150;
const DISC_W: i16 = 3;
const RUN_W: i16 = -40;

/// The fixed rules of one search: trump lane, obligation, sides, seating, ties.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Rules {
    /// Trump lane, or 4 for none.
    pub trump: u8,
    /// Void players must trump if able.
    pub must_trump: bool,
    /// Bit `p` set: seat `p` is on the maximizing side.
    pub max_side: u8,
    /// The next seat to play after seat `p` (only active seats).
    pub next: [u8; 4],
    /// Number of active seats.
    pub active: u8,
    /// Per lane-space card index, its tie class (strength); `None` when no two cards that can
    /// meet are equally strong.
    pub classes: Option<[u8; 64]>,
    /// With ties, the last played of equals wins.
    pub tie_last: bool,
}

/// One search over a position in lane space.
pub(crate) struct Search<'t> {
    pub hands: [u64; 4],
    pub rules: Rules,
    pub trick: [u8; 4],
    pub trick_seats: [u8; 4],
    pub trick_len: u8,
    pub leader: u8,
    pub table: &'t mut Table,
    pub nodes: u64,
    /// The distribution of `hands` (see [`Search::key_parts`]), kept in step by
    /// [`Search::take`].
    pub dist: u128,
    /// The owner sequence of `hands`, kept in step by [`Search::take`].
    pub seq: u128,
}

#[inline]
fn lane_of(c: u8) -> usize {
    (c >> 4) as usize
}

/// Bits `0..=b`.
#[inline]
fn upto(b: u8) -> u64 {
    u64::MAX >> (63 - b)
}

#[inline]
fn high_bit(x: u64) -> u8 {
    63 - x.leading_zeros() as u8
}

/// Moves with their ordering scores: representatives of runs of equivalent cards, each with
/// the top card of its run. A hand of up to 16 cards gives at most 16 moves.
struct Moves {
    cards: [u8; 16],
    tops: [u8; 16],
    scores: [i16; 16],
    len: usize,
}

impl Moves {
    /// Moves the move whose run holds `card` (if any) to the front.
    #[inline]
    fn promote(&mut self, card: u8) {
        if card == NO_MOVE {
            return;
        }
        for i in 0..self.len {
            if lane_of(self.cards[i]) == lane_of(card)
                && self.cards[i] <= card
                && card <= self.tops[i]
            {
                let (c, t, sc) = (self.cards[i], self.tops[i], self.scores[i]);
                for j in (0..i).rev() {
                    self.cards[j + 1] = self.cards[j];
                    self.tops[j + 1] = self.tops[j];
                    self.scores[j + 1] = self.scores[j];
                }
                self.cards[0] = c;
                self.tops[0] = t;
                self.scores[0] = sc;
                return;
            }
        }
    }

    fn new() -> Moves {
        Moves {
            cards: [0; 16],
            tops: [0; 16],
            scores: [0; 16],
            len: 0,
        }
    }
    #[inline]
    fn push(&mut self, card: u8, top: u8, score: i16) {
        // Insertion keeping scores descending.
        let mut i = self.len;
        while i > 0 && self.scores[i - 1] < score {
            self.cards[i] = self.cards[i - 1];
            self.tops[i] = self.tops[i - 1];
            self.scores[i] = self.scores[i - 1];
            i -= 1;
        }
        self.cards[i] = card;
        self.tops[i] = top;
        self.scores[i] = score;
        self.len += 1;
    }
}

/// The relevance set of a played run: if the cards that mattered below reach into the run
/// (at or below its top card), the run's lowest card joins them, so that every card of the
/// run lies inside the matched top cards and any of them stands for the others.
#[inline]
fn with_run(w: u64, rep: u8, top: u8) -> u64 {
    let lane = LANE << (16 * lane_of(rep) as u32);
    if w & lane & upto(top) != 0 {
        w | 1 << rep
    } else {
        w
    }
}

/// Per lane, the lowest card index of the lane: a floor that skips nothing.
const LANE_FLOORS: [u8; 4] = [0, 16, 32, 48];

impl Search<'_> {
    /// A hash of what decides the best move at this node, for the cut-off move table: on lead,
    /// the hand (and the target in trump games); following suit, the live cards of the led
    /// lane and the card winning so far; void, the hand and who or what is winning.
    #[inline]
    fn killer_key(&self, seat: u8, target: i32, w: usize) -> u64 {
        let trump_game = self.rules.trump < 4;
        let need = if trump_game { target as u64 } else { 0 };
        let hand = self.hands[seat as usize];
        let (a, b) = if self.trick_len == 0 {
            (hand, need << 8 | seat as u64)
        } else {
            let led = LANE << (16 * lane_of(self.trick[0]));
            let pos = (self.trick_len as u64) << 2 | self.leader as u64;
            if hand & led != 0 {
                (
                    self.all_with_trick() & led,
                    1 << 20 | (self.trick[w] as u64) << 8 | pos,
                )
            } else {
                let win = if trump_game {
                    self.trick[w]
                } else {
                    self.trick_seats[w]
                };
                (hand, 2 << 20 | need << 14 | (win as u64) << 8 | pos)
            }
        };
        let h = (a ^ b.rotate_left(40)).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        let h = (h ^ h >> 31).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^ h >> 29
    }

    /// True when the cards of `cands` form one run of equivalent cards: one lane, no live card
    /// of another hand or the trick between them, and no tie classes.
    #[inline]
    fn single_run(&self, cands: u64) -> bool {
        if self.rules.classes.is_some() {
            return false;
        }
        let (lo, hi) = (cands.trailing_zeros() as u8, high_bit(cands));
        if lo >> 4 != hi >> 4 {
            return false;
        }
        let span = upto(hi) & !((1u64 << lo) - 1);
        self.all_with_trick() & span == cands
    }

    /// After a card failed to cut off with relevance `w`: if no relevant card of its lane lies
    /// at or below the top of its run, every card of the same hand in that lane below the
    /// lowest relevant card (all of them if none is relevant) gives the same result, so the
    /// floor under which moves are skipped rises to that card.
    #[inline]
    fn raise_floor(&self, floor: &mut [u8; 4], w: u64, c: u8, top: u8) {
        if self.rules.classes.is_some() {
            return;
        }
        let lane = lane_of(c);
        let rel = w >> (16 * lane) & LANE;
        let low = if rel == 0 {
            16
        } else {
            rel.trailing_zeros() as u8
        };
        if low > top & 15 {
            let f = (lane as u8) << 4 | low;
            if f > floor[lane] {
                floor[lane] = f;
            }
        }
    }

    #[inline]
    fn all(&self) -> u64 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
    }

    #[inline]
    fn is_max(&self, seat: u8) -> bool {
        self.rules.max_side >> seat & 1 == 1
    }

    #[inline]
    fn to_play(&self) -> u8 {
        if self.trick_len == 0 {
            self.leader
        } else {
            self.rules.next[self.trick_seats[self.trick_len as usize - 1] as usize]
        }
    }

    /// Does challenger `c`, played later, beat the current best `b`?
    #[inline]
    fn beats(&self, c: u8, b: u8) -> bool {
        let (lc, lb) = (lane_of(c), lane_of(b));
        if lc == lb {
            match &self.rules.classes {
                None => c > b,
                Some(k) => {
                    if self.rules.tie_last {
                        k[c as usize] >= k[b as usize]
                    } else {
                        k[c as usize] > k[b as usize]
                    }
                }
            }
        } else {
            lc == self.rules.trump as usize
        }
    }

    /// Index in the trick of the card winning so far.
    #[inline]
    fn winning(&self) -> usize {
        let mut best = 0;
        for i in 1..self.trick_len as usize {
            if self.beats(self.trick[i], self.trick[best]) {
                best = i;
            }
        }
        best
    }

    /// The relevance of a completed trick: its winner if it beat another card of its own
    /// lane (won by rank), nothing if it won by being the only card of its lane.
    #[inline]
    fn trick_relevance(&self, w: usize) -> u64 {
        let c = self.trick[w];
        for i in 0..self.trick_len as usize {
            if i != w && lane_of(self.trick[i]) == lane_of(c) {
                return if self.rules.classes.is_some() {
                    self.all_with_trick()
                } else {
                    1 << c
                };
            }
        }
        0
    }

    #[inline]
    fn all_with_trick(&self) -> u64 {
        let mut live = self.all();
        for i in 0..self.trick_len as usize {
            live |= 1 << self.trick[i];
        }
        live
    }

    /// The cards `seat` may play now.
    #[inline]
    fn legal(&self, seat: u8) -> u64 {
        let hand = self.hands[seat as usize];
        if self.trick_len == 0 {
            return hand;
        }
        let led = lane_of(self.trick[0]);
        let follow = hand & (LANE << (16 * led));
        if follow != 0 {
            return follow;
        }
        if self.rules.must_trump && self.rules.trump < 4 {
            let t = hand & (LANE << (16 * self.rules.trump as u32));
            if t != 0 {
                return t;
            }
        }
        hand
    }

    /// Solves: the maximizing side's tricks from here (current trick included).
    pub(crate) fn value(&mut self) -> u8 {
        self.value_from(None)
    }

    /// Like [`Search::value`], trying `guess` first: when the guess is right only the two
    /// tight null-window searches are made.
    pub(crate) fn value_from(&mut self, guess: Option<u8>) -> u8 {
        let r = self.remaining_tricks() as i32;
        let (mut lo, mut hi) = (0, r);
        if self.trick_len == 0 && r > 0 {
            let (dist, seq, extra) = self.key();
            if let Some(h) = self.table.probe(dist, seq, extra, -1) {
                lo = lo.max(h.lo as i32);
                hi = hi.min(h.hi as i32);
            }
        }
        // MTD(f): test "at least t" with t next to the best estimate so far; each fail-soft
        // answer is a bound that moves the estimate. Without a guess, start in the middle.
        let mut g = guess.map_or_else(|| self.estimate() as i32, |g| g as i32);
        while lo < hi {
            let t = g.clamp(lo + 1, hi);
            let v = self.node(t).0;
            if v >= t {
                lo = v.max(lo);
                g = lo + 1;
            } else {
                hi = v.min(hi);
                g = hi;
            }
        }
        lo as u8
    }

    /// A quick estimate of [`Search::value`]: the maximizing side's tricks when every player
    /// plays the card that move ordering puts first.
    fn estimate(&mut self) -> u8 {
        let saved = (
            self.hands,
            self.trick,
            self.trick_seats,
            self.trick_len,
            self.leader,
            self.dist,
            self.seq,
        );
        let mut won = 0;
        let mut moves = Moves::new();
        loop {
            let seat = self.to_play();
            if self.hands[seat as usize] == 0 {
                break;
            }
            moves.len = 0;
            if self.trick_len == 0 {
                self.lead_moves(seat, NO_MOVE, &mut moves);
            } else {
                let w = self.winning();
                self.follow_moves(seat, w, &mut moves);
            }
            let c = moves.cards[0];
            self.take(seat, c);
            let pos = self.trick_len as usize;
            self.trick[pos] = c;
            self.trick_seats[pos] = seat;
            self.trick_len += 1;
            if self.trick_len == self.rules.active {
                let winner = self.trick_seats[self.winning()];
                won += self.is_max(winner) as u8;
                self.leader = winner;
                self.trick_len = 0;
            }
        }
        (
            self.hands,
            self.trick,
            self.trick_seats,
            self.trick_len,
            self.leader,
            self.dist,
            self.seq,
        ) = saved;
        won
    }

    /// Tricks still to be completed, the current one included.
    pub(crate) fn remaining_tricks(&self) -> u32 {
        // The seat to play has not played to this trick yet.
        self.hands[self.to_play() as usize].count_ones()
    }

    /// A fail-soft null-window test of "the maximizing side takes at least `target` of the
    /// remaining tricks (the current one included)": a value `v` with `v >= target` is a
    /// lower bound of the true value, and `v < target` an upper bound; and the cards whose
    /// ranks the answer relied on.
    pub(crate) fn node(&mut self, target: i32) -> (i32, u64) {
        if self.trick_len == 0 {
            self.lead_node(target)
        } else {
            self.follow_node(target)
        }
    }

    /// The position at a trick boundary: its distribution (leader and every lane length of
    /// every hand), the owners of every lane's cards from the top, and (with tie classes) the
    /// exact cards.
    fn key(&self) -> (u128, u128, u64) {
        let extra = if self.rules.classes.is_some() {
            self.all()
        } else {
            0
        };
        (self.dist | (self.leader as u128) << 80, self.seq, extra)
    }

    /// The distribution (lane lengths of every hand, 5 bits each, hand `h` lane `l` at bit
    /// `5 * (4h + l)`) and the owner sequence (per lane 32 bits, two owner bits per card from
    /// the top card down) of `hands`, computed from scratch.
    pub(crate) fn key_parts(hands: &[u64; 4]) -> (u128, u128) {
        let all = hands[0] | hands[1] | hands[2] | hands[3];
        let mut dist: u128 = 0;
        for (h, hand) in hands.iter().enumerate() {
            for lane in 0..4 {
                dist |=
                    (((hand >> (16 * lane)) & LANE).count_ones() as u128) << (5 * (4 * h + lane));
            }
        }
        let b0 = hands[1] | hands[3];
        let b1 = hands[2] | hands[3];
        let mut seq: u128 = 0;
        for lane in 0..4 {
            let mut m = (all >> (16 * lane)) & LANE;
            let (o0, o1) = ((b0 >> (16 * lane)) & LANE, (b1 >> (16 * lane)) & LANE);
            let mut field: u32 = 0;
            let mut k = 0;
            while m != 0 {
                let b = high_bit(m);
                m ^= 1 << b;
                field |= (((o0 >> b & 1) | (o1 >> b & 1) << 1) as u32) << (2 * k);
                k += 1;
            }
            seq |= (field as u128) << (32 * lane);
        }
        (dist, seq)
    }

    /// Takes card `c` out of `seat`'s hand, keeping the distribution and owner sequence in
    /// step; returns what [`Search::put_back`] needs.
    #[inline]
    pub(crate) fn take(&mut self, seat: u8, c: u8) -> (u128, u128) {
        let saved = (self.dist, self.seq);
        let lane = lane_of(c);
        let live = self.all() >> (16 * lane) & LANE;
        let k = (live >> (c & 15) >> 1).count_ones();
        let field = (self.seq >> (32 * lane)) as u64 & 0xFFFF_FFFF;
        let nf = (field & ((1u64 << (2 * k)) - 1)) | (field >> (2 * k + 2)) << (2 * k);
        self.seq = self.seq & !(0xFFFF_FFFFu128 << (32 * lane)) | (nf as u128) << (32 * lane);
        self.dist -= 1u128 << (5 * (4 * seat as usize + lane));
        self.hands[seat as usize] ^= 1 << c;
        saved
    }

    /// Undoes [`Search::take`].
    #[inline]
    pub(crate) fn put_back(&mut self, seat: u8, c: u8, saved: (u128, u128)) {
        (self.dist, self.seq) = saved;
        self.hands[seat as usize] ^= 1 << c;
    }

    /// The owner-bit mask of a relevance set: per lane, every card from the top down to the
    /// lowest relevant one.
    fn mask_of(&self, w: u64) -> u128 {
        let all = self.all();
        let mut mask = 0u128;
        for lane in 0..4 {
            let wl = (w >> (16 * lane)) & LANE;
            if wl == 0 {
                continue;
            }
            let low = wl.trailing_zeros();
            let depth = (((all >> (16 * lane)) & LANE) >> low).count_ones();
            let field: u128 = if depth >= 16 {
                0xFFFF_FFFF
            } else {
                (1u128 << (2 * depth)) - 1
            };
            mask |= field << (32 * lane);
        }
        mask
    }

    /// The relevance set an owner-bit mask stands for in this position: per lane, the lowest
    /// of the covered top cards.
    fn relevance_of(&self, mask: u128) -> u64 {
        let all = self.all();
        let mut w = 0u64;
        for lane in 0..4 {
            let field = (mask >> (32 * lane)) as u32;
            if field == 0 {
                continue;
            }
            // The field covers the top `depth` cards: its low 2 * depth bits are set.
            let depth = (!field).trailing_zeros() / 2;
            let mut m = (all >> (16 * lane)) & LANE;
            for _ in 1..depth {
                m &= !(1 << high_bit(m | 1));
            }
            if m != 0 {
                w |= 1u64 << (16 * lane as u32 + high_bit(m) as u32);
            }
        }
        w
    }

    /// The last trick, every active hand holding one card: the maximizing side's trick (0
    /// or 1), and the relevance.
    fn last_trick(&mut self) -> (i32, u64) {
        let mut seat = self.leader;
        for i in 0..self.rules.active as usize {
            self.trick[i] = self.hands[seat as usize].trailing_zeros() as u8;
            self.trick_seats[i] = seat;
            seat = self.rules.next[seat as usize];
        }
        self.trick_len = self.rules.active;
        let w = self.winning();
        let rel = self.trick_relevance(w);
        let win = self.is_max(self.trick_seats[w]);
        self.trick_len = 0;
        (win as i32, rel)
    }

    /// A bound found at a lead node: stores it (a lower bound when `v >= target`, else an
    /// upper bound) and returns it.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn bound(
        &mut self,
        key: (u128, u128, u64),
        r: i32,
        target: i32,
        v: i32,
        rel: u64,
        best: u8,
    ) -> (i32, u64) {
        let (dist, seq, extra) = key;
        let (lo, hi) = if v >= target { (v, r) } else { (0, v) };
        let mask = self.mask_of(rel);
        self.table
            .store(dist, seq, mask, extra, lo as u8, hi as u8, best, r as u8);
        (v, rel)
    }

    fn lead_node(&mut self, target: i32) -> (i32, u64) {
        self.nodes += 1;
        let r = self.hands[self.leader as usize].count_ones() as i32;
        if target <= 0 {
            return (0, 0);
        }
        if target > r {
            return (r, 0);
        }
        if r == 1 {
            return self.last_trick();
        }
        let key = self.key();
        let (dist, seq, extra) = key;
        let mut hint = NO_MOVE;
        if let Some(h) = self.table.probe(dist, seq, extra, target) {
            if h.lo as i32 >= target {
                return (h.lo as i32, self.relevance_of(h.mask));
            }
            if (h.hi as i32) < target {
                return (h.hi as i32, self.relevance_of(h.mask));
            }
            hint = h.best;
        }
        let leader = self.leader;
        let maxing = self.is_max(leader);
        if self.rules.classes.is_none() {
            let (qt, rel) = self.fast_tricks(leader);
            let (q1, rel1) = self.quick_tricks(leader);
            let (qt, rel) = if q1 > qt { (q1, rel1) } else { (qt, rel) };
            let tl = self.trump_length_tricks(maxing);
            let (qt, rel) = if tl > qt { (tl, 0) } else { (qt, rel) };
            let qt = qt as i32;
            if maxing && qt >= target {
                return self.bound(key, r, target, qt, rel, NO_MOVE);
            }
            if !maxing && r - qt < target {
                return self.bound(key, r, target, r - qt, rel, NO_MOVE);
            }
            // Top trumps in one hand always win: sure tricks for the side not on lead; and it
            // wins this trick if it holds the top card of every lane the leader can lead.
            let (sure, srel) = self.sure_trump_tricks(!maxing);
            let (sure, srel) = if sure == 0 {
                self.wins_any_lead(leader)
            } else {
                (sure, srel)
            };
            let tl = self.trump_length_tricks(!maxing);
            let (sure, srel) = if tl > sure { (tl, 0) } else { (sure, srel) };
            let sure = sure as i32;
            if !maxing && sure >= target {
                return self.bound(key, r, target, sure, srel, NO_MOVE);
            }
            if maxing && r - sure < target {
                return self.bound(key, r, target, r - sure, srel, NO_MOVE);
            }
            // The side on lead needs every trick but cannot keep the lead throughout.
            let needs_all = if maxing { target == r } else { target == 1 };
            if needs_all {
                if let Some((most, lrel)) = self.lead_side_all_bound(leader) {
                    if (most as i32) < r {
                        let v = if maxing { r - 1 } else { 1 };
                        return self.bound(key, r, target, v, lrel, NO_MOVE);
                    }
                }
            }
        }
        let hint_card = self.decode_hint(hint);
        let kkey = self.killer_key(leader, target, 0);
        let mut moves = Moves::new();
        self.lead_moves(leader, hint_card, &mut moves);
        if hint_card == NO_MOVE {
            moves.promote(self.table.killer(kkey));
        }
        let mut rel_all = 0u64;
        let mut floor = LANE_FLOORS;
        // The best value so far for the side to move (fail-soft).
        let mut best = if maxing { 0 } else { r };
        for i in 0..moves.len {
            let c = moves.cards[i];
            if moves.tops[i] < floor[lane_of(c)] {
                continue;
            }
            let saved = self.take(leader, c);
            self.trick[0] = c;
            self.trick_seats[0] = leader;
            self.trick_len = 1;
            let (v, w) = self.follow_node(target);
            self.trick_len = 0;
            self.put_back(leader, c, saved);
            let w = with_run(w, c, moves.tops[i]);
            if (v >= target) == maxing {
                if i > 0 {
                    self.table.set_killer(kkey, c);
                }
                let code = self.encode_hint(c);
                return self.bound(key, r, target, v, w, code);
            }
            best = if maxing { best.max(v) } else { best.min(v) };
            rel_all |= w;
            self.raise_floor(&mut floor, w, c, moves.tops[i]);
        }
        self.bound(key, r, target, best, rel_all, NO_MOVE)
    }

    fn follow_node(&mut self, target: i32) -> (i32, u64) {
        self.nodes += 1;
        let seat = self.to_play();
        let maxing = self.is_max(seat);
        let legal = self.legal(seat);
        let w0 = self.winning();
        if self.rules.classes.is_none() {
            // One trick decides a test that needs one trick or all of them.
            let r = self.remaining_tricks() as i32;
            if target <= 1 || target >= r {
                if let Some((max_wins, rel)) = self.trick_decided(seat, w0) {
                    if max_wins && target <= 1 {
                        return (1, rel);
                    }
                    if !max_wins && target >= r {
                        return (r - 1, rel);
                    }
                }
            }
        }
        let mut moves = Moves::new();
        let kkey = if self.single_run(legal) {
            // One choice: no ordering needed.
            moves.push(legal.trailing_zeros() as u8, high_bit(legal), 0);
            0
        } else {
            let kkey = self.killer_key(seat, target, w0);
            self.follow_moves(seat, w0, &mut moves);
            moves.promote(self.table.killer(kkey));
            kkey
        };
        let pos = self.trick_len as usize;
        let mut rel_all = 0u64;
        let mut floor = LANE_FLOORS;
        let mut best = if maxing {
            0
        } else {
            self.remaining_tricks() as i32
        };
        for i in 0..moves.len {
            let c = moves.cards[i];
            if moves.tops[i] < floor[lane_of(c)] {
                continue;
            }
            let saved_key = self.take(seat, c);
            self.trick[pos] = c;
            self.trick_seats[pos] = seat;
            self.trick_len += 1;
            let (v, w) = if self.trick_len == self.rules.active {
                let win = if self.beats(c, self.trick[w0]) {
                    pos
                } else {
                    w0
                };
                let winner = self.trick_seats[win];
                let trick_rel = self.trick_relevance(win);
                let saved = (self.trick, self.trick_seats, self.leader);
                self.trick_len = 0;
                self.leader = winner;
                let won = self.is_max(winner) as i32;
                let (v, w) = if self.hands[winner as usize] == 0 {
                    (0, 0)
                } else {
                    self.lead_node(target - won)
                };
                (self.trick, self.trick_seats, self.leader) = saved;
                (v + won, w | trick_rel)
            } else {
                self.follow_node(target)
            };
            self.trick_len = pos as u8;
            self.put_back(seat, c, saved_key);
            let w = with_run(w, c, moves.tops[i]);
            if (v >= target) == maxing {
                if i > 0 {
                    self.table.set_killer(kkey, c);
                }
                return (v, w);
            }
            best = if maxing { best.max(v) } else { best.min(v) };
            rel_all |= w;
            self.raise_floor(&mut floor, w, c, moves.tops[i]);
        }
        (best, rel_all)
    }

    /// Relative code of a lead card: lane and rank among the live cards of its lane.
    fn encode_hint(&self, c: u8) -> u8 {
        let lane = lane_of(c);
        let live = (self.all() | 1 << c) >> (16 * lane) & LANE;
        let above = (live >> (c & 15)).count_ones() - 1;
        (lane as u8) << 4 | above as u8
    }

    fn decode_hint(&self, code: u8) -> u8 {
        if code == NO_MOVE {
            return NO_MOVE;
        }
        let lane = (code >> 4) as usize;
        let mut live = self.all() >> (16 * lane) & LANE;
        for _ in 0..(code & 15) {
            if live == 0 {
                return NO_MOVE;
            }
            live ^= 1 << high_bit(live);
        }
        if live == 0 {
            return NO_MOVE;
        }
        (lane as u8) << 4 | high_bit(live)
    }

    /// Calls `f(representative, top of its run)` for every run of candidate cards adjacent
    /// among the live cards (hands and the current trick); the representative is the lowest.
    #[inline]
    fn runs(&self, cands: u64, mut f: impl FnMut(u8, u8)) {
        let live = self.all_with_trick();
        let mut rep: Option<(u8, u8)> = None;
        let mut m = cands;
        while m != 0 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            if let Some((r, p)) = rep {
                if lane_of(p) == lane_of(c) {
                    let between = live & ((1u64 << c) - 1) & !((2u64 << p) - 1);
                    if between == 0 && self.same_class_ok(p, c, live) {
                        rep = Some((r, c));
                        continue;
                    }
                }
                f(r, p);
            }
            rep = Some((c, c));
        }
        if let Some((r, p)) = rep {
            f(r, p);
        }
    }

    /// With tie classes, two adjacent cards are interchangeable only if they are equals or
    /// neither ties with any other live card.
    #[inline]
    fn same_class_ok(&self, a: u8, b: u8, live: u64) -> bool {
        match &self.rules.classes {
            None => true,
            Some(k) => {
                let (ka, kb) = (k[a as usize], k[b as usize]);
                if ka == kb {
                    return true;
                }
                let lane = lane_of(a);
                let mut m = live >> (16 * lane) & LANE;
                while m != 0 {
                    let s = m.trailing_zeros() as u8;
                    m &= m - 1;
                    let x = (lane as u8) << 4 | s;
                    if x != a && x != b && (k[x as usize] == ka || k[x as usize] == kb) {
                        return false;
                    }
                }
                true
            }
        }
    }

    /// Quick tricks for `seat` on lead: its own top cards it can cash one after another, and
    /// the relevance (the lowest card of each run counted).
    fn quick_tricks(&self, seat: u8) -> (u32, u64) {
        let all = self.all();
        let me = self.hands[seat as usize];
        let trump = self.rules.trump as usize;
        let mut partner_hands = 0u64;
        let mut opps = [0u64; 3];
        let mut n_opps = 0;
        let mut s = self.rules.next[seat as usize];
        while s != seat {
            if self.is_max(s) == self.is_max(seat) {
                partner_hands |= self.hands[s as usize];
            } else {
                opps[n_opps] = self.hands[s as usize];
                n_opps += 1;
            }
            s = self.rules.next[s as usize];
        }
        let others = all & !me;
        // My cards above everyone else's in `lane`: (count, lowest of them as a card).
        let top_run = |lane: usize| -> (u32, u64) {
            let mine = me >> (16 * lane) & LANE;
            if mine == 0 {
                return (0, 0);
            }
            let oth = others >> (16 * lane) & LANE;
            let run = if oth == 0 {
                mine
            } else {
                mine & !upto(high_bit(oth))
            };
            if run == 0 {
                return (0, 0);
            }
            (
                run.count_ones(),
                1u64 << (16 * lane as u32 + run.trailing_zeros()),
            )
        };
        let sum_all = || {
            (0..4)
                .map(top_run)
                .fold((0, 0), |(n, w), (k, r)| (n + k, w | r))
        };
        if trump == 4 {
            return sum_all();
        }
        let tmask = LANE << (16 * trump);
        let (tt, trel) = top_run(trump);
        let opp_trumps: u32 = opps[..n_opps]
            .iter()
            .map(|h| (h & tmask).count_ones())
            .max()
            .unwrap_or(0);
        if opp_trumps == 0 {
            return sum_all();
        }
        let mut best_side = (0, 0);
        let partner_trumps = partner_hands & tmask != 0;
        for lane in 0..4 {
            if lane == trump {
                continue;
            }
            let (run, rel) = top_run(lane);
            if run == 0 {
                continue;
            }
            let lmask = LANE << (16 * lane);
            let mut cap = run;
            for h in &opps[..n_opps] {
                if (h & tmask).count_ones() > tt {
                    cap = cap.min((h & lmask).count_ones());
                }
            }
            if partner_trumps {
                // A partner out of the suit might have to ruff and take the lead.
                let room = if self.rules.must_trump {
                    (partner_hands & lmask).count_ones()
                } else {
                    (partner_hands & !tmask).count_ones()
                };
                cap = cap.min(room);
            }
            if cap > best_side.0 {
                best_side = (cap, rel);
            }
        }
        (tt + best_side.0, trel | best_side.1)
    }

    /// Tricks the side (`max` or not) surely takes with top trumps held in one hand: the
    /// longest run of top trumps in any one of its hands; and the lowest card of that run.
    fn sure_trump_tricks(&self, max: bool) -> (u32, u64) {
        let trump = self.rules.trump as usize;
        if trump == 4 {
            return (0, 0);
        }
        let tmask = LANE << (16 * trump);
        let all_t = self.all() & tmask;
        let mut best = (0, 0);
        for seat in 0..4u8 {
            if self.is_max(seat) != max {
                continue;
            }
            let mine = self.hands[seat as usize] & tmask;
            if mine == 0 {
                continue;
            }
            let others = all_t & !mine;
            let run = if others == 0 {
                mine
            } else {
                mine & !upto(high_bit(others))
            };
            if run.count_ones() > best.0 {
                best = (run.count_ones(), 1u64 << run.trailing_zeros());
            }
        }
        if best.0 >= 2 || all_t.count_ones() < 2 {
            return best;
        }
        // DDS's later trump tricks: the two top trumps held apart by the side, one of the two
        // holding another trump (it never has to crash them), win two tricks; the second
        // trump guarded and sitting right after the holder of the top trump (who plays just
        // before it in every trick it does not lead) wins one.
        let first = high_bit(all_t);
        let second = high_bit(all_t ^ 1 << first);
        let holder = |c: u8| (0..4u8).find(|&p| self.hands[p as usize] >> c & 1 == 1);
        let (Some(h1), Some(h2)) = (holder(first), holder(second)) else {
            return best;
        };
        let len = |p: u8| (self.hands[p as usize] & tmask).count_ones();
        if self.is_max(h2) == max {
            if self.is_max(h1) == max && h1 != h2 && (len(h1) >= 2 || len(h2) >= 2) {
                return (2, 1u64 << second);
            }
            if best.0 == 0
                && self.is_max(h1) != max
                && self.rules.next[h1 as usize] == h2
                && len(h2) >= 2
            {
                return (1, 1u64 << second);
            }
        }
        best
    }

    /// True (with the relevance) when the side not on lead wins this trick whatever `leader`
    /// leads: it holds the top live card of every lane the leader holds, and no partner of the
    /// leader can ruff it.
    fn wins_any_lead(&self, leader: u8) -> (u32, u64) {
        let trump = self.rules.trump as usize;
        let tmask = if trump < 4 { LANE << (16 * trump) } else { 0 };
        let all = self.all();
        let lead_side = self.is_max(leader);
        let hand = self.hands[leader as usize];
        let mut rel = 0u64;
        let mut holders = 0u8;
        for lane in 0..4 {
            let lmask = LANE << (16 * lane);
            if hand & lmask == 0 {
                continue;
            }
            let top = high_bit(all & lmask);
            let holder = (0..4u8)
                .find(|&p| self.hands[p as usize] >> top & 1 == 1)
                .expect("a live card has a holder");
            if self.is_max(holder) == lead_side {
                return (0, 0);
            }
            if lane != trump && tmask != 0 {
                // A partner of the leader, void here with a trump, could ruff.
                let ruff = (0..4u8).any(|p| {
                    p != leader
                        && self.is_max(p) == lead_side
                        && self.hands[p as usize] & lmask == 0
                        && self.hands[p as usize] & tmask != 0
                });
                if ruff {
                    return (0, 0);
                }
            }
            holders |= 1 << holder;
            rel |= 1u64 << top;
        }
        if rel == 0 {
            (0, 0)
        } else if tmask == 0 && holders.count_ones() == 1 {
            // At notrump one opponent holds the top card of every lane the leader holds: it
            // wins the first trick and cashes the others.
            (rel.count_ones(), rel)
        } else {
            (1, rel)
        }
    }

    /// Mid-trick: the side (`true` for the maximizing side) that surely wins the trick in
    /// progress, if one does (DDS's second-hand quick trick, for any position in the trick),
    /// and the relevance. A side wins surely when no opponent still to play can ruff, and it
    /// already wins with a card no opponent still to play can beat, or one of its players
    /// still to play holds a card of the led lane above the winning card and above every
    /// such card of those opponents, or (nothing ruffed yet) can ruff. A trick already ruffed
    /// is left to the search (claiming it for the ruffing side broke exactness on full deals
    /// in the cross-check against DDS). `w0` is the index of
    /// the card winning so far. Needs no tie classes.
    fn trick_decided(&self, seat: u8, w0: usize) -> Option<(bool, u64)> {
        let trump = self.rules.trump as usize;
        let led = lane_of(self.trick[0]);
        let lmask = LANE << (16 * led);
        let tmask = if trump < 4 && trump != led {
            LANE << (16 * trump)
        } else {
            0
        };
        let cw = self.trick[w0];
        let cw_led = lane_of(cw) == led;
        let cw_max = self.is_max(self.trick_seats[w0]);
        // Per side (index 1 = maximizing): led-lane cards and whether a void player holds a
        // trump, over the players still to play.
        let mut led_cards = [0u64; 2];
        let mut can_ruff = [false; 2];
        let mut p = seat;
        for _ in self.trick_len..self.rules.active {
            let h = self.hands[p as usize];
            let side = self.is_max(p) as usize;
            led_cards[side] |= h & lmask;
            can_ruff[side] |= h & lmask == 0 && h & tmask != 0;
            p = self.rules.next[p as usize];
        }
        for x in [true, false] {
            let (mine, theirs) = (x as usize, !x as usize);
            if can_ruff[theirs] {
                continue;
            }
            let opp_top = led_cards[theirs];
            let opp_high = if opp_top == 0 { 0 } else { high_bit(opp_top) };
            if cw_max == x && cw_led && (opp_top == 0 || cw > opp_high) {
                return Some((x, 1u64 << cw));
            }
            if cw_led {
                let own = led_cards[mine];
                if own != 0 {
                    let h = high_bit(own);
                    if h > cw && (opp_top == 0 || h > opp_high) {
                        return Some((x, 1u64 << h));
                    }
                }
                if can_ruff[mine] {
                    return Some((x, 0));
                }
            }
        }
        None
    }

    /// An upper bound on the tricks the side of `leader` can take while it keeps the lead
    /// in every trick, when no trump is live (DDS's "later tricks"): it can lead only lanes
    /// whose top card it holds (an opponent following with the top card would win), and each
    /// trick led in a lane uses a card of every one of its hands holding that lane, so it
    /// takes at most, over those lanes, the longest of its holdings. When that is below the
    /// remaining tricks, the side cannot take them all. Returns the bound (or `None` when it
    /// does not apply) and the relevance: the opponents' top cards.
    fn lead_side_all_bound(&self, leader: u8) -> Option<(u32, u64)> {
        let trump = self.rules.trump as usize;
        let all = self.all();
        if trump < 4 && all & (LANE << (16 * trump)) != 0 {
            return None;
        }
        let side = self.is_max(leader);
        let mut sum = 0u32;
        let mut rel = 0u64;
        for lane in 0..4 {
            let lmask = LANE << (16 * lane);
            let live = all & lmask;
            if live == 0 {
                continue;
            }
            let top = high_bit(live);
            let mut longest = 0u32;
            let mut topped = false;
            for p in 0..4u8 {
                let h = self.hands[p as usize];
                if self.is_max(p) == side {
                    longest = longest.max((h & lmask).count_ones());
                    topped |= h >> top & 1 == 1;
                }
            }
            if topped {
                sum += longest;
            } else if longest > 0 {
                rel |= 1u64 << top;
            }
        }
        Some((sum, rel))
    }

    /// Tricks the side (`max` or not) takes with trump length alone: its longest trump holding
    /// in one hand, less all the other side's trumps (each trick in which that hand plays a
    /// trump is the side's unless an opponent's trump is in it). Needs no ranks.
    fn trump_length_tricks(&self, max: bool) -> u32 {
        let trump = self.rules.trump as usize;
        if trump == 4 {
            return 0;
        }
        let tmask = LANE << (16 * trump);
        let (mut ours, mut theirs) = (0u32, 0u32);
        for seat in 0..4u8 {
            let n = (self.hands[seat as usize] & tmask).count_ones();
            if self.is_max(seat) == max {
                ours = ours.max(n);
            } else {
                theirs += n;
            }
        }
        ours.saturating_sub(theirs)
    }

    /// Fast tricks for the side of `seat` on lead, by a greedy forced line: cash top cards
    /// that no opponent can ruff (trumps first while opponents hold some), crossing to a
    /// partner's top card with a low card when the leader has none left. Every trick of the
    /// line is won whatever the opponents play (they follow with their lowest cards, and a
    /// discard is assumed to keep every card as a possible high card), so the count is a lower
    /// bound; the relevance is the lowest winner used in each lane.
    fn fast_tricks(&self, seat: u8) -> (u32, u64) {
        let trump = self.rules.trump as usize;
        let tmask = if trump < 4 { LANE << (16 * trump) } else { 0 };
        let mine_max = self.is_max(seat);
        let mut h = self.hands;
        let r = h[seat as usize].count_ones();
        let active = self.rules.active as usize;
        let mut x = seat;
        let mut count = 0u32;
        let mut rel = 0u64;
        // Can an opponent of `x`'s side ruff a lead in `lane`?
        let ruffable = |h: &[u64; 4], lane: usize| -> bool {
            if trump == 4 || lane == trump {
                return false;
            }
            let lmask = LANE << (16 * lane);
            (0..4u8).any(|o| {
                self.is_max(o) != mine_max
                    && h[o as usize] & lmask == 0
                    && h[o as usize] & tmask != 0
            })
        };
        while count < r {
            let all = h[0] | h[1] | h[2] | h[3];
            let opp_trumps =
                (0..4u8).any(|o| self.is_max(o) != mine_max && h[o as usize] & tmask != 0);
            // A lane where x holds the top card and it is safe to cash; trumps first.
            let mut pick: Option<(usize, u8)> = None;
            let lanes: [usize; 4] = if trump < 4 && opp_trumps {
                [trump, (trump + 1) % 4, (trump + 2) % 4, (trump + 3) % 4]
            } else {
                [0, 1, 2, 3]
            };
            for &lane in &lanes {
                let lmask = LANE << (16 * lane);
                let live = all & lmask;
                if h[x as usize] & lmask == 0 {
                    continue;
                }
                let top = high_bit(live);
                if h[x as usize] >> top & 1 == 1 && !ruffable(&h, lane) {
                    pick = Some((lane, top));
                    break;
                }
            }
            let mut winner = x;
            let led_card;
            let top_card;
            match pick {
                Some((_, top)) => {
                    led_card = top;
                    top_card = top;
                }
                None => {
                    // Cross to a partner's top card.
                    let mut found = None;
                    for lane in 0..4 {
                        let lmask = LANE << (16 * lane);
                        let live = all & lmask;
                        if h[x as usize] & lmask == 0 || ruffable(&h, lane) {
                            continue;
                        }
                        let top = high_bit(live);
                        let holder = (0..4u8)
                            .find(|&p| h[p as usize] >> top & 1 == 1)
                            .expect("a live card has a holder");
                        if holder != x && self.is_max(holder) == mine_max {
                            found =
                                Some(((h[x as usize] & lmask).trailing_zeros() as u8, top, holder));
                            break;
                        }
                    }
                    match found {
                        Some((low, top, holder)) => {
                            led_card = low;
                            top_card = top;
                            winner = holder;
                        }
                        None => match self.ruff_step(&h, x, mine_max) {
                            // A ruff by partner: won whatever the opponents hold, ranks
                            // aside, so it adds no relevance.
                            Some((low, p)) => {
                                let partner_trump = (h[p as usize] & tmask).trailing_zeros();
                                let lmask = LANE << (16 * lane_of(low));
                                for s in 0..4u8 {
                                    let hand = h[s as usize];
                                    if s == x {
                                        h[s as usize] &= !(1u64 << low);
                                    } else if s == p {
                                        h[s as usize] &= !(1u64 << partner_trump);
                                    } else if hand & lmask != 0 {
                                        // An opponent follows low; one who is void holds no
                                        // trump and discards: keep its cards.
                                        h[s as usize] &= !(1u64 << (hand & lmask).trailing_zeros());
                                    }
                                }
                                count += 1;
                                x = p;
                                continue;
                            }
                            None => break,
                        },
                    }
                }
            }
            // Play the trick out.
            let lane = lane_of(led_card);
            let lmask = LANE << (16 * lane);
            let mut s = x;
            for i in 0..active {
                let hand = h[s as usize];
                let card = if i == 0 {
                    led_card
                } else if hand >> top_card & 1 == 1 {
                    top_card
                } else if hand & lmask != 0 {
                    (hand & lmask).trailing_zeros() as u8
                } else if self.is_max(s) == mine_max && self.rules.must_trump && hand & tmask != 0 {
                    // A partner who must ruff takes the trick (for the side) with a low trump.
                    let c = (hand & tmask).trailing_zeros() as u8;
                    if lane != trump {
                        winner = s;
                    }
                    c
                } else if self.is_max(s) != mine_max {
                    // An opponent's discard could be any card: keep them all as possible
                    // high cards (it holds no trump, or the lead would not be safe).
                    s = self.rules.next[s as usize];
                    continue;
                } else {
                    let plain = hand & !tmask;
                    if plain != 0 {
                        plain.trailing_zeros() as u8
                    } else {
                        hand.trailing_zeros() as u8
                    }
                };
                h[s as usize] &= !(1u64 << card);
                s = self.rules.next[s as usize];
            }
            count += 1;
            rel |= 1u64 << top_card;
            x = winner;
        }
        // Keep only the lowest winner of each lane.
        let mut low = 0u64;
        for lane in 0..4 {
            let l = rel & (LANE << (16 * lane));
            if l != 0 {
                low |= 1u64 << l.trailing_zeros();
            }
        }
        (count, low)
    }

    /// A ruff for the greedy line of [`Search::fast_tricks`]: with four seats in two sides of
    /// two, `x` leads the lowest card of a plain lane in which its partner is void and holds a
    /// trump, and in which no opponent may ruff (each follows suit or holds no trump), so the
    /// partner's trump wins. Returns the card led and the partner.
    fn ruff_step(&self, h: &[u64; 4], x: u8, mine_max: bool) -> Option<(u8, u8)> {
        let trump = self.rules.trump as usize;
        if trump == 4 || self.rules.active != 4 {
            return None;
        }
        let tmask = LANE << (16 * trump);
        let mut partners = (0..4u8).filter(|&s| s != x && self.is_max(s) == mine_max);
        let (Some(p), None) = (partners.next(), partners.next()) else {
            return None;
        };
        if h[p as usize] & tmask == 0 {
            return None;
        }
        for lane in 0..4 {
            let lmask = LANE << (16 * lane);
            if lane == trump || h[x as usize] & lmask == 0 || h[p as usize] & lmask != 0 {
                continue;
            }
            let safe = (0..4u8).all(|o| {
                self.is_max(o) == mine_max
                    || h[o as usize] & lmask != 0
                    || h[o as usize] & tmask == 0
            });
            if safe {
                return Some(((h[x as usize] & lmask).trailing_zeros() as u8, p));
            }
        }
        None
    }

    fn lead_moves(&self, seat: u8, hint: u8, moves: &mut Moves) {
        let hand = self.hands[seat as usize];
        let all = self.all();
        let trump = self.rules.trump as usize;
        let mine_max = self.is_max(seat);
        let mut partner = 0u64;
        let mut lho = 0u64;
        let mut opp_all = 0u64;
        let tmask = if trump < 4 { LANE << (16 * trump) } else { 0 };
        // Per lane: the opponents' choices in reply to a lead there (a void one may play
        // anything: fewer choices, smaller tree), and whether a void opponent holds a trump.
        let mut choices = [0i16; 4];
        let mut void_ruff = [false; 4];
        let mut s = self.rules.next[seat as usize];
        let mut first_opp = true;
        while s != seat {
            let h = self.hands[s as usize];
            if self.is_max(s) == mine_max {
                partner |= h;
            } else {
                opp_all |= h;
                if first_opp {
                    lho = h;
                    first_opp = false;
                }
                let size = h.count_ones() as i16;
                for (l, (ch, vr)) in choices.iter_mut().zip(void_ruff.iter_mut()).enumerate() {
                    let n = (h >> (16 * l) & LANE).count_ones() as i16;
                    if n == 0 {
                        *ch += size + 1;
                        *vr |= l != trump && h & tmask != 0;
                    } else {
                        *ch += n;
                    }
                }
            }
            s = self.rules.next[s as usize];
        }
        let opp_trumps = opp_all & tmask != 0;
        self.runs(hand, |c, top| {
            let lane = lane_of(c);
            let lmask = LANE << (16 * lane);
            let live_lane = all & lmask;
            let top_live = high_bit(live_lane);
            let mut score: i16 = 0;
            let opp_lane = opp_all & lmask;
            let partner_lane = partner & lmask;
            let mine_lane = hand & lmask;
            if c == hint || top == hint {
                score += 5000;
            }
            let opp_void_ruff = void_ruff[lane];
            if top == top_live {
                // A winner: cash it unless it gets ruffed.
                score += if opp_void_ruff { -20 } else { 100 };
                if lane == trump && opp_trumps {
                    score += 30;
                }
                // Cash from the short side first keeps communication.
                score += 3 * mine_lane.count_ones() as i16;
                // The second-best card on our side too: the lane runs.
                let second = live_lane & !(1u64 << top_live);
                if second != 0 && (hand | partner) >> high_bit(second) & 1 == 1 {
                    score += RUN_W;
                }
            } else if partner_lane != 0 && high_bit(partner_lane) == top_live {
                // Lead toward partner's winner.
                score += if opp_void_ruff { -10 } else { 70 };
                score -= (c & 15) as i16;
            } else {
                if lane != trump && partner_lane == 0 && partner & tmask != 0 && opp_lane != 0 {
                    score += 50; // give partner a ruff
                }
                if opp_void_ruff {
                    score -= 60;
                }
                // Who holds the top two (three) live cards of the lane decides whether a
                // lead toward partner can pay off.
                let second = live_lane & !(1u64 << top_live);
                let sec = if second != 0 { high_bit(second) } else { 0 };
                let third = second & !(1u64 << sec);
                let thr = if third != 0 { high_bit(third) } else { 0 };
                let rho = opp_all & !lho & lmask;
                let holds = |set: u64, card: u8| card != 0 && set >> card & 1 == 1;
                let lho_lane = lho & lmask;
                if (holds(rho, top_live) || holds(rho, sec)) && rho.count_ones() != 1 {
                    score -= RHO_W;
                } else if holds(lho_lane, top_live)
                    && holds(partner_lane, sec)
                    && partner_lane.count_ones() != 1
                {
                    score += FIN_W;
                } else if holds(lho_lane, top_live) {
                    score -= 15;
                }
                if holds(partner_lane, sec) && holds(partner_lane, thr) {
                    score += NEXT_W;
                } else if partner_lane.count_ones() > 1
                    && ((holds(mine_lane, sec) && holds(partner_lane, thr))
                        || (holds(partner_lane, sec) && holds(mine_lane, thr)))
                {
                    score += NEXT_W * 2 / 3;
                }
                // Lead low from length.
                score += 3 * mine_lane.count_ones() as i16 - 2 * (c & 15) as i16;
                if opp_lane == 0 && partner_lane == 0 {
                    score += 20;
                }
            }
            if lane == trump && !opp_trumps {
                score -= 40; // no point drawing trumps nobody else holds
            }
            score -= CHOICE_W * choices[lane];
            moves.push(c, top, score);
        });
    }

    fn follow_moves(&self, seat: u8, w: usize, moves: &mut Moves) {
        let legal = self.legal(seat);
        let win_card = self.trick[w];
        let partner_wins = self.is_max(self.trick_seats[w]) == self.is_max(seat);
        let led = lane_of(self.trick[0]);
        let last = self.trick_len + 1 == self.rules.active;
        let trump = self.rules.trump as usize;
        // What the opponents still to play after us hold.
        let mut later_opp = 0u64;
        let mut later_partner = 0u64;
        if !last {
            let mut s = self.rules.next[seat as usize];
            while s != self.leader {
                if self.is_max(s) != self.is_max(seat) {
                    later_opp |= self.hands[s as usize];
                } else {
                    later_partner |= self.hands[s as usize];
                }
                s = self.rules.next[s as usize];
            }
        }
        let led_mask = LANE << (16 * led);
        let tmask = if trump < 4 { LANE << (16 * trump) } else { 0 };
        let later_led = later_opp & led_mask;
        let later_can_ruff = later_led == 0 && later_opp & tmask != 0 && led != trump;
        let later_top = if later_led != 0 {
            high_bit(later_led)
        } else {
            0
        };
        let hand = self.hands[seat as usize];
        // A partner still to play tops the trick in the led lane whatever the opponents do.
        let partner_led = later_partner & led_mask;
        let partner_tops = !partner_wins
            && partner_led != 0
            && !later_can_ruff
            && lane_of(win_card) == led
            && high_bit(partner_led) > win_card
            && (later_led == 0 || high_bit(partner_led) > later_top);
        // Discards: low from a long lane.
        let discard =
            |c: u8| DISC_W * (hand & LANE << (16 * lane_of(c) as u32)).count_ones() as i16;
        self.runs(legal, |c, top| {
            let wins_now = self.beats(c, win_card);
            let rank = (c & 15) as i16;
            let is_ruff = lane_of(c) == trump && led != trump;
            let score: i16 = if partner_tops && lane_of(c) == led {
                // Leave the trick to partner: play low.
                50 - rank
            } else if partner_wins {
                let safe = last
                    || (lane_of(win_card) == led
                        && !later_can_ruff
                        && (later_led == 0 || win_card > later_top))
                    || (lane_of(win_card) == trump
                        && led != trump
                        && (later_opp & tmask == 0 || later_led != 0));
                if safe {
                    // Partner has it: play low, keep winners and trumps.
                    if is_ruff {
                        -100 - rank
                    } else if lane_of(c) != led {
                        50 - rank + discard(c)
                    } else {
                        50 - rank
                    }
                } else if wins_now && (last || top > later_top) && !later_can_ruff {
                    60 - rank
                } else {
                    30 - rank
                }
            } else if wins_now {
                let holds = last
                    || if is_ruff {
                        later_led != 0 || later_opp & tmask == 0 || c > high_bit(later_opp & tmask)
                    } else {
                        !later_can_ruff && top > later_top
                    };
                if holds {
                    100 - rank
                } else {
                    20 - rank
                }
            } else if is_ruff {
                -80 - rank
            } else {
                // Cannot win: throw the lowest, preferably from a long suit.
                10 - rank + discard(c)
            };
            moves.push(c, top, score);
        });
    }
}
