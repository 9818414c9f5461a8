use super::*;
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::conformance;
use rand::SeedableRng;

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// A full deal written by hand (see the comments for the tops), used for move counts.
const HAND_DEAL: &str = "\
Foundations: H-0 C-0 D-0 S-0
Freecells: - 2H 6H -
2C 3C 4C 5C 7D
6C 7C 8C 9C 8D
TC JC QC AC AS
2D 3D 4D 5D KC
6D 9D TD JD 5H
QD KD AD 3H 4H
7H 8H 9H TH JH
QH KH AH 2S 3S
4S 5S 6S 7S 8S
9S TS JS QS KS
";

/// Three cards left: the king of spades on the queen on the jack, nine columns empty.
const ENDGAME: &str = "\
Foundations: H-K C-K D-K S-T
Freecells: - - - -
JS QS KS
:
:
:
:
:
:
:
:
:
";

/// All towers full with non-kings and no top card with a place: no legal move.
const STUCK: &str = "\
Foundations: H-0 C-0 D-0 S-0
Freecells: QH QS QD QC
2C 3C 4C 7D 5C
6C 7C 8C 5D 9C
TC JC KC AC 3S
2D 3D 4D KH 6D
8D 9D TD 5H JD
KD AD 3H 2S 4H
7H 8H 9H TH JH
AH 2H 6H KS 6S
4S 5S 7S 8S 9S
TS AS JS
";

fn moves_of(b: &Board) -> Vec<String> {
    let mut v = Vec::new();
    b.legal_moves(&mut v);
    v.iter().map(|m| m.to_string()).collect()
}

#[test]
fn a_deal_is_ten_columns_of_five_and_two_towers() {
    for n in 0..50 {
        let b = Board::deal_number(n);
        assert!(b.columns().iter().all(|c| c.len() == 5));
        assert_eq!(b.towers()[0], None);
        assert!(b.towers()[1].is_some() && b.towers()[2].is_some());
        assert_eq!(b.towers()[3], None);
        assert_eq!(b.home(), 0);
        b.check_cards().unwrap();
    }
    assert_eq!(Board::deal_number(5), Board::deal_number(5));
    assert_ne!(Board::deal_number(5), Board::deal_number(6));
}

#[test]
fn deal_number_is_the_seeded_shuffle_of_the_ordered_deck() {
    use rand::seq::SliceRandom;
    let mut deck: Vec<Card> = Card::all52().collect();
    deck.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(42));
    let b = Board::deal_number(42);
    assert_eq!(b.column(0), &deck[..5]);
    assert_eq!(b.column(9), &deck[45..50]);
    assert_eq!(b.towers(), [None, Some(deck[50]), Some(deck[51]), None]);
}

#[test]
fn hand_deal_root_moves_are_counted_by_hand() {
    let b: Board = HAND_DEAL.parse().unwrap();
    // Column tops 7D 8D AS KC 5H 4H JH 3S 8S KS, towers 2H 6H, towers 1 and 4 free, no empty
    // column. Every column top may go to tower 1 (10 moves); 7D onto 8D, AS home and 4H onto
    // 5H are the other three. Neither tower card has a place: 3H and 7H are covered.
    let m = moves_of(&b);
    assert_eq!(m.len(), 13, "{m:?}");
    for expected in [
        "7D c1-c2",
        "AS c3-home",
        "4H c6-c5",
        "KS c10-t1",
        "7D c1-t1",
    ] {
        assert!(
            m.contains(&expected.to_string()),
            "{expected} missing from {m:?}"
        );
    }
    assert!(!m.iter().any(|s| s.contains("t2-") || s.contains("t3-")));
}

#[test]
fn hand_deal_depth_two_counts_follow_the_rules() {
    // After 4H onto 5H, column 6 shows 3H: 3H takes tower 1 or goes onto 4H, and 2H (tower 2)
    // may go onto 3H. Counting by hand: the ten column tops give 10 tower moves, plus 7D onto
    // 8D, AS home, 3H onto 4H and 2H onto 3H = 14.
    let mut b: Board = HAND_DEAL.parse().unwrap();
    b.play(Move {
        card: card("4H"),
        from: Spot::Column(5),
        to: Spot::Column(4),
    })
    .unwrap();
    let m = moves_of(&b);
    assert_eq!(m.len(), 14, "{m:?}");
    assert!(m.contains(&"3H c6-c5".to_string()));
    assert!(m.contains(&"2H t2-c6".to_string()));
    // Then 3H onto 4H leaves AD on top of column 6: 10 tower moves, 7D onto 8D, AS home, AD
    // home and 2H onto 3H (now in column 5) = 14.
    b.play(Move {
        card: card("3H"),
        from: Spot::Column(5),
        to: Spot::Column(4),
    })
    .unwrap();
    let m = moves_of(&b);
    assert!(m.contains(&"AD c6-home".to_string()));
    assert!(m.contains(&"2H t2-c5".to_string()), "2H onto 3H: {m:?}");
    assert_eq!(m.len(), 14, "{m:?}");
}

/// Known counts (perft) of the whole game from [`HAND_DEAL`], counted by hand from the board
/// text. Depth 1 is the 13 root moves above. Depth 2, move by move (tops 7D 8D AS KC 5H 4H JH
/// 3S 8S KS; towers -, 2H, 6H, -):
/// - a column top to tower 1 leaves tower 4 free, so the ten new tops may go there (10),
///   plus the building and home moves of the new position:
///   7D: 7D (tower) onto 8D, AS home, 4H onto 5H (13); 8D: AS home, 4H onto 5H (12);
///   AS: AS home, AC home, 7D onto 8D, 4H onto 5H (14); KC: 7D onto 8D, AS home, 4H onto 5H
///   (13); 5H: 7D onto 8D, AS home (12); 4H: 4H (tower) onto 5H, 2H onto 3H, 7D onto 8D,
///   AS home (14); JH: the three first moves (13); 3S: AS onto 2S, AS home, 7D onto 8D, 4H
///   onto 5H (14); 8S: the three (13); KS: the three (13). Together 131.
/// - 7D onto 8D: ten tower moves, AS home, 4H onto 5H (12).
/// - AS home: ten tower moves, AC home, 7D onto 8D, 4H onto 5H (13).
/// - 4H onto 5H: the 14 of `hand_deal_depth_two_counts_follow_the_rules`.
///
/// 131 + 12 + 13 + 14 = 170.
#[test]
fn known_counts_from_the_hand_deal() {
    let g = Seahaven::new(1, &Params::new()).unwrap();
    let s = g.from_board(HAND_DEAL.parse().unwrap());
    let per_tower_move = [13, 12, 14, 13, 12, 14, 13, 14, 13, 13];
    let depth2: u64 = per_tower_move.iter().sum::<u64>() + 12 + 13 + 14;
    assert_eq!(depth2, 170);
    assert_eq!(conformance::perft::perft_table(&g, &s, 2), [13, depth2]);
}

#[test]
fn endgame_moves_and_kings_to_empty_columns() {
    let mut b: Board = ENDGAME.parse().unwrap();
    // Only KS can move: to the first empty column or to the first tower.
    assert_eq!(moves_of(&b), vec!["KS c1-c2", "KS c1-t1"]);
    b.play(Move {
        card: card("KS"),
        from: Spot::Column(0),
        to: Spot::Tower(2),
    })
    .unwrap();
    // QS: onto nothing (KS is in a tower), to a tower; KS: to an empty column.
    assert_eq!(moves_of(&b), vec!["QS c1-t1", "KS t3-c2"]);
    b.play(Move {
        card: card("QS"),
        from: Spot::Column(0),
        to: Spot::Tower(0),
    })
    .unwrap();
    for c in ["JS", "QS", "KS"] {
        let from = b.find(card(c)).unwrap();
        b.play(Move {
            card: card(c),
            from,
            to: Spot::Foundation,
        })
        .unwrap();
    }
    assert!(b.is_won());
    let g = Seahaven::default();
    let s = g.from_board(b);
    assert_eq!(g.to_move(&s), ToMove::Over);
    assert_eq!(g.outcome(&s).unwrap()[Seat::new(0)].win, 1.0);
}

#[test]
fn rulings_are_enforced_by_play() {
    let b: Board = ENDGAME.parse().unwrap();
    let kc = |to| Move {
        card: card("KS"),
        from: Spot::Column(0),
        to,
    };
    // The king (not alone in its column) may go to any empty column or free tower.
    assert!(b.clone().play(kc(Spot::Column(7))).is_ok());
    assert!(b.clone().play(kc(Spot::Tower(3))).is_ok());
    // Only the top card moves.
    let qs = Move {
        card: card("QS"),
        from: Spot::Column(0),
        to: Spot::Tower(0),
    };
    assert!(b.clone().play(qs).is_err());
    // A non-king never fills an empty column, from a column or from a tower.
    let mut t = b.clone();
    t.play(kc(Spot::Tower(0))).unwrap();
    let q_to_empty = Move {
        card: card("QS"),
        from: Spot::Column(0),
        to: Spot::Column(4),
    };
    assert_eq!(
        t.clone().play(q_to_empty).unwrap_err().reason,
        "only a king may fill an empty column"
    );
    t.play(Move {
        card: card("QS"),
        from: Spot::Column(0),
        to: Spot::Tower(1),
    })
    .unwrap();
    let q_tower_to_empty = Move {
        card: card("QS"),
        from: Spot::Tower(1),
        to: Spot::Column(4),
    };
    assert_eq!(
        t.clone().play(q_tower_to_empty).unwrap_err().reason,
        "only a king may fill an empty column"
    );
    assert!(
        !moves_of(&t).iter().any(|m| m.starts_with("QS t2-c")),
        "not offered either: {:?}",
        moves_of(&t)
    );
    // The king in a tower may fill one.
    assert!(t
        .clone()
        .play(Move {
            card: card("KS"),
            from: Spot::Tower(0),
            to: Spot::Column(4),
        })
        .is_ok());
    // Tower to tower is refused; occupied towers too.
    let tt = Move {
        card: card("QS"),
        from: Spot::Tower(1),
        to: Spot::Tower(2),
    };
    assert!(t.clone().play(tt).is_err());
    let occupied = Move {
        card: card("JS"),
        from: Spot::Column(0),
        to: Spot::Tower(1),
    };
    assert!(t.clone().play(occupied).is_err());
    // Cards never leave the foundations.
    let back = Move {
        card: card("TS"),
        from: Spot::Foundation,
        to: Spot::Tower(3),
    };
    assert!(t.clone().play(back).is_err());
    // A refused move leaves the board as it was.
    let before = t.clone();
    let _ = t.play(back);
    assert_eq!(t, before);
}

#[test]
fn an_ace_may_be_built_on_its_two_and_only_in_suit() {
    let mut b: Board = HAND_DEAL.parse().unwrap();
    // Free 2S by moving 3S to a tower; AS (column 3) may then go home or onto 2S.
    b.play(Move {
        card: card("3S"),
        from: Spot::Column(7),
        to: Spot::Tower(0),
    })
    .unwrap();
    let m = moves_of(&b);
    assert!(m.contains(&"AS c3-c8".to_string()), "{m:?}");
    assert!(m.contains(&"AS c3-home".to_string()));
    // 7D may not go on 8S: building is by suit.
    let wrong = Move {
        card: card("7D"),
        from: Spot::Column(0),
        to: Spot::Column(8),
    };
    assert!(b.play(wrong).is_err());
}

#[test]
fn board_text_round_trips() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let g = Seahaven::default();
    let mut legal = Vec::new();
    for n in 0..100 {
        let mut b = Board::deal_number(n);
        assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
        // Some random play for foundations, empty columns and full towers.
        for _ in 0..60 {
            b.legal_moves(&mut legal);
            if legal.is_empty() {
                break;
            }
            use rand::seq::IndexedRandom;
            b.play(*legal.choose(&mut rng).unwrap()).unwrap();
            assert_eq!(b.to_string().parse::<Board>().unwrap(), b, "\n{b}");
        }
        assert!(g.check_invariants(&g.from_board(b)).is_ok());
    }
}

#[test]
fn freecell_solver_variants_are_read() {
    let text = "\
# a comment
Founds: H-A C-0 D-0 S-0
Freecells:  -  2H  6H
: 1S 3C 4C 5C 7D
2C 6C 7C 8C 9C
TC JC QC AC 8D
2D 3D 4D 5D KC
6D 9D 10D JD 5H
QD KD AD 3H 4H
7H 8H 9H TH JH
QH KH 2S 3S KS
4S 5S 6S 7S 8S
9S TS JS QS
";
    let b: Board = text.parse().unwrap();
    assert_eq!(b.foundation(Suit::Hearts), 1);
    assert_eq!(b.column(0)[0], card("AS"));
    assert_eq!(b.column(4)[2], card("TD"));
    assert_eq!(b.towers(), [None, Some(card("2H")), Some(card("6H")), None]);
    assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
}

#[test]
fn several_boards_and_errors_with_line_numbers() {
    let two = format!("# first\n{HAND_DEAL}\n\n{ENDGAME}");
    let all = Board::parse_many(&two).unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all[1].home(), 49);
    assert!(matches!(
        two.parse::<Board>().unwrap_err().kind,
        BoardErrorKind::Several(2)
    ));

    let err = |text: &str| text.parse::<Board>().unwrap_err();
    let dup = HAND_DEAL.replace("7D\n", "8D\n");
    let e = err(&dup);
    assert_eq!(e.kind, BoardErrorKind::Duplicate(card("8D")));
    assert_eq!(e.line, 1);
    let e = err(&HAND_DEAL.replace("KS\n", "XS\n"));
    assert_eq!((e.line, e.kind), (12, BoardErrorKind::BadCard("XS".into())));
    let e = err(&HAND_DEAL.replace(" KS\n", "\n"));
    assert_eq!(e.kind, BoardErrorKind::Missing("KS".into()));
    let e = err(&HAND_DEAL.replace("- 2H 6H -", "- 2H 6H - -"));
    assert_eq!((e.line, e.kind), (2, BoardErrorKind::TooManyTowers(5)));
    let e = err(&HAND_DEAL.replace("H-0", "H-Z"));
    assert!(matches!(e.kind, BoardErrorKind::BadFoundation(_)), "{e}");
    let e = err(&HAND_DEAL.replace("9S TS JS QS KS\n", ""));
    assert_eq!(e.kind, BoardErrorKind::TooFewColumns(9));
    assert!(e.to_string().contains("':'"), "{e}");
    let e = err(&format!("{HAND_DEAL}:\n"));
    assert_eq!((e.line, e.kind), (13, BoardErrorKind::TooManyColumns));
    let e = err(&HAND_DEAL
        .replace("Foundations: H-0 C-0 D-0 S-0\n", "")
        .replace("6C 7C", "Founds: H-0\n6C 7C"));
    assert!(matches!(e.kind, BoardErrorKind::Misplaced(_)), "{e}");
    let e = err(&HAND_DEAL.replace("- 2H 6H -", "JK 2H 6H -"));
    assert!(matches!(e.kind, BoardErrorKind::NotInDeck(_)), "{e}");
    // A foundation that already holds a card still in play.
    let e = err(&HAND_DEAL.replace("S-0", "S-A"));
    assert_eq!(e.kind, BoardErrorKind::Duplicate(card("AS")));
    assert!(matches!(err("").kind, BoardErrorKind::Empty));
}

#[test]
fn conformance_random_games() {
    let game = Seahaven::new(1, &Params::new().set("max_moves", 300)).unwrap();
    let report = conformance::random_games(&game, 0..20, 300);
    assert_eq!(report.games, 20);
    // Random play rarely wins; every game ends by the cap or with no move left.
    for s in &report.stats {
        assert!(s[1] <= 300.0);
        assert!(s[2] == 1.0 || s[1] == 300.0 || s[0] == 52.0, "{s:?}");
    }
}

#[test]
fn has_legal_move_agrees_with_the_move_list() {
    use rand::Rng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let mut legal = Vec::new();
    for _ in 0..20 {
        let mut b = Board::random(&mut rng);
        for _ in 0..300 {
            b.legal_moves(&mut legal);
            assert_eq!(b.has_legal_move(), !legal.is_empty());
            if legal.is_empty() || b.is_won() {
                break;
            }
            b.play_unchecked(legal[rng.random_range(0..legal.len())]);
        }
    }
}

#[test]
fn params_are_checked() {
    assert!(Seahaven::new(2, &Params::new()).is_err());
    assert!(Seahaven::new(1, &Params::new().set("max_moves", 0)).is_err());
    assert!(Seahaven::new(1, &Params::new().set("towers", 3)).is_err());
    assert_eq!(Seahaven::new(1, &Params::new()).unwrap().max_moves(), 1000);
}

#[test]
fn stuck_games_end_and_lose() {
    let text = STUCK;
    let b: Board = text.parse().unwrap();
    assert!(moves_of(&b).is_empty(), "{:?}", moves_of(&b));
    assert!(!b.has_legal_move());
    let g = Seahaven::default();
    let s = g.from_board(b);
    assert_eq!(g.to_move(&s), ToMove::Over);
    let mut stats = Vec::new();
    g.stats(&s, &mut stats);
    assert_eq!(stats, vec![0.0, 0.0, 1.0]);
    assert_eq!(g.outcome(&s).unwrap()[Seat::new(0)].win, 0.0);
}

#[test]
fn garbage_text_never_panics() {
    use proptest::prelude::*;
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(300));
    let lines = proptest::collection::vec("[A-Za-z0-9:# -]{0,30}", 0..16);
    runner
        .run(&lines, |ls| {
            let _ = Board::parse_many(&ls.join("\n"));
            Ok(())
        })
        .unwrap();
    // Mutations of a valid board: drop or duplicate one token.
    let toks: Vec<&str> = HAND_DEAL.split(' ').collect();
    for i in 0..toks.len() {
        let mut t = toks.clone();
        t.remove(i);
        let _ = t.join(" ").parse::<Board>();
        let mut t = toks.clone();
        t.insert(i, toks[i]);
        assert!(t.join(" ").parse::<Board>().is_err());
    }
    let _ = CardSet::EMPTY;
    let _ = Rank::Ace;
}

/// Plays the first legal move `n` times.
fn play_first(g: &Seahaven, s: &mut State, n: usize) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    let mut legal = Vec::new();
    for _ in 0..n {
        g.legal_actions(s, &mut legal);
        g.apply(s, legal[0], &mut rng);
    }
}

fn stats_of(g: &Seahaven, s: &State) -> Vec<f64> {
    let mut v = Vec::new();
    g.stats(s, &mut v);
    v
}

#[test]
fn the_move_limit_ends_a_game_lost_and_not_stuck() {
    let g = Seahaven::with_max_moves(3);
    assert_eq!(g.max_moves(), 3);
    let mut s = g.from_board(Board::deal_number(7));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    let mut legal = Vec::new();
    for made in 0..3u32 {
        assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
        assert_eq!(g.outcome(&s), None);
        assert_eq!(
            stats_of(&g, &s),
            vec![s.board.home() as f64, made as f64, 0.0]
        );
        g.legal_actions(&s, &mut legal);
        let mv = legal[0];
        let mut expected = s.board.clone();
        expected.play(mv).unwrap();
        g.apply(&mut s, mv, &mut rng);
        assert_eq!(s.board, expected);
        assert_eq!(s.moves, made + 1);
    }
    // Moves are still legal, but the limit is reached: over, lost, not stuck.
    assert!(s.board.has_legal_move());
    assert_eq!(g.to_move(&s), ToMove::Over);
    let r = g.outcome(&s).unwrap()[Seat::new(0)];
    assert_eq!((r.score, r.win, r.place), (s.board.home() as f64, 0.0, 1));
    assert_eq!(stats_of(&g, &s), vec![s.board.home() as f64, 3.0, 0.0]);
}

#[test]
fn stuck_counts_only_a_game_that_ran_out_of_moves_before_the_limit() {
    // The stuck board of `stuck_games_end_and_lose`, reached exactly at the move limit: the
    // limit ended it, so it is not counted stuck.
    let b: Board = STUCK.parse().unwrap();
    let g = Seahaven::with_max_moves(40);
    let at_limit = State {
        board: b.clone(),
        moves: 40,
    };
    assert_eq!(g.to_move(&at_limit), ToMove::Over);
    assert_eq!(stats_of(&g, &at_limit), vec![0.0, 40.0, 0.0]);
    let before = State {
        board: b,
        moves: 39,
    };
    assert_eq!(stats_of(&g, &before), vec![0.0, 39.0, 1.0]);
    // A game in progress is not stuck; a won game is not stuck either.
    let mut s = g.from_board(Board::deal_number(3));
    play_first(&g, &mut s, 2);
    assert_eq!(stats_of(&g, &s)[2], 0.0);
    let mut won: Board = ENDGAME.parse().unwrap();
    for (c, t) in [("KS", 0), ("QS", 1)] {
        won.play(Move {
            card: card(c),
            from: Spot::Column(0),
            to: Spot::Tower(t),
        })
        .unwrap();
    }
    for c in ["JS", "QS", "KS"] {
        let from = won.find(card(c)).unwrap();
        won.play(Move {
            card: card(c),
            from,
            to: Spot::Foundation,
        })
        .unwrap();
    }
    let won = State {
        board: won,
        moves: 5,
    };
    assert_eq!(g.to_move(&won), ToMove::Over);
    assert_eq!(stats_of(&g, &won), vec![52.0, 5.0, 0.0]);
    assert_eq!(g.outcome(&won).unwrap()[Seat::new(0)].score, 52.0);
}

#[test]
fn every_move_is_public_and_the_observation_is_the_state() {
    let g = Seahaven::default();
    let mut s = g.from_board(Board::deal_number(11));
    play_first(&g, &mut s, 4);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    assert_eq!(g.observe(&s, Seat::new(0)), s);
    assert_eq!(g.determinize(&s, &mut rng), s);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert!(!legal.is_empty());
    for &m in &legal {
        assert_eq!(g.observe_action(&s, m, Seat::new(0)), Some(m));
    }
}

#[test]
fn the_accessors_read_the_position() {
    let mut b: Board = ENDGAME.parse().unwrap();
    assert_eq!(b.foundation(Suit::Hearts), 13);
    assert_eq!(b.foundation(Suit::Spades), 10);
    assert_eq!(b.home(), 49);
    assert_eq!((b.towers_used(), b.empty_columns()), (0, 9));
    assert_eq!(b.find(card("JS")), Some(Spot::Column(0)));
    assert_eq!(b.find(card("TS")), None);
    assert_eq!(b.find(card("AH")), None);
    b.play(Move {
        card: card("KS"),
        from: Spot::Column(0),
        to: Spot::Tower(2),
    })
    .unwrap();
    assert_eq!(b.find(card("KS")), Some(Spot::Tower(2)));
    assert_eq!(b.find(card("QS")), Some(Spot::Column(0)));
    assert_eq!((b.towers_used(), b.empty_columns()), (1, 9));
    let d: Board = HAND_DEAL.parse().unwrap();
    assert_eq!((d.towers_used(), d.empty_columns(), d.home()), (2, 0, 0));
    assert_eq!(d.find(card("2H")), Some(Spot::Tower(1)));
    assert_eq!(d.find(card("9S")), Some(Spot::Column(9)));
    assert_eq!(d.foundation(Suit::Clubs), 0);
}

#[test]
fn moves_are_described_in_words() {
    let d: Board = HAND_DEAL.parse().unwrap();
    let mv = |c: &str, from, to| Move {
        card: card(c),
        from,
        to,
    };
    let cases = [
        (
            mv("4H", Spot::Column(5), Spot::Column(4)),
            "4H from column 6 onto 5H in column 5",
        ),
        (
            mv("AS", Spot::Column(2), Spot::Foundation),
            "AS from column 3 to its foundation",
        ),
        (
            mv("KS", Spot::Column(9), Spot::Tower(0)),
            "KS from column 10 to tower 1",
        ),
    ];
    for (m, words) in cases {
        assert_eq!(m.describe(&d), words);
    }
    let e: Board = ENDGAME.parse().unwrap();
    assert_eq!(
        mv("KS", Spot::Tower(2), Spot::Column(1)).describe(&e),
        "KS from tower 3 to empty column 2"
    );
}

#[test]
fn broken_positions_fail_the_invariants() {
    let g = Seahaven::default();
    let fresh = g.from_board(HAND_DEAL.parse().unwrap());
    assert_eq!(g.check_invariants(&fresh), Ok(()));
    // A card taken back from a foundation into a column: it is there twice.
    let mut s = g.from_board(ENDGAME.parse().unwrap());
    s.board.play_unchecked(Move {
        card: card("TS"),
        from: Spot::Foundation,
        to: Spot::Column(3),
    });
    assert!(g.check_invariants(&s).is_err());
    assert_eq!(
        s.board.check_cards(),
        Err(BoardErrorKind::Duplicate(card("TS")))
    );
    // 7D sent home onto an empty diamond foundation: AD counts as home and is in play, 7D is
    // nowhere.
    let mut s = fresh.clone();
    s.board.play_unchecked(Move {
        card: card("7D"),
        from: Spot::Column(0),
        to: Spot::Foundation,
    });
    assert_eq!(
        s.board.check_cards(),
        Err(BoardErrorKind::Duplicate(card("AD")))
    );
    assert!(g.check_invariants(&s).is_err());
    // A card lost.
    let mut s = fresh.clone();
    s.board.play_unchecked(Move {
        card: card("7D"),
        from: Spot::Column(0),
        to: Spot::Foundation,
    });
    s.board.play_unchecked(Move {
        card: card("AD"),
        from: Spot::Column(5),
        to: Spot::Foundation,
    });
    assert!(g.check_invariants(&s).is_err());
    // A knight or a joker in place of a card, built from parts.
    let mut cols: [Vec<Card>; COLUMNS] = Default::default();
    for (i, c) in fresh.board.columns().iter().enumerate() {
        cols[i] = c.to_vec();
    }
    let towers = fresh.board.towers();
    for odd in ["CS", "JK"] {
        let mut bad = cols.clone();
        bad[9][4] = card(odd);
        assert_eq!(
            Board::from_parts(&bad, towers, [0; 4]),
            Err(BoardErrorKind::NotInDeck(odd.to_string()))
        );
    }
    let mut short = cols.clone();
    short[9].pop();
    assert_eq!(
        Board::from_parts(&short, towers, [0; 4]),
        Err(BoardErrorKind::Missing("KS".into()))
    );
    assert_eq!(Board::from_parts(&cols, towers, [0; 4]), Ok(fresh.board));
}

#[test]
fn from_parts_limits_columns_and_foundations() {
    // All 52 cards in deck order: column 4 (index 3) gets the first `n`, the rest go six a
    // column to the others and the towers.
    let deck: Vec<Card> = Card::all52().collect();
    let parts = |n: usize| {
        let mut cols: [Vec<Card>; COLUMNS] = Default::default();
        cols[3] = deck[..n].to_vec();
        let mut rest = deck[n..].iter().copied();
        let mut towers = [None; TOWERS];
        for t in towers.iter_mut() {
            *t = rest.next();
        }
        let mut i = 0;
        for c in rest {
            if i == 3 {
                i += 1;
            }
            cols[i % COLUMNS].push(c);
            i = if i + 1 == COLUMNS { 0 } else { i + 1 };
        }
        (cols, towers)
    };
    let (cols, towers) = parts(MAX_INPUT_COLUMN);
    let b = Board::from_parts(&cols, towers, [0; 4]).unwrap();
    assert_eq!(b.column(3).len(), 20);
    assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
    let (cols, towers) = parts(MAX_INPUT_COLUMN + 1);
    assert_eq!(
        Board::from_parts(&cols, towers, [0; 4]),
        Err(BoardErrorKind::ColumnTooLong {
            column: 4,
            cards: 21
        })
    );
    // The same in text: the error names the column's line (line 6: two headers, then
    // columns 1 to 4).
    let text = Board::from_parts(&parts(20).0, parts(20).1, [0; 4])
        .unwrap()
        .to_string();
    let long = text.replacen(
        &format!("{}\n", card_line(&parts(20).0[3])),
        &format!("{} {}\n", card_line(&parts(20).0[3]), "AC"),
        1,
    );
    let e = long.parse::<Board>().unwrap_err();
    assert_eq!(
        (e.line, e.kind),
        (
            6,
            BoardErrorKind::ColumnTooLong {
                column: 4,
                cards: 21
            }
        )
    );
    // A foundation above the king.
    let (cols, towers) = parts(10);
    assert!(matches!(
        Board::from_parts(&cols, towers, [0, 0, 14, 0]),
        Err(BoardErrorKind::BadFoundation(_))
    ));
}

fn card_line(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_board_text_is_freecell_solvers_exactly() {
    let d: Board = HAND_DEAL.parse().unwrap();
    assert_eq!(d.to_string(), HAND_DEAL);
    let e: Board = ENDGAME.parse().unwrap();
    assert_eq!(e.to_string(), ENDGAME);
    // Foundations written 1 for the ace are read too; a joker or knight is refused on its
    // own line.
    let one = ENDGAME
        .replace("H-K C-K D-K S-T", "H-K C-K D-K S-1")
        .replace("JS QS KS", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS");
    assert_eq!(one.parse::<Board>().unwrap().foundation(Suit::Spades), 1);
    let e = HAND_DEAL
        .replace("- 2H 6H -", "JK 2H 6H -")
        .parse::<Board>();
    assert_eq!(
        e.unwrap_err(),
        ParseBoardError {
            line: 2,
            kind: BoardErrorKind::NotInDeck("JK".into())
        }
    );
    let e = HAND_DEAL.replace("2D 3D", "CD 3D").parse::<Board>();
    assert_eq!(
        e.unwrap_err(),
        ParseBoardError {
            line: 6,
            kind: BoardErrorKind::NotInDeck("CD".into())
        }
    );
}

#[test]
fn the_deal_text_reads_back() {
    use crate::deal_text::{round_trip, DealText};
    let g = Seahaven::default();
    let d = g.from_board(HAND_DEAL.parse().unwrap());
    let text = round_trip(&g, &d).unwrap();
    assert_eq!(text, HAND_DEAL.trim_end().replace('\n', " | "));
    assert!(text.starts_with("Foundations: H-0 C-0 D-0 S-0 | Freecells: - 2H 6H - | 2C 3C"));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut legal = Vec::new();
    for n in 0..20 {
        let mut s = g.from_board(Board::deal_number(n));
        for _ in 0..40 {
            round_trip(&g, &s).unwrap();
            g.legal_actions(&s, &mut legal);
            if legal.is_empty() {
                break;
            }
            use rand::seq::IndexedRandom;
            let m = *legal.choose(&mut rng).unwrap();
            g.apply(&mut s, m, &mut rng);
            s.moves = 0;
        }
    }
    assert!(g.parse_deal("Foundations: H-0 | 2C").is_err());
}

#[test]
fn only_cards_of_the_deck_are_played() {
    let mut b: Board = ENDGAME.parse().unwrap();
    for odd in ["CS", "JK"] {
        let m = Move {
            card: card(odd),
            from: Spot::Column(0),
            to: Spot::Tower(0),
        };
        assert_eq!(
            b.play(m).unwrap_err().reason,
            "not a card of the 52-card deck"
        );
    }
    assert_eq!(b, ENDGAME.parse().unwrap());
}

#[test]
fn a_full_column_refuses_a_card_rather_than_overflow() {
    // No legal play fills a column past an ace (at most twenty cards read, then twelve built
    // on a king), but a board holding each card once may have a full column with another top:
    // thirty-two cards, 5H on top, 4H in tower 1. `play` refuses 4H onto it.
    let deck: Vec<Card> = Card::all52()
        .filter(|&c| c != card("4H") && c != card("5H"))
        .collect();
    let mut cols: [Vec<Card>; COLUMNS] = Default::default();
    cols[3] = deck[..MAX_INPUT_COLUMN].to_vec();
    for (i, &c) in deck[MAX_INPUT_COLUMN..].iter().enumerate() {
        cols[[0, 1, 2, 4, 5, 6, 7, 8, 9][i % 9]].push(c);
    }
    let towers = [Some(card("4H")), Some(card("5H")), None, None];
    let mut b = Board::from_parts(&cols, towers, [0; 4]).unwrap();
    for from in (0..11).map(|i| [0u8, 1, 2, 4, 5, 6, 7, 8, 9][i % 9]) {
        let top = *b.column(from as usize).last().unwrap();
        b.play_unchecked(Move {
            card: top,
            from: Spot::Column(from),
            to: Spot::Column(3),
        });
    }
    b.play_unchecked(Move {
        card: card("5H"),
        from: Spot::Tower(1),
        to: Spot::Column(3),
    });
    assert_eq!(b.column(3).len(), MAX_COLUMN);
    assert_eq!(b.check_cards(), Ok(()));
    let before = b.clone();
    let onto_full = Move {
        card: card("4H"),
        from: Spot::Tower(0),
        to: Spot::Column(3),
    };
    assert_eq!(b.play(onto_full).unwrap_err().reason, "the column is full");
    assert_eq!(b, before);
}
