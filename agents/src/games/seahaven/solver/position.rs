//! The solver's position: bit-packed, with a canonical 128-bit key.
//!
//! # Why a column is two small numbers
//! A card only ever lands on the next higher card of its suit (or, for a king, on an empty
//! column). So every column is a prefix of one of the root position's columns (its *origin*)
//! with a descending same-suit run on top, or a king that was moved to an empty column with a
//! run on top. A column is therefore `(origin, k, r)`: the first `k` original cards, then `r`
//! run cards whose identity follows from the card below them. `k` is kept maximal (a run card
//! equal to the next original card counts as original), and a king that is the bottom card of
//! a root column always counts as that origin, wherever it is put down again; with these two
//! rules the triple is a function of the column's cards alone.
//!
//! # The key
//! Bits 0-15 hold the four foundation heights; bits 16-31 hold, per suit, `1 + r` when that
//! suit's king roots a moved column (0 otherwise); then each root column `i` gets a field of
//! `k` and `r`, at most 9 bits. A column's field is indexed by its origin, not by where it
//! stands, and the towers are not stored at all (they hold exactly the cards found nowhere
//! else), so two positions that differ only in the order of their columns or of their towers
//! have the same key. With at most 20 cards per root column the key fits in 122 bits. It is
//! never zero: that would put all 52 cards in the four towers.

use cardsim_engine::games::seahaven::{Board, COLUMNS, MAX_INPUT_COLUMN};
use cardsim_engine::{Card, Rank, Suit};

/// No card / no column.
pub(crate) const NONE: u8 = 0xFF;
/// Origin code of a column rooted by a moved king of suit `s`: `KING_ROOT + s`.
const KING_ROOT: u8 = 16;
/// Move source or destination: a tower.
pub(crate) const TOWER: u8 = 10;
/// Move destination: the foundation.
pub(crate) const HOME: u8 = 11;

/// A card as `suit << 4 | number` (ace-low number 1..=13): the card below it in suit is
/// `id - 1`, the one above `id + 1`.
#[inline]
pub(crate) fn id(c: Card) -> u8 {
    (c.suit().index() as u8) << 4 | c.rank().number()
}

/// The engine card of an id.
pub(crate) fn card(id: u8) -> Card {
    Card::new(
        Rank::from_number(id & 15).expect("1..=13"),
        Suit::from_index(id >> 4),
    )
}

/// The bit of card `id` in a card bit set; none for [`NONE`].
#[inline]
fn bit(id: u8) -> u64 {
    if id == NONE {
        0
    } else {
        1 << id
    }
}

#[inline]
fn suit(id: u8) -> usize {
    (id >> 4) as usize
}

#[inline]
fn number(id: u8) -> u8 {
    id & 15
}

/// A solver move: `card` from column `from` (or [`TOWER`]) to column `to`, [`TOWER`] or
/// [`HOME`]. Column numbers are the engine's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SMove {
    pub(crate) card: u8,
    pub(crate) from: u8,
    pub(crate) to: u8,
}

/// A move of the solver's search: the top run of column `from` whose bottom card is `base`
/// and whose length is `len` goes onto the column `to`, into the towers ([`TOWER`]); or, with
/// `from` = [`TOWER`], a king goes from a tower to the empty column `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Macro {
    pub(crate) base: u8,
    pub(crate) len: u8,
    pub(crate) from: u8,
    pub(crate) to: u8,
}

/// The root position's columns, and where each column's field sits in the key.
pub(crate) struct Layout {
    orig: [[u8; MAX_INPUT_COLUMN]; COLUMNS],
    /// `nat[i][j]`: length of the same-suit descending run of root column `i` that ends
    /// (on top) at card `j`.
    nat: [[u8; MAX_INPUT_COLUMN]; COLUMNS],
    len: [u8; COLUMNS],
    /// For each card id, the root column it is the bottom card of, or [`NONE`].
    bottom_of: [u8; 64],
    /// For each card id, its root column and height in it (from 0), or `(NONE, 0)`.
    home_of: [(u8, u8); 64],
    /// `inv[i][k]`: cards of root column `i`'s first `k` that lie above a lower card of their
    /// own suit.
    inv: [[u8; MAX_INPUT_COLUMN + 1]; COLUMNS],
    /// `low[i][k][s]`: the lowest number of suit `s` among root column `i`'s first `k` cards
    /// (14 if none).
    low: [[[u8; 4]; MAX_INPUT_COLUMN + 1]; COLUMNS],
    /// Per origin code (`origin & 31`: root columns, then moved kings from 16): where the
    /// column's field starts in the key, and how many bits its `k` takes (0 for a moved
    /// king, whose field is `1 + r`).
    shift: [u32; 32],
    kbits: [u32; 32],
}

impl Layout {
    pub(crate) fn new(board: &Board) -> Layout {
        let mut l = Layout {
            orig: [[NONE; MAX_INPUT_COLUMN]; COLUMNS],
            nat: [[1; MAX_INPUT_COLUMN]; COLUMNS],
            len: [0; COLUMNS],
            bottom_of: [NONE; 64],
            home_of: [(NONE, 0); 64],
            inv: [[0; MAX_INPUT_COLUMN + 1]; COLUMNS],
            low: [[[14; 4]; MAX_INPUT_COLUMN + 1]; COLUMNS],
            shift: [0; 32],
            kbits: [0; 32],
        };
        for s in 0..4 {
            l.shift[KING_ROOT as usize + s] = 16 + 4 * s as u32;
        }
        let mut at = 32;
        for (i, col) in board.columns().iter().enumerate() {
            assert!(
                col.len() <= MAX_INPUT_COLUMN,
                "a root column holds at most 20 cards"
            );
            for (j, &c) in col.iter().enumerate() {
                let c = id(c);
                l.orig[i][j] = c;
                l.home_of[c as usize] = (i as u8, j as u8);
                if j > 0 && l.orig[i][j - 1] == c + 1 {
                    l.nat[i][j] = l.nat[i][j - 1] + 1;
                }
                let below = l.low[i][j];
                l.inv[i][j + 1] = l.inv[i][j] + (below[suit(c)] < number(c)) as u8;
                l.low[i][j + 1] = below;
                l.low[i][j + 1][suit(c)] = below[suit(c)].min(number(c));
            }
            l.len[i] = col.len() as u8;
            if let Some(&b) = col.first() {
                l.bottom_of[id(b) as usize] = i as u8;
                l.kbits[i] = 32 - (col.len() as u32).leading_zeros();
                l.shift[i] = at;
                at += l.kbits[i] + 4;
            }
        }
        assert!(at <= 128, "key layout overflow");
        l
    }
}

/// One column: `(origin, k, r)` as in the module docs, plus its top card. A column rooted by
/// a moved king counts the king in `k` (always 1); an empty column is `k = r = 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Col {
    origin: u8,
    k: u8,
    r: u8,
    /// The top card, or [`NONE`] for an empty column.
    pub(crate) top: u8,
}

impl Col {
    const EMPTY: Col = Col {
        origin: NONE,
        k: 0,
        r: 0,
        top: NONE,
    };

    /// The card the run sits on (the top original card, or the rooting king).
    #[inline]
    fn base(&self, l: &Layout) -> u8 {
        if self.origin < KING_ROOT {
            l.orig[self.origin as usize][self.k as usize - 1]
        } else {
            (self.origin - KING_ROOT) << 4 | 13
        }
    }

    #[inline]
    fn refresh_top(&mut self, l: &Layout) {
        self.top = if self.origin == NONE {
            NONE
        } else {
            self.base(l) - self.r
        };
    }

    /// Cards in the column.
    #[inline]
    pub(crate) fn height(&self) -> u8 {
        self.k + self.r
    }

    /// Length of the same-suit descending run on top (0 for an empty column).
    #[inline]
    pub(crate) fn run(&self, l: &Layout) -> u8 {
        match self.origin {
            NONE => 0,
            o if o < KING_ROOT => self.r + l.nat[o as usize][self.k as usize - 1],
            _ => 1 + self.r,
        }
    }

    #[inline]
    fn pop(&mut self, l: &Layout) {
        if self.r > 0 {
            self.r -= 1;
        } else if self.origin < KING_ROOT && self.k > 1 {
            self.k -= 1;
        } else {
            *self = Col::EMPTY;
        }
        self.refresh_top(l);
    }

    #[inline]
    fn push(&mut self, l: &Layout, c: u8) {
        if self.origin == NONE {
            let o = l.bottom_of[c as usize];
            *self = if o != NONE {
                Col {
                    origin: o,
                    k: 1,
                    r: 0,
                    top: c,
                }
            } else {
                Col {
                    origin: KING_ROOT + suit(c) as u8,
                    k: 1,
                    r: 0,
                    top: c,
                }
            };
            return;
        }
        let o = self.origin as usize;
        if self.r == 0
            && self.origin < KING_ROOT
            && self.k < l.len[o]
            && l.orig[o][self.k as usize] == c
        {
            self.k += 1;
        } else {
            self.r += 1;
        }
        self.top = c;
    }

    /// The cards from the top down, at most `out.len()` of them; returns how many.
    #[cfg(test)]
    pub(crate) fn cards_from_top(&self, l: &Layout, out: &mut [u8]) -> usize {
        let mut n = 0;
        let h = self.height() as usize;
        let mut c = self.top;
        for _ in 0..self.r.min(out.len() as u8) {
            out[n] = c;
            n += 1;
            c += 1;
        }
        if self.origin < KING_ROOT {
            let o = self.origin as usize;
            let mut j = self.k as usize;
            while j > 0 && n < out.len() {
                j -= 1;
                out[n] = l.orig[o][j];
                n += 1;
            }
        } else if self.origin != NONE && n < out.len() {
            out[n] = c;
            n += 1;
        }
        debug_assert!(n == h.min(out.len()));
        n
    }
}

/// A position: foundations, towers as a bit set of card ids, and the ten columns.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pos {
    /// Highest card number home per suit (0..=13).
    pub(crate) found: [u8; 4],
    /// Bit `id` set for each card in a tower.
    pub(crate) towers: u64,
    /// Bit `id` set for each card on top of a column.
    pub(crate) tops: u64,
    /// The columns, by the engine's column numbers.
    pub(crate) cols: [Col; COLUMNS],
    /// Cards home.
    pub(crate) home: u8,
}

impl Pos {
    pub(crate) fn new(l: &Layout, board: &Board) -> Pos {
        let mut found = [0; 4];
        for s in Suit::ALL {
            found[s.index()] = board.foundation(s);
        }
        let towers = board
            .towers()
            .iter()
            .flatten()
            .fold(0u64, |t, &c| t | 1 << id(c));
        let mut cols = [Col::EMPTY; COLUMNS];
        for (i, col) in cols.iter_mut().enumerate() {
            if l.len[i] > 0 {
                *col = Col {
                    origin: i as u8,
                    k: l.len[i],
                    r: 0,
                    top: NONE,
                };
                col.refresh_top(l);
            }
        }
        let tops = cols.iter().fold(0, |t, c| t | bit(c.top));
        Pos {
            found,
            towers,
            tops,
            cols,
            home: found.iter().sum(),
        }
    }

    #[inline]
    pub(crate) fn playable_home(&self, c: u8) -> bool {
        self.found[suit(c)] + 1 == number(c)
    }

    #[inline]
    pub(crate) fn free_towers(&self) -> u32 {
        4 - self.towers.count_ones()
    }

    /// Plays a move (legal by construction).
    #[inline]
    pub(crate) fn apply(&mut self, l: &Layout, m: SMove) {
        if m.from == TOWER {
            self.towers &= !(1 << m.card);
        } else {
            let col = &mut self.cols[m.from as usize];
            col.pop(l);
            self.tops ^= bit(m.card) | bit(col.top);
        }
        match m.to {
            TOWER => self.towers |= 1 << m.card,
            HOME => {
                self.found[suit(m.card)] += 1;
                self.home += 1;
            }
            c => {
                let col = &mut self.cols[c as usize];
                self.tops ^= bit(col.top) | bit(m.card);
                col.push(l, m.card);
            }
        }
    }

    /// Plays a search move, logging it as single-card moves: the run's upper cards to towers,
    /// its base, then the upper cards back onto it.
    #[inline]
    pub(crate) fn apply_macro(&mut self, l: &Layout, m: Macro, log: &mut Vec<SMove>) {
        let top = m.base + 1 - m.len;
        if m.from == TOWER || m.to == TOWER {
            for c in top..=m.base {
                let sm = SMove {
                    card: c,
                    from: m.from,
                    to: m.to,
                };
                self.apply(l, sm);
                log.push(sm);
            }
            return;
        }
        for c in top..m.base {
            let sm = SMove {
                card: c,
                from: m.from,
                to: TOWER,
            };
            self.apply(l, sm);
            log.push(sm);
        }
        let sm = SMove {
            card: m.base,
            from: m.from,
            to: m.to,
        };
        self.apply(l, sm);
        log.push(sm);
        for c in (top..m.base).rev() {
            let sm = SMove {
                card: c,
                from: TOWER,
                to: m.to,
            };
            self.apply(l, sm);
            log.push(sm);
        }
    }

    /// Brings the position to normal form, logging the moves: every card that can go home
    /// goes home, and every tower card whose successor tops a column goes onto it, until
    /// neither applies.
    #[inline]
    pub(crate) fn normalize(&mut self, l: &Layout, log: &mut Vec<SMove>) {
        let tops = self.tops;
        let next = (0..4).fold(0u64, |m, s| {
            m | 1 << ((s << 4) | (self.found[s] as usize + 1))
        });
        // Card 14 of a lane is no card, so a king never "has" a successor here.
        if (tops | self.towers) & next == 0 && (self.towers << 1) & tops == 0 {
            return;
        }
        loop {
            let mut moved = false;
            for i in 0..COLUMNS {
                while self.cols[i].top != NONE && self.playable_home(self.cols[i].top) {
                    let m = SMove {
                        card: self.cols[i].top,
                        from: i as u8,
                        to: HOME,
                    };
                    self.apply(l, m);
                    log.push(m);
                    moved = true;
                }
            }
            // Highest card first, so that a run comes back down in one pass.
            let mut t = self.towers;
            while t != 0 {
                let c = 63 - t.leading_zeros() as u8;
                t &= !(1 << c);
                let to = if self.playable_home(c) {
                    HOME
                } else if number(c) < 13 {
                    match self.column_topped_by(c + 1) {
                        Some(y) => y as u8,
                        None => continue,
                    }
                } else {
                    continue;
                };
                let m = SMove {
                    card: c,
                    from: TOWER,
                    to,
                };
                self.apply(l, m);
                log.push(m);
                moved = true;
            }
            if !moved {
                return;
            }
        }
    }

    /// A guess of how close the position is to a win, higher is better; it only orders the
    /// search. Cards home count most; towers in use, cards lying above a lower card of their
    /// own suit, and cards piled on the next two cards each suit needs count against; empty
    /// columns count for.
    ///
    /// The position must be in normal form ([`Pos::normalize`]): then the next card each suit
    /// needs, and the one after it, are either still where they were dealt or cover nothing
    /// (in a tower, or on top of a run, or a king rooting an otherwise empty column), which
    /// makes their depth a table look-up.
    pub(crate) fn eval(&self, l: &Layout) -> i32 {
        let mut inversions = 0i32;
        let mut empty = 0;
        // Per root column: (k, r) of the column that grew from it, if any.
        let mut grown = [(0u8, 0u8); COLUMNS];
        for col in &self.cols {
            match col.origin {
                NONE => empty += 1,
                o if o < KING_ROOT => {
                    grown[o as usize] = (col.k, col.r);
                    let (i, k) = (o as usize, col.k as usize);
                    inversions += l.inv[i][k] as i32;
                    if col.r > 0 {
                        // Run cards (numbers base-r .. base-1) above a lower card of their suit.
                        let base = l.orig[i][k - 1];
                        let m = l.low[i][k][suit(base)] as i32;
                        let hi = number(base) as i32 - 1;
                        let lo = hi - col.r as i32 + 1;
                        inversions += (hi - m.max(lo - 1)).max(0);
                    }
                }
                _ => {}
            }
        }
        let mut score =
            100 * self.home as i32 - 12 * self.towers.count_ones() as i32 - 5 * inversions;
        // Cards on top of card `c`, still in play, where it was dealt; 0 elsewhere (see above).
        let depth = |c: u8| {
            let (i, j) = l.home_of[c as usize];
            let d = match grown.get(i as usize) {
                Some(&(k, r)) if k > j => k - 1 - j + r,
                _ => 0,
            };
            #[cfg(debug_assertions)]
            assert_eq!(d, self.depth_by_search(l, c), "card {c}");
            d as i32
        };
        for s in 0..4 {
            let next = self.found[s] + 1;
            if next <= 13 {
                score -= 3 * depth((s as u8) << 4 | next);
            }
            if next < 13 {
                score -= depth((s as u8) << 4 | (next + 1));
            }
        }
        score + 8 * empty
    }

    /// Cards on top of card `c` (which is in play), found by looking through the columns:
    /// 0 in a tower. The reference for [`Pos::eval`]'s look-up.
    #[cfg(debug_assertions)]
    fn depth_by_search(&self, l: &Layout, c: u8) -> u8 {
        let (i, j) = l.home_of[c as usize];
        for col in &self.cols {
            if col.top == NONE {
                continue;
            }
            if i != NONE && col.origin == i && col.k > j {
                return col.k - 1 - j + col.r;
            }
            if suit(col.top) == suit(c) && col.top <= c && c <= col.top + col.r {
                let on_run = c < col.top + col.r || col.origin >= KING_ROOT;
                if on_run {
                    return c - col.top;
                }
            }
        }
        0
    }

    /// The canonical key (see the module docs). Branch-free: an empty column's field is 0
    /// wherever it would go, and a moved king's `k` of 1 with no `k` bits makes its `1 + r`.
    #[inline]
    pub(crate) fn key(&self, l: &Layout) -> u128 {
        let mut key = 0u128;
        for s in 0..4 {
            key |= (self.found[s] as u128) << (4 * s);
        }
        for col in &self.cols {
            let o = (col.origin & 31) as usize;
            let field = col.k as u128 + ((col.r as u128) << l.kbits[o]);
            key |= field << l.shift[o];
        }
        key
    }

    /// The column whose top card is `c`, if any.
    #[inline]
    pub(crate) fn column_topped_by(&self, c: u8) -> Option<usize> {
        if self.tops & bit(c) == 0 {
            return None;
        }
        self.cols.iter().position(|col| col.top == c)
    }

    /// The first empty column, if any.
    #[inline]
    pub(crate) fn empty_column(&self) -> Option<usize> {
        self.cols.iter().position(|col| col.origin == NONE)
    }

    /// Rebuilds the engine board (towers in ascending card order), for tests.
    #[cfg(test)]
    pub(crate) fn rebuild_board(&self, l: &Layout) -> Board {
        let mut columns: [Vec<Card>; COLUMNS] = Default::default();
        let mut buf = [0u8; 40];
        for (i, col) in self.cols.iter().enumerate() {
            let n = col.cards_from_top(l, &mut buf);
            columns[i] = buf[..n].iter().rev().map(|&c| card(c)).collect();
        }
        let mut towers = [None; 4];
        let mut t = self.towers;
        let mut j = 0;
        while t != 0 {
            towers[j] = Some(card(t.trailing_zeros() as u8));
            t &= t - 1;
            j += 1;
        }
        Board::from_parts(&columns, towers, self.found).expect("a legal position")
    }
}
