//! The double-dummy solver against published results: the three example deals that ship with
//! DDS (Bo Haglund and Soren Hein, `examples/hands.cpp` of github.com/dds-bridge/dds), with
//! their published 20-result tables and the published trick counts after every card of two
//! played deals (DDS's `AnalysePlay` examples).

use cardsim_agents::games::bridge::dd_table_with;
use cardsim_agents::tricks::dds::{Position, Solver};
use cardsim_engine::cards::{Card, Suit};
use cardsim_engine::games::bridge::pbn::Deal;
use cardsim_engine::tricks::{CardOrder, Obligation, TrickPlay};
use cardsim_engine::{Seat, SeatMask};

/// A published deal: PBN, the table as DDS prints it (strains S, H, D, C, NT; declarers N, E,
/// S, W within each), the trump suit and first leader of the played example (`None` =
/// notrump; seats N=0, E=1, S=2, W=3), the cards played, and the declarer's side's tricks
/// before the first card and after each card.
struct Published {
    pbn: &'static str,
    table: [u8; 20],
    trump: Option<Suit>,
    leader: usize,
    play: &'static str,
    trace: &'static [u8],
}

const DEALS: [Published; 3] = [
    Published {
        pbn: "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
        table: [5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6],
        trump: Some(Suit::Spades),
        leader: 0,
        play: "",
        trace: &[],
    },
    Published {
        pbn: "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63",
        table: [4, 9, 4, 9, 10, 2, 10, 2, 8, 3, 8, 3, 6, 7, 6, 7, 9, 3, 9, 3],
        trump: None,
        leader: 1,
        play: "SQD2S8SAHKHTH3H2HQS2H4H6H8D6HJHAS7SKS4C4D8C2DKD4H9C5S6S3H7C7C3S5H5CTD9STD3DQDAC8S9SJC9DTCQD5CAC6DJCKCJD7",
        trace: &[
            9, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10,
            10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 9, 9, 9, 9, 9, 9, 9,
            9, 9, 9, 9, 9,
        ],
    },
    Published {
        pbn: "N:73.QJT.AQ54.T752 QT6.876.KJ9.AQ84 5.A95432.7632.K6 AKJ9842.K.T8.J93",
        table: [3, 10, 3, 10, 9, 4, 9, 4, 8, 4, 8, 4, 3, 9, 3, 9, 4, 8, 4, 8],
        trump: Some(Suit::Spades),
        leader: 2,
        play: "HAHKHQH7D7D8DAD9C5CAC6C3",
        trace: &[10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10],
    },
];

/// DDS's strain order S, H, D, C, NT as our strain index C, D, H, S, NT.
const DDS_STRAIN_TO_OURS: [usize; 5] = [3, 2, 1, 0, 4];

#[test]
fn published_tables_of_the_dds_examples() {
    let mut solver = Solver::new();
    for d in &DEALS {
        let deal: Deal = d.pbn.parse().expect("valid PBN");
        let table = dd_table_with(&mut solver, &deal).tricks;
        for (dds_strain, &ours) in DDS_STRAIN_TO_OURS.iter().enumerate() {
            for (declarer, row) in table.iter().enumerate() {
                assert_eq!(
                    row[ours],
                    d.table[4 * dds_strain + declarer],
                    "{}: declarer {declarer}, DDS strain {dds_strain}",
                    d.pbn
                );
            }
        }
    }
}

#[test]
fn published_play_traces_of_the_dds_examples() {
    let mut solver = Solver::new();
    let mut checked = 0;
    for d in DEALS.iter().filter(|d| !d.trace.is_empty()) {
        let deal: Deal = d.pbn.parse().expect("valid PBN");
        let leader = Seat::new(d.leader);
        // The declarer sits on the opening leader's right.
        let declarer = leader.left(3, 4);
        let side = SeatMask(1 << declarer.index() | 1 << declarer.left(2, 4).index());
        let order = CardOrder::ace_high(d.trump);
        let mut play = TrickPlay::new(4, &deal.hands(), leader, order, Obligation::FollowSuit);
        let cards: Vec<Card> = d
            .play
            .as_bytes()
            .chunks(2)
            .map(|c| {
                let text = format!("{}{}", c[1] as char, c[0] as char);
                text.parse().expect("a card")
            })
            .collect();
        for (i, &expected) in d.trace.iter().enumerate() {
            let pos = Position::from_play(&play, &cardsim_engine::tricks::Teams::alternating(4, 2))
                .with_side(side);
            let won: usize = [declarer, declarer.left(2, 4)]
                .iter()
                .map(|&s| play.tricks_won(s))
                .sum();
            let total = won as u8 + solver.solve(&pos).expect("solvable");
            assert_eq!(total, expected, "{}: after {i} cards", d.pbn);
            checked += 1;
            if i < cards.len() {
                assert!(play.legal().contains(cards[i]), "card {i} is legal");
                play.play(cards[i]);
            }
        }
    }
    assert_eq!(checked, 49 + 13);
}
