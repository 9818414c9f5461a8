use super::*;
use crate::conformance;
use crate::tricks::testing::apply_all;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use EnviteAction as A;

fn game(players: usize, params: &[&str]) -> Envite {
    Envite::new(players, &Params::parse(params).unwrap()).unwrap()
}

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// A fresh hand dealt by the last place, with these hands (one per place) and upcard, scores
/// `scores`: in the negotiation, the lying-down decision or play as the scores make it.
fn position(g: &Envite, hands: &[&str], upcard: &str, scores: [u32; 2]) -> EnviteState {
    assert_eq!(hands.len(), g.places());
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(0));
    s.scores = scores;
    // Redeal until the phase matches the scores, then replace hands and upcard.
    g.deal_hand(
        &mut s,
        Seat::new(g.places() - 1),
        &mut ChaCha8Rng::seed_from_u64(1),
    );
    s.tally = EnviteTally::default();
    let hands: Vec<CardSet> = hands.iter().map(|h| cards(h)).collect();
    s.upcard = card(upcard);
    s.play = TrickPlay::new(
        g.places(),
        &hands,
        Seat::new(0),
        *g.card_order(s.upcard.suit()),
        // The game's own obligation, as its deal set it, so that every position tests it.
        s.play.obligation(),
    )
    .with_deck(g.deck() - CardSet::from_card(s.upcard));
    g.check_invariants(&s).unwrap();
    s
}

fn plays(list: &str) -> Vec<EnviteAction> {
    list.split_whitespace().map(|c| A::Play(card(c))).collect()
}

const FOUR: [&str; 4] = ["2H KC 3S", "4D 5D 6D", "QC JC AC", "7S 6S 5S"];

#[test]
fn conformance_random_games_every_table() {
    for players in 4..=12 {
        for params in [&["games=1"][..], &["games=1", "captain_sees_team=true"]] {
            let g = game(players, params);
            let report = conformance::random_games(&g, 0..5, 100_000);
            assert_eq!(report.games, 5);
            assert_eq!(report.draws, 0);
            assert!(report.determinizations > 0);
            for s in &report.stats {
                let (g0, g1) = (s[10], s[11]);
                let need = f64::from(g.games() / 2 + 1);
                assert!((g0 == need) != (g1 == need), "{s:?}");
                assert_eq!(s[1], g0 + g1);
                assert!(s[3] <= s[2] && s[6] <= s[0] && s[8] <= s[0]);
            }
        }
    }
}

#[test]
fn params_are_checked() {
    let g = game(4, &[]);
    assert_eq!(g.games(), 3);
    assert!(!g.captain_sees_team());
    assert_eq!(g.deck().len(), 40);
    assert_eq!(
        g.deck() & CardSet::HEARTS,
        cards("AH 2H 3H 4H 5H 6H 7H JH QH KH")
    );
    for bad in [&["games=0"][..], &["captain_sees_team=1"], &["target=5"]] {
        assert!(
            Envite::new(4, &Params::parse(bad).unwrap()).is_err(),
            "{bad:?}"
        );
    }
    assert!(Envite::new(3, &Params::new()).is_err());
    assert!(Envite::new(13, &Params::new()).is_err());
}

/// The page's five rankings, trumps from the top, with hearts as trumps; the plain suits.
#[test]
fn the_pages_card_rankings() {
    let trumps_top_down = |places: usize| -> Vec<String> {
        let o = order(Suit::Hearts, places);
        let mut t: Vec<Card> = (CardSet::with_ranks(&RANKS) & o.trump_cards())
            .iter()
            .collect();
        t.sort_by_key(|&c| std::cmp::Reverse(o.strength(c)));
        t.iter().map(|c| c.to_string()).collect()
    };
    let base = "2H KH QH JH AH 7H 6H 5H 4H 3H";
    assert_eq!(trumps_top_down(4).join(" "), base);
    assert_eq!(trumps_top_down(6).join(" "), format!("3C QC JD {base}"));
    assert_eq!(trumps_top_down(8).join(" "), format!("5D 3C QC JD {base}"));
    assert_eq!(
        trumps_top_down(10).join(" "),
        format!("2D 5D 3C QC JD {base}")
    );
    assert_eq!(
        trumps_top_down(12).join(" "),
        format!("AD 2D 5D 3C QC JD {base}")
    );
    // Plain suits: K Q J A 7 6 5 4 3 2; the extra trumps leave their printed suit.
    let o = order(Suit::Hearts, 12);
    let mut clubs: Vec<Card> = (CardSet::with_ranks(&RANKS) & o.suit_cards(Suit::Clubs))
        .iter()
        .collect();
    clubs.sort_by_key(|&c| std::cmp::Reverse(o.strength(c)));
    let clubs: Vec<String> = clubs.iter().map(|c| c.to_string()).collect();
    assert_eq!(clubs.join(" "), "KC JC AC 7C 6C 5C 4C 2C");
    let spades: Vec<Card> = (CardSet::with_ranks(&RANKS) & o.suit_cards(Suit::Spades))
        .iter()
        .collect();
    let mut strengths: Vec<(u8, String)> = spades
        .iter()
        .map(|&c| (o.strength(c), c.to_string()))
        .collect();
    strengths.sort();
    strengths.reverse();
    let spades: Vec<String> = strengths.into_iter().map(|(_, c)| c).collect();
    assert_eq!(spades.join(" "), "KS QS JS AS 7S 6S 5S 4S 3S 2S");
    let mut all: Vec<u8> = (CardSet::with_ranks(&RANKS) & o.suit_cards(Suit::Spades))
        .iter()
        .map(|c| o.strength(c))
        .collect();
    all.dedup();
    assert_eq!(all.len(), 10, "no two spades rank alike");
    assert!(o.is_trump(card("JD")) && !o.is_trump(card("JC")));
}

/// Ruling: an extra trump of the trump suit's own printed suit ranks only at its special
/// place (clubs trumps at six places: 3♣ Q♣ J♦ 2♣ K♣ J♣ A♣ 7♣ ...).
#[test]
fn extra_trumps_of_the_trump_suit_rank_once_at_their_special_place() {
    let o = order(Suit::Clubs, 6);
    let mut t: Vec<Card> = (CardSet::with_ranks(&RANKS) & o.trump_cards())
        .iter()
        .collect();
    t.sort_by_key(|&c| std::cmp::Reverse(o.strength(c)));
    let t: Vec<String> = t.iter().map(|c| c.to_string()).collect();
    assert_eq!(t.join(" "), "3C QC JD 2C KC JC AC 7C 6C 5C 4C");
    let o = order(Suit::Diamonds, 12);
    let mut t: Vec<Card> = (CardSet::with_ranks(&RANKS) & o.trump_cards())
        .iter()
        .collect();
    t.sort_by_key(|&c| std::cmp::Reverse(o.strength(c)));
    let t: Vec<String> = t.iter().map(|c| c.to_string()).collect();
    assert_eq!(t.join(" "), "AD 2D 5D 3C QC JD KD QD 7D 6D 4D 3D");
}

#[test]
fn the_deal_gives_three_each_and_turns_the_trump_card() {
    for players in 4..=12 {
        let g = game(players, &[]);
        assert_eq!(g.places(), players + players % 2);
        assert_eq!(g.dummy().is_some(), players % 2 == 1);
        for seed in 0..5 {
            let s = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
            assert_eq!(s.dealer(), Seat::new(g.places() - 1));
            assert_eq!(s.phase(), Phase::Stake);
            // The leader's team (team 0: seat 0 leads) speaks first.
            assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
            let mut all = CardSet::EMPTY;
            for p in Seat::all(g.places()) {
                assert_eq!(s.play().hand(p).len(), 3);
                all |= s.play().hand(p);
            }
            assert!(!all.contains(s.upcard()) && g.deck().contains(s.upcard()));
            assert_eq!(s.play().order().trump(), Some(s.upcard().suit()));
        }
    }
}

/// Ruling: with an odd count the dummy is the last place, in team 1 (one player short), and
/// captain 1 (seat 1) sees and plays its hand; nobody else sees it.
#[test]
fn captain_one_plays_and_sees_the_dummy() {
    let g = game(5, &[]);
    assert_eq!(g.dummy(), Some(Seat::new(5)));
    let hands = [
        "2H KC 3S", "4D 5D 6D", "QC JC AC", "7S 6S 5S", "KH QH 7H", "4C 5C 6C",
    ];
    let mut s = position(&g, &hands, "3H", [0, 0]);
    apply_all(&g, &mut s, &[A::Pass, A::Pass]);
    // Six places: Q♣ is a trump, so seat 2 follows the club lead with J♣ or A♣.
    apply_all(&g, &mut s, &plays("KC 4D JC 7S KH"));
    // Place 5, the dummy, is to play: seat 1 chooses among its clubs.
    assert_eq!(s.play().to_play(), Seat::new(5));
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(1)));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, plays("4C 5C 6C"));
    let o1 = g.observe(&s, Seat::new(1));
    assert_eq!(o1.play.hand(Seat::new(5)), cards("4C 5C 6C"));
    assert_eq!(o1.acting_place(), Seat::new(5));
    assert_eq!(o1.hand(), cards("4C 5C 6C"));
    // Only captain 1 acts for the dummy; everyone else acts for himself.
    assert_eq!(g.observe(&s, Seat::new(0)).acting_place(), Seat::new(0));
    assert_eq!(g.observe(&s, Seat::new(3)).acting_place(), Seat::new(3));
    // With another place to play (and in the negotiation), captain 1 acts for himself.
    let mut on = s.clone();
    apply_all(&g, &mut on, &plays("6C"));
    let leader = on.play().to_play();
    assert_ne!(leader, Seat::new(5));
    assert_eq!(g.observe(&on, Seat::new(1)).acting_place(), Seat::new(1));
    let stake = position(&g, &hands, "3H", [0, 0]);
    let mut to_dummy = stake.clone();
    to_dummy.play = *s.play();
    assert_eq!(to_dummy.phase(), Phase::Stake);
    assert_eq!(
        g.observe(&to_dummy, Seat::new(1)).acting_place(),
        Seat::new(1)
    );
    for seat in [0, 2, 3, 4] {
        let o = g.observe(&s, Seat::new(seat));
        assert!(o.play.hand(Seat::new(5)).is_empty());
        assert_eq!(o.play.hand(Seat::new(seat)).len(), 2);
    }
    // Team of the dummy is team 1.
    assert_eq!(g.teams().team(Seat::new(5)), 1);
}

#[test]
fn captain_sees_team_shows_the_captains_their_partners() {
    let g = game(4, &["captain_sees_team=true"]);
    let s = position(&g, &FOUR, "3H", [0, 0]);
    let o0 = g.observe(&s, Seat::new(0));
    assert_eq!(o0.play.hand(Seat::new(2)), cards(FOUR[2]));
    assert!(o0.play.hand(Seat::new(1)).is_empty());
    let o2 = g.observe(&s, Seat::new(2));
    assert!(
        o2.play.hand(Seat::new(0)).is_empty(),
        "only captains see partners"
    );
    assert!(g.captain_sees_team());
    // Six places: each captain sees his team's three places, the others only their own.
    let six = game(6, &["captain_sees_team=true"]);
    assert_eq!(six.sees(Seat::new(0)), SeatMask(0b01_0101));
    assert_eq!(six.sees(Seat::new(1)), SeatMask(0b10_1010));
    for seat in 2..6 {
        assert_eq!(six.sees(Seat::new(seat)), SeatMask(1 << seat));
    }
    let plain = game(4, &[]);
    assert!(plain
        .observe(&s, Seat::new(0))
        .play
        .hand(Seat::new(2))
        .is_empty());
}

/// Two passes: the hand is played for two stones; the leader's team speaks first.
#[test]
fn no_raise_plays_for_two() {
    let g = game(4, &[]);
    let mut s = position(&g, &FOUR, "3H", [0, 0]);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
    apply_all(&g, &mut s, &[A::Pass]);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(1)));
    apply_all(&g, &mut s, &[A::Pass]);
    assert_eq!(s.phase(), Phase::Play);
    assert_eq!(s.stake(), Stake::Two);
    // Trumps hearts. Seat 0 leads KC; 4D (void); QC; 7S. KC wins (K above Q).
    // Seat 0 leads 3S; 5D; JC; 6S: 6S wins for team 1. Seat 3 leads 5S; 2H (seat 0 void)
    // wins: team 0 has two.
    apply_all(&g, &mut s, &plays("KC 4D QC 7S 3S 5D JC 6S 5S 2H 6D AC"));
    assert_eq!(s.scores(), [2, 0]);
    assert_eq!(s.tally().hands, 1, "the next hand is dealt");
}

/// The negotiation alternates between the captains whichever team's captain speaks first:
/// with the leader in team 1, captain 1 passes, then captain 0.
#[test]
fn the_captains_speak_in_turn_from_the_leaders_team() {
    let g = game(4, &[]);
    let mut s = position(&g, &FOUR, "3H", [0, 0]);
    g.deal_hand(&mut s, Seat::new(0), &mut ChaCha8Rng::seed_from_u64(4));
    assert_eq!(s.play().to_play(), Seat::new(1));
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(1)));
    apply_all(&g, &mut s, &[A::Pass]);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
    apply_all(&g, &mut s, &[A::Raise]);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(1)));
    apply_all(&g, &mut s, &[A::Raise]);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
}

/// The first team to two tricks wins at once: the third trick is not played.
#[test]
fn two_tricks_end_the_hand() {
    let g = game(4, &[]);
    let hands = ["KC KD 3S", "4D 5D 6D", "QC JC AC", "7S 6S 5S"];
    let mut s = position(&g, &hands, "3H", [0, 0]);
    apply_all(&g, &mut s, &[A::Pass, A::Pass]);
    // KC wins the first trick (K over Q); KD the second (seat 1 follows low): team 0 has two.
    apply_all(&g, &mut s, &plays("KC 4D QC 7S KD 5D JC 6S"));
    assert_eq!(s.scores(), [2, 0]);
    assert_eq!(s.tally().hands, 1, "a new hand is dealt");
    assert!(s.play().record().played().is_empty());
}

/// The page's raises and refusals: refusing a raise concedes the stake before it.
#[test]
fn raises_and_refusals() {
    let g = game(4, &[]);
    let cases: [(&[EnviteAction], [u32; 2]); 5] = [
        (&[A::Raise, A::Fold], [2, 0]),
        (&[A::Pass, A::Raise, A::Fold], [0, 2]),
        (&[A::Raise, A::Raise, A::Fold], [0, 4]),
        (&[A::Raise, A::Raise, A::Raise, A::Fold], [7, 0]),
        (&[A::Raise, A::Raise, A::Raise, A::Raise, A::Fold], [0, 9]),
    ];
    for (actions, scores) in cases {
        let mut s = position(&g, &FOUR, "3H", [0, 0]);
        apply_all(&g, &mut s, actions);
        assert_eq!(s.scores(), scores, "{actions:?}");
        assert_eq!(s.phase(), Phase::Stake, "a new hand");
    }
    // Raised to the game: it cannot be raised again.
    let mut s = position(&g, &FOUR, "3H", [0, 0]);
    apply_all(&g, &mut s, &[A::Raise, A::Raise, A::Raise, A::Raise]);
    assert_eq!(s.pending(), Some(Stake::Game));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [A::Fold, A::Accept]);
    // Accepting a raise to 4 plays for 4; the same tricks as above give team 0 four stones.
    let mut s = position(&g, &FOUR, "3H", [0, 0]);
    apply_all(&g, &mut s, &[A::Raise, A::Accept]);
    assert_eq!(s.stake(), Stake::Four);
    apply_all(&g, &mut s, &plays("KC 4D QC 7S 3S 5D JC 6S 5S 2H 6D AC"));
    assert_eq!(s.scores(), [4, 0]);
}

/// A hand played for the game wins the game; the match goes on with scores reset.
#[test]
fn a_hand_for_the_game_wins_the_game() {
    let g = game(4, &[]);
    let mut s = position(&g, &FOUR, "3H", [5, 9]);
    apply_all(
        &g,
        &mut s,
        &[A::Raise, A::Raise, A::Raise, A::Raise, A::Accept],
    );
    assert_eq!(s.stake(), Stake::Game);
    apply_all(&g, &mut s, &plays("KC 4D QC 7S 3S 5D JC 6S 5S 2H 6D AC"));
    assert_eq!(s.games_won(), [1, 0]);
    assert_eq!(s.scores(), [0, 0]);
    assert_eq!(s.tally().game_hands, 1);
    assert_eq!(s.phase(), Phase::Stake);
}

/// The trawl: a trump led, the first player in turn without a trump loses the hand for his
/// team at once: stake plus two. Ruling: checked in turn order, when that player's turn comes.
#[test]
fn the_trawl_loses_the_hand_at_once() {
    let g = game(4, &[]);
    // Seat 0 leads the 2H: seat 1 holds no heart, team 1 loses: 2 + 2.
    let mut s = position(&g, &FOUR, "3H", [0, 0]);
    apply_all(&g, &mut s, &[A::Pass, A::Pass]);
    apply_all(&g, &mut s, &plays("2H"));
    assert_eq!(s.scores(), [4, 0]);
    assert_eq!(s.tally().trawls, 1);
    assert_eq!(s.tally().trawl_losses, 1);
    // At a stake of 7: 9. Both teams hold a trumpless player, seat 2 (team 0) comes after
    // seat 1: only seat 1's team loses.
    let hands = ["2H KC 3S", "4H 5D 6D", "QC JC AC", "7S 6S 5S"];
    let mut s = position(&g, &hands, "3H", [0, 0]);
    apply_all(&g, &mut s, &[A::Raise, A::Raise, A::Accept]);
    assert_eq!(s.stake(), Stake::Seven);
    apply_all(&g, &mut s, &plays("2H 4H"));
    assert_eq!(s.scores(), [0, 9], "seat 2 cannot follow: team 0 loses");
    // A trump lead that everybody follows is an ordinary trick.
    let hands = ["2H KC 3S", "4H 5D 6D", "QH JC AC", "7H 6S 5S"];
    let mut s = position(&g, &hands, "3H", [0, 0]);
    apply_all(&g, &mut s, &[A::Pass, A::Pass]);
    apply_all(&g, &mut s, &plays("2H 4H QH 7H"));
    assert_eq!(s.play().tricks_won(Seat::new(0)), 1);
    // The extra trumps count as trumps for the trawl (six places: J♦ follows a heart lead).
    let g6 = game(6, &[]);
    let hands = [
        "2H KC 3S", "JD 5D 6D", "QH JC AC", "7H 6S 5S", "KH 4S 4C", "3C 2C 5C",
    ];
    let mut s = position(&g6, &hands, "3H", [0, 0]);
    apply_all(&g6, &mut s, &[A::Pass, A::Pass]);
    let mut legal = Vec::new();
    apply_all(&g6, &mut s, &plays("2H"));
    g6.legal_actions(&s, &mut legal);
    assert_eq!(legal, plays("JD"), "J♦ is seat 1's only trump");
    apply_all(&g6, &mut s, &plays("JD QH 7H KH"));
    // Place 5 holds 3♣, an extra trump: it follows, and wins.
    g6.legal_actions(&s, &mut legal);
    assert_eq!(legal, plays("3C"));
}

/// "Each player in turn ... must play a card of the same suit, if able. If they cannot, they
/// may play any card, including a trump": a plain-suit lead binds a seat holding that suit to
/// it, and frees a seat void in it to play anything, trump or not.
#[test]
fn follow_suit_if_able_otherwise_any_card() {
    let g = game(4, &[]);
    let hands = ["KC 2S 4D", "5H 6S 7S", "QC JC 3S", "7C 6C 4S"];
    let mut s = position(&g, &hands, "3H", [0, 0]);
    apply_all(&g, &mut s, &[A::Pass, A::Pass]);
    let legal = |s: &EnviteState| -> CardSet {
        let mut out = Vec::new();
        g.legal_actions(s, &mut out);
        out.iter()
            .map(|a| match a {
                A::Play(c) => *c,
                _ => panic!("{a} in play"),
            })
            .collect()
    };
    assert_eq!(legal(&s), cards(hands[0]), "any lead");
    apply_all(&g, &mut s, &plays("KC"));
    assert_eq!(
        legal(&s),
        cards(hands[1]),
        "void in clubs: any card, trump or not"
    );
    apply_all(&g, &mut s, &plays("6S"));
    assert_eq!(legal(&s), cards("QC JC"), "clubs only");
    apply_all(&g, &mut s, &plays("JC"));
    assert_eq!(legal(&s), cards("7C 6C"), "clubs only");
}

/// Lying down: points above eleven are ignored (the page's 8 + 4 = 11).
#[test]
fn scores_stop_at_eleven() {
    let g = game(4, &[]);
    let mut s = position(&g, &FOUR, "3H", [8, 0]);
    apply_all(&g, &mut s, &[A::Raise, A::Accept]);
    apply_all(&g, &mut s, &plays("KC 4D QC 7S 3S 5D JC 6S 5S 2H 6D AC"));
    assert_eq!(s.scores(), [11, 0]);
    // Team 0 now lies down: its captain decides, no negotiation.
    assert_eq!(s.phase(), Phase::LyingDown);
    assert!(s.lying(0) && !s.lying(1));
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
    let other = position(&g, &FOUR, "3H", [0, 11]);
    assert!(other.lying(1) && !other.lying(0));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [A::Fold, A::Accept]);
}

#[test]
fn lying_down_forfeit_loss_and_win() {
    let g = game(4, &[]);
    // Forfeit: the opponents score one.
    let mut s = position(&g, &FOUR, "3H", [3, 11]);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(1)));
    apply_all(&g, &mut s, &[A::Fold]);
    assert_eq!(s.scores(), [4, 11]);
    assert_eq!(s.tally().lie_down_forfeits, 1);
    // Play and lose: the opponents score three (team 0 takes two tricks).
    let mut s = position(&g, &FOUR, "3H", [3, 11]);
    apply_all(&g, &mut s, &[A::Accept]);
    apply_all(&g, &mut s, &plays("KC 4D QC 7S 3S 5D JC 6S 5S 2H 6D AC"));
    assert_eq!(s.scores(), [6, 11]);
    // Lose by a trawl: three plus two.
    let mut s = position(&g, &FOUR, "3H", [3, 11]);
    apply_all(&g, &mut s, &[A::Accept]);
    apply_all(&g, &mut s, &plays("2H"));
    assert_eq!(s.scores(), [8, 11]);
    // Play and win: the lying-down team wins the game.
    let mut s = position(&g, &FOUR, "3H", [11, 3]);
    apply_all(&g, &mut s, &[A::Accept]);
    apply_all(&g, &mut s, &plays("KC 4D QC 7S 3S 5D JC 6S 5S 2H 6D AC"));
    assert_eq!(s.games_won(), [1, 0]);
    assert_eq!(s.scores(), [0, 0]);
    // The same for team 1 lying down: it takes two tricks and wins the game.
    let hands = ["2C 3C 4C", "KC KD KS", "5C 6C 7C", "QS QD QH"];
    let mut s = position(&g, &hands, "3H", [3, 11]);
    apply_all(&g, &mut s, &[A::Accept]);
    apply_all(&g, &mut s, &plays("2C KC 5C QS KD 6C QD 3C"));
    assert_eq!(s.games_won(), [0, 1]);
    assert_eq!(s.scores(), [0, 0]);
    // Team 0 lying down plays and loses: team 1 scores three.
    let mut s = position(&g, &hands, "3H", [11, 3]);
    apply_all(&g, &mut s, &[A::Accept]);
    apply_all(&g, &mut s, &plays("2C KC 5C QS KD 6C QD 3C"));
    assert_eq!(s.scores(), [11, 6]);
}

#[test]
fn both_lying_down_play_for_the_game() {
    let g = game(4, &[]);
    let s = position(&g, &FOUR, "3H", [11, 11]);
    assert_eq!(s.phase(), Phase::Play, "no negotiation, no forfeit");
    let mut s2 = s.clone();
    apply_all(&g, &mut s2, &plays("KC 4D QC 7S 3S 5D JC 6S 5S 2H 6D AC"));
    assert_eq!(s2.games_won(), [1, 0]);
    let mut s3 = s;
    apply_all(&g, &mut s3, &plays("2H"));
    assert_eq!(s3.games_won(), [1, 0], "a trawl loss decides it too");
}

/// Best of three: the match ends when a team wins two games; `games=1` after one.
#[test]
fn the_match_is_best_of_three() {
    for (params, needed) in [
        (&[][..], 2),
        (&["games=1"][..], 1),
        (&["games=2"][..], 2),
        (&["games=5"][..], 3),
    ] {
        let g = game(4, params);
        let mut s = position(&g, &FOUR, "3H", [11, 0]);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut won = 0;
        // Always the first legal action (fold, pass, the lowest card): the games end as the
        // scores climb to both lying down.
        let mut legal = Vec::new();
        while s.phase() != Phase::Over {
            g.legal_actions(&s, &mut legal);
            let a = legal[0];
            g.apply(&mut s, a, &mut rng);
            g.check_invariants(&s).unwrap();
            won = s.games_won()[0].max(s.games_won()[1]);
        }
        assert_eq!(won, needed);
        let o = g.outcome(&s).unwrap();
        let w = usize::from(s.games_won()[1] > s.games_won()[0]);
        assert_eq!(o[Seat::new(w)].win, 0.5);
        assert_eq!(o[Seat::new(w + 2)].win, 0.5);
        assert_eq!(o[Seat::new(1 - w)].place, 3);
    }
}

/// Known counts. Negotiation from the deal: 2 (pass, raise); 5 (pass: pass or raise;
/// raise: fold, accept or raise); 14 (pass-pass and accept reach the lead, 3 cards; fold
/// deals a new hand, 2; raise-raise 3; pass-raise 3).
/// Card play from [`FOUR`] with the stake settled: each place holds one suit (clubs,
/// diamonds, hearts = trumps, spades): 3 leads, every other place void, 3 × 3 × 3 × 3 = 81
/// lines for the first trick, which seat 2's trump wins; seat 2 then leads one of its two
/// remaining trumps (162), which seat 3 cannot follow: the hand ends, and the new deal offers
/// 2 (324).
#[test]
fn perft_known_counts() {
    let g = game(4, &[]);
    let s = position(&g, &FOUR, "3H", [0, 0]);
    assert_eq!(conformance::perft::perft_table(&g, &s, 3), vec![2, 5, 14]);
    let hands = ["KC QC JC", "KD QD JD", "KH QH JH", "KS QS JS"];
    let mut s = position(&g, &hands, "3H", [0, 0]);
    apply_all(&g, &mut s, &[A::Pass, A::Pass]);
    assert_eq!(
        conformance::perft::perft_table(&g, &s, 6),
        vec![3, 9, 27, 81, 162, 324]
    );
    // Twelve places, trump diamonds (the upcard J♦, an extra trump itself: the suit is its
    // printed suit). Seat 0 holds no trump, so the first trick is no trawl. Formula: the
    // leader's 3 cards, and for each other place the size of its holding in the effective suit
    // led, or its whole hand (3) when void.
    let g12 = game(12, &[]);
    let hands = [
        "KC 6C 7C", "KD QD 7D", "KS QS 7S", "KH QH 7H", "QC 4C 2C", "6D 4D 3D", "6S 5S 4S",
        "6H 5H 4H", "JC AC 5C", "AS 3S 2S", "JS JH AH", "3H 2H AD",
    ];
    let mut s = position(&g12, &hands, "JD", [0, 0]);
    apply_all(&g12, &mut s, &[A::Pass, A::Pass]);
    let order = *g12.card_order(Suit::Diamonds);
    let mut expected = 0u64;
    for lead in s.play().legal() {
        assert!(!order.is_trump(lead));
        let suit = order.suit_of(lead);
        let mut lines = 1u64;
        for p in 1..12 {
            let h = s.play().hand(Seat::new(p));
            let follow = (h & order.suit_cards(suit)).len() as u64;
            lines *= if follow == 0 { 3 } else { follow };
        }
        expected += lines;
    }
    // Clubs led: places 4 (4C 2C; QC is a trump) and 8 (JC AC 5C) follow: 2 * 3 and 3^9 for
    // the rest; 3 leads: 3 * 2 * 3 * 3^9 = 354,294.
    assert_eq!(expected, 354_294);
    assert_eq!(conformance::perft::perft(&g12, &s, 12), expected);
}

#[test]
fn observations_hide_hands_and_determinize_respects_voids() {
    let g = game(4, &[]);
    let mut s = position(&g, &FOUR, "3H", [0, 0]);
    apply_all(&g, &mut s, &[A::Pass, A::Pass]);
    apply_all(&g, &mut s, &plays("KC 4D"));
    let o = g.observe(&s, Seat::new(0));
    assert!(o.play.hand(Seat::new(1)).is_empty());
    assert_eq!(o.play.hand_len(Seat::new(1)), 2);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..200 {
        let d = g.determinize(&o, &mut rng);
        g.check_invariants(&d).unwrap();
        assert_eq!(g.observe(&d, Seat::new(0)), o);
        // Seat 1 showed a club void; the upcard is nobody's.
        assert!((d.play().hand(Seat::new(1)) & CardSet::CLUBS).is_empty());
        for p in Seat::all(4) {
            assert!(!d.play().hand(p).contains(card("3H")));
        }
    }
}

#[test]
fn the_move_cap_bounds_every_match() {
    let g = game(12, &["games=3"]);
    let report = conformance::random_games(&g, 100..103, 4_000);
    assert_eq!(report.draws, 0);
    assert!(report.moves as u64 <= 10 * g.move_cap().unwrap());
    // The cap is the worst case of the rules: every hand that does not end a game gives at
    // least one stone and scores stop at 11 (at most 23 hands a game), and a hand takes at
    // most 7 negotiating moves and 36 cards.
    for games in [1u32, 3] {
        let g = game(4, &[&format!("games={games}")]);
        assert!(g.move_cap().unwrap() >= u64::from(games) * 23 * (7 + 36));
    }
}

/// The soak: `SOAK_GAMES` whole matches (default 10,000) with invariants checked after every
/// move (`SOAK_GAMES=N cargo test --release -p cardsim-engine --lib envite_soak -- --ignored
/// --nocapture`), split evenly over 4 to 12 players, captains seeing only their own hands or
/// their whole team's; determinizations, `try_apply` and the replay on every 1000th seed.
#[test]
#[ignore = "long: run by hand in release"]
fn envite_soak() {
    let n: u64 = conformance::soak_games(10_000);
    let variants: [&[&str]; 2] = [&[], &["captain_sees_team=true"]];
    let per = n.div_ceil(9 * variants.len() as u64);
    let mut total = conformance::SoakTotals::default();
    for players in 4..=12u64 {
        for (v, params) in variants.into_iter().enumerate() {
            let first = players * 10_000_000 + v as u64 * 5_000_000;
            let g = game(players as usize, params);
            let run = conformance::SoakTotals::of(&conformance::soak(
                &g,
                first..first + per,
                100_000,
                1000,
            ));
            assert_eq!(run.games as u64, per);
            eprintln!("envite {players} players {params:?} (a game is a match): {run}");
            total += run;
        }
    }
    eprintln!("envite soak (a game is a match): {total}");
}

#[test]
fn nth_legal_enumerates_the_legal_cards() {
    crate::tricks::testing::assert_counts_the_legal_actions::<Envite>();
}

/// The deal text reads back to the same deal at every table (the dummy's hand included), and
/// a malformed text is refused with the field named.
#[test]
fn the_deal_text_reads_back() {
    use crate::deal_text::{round_trip, DealText};
    for players in 4..=12 {
        let g = game(players, &[]);
        for seed in 0..4 {
            let s = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
            let text = round_trip(&g, &s).unwrap();
            assert!(text.contains(&format!("upcard: {}", s.upcard())), "{text}");
            let parsed = g.parse_deal(&text).unwrap();
            assert_eq!(parsed.play().order(), s.play().order());
            assert_eq!(parsed.play().record().deck(), s.play().record().deck());
        }
    }
    let g = game(4, &[]);
    let text = g.print_deal(&position(&g, &FOUR, "3H", [0, 0]));
    let (hands, rest) = text.split_once("; upcard: ").unwrap();
    // Place 1's hand one card short, the card moved to the stock.
    let short = hands.replacen("..654.", "..65.", 1);
    assert_ne!(short, hands, "{hands}");
    let bad = format!("{short}; upcard: {rest} 4D");
    let e = g.parse_deal(&bad).unwrap_err().to_string();
    assert!(e.contains("place 1's hand"), "{bad}: {e}");
    let e = g
        .parse_deal(&format!("{hands}; upcard: {rest}; extra: 1"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("extra"), "{e}");
    assert!(g.parse_deal(hands).is_err(), "no upcard");
}

/// The deal: three cards to each place, one at a time from the dealer's left, from the
/// shuffled pack, whose next card is the upcard.
#[test]
fn the_deal_goes_round_from_the_dealers_left() {
    for players in [4, 5, 12] {
        let g = game(players, &[]);
        let n = g.places();
        let s = g.deal(&mut ChaCha8Rng::seed_from_u64(7));
        let mut pack: Vec<Card> = g.deck().iter().collect();
        pack.shuffle(&mut ChaCha8Rng::seed_from_u64(7));
        let dealer = s.dealer();
        for (i, &c) in pack[..3 * n].iter().enumerate() {
            let place = dealer.left(1 + i % n, n);
            assert!(s.play().hand(place).contains(c), "card {i} {c} to {place}");
        }
        assert_eq!(s.upcard(), pack[3 * n]);
        assert_eq!(
            s.play().to_play(),
            dealer.next(n),
            "the dealer's left leads"
        );
    }
}

/// The statistics columns are the tally's counts and the games each team won, in the order
/// of `INFO.stats`; the counts follow the hands they count.
#[test]
fn stats_count_the_match() {
    let g = game(4, &[]);
    assert_eq!(Envite::INFO.stats.len(), 12);
    let mut out = Vec::new();
    for seed in 0..6 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut s = g.deal(&mut rng);
        let mut legal = Vec::new();
        while g.to_move(&s) != ToMove::Over {
            g.legal_actions(&s, &mut legal);
            let a = legal[rng.random_range(0..legal.len())];
            g.apply(&mut s, a, &mut rng);
        }
        g.stats(&s, &mut out);
        let t = s.tally();
        let expected = [
            t.hands,
            t.games,
            t.raises,
            t.folds,
            t.game_hands,
            t.trawls,
            t.trawl_losses,
            t.lie_down_plays,
            t.lie_down_forfeits,
            t.stones,
            s.games_won()[0],
            s.games_won()[1],
        ]
        .map(f64::from);
        assert_eq!(out, expected);
    }
    // Scripted: two raises and a fold (4 stones to team 1), then a trawl lost (2 + 2 to team
    // 0... seat 0 leads the trump 2H, seat 1 holds none).
    let mut s = position(&g, &FOUR, "3H", [0, 0]);
    apply_all(&g, &mut s, &[A::Raise, A::Raise, A::Fold]);
    let t = *s.tally();
    assert_eq!((t.raises, t.folds, t.stones, t.hands), (2, 1, 4, 1));
    let mut s = position(&g, &FOUR, "3H", [0, 0]);
    apply_all(&g, &mut s, &[A::Pass, A::Pass]);
    apply_all(&g, &mut s, &plays("2H"));
    let t = *s.tally();
    assert_eq!((t.trawls, t.trawl_losses, t.stones), (1, 1, 4));
    assert_eq!(s.scores(), [4, 0]);
    // A lead that is no trump, and a trump played to a plain lead, are no trawls.
    let mut s = position(&g, &FOUR, "3H", [0, 0]);
    apply_all(&g, &mut s, &[A::Pass, A::Pass]);
    apply_all(&g, &mut s, &plays("KC 4D QC 7S 3S 5D"));
    assert_eq!(s.tally().trawls, 0);
    // A lying-down team plays, and a hand for the game by both lying down.
    let mut s = position(&g, &FOUR, "3H", [3, 11]);
    apply_all(&g, &mut s, &[A::Accept]);
    assert_eq!(s.tally().lie_down_plays, 1);
    let mut s = position(&g, &FOUR, "3H", [0, 0]);
    s.scores = [11, 11];
    g.deal_hand(&mut s, Seat::new(0), &mut ChaCha8Rng::seed_from_u64(2));
    assert_eq!(s.tally().game_hands, 1);
    assert_eq!(s.tally().hands, 1);
}

/// A hand's stones: the stake, 3 against a lying-down team, 2 more after a trawl; a hand the
/// lying-down team wins, or one played for the game, wins the game (`None`).
#[test]
fn hand_stones_by_the_page() {
    assert_eq!(
        Envite::hand_stones(Stake::Two, false, false, false),
        Some(2)
    );
    assert_eq!(
        Envite::hand_stones(Stake::Seven, false, false, true),
        Some(9)
    );
    assert_eq!(Envite::hand_stones(Stake::Two, false, true, false), Some(3));
    assert_eq!(Envite::hand_stones(Stake::Two, false, true, true), Some(5));
    assert_eq!(Envite::hand_stones(Stake::Two, true, false, false), None);
    assert_eq!(Envite::hand_stones(Stake::Game, false, false, true), None);
}

/// The deal passes to the left after every hand, over the dummy's place too, and on from
/// game to game.
#[test]
fn the_deal_passes_to_the_left() {
    let g = game(5, &[]);
    let hands = [
        "2H KC 3S", "4D 5D 6D", "QC JC AC", "7S 6S 5S", "KH QH 7H", "4C 5C 6C",
    ];
    let mut s = position(&g, &hands, "3H", [0, 0]);
    assert_eq!(s.dealer(), Seat::new(5));
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut legal = Vec::new();
    let mut dealers = vec![s.dealer()];
    while s.games_won() == [0, 0] {
        let hands = s.tally().hands;
        g.legal_actions(&s, &mut legal);
        g.apply(&mut s, legal[0], &mut rng);
        if s.tally().hands != hands {
            dealers.push(s.dealer());
        }
    }
    for pair in dealers.windows(2) {
        assert_eq!(pair[1], pair[0].next(6), "{dealers:?}");
    }
    assert!(dealers.len() > 6, "{dealers:?}");
}

/// Every move is public: each seat sees every action as it was made.
#[test]
fn every_action_is_seen_by_every_seat() {
    let g = game(5, &[]);
    let s = position(
        &g,
        &[
            "2H KC 3S", "4D 5D 6D", "QC JC AC", "7S 6S 5S", "KH QH 7H", "4C 5C 6C",
        ],
        "3H",
        [0, 0],
    );
    for a in [A::Pass, A::Raise, A::Accept, A::Fold, A::Play(card("KC"))] {
        for seat in Seat::all(5) {
            assert_eq!(g.observe_action(&s, a, seat), Some(a));
        }
    }
}

/// Each of the invariants refuses a position broken in that one way only.
#[test]
fn broken_positions_fail_the_invariants() {
    let g = game(4, &[]);
    let fresh = || position(&g, &FOUR, "3H", [0, 0]);
    let refused = |s: &EnviteState, message: &str| {
        let e = g.check_invariants(s).unwrap_err();
        assert!(e.contains(message), "{message}: {e}");
    };
    let in_play = || {
        let mut s = fresh();
        apply_all(&g, &mut s, &[A::Pass, A::Pass]);
        s
    };
    g.check_invariants(&in_play()).unwrap();
    // The wrong table.
    let e = game(6, &[]).check_invariants(&fresh()).unwrap_err();
    assert!(e.contains("wrong number of places"), "{e}");
    // The record's deck holds the upcard.
    let mut s = fresh();
    s.play = s.play.with_deck(g.deck());
    refused(&s, "the record's deck");
    // An upcard from outside the Spanish pack (the record's deck agreeing with it).
    let mut s = fresh();
    s.play = s.play.with_deck(g.deck());
    s.upcard = card("8H");
    refused(&s, "the upcard is not in the pack");
    // A place holding the upcard.
    let mut s = fresh();
    s.upcard = card("2H");
    s.play = s.play.with_deck(g.deck() - cards("2H"));
    refused(&s, "a card outside the deck");
    // A card lost.
    let mut s = fresh();
    s.play.set_hand(Seat::new(0), cards("KC 3S"));
    refused(&s, "11 cards held and 0 played, expected 12");
    // Scores and games.
    let mut s = fresh();
    s.scores = [12, 0];
    refused(&s, "a score above eleven");
    let mut s = fresh();
    s.games_won = [1, 0];
    refused(&s, "games won do not add up");
    let mut s = fresh();
    s.games_won = [2, 0];
    s.tally.games = 2;
    refused(&s, "the match's end");
    let mut s = fresh();
    s.phase = Phase::Over;
    refused(&s, "the match's end");
    // The order of another trump suit.
    let mut s = fresh();
    s.play.set_order(*g.card_order(Suit::Spades));
    refused(&s, "the card order is not the upcard's");
    // Lying down.
    let mut s = fresh();
    s.scores = [11, 0];
    refused(&s, "lying down does not match the scores");
    let mut s = fresh();
    s.scores = [0, 11];
    s.lying = 2;
    refused(&s, "negotiating while lying down");
    let mut s = fresh();
    s.phase = Phase::LyingDown;
    refused(&s, "exactly one team at 11");
    let mut s = position(&g, &FOUR, "3H", [11, 0]);
    g.check_invariants(&s).unwrap();
    s.stake = Stake::Four;
    refused(&s, "a stake raised while lying down");
    let mut s = position(&g, &FOUR, "3H", [11, 0]);
    s.pending = Some(Stake::Four);
    refused(&s, "a stake raised while lying down");
    let mut s = position(&g, &FOUR, "3H", [11, 11]);
    s.pending = Some(Stake::Four);
    refused(&s, "a stake raised while lying down");
    // Cards played before the stake is settled.
    let mut s = in_play();
    apply_all(&g, &mut s, &plays("KC"));
    s.phase = Phase::Stake;
    refused(&s, "cards played before the stake is settled");
    let mut s = position(&g, &FOUR, "3H", [11, 0]);
    s.play.play(card("KC"));
    refused(&s, "cards played before the stake is settled");
    // A raise pending in the play.
    let mut s = in_play();
    s.pending = Some(Stake::Four);
    refused(&s, "a raise pending outside the negotiation");
    // Two tricks taken and the hand going on (cards played past the rules' end of the hand).
    let hands = ["KC KD 3S", "4D 5D 6D", "QC JC AC", "7S 6S 5S"];
    let mut s = position(&g, &hands, "3H", [0, 0]);
    apply_all(&g, &mut s, &[A::Pass, A::Pass]);
    for c in "KC 4D QC 7S KD 5D JC 6S".split_whitespace() {
        s.play.play(card(c));
    }
    refused(&s, "a team has two tricks but the hand goes on");
    // Team 1 with two tricks.
    let hands = ["2C 3C 4C", "KC KD KS", "5C 6C 7C", "QS QD QH"];
    let mut s = position(&g, &hands, "3H", [0, 0]);
    apply_all(&g, &mut s, &[A::Pass, A::Pass]);
    for c in "2C KC 5C QS KD 6C QD 3C".split_whitespace() {
        s.play.play(card(c));
    }
    refused(&s, "a team has two tricks but the hand goes on");
    // A player void in trumps still to play to a trawl.
    let mut s = in_play();
    s.play.play(card("2H"));
    refused(&s, "cannot follow a trawl");
}

/// A trawl that has not ended the hand shows that the place to play holds a trump: every
/// determinization by a seat that cannot see that hand gives it one (and the observer's own
/// view is unchanged); the seat itself, seeing its hand, keeps it.
#[test]
fn determinize_in_a_trawl_gives_the_place_to_play_a_trump() {
    let g = game(4, &[]);
    let hands = ["2H KC 3S", "4H 5D 6D", "QC JC AC", "7S 6S 5S"];
    let mut s = position(&g, &hands, "3H", [0, 0]);
    apply_all(&g, &mut s, &[A::Pass, A::Pass]);
    apply_all(&g, &mut s, &plays("2H"));
    assert_eq!(s.play().to_play(), Seat::new(1));
    let trumps = s.play().order().trump_cards();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for seat in [0, 2, 3] {
        let o = g.observe(&s, Seat::new(seat));
        for _ in 0..100 {
            let d = g.determinize(&o, &mut rng);
            g.check_invariants(&d).unwrap();
            assert_eq!(g.observe(&d, Seat::new(seat)), o);
            assert!(!(d.play().hand(Seat::new(1)) & trumps).is_empty());
        }
    }
    let o = g.observe(&s, Seat::new(1));
    let d = g.determinize(&o, &mut rng);
    assert_eq!(d.play().hand(Seat::new(1)), cards("4H 5D 6D"));
}

/// The trick view shows the card play in the play phase only; an action's card is the card
/// played; the actions print as the page names them.
#[test]
fn the_trick_view_is_the_card_play_only() {
    let g = game(4, &[]);
    let mut s = position(&g, &FOUR, "3H", [0, 0]);
    assert!(g.trick_play(&s).is_none(), "no tricks in the negotiation");
    apply_all(&g, &mut s, &[A::Pass, A::Pass]);
    assert_eq!(g.trick_play(&s), Some(s.play()));
    assert_eq!(
        <Envite as TrickTaking>::card(A::Play(card("KC"))),
        Some(card("KC"))
    );
    for a in [A::Pass, A::Raise, A::Accept, A::Fold] {
        assert_eq!(<Envite as TrickTaking>::card(a), None);
    }
    assert_eq!(TrickTaking::teams(&g), g.teams());
    let names: Vec<String> = [A::Pass, A::Raise, A::Accept, A::Fold, A::Play(card("KC"))]
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(names, ["pass", "raise", "accept", "fold", "KC"]);
    for seat in 0..4 {
        assert_eq!(g.team(Seat::new(seat)), seat % 2);
    }
}

/// A move outside the phase's legal ones is refused (a panic, as `apply` documents), never
/// taken for another: a pass while a raise waits for its answer, a fold with none pending.
#[test]
fn apply_refuses_a_move_the_phase_does_not_offer() {
    let g = game(4, &[]);
    let mut raised = position(&g, &FOUR, "3H", [0, 0]);
    apply_all(&g, &mut raised, &[A::Raise]);
    let fresh = position(&g, &FOUR, "3H", [0, 0]);
    for (state, action) in [
        (raised, A::Pass),
        (fresh.clone(), A::Fold),
        (fresh, A::Accept),
    ] {
        let result = std::panic::catch_unwind(|| {
            let mut s = state.clone();
            g.apply(&mut s, action, &mut ChaCha8Rng::seed_from_u64(0));
        });
        assert!(result.is_err(), "{action} was applied");
    }
}
