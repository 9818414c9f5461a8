use super::*;
use crate::conformance;
use crate::conformance::perft::perft;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn game() -> Orgy {
    Orgy::new(4, &Params::new()).unwrap()
}

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn set(s: &str) -> CardSet {
    s.parse().unwrap()
}

#[test]
fn conformance_random_games() {
    let g = game();
    let report = conformance::random_games(&g, 0..16, 200_000);
    assert_eq!(report.games, 16);
    assert!(report.determinizations > 0);
    for s in &report.stats {
        // A game ends with a Maximum Orgy, a lone leader at 21 or more, or at the cap.
        assert!(s[1] == 1.0 || s[2] >= 21.0 || s[5] == 1.0, "{s:?}");
        assert!(s[0] >= 1.0);
        assert!((0.0..=1.0).contains(&s[4]));
    }
    // Short games to a low target, and the cap, also conform.
    let g = Orgy::new(4, &Params::parse(&["target=3", "max_hands=2"]).unwrap()).unwrap();
    let report = conformance::random_games(&g, 0..16, 200_000);
    for s in &report.stats {
        assert!(s[0] <= 2.0);
    }
}

#[test]
fn params_are_checked() {
    assert_eq!(game().target(), 21);
    assert_eq!(game().max_hands(), 200);
    assert!(Orgy::new(3, &Params::new()).is_err());
    assert!(Orgy::new(4, &Params::new().set("target", 0)).is_err());
    assert!(Orgy::new(4, &Params::new().set("goal", 3)).is_err());
}

/// "The cards are ranked Ace (one) through Ten (high). Jacks, Queens and Kings all have the
/// equal rank of zero", the first played of equals winning.
#[test]
fn the_card_order() {
    let o = orgy_order(Some(Suit::Hearts));
    let pips = ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC"];
    for (i, p) in pips.iter().enumerate() {
        assert_eq!(o.strength(c(p)) as usize, i + 1, "{p}");
    }
    for court in ["JC", "QC", "KC"] {
        assert_eq!(o.strength(c(court)), 0);
    }
    assert_eq!(o.tie_break(), TieBreak::FirstPlayed);
    assert_eq!(o.trump(), Some(Suit::Hearts));
}

/// Plays one trick from single-card hands, `cards` in order from `leader`, spades trumps
/// unless `trump` says otherwise, and returns the state after it (one card left each).
fn one_trick(cards: [&str; 4], leader: usize, trump: Suit) -> OrgyState {
    let g = game();
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut s = g.deal(&mut rng);
    // A second card each (diamonds, never led here) keeps the hand going after the trick.
    let spare = ["2D", "3D", "4D", "5D"];
    let mut hands = [CardSet::EMPTY; 4];
    for (i, card) in cards.iter().enumerate() {
        hands[(leader + i) % 4] = set(card).with(c(spare[i]));
    }
    s.trump = Some(trump);
    s.play = TrickPlay::new(
        4,
        &hands,
        Seat::new(leader),
        orgy_order(Some(trump)),
        Obligation::FollowSuit,
    );
    for card in cards {
        g.try_apply(&mut s, OrgyAction::Play(c(card)), &mut rng)
            .unwrap();
    }
    s
}

/// The page's six tricks, spades trumps, "played in order left to right": who takes the
/// trick, seen as who captures its Orgy cards (and, for tricks without one, the trick count).
#[test]
fn the_pages_six_tricks() {
    // Seat 0 leads; the winner is the seat of the card the page names.
    let cases: [([&str; 4], usize); 6] = [
        (["3C", "AC", "7C", "JC"], 2), // the 7 of Clubs
        (["3C", "AS", "7C", "JC"], 1), // the only trump
        (["3C", "AS", "7C", "JS"], 1), // the Ace beats the Jack of trumps
        (["3C", "AC", "7C", "JS"], 3), // the Jack of trumps
        (["QC", "KC", "7H", "JC"], 0), // the first of three equal clubs
        (["7H", "KC", "QC", "JC"], 0), // the only heart
    ];
    for (cards, winner) in cases {
        let s = one_trick(cards, 0, Suit::Spades);
        let last = s.play().last_trick().unwrap();
        assert_eq!(
            last.winner(s.play().order()).unwrap().0,
            Seat::new(winner),
            "{cards:?}"
        );
        let orgy = cards
            .iter()
            .map(|x| c(x))
            .filter(|x| ORGY_CARDS.contains(*x));
        let expected: CardSet = orgy.collect();
        assert_eq!(s.captured()[winner], expected, "{cards:?}");
    }
    // "If Clubs were trump, however, then the King would take the trick."
    let s = one_trick(["7H", "KC", "QC", "JC"], 0, Suit::Clubs);
    assert_eq!(s.captured()[1], set("KC QC JC"));
}

/// The page's scoring table, literally.
#[test]
fn the_pages_scoring_examples() {
    let table = [
        ("JC QC KC", 3),
        ("JC QC JD", 3),
        ("QC JC QD", 3),
        ("KC QC JC QD", 4),
        ("KC QC KD QD JC", 5),
        ("KC QC KD QD JC JD", 5),
        ("KC QC KD KH JC JD", 3),
        ("QC KC QD KD QH JC QS", 7),
    ];
    for (meld, points) in table {
        assert_eq!(orgy_score(set(meld)), points, "{meld}");
    }
    // Fewer than three participants, or no alternation, score nothing.
    for meld in ["", "QC", "JC KC", "QC KC", "QC QD QH QS", "JC JD JH KC KD"] {
        assert_eq!(orgy_score(set(meld)), 0, "{meld}");
    }
    assert_eq!(orgy_points(4, 8), 9);
}

/// Replaces the hand by its last trick: the seats have already captured `before`, then play
/// `cards` (single cards) from `leader` with spades trumps. Returns the state after the hand.
fn finish_hand(g: &Orgy, s: &mut OrgyState, before: [&str; 4], cards: [&str; 4], leader: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(s.hands_played().into());
    let mut hands = [CardSet::EMPTY; 4];
    for (i, card) in cards.iter().enumerate() {
        hands[(leader + i) % 4] = set(card);
    }
    s.trump = Some(Suit::Spades);
    s.captured = before.map(set);
    s.play = TrickPlay::new(
        4,
        &hands,
        Seat::new(leader),
        orgy_order(Some(Suit::Spades)),
        Obligation::FollowSuit,
    );
    let hand = s.hands_played();
    for card in cards {
        g.try_apply(s, OrgyAction::Play(c(card)), &mut rng).unwrap();
    }
    assert_eq!(s.hands_played(), hand + 1);
}

#[test]
fn a_hand_scores_every_players_orgy() {
    let g = game();
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(1));
    // Seat 2 wins the last trick with the ten of clubs and the king of clubs in it.
    finish_hand(
        &g,
        &mut s,
        ["QH JH", "QD KD QS", "QC JD", "JS KH"],
        ["2C", "KC", "TC", "3C"],
        0,
    );
    // Seat 0: Q J = 0; seat 1: Q K Q = 3; seat 2: Q J K = 3; seat 3: J K = 0.
    assert_eq!(s.scores(), [0, 3, 3, 0]);
    assert_eq!(s.dealer(), Seat::new(0), "the deal passes to the left");
    assert_eq!(
        g.to_move(&s),
        ToMove::Seat(Seat::new(0)),
        "the dealer names trumps"
    );
    assert_eq!(s.trump(), None);
    assert_eq!(s.captured(), [CardSet::EMPTY; 4]);
}

/// "The first player to attain 21 or more points wins."
#[test]
fn the_first_to_twenty_one_wins() {
    let g = game();
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(2));
    s.scores = [18, 20, 0, 5];
    finish_hand(
        &g,
        &mut s,
        ["QH JH", "", "", ""],
        ["KC", "2D", "3D", "4D"],
        0,
    );
    assert_eq!(s.scores(), [21, 20, 0, 5]);
    assert_eq!(g.to_move(&s), ToMove::Over);
    let o = g.outcome(&s).unwrap();
    assert_eq!(o[Seat::new(0)].win, 1.0);
    assert_eq!(o[Seat::new(0)].score, 21.0);
    assert_eq!(o[Seat::new(1)].place, 2);
}

/// "If two or more players reach 21 simultaneously then the highest score wins."
#[test]
fn several_reach_twenty_one_and_the_highest_wins() {
    let g = game();
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(3));
    s.scores = [18, 18, 0, 0];
    finish_hand(
        &g,
        &mut s,
        ["QH JH", "QD KD QS JS", "", ""],
        ["KC", "2D", "3D", "4D"],
        0,
    );
    assert_eq!(s.scores(), [21, 22, 0, 0]);
    assert_eq!(g.to_move(&s), ToMove::Over);
    assert_eq!(g.outcome(&s).unwrap()[Seat::new(1)].win, 1.0);
}

/// "In case of a tie, continue play until a winner is determined -- any player can win with
/// the highest score": two tied at 21 play on, and a third who was behind wins.
#[test]
fn a_tie_at_the_top_plays_on_and_anyone_can_win() {
    let g = game();
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(4));
    s.scores = [18, 18, 17, 0];
    finish_hand(
        &g,
        &mut s,
        ["QH JH QC", "QD KD", "", ""],
        ["KC", "KS", "3D", "4D"],
        0,
    );
    assert_eq!(s.scores(), [21, 21, 17, 0]);
    assert_ne!(g.to_move(&s), ToMove::Over, "tied at 21: play on");
    assert_eq!(s.dealer(), Seat::new(0));
    // Next hand: seat 2 takes five points and leads alone with 22.
    finish_hand(
        &g,
        &mut s,
        ["", "", "QC JC QD JD", ""],
        ["KC", "2S", "3C", "4H"],
        1,
    );
    assert_eq!(s.scores(), [21, 21, 22, 0]);
    assert_eq!(g.to_move(&s), ToMove::Over);
    assert_eq!(g.outcome(&s).unwrap()[Seat::new(2)].win, 1.0);
}

/// "If a player takes all four Queens and five or more Jacks/Kings (i.e., Maximum Orgy), he
/// wins the game immediately", even when another player passes 21 with more points.
#[test]
fn maximum_orgy_wins_at_once() {
    let g = game();
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(5));
    s.scores = [0, 20, 0, 0];
    finish_hand(
        &g,
        &mut s,
        ["QC QD QH QS JC JD JH", "", "", ""],
        ["KC", "KD", "2H", "3H"],
        0,
    );
    // Seat 0: four queens and five males (9 points); seat 1 none.
    assert_eq!(s.scores(), [9, 20, 0, 0]);
    assert_eq!(s.maximum_orgy(), Some(Seat::new(0)));
    assert_eq!(g.to_move(&s), ToMove::Over);
    let o = g.outcome(&s).unwrap();
    assert_eq!(o[Seat::new(0)].win, 1.0);
    assert_eq!(o[Seat::new(0)].score, 9.0);
    assert_eq!(o[Seat::new(1)].win, 0.0);
    // Four queens and four males is no Maximum Orgy.
    assert!(!is_maximum_orgy(set("QC QD QH QS JC JD JH KC")));
    assert!(is_maximum_orgy(set("QC QD QH QS JC JD JH KC KD")));
}

/// `max_hands` ends a game still tied at the top, the leaders sharing the win.
#[test]
fn the_hand_cap_ends_a_tie() {
    let g = Orgy::new(4, &Params::parse(&["max_hands=1"]).unwrap()).unwrap();
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(6));
    finish_hand(
        &g,
        &mut s,
        ["QH JH QC", "QD KD", "", ""],
        ["KC", "KS", "3D", "4D"],
        0,
    );
    assert_eq!(s.scores(), [3, 3, 0, 0]);
    assert_eq!(g.to_move(&s), ToMove::Over);
    let o = g.outcome(&s).unwrap();
    assert_eq!((o[Seat::new(0)].win, o[Seat::new(1)].win), (0.5, 0.5));
    let mut stats = Vec::new();
    g.stats(&s, &mut stats);
    assert_eq!(stats[5], 1.0, "capped");
}

#[test]
fn the_dealer_names_trumps_and_the_left_leads() {
    let g = game();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut s = g.deal(&mut rng);
    assert_eq!(s.dealer(), Seat::new(3));
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(3)));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, Suit::ALL.map(OrgyAction::Trump).to_vec());
    for seat in Seat::all(4) {
        assert_eq!(s.play().hand(seat).len(), 13);
        let obs = g.observe(&s, seat);
        assert_eq!(obs.trump, None);
        assert_eq!(
            obs.hand(),
            s.play().hand(seat),
            "each seat sees its own hand"
        );
        for other in Seat::all(4).filter(|&o| o != seat) {
            assert_eq!(obs.play.hand(other), CardSet::EMPTY);
        }
    }
    g.apply(&mut s, OrgyAction::Trump(Suit::Diamonds), &mut rng);
    assert_eq!(s.trump(), Some(Suit::Diamonds));
    assert_eq!(s.play().order().trump(), Some(Suit::Diamonds));
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
    assert_eq!(g.observe(&s, Seat::new(1)).trump, Some(Suit::Diamonds));
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal.len(), 13);
    assert_eq!(g.trick_play(&s).map(|p| p.to_play()), Some(Seat::new(0)));
    g.check_invariants(&s).unwrap();
}

/// Known counts from fresh deals: 4 trumps; 13 leads; the second hand's replies are its cards
/// of the suit led, or all 13 if void; the third hand likewise, counted per (lead, reply).
#[test]
fn perft_counts_from_the_deal() {
    let g = game();
    for seed in 0..3 {
        let s = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
        let hand = |i: usize| s.play().hand(Seat::new(i));
        let replies = |h: CardSet, suit: Suit| {
            let n = h.of_suit(suit).len() as u64;
            if n == 0 {
                h.len() as u64
            } else {
                n
            }
        };
        let d3: u64 = hand(0).iter().map(|l| replies(hand(1), l.suit())).sum();
        let d4: u64 = hand(0)
            .iter()
            .map(|l| replies(hand(1), l.suit()) * replies(hand(2), l.suit()))
            .sum();
        assert_eq!(perft(&g, &s, 1), 4);
        assert_eq!(perft(&g, &s, 2), 4 * 13);
        assert_eq!(perft(&g, &s, 3), 4 * d3);
        assert_eq!(perft(&g, &s, 4), 4 * d4);
    }
}

/// Determinizations keep the observer's hand, the public record and every shown void.
#[test]
fn determinizations_respect_voids() {
    let g = game();
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut s = g.deal(&mut rng);
    let mut legal = Vec::new();
    for _ in 0..30 {
        g.legal_actions(&s, &mut legal);
        let a = legal[rng.random_range(0..legal.len())];
        g.apply(&mut s, a, &mut rng);
    }
    for seat in Seat::all(4) {
        let obs = g.observe(&s, seat);
        for _ in 0..20 {
            let d = g.determinize(&obs, &mut rng);
            assert_eq!(d.play().hand(seat), s.play().hand(seat));
            assert_eq!(d.captured(), s.captured());
            for other in Seat::all(4) {
                assert_eq!(d.play().hand_len(other), s.play().hand_len(other));
                assert!((d.play().hand(other) & s.play().record().excluded(other)).is_empty());
            }
            g.check_invariants(&d).unwrap();
            assert_eq!(g.observe(&d, seat), obs);
        }
    }
}

#[test]
fn action_text() {
    assert_eq!(OrgyAction::Trump(Suit::Spades).to_string(), "trump S");
    assert_eq!(OrgyAction::Play(c("QH")).to_string(), "QH");
}

/// The soak: a million random games with invariants checked after every move
/// (`cargo test --release -p cardsim-engine orgy_soak -- --ignored`).
#[test]
#[ignore = "a million games: run by hand in release"]
fn orgy_soak() {
    let seeds: u64 = conformance::soak_games(1_000_000);
    let report = conformance::random_games(&game(), 0..seeds, 200_000);
    assert_eq!(report.games as u64, seeds);
}

#[test]
fn nth_legal_enumerates_the_legal_cards() {
    crate::tricks::testing::assert_counts_the_legal_actions::<Orgy>();
}

/// A deal in which the seat `seat` holds all thirteen spades (trumps) and the other seats the
/// rest, dealer 3, spades named: `seat` takes every trick (it trumps any other lead and then
/// leads trumps), so it captures all twelve Orgy cards, a Maximum Orgy.
fn all_trumps_to(g: &Orgy, seat: usize) -> OrgyState {
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    let mut s = g.deal(&mut rng);
    let spades = CardSet::FULL_DECK.of_suit(Suit::Spades);
    let mut rest = (CardSet::FULL_DECK - spades).iter();
    let mut hands = [CardSet::EMPTY; 4];
    for (i, h) in hands.iter_mut().enumerate() {
        *h = if i == seat {
            spades
        } else {
            rest.by_ref().take(13).collect()
        };
    }
    let play = TrickPlay::new(
        4,
        &hands,
        Seat::new(0),
        orgy_order(Some(Suit::Spades)),
        Obligation::FollowSuit,
    );
    s = s.with_position(play, [CardSet::EMPTY; 4], [0; 4]);
    g.check_invariants(&s).unwrap();
    s
}

/// Plays the hand out, each seat playing its first legal card, the invariants checked after
/// every card.
fn play_first_cards(g: &Orgy, s: &mut OrgyState) {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut legal = Vec::new();
    let hand = s.hands_played();
    while s.hands_played() == hand {
        g.legal_actions(s, &mut legal);
        g.try_apply(s, legal[0], &mut rng).unwrap();
        g.check_invariants(s).unwrap();
    }
}

/// A Maximum Orgy by a seat other than seat 0 ends the game at once with a win below the
/// target, a position the invariant check accepts, and its statistics say so (not capped).
#[test]
fn a_maximum_orgy_ends_the_game_and_the_check_accepts_it() {
    let g = game();
    let mut s = all_trumps_to(&g, 2);
    play_first_cards(&g, &mut s);
    assert_eq!(s.captured()[2], ORGY_CARDS);
    assert_eq!(s.scores(), [0, 0, 9, 0]);
    assert_eq!(s.maximum_orgy(), Some(Seat::new(2)));
    assert_eq!(g.to_move(&s), ToMove::Over);
    assert!(
        g.trick_play(&s).is_none(),
        "no card play once the game is over"
    );
    assert_eq!(g.outcome(&s).unwrap()[Seat::new(2)].win, 1.0);
    let mut stats = Vec::new();
    g.stats(&s, &mut stats);
    // One hand, a Maximum Orgy, 9 points, 9 a hand, none to the dealer (seat 3), not capped.
    assert_eq!(stats, [1.0, 1.0, 9.0, 9.0, 0.0, 0.0]);
}

/// The statistics over two hands: the points per hand, the dealer's share of them, and a game
/// still going is not capped.
#[test]
fn the_statistics_count_points_per_hand_and_the_dealers_share() {
    let g = game();
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(12));
    // Dealer 3: seat 0 takes Q J K (3), the dealer seat 3 holds Q K Q (3).
    finish_hand(
        &g,
        &mut s,
        ["QH JH", "", "", "QD KD QS"],
        ["KC", "2D", "3D", "4D"],
        0,
    );
    assert_eq!(s.dealer(), Seat::new(0));
    // Dealer 0: the dealer takes Q J K (3).
    finish_hand(
        &g,
        &mut s,
        ["QC JC", "", "", ""],
        ["KH", "2D", "3D", "4D"],
        0,
    );
    assert_eq!(s.scores(), [6, 0, 0, 3]);
    g.check_invariants(&s).unwrap();
    let mut stats = Vec::new();
    g.stats(&s, &mut stats);
    // 9 points in 2 hands, 6 of them to the hands' dealers.
    assert_eq!(stats, [2.0, 0.0, 6.0, 4.5, 6.0 / 9.0, 0.0]);
}

/// The `capped` statistic is 1 exactly when `max_hands` ended the game: a tie at the top
/// (above the target or below it) or a lone leader below the target; not when a lone leader
/// reached the target.
#[test]
fn capped_counts_only_the_games_the_hand_cap_ended() {
    let capped = |max_hands: &str, scores: [u32; 4], before: [&str; 4]| {
        let g = Orgy::new(4, &Params::parse(&[max_hands]).unwrap()).unwrap();
        let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(13));
        s.scores = scores;
        finish_hand(&g, &mut s, before, ["KC", "2D", "3D", "4D"], 0);
        assert_eq!(g.to_move(&s), ToMove::Over);
        let mut stats = Vec::new();
        g.stats(&s, &mut stats);
        stats[5]
    };
    let none = ["", "", "", ""];
    // Tied above the target at the cap.
    assert_eq!(capped("max_hands=1", [25, 25, 0, 0], none), 1.0);
    // Alone at the top but below the target at the cap.
    assert_eq!(
        capped("max_hands=1", [0, 0, 0, 0], ["QH JH", "", "", ""]),
        1.0
    );
    // Alone at exactly the target, before the cap.
    assert_eq!(
        capped("max_hands=5", [18, 0, 0, 0], ["QH JH", "", "", ""]),
        0.0
    );
}

/// Broken positions fail the invariant check; a tie at the target in play passes it.
#[test]
fn broken_positions_fail_the_invariants() {
    let g = game();
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let mut fresh = g.deal(&mut rng);
    g.apply(&mut fresh, OrgyAction::Trump(Suit::Spades), &mut rng);
    g.check_invariants(&fresh).unwrap();
    let mut tied = fresh.clone();
    tied.scores = [21, 21, 3, 0];
    g.check_invariants(&tied).unwrap();
    type Break = fn(&mut OrgyState);
    let broken: [(&str, Break); 7] = [
        ("two seats captured the same card", |s| {
            s.captured = [set("QS"), set("QS"), CardSet::EMPTY, CardSet::EMPTY]
        }),
        ("a capture before any trick", |s| s.captured[1] = set("QS")),
        ("trumps other than the card order's", |s| {
            s.trump = Some(Suit::Hearts)
        }),
        ("a card played before trumps were named", |s| {
            let card = s.play.legal().lowest().unwrap();
            s.play.play(card);
            s.trump = None;
            s.play.set_order(orgy_order(None));
        }),
        ("a Maximum Orgy in play", |s| s.maximum = Some(Seat::new(1))),
        ("a lone leader at the target in play", |s| {
            s.scores = [21, 3, 0, 0]
        }),
        ("more hands than max_hands", |s| s.hands = 201),
    ];
    crate::games::common::testing::assert_each_corruption_refused(&g, &fresh, &broken);
}

/// The trick-game view: no card play while the dealer names trumps, each action's card, no
/// partners, and every move public.
#[test]
fn the_trick_view_and_every_move_public() {
    let g = game();
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    let mut s = g.deal(&mut rng);
    assert!(
        g.trick_play(&s).is_none(),
        "no tricks while trumps are named"
    );
    let trump = OrgyAction::Trump(Suit::Hearts);
    let card = OrgyAction::Play(c("QH"));
    assert_eq!(Orgy::card(card), Some(c("QH")));
    assert_eq!(Orgy::card(trump), None);
    assert_eq!(TrickTaking::teams(&g), Teams::solo(4));
    for seat in Seat::all(4) {
        assert_eq!(g.observe_action(&s, trump, seat), Some(trump));
    }
    g.apply(&mut s, trump, &mut rng);
    for seat in Seat::all(4) {
        assert_eq!(g.observe_action(&s, card, seat), Some(card));
    }
}

#[test]
fn the_deal_text_reads_back() {
    crate::tricks::testing::assert_deal_texts_read_back(&game());
}
