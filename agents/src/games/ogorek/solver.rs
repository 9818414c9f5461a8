//! [`PenaltySolver`]: Ogórek's deal solved exactly with every hand visible.
//!
//! The objective is not a trick count: only the last trick scores, and it scores the penalty
//! of its highest card (aces low there) to whoever played one. The solver values each legal
//! card for the player to move as minus the penalty that player ends the deal with, when it
//! plays its best and all the others play together against it (the paranoid assumption the
//! double-dummy solver also makes for a player on its own). It is an alpha-beta search over
//! ranks only (suits never matter, so cards of one rank in a hand are one move), with a
//! transposition table keyed by the hands' rank counts and the trick in progress. The sixth
//! trick has no choices (one card each) and is scored directly.
//!
//! Outside card play (the kontra calls) it hands over to perfect-information UCT.

use crate::search::{PerfectInfoSolver, SearchSettings, Uct};
use cardsim_engine::games::ogorek::{Ogorek, OgorekAction, OgorekState, HAND};
use cardsim_engine::tricks::TrickTaking;
use cardsim_engine::{Card, MAX_SEATS};
use rand::RngCore;
use std::collections::HashMap;

/// Strengths in tricks one to five: 2 to 14 for two to ace (indices into rank counts).
fn rank_index(card: Card) -> usize {
    // Two = 2 ... King = 14, Ace = 15 in the engine's slots; the Knight slot (12) is unused.
    let slot = card.rank() as usize;
    if slot > 12 {
        slot - 1
    } else {
        slot
    }
}

/// The penalty of a rank index (2..=14, 14 the ace): ace 1, king 13, queen 12, jack 11.
fn penalty_of(r: usize) -> i32 {
    if r == 14 {
        1
    } else {
        r as i32
    }
}

/// The strength of a rank index in the last trick: the ace lowest.
fn last_of(r: usize) -> usize {
    if r == 14 {
        1
    } else {
        r
    }
}

#[derive(Clone, Copy)]
struct Bounds {
    lower: i8,
    upper: i8,
}

/// The exact solver of an Ogórek deal: each legal card valued as minus the penalty the player
/// to move ends the deal with, the others playing together against it (paranoid alpha-beta
/// over ranks, suits ignored, with a transposition table). Its transposition
/// table is reused (cleared) from call to call.
pub struct PenaltySolver {
    table: HashMap<u64, Bounds>,
    fallback: Uct<Ogorek>,
    nodes: u64,
}

impl Default for PenaltySolver {
    fn default() -> Self {
        Self::new()
    }
}

/// One search: the players in play order, their rank counts, and the root player.
struct Search<'a> {
    /// Active seats' rank counts, by seat.
    counts: [[u8; 15]; MAX_SEATS],
    /// The next active seat after each seat.
    next: [u8; MAX_SEATS],
    /// Active seats in the deal.
    active: usize,
    me: usize,
    zobrist: &'a Zobrist,
    table: &'a mut HashMap<u64, Bounds>,
    nodes: &'a mut u64,
}

/// Random keys for hashing positions.
struct Zobrist {
    hand: [[[u64; 5]; 15]; MAX_SEATS],
    to_play: [u64; MAX_SEATS],
    top: [u64; 16],
    winner: [u64; MAX_SEATS],
    played: [u64; MAX_SEATS + 1],
}

fn zobrist() -> &'static Zobrist {
    use std::sync::OnceLock;
    static Z: OnceLock<Zobrist> = OnceLock::new();
    Z.get_or_init(|| {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            // splitmix64
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut z = Zobrist {
            hand: [[[0; 5]; 15]; MAX_SEATS],
            to_play: [0; MAX_SEATS],
            top: [0; 16],
            winner: [0; MAX_SEATS],
            played: [0; MAX_SEATS + 1],
        };
        for s in z.hand.iter_mut() {
            for r in s.iter_mut() {
                for k in r.iter_mut().skip(1) {
                    *k = next();
                }
            }
        }
        for v in z
            .to_play
            .iter_mut()
            .chain(z.top.iter_mut())
            .chain(z.winner.iter_mut())
            .chain(z.played.iter_mut())
        {
            *v = next();
        }
        z
    })
}

impl Search<'_> {
    fn hand_hash(&self) -> u64 {
        let mut h = 0;
        for s in 0..MAX_SEATS {
            for r in 2..15 {
                h ^= self.zobrist.hand[s][r][self.counts[s][r] as usize];
            }
        }
        h
    }

    /// The root player's value when every active seat holds one card: minus its penalty if
    /// its card is (one of) the highest of the last trick.
    fn last_trick(&self, extra: &[(usize, usize)]) -> i32 {
        let mut top = 0;
        let mut mine = 0;
        let mut each = |s: usize, r: usize| {
            top = top.max(last_of(r));
            if s == self.me {
                mine = r;
            }
        };
        for &(s, r) in extra {
            each(s, r);
        }
        for s in 0..MAX_SEATS {
            for r in 2..15 {
                if self.counts[s][r] > 0 {
                    each(s, r);
                }
            }
        }
        if mine != 0 && last_of(mine) == top {
            -penalty_of(mine)
        } else {
            0
        }
    }

    /// Alpha-beta value for the root player. `to_play` plays next to a trick holding `played`
    /// cards so far, whose highest strength is `top` (played last by `winner`); `tricks` are
    /// complete.
    #[allow(clippy::too_many_arguments)]
    fn value(
        &mut self,
        hash: u64,
        to_play: usize,
        played: usize,
        top: usize,
        winner: usize,
        tricks: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if tricks == HAND - 1 {
            return self.last_trick(&[]);
        }
        *self.nodes += 1;
        let key = hash
            ^ self.zobrist.to_play[to_play]
            ^ self.zobrist.top[top]
            ^ self.zobrist.winner[winner]
            ^ self.zobrist.played[played];
        let (a0, b0) = (alpha, beta);
        if let Some(b) = self.table.get(&key) {
            let (lo, hi) = (i32::from(b.lower), i32::from(b.upper));
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            if lo == hi {
                return lo;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        // Moves: ranks held, highest last-trick strength first (shedding kings, keeping aces).
        let c = self.counts[to_play];
        let mut moves = [0usize; 13];
        let mut m = 0;
        let reach = (top..15).any(|r| c[r] > 0);
        if played == 0 || reach {
            let from = if played == 0 { 2 } else { top };
            for r in (from..15).filter(|&r| c[r] > 0) {
                moves[m] = r;
                m += 1;
            }
        } else {
            moves[0] = (2..15).find(|&r| c[r] > 0).expect("a card in hand");
            m = 1;
        }
        moves[..m].sort_unstable_by_key(|&r| std::cmp::Reverse(last_of(r)));
        let maximizing = to_play == self.me;
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        for &r in &moves[..m] {
            let k = self.counts[to_play][r] as usize;
            let h = hash ^ self.zobrist.hand[to_play][r][k] ^ self.zobrist.hand[to_play][r][k - 1];
            self.counts[to_play][r] -= 1;
            let (new_top, new_winner) = if r >= top {
                (r, to_play)
            } else {
                (top, winner)
            };
            let v = if played + 1 == self.active {
                self.value(h, new_winner, 0, 0, new_winner, tricks + 1, alpha, beta)
            } else {
                let next = self.next[to_play] as usize;
                self.value(
                    h,
                    next,
                    played + 1,
                    new_top,
                    new_winner,
                    tricks,
                    alpha,
                    beta,
                )
            };
            self.counts[to_play][r] += 1;
            if maximizing {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        let entry = self.table.entry(key).or_insert(Bounds {
            lower: -20,
            upper: 1,
        });
        if best <= a0 {
            entry.upper = best as i8;
        } else if best >= b0 {
            entry.lower = best as i8;
        } else {
            entry.lower = best as i8;
            entry.upper = best as i8;
        }
        best
    }
}

impl PenaltySolver {
    /// A solver with perfect-information UCT at the default settings and the game's default
    /// playout ([`Uct::with_auto_rollout`]) for the kontra calls.
    pub fn new() -> Self {
        PenaltySolver {
            table: HashMap::new(),
            fallback: Uct::with_auto_rollout(SearchSettings::default()),
            nodes: 0,
        }
    }

    /// Positions searched so far (all calls).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value, for the player to move, of playing a card of each rank index it may play
    /// (`None` for the others): minus the penalty it ends the deal with.
    fn solve(&mut self, state: &OgorekState) -> [Option<i32>; 15] {
        let play = state.play();
        let me = play.to_play().index();
        let mut counts = [[0u8; 15]; MAX_SEATS];
        let mut next = [0u8; MAX_SEATS];
        for s in play.active().iter() {
            for card in play.hand(s).iter() {
                counts[s.index()][rank_index(card)] += 1;
            }
            next[s.index()] = play.next_active(s).index() as u8;
        }
        let active = play.active().iter().count();
        let tricks = play.tricks_played();
        let trick = play.trick();
        let mut top = 0;
        let mut winner = me;
        let mut in_trick = [(0usize, 0usize); MAX_SEATS];
        for (i, (s, card)) in trick.plays().enumerate() {
            let r = rank_index(card);
            in_trick[i] = (s.index(), r);
            if r >= top {
                top = r;
                winner = s.index();
            }
        }
        let played = trick.len();
        self.table.clear();
        let mut search = Search {
            counts,
            next,
            active,
            me,
            zobrist: zobrist(),
            table: &mut self.table,
            nodes: &mut self.nodes,
        };
        let mut out = [None; 15];
        let legal = play.legal();
        let hash = search.hand_hash();
        for card in legal.iter() {
            let r = rank_index(card);
            if out[r].is_some() {
                continue;
            }
            let k = search.counts[me][r] as usize;
            let h = hash ^ search.zobrist.hand[me][r][k] ^ search.zobrist.hand[me][r][k - 1];
            search.counts[me][r] -= 1;
            let v = if tricks == HAND - 1 {
                // The last trick: every card is already decided.
                let mut extra = in_trick;
                extra[played] = (me, r);
                search.last_trick(&extra[..=played])
            } else {
                let (t, w) = if r >= top { (r, me) } else { (top, winner) };
                if played + 1 == active {
                    search.value(h, w, 0, 0, w, tricks + 1, -100, 100)
                } else {
                    search.value(h, next[me] as usize, played + 1, t, w, tricks, -100, 100)
                }
            };
            search.counts[me][r] += 1;
            out[r] = Some(v);
        }
        out
    }
}

impl PerfectInfoSolver<Ogorek> for PenaltySolver {
    fn evaluate(
        &mut self,
        game: &Ogorek,
        state: &OgorekState,
        legal: &[OgorekAction],
        values: &mut Vec<f64>,
        rng: &mut dyn RngCore,
    ) {
        if game.trick_play(state).is_none() {
            return self.fallback.evaluate(game, state, legal, values, rng);
        }
        let by_rank = self.solve(state);
        values.clear();
        values.extend(legal.iter().map(|a| match a {
            OgorekAction::Play(c) => f64::from(by_rank[rank_index(*c)].expect("a legal rank")),
            _ => 0.0,
        }));
    }

    fn label(&self) -> String {
        "solver=exact".into()
    }
}
