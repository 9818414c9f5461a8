use super::*;
use crate::conformance;
use crate::tricks::testing::chooser::{self, Batches, ChooserGame};
use crate::tricks::testing::play_from;
use crate::tricks::testing::{assert_counts_the_legal_actions, assert_deal_texts_read_back};
use crate::tricks::CardOrder;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use OmiAction as A;

fn game(params: &[&str]) -> Omi {
    Omi::new(4, &Params::parse(params).unwrap()).unwrap()
}

impl ChooserGame for Omi {
    fn trump_chooser(&self) -> &TrumpChooser {
        self.chooser()
    }
    fn play(state: &OmiState) -> &TrickPlay {
        state.play()
    }
    fn observed_play(obs: &OmiObservation) -> &TrickPlay {
        &obs.play
    }
    fn name(suit: Suit) -> A {
        A::Trump(suit)
    }
    fn play_card(card: Card) -> A {
        A::Play(card)
    }
}

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

/// Hands (declarer first, then to his left) in which, spades trumps, the declarer's side takes
/// exactly `x` tricks however they are played ([`crate::tricks::testing::forced`]).
fn forced(x: usize) -> [CardSet; 4] {
    crate::tricks::testing::forced(&Rank::ALL[5..], x)
}

/// The current hand replaced by `hands` (declarer first) with spades trumps, ready for the
/// declarer's lead.
fn set_hand(g: &Omi, s: &mut OmiState, hands: [CardSet; 4]) {
    s.trump = Some(Suit::Spades);
    s.phase = Phase::Play;
    s.play = play_from(s.declarer(), hands, CardOrder::ace_high(Some(Suit::Spades)));
    g.check_invariants(s).unwrap();
}

/// Plays the hand out, each seat playing a random legal card.
fn play_out(g: &Omi, s: &mut OmiState, rng: &mut ChaCha8Rng) {
    let mut legal = Vec::new();
    let deals = s.deals();
    while s.deals() == deals {
        assert_eq!(s.phase(), Phase::Play);
        g.legal_actions(s, &mut legal);
        let a = legal[rng.random_range(0..legal.len())];
        g.apply(s, a, rng);
        g.check_invariants(s).unwrap();
    }
}

#[test]
fn conformance_random_games_every_variant() {
    for params in [&[][..], &["target=3"], &["max_deals=2"], &["target=25"]] {
        let g = game(params);
        let report = conformance::random_games(&g, 0..25, 100_000);
        assert_eq!(report.games, 25);
        assert!(report.determinizations > 0);
        for s in &report.stats {
            let (p0, p1) = (s[7], s[8]);
            if g.max_deals() > 2 {
                assert!(p0 >= f64::from(g.target()) || p1 >= f64::from(g.target()));
            }
            assert_eq!(s[0], s[1] + s[3] + s[4], "{s:?}");
            assert!(s[2] <= s[3] + s[4] && s[5] <= s[1]);
            // Points: 1, 2 or 3 a won hand, plus the bonuses.
            let won = s[3] + s[4];
            assert!(
                p0 + p1 >= won + s[5] && p0 + p1 <= 3.0 * won + s[5],
                "{s:?}"
            );
        }
    }
}

#[test]
fn params_are_checked() {
    let g = game(&[]);
    assert_eq!(g.deck().len(), 32);
    assert_eq!(g.deck(), CardSet::with_ranks(&Rank::ALL[5..]));
    assert_eq!((g.target(), g.max_deals()), (10, 500));
    for bad in [&["target=0"][..], &["deck=24"], &["max_deals=x"]] {
        assert!(
            Omi::new(4, &Params::parse(bad).unwrap()).is_err(),
            "{bad:?}"
        );
    }
    assert!(Omi::new(3, &Params::new()).is_err());
    assert!(Omi::new(2, &Params::new()).is_err());
}

/// "Deal four cards to each player. The player to the dealer's left, the declarer, then
/// decides on the trump suit, using only these four cards ... deal each player four more."
#[test]
fn four_cards_then_trumps_then_four_more() {
    let g = game(&[]);
    let sizes = Batches {
        first: 4,
        undealt: 16,
        hand: 8,
    };
    chooser::assert_first_cards_then_trumps(&g, sizes, g.deck(), Suit::Hearts);
    let s = g.deal(&mut ChaCha8Rng::seed_from_u64(0));
    assert_eq!((s.dealer(), s.declarer()), (Seat::new(3), Seat::new(0)));
    assert_eq!(s.phase(), Phase::Trump);
}

/// The declarer decides on four cards: his observation holds them and nothing else, and a
/// determinization deals the others' first cards from the 28 he has not seen, leaving 16
/// undealt; the second batch does not exist yet in any world.
#[test]
fn the_declarer_sees_only_his_first_four_cards() {
    let sizes = Batches {
        first: 4,
        undealt: 16,
        hand: 8,
    };
    chooser::assert_caller_sees_only_the_first_cards(&game(&[]), sizes, 5);
}

/// The page's scoring, literal figures: all eight 3; five to seven 1 to the declarer's side or
/// 2 to the dealer's; four each nothing.
#[test]
fn the_page_scoring_table() {
    assert_eq!(Omi::hand_points(8), Some((Side::Declarer, 3)));
    for t in 5..=7 {
        assert_eq!(Omi::hand_points(t), Some((Side::Declarer, 1)));
    }
    assert_eq!(Omi::hand_points(4), None);
    for t in 1..=3 {
        assert_eq!(Omi::hand_points(t), Some((Side::Dealer, 2)));
    }
    // Ruling: all eight to the dealer's side also scores 3.
    assert_eq!(Omi::hand_points(0), Some((Side::Dealer, 3)));
}

/// The forced hands give exactly their trick counts under random play, and each result scores
/// as the page says, with the dealer rotating left after every hand (ties included) and tied
/// hands paid, one point each, to the side that scores the next hand.
#[test]
fn scoring_ties_and_the_rotation_through_a_game() {
    let g = game(&["target=100"]);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut s = g.deal(&mut rng);
    // (declarer's side's tricks, expected scores after the hand, bonus pending after it)
    // Hand 1: dealer 3, declarer 0 (team 0). Hand 2: dealer 0, declarer 1 (team 1).
    // Hand 3: declarer 2 (team 0). Hand 4: declarer 3 (team 1). Hand 5: declarer 0, ...
    let script: [(usize, [u32; 2], u32); 8] = [
        (4, [0, 0], 1),  // tie
        (4, [0, 0], 2),  // tie again: two extra points pending
        (6, [3, 0], 0),  // team 0 declares and takes 6: 1 + 2
        (2, [5, 0], 0),  // team 1 declares and takes 2: dealer's side (team 0) 2
        (8, [8, 0], 0),  // team 0 declares and sweeps: 3
        (0, [11, 0], 0), // team 1 declares and takes nothing: dealer's side sweeps, 3
        (4, [11, 0], 1), // tie
        (5, [11, 2], 0), // team 1 declares and takes 5: 1 + 1
    ];
    for (hand, &(x, scores, bonus)) in script.iter().enumerate() {
        assert_eq!(s.dealer(), Seat::new((3 + hand) % 4), "hand {hand}");
        set_hand(&g, &mut s, forced(x));
        play_out(&g, &mut s, &mut rng);
        assert_eq!((s.scores(), s.bonus()), (scores, bonus), "hand {hand}");
    }
    let t = s.tally();
    assert_eq!(
        (
            t.hands,
            t.ties,
            t.sweeps,
            t.declarer_wins,
            t.dealer_wins,
            t.bonus_points
        ),
        (8, 3, 2, 3, 2, 3)
    );
    assert_eq!(t.declarer_tricks, 4 + 4 + 6 + 2 + 8 + 4 + 5);
}

/// Ten points win, counted in tokens: each side starts with ten of its colour and receives
/// one of the other colour per point; the game ends when a side has all of the other colour.
#[test]
fn ten_points_win_and_tokens_change_hands() {
    let g = game(&[]);
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut s = g.deal(&mut rng);
    assert_eq!(s.tokens(10), [10, 10]);
    // As if six hands had been won (three points each).
    s.scores = [8, 9];
    (s.deals, s.tally.hands, s.tally.declarer_wins) = (6, 6, 6);
    assert_eq!(s.tokens(10), [9, 11]);
    set_hand(&g, &mut s, forced(5));
    play_out(&g, &mut s, &mut rng);
    assert_eq!(s.scores(), [9, 9]);
    assert_ne!(g.to_move(&s), ToMove::Over);
    // Dealer 0, declarer 1 (team 1) takes 7: 1 point, ten for team 1.
    set_hand(&g, &mut s, forced(7));
    play_out(&g, &mut s, &mut rng);
    assert_eq!(s.scores(), [9, 10]);
    assert_eq!(
        s.tokens(10),
        [9, 11],
        "team 1 holds all ten of team 0's colour"
    );
    assert_eq!(g.to_move(&s), ToMove::Over);
    let o = g.outcome(&s).unwrap();
    assert_eq!(
        (
            o[Seat::new(1)].win,
            o[Seat::new(3)].win,
            o[Seat::new(0)].win
        ),
        (0.5, 0.5, 0.0)
    );
}

/// `max_deals` stops a run of ties: equal scores draw.
#[test]
fn max_deals_stops_an_endless_run_of_ties() {
    let g = game(&["max_deals=2"]);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut s = g.deal(&mut rng);
    set_hand(&g, &mut s, forced(4));
    play_out(&g, &mut s, &mut rng);
    set_hand(&g, &mut s, forced(4));
    play_out(&g, &mut s, &mut rng);
    assert_eq!(g.to_move(&s), ToMove::Over);
    let o = g.outcome(&s).unwrap();
    assert_eq!(o[Seat::new(0)].win, 0.25);
    assert_eq!(g.move_cap(), Some(66));
}

/// Known counts. From a fresh deal: four suits, then the declarer's eight cards. From the
/// forced tie hands: the declarer leads any of 8, the next seat follows with one of his 4 in
/// the suit led, the two others (void in both suits) play any of 8: 8, 32, 256, 2048. From a
/// general hand, counted by the follow-suit formula over the hands.
#[test]
fn perft_known_counts() {
    let g = game(&[]);
    let s = g.deal(&mut ChaCha8Rng::seed_from_u64(1));
    assert_eq!(conformance::perft::perft_table(&g, &s, 2), vec![4, 32]);
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(1));
    set_hand(&g, &mut s, forced(4));
    assert_eq!(
        conformance::perft::perft_table(&g, &s, 4),
        vec![8, 32, 256, 2048]
    );
    let hands = [
        "AS KS 7H 8H AD 7D 8C 9C",
        "QS 9H TH JH KD QD TC JC",
        "JS TS 9S QH KH 9D TD AC",
        "8S 7S AH JD 8D 7C QC KC",
    ]
    .map(cards);
    set_hand(&g, &mut s, hands);
    let mut expect = 0;
    for lead in hands[0] {
        let suit = lead.suit();
        let mut n = 1;
        for h in &hands[1..] {
            let follow = *h & CardSet::suit_mask(suit);
            n *= if follow.is_empty() {
                h.len()
            } else {
                follow.len()
            };
        }
        expect += n;
    }
    // By hand: spade leads (2) meet 1, 3, 2 spades: 2 x 6 = 12; heart leads (2): 3, 2, 1:
    // 12; diamond leads (2): 2, 2, 2: 16; club leads (2): 2, 1, 3: 12. 52.
    assert_eq!(expect, 52);
    assert_eq!(conformance::perft::perft(&g, &s, 4), 52);
}

/// The soak: a million random games, the contract checked after every move
/// (`conformance::soak`; `SOAK_GAMES=N` for another count).
/// `cargo test --release -p cardsim-engine omi_soak -- --ignored`.
#[test]
#[ignore = "a million games: run by hand"]
fn omi_soak_a_million_random_games() {
    let variants = [game(&[])];
    conformance::soak_a_million("omi", &variants);
}

/// A hand dealt in full before trumps (`hands` from the declarer round to his left), so that
/// naming trumps through the game deals nothing more and play starts under the game's own
/// obligation.
fn rigged(g: &Omi, hands: [&str; 4]) -> OmiState {
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(0));
    s.play =
        play_from(s.declarer(), hands.map(cards), CardOrder::ace_high(None)).with_deck(g.deck());
    s
}

/// "Players have to follow suit if they are able. Otherwise, they can play any card,
/// including a trump": after trumps are named through the game, the leader may lead anything,
/// a seat holding the suit led may play only that suit, and a seat void in it may play any
/// card, trump or not (no obligation to trump).
#[test]
fn follow_suit_if_able_otherwise_any_card() {
    let g = game(&[]);
    let hands = [
        "AS 7S AH KH QH AD KD AC",
        "KS QS JS TS QD JD KC QC",
        "9S JH TH 9H TD 9D JC TC",
        "8S 8H 7H 8D 7D 9C 8C 7C",
    ];
    let s = rigged(&g, hands);
    // Any lead; void in hearts: any card, trump or not; then hearts only.
    let legal = [hands[0], hands[1], "JH TH 9H", "8H 7H"];
    chooser::assert_follows_suit_or_plays_any(&g, s, ["AH", "QD", "9H"], legal);
}

#[test]
fn nth_legal_enumerates_the_legal_cards() {
    assert_counts_the_legal_actions::<Omi>();
}

/// The observation's counts are scaled as documented, from the observer's side: scores /
/// `target` (ours first), hands so far / 10, pending tied hands / 4.
#[test]
fn the_observation_scales_scores_deals_and_bonus_from_the_observers_side() {
    use crate::encoding::{Encoding, Tensor};
    let g = game(&[]);
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(3));
    s.scores = [3, 1];
    (s.deals, s.bonus) = (4, 2);
    let mut t = Tensor::new();
    g.encode_observation(&g.observe(&s, Seat::new(1)), &mut t);
    assert_eq!(t.get("scores").unwrap(), &[0.1, 0.3]);
    assert_eq!(t.get("deals").unwrap(), &[0.4]);
    assert_eq!(t.get("bonus").unwrap(), &[0.5]);
}

/// The deal text (the first four cards of each hand) reads back to the same deal.
#[test]
fn the_deal_text_reads_back() {
    assert_deal_texts_read_back(&game(&[]));
}

/// The trick-game view: the card play only while cards are played, each action's card, the
/// partnerships, and every move public.
#[test]
fn the_trick_view_is_the_card_play_only() {
    let g = game(&[]);
    let (s, mut rng) = chooser::assert_trick_view_after_trumps(&g, 6);
    assert_eq!(TrickTaking::teams(&g), Omi::teams());
    let a = A::Play("9D".parse().unwrap());
    assert_eq!(g.observe_action(&s, a, Seat::new(2)), Some(a));
    assert_eq!(
        (a.to_string(), A::Trump(Suit::Clubs).to_string()),
        ("9D".into(), "trump C".into())
    );
    // At the end of a game the card play is over: no trick view.
    let g = game(&["target=1"]);
    let mut s = g.deal(&mut rng);
    set_hand(&g, &mut s, forced(8));
    play_out(&g, &mut s, &mut rng);
    assert_eq!(s.phase(), Phase::Over);
    assert!(g.trick_play(&s).is_none());
}

/// The invariant check (run by the conformance soaks after every move) rejects a state whose
/// count of hands, score or pending bonus cannot follow from the hands played.
#[test]
fn the_invariant_check_rejects_impossible_counts() {
    let g = game(&["target=100"]);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut s = g.deal(&mut rng);
    // Two ties, then the declarer's side (team 0) takes six: 1 + 2 points.
    for x in [4, 4, 6] {
        set_hand(&g, &mut s, forced(x));
        play_out(&g, &mut s, &mut rng);
    }
    assert_eq!((s.scores(), s.bonus(), s.deals()), ([3, 0], 0, 3));
    g.check_invariants(&s).unwrap();
    type Corruption = (&'static str, fn(&mut OmiState));
    let broken: [Corruption; 5] = [
        ("a deal not in the tally", |s| s.deals += 1),
        ("a hand neither tied nor won", |s| s.tally.hands += 1),
        ("more than three points a hand", |s| s.scores = [10, 0]),
        ("a won hand that scored nothing", |s| s.scores = [0, 0]),
        ("more bonus pending than ties", |s| s.bonus = 3),
    ];
    for (what, corrupt) in broken {
        let mut bad = s.clone();
        corrupt(&mut bad);
        assert!(g.check_invariants(&bad).is_err(), "{what}");
    }
}
