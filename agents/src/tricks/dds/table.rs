//! The transposition table, in the manner of DDS's "winning ranks" (partition search): an
//! entry is a position at a trick boundary reduced to its distribution (every hand's length in
//! every lane, and the leader) plus the owners of only the top cards of each lane that
//! mattered to the result (an owner-bit mask). Any position with the same distribution whose
//! top cards have the same owners down to those depths shares the entry's bounds.
//!
//! Layout: an open-addressing index finds the bucket of a distribution; the bucket holds its
//! entries in one contiguous list, and a probe scans it with two 128-bit operations per entry
//! (`seq & mask == entry.seq`). When the table holds more entries than its capacity, only the
//! entries with the most remaining tricks (which save the most work) are kept.

use super::search::{high_bit, lane_of, Search, LANE};

/// The "no best move" code.
pub(crate) const NO_MOVE: u8 = 0xFF;

const EMPTY: u32 = u32::MAX;

/// The index's first size (`2^bits` slots).
const MIN_INDEX_BITS: u32 = 12;

/// Slots of the cut-off move table: small enough to stay in the first-level cache (a probe
/// comes at nearly every node).
const KILLERS: usize = 1 << 12;

/// One stored result, 24 bytes (a probe scans them one after another).
#[derive(Clone, Copy)]
struct Slot {
    /// Owners of the top cards of each lane (32 bits per lane, top card in the low bits),
    /// masked; low and high halves (two `u64`s keep the slot 8-aligned and small).
    seq: [u64; 2],
    /// Which owner bits matter: per lane how many top cards, coded by [`depths_of`].
    depths: u32,
    lo: u8,
    hi: u8,
    /// The best lead's relative code, or [`NO_MOVE`].
    best: u8,
    /// Remaining tricks: the work the entry saves grows with it.
    depth: u8,
}

/// All entries of one distribution.
struct Bucket {
    /// Leader and lane lengths of every hand.
    dist: u128,
    /// With tie classes, which live cards are equal ([`Search::tie_key`]); else 0.
    extra: u64,
    slots: Vec<Slot>,
}

/// A table hit: bounds, the best lead's code and the owner bits the entries relied on.
#[derive(Clone, Copy)]
pub(crate) struct Hit {
    pub lo: u8,
    pub hi: u8,
    pub best: u8,
    pub mask: u128,
}

/// The transposition table (see the module docs).
pub(crate) struct Table {
    /// Cut-off moves by a hash of the node (see [`Table::killer`]).
    killers: Vec<u32>,
    /// Open-addressing index of the buckets, at most half full: it starts small and doubles
    /// as buckets come, so that it stays in cache (a search of one strain uses a few thousand
    /// distributions).
    index: Vec<u32>,
    /// `index.len() == 1 << bits`.
    bits: u32,
    buckets: Vec<Bucket>,
    entries: usize,
    cap: usize,
    /// Work counters for tuning (tests only).
    #[cfg(test)]
    pub(crate) stats: Stats,
}

/// Work counters of a table and the searches using it, kept in test builds only: deterministic
/// measures that judge a change before any timing does (see `tests::table_work_report`).
#[cfg(test)]
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Stats {
    /// Probes made.
    pub probes: u64,
    /// Entries scanned by probes.
    pub scanned: u64,
    /// Stores made.
    pub stores: u64,
    /// Stores that tightened an existing entry instead of adding one.
    pub merged: u64,
    /// Entries compared by stores looking for an equal entry.
    pub store_scanned: u64,
    /// Probes that found an entry deciding the target.
    pub decided: u64,
    /// Per seat position in the trick (0 = lead): nodes that cut off, those that cut off on
    /// the first move, moves tried at cut nodes, nodes without a cut-off.
    pub cuts: [[u64; 4]; 4],
    /// Null-window searches from the root.
    pub roots: u64,
}

#[cfg(test)]
impl Stats {
    /// Counts a cut-off at seat position `pos` on the move at index `i`.
    pub(crate) fn cut(&mut self, pos: usize, i: usize) {
        let c = &mut self.cuts[pos];
        c[0] += 1;
        c[1] += (i == 0) as u64;
        c[2] += i as u64 + 1;
    }
}

/// The owner-bit masks of two lanes by their depths' code `17 * a + b` (lane depths `a` and
/// `b`, each 0 to 16): lane `a`'s field in the low 32 bits. A probe reads an entry's mask here
/// instead of building it (padded to 512 slots so that a 9-bit index needs no bounds check).
static PAIR_MASKS: [u64; 512] = {
    let mut t = [0u64; 512];
    let mut i = 0;
    while i < 17 * 17 {
        t[i] = lane_field(i / 17) | lane_field(i % 17) << 32;
        i += 1;
    }
    t
};

/// The owner bits of a lane's top `depth` cards.
const fn lane_field(depth: usize) -> u64 {
    (1u64 << (2 * depth)) - 1
}

/// The number of set bits of each byte (a table lookup is cheaper than `count_ones` on the
/// baseline x86-64 instruction set, which has no `popcnt`).
static POP8: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).count_ones() as u8;
        i += 1;
    }
    t
};

/// `NTH8[b][i]`: the bit index of the `i + 1`-th highest set bit of byte `b` (8 when none).
static NTH8: [[u8; 8]; 256] = {
    let mut t = [[8u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut bit = 8;
        while bit > 0 {
            bit -= 1;
            if b >> bit & 1 == 1 {
                t[b][k] = bit as u8;
                k += 1;
            }
        }
        b += 1;
    }
    t
};

/// The set bits of a lane's 16 bits.
#[inline]
pub(super) fn pop16(x: u16) -> u32 {
    POP8[(x & 255) as usize] as u32 + POP8[(x >> 8) as usize] as u32
}

/// The `depth`-th highest set bit of `x` (`depth >= 1`) as a one-bit mask, or 0 when `x` has
/// fewer set bits.
#[inline]
pub(super) fn nth_highest(x: u16, depth: u32) -> u64 {
    let (hi, lo) = ((x >> 8) as usize, (x & 255) as usize);
    let n = POP8[hi] as u32;
    if depth <= n {
        1 << (8 + NTH8[hi][(depth - 1) as usize])
    } else if depth - n <= POP8[lo] as u32 {
        1 << NTH8[lo][(depth - n - 1) as usize]
    } else {
        0
    }
}

/// The depths of an owner-bit mask whose lane fields each cover the top `depth` cards (the
/// low `2 * depth` bits), as two pair codes (see [`PAIR_MASKS`]): lanes 0 and 1 in the low 16
/// bits, lanes 2 and 3 in the high ones.
#[inline]
fn depths_of(mask: u128) -> u32 {
    let d = |lane: u32| ((mask >> (32 * lane)) as u32).count_ones() / 2;
    (17 * d(0) + d(1)) | (17 * d(2) + d(3)) << 16
}

/// The owner-bit mask of [`depths_of`]'s codes.
#[inline]
fn mask_of_depths(d: u32) -> u128 {
    PAIR_MASKS[(d & 511) as usize] as u128 | (PAIR_MASKS[(d >> 16 & 511) as usize] as u128) << 64
}

#[inline]
fn mix(dist: u128, extra: u64) -> u64 {
    let h = (dist as u64)
        ^ ((dist >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        ^ extra.rotate_left(23);
    h.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Table {
    /// A table with room for `2^bits` entries.
    pub(crate) fn new(bits: u32) -> Table {
        Table {
            killers: vec![0; KILLERS],
            index: vec![EMPTY; 1 << MIN_INDEX_BITS],
            bits: MIN_INDEX_BITS,
            buckets: Vec::new(),
            entries: 0,
            cap: 1 << bits,
            #[cfg(test)]
            stats: Stats::default(),
        }
    }

    /// The move that last cut off at a node with hash `key`, or [`NO_MOVE`]. A wrong answer
    /// (a collision) costs only time: the card is a move-ordering hint.
    #[inline]
    pub(crate) fn killer(&self, key: u64) -> u8 {
        let e = self.killers[(key as usize) & (KILLERS - 1)];
        if e >> 8 == (key >> 40) as u32 && e != 0 {
            e as u8
        } else {
            NO_MOVE
        }
    }

    /// Remembers `card` as the move that cut off at a node with hash `key`.
    #[inline]
    pub(crate) fn set_killer(&mut self, key: u64, card: u8) {
        self.killers[(key as usize) & (KILLERS - 1)] = ((key >> 40) as u32) << 8 | card as u32;
    }

    /// Forgets every entry.
    pub(crate) fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = 0);
        if !self.buckets.is_empty() {
            self.bits = MIN_INDEX_BITS;
            self.index.clear();
            self.index.resize(1 << MIN_INDEX_BITS, EMPTY);
            self.buckets.clear();
            self.entries = 0;
        }
    }

    /// The index slot of a distribution: where its bucket is, or the empty slot where it
    /// would go.
    #[inline]
    fn slot_of(&self, dist: u128, extra: u64) -> usize {
        let m = self.index.len() - 1;
        let mut i = (mix(dist, extra) >> (64 - self.bits)) as usize;
        loop {
            let b = self.index[i];
            if b == EMPTY {
                return i;
            }
            let bucket = &self.buckets[b as usize];
            if bucket.dist == dist && bucket.extra == extra {
                return i;
            }
            i = (i + 1) & m;
        }
    }

    /// The entries matching the position: the first that decides `target` (if any), else
    /// the tightest bounds of all matches.
    #[inline]
    pub(crate) fn probe(&mut self, dist: u128, seq: u128, extra: u64, target: i32) -> Option<Hit> {
        #[cfg(test)]
        {
            self.stats.probes += 1;
        }
        let b = self.index[self.slot_of(dist, extra)];
        if b == EMPTY {
            return None;
        }
        let mut out: Option<Hit> = None;
        let slots = &mut self.buckets[b as usize].slots;
        // The newest entries (at the end) first; an entry that decides moves there.
        for i in (0..slots.len()).rev() {
            let e = slots[i];
            #[cfg(test)]
            {
                self.stats.scanned += 1;
            }
            let mask = mask_of_depths(e.depths);
            if seq & mask != (e.seq[0] as u128 | (e.seq[1] as u128) << 64) {
                continue;
            }
            let hit = Hit {
                lo: e.lo,
                hi: e.hi,
                best: e.best,
                mask,
            };
            if e.lo as i32 >= target || (e.hi as i32) < target {
                #[cfg(test)]
                {
                    self.stats.decided += 1;
                }
                slots[i..].rotate_left(1);
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
        out
    }

    /// Stores bounds `lo..=hi` for the positions matching `seq` under `mask`, tightening an
    /// equal entry if there is one. `fresh` tells that no entry matches the position (a probe
    /// found none, and nothing was stored for this distribution since), so that none can be
    /// equal and the bucket is not searched.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store(
        &mut self,
        dist: u128,
        seq: u128,
        mask: u128,
        extra: u64,
        lo: u8,
        hi: u8,
        best: u8,
        depth: u8,
        fresh: bool,
    ) {
        #[cfg(test)]
        {
            self.stats.stores += 1;
        }
        let seq = seq & mask;
        let seq = [seq as u64, (seq >> 64) as u64];
        let depths = depths_of(mask);
        if self.entries >= self.cap {
            self.collect();
        }
        let mut i = self.slot_of(dist, extra);
        if self.index[i] == EMPTY && 2 * (self.buckets.len() + 1) > self.index.len() {
            self.bits += 1;
            self.reindex();
            i = self.slot_of(dist, extra);
        }
        let b = if self.index[i] == EMPTY {
            self.index[i] = self.buckets.len() as u32;
            self.buckets.push(Bucket {
                dist,
                extra,
                slots: Vec::with_capacity(4),
            });
            self.buckets.len() - 1
        } else {
            self.index[i] as usize
        };
        let slots = &mut self.buckets[b].slots;
        #[cfg(test)]
        let slots_len = slots.len();
        let found = if fresh {
            None
        } else {
            slots
                .iter()
                .rposition(|e| e.depths == depths && e.seq == seq)
        };
        #[cfg(test)]
        {
            if !fresh {
                self.stats.store_scanned += (slots_len - found.unwrap_or(0)) as u64;
            }
            self.stats.merged += found.is_some() as u64;
        }
        if let Some(e) = found.map(|i| &mut slots[i]) {
            e.lo = e.lo.max(lo);
            e.hi = e.hi.min(hi);
            if best != NO_MOVE {
                e.best = best;
            }
            return;
        }
        slots.push(Slot {
            seq,
            depths,
            lo,
            hi,
            best,
            depth,
        });
        self.entries += 1;
    }

    /// Rebuilds the index at `2^self.bits` slots.
    fn reindex(&mut self) {
        self.index.clear();
        self.index.resize(1 << self.bits, EMPTY);
        for k in 0..self.buckets.len() {
            let (dist, extra) = (self.buckets[k].dist, self.buckets[k].extra);
            let i = self.slot_of(dist, extra);
            self.index[i] = k as u32;
        }
    }

    /// Frees room by keeping only the deepest entries (at most half the capacity), which save
    /// the most work, and rebuilding the index.
    fn collect(&mut self) {
        let mut count = [0usize; 64];
        for b in &self.buckets {
            for e in &b.slots {
                count[e.depth.min(63) as usize] += 1;
            }
        }
        let mut keep_from = 64;
        let mut kept = 0;
        while keep_from > 0 && kept + count[keep_from - 1] <= self.cap / 2 {
            keep_from -= 1;
            kept += count[keep_from];
        }
        let mut buckets = std::mem::take(&mut self.buckets);
        self.index.iter_mut().for_each(|h| *h = EMPTY);
        self.entries = 0;
        for mut b in buckets.drain(..) {
            b.slots.retain(|e| e.depth as usize >= keep_from);
            if b.slots.is_empty() {
                continue;
            }
            self.entries += b.slots.len();
            let i = self.slot_of(b.dist, b.extra);
            self.index[i] = self.buckets.len() as u32;
            self.buckets.push(b);
        }
    }
}

/// How a search position is keyed and stored: its distribution and owner sequence (kept in
/// step as cards are taken and put back), the owner-bit masks of relevance sets, and the
/// relative code of a best lead.
impl Search<'_> {
    /// The position at a trick boundary: its distribution (leader and every lane length of
    /// every hand, and the depth limit, whose values are not exact), the owners of every lane's cards from the top, and (with tie classes) which
    /// of those cards are equal ([`Search::tie_key`]).
    pub(super) fn key(&self) -> (u128, u128, u64) {
        let (seq, extra) = match &self.rules.classes {
            None => (self.seq_bits(), 0),
            Some(k) => self.tie_key(k),
        };
        (
            self.dist | (self.leader as u128) << 80 | (self.horizon as u128) << 84,
            seq,
            extra,
        )
    }

    /// With tie classes: the owner sequence made canonical and the pattern of equal cards.
    /// Cards of one class are interchangeable (which of them a seat holds changes nothing,
    /// as a trick between equals goes by the order of play), so within each run of equal live
    /// cards the owners are sorted (seat 0's first), and positions that differ only in which
    /// equal card each seat holds share one key. The pattern (per lane 16 bits, bit `i` set
    /// when the `i`-th live card from the top equals the next) takes the place of the exact
    /// cards: positions with the same owners and the same pattern play alike, whatever the
    /// ranks of the cards played before.
    pub(super) fn tie_key(&self, k: &[u8; 64]) -> (u128, u64) {
        let all = self.all();
        let mut seq = self.seq_bits();
        let mut extra = 0u64;
        let mut t = all & self.rules.tied;
        while t != 0 {
            let top = high_bit(t);
            let lane = lane_of(top);
            // The live cards of top's class: the next tied cards of the lane down.
            let mut group = 0u64;
            let mut m = t & LANE << (16 * lane);
            while m != 0 {
                let x = high_bit(m);
                if k[x as usize] != k[top as usize] {
                    break;
                }
                group |= 1 << x;
                m ^= 1 << x;
            }
            t &= !group;
            let n = group.count_ones();
            if n < 2 {
                continue;
            }
            let live = all >> (16 * lane) & LANE;
            let p = (live >> (top & 15) >> 1).count_ones();
            extra |= ((1u64 << (n - 1)) - 1) << (p + 16 * lane as u32);
            let mut owners = 0u64;
            let mut at = 0;
            for (s, hand) in self.hands.iter().enumerate() {
                for _ in 0..(group & hand).count_ones() {
                    owners |= (s as u64) << (2 * at);
                    at += 1;
                }
            }
            let span = ((1u128 << (2 * n)) - 1) << (2 * p + 32 * lane as u32);
            seq = seq & !span | (owners as u128) << (2 * p + 32 * lane as u32);
        }
        (seq, extra)
    }

    /// The owner sequence as one key: lane `l`'s field at bit `32 * l`.
    #[inline]
    fn seq_bits(&self) -> u128 {
        let [a, b, c, d] = self.seq;
        a as u128 | (b as u128) << 32 | (c as u128) << 64 | (d as u128) << 96
    }

    /// The distribution (lane lengths of every hand, 5 bits each, hand `h` lane `l` at bit
    /// `5 * (4h + l)`) and the owner sequence (per lane 32 bits, two owner bits per card from
    /// the top card down) of `hands`, computed from scratch.
    pub(crate) fn key_parts(hands: &[u64; 4]) -> (u128, [u32; 4]) {
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
        let mut seq = [0u32; 4];
        for (lane, seq) in seq.iter_mut().enumerate() {
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
            *seq = field;
        }
        (dist, seq)
    }

    /// Takes card `c` out of `seat`'s hand, keeping the distribution and owner sequence in
    /// step; returns what [`Search::put_back`] needs.
    #[inline]
    pub(crate) fn take(&mut self, seat: u8, c: u8) -> (u128, [u32; 4]) {
        let saved = (self.dist, self.seq);
        let lane = lane_of(c);
        let live = self.all() >> (16 * lane) & LANE;
        let k = pop16((live >> (c & 15) >> 1) as u16);
        let field = self.seq[lane] as u64;
        let nf = (field & ((1u64 << (2 * k)) - 1)) | (field >> (2 * k + 2)) << (2 * k);
        self.seq[lane] = nf as u32;
        self.dist -= 1u128 << (5 * (4 * seat as usize + lane));
        self.hands[seat as usize] ^= 1 << c;
        saved
    }

    /// Undoes [`Search::take`].
    #[inline]
    pub(crate) fn put_back(&mut self, seat: u8, c: u8, saved: (u128, [u32; 4])) {
        (self.dist, self.seq) = saved;
        self.hands[seat as usize] ^= 1 << c;
    }

    /// The owner-bit mask of a relevance set: per lane, every card from the top down to the
    /// lowest relevant one.
    fn mask_of(&self, w: u64) -> u128 {
        let all = self.all();
        let mut fields = [0u32; 4];
        for (lane, f) in fields.iter_mut().enumerate() {
            let wl = (w >> (16 * lane)) & LANE;
            if wl == 0 {
                continue;
            }
            let mut low = wl.trailing_zeros();
            let live = (all >> (16 * lane)) & LANE;
            if let Some(k) = &self.rules.classes {
                // A run of equal cards is covered whole or not at all, so that its owners,
                // sorted in the key, stand for any order of them.
                let x = |s: u32| 16 * lane + s as usize;
                let mut s = low;
                while s > 0 && k[x(s - 1)] == k[x(low)] {
                    s -= 1;
                }
                low = (live & !((1u64 << s) - 1)).trailing_zeros().min(low);
            }
            let depth = (live >> low).count_ones();
            *f = ((1u64 << (2 * depth)) - 1) as u32;
        }
        let [a, b, c, d] = fields;
        a as u128 | (b as u128) << 32 | (c as u128) << 64 | (d as u128) << 96
    }

    /// The relevance set an owner-bit mask stands for in this position: per lane, the lowest
    /// of the covered top cards.
    pub(super) fn relevance_of(&self, mask: u128) -> u64 {
        let all = self.all();
        // Per lane: the field covers the top `depth` cards (its low 2 * depth bits are set),
        // and the lowest of them is the depth-th highest live card of the lane.
        let lane = |lane: u32| -> u64 {
            let field = (mask >> (32 * lane)) as u32;
            if field == 0 {
                return 0;
            }
            let depth = (!field).trailing_zeros() / 2;
            nth_highest((all >> (16 * lane)) as u16, depth) << (16 * lane)
        };
        lane(0) | lane(1) | lane(2) | lane(3)
    }

    /// A bound found at a lead node: stores it (a lower bound when `v >= target`, else an
    /// upper bound) and returns it. `fresh`: the probe of this node matched no entry (see
    /// [`Table::store`]).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn bound(
        &mut self,
        key: (u128, u128, u64),
        fresh: bool,
        r: i32,
        target: i32,
        v: i32,
        rel: u64,
        best: u8,
    ) -> (i32, u64) {
        if self.aborted {
            return (v, rel);
        }
        let (dist, seq, extra) = key;
        let (lo, hi) = if v >= target { (v, r) } else { (0, v) };
        let mask = self.mask_of(rel);
        self.table.store(
            dist, seq, mask, extra, lo as u8, hi as u8, best, r as u8, fresh,
        );
        (v, rel)
    }

    /// Relative code of a lead card: lane and rank among the live cards of its lane.
    pub(super) fn encode_hint(&self, c: u8) -> u8 {
        let lane = lane_of(c);
        let live = (self.all() | 1 << c) >> (16 * lane) & LANE;
        let above = pop16((live >> (c & 15)) as u16) - 1;
        (lane as u8) << 4 | above as u8
    }

    pub(super) fn decode_hint(&self, code: u8) -> u8 {
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
}
