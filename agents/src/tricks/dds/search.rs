//! The search itself: fail-soft null-window alpha-beta over single plays under an MTD(f)
//! driver, probing the transposition table ([`super::table`]) at trick boundaries, cutting
//! off with the quick-trick and trump-length bounds ([`super::bounds`]), trying moves in the
//! order of [`super::ordering`], and skipping cards the result shows to be equivalent. Works
//! in *lane space*: every card is remapped to (effective suit lane, strength slot), with the
//! strongest card of a lane in slot 15, so any [`CardOrder`] of the shared core becomes a
//! standard four-suit order (plus optional tie classes).
//!
//! [`CardOrder`]: cardsim_engine::tricks::CardOrder

use super::ordering::Moves;
use super::table::{Table, NO_MOVE};

pub(super) const LANE: u64 = 0xFFFF;

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
    /// The lane-space cards that share their tie class with another card of the position.
    pub tied: u64,
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
    /// The search gives up (sets `aborted`) once it has visited more nodes than this.
    pub limit: u64,
    /// Set when the node limit was reached: values since are meaningless and nothing more is
    /// stored.
    pub aborted: bool,
    /// With a depth limit: the remaining tricks at which a lead node is valued by
    /// [`Search::estimate`] instead of searched (0: no limit, the search is exact).
    pub horizon: u8,
    /// The distribution of `hands` (see [`Search::key_parts`]), kept in step by
    /// [`Search::take`].
    pub dist: u128,
    /// The owner sequence of `hands`, one 32-bit field per lane (see [`Search::key_parts`]),
    /// kept in step by [`Search::take`]: a lane's field updates without 128-bit shifts.
    pub seq: [u32; 4],
}

#[inline]
pub(super) fn lane_of(c: u8) -> usize {
    (c >> 4) as usize
}

/// Bits `0..=b`.
#[inline]
pub(super) fn upto(b: u8) -> u64 {
    u64::MAX >> (63 - b)
}

#[inline]
pub(super) fn high_bit(x: u64) -> u8 {
    63 - x.leading_zeros() as u8
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
    pub(super) fn all(&self) -> u64 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
    }

    #[inline]
    pub(super) fn is_max(&self, seat: u8) -> bool {
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
    pub(super) fn beats(&self, c: u8, b: u8) -> bool {
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
    /// lane (won by rank), nothing if it won by being the only card of its lane. With tie
    /// classes, a winner equal to another live card of its lane makes the whole lane relevant
    /// (who holds the equal cards decided it).
    #[inline]
    fn trick_relevance(&self, w: usize) -> u64 {
        let c = self.trick[w];
        for i in 0..self.trick_len as usize {
            if i != w && lane_of(self.trick[i]) == lane_of(c) {
                return match &self.rules.classes {
                    Some(k) => {
                        let lane = self.all_with_trick() & LANE << (16 * lane_of(c) as u32);
                        let mut equal = false;
                        let mut m = lane & self.rules.tied & !(1 << c);
                        while m != 0 {
                            let x = m.trailing_zeros() as usize;
                            m &= m - 1;
                            equal |= k[x] == k[c as usize];
                        }
                        if equal {
                            1 << lane.trailing_zeros()
                        } else {
                            1 << c
                        }
                    }
                    None => 1 << c,
                };
            }
        }
        0
    }

    #[inline]
    pub(super) fn all_with_trick(&self) -> u64 {
        let mut live = self.all();
        for i in 0..self.trick_len as usize {
            live |= 1 << self.trick[i];
        }
        live
    }

    /// The cards `seat` may play now.
    #[inline]
    pub(super) fn legal(&self, seat: u8) -> u64 {
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

    /// Solves: the maximizing side's tricks from here (current trick included), trying
    /// `guess` first: when the guess is right only the two tight null-window searches are
    /// made.
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
        while lo < hi && !self.aborted {
            #[cfg(test)]
            {
                self.table.stats.roots += 1;
            }
            let t = g.clamp(lo + 1, hi);
            let v = self.node(t, r).0;
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

    /// A quick estimate of [`Search::value_from`]: the maximizing side's tricks when every player
    /// plays the card that move ordering puts first.
    pub(super) fn estimate(&mut self) -> u8 {
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
                let (legal, live) = (self.legal(seat), self.all_with_trick());
                self.follow_moves(seat, w, legal, live, &mut moves);
            }
            let c = moves.card(0);
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
    /// ranks the answer relied on. `r` is [`Search::remaining_tricks`] (the nodes pass it down
    /// rather than count it again).
    pub(crate) fn node(&mut self, target: i32, r: i32) -> (i32, u64) {
        if self.trick_len == 0 {
            self.lead_node(target, r)
        } else {
            let w = self.winning();
            self.follow_node(target, r, w)
        }
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

    fn lead_node(&mut self, target: i32, r: i32) -> (i32, u64) {
        self.nodes += 1;
        if target <= 0 {
            return (0, 0);
        }
        if target > r {
            return (r, 0);
        }
        if r == 1 {
            return self.last_trick();
        }
        if self.nodes > self.limit {
            self.aborted = true;
            return (0, 0);
        }
        if r as u8 == self.horizon {
            // The depth limit: the greedy line's tricks stand for the value (every card
            // relevant, though with a depth limit nothing is exact).
            // Each card of the line counts as a node, so that a node limit bounds the work.
            self.nodes += r as u64 * self.rules.active as u64;
            return (self.estimate() as i32, self.all());
        }
        let key = self.key();
        let (dist, seq, extra) = key;
        let mut hint = NO_MOVE;
        // No entry matches the position: a store need not look for an equal one (the search
        // below adds entries only to smaller distributions).
        let mut fresh = true;
        if let Some(h) = self.table.probe(dist, seq, extra, target) {
            fresh = false;
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
                return self.bound(key, fresh, r, target, qt, rel, NO_MOVE);
            }
            if !maxing && r - qt < target {
                return self.bound(key, fresh, r, target, r - qt, rel, NO_MOVE);
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
                return self.bound(key, fresh, r, target, sure, srel, NO_MOVE);
            }
            if maxing && r - sure < target {
                return self.bound(key, fresh, r, target, r - sure, srel, NO_MOVE);
            }
            // The side on lead needs every trick but cannot keep the lead throughout.
            let needs_all = if maxing { target == r } else { target == 1 };
            if needs_all {
                if let Some((most, lrel)) = self.lead_side_all_bound(leader) {
                    if (most as i32) < r {
                        let v = if maxing { r - 1 } else { 1 };
                        return self.bound(key, fresh, r, target, v, lrel, NO_MOVE);
                    }
                }
            }
        }
        let hint_card = self.decode_hint(hint);
        let kkey = self.killer_key(leader, target, 0, 0);
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
            let c = moves.card(i);
            if moves.top(i) < floor[lane_of(c)] {
                continue;
            }
            let saved = self.take(leader, c);
            self.trick[0] = c;
            self.trick_seats[0] = leader;
            self.trick_len = 1;
            let (v, w) = self.follow_node(target, r, 0);
            self.trick_len = 0;
            self.put_back(leader, c, saved);
            let w = with_run(w, c, moves.top(i));
            if (v >= target) == maxing {
                #[cfg(test)]
                self.table.stats.cut(0, i);
                if i > 0 {
                    self.table.set_killer(kkey, c);
                }
                let code = self.encode_hint(c);
                return self.bound(key, fresh, r, target, v, w, code);
            }
            best = if maxing { best.max(v) } else { best.min(v) };
            rel_all |= w;
            self.raise_floor(&mut floor, w, c, moves.top(i));
        }
        #[cfg(test)]
        {
            self.table.stats.cuts[0][3] += 1;
        }
        self.bound(key, fresh, r, target, best, rel_all, NO_MOVE)
    }

    /// A node in the middle of a trick; `w0` is the index in the trick of the card winning so
    /// far (the caller knows it: no need to compare the trick's cards again).
    fn follow_node(&mut self, target: i32, r: i32, w0: usize) -> (i32, u64) {
        self.nodes += 1;
        let seat = self.to_play();
        let maxing = self.is_max(seat);
        let legal = self.legal(seat);
        if self.rules.classes.is_none() {
            // One trick decides a test that needs one trick or all of them.
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
        let live = self.all_with_trick();
        let kkey = if self.single_run(legal, live) {
            // One choice: no ordering needed.
            moves.push(legal.trailing_zeros() as u8, high_bit(legal), 0);
            0
        } else {
            let kkey = self.killer_key(seat, target, w0, live);
            self.follow_moves(seat, w0, legal, live, &mut moves);
            moves.promote(self.table.killer(kkey));
            kkey
        };
        let pos = self.trick_len as usize;
        let mut rel_all = 0u64;
        let mut floor = LANE_FLOORS;
        let mut best = if maxing { 0 } else { r };
        for i in 0..moves.len {
            let c = moves.card(i);
            if moves.top(i) < floor[lane_of(c)] {
                continue;
            }
            let saved_key = self.take(seat, c);
            self.trick[pos] = c;
            self.trick_seats[pos] = seat;
            self.trick_len += 1;
            let win = if self.beats(c, self.trick[w0]) {
                pos
            } else {
                w0
            };
            let (v, w) = if self.trick_len == self.rules.active {
                let winner = self.trick_seats[win];
                let trick_rel = self.trick_relevance(win);
                let saved = (self.trick, self.trick_seats, self.leader);
                self.trick_len = 0;
                self.leader = winner;
                let won = self.is_max(winner) as i32;
                let (v, w) = if r == 1 {
                    (0, 0)
                } else {
                    self.lead_node(target - won, r - 1)
                };
                (self.trick, self.trick_seats, self.leader) = saved;
                (v + won, w | trick_rel)
            } else {
                self.follow_node(target, r, win)
            };
            self.trick_len = pos as u8;
            self.put_back(seat, c, saved_key);
            let w = with_run(w, c, moves.top(i));
            if (v >= target) == maxing {
                #[cfg(test)]
                self.table.stats.cut(pos, i);
                if i > 0 {
                    self.table.set_killer(kkey, c);
                }
                return (v, w);
            }
            best = if maxing { best.max(v) } else { best.min(v) };
            rel_all |= w;
            self.raise_floor(&mut floor, w, c, moves.top(i));
        }
        #[cfg(test)]
        {
            self.table.stats.cuts[pos][3] += 1;
        }
        (best, rel_all)
    }
}
