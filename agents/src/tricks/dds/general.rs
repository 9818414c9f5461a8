//! An exact solver for the positions the lane solver ([`super::Solver`]) does not take: more
//! than four seats (Nap with five to seven players) and card orders with a fifth effective
//! suit ([`CardOrder::with_lone_trump`](cardsim_engine::tricks::CardOrder::with_lone_trump),
//! Nap's joker at *misère*). It plays through the engine's own rules
//! ([`Obligation::legal`](cardsim_engine::tricks::Obligation::legal) and
//! [`Trick::winner`]), so it takes any card order and obligation, for any seat count; it is
//! plain alpha-beta with a transposition table at trick boundaries and equivalent cards
//! searched once, fast enough for short hands (five cards a seat), not for bridge deals.
//!
//! ```
//! use cardsim_agents::tricks::dds::general::GeneralSolver;
//! use cardsim_engine::cards::CardSet;
//! use cardsim_engine::tricks::{CardOrder, Obligation, TrickPlay};
//! use cardsim_engine::{Seat, SeatMask};
//! // Five seats, notrump: seat 0 holds the two top spades, everyone else small cards.
//! let hands = ["AS KS", "2S 3H", "4S 5H", "6S 7H", "8S 9H"].map(|h| h.parse::<CardSet>().unwrap());
//! let play = TrickPlay::new(5, &hands, Seat::new(0), CardOrder::ace_high(None), Obligation::FollowSuit);
//! let mut solver = GeneralSolver::new();
//! assert_eq!(solver.solve(&play, SeatMask(1)), 2);
//! ```

use cardsim_engine::cards::{Card, CardSet};
use cardsim_engine::tricks::{CardOrder, Obligation, Trick, TrickPlay};
use cardsim_engine::{Seat, SeatMask, MAX_SEATS};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A position at a trick boundary: every hand and the leader.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    hands: [u64; MAX_SEATS],
    leader: u8,
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut h = u64::from(self.leader).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for (i, &x) in self.hands.iter().enumerate() {
            h ^= x.rotate_left(i as u32 * 5);
            h = h.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        state.write_u64(h);
    }
}

/// Passes the key's own mixed hash through.
#[derive(Default)]
struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | u64::from(b)).wrapping_mul(0x100_0000_01B3);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

/// The solver with its transposition table (bounds on the counted side's tricks from a
/// trick boundary on), reused across positions of the same hand rules.
#[derive(Default)]
pub struct GeneralSolver {
    table: HashMap<Key, (u8, u8), BuildHasherDefault<PassThrough>>,
    rules: Option<(CardOrder, Obligation, u16, u16, u16, usize)>,
    nodes: u64,
}

impl std::fmt::Debug for GeneralSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GeneralSolver")
            .field("nodes", &self.nodes)
            .finish()
    }
}

/// The search: hands, the trick in progress, the rules.
struct Node<'a> {
    play: &'a TrickPlay,
    hands: [CardSet; MAX_SEATS],
    trick: Trick,
    /// The seats whose tricks are counted.
    side: SeatMask,
    /// The seats that maximize the count (the others minimize it).
    max: SeatMask,
    active_len: usize,
}

impl GeneralSolver {
    /// An empty solver.
    pub fn new() -> GeneralSolver {
        GeneralSolver::default()
    }

    /// Search nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn prepare(&mut self, play: &TrickPlay, side: SeatMask, max: SeatMask) {
        let rules = (
            *play.order(),
            play.obligation(),
            side.0,
            max.0,
            play.active().0,
            play.players(),
        );
        if self.rules != Some(rules) || self.table.len() > 1 << 22 {
            self.table.clear();
            self.rules = Some(rules);
        }
    }

    fn node<'a>(play: &'a TrickPlay, side: SeatMask, max: SeatMask) -> Node<'a> {
        let mut hands = [CardSet::EMPTY; MAX_SEATS];
        for s in Seat::all(play.players()).filter(|&s| play.active().contains(s)) {
            hands[s.index()] = play.hand(s);
        }
        Node {
            play,
            hands,
            trick: *play.trick(),
            side,
            max,
            active_len: play.active().0.count_ones() as usize,
        }
    }

    /// The tricks the seats of `side` take from here on with best play by everyone (the
    /// seats of `side` maximizing, the others minimizing), the trick in progress included.
    pub fn solve(&mut self, play: &TrickPlay, side: SeatMask) -> u8 {
        self.solve_for(play, side, side)
    }

    /// The tricks the seats of `counted` take from here on when the seats of `maximizers`
    /// play to make that number as large as they can and the others as small (Nap's *misère*:
    /// the bidder maximizes the tricks of the other players).
    pub fn solve_for(&mut self, play: &TrickPlay, counted: SeatMask, maximizers: SeatMask) -> u8 {
        self.prepare(play, counted, maximizers);
        let mut node = Self::node(play, counted, maximizers);
        let n = Self::tricks_left(&node);
        self.search(&mut node, 0, n + 1)
    }

    /// For every legal card of the seat to play, in ascending card order, the tricks `side`
    /// takes from here on if that card is played and everyone plays best after.
    pub fn solve_plays(&mut self, play: &TrickPlay, side: SeatMask) -> Vec<(Card, u8)> {
        self.solve_plays_for(play, side, side)
    }

    /// [`GeneralSolver::solve_plays`] with the counted seats and the maximizing seats apart,
    /// as in [`GeneralSolver::solve_for`].
    pub fn solve_plays_for(
        &mut self,
        play: &TrickPlay,
        counted: SeatMask,
        maximizers: SeatMask,
    ) -> Vec<(Card, u8)> {
        self.prepare(play, counted, maximizers);
        let mut node = Self::node(play, counted, maximizers);
        let n = Self::tricks_left(&node);
        let seat = play.to_play();
        let legal = play.legal();
        let mut out = Vec::with_capacity(legal.len());
        for card in legal {
            let v = self.after(&mut node, seat, card, 0, n + 1);
            out.push((card, v));
        }
        out
    }

    fn tricks_left(node: &Node<'_>) -> u8 {
        let leader = node.trick.leader();
        let in_hand = node.hands[leader.index()].len() + usize::from(!node.trick.is_empty());
        in_hand as u8
    }

    fn to_play(node: &Node<'_>) -> Seat {
        match node.trick.seats().last() {
            None => node.trick.leader(),
            Some(&s) => node.play.next_active(s),
        }
    }

    /// `seat` plays `card`; the value of the rest (window `alpha`..`beta`).
    fn after(&mut self, node: &mut Node<'_>, seat: Seat, card: Card, alpha: u8, beta: u8) -> u8 {
        node.hands[seat.index()].remove(card);
        let saved = node.trick;
        node.trick.push(seat, card);
        let v = if node.trick.len() == node.active_len {
            let (winner, _) = node.trick.winner(node.play.order()).expect("a full trick");
            let won = u8::from(node.side.contains(winner));
            node.trick = Trick::new(winner);
            if node.hands[winner.index()].is_empty() {
                won
            } else {
                won + self.search(node, alpha.saturating_sub(won), beta.saturating_sub(won))
            }
        } else {
            self.search(node, alpha, beta)
        };
        node.trick = saved;
        node.hands[seat.index()].insert(card);
        v
    }

    /// Alpha-beta (fail-soft) over the side's tricks from here on.
    fn search(&mut self, node: &mut Node<'_>, mut alpha: u8, mut beta: u8) -> u8 {
        self.nodes += 1;
        let at_boundary = node.trick.is_empty();
        let key = at_boundary.then(|| Key {
            hands: node.hands.map(|h| h.bits()),
            leader: node.trick.leader().index() as u8,
        });
        if let Some(k) = &key {
            if let Some(&(lo, hi)) = self.table.get(k) {
                if lo == hi || lo >= beta {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
            }
        }
        // The window after the table's bounds: what the result is classified against.
        let (alpha0, beta0) = (alpha, beta);
        let seat = Self::to_play(node);
        let order = node.play.order();
        let legal = node
            .play
            .obligation()
            .legal(node.hands[seat.index()], &node.trick, order);
        let maximizing = node.max.contains(seat);
        // Cards still live elsewhere (other hands and the trick), for equivalence.
        let mut live = node.trick.card_set();
        for (i, h) in node.hands.iter().enumerate() {
            if i != seat.index() {
                live |= *h;
            }
        }
        let mut best: Option<u8> = None;
        let mut tried = CardSet::EMPTY;
        for card in legal {
            if tried.iter().any(|t| Self::equivalent(order, live, t, card)) {
                continue;
            }
            tried.insert(card);
            let v = self.after(node, seat, card, alpha, beta);
            if maximizing {
                best = Some(best.map_or(v, |b| b.max(v)));
                alpha = alpha.max(v);
            } else {
                best = Some(best.map_or(v, |b| b.min(v)));
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        let v = best.expect("a legal card");
        if let Some(k) = key {
            let e = self.table.entry(k).or_insert((0, u8::MAX));
            if v <= alpha0 {
                e.1 = e.1.min(v);
            } else if v >= beta0 {
                e.0 = e.0.max(v);
            } else {
                *e = (v, v);
            }
        }
        v
    }

    /// True when `a` and `b` (both in the hand) are interchangeable: same effective suit,
    /// different strengths and no live card of the suit with a strength between them or equal
    /// to either.
    fn equivalent(order: &CardOrder, live: CardSet, a: Card, b: Card) -> bool {
        if !order.same_suit(a, b) {
            return false;
        }
        let (sa, sb) = (order.strength(a), order.strength(b));
        if sa == sb {
            return false;
        }
        let (lo, hi) = (sa.min(sb), sa.max(sb));
        !(live & order.follow_cards(a))
            .iter()
            .any(|c| (lo..=hi).contains(&order.strength(c)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tricks::dds::{Position, Solver};
    use cardsim_engine::cards::{Rank, Suit};
    use cardsim_engine::tricks::shuffled;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Plain minimax through `TrickPlay` itself, no pruning.
    fn minimax(play: &TrickPlay, side: SeatMask) -> u8 {
        if play.is_over() {
            return 0;
        }
        let seat = play.to_play();
        let vals = play.legal().iter().map(|c| {
            let mut p = *play;
            let won = p.play(c).map_or(0, |w| u8::from(side.contains(w)));
            won + minimax(&p, side)
        });
        if side.contains(seat) {
            vals.max().unwrap()
        } else {
            vals.min().unwrap()
        }
    }

    fn deal(players: usize, per: usize, deck: CardSet, rng: &mut ChaCha8Rng) -> Vec<CardSet> {
        let cards = shuffled(deck, rng);
        (0..players)
            .map(|i| cards[i * per..(i + 1) * per].iter().copied().collect())
            .collect()
    }

    /// Five to seven seats, with trumps, notrump, and the joker as a lone trump at notrump:
    /// every card's value is plain minimax's, mid-trick positions included.
    #[test]
    fn matches_minimax_for_many_seats_and_the_lone_joker() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let deck = CardSet::with_ranks(&Rank::ALL[4..]) | CardSet::from_card(Card::JOKER);
        let mut solver = GeneralSolver::new();
        for case in 0..36 {
            let players = 5 + case % 3;
            let per = 3;
            let hands = deal(players, per, deck, &mut rng);
            let order = match case % 3 {
                0 => {
                    CardOrder::ace_high(Some(Suit::Hearts)).with_card(Card::JOKER, Suit::Hearts, 20)
                }
                1 => CardOrder::ace_high(None).with_lone_trump(Card::JOKER, 20),
                _ => CardOrder::ace_high(None),
            };
            let mut play = TrickPlay::new(
                players,
                &hands,
                Seat::new(case % players),
                order,
                cardsim_engine::tricks::Obligation::FollowSuit,
            );
            for _ in 0..rng.random_range(0..players) {
                let legal = play.legal();
                let c = legal.iter().nth(rng.random_range(0..legal.len())).unwrap();
                play.play(c);
            }
            let side = SeatMask(1 << (case % players));
            let got = solver.solve_plays(&play, side);
            for (c, v) in got {
                let mut p = play;
                let won = p.play(c).map_or(0, |w| u8::from(side.contains(w)));
                assert_eq!(v, won + minimax(&p, side), "case {case}, card {c}");
            }
            assert_eq!(
                solver.solve(&play, side),
                minimax(&play, side),
                "case {case}"
            );
        }
    }

    /// Four seats: the same values as the lane solver.
    #[test]
    fn agrees_with_the_lane_solver_on_four_seats() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let deck = CardSet::with_ranks(&Rank::ALL[7..]) | CardSet::from_card(Card::JOKER);
        let mut general = GeneralSolver::new();
        let mut lane = Solver::new();
        for case in 0..20 {
            let hands = deal(4, 6, deck, &mut rng);
            let hands: [CardSet; 4] = std::array::from_fn(|i| hands[i]);
            let order = CardOrder::euchre(Suit::ALL[case % 4], Some(Card::JOKER));
            let play = TrickPlay::new(
                4,
                &hands,
                Seat::new(case % 4),
                order,
                cardsim_engine::tricks::Obligation::FollowSuit,
            );
            let teams = cardsim_engine::tricks::Teams::alternating(4, 2);
            let side = SeatMask(0b0101 << (case % 2));
            let pos = Position::from_play(&play, &teams).with_side(side);
            assert_eq!(
                general.solve_plays(&play, side),
                lane.solve_plays(&pos).unwrap()
            );
        }
    }
}
