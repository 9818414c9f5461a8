//! Bridge's double-dummy table: the tricks each declarer takes in each strain
//! ([`DdTable`], [`dd_table`]), built on the generic solver of [`crate::tricks::dds`], and
//! reference tables computed by DDS 2.9 ([`DDS_REFERENCE`]).
//!
//! ```
//! use cardsim_agents::games::bridge::{dd_table, DDS_REFERENCE};
//! use cardsim_engine::games::bridge::{pbn::Deal, Strain};
//! use cardsim_engine::Seat;
//! let (pbn, tricks) = DDS_REFERENCE[0];
//! let deal: Deal = pbn.parse().unwrap();
//! let table = dd_table(&deal);
//! assert_eq!(table.tricks, tricks);
//! assert_eq!(table.get(Seat::new(1), Strain::Clubs), 10); // East makes ten tricks in clubs
//! ```

use crate::tricks::dds::{self, Position, Solver};
use cardsim_engine::games::bridge::pbn::Deal;
use cardsim_engine::games::bridge::Strain;
use cardsim_engine::tricks::{CardOrder, Obligation, Trick};
use cardsim_engine::{Seat, SeatMask};
use std::fmt;

/// The double-dummy table of `deal` with `solver`: for each declarer (N, E, S, W) and
/// strain (clubs, diamonds, hearts, spades, notrump), the tricks the declarer's side takes
/// when the declarer's left-hand opponent leads. Each strain's solves start from the
/// previous declarer's result ([`Solver::solve_from`]).
pub fn dd_table_with(solver: &mut Solver, deal: &Deal) -> DdTable {
    let mut tricks = [[0u8; 5]; 4];
    for strain in Strain::ALL {
        let order = CardOrder::ace_high(strain.trump());
        let mut guess = None;
        for leader in Seat::all(4) {
            let pos = Position::new(
                deal.hands(),
                Trick::new(leader),
                order,
                Obligation::FollowSuit,
            )
            .with_side(SeatMask(0b0101));
            let ns = solver
                .solve_from(&pos, guess)
                .expect("a full deal is always solvable");
            guess = Some(ns);
            // The declarer sits to the leader's right.
            let declarer = leader.left(3, 4);
            tricks[declarer.index()][strain as usize] = if declarer.index() % 2 == 0 {
                ns
            } else {
                13 - ns
            };
        }
    }
    DdTable { tricks }
}

/// The 20 double-dummy results of a bridge deal: `tricks[declarer][strain]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DdTable {
    /// Tricks for the declarer's side, by declarer (N, E, S, W) and [`Strain`].
    pub tricks: [[u8; 5]; 4],
}

impl DdTable {
    /// Tricks when `declarer` plays in `strain`.
    pub fn get(&self, declarer: Seat, strain: Strain) -> u8 {
        self.tricks[declarer.index()][strain as usize]
    }
}

impl fmt::Display for DdTable {
    /// A 4 x 5 table: one row per declarer, one column per strain.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "     C   D   H   S  NT")?;
        for (d, row) in self.tricks.iter().enumerate() {
            write!(f, "{}", ['N', 'E', 'S', 'W'][d])?;
            for t in row {
                write!(f, "{t:>4}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// [`dd_table_with`] with this thread's shared solver (the one [`dds::solve`] uses).
pub fn dd_table(deal: &Deal) -> DdTable {
    dds::with_thread_solver(|s| dd_table_with(s, deal))
}

/// Random bridge deals with their double-dummy tables as DDS 2.9 computed them (`endplay`
/// 0.5.12, `calc_dd_table`): `(deal, tricks[declarer N E S W][strain C D H S NT])`. The tests
/// check [`dd_table`] against them and the bench times them.
pub const DDS_REFERENCE: &[(&str, [[u8; 5]; 4])] = &[
    (
        "N:AK862.T652.T7.KQ Q7.K3.AQ2.965432 9543.QJ984.83.J7 JT.A7.KJ9654.AT8",
        [
            [3, 3, 8, 8, 4],
            [10, 10, 5, 5, 8],
            [3, 3, 8, 8, 4],
            [10, 10, 5, 5, 8],
        ],
    ),
    (
        "N:A3.J76.K7.AKT654 Q62.AKQ42.A865.3 K8754.53.J932.87 JT9.T98.QT4.QJ92",
        [
            [8, 5, 4, 7, 5],
            [5, 7, 8, 6, 8],
            [8, 5, 4, 7, 5],
            [5, 8, 8, 6, 8],
        ],
    ),
    (
        "N:J42.Q.A42.AQJ653 A.A98643.QJT5.T4 K5.752.9763.K872 QT98763.KJT.K8.9",
        [
            [8, 5, 1, 4, 6],
            [4, 7, 11, 9, 6],
            [8, 5, 1, 4, 6],
            [4, 7, 11, 9, 6],
        ],
    ),
    (
        "N:T64.43.K63.AJ987 985.762.AJT92.QT AKQ7.KQT5.54.532 J32.AJ98.Q87.K64",
        [
            [8, 5, 6, 7, 6],
            [5, 8, 7, 5, 7],
            [8, 5, 6, 7, 6],
            [5, 8, 7, 5, 7],
        ],
    ),
    (
        "N:A532.43.J6.T7652 KT.AKT5.KQ874.J4 Q987.Q72.32.AK98 J64.J986.AT95.Q3",
        [
            [8, 4, 4, 8, 6],
            [5, 9, 9, 5, 7],
            [8, 4, 4, 8, 6],
            [5, 9, 9, 5, 7],
        ],
    ),
];

#[cfg(test)]
mod tests {
    //! The table against DDS 2.9's, and the solver on full deals.

    use super::*;
    use cardsim_engine::cards::Suit;

    /// A table too small for a full deal: entries are dropped as it fills, and every result must
    /// stay exact.
    #[test]
    fn a_small_table_stays_exact_on_full_deals() {
        let mut solver = Solver::with_table_bits(14);
        for (pbn, table) in &DDS_REFERENCE[..2] {
            let deal: Deal = pbn.parse().unwrap();
            assert_eq!(dd_table_with(&mut solver, &deal).tricks, *table, "{pbn}");
        }
    }

    /// On full deals in the middle of a trick, the best of [`Solver::solve_plays`] is
    /// [`Solver::solve`], and every card's value is that of solving the position after it.
    #[test]
    fn solve_plays_agrees_with_solve_on_full_deals() {
        let mut solver = Solver::new();
        for (i, (pbn, _)) in DDS_REFERENCE.iter().enumerate().take(2) {
            let deal: Deal = pbn.parse().unwrap();
            let trump = [None, Some(Suit::Hearts)][i % 2];
            let order = CardOrder::ace_high(trump);
            let mut hands = deal.hands();
            let leader = Seat::new(1);
            let lead = hands[1].iter().next_back().expect("a card");
            hands[1].remove(lead);
            let mut trick = Trick::new(leader);
            trick.push(leader, lead);
            let pos = Position::new(hands, trick, order, Obligation::FollowSuit);
            let best = solver.solve(&pos).unwrap();
            let plays = solver.solve_plays(&pos).unwrap();
            assert_eq!(plays.iter().map(|&(_, v)| v).max(), Some(best), "{pbn}");
            for &(card, v) in &plays {
                let mut h = hands;
                h[2].remove(card);
                let mut t = trick;
                t.push(Seat::new(2), card);
                // The side of the seat after South (West) counts the tricks; ours is 13 minus.
                let after = Position::new(h, t, order, Obligation::FollowSuit);
                assert_eq!(13 - solver.solve(&after).unwrap(), v, "{pbn} {card}");
            }
        }
    }

    /// 24 more random deals with DDS 2.9's tables, generated once by
    /// `benches/dds/compare.py` and kept as data (`dds_reference.txt`): every result exact.
    #[test]
    fn random_deals_match_dds_tables_from_data() {
        let text = include_str!("dds_reference.txt");
        let mut solver = Solver::new();
        let mut checked = 0;
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let (pbn, results) = line.split_once(';').expect("PBN;results");
            let want: Vec<u8> = results
                .split_whitespace()
                .map(|t| t.parse().expect("a trick count"))
                .collect();
            assert_eq!(want.len(), 20, "{line}");
            let deal: Deal = pbn.parse().expect("a valid deal");
            let got = dd_table_with(&mut solver, &deal);
            let got: Vec<u8> = got.tricks.iter().flatten().copied().collect();
            assert_eq!(got, want, "{pbn}");
            checked += 1;
        }
        assert_eq!(checked, 24);
    }

    /// Full deals whose double-dummy tables were computed by DDS 2.9 (through the `endplay`
    /// Python package), an independent solver.
    #[test]
    fn full_deals_match_published_tables() {
        for (pbn, table) in DDS_REFERENCE {
            let deal: Deal = pbn.parse().unwrap();
            let got = dd_table(&deal);
            assert_eq!(got.tricks, *table, "{pbn}\n{got}");
        }
    }
}
