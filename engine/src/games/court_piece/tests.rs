use super::*;
use crate::cards::Rank;
use crate::conformance;
use crate::tricks::testing::chooser::{self, Batches, ChooserGame};
use crate::tricks::testing::play_from;
use crate::tricks::testing::{assert_counts_the_legal_actions, assert_deal_texts_read_back};
use crate::tricks::CardOrder;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use CourtPieceAction as A;

fn game(params: &[&str]) -> CourtPiece {
    CourtPiece::new(4, &Params::parse(params).unwrap()).unwrap()
}

impl ChooserGame for CourtPiece {
    fn trump_chooser(&self) -> &TrumpChooser {
        self.chooser()
    }
    fn play(state: &CourtPieceState) -> &TrickPlay {
        state.play()
    }
    fn observed_play(obs: &CourtPieceObservation) -> &TrickPlay {
        &obs.play
    }
    fn name(suit: Suit) -> A {
        A::Trump(suit)
    }
    fn play_card(card: Card) -> A {
        A::Play(card)
    }
}

/// Hands (trump caller first, then to his left) in which, spades trumps, the caller's side
/// takes exactly `x` tricks however they are played ([`crate::tricks::testing::forced`]).
fn forced(x: usize) -> [CardSet; 4] {
    crate::tricks::testing::forced(&Rank::ALL, x)
}

/// The current hand replaced by `hands` (caller first) with spades trumps, ready for the
/// caller's lead.
fn set_hand(g: &CourtPiece, s: &mut CourtPieceState, hands: [CardSet; 4]) {
    s.trump = Some(Suit::Spades);
    s.phase = Phase::Play;
    s.play = play_from(s.caller(), hands, CardOrder::ace_high(Some(Suit::Spades)));
    g.check_invariants(s).unwrap();
}

/// Plays the hand out: a seat on lead leads a card of `lead` if it holds one (its highest),
/// every other play is random; after a first-seven court the winner answers `court`.
fn play_hand(
    g: &CourtPiece,
    s: &mut CourtPieceState,
    lead: Suit,
    court: CourtPieceAction,
    rng: &mut ChaCha8Rng,
) {
    let mut legal = Vec::new();
    let deals = s.deals();
    while s.deals() == deals {
        g.legal_actions(s, &mut legal);
        let a = match s.phase() {
            Phase::Court => court,
            Phase::Play => {
                let mine = s.play().legal() & CardSet::suit_mask(lead);
                match mine.highest() {
                    Some(c) if s.play().trick().is_empty() => A::Play(c),
                    _ => legal[rng.random_range(0..legal.len())],
                }
            }
            p => panic!("phase {p:?} inside a hand"),
        };
        g.apply(s, a, rng);
        g.check_invariants(s).unwrap();
    }
}

#[test]
fn conformance_random_games_every_variant() {
    for params in [&[][..], &["deals=1"], &["deals=3"], &["deals=60"]] {
        let g = game(params);
        let report = conformance::random_games(&g, 0..20, 100_000);
        assert_eq!(report.games, 20);
        assert!(report.determinizations > 0);
        for s in &report.stats {
            assert_eq!(s[0], f64::from(g.deals()), "{s:?}");
            assert!(s[3] <= s[1] && s[4] <= s[3] && s[7] <= s[0], "{s:?}");
            assert_eq!(s[8] + s[9], s[1] + s[2] + 51.0 * s[4], "{s:?}");
        }
    }
}

#[test]
fn params_are_checked() {
    assert_eq!(game(&[]).deals(), 20);
    assert_eq!(game(&["deals=7"]).deals(), 7);
    for bad in [&["deals=0"][..], &["target=5"], &["deals=many"]] {
        assert!(
            CourtPiece::new(4, &Params::parse(bad).unwrap()).is_err(),
            "{bad:?}"
        );
    }
    assert!(CourtPiece::new(3, &Params::new()).is_err());
}

/// "Deal five cards to each player. The player to the dealer's left examines their cards and
/// ... chooses a suit to be trump. Then, deal the rest of the deck out."
#[test]
fn five_cards_then_trumps_then_the_rest() {
    let g = game(&[]);
    let sizes = Batches {
        first: 5,
        undealt: 32,
        hand: 13,
    };
    chooser::assert_first_cards_then_trumps(&g, sizes, CardSet::FULL_DECK, Suit::Clubs);
    let s = g.deal(&mut ChaCha8Rng::seed_from_u64(0));
    assert_eq!((s.dealer(), s.caller()), (Seat::new(3), Seat::new(0)));
}

/// The caller decides on five cards: his observation holds them and nothing else; a
/// determinization deals the others' five from the 47 he has not seen, 32 staying undealt.
#[test]
fn the_caller_sees_only_his_first_five_cards() {
    let sizes = Batches {
        first: 5,
        undealt: 32,
        hand: 13,
    };
    chooser::assert_caller_sees_only_the_first_cards(&game(&[]), sizes, 8);
}

/// The page's deal passing, with the ruling on its contradiction: the losing side deals.
/// Dealer's side won (with or without a court): the deal passes left. Dealer's side lost, no
/// court: the same dealer. Dealer's side lost and the winners scored a court: the dealer's
/// partner.
#[test]
fn the_losing_side_deals() {
    let d = Seat::new(1); // team 1
    assert_eq!(CourtPiece::next_dealer(d, 1, false), Seat::new(2));
    // Ruling: "when a court is scored, the deal passes to the outgoing dealer's partner"
    // applies to a court against the dealer's side; the dealer's own court passes left.
    assert_eq!(CourtPiece::next_dealer(d, 1, true), Seat::new(2));
    assert_eq!(CourtPiece::next_dealer(d, 0, false), Seat::new(1));
    assert_eq!(CourtPiece::next_dealer(d, 0, true), Seat::new(3));
    // So the winners always name trumps next: the new caller is on the winning side.
    for dealer in Seat::all(4) {
        for winner in 0..2 {
            for court in [false, true] {
                let next = CourtPiece::next_dealer(dealer, winner, court);
                assert_eq!(CourtPiece::teams().team(next.next(4)), winner);
            }
        }
    }
}

/// A game through every kind of court and every way the deal passes.
#[test]
fn courts_streaks_and_the_deal_through_a_game() {
    let g = game(&["deals=100"]);
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut s = g.deal(&mut rng);
    // (dealer, tricks of the caller's side, suit led first, answer to a court, courts after
    // the hand, streak after it, next dealer)
    type Step = (usize, usize, Suit, A, [u32; 2], (usize, u32), usize);
    let script: [Step; 10] = [
        // The caller (seat 0) takes the first seven and stops: a court; the dealer's side
        // lost to a court: his partner deals.
        (3, 13, Suit::Spades, A::Stop, [1, 0], (0, 1), 1),
        // Caller 2 (team 0) takes 8, the first seven split: no court; same dealer.
        (1, 8, Suit::Hearts, A::Stop, [1, 0], (0, 2), 1),
        // Caller 2 takes 6: the dealer's side wins; the deal passes left.
        (1, 6, Suit::Hearts, A::Stop, [1, 0], (1, 1), 2),
        // Caller 3 (team 1) plays on after the first seven and takes all 13: 52 courts.
        (2, 13, Suit::Spades, A::PlayOn, [1, 52], (1, 2), 0),
        // Caller 1 plays on and takes 10: the court stands, no penalty.
        (0, 10, Suit::Spades, A::PlayOn, [1, 53], (1, 3), 2),
        // Caller 3 wins four more hands without a first-seven court: the seventh in a row is
        // a court, the count goes back to zero and the dealer's partner deals.
        (2, 8, Suit::Hearts, A::Stop, [1, 53], (1, 4), 2),
        (2, 8, Suit::Hearts, A::Stop, [1, 53], (1, 5), 2),
        (2, 8, Suit::Hearts, A::Stop, [1, 53], (1, 6), 2),
        (2, 8, Suit::Hearts, A::Stop, [1, 54], (1, 0), 0),
        // Caller 1 takes 6: the dealer's side (team 0) wins, a new run of one.
        (0, 6, Suit::Hearts, A::Stop, [1, 54], (0, 1), 1),
    ];
    for (hand, &(dealer, x, lead, court, courts, streak, next)) in script.iter().enumerate() {
        assert_eq!(s.dealer(), Seat::new(dealer), "hand {hand}");
        set_hand(&g, &mut s, forced(x));
        play_hand(&g, &mut s, lead, court, &mut rng);
        assert_eq!(
            (s.courts(), s.streak(), s.dealer()),
            (courts, streak, Seat::new(next)),
            "hand {hand}"
        );
    }
    let t = s.tally();
    assert_eq!(
        (
            t.hands,
            t.seven_courts,
            t.streak_courts,
            t.play_ons,
            t.all_thirteen
        ),
        (10, 3, 1, 2, 1)
    );
    assert_eq!(
        (t.trump_side_wins, t.same_dealer, t.longest_streak),
        (8, 4, 7)
    );
}

/// After the seventh trick of a first-seven court the winner of the seventh trick (on lead)
/// decides; stopping abandons the hand with cards unplayed.
#[test]
fn the_court_decision_belongs_to_the_winner_of_the_seventh_trick() {
    let g = game(&[]);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut s = g.deal(&mut rng);
    // No trumps before the caller names them, then his suit; no first-seven side and no
    // play-on until they happen.
    assert_eq!((s.trump(), s.seven(), s.played_on()), (None, None, false));
    let mut named = s.clone();
    g.apply(
        &mut named,
        A::Trump(Suit::Hearts),
        &mut ChaCha8Rng::seed_from_u64(0),
    );
    assert_eq!(named.trump(), Some(Suit::Hearts));
    set_hand(&g, &mut s, forced(13));
    let mut legal = Vec::new();
    for _ in 0..28 {
        g.legal_actions(&s, &mut legal);
        g.apply(&mut s, legal[0], &mut rng);
    }
    assert_eq!(s.phase(), Phase::Court);
    assert_eq!((s.seven(), s.courts()), (Some(0), [1, 0]));
    assert!(!s.played_on());
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, vec![A::Stop, A::PlayOn]);
    // Known counts: stop (then a fresh hand's four trump suits) or play on (then the caller's
    // six spades to lead).
    assert_eq!(conformance::perft::perft_table(&g, &s, 2), vec![2, 4 + 6]);
    let mut on = s.clone();
    g.apply(&mut on, A::PlayOn, &mut rng);
    assert!(on.played_on() && on.seven() == Some(0));
    let mut t = s.clone();
    g.apply(&mut t, A::Stop, &mut rng);
    assert_eq!(
        (t.deals(), t.phase(), t.courts()),
        (1, Phase::Trump, [1, 0])
    );
    // Public: everyone sees the decision and the court.
    assert_eq!(
        g.observe_action(&s, A::PlayOn, Seat::new(1)),
        Some(A::PlayOn)
    );
    assert_eq!(g.observe(&s, Seat::new(1)).seven, Some(0));
}

/// The invariant check, which the soaks trust, rejects each count or hand state that no game
/// can reach.
#[test]
fn the_invariant_check_rejects_broken_states() {
    let g = game(&["deals=100"]);
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut s = g.deal(&mut rng);
    // A first-seven court, then one played on to all thirteen.
    set_hand(&g, &mut s, forced(13));
    play_hand(&g, &mut s, Suit::Spades, A::Stop, &mut rng);
    set_hand(&g, &mut s, forced(13));
    play_hand(&g, &mut s, Suit::Spades, A::PlayOn, &mut rng);
    let t = s.tally();
    assert_eq!(
        (s.deals(), t.seven_courts, t.play_ons, t.all_thirteen),
        (2, 2, 1, 1)
    );
    assert_eq!(s.phase(), Phase::Trump);
    g.check_invariants(&s).unwrap();
    let mut playing = s.clone();
    set_hand(&g, &mut playing, forced(7));
    type Corruption = (&'static str, fn(&mut CourtPieceState));
    let between_hands: [Corruption; 9] = [
        ("a deal not in the tally", |s| s.deals += 1),
        ("more deals than the game has", |s| {
            s.deals = 101;
            s.tally.hands = 101;
        }),
        ("a court not scored", |s| s.courts[0] += 1),
        ("more all-thirteens than play-ons", |s| {
            s.tally.all_thirteen += 1;
            s.courts[0] += ALL_THIRTEEN - 1;
        }),
        ("more play-ons than first-seven courts", |s| {
            s.tally.play_ons = s.tally.seven_courts + 1
        }),
        ("a streak of seven not scored", |s| {
            s.streak = (0, COURT as u32)
        }),
        ("a fresh hand with trumps", |s| s.trump = Some(Suit::Hearts)),
        ("a fresh hand with a first-seven side", |s| {
            s.seven = Some(0)
        }),
        ("a fresh hand played on", |s| s.played_on = true),
    ];
    let in_play: [Corruption; 2] = [
        ("a first-seven court before seven tricks", |s| {
            s.seven = Some(0)
        }),
        ("a court decision before the seventh trick", |s| {
            s.phase = Phase::Court
        }),
    ];
    for (state, broken) in [(&s, &between_hands[..]), (&playing, &in_play[..])] {
        for (what, corrupt) in broken {
            let mut bad = state.clone();
            corrupt(&mut bad);
            assert!(g.check_invariants(&bad).is_err(), "{what}");
        }
    }
    // Seven tricks into a hand in which both sides took tricks: naming either side as the
    // taker of the first seven, not played on, is a state no game reaches.
    let mut split = s.clone();
    set_hand(&g, &mut split, forced(6));
    let mut legal = Vec::new();
    while split.play().tricks_played() < COURT {
        g.legal_actions(&split, &mut legal);
        g.apply(&mut split, legal[0], &mut rng);
    }
    let teams = CourtPiece::teams();
    assert_eq!(split.phase(), Phase::Play);
    assert!((0..2).all(|t| split.play().team_tricks(&teams, t) > 0));
    g.check_invariants(&split).unwrap();
    for team in 0..2 {
        let mut bad = split.clone();
        bad.seven = Some(team);
        assert!(g.check_invariants(&bad).is_err(), "side {team} named");
    }
}

/// Known counts. From a fresh deal: four suits, then the caller's thirteen cards. From the
/// forced hands with seven spades for the caller: a spade lead (7) meets the next seat's 6
/// spades, a heart lead (6) his 7 hearts, and the two others play any of 13: 13, 84, 1092,
/// 14196.
#[test]
fn perft_known_counts() {
    let g = game(&[]);
    let s = g.deal(&mut ChaCha8Rng::seed_from_u64(1));
    assert_eq!(conformance::perft::perft_table(&g, &s, 2), vec![4, 52]);
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(1));
    set_hand(&g, &mut s, forced(7));
    assert_eq!(
        conformance::perft::perft_table(&g, &s, 4),
        vec![13, 84, 1092, 14196]
    );
}

/// The game is a fixed number of deals; more courts wins; equal courts, none included, draw.
#[test]
fn the_game_is_a_fixed_number_of_deals() {
    let g = game(&["deals=2"]);
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut s = g.deal(&mut rng);
    set_hand(&g, &mut s, forced(8));
    play_hand(&g, &mut s, Suit::Hearts, A::Stop, &mut rng);
    assert_ne!(g.to_move(&s), ToMove::Over);
    set_hand(&g, &mut s, forced(8));
    play_hand(&g, &mut s, Suit::Hearts, A::Stop, &mut rng);
    assert_eq!(g.to_move(&s), ToMove::Over);
    assert_eq!(s.courts(), [0, 0]);
    let o = g.outcome(&s).unwrap();
    assert_eq!(o[Seat::new(0)].win, 0.25, "no courts: a draw");
    assert_eq!(g.move_cap(), Some(108));

    let mut s = g.deal(&mut rng);
    set_hand(&g, &mut s, forced(13));
    play_hand(&g, &mut s, Suit::Spades, A::Stop, &mut rng);
    set_hand(&g, &mut s, forced(6));
    play_hand(&g, &mut s, Suit::Hearts, A::Stop, &mut rng);
    assert_eq!(s.courts(), [1, 0]);
    let o = g.outcome(&s).unwrap();
    assert_eq!((o[Seat::new(0)].win, o[Seat::new(2)].win), (0.5, 0.5));
}

/// The soak: a million random games of 20 deals, the contract checked after every move
/// (`conformance::soak`; `SOAK_GAMES=N` for another count).
/// `cargo test --release -p cardsim-engine court_piece_soak -- --ignored`.
#[test]
#[ignore = "a million games: run by hand"]
fn court_piece_soak_a_million_random_games() {
    let variants = [game(&[])];
    conformance::soak_a_million("court piece", &variants);
}

/// A hand dealt in full before trumps (`hands` from the caller round to his left), so that
/// naming trumps through the game deals nothing more and play starts under the game's own
/// obligation.
fn rigged(g: &CourtPiece, hands: [&str; 4]) -> CourtPieceState {
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(0));
    let hands = hands.map(|h| h.parse().unwrap());
    s.play = play_from(s.caller(), hands, CardOrder::ace_high(None)).with_deck(CardSet::FULL_DECK);
    s
}

/// "If a player has a card of the suit led, they must play it; otherwise, they may play any
/// card, including a trump": after trumps are named through the game, the caller may lead
/// anything, a seat holding the suit led may play only that suit, and a seat void in it any
/// card, trump or not (no obligation to trump).
#[test]
fn follow_suit_if_able_otherwise_any_card() {
    let g = game(&[]);
    let hands = [
        "AS 2S AH KH QH JH TH AD KD QD AC KC QC",
        "KS QS JS TS 9S JD TD 9D 8D JC TC 9C 8C",
        "8S 7S 9H 8H 7H 6H 7D 6D 5D 7C 6C 5C 4C",
        "6S 5S 4S 3S 5H 4H 3H 2H 4D 3D 2D 3C 2C",
    ];
    let s = rigged(&g, hands);
    // Any lead; void in hearts: any card, trump or not; then hearts only.
    let legal = [hands[0], hands[1], "9H 8H 7H 6H", "5H 4H 3H 2H"];
    chooser::assert_follows_suit_or_plays_any(&g, s, ["AH", "JD", "6H"], legal);
}

#[test]
fn nth_legal_enumerates_the_legal_cards() {
    assert_counts_the_legal_actions::<CourtPiece>();
}

/// The deal text prints the first five cards of each hand and reads back as the same deal.
#[test]
fn the_deal_text_reads_back() {
    assert_deal_texts_read_back(&game(&[]));
}

/// The trick-game view: the card play only while cards are played (not while trumps are
/// named, nor at the court decision), each action's card, and the partnerships.
#[test]
fn the_trick_view_is_the_card_play_only() {
    let g = game(&[]);
    let (mut s, mut rng) = chooser::assert_trick_view_after_trumps(&g, 6);
    assert_eq!(CourtPiece::card(A::PlayOn), None);
    assert_eq!(TrickTaking::teams(&g), CourtPiece::teams());
    // At the court decision the seven tricks are played but the hand is not over.
    set_hand(&g, &mut s, forced(13));
    let mut legal = Vec::new();
    while s.phase() == Phase::Play {
        g.legal_actions(&s, &mut legal);
        g.apply(&mut s, legal[0], &mut rng);
    }
    assert_eq!(s.phase(), Phase::Court);
    assert!(!s.play().is_over());
    assert!(
        g.trick_play(&s).is_none(),
        "no tricks at the court decision"
    );
}
