//! The search itself: null-window alpha-beta over single plays, a transposition table at
//! trick boundaries keyed on the relative ranks of the remaining cards, quick-trick bounds and
//! move ordering. Works in *lane space*: every card is remapped to (effective suit lane,
//! strength slot), with the strongest card of a lane in slot 15, so any [`CardOrder`] of the
//! shared core becomes a standard four-suit order (plus optional tie classes).
//!
//! [`CardOrder`]: cardsim_engine::tricks::CardOrder

/// The transposition table, in the manner of DDS's "winning ranks": an entry is a position at
/// a trick boundary reduced to its distribution (every hand's length in every lane, and the
/// leader) plus the owners of only the top cards of each lane that mattered to the result
/// (an owner-bit mask). Any position with the same distribution whose top cards have the same
/// owners down to those depths shares the entry's bounds.
///
/// Two hash tables over arenas: one finds a distribution and the distinct masks its entries
/// use (in blocks of eight, read from contiguous memory); the other finds an entry from
/// (distribution, mask, masked owners). A probe tries each mask of the distribution. When an
/// arena is full, only the entries with the most remaining tricks are kept.
pub(crate) struct Table {
    dist_heads: Vec<u32>,
    dists: Vec<DistNode>,
    blocks: Vec<MaskBlock>,
    entry_heads: Vec<u32>,
    entries: Vec<Entry>,
    cap: usize,
    bits: u32,
}

const NONE: u32 = u32::MAX;

/// One distribution: its masks live in blocks of eight, newest block first, so a probe reads
/// them from contiguous memory and its entry lookups can overlap.
#[derive(Clone, Copy)]
struct DistNode {
    dist: u128,
    extra: u64,
    next: u32,
    block: u32,
    count: u32,
}

const BLOCK: usize = 8;

#[derive(Clone, Copy)]
struct MaskBlock {
    masks: [u128; BLOCK],
    next: u32,
}

#[derive(Clone, Copy)]
struct Entry {
    /// Leader and lane lengths of every hand.
    dist: u128,
    /// Owners of the top cards of each lane (32 bits per lane, top card in the low bits),
    /// masked.
    seq: u128,
    /// Which owner bits matter.
    mask: u128,
    /// With tie classes, the exact remaining cards; else 0.
    extra: u64,
    /// The next entry of the chain.
    next: u32,
    lo: u8,
    hi: u8,
    best: u8,
    /// Remaining tricks: the work the entry saves grows with it.
    depth: u8,
}

/// A table hit: bounds, the best lead's code and the owner bits the entry relied on.
#[derive(Clone, Copy)]
pub(crate) struct Hit {
    lo: u8,
    hi: u8,
    best: u8,
    mask: u128,
}

#[inline]
fn mix(dist: u128, extra: u64) -> u64 {
    let h = (dist as u64)
        ^ ((dist >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        ^ extra.rotate_left(23);
    h.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Table {
    /// A table with `2^bits` chains of each kind and room for `2^bits` entries.
    pub(crate) fn new(bits: u32) -> Table {
        Table {
            dist_heads: vec![NONE; 1 << bits],
            dists: Vec::new(),
            blocks: Vec::new(),
            entry_heads: vec![NONE; 1 << bits],
            entries: Vec::new(),
            cap: 1 << bits,
            bits,
        }
    }

    /// Forgets every entry.
    pub(crate) fn clear(&mut self) {
        if !self.entries.is_empty() || !self.dists.is_empty() {
            self.dist_heads.iter_mut().for_each(|h| *h = NONE);
            self.entry_heads.iter_mut().for_each(|h| *h = NONE);
            self.dists.clear();
            self.blocks.clear();
            self.entries.clear();
        }
    }

    #[inline]
    fn mask_bucket(&self, dist: u128, extra: u64) -> usize {
        (mix(dist, extra) >> (64 - self.bits)) as usize
    }

    #[inline]
    fn entry_bucket(&self, dist: u128, extra: u64, mask: u128, seq: u128) -> usize {
        let m = (mask as u64) ^ ((mask >> 64) as u64).rotate_left(17);
        let q =
            (seq as u64).wrapping_mul(0xFF51_AFD7_ED55_8CCD) ^ ((seq >> 64) as u64).rotate_left(41);
        let h = (mix(dist, extra) ^ m.wrapping_mul(0xC4CE_B9FE_1A85_EC53) ^ q)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> (64 - self.bits)) as usize
    }

    #[inline]
    fn find(&self, dist: u128, extra: u64, mask: u128, seq: u128) -> u32 {
        let mut i = self.entry_heads[self.entry_bucket(dist, extra, mask, seq)];
        while i != NONE {
            let e = &self.entries[i as usize];
            if e.dist == dist && e.mask == mask && e.seq == seq && e.extra == extra {
                return i;
            }
            i = e.next;
        }
        NONE
    }

    /// The entries matching the position: the first that decides `target` (if any), else
    /// the tightest bounds of all matches.
    #[inline]
    fn probe(&self, dist: u128, seq: u128, extra: u64, target: i32) -> Option<Hit> {
        let d = self.find_dist(dist, extra);
        if d == NONE {
            return None;
        }
        let node = self.dists[d as usize];
        let mut out: Option<Hit> = None;
        let mut b = node.block;
        let mut in_block = match node.count as usize % BLOCK {
            0 => BLOCK,
            k => k,
        };
        while b != NONE {
            let block = &self.blocks[b as usize];
            for &mask in &block.masks[..in_block] {
                let i = self.find(dist, extra, mask, seq & mask);
                if i == NONE {
                    continue;
                }
                let e = &self.entries[i as usize];
                let hit = Hit {
                    lo: e.lo,
                    hi: e.hi,
                    best: e.best,
                    mask: e.mask,
                };
                if e.lo as i32 >= target || (e.hi as i32) < target {
                    return Some(hit);
                }
                out = Some(match out {
                    None => hit,
                    Some(o) => Hit {
                        lo: o.lo.max(hit.lo),
                        hi: o.hi.min(hit.hi),
                        best: if o.best != NO_MOVE { o.best } else { hit.best },
                        mask: o.mask | hit.mask,
                    },
                });
            }
            b = block.next;
            in_block = BLOCK;
        }
        out
    }

    #[inline]
    fn find_dist(&self, dist: u128, extra: u64) -> u32 {
        let mut d = self.dist_heads[self.mask_bucket(dist, extra)];
        while d != NONE {
            let node = &self.dists[d as usize];
            if node.dist == dist && node.extra == extra {
                return d;
            }
            d = node.next;
        }
        NONE
    }

    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        dist: u128,
        seq: u128,
        mask: u128,
        extra: u64,
        lo: u8,
        hi: u8,
        best: u8,
        depth: u8,
    ) {
        let seq = seq & mask;
        let i = self.find(dist, extra, mask, seq);
        if i != NONE {
            let e = &mut self.entries[i as usize];
            e.lo = e.lo.max(lo);
            e.hi = e.hi.min(hi);
            if best != NO_MOVE {
                e.best = best;
            }
            return;
        }
        if self.entries.len() >= self.cap
            || self.dists.len() >= self.cap
            || self.blocks.len() >= self.cap
        {
            self.collect();
        }
        // Register the mask for the distribution if it is new.
        let mut d = self.find_dist(dist, extra);
        if d == NONE {
            let mb = self.mask_bucket(dist, extra);
            d = self.dists.len() as u32;
            self.dists.push(DistNode {
                dist,
                extra,
                next: self.dist_heads[mb],
                block: NONE,
                count: 0,
            });
            self.dist_heads[mb] = d;
        }
        let node = self.dists[d as usize];
        let mut known = false;
        let mut b = node.block;
        let mut in_block = match node.count as usize % BLOCK {
            0 => BLOCK,
            k => k,
        };
        while b != NONE && !known {
            let block = &self.blocks[b as usize];
            known = block.masks[..in_block].contains(&mask);
            b = block.next;
            in_block = BLOCK;
        }
        if !known {
            let node = &mut self.dists[d as usize];
            if node.count as usize % BLOCK == 0 {
                let fresh = self.blocks.len() as u32;
                self.blocks.push(MaskBlock {
                    masks: [0; BLOCK],
                    next: node.block,
                });
                node.block = fresh;
            }
            self.blocks[node.block as usize].masks[node.count as usize % BLOCK] = mask;
            node.count += 1;
        }
        let eb = self.entry_bucket(dist, extra, mask, seq);
        let next = self.entry_heads[eb];
        self.entry_heads[eb] = self.entries.len() as u32;
        self.entries.push(Entry {
            dist,
            seq,
            mask,
            extra,
            next,
            lo,
            hi,
            best,
            depth,
        });
    }

    /// Frees room by keeping only the deepest entries (at most half the capacity), which save
    /// the most work, and rebuilding both indexes.
    fn collect(&mut self) {
        let mut count = [0usize; 64];
        for e in &self.entries {
            count[e.depth.min(63) as usize] += 1;
        }
        let mut keep_from = 64;
        let mut kept = 0;
        while keep_from > 0 && kept + count[keep_from - 1] <= self.cap / 2 {
            keep_from -= 1;
            kept += count[keep_from];
        }
        let old = std::mem::take(&mut self.entries);
        self.clear();
        for e in old.into_iter().filter(|e| e.depth as usize >= keep_from) {
            self.store(e.dist, e.seq, e.mask, e.extra, e.lo, e.hi, e.best, e.depth);
        }
    }
}

const NO_MOVE: u8 = 0xFF;
const LANE: u64 = 0xFFFF;

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

impl Search<'_> {
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
        let mut first = guess.map(|g| g as i32);
        while lo < hi {
            let t = match first.take() {
                Some(g) if g > lo && g <= hi => g,
                Some(g) if g <= lo && lo < hi => lo + 1,
                _ => (lo + hi + 1) / 2,
            };
            if self.node(t).0 {
                lo = t;
            } else {
                hi = t - 1;
            }
        }
        lo as u8
    }

    /// Tricks still to be completed, the current one included.
    pub(crate) fn remaining_tricks(&self) -> u32 {
        // The seat to play has not played to this trick yet.
        self.hands[self.to_play() as usize].count_ones()
    }

    /// True when the maximizing side takes at least `target` of the remaining tricks, and the
    /// cards whose ranks the answer relied on.
    pub(crate) fn node(&mut self, target: i32) -> (bool, u64) {
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
        let all = self.all();
        let mut dist: u128 = self.leader as u128;
        for h in &self.hands {
            for lane in 0..4 {
                dist = dist << 5 | ((h >> (16 * lane)) & LANE).count_ones() as u128;
            }
        }
        let (h1, h2, h3) = (self.hands[1], self.hands[2], self.hands[3]);
        let b0 = h1 | h3;
        let b1 = h2 | h3;
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
        let extra = if self.rules.classes.is_some() { all } else { 0 };
        (dist, seq, extra)
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
            let depth = ((mask >> (32 * lane)) as u32).count_ones() / 2;
            if depth == 0 {
                continue;
            }
            let mut m = (all >> (16 * lane)) & LANE;
            let mut card = 0;
            for _ in 0..depth {
                if m == 0 {
                    break;
                }
                card = high_bit(m);
                m ^= 1 << card;
            }
            w |= 1u64 << (16 * lane as u32 + card as u32);
        }
        w
    }

    /// The last trick, every active hand holding one card: does the maximizing side win it,
    /// and the relevance.
    fn last_trick(&mut self) -> (bool, u64) {
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
        (win, rel)
    }

    fn lead_node(&mut self, target: i32) -> (bool, u64) {
        self.nodes += 1;
        let r = self.hands[self.leader as usize].count_ones() as i32;
        if target <= 0 {
            return (true, 0);
        }
        if target > r {
            return (false, 0);
        }
        if r == 1 {
            return self.last_trick();
        }
        let (dist, seq, extra) = self.key();
        let mut hint = NO_MOVE;
        if let Some(h) = self.table.probe(dist, seq, extra, target) {
            if h.lo as i32 >= target {
                return (true, self.relevance_of(h.mask));
            }
            if (h.hi as i32) < target {
                return (false, self.relevance_of(h.mask));
            }
            hint = h.best;
        }
        let leader = self.leader;
        let maxing = self.is_max(leader);
        if self.rules.classes.is_none() {
            let (qt, rel) = self.fast_tricks(leader);
            let (q1, rel1) = self.quick_tricks(leader);
            let (qt, rel) = if q1 > qt { (q1, rel1) } else { (qt, rel) };
            let qt = qt as i32;
            if maxing && qt >= target {
                self.table.store(
                    dist,
                    seq,
                    self.mask_of(rel),
                    extra,
                    qt as u8,
                    r as u8,
                    NO_MOVE,
                    r as u8,
                );
                return (true, rel);
            }
            if !maxing && r - qt < target {
                self.table.store(
                    dist,
                    seq,
                    self.mask_of(rel),
                    extra,
                    0,
                    (r - qt) as u8,
                    NO_MOVE,
                    r as u8,
                );
                return (false, rel);
            }
            // Top trumps in one hand always win: sure tricks for the side not on lead; and it
            // wins this trick if it holds the top card of every lane the leader can lead.
            let (sure, srel) = self.sure_trump_tricks(!maxing);
            let (sure, srel) = if sure == 0 {
                let (one, orel) = self.wins_any_lead(leader);
                (one as u32, orel)
            } else {
                (sure, srel)
            };
            let sure = sure as i32;
            if !maxing && sure >= target {
                self.table.store(
                    dist,
                    seq,
                    self.mask_of(srel),
                    extra,
                    sure as u8,
                    r as u8,
                    NO_MOVE,
                    r as u8,
                );
                return (true, srel);
            }
            if maxing && r - sure < target {
                self.table.store(
                    dist,
                    seq,
                    self.mask_of(srel),
                    extra,
                    0,
                    (r - sure) as u8,
                    NO_MOVE,
                    r as u8,
                );
                return (false, srel);
            }
        }
        let hint_card = self.decode_hint(hint);
        let moves = self.lead_moves(leader, hint_card);
        let mut rel_all = 0u64;
        for i in 0..moves.len {
            let c = moves.cards[i];
            self.hands[leader as usize] ^= 1 << c;
            self.trick[0] = c;
            self.trick_seats[0] = leader;
            self.trick_len = 1;
            let (v, w) = self.follow_node(target);
            self.trick_len = 0;
            self.hands[leader as usize] ^= 1 << c;
            let w = with_run(w, c, moves.tops[i]);
            if v == maxing {
                let code = self.encode_hint(c);
                let mask = self.mask_of(w);
                if maxing {
                    self.table
                        .store(dist, seq, mask, extra, target as u8, r as u8, code, r as u8);
                } else {
                    self.table
                        .store(dist, seq, mask, extra, 0, (target - 1) as u8, code, r as u8);
                }
                return (maxing, w);
            }
            rel_all |= w;
        }
        let mask = self.mask_of(rel_all);
        if maxing {
            self.table.store(
                dist,
                seq,
                mask,
                extra,
                0,
                (target - 1) as u8,
                NO_MOVE,
                r as u8,
            );
        } else {
            self.table.store(
                dist,
                seq,
                mask,
                extra,
                target as u8,
                r as u8,
                NO_MOVE,
                r as u8,
            );
        }
        (!maxing, rel_all)
    }

    fn follow_node(&mut self, target: i32) -> (bool, u64) {
        self.nodes += 1;
        let seat = self.to_play();
        let maxing = self.is_max(seat);
        let moves = self.follow_moves(seat);
        let pos = self.trick_len as usize;
        let mut rel_all = 0u64;
        for i in 0..moves.len {
            let c = moves.cards[i];
            self.hands[seat as usize] ^= 1 << c;
            self.trick[pos] = c;
            self.trick_seats[pos] = seat;
            self.trick_len += 1;
            let (v, w) = if self.trick_len == self.rules.active {
                let win = self.winning();
                let winner = self.trick_seats[win];
                let trick_rel = self.trick_relevance(win);
                let saved = (self.trick, self.trick_seats, self.leader);
                self.trick_len = 0;
                self.leader = winner;
                let t = if self.is_max(winner) {
                    target - 1
                } else {
                    target
                };
                let (v, w) = self.lead_node(t);
                (self.trick, self.trick_seats, self.leader) = saved;
                (v, w | trick_rel)
            } else {
                self.follow_node(target)
            };
            self.trick_len = pos as u8;
            self.hands[seat as usize] ^= 1 << c;
            let w = with_run(w, c, moves.tops[i]);
            if v == maxing {
                return (maxing, w);
            }
            rel_all |= w;
        }
        (!maxing, rel_all)
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
        best
    }

    /// True (with the relevance) when the side not on lead wins this trick whatever `leader`
    /// leads: it holds the top live card of every lane the leader holds, and no partner of the
    /// leader can ruff it.
    fn wins_any_lead(&self, leader: u8) -> (bool, u64) {
        let trump = self.rules.trump as usize;
        let tmask = if trump < 4 { LANE << (16 * trump) } else { 0 };
        let all = self.all();
        let lead_side = self.is_max(leader);
        let hand = self.hands[leader as usize];
        let mut rel = 0u64;
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
                return (false, 0);
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
                    return (false, 0);
                }
            }
            rel |= 1u64 << top;
        }
        (rel != 0, rel)
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
                        None => break,
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

    fn lead_moves(&self, seat: u8, hint: u8) -> Moves {
        let hand = self.hands[seat as usize];
        let mut moves = Moves::new();
        let all = self.all();
        let trump = self.rules.trump as usize;
        let mine_max = self.is_max(seat);
        let mut partner = 0u64;
        let mut lho = 0u64;
        let mut opp_all = 0u64;
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
            }
            s = self.rules.next[s as usize];
        }
        let tmask = if trump < 4 { LANE << (16 * trump) } else { 0 };
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
                score += 1000;
            }
            let opp_void_ruff = lane != trump && opp_trumps && {
                // Some opponent is void here and holds a trump.
                let mut any = false;
                let mut s = self.rules.next[seat as usize];
                while s != seat {
                    let h = self.hands[s as usize];
                    if self.is_max(s) != mine_max && h & lmask == 0 && h & tmask != 0 {
                        any = true;
                    }
                    s = self.rules.next[s as usize];
                }
                any
            };
            if top == top_live {
                // A winner: cash it unless it gets ruffed.
                score += if opp_void_ruff { -20 } else { 100 };
                if lane == trump && opp_trumps {
                    score += 30;
                }
                // Cash from the short side first keeps communication.
                score += 3 * mine_lane.count_ones() as i16;
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
                // Second hand holding the top card lets it win cheaply.
                if lho & lmask != 0 && high_bit(lho & lmask) == top_live {
                    score -= 15;
                }
                // Lead low from length.
                score += 3 * mine_lane.count_ones() as i16 - (c & 15) as i16 / 2;
                if opp_lane == 0 && partner_lane == 0 {
                    score += 20;
                }
            }
            if lane == trump && !opp_trumps {
                score -= 40; // no point drawing trumps nobody else holds
            }
            moves.push(c, top, score);
        });
        moves
    }

    fn follow_moves(&self, seat: u8) -> Moves {
        let legal = self.legal(seat);
        let mut moves = Moves::new();
        let w = self.winning();
        let win_card = self.trick[w];
        let partner_wins = self.is_max(self.trick_seats[w]) == self.is_max(seat);
        let led = lane_of(self.trick[0]);
        let last = self.trick_len + 1 == self.rules.active;
        let trump = self.rules.trump as usize;
        // What the opponents still to play after us hold.
        let mut later_opp = 0u64;
        if !last {
            let mut s = self.rules.next[seat as usize];
            while s != self.leader {
                if self.is_max(s) != self.is_max(seat) {
                    later_opp |= self.hands[s as usize];
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
        self.runs(legal, |c, top| {
            let wins_now = self.beats(c, win_card);
            let rank = (c & 15) as i16;
            let is_ruff = lane_of(c) == trump && led != trump;
            let score: i16 = if partner_wins {
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
                // Cannot win: throw the lowest, preferably from a short suit.
                10 - rank - 2 * (hand & LANE << (16 * lane_of(c) as u32)).count_ones() as i16
            };
            moves.push(c, top, score);
        });
        moves
    }
}
