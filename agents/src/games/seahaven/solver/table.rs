//! The transposition table: an open-addressing hash set of 128-bit packed states.

/// A set of non-zero `u128` keys in one flat array (linear probing, power-of-two size, at most
/// 70% full). Each stored state costs 16 bytes divided by the load factor: about 23 to 46
/// bytes, with no pointer or per-entry header. Zero marks an empty slot; no packed state is
/// zero (see [`super::position`]).
pub(crate) struct Table {
    slots: Vec<u128>,
    len: usize,
    shift: u32,
}

/// Smallest table: 2^10 slots (16 KiB).
const MIN_BITS: u32 = 10;

impl Table {
    /// An empty table.
    pub(crate) fn new() -> Table {
        Table {
            slots: vec![0; 1 << MIN_BITS],
            len: 0,
            shift: 64 - MIN_BITS,
        }
    }

    /// An empty table that holds `n` keys without growing (at least 64 slots).
    pub(crate) fn for_keys(n: usize) -> Table {
        let mut bits = 6;
        while n * 10 > (1usize << bits) * 7 {
            bits += 1;
        }
        Table {
            slots: vec![0; 1 << bits],
            len: 0,
            shift: 64 - bits,
        }
    }

    /// Removes every key, keeping the slots.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(0);
        self.len = 0;
    }

    /// Removes every key. A table of more than `keep` slots, or one less than an eighth full
    /// (grown by an earlier, larger search), starts again at its smallest: clearing its slots
    /// costs about as much as filling an eighth of them did, never more, and a small search
    /// after a large one does not pay for the large one's table.
    pub(crate) fn reset(&mut self, keep: usize) {
        let grown = self.slots.len() > 1 << MIN_BITS;
        if grown && (self.slots.len() > keep || self.len * 8 < self.slots.len()) {
            *self = Table::new();
        } else if self.len > 0 {
            self.clear();
        }
    }

    /// Keys stored.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Bytes held by the slot array.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<u128>()
    }

    #[inline]
    fn slot_of(&self, key: u128) -> usize {
        let lo = key as u64;
        let hi = (key >> 64) as u64;
        let h = (lo ^ hi.rotate_left(29).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .wrapping_mul(0xD6E8_FEB8_6659_FD93);
        ((h ^ (h >> 32)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Inserts `key` (non-zero); returns false if it was already present.
    #[inline]
    pub(crate) fn insert(&mut self, key: u128) -> bool {
        debug_assert_ne!(key, 0);
        if (self.len + 1) * 10 > self.slots.len() * 7 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot_of(key);
        loop {
            let s = self.slots[i];
            if s == 0 {
                self.slots[i] = key;
                self.len += 1;
                return true;
            }
            if s == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /// True when `key` is stored.
    #[cfg(test)]
    pub(crate) fn contains(&self, key: u128) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = self.slot_of(key);
        loop {
            match self.slots[i] {
                0 => return false,
                s if s == key => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.shift -= 1;
        self.slots = vec![0; old.len() * 2];
        let mask = self.slots.len() - 1;
        for key in old.into_iter().filter(|&k| k != 0) {
            let mut i = self.slot_of(key);
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = key;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_like_a_hash_set_across_growth() {
        let mut t = Table::new();
        let mut model = std::collections::HashSet::new();
        let mut x: u128 = 0x1234_5678_9abc_def0_1357_9bdf_2468_ace1;
        for _ in 0..200_000 {
            x = x
                .wrapping_mul(0x2545_F491_4F6C_DD1D_0000_0000_0000_0001)
                .wrapping_add(7);
            let key = (x >> 20) % 150_000 + 1;
            assert_eq!(t.insert(key), model.insert(key));
        }
        assert_eq!(t.len(), model.len());
        assert!(model.iter().all(|&k| t.contains(k)));
        assert!(!t.contains(150_002));
        assert!(t.bytes() >= t.len() * 16);
        // Full enough: kept and cleared; a huge table, or a mostly empty one, starts small.
        let grown = t.bytes();
        t.reset(1 << 30);
        assert_eq!((t.len(), t.bytes()), (0, grown));
        assert!(t.insert(5) && !t.insert(5));
        t.reset(1 << 30);
        assert_eq!(t.bytes(), Table::new().bytes());
        assert!(t.insert(5));
    }
}
