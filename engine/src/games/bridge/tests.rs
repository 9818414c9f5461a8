use super::*;
use crate::conformance;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn game(params: &[&str]) -> Bridge {
    Bridge::new(4, &Params::parse(params).unwrap()).unwrap()
}

fn act(g: &Bridge, s: &mut BridgeState, a: &str, rng: &mut ChaCha8Rng) {
    let a: BridgeAction = a.parse().unwrap();
    g.try_apply(s, a, rng)
        .unwrap_or_else(|e| panic!("{a}: {e}"));
}

/// A state whose current deal gives `hands` (seats 0..4), still in the auction.
fn with_hands(g: &Bridge, hands: [&str; 4], rng: &mut ChaCha8Rng) -> BridgeState {
    let mut s = g.deal(rng);
    let hands: Vec<CardSet> = hands.iter().map(|h| h.parse().unwrap()).collect();
    s.play = TrickPlay::new(
        4,
        &hands,
        Seat::new(1),
        CardOrder::ace_high(None),
        Obligation::FollowSuit,
    );
    s
}

/// Every seat holds one whole suit: seat 0 spades, 1 hearts, 2 diamonds, 3 clubs.
const SUITS: [&str; 4] = [
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
];

/// Replaces the hands of the current deal (still in the auction) by `hands`.
fn redeal(s: &mut BridgeState, hands: [&str; 4]) {
    assert_eq!(s.phase(), Phase::Auction);
    let hands: Vec<CardSet> = hands.iter().map(|h| h.parse().unwrap()).collect();
    s.play = TrickPlay::new(
        4,
        &hands,
        s.dealer().next(4),
        CardOrder::ace_high(None),
        Obligation::FollowSuit,
    );
}

/// Makes the calls, then plays the deal out (first legal card each time).
fn bid_and_play(g: &Bridge, s: &mut BridgeState, calls: &[&str], rng: &mut ChaCha8Rng) {
    for c in calls {
        act(g, s, c, rng);
    }
    play_out(g, s, rng);
}

fn play_out(g: &Bridge, s: &mut BridgeState, rng: &mut ChaCha8Rng) {
    let mut legal = Vec::new();
    let deal = s.deals();
    while s.phase() == Phase::Play && s.deals() == deal {
        g.legal_actions(s, &mut legal);
        g.apply(s, legal[0], rng);
    }
}

#[test]
fn conformance_rubbers_and_single_deals() {
    let report = conformance::random_games(&game(&["max_deals=6"]), 0..6, 100_000);
    assert_eq!(report.games, 6);
    for st in &report.stats {
        assert!(st[0] >= 1.0 && st[0] <= 6.0);
        assert_eq!(
            st[1] + st[2] + st[3],
            st[0],
            "every deal is passed out, made or failed"
        );
    }
    let report = conformance::random_games(&game(&["scoring=deal", "vul=both"]), 0..10, 10_000);
    assert_eq!(report.games, 10);
}

#[test]
fn params_are_checked() {
    assert_eq!(game(&[]).scoring(), Scoring::Rubber);
    assert_eq!(game(&["slam=taken"]).rules().slam, SlamRule::Taken);
    assert_eq!(
        game(&["penalty_vul=defenders"]).rules().penalty,
        PenaltyVulnerability::Defenders
    );
    for bad in [
        "scoring=teams",
        "vul=all",
        "slam=maybe",
        "max_deals=0",
        "colour=red",
    ] {
        assert!(
            Bridge::new(4, &Params::parse(&[bad]).unwrap()).is_err(),
            "{bad}"
        );
    }
    assert!(Bridge::new(5, &Params::new()).is_err());
}

#[test]
fn four_passes_redeal_with_the_next_dealer() {
    let g = game(&[]);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut s = g.deal(&mut rng);
    assert_eq!((s.dealer(), s.deals()), (Seat::new(0), 1));
    let before = s.original_hands();
    for _ in 0..4 {
        act(&g, &mut s, "Pass", &mut rng);
    }
    assert_eq!(
        (s.dealer(), s.deals(), s.phase()),
        (Seat::new(1), 2, Phase::Auction)
    );
    assert_ne!(s.original_hands(), before, "a new deal");
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(1)));
    let mut st = Vec::new();
    g.stats(&s, &mut st);
    assert_eq!(st[1], 1.0);
    // In a single-deal game a pass-out ends the game at zero.
    let g = game(&["scoring=deal"]);
    let mut s = g.deal(&mut rng);
    for _ in 0..4 {
        act(&g, &mut s, "Pass", &mut rng);
    }
    assert_eq!(g.outcome(&s).unwrap()[Seat::new(0)].score, 0.0);
}

#[test]
fn illegal_calls_and_cards_are_rejected() {
    let g = game(&[]);
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut s = g.deal(&mut rng);
    act(&g, &mut s, "1S", &mut rng);
    for bad in ["1H", "1S", "XX", "SA"] {
        assert!(
            g.try_apply(&mut s, bad.parse().unwrap(), &mut rng).is_err(),
            "{bad}"
        );
    }
    act(&g, &mut s, "Pass", &mut rng);
    assert!(
        g.try_apply(&mut s, "X".parse().unwrap(), &mut rng).is_err(),
        "partner's bid"
    );
}

#[test]
fn dummy_is_exposed_after_the_opening_lead_and_played_by_declarer() {
    let g = game(&[]);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut s = with_hands(&g, SUITS, &mut rng);
    // Seat 0 deals and opens 1S, all pass: seat 0 declares, seat 2 is dummy, seat 1 leads.
    for c in ["1S", "Pass", "Pass", "Pass"] {
        act(&g, &mut s, c, &mut rng);
    }
    assert_eq!(s.contract().unwrap().to_string(), "1S by 0");
    assert_eq!(s.dummy(), Some(Seat::new(2)));
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(1)));
    for seat in Seat::all(4) {
        let o = g.observe(&s, seat);
        assert_eq!(o.dummy, None, "dummy is face down before the lead");
        if seat != Seat::new(2) {
            assert_eq!(o.play.hand(Seat::new(2)), CardSet::EMPTY);
        }
    }
    act(&g, &mut s, "H2", &mut rng);
    // Dummy (seat 2) is next: the declarer chooses, from dummy's diamonds.
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal.len(), 13);
    assert!(legal
        .iter()
        .all(|a| matches!(a, BridgeAction::Play(c) if c.suit() == crate::cards::Suit::Diamonds)));
    for seat in Seat::all(4) {
        let o = g.observe(&s, seat);
        assert_eq!(o.dummy.map(|d| d.1.len()), Some(13), "everyone sees dummy");
        assert_eq!(o.play.hand(Seat::new(2)).len(), 13);
    }
    assert_eq!(g.observe(&s, Seat::new(0)).playing_hand(), Seat::new(2));
    assert_eq!(g.observe(&s, Seat::new(1)).playing_hand(), Seat::new(1));
    act(&g, &mut s, "D2", &mut rng);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(3)));
}

#[test]
fn follow_suit_is_enforced_in_play() {
    let g = game(&[]);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let hands = [
        "AS KS QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
        "JS TS 9S 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
        "8S 7S 6S 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
        "5S 4S 3S 2S QH KH AH QC KC AC QD KD AD",
    ];
    let mut s = with_hands(&g, hands, &mut rng);
    for c in ["1NT", "Pass", "Pass", "Pass"] {
        act(&g, &mut s, c, &mut rng);
    }
    act(&g, &mut s, "SJ", &mut rng); // seat 1 leads a spade
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal); // dummy (seat 2) must follow with spades
    assert_eq!(legal.len(), 3);
    assert!(g
        .try_apply(&mut s, "D2".parse().unwrap(), &mut rng)
        .is_err());
}

#[test]
fn a_made_game_and_a_rubber_are_scored() {
    let g = game(&[]);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    // Seat 0 holds all the spades: 7S by seat 0 takes all 13 tricks.
    let mut s = with_hands(&g, SUITS, &mut rng);
    for c in ["7S", "X", "XX", "Pass", "Pass", "Pass"] {
        act(&g, &mut s, c, &mut rng);
    }
    play_out(&g, &mut s, &mut rng);
    // 7S redoubled: 210 * 4 = 840 below; grand slam 1000 + insult 100 + five honours 150 above.
    assert_eq!(s.rubber().below(), [840, 0]);
    assert_eq!(s.rubber().above(), [1000 + 100 + 150, 0]);
    assert_eq!(s.rubber().games(), [1, 0]);
    assert_eq!(s.dealer(), Seat::new(1));
    // Second deal: seat 1 deals; seat 0 again holds spades, now vulnerable.
    let hands = s.play.hand(Seat::new(0)); // new random deal; replace with the suits again
    let _ = hands;
    let next: Vec<CardSet> = SUITS.iter().map(|h| h.parse().unwrap()).collect();
    s.play = TrickPlay::new(
        4,
        &next,
        Seat::new(2),
        CardOrder::ace_high(None),
        Obligation::FollowSuit,
    );
    for c in ["Pass", "4S", "Pass", "Pass", "Pass"] {
        act(&g, &mut s, c, &mut rng);
    }
    play_out(&g, &mut s, &mut rng);
    // 4S +3 vulnerable: 120 below, 90 overtricks, 150 honours; second game: 700 rubber bonus.
    assert!(g.outcome(&s).is_some(), "two games end the rubber");
    assert_eq!(s.rubber().totals(), [840 + 1250 + 120 + 90 + 150 + 700, 0]);
    let o = g.outcome(&s).unwrap();
    assert_eq!(o[Seat::new(0)].win, 0.5);
    assert_eq!(o[Seat::new(2)].score, o[Seat::new(0)].score);
    assert_eq!(o[Seat::new(1)].place, 3);
}

#[test]
fn a_failed_contract_pays_the_defenders() {
    let g = game(&["scoring=deal", "vul=ns"]);
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    // Seat 0 declares hearts holding none: seat 1's hearts take every trick it leads.
    let mut s = with_hands(&g, SUITS, &mut rng);
    for c in ["2H", "X", "Pass", "Pass", "Pass"] {
        act(&g, &mut s, c, &mut rng);
    }
    play_out(&g, &mut s, &mut rng);
    assert_eq!(s.play.team_tricks(&Bridge::teams(), 0), 0, "8 down");
    // The page, "Defenders vulnerable" doubled column (keyed by the declarer's vulnerability,
    // see the rulings): 1st undertrick 200, 2nd 300, 3rd 300, each additional 300.
    let o = g.outcome(&s).unwrap();
    assert_eq!(
        o[Seat::new(0)].score,
        -(200.0 + 300.0 + 300.0 + 5.0 * 300.0)
    );
    assert_eq!(o[Seat::new(1)].score, 2300.0);
}

/// Vulnerability in a rubber: a side is vulnerable once it has won a game, and the amounts
/// that depend on it (undertricks, slams, doubled overtricks) follow each side's own state.
/// Every hand is `SUITS`: whoever holds the trump suit takes all 13 tricks. Swapping the two
/// sides' vulnerability changes deals 2, 3 and 4.
#[test]
fn rubber_amounts_follow_each_sides_vulnerability() {
    let g = game(&[]);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut s = with_hands(&g, SUITS, &mut rng);
    // Deal 1, North deals: 4S by North, 13 tricks, neither side vulnerable. Below 120;
    // above 3 overtricks x 30 = 90 and five honours 150. N-S win a game.
    bid_and_play(&g, &mut s, &["4S", "Pass", "Pass", "Pass"], &mut rng);
    assert_eq!(s.rubber().games(), [1, 0]);
    assert_eq!(
        (s.rubber().below(), s.rubber().above()),
        ([120, 0], [240, 0])
    );
    // Deal 2, East deals: 1H by North (vulnerable), who holds no heart: 7 down.
    // Vulnerable undoubled, 100 a trick: 700 to E-W (350 if N-S were not vulnerable);
    // East's five heart honours 150 to E-W.
    redeal(&mut s, SUITS);
    bid_and_play(
        &g,
        &mut s,
        &["Pass", "Pass", "Pass", "1H", "Pass", "Pass", "Pass"],
        &mut rng,
    );
    assert_eq!(s.rubber().above(), [240, 700 + 150]);
    // Deal 3, South deals: 1S by East (not vulnerable), who holds no spade: 7 down.
    // Not vulnerable undoubled, 50 a trick: 350 to N-S (700 if E-W were vulnerable);
    // North's five spade honours 150 to N-S.
    redeal(&mut s, SUITS);
    bid_and_play(
        &g,
        &mut s,
        &["Pass", "Pass", "Pass", "1S", "Pass", "Pass", "Pass"],
        &mut rng,
    );
    assert_eq!(s.rubber().above(), [240 + 350 + 150, 850]);
    // Deal 4, West deals: 6H by East (not vulnerable), 13 tricks. Below 180; above one
    // overtrick 30, small slam not vulnerable 500 (750 vulnerable), honours 150. E-W game.
    redeal(&mut s, SUITS);
    bid_and_play(
        &g,
        &mut s,
        &["Pass", "Pass", "6H", "Pass", "Pass", "Pass"],
        &mut rng,
    );
    assert_eq!(s.rubber().games(), [1, 1]);
    assert_eq!(s.rubber().below(), [120, 180]);
    assert_eq!(s.rubber().above(), [740, 850 + 30 + 500 + 150]);
    // Deal 5, North deals, both vulnerable: 6S doubled by North, 13 tricks. Below 6 x 30 x 2
    // = 360; above one doubled overtrick vulnerable 200 (100 not vulnerable), insult 50,
    // small slam vulnerable 750, honours 150; rubber 2-1: 500.
    redeal(&mut s, SUITS);
    bid_and_play(&g, &mut s, &["6S", "X", "Pass", "Pass", "Pass"], &mut rng);
    assert!(s.rubber().is_over());
    assert_eq!(s.rubber().below(), [120 + 360, 180]);
    assert_eq!(s.rubber().above(), [740 + 200 + 50 + 750 + 150 + 500, 1530]);
    let o = g.outcome(&s).unwrap();
    assert_eq!(o[Seat::new(0)].score, 2870.0);
    assert_eq!(o[Seat::new(1)].score, 1710.0);
}

/// `vul=` sets each side's vulnerability in a single deal: the game bonus (300 / 500), slams
/// and undertricks follow the declaring side's.
#[test]
fn single_deal_amounts_follow_the_vul_setting() {
    // 4S by North, 13 tricks: 120 + 3 x 30 + game 300 not vulnerable, 500 vulnerable.
    let four_spades = ["4S", "Pass", "Pass", "Pass"];
    assert_eq!(
        single_deal_score(&["scoring=deal", "vul=ew"], &four_spades),
        510.0
    );
    assert_eq!(
        single_deal_score(&["scoring=deal", "vul=ns"], &four_spades),
        710.0
    );
    // 6S by North, 13 tricks: 180 + 30 + game + small slam 500 / 750.
    let six_spades = ["6S", "Pass", "Pass", "Pass"];
    assert_eq!(
        single_deal_score(&["scoring=deal", "vul=ew"], &six_spades),
        180.0 + 30.0 + 300.0 + 500.0
    );
    assert_eq!(
        single_deal_score(&["scoring=deal", "vul=ns"], &six_spades),
        180.0 + 30.0 + 500.0 + 750.0
    );
    // 1S by East (seat 0 deals and passes), 7 down undoubled: 50 a trick not vulnerable,
    // 100 vulnerable, to N-S.
    let east_one_spade = ["Pass", "1S", "Pass", "Pass", "Pass"];
    assert_eq!(
        single_deal_score(&["scoring=deal", "vul=ns"], &east_one_spade),
        350.0
    );
    assert_eq!(
        single_deal_score(&["scoring=deal", "vul=ew"], &east_one_spade),
        700.0
    );
}

/// N-S's duplicate score of one deal played with `SUITS` and `calls`.
fn single_deal_score(params: &[&str], calls: &[&str]) -> f64 {
    let g = game(params);
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    let mut s = with_hands(&g, SUITS, &mut rng);
    bid_and_play(&g, &mut s, calls, &mut rng);
    let o = g.outcome(&s).expect("one deal is the whole game");
    assert_eq!(o[Seat::new(1)].score, -o[Seat::new(0)].score);
    o[Seat::new(0)].score
}

/// `slam=` and `penalty_vul=` apply to `scoring=deal` as they do to rubbers.
#[test]
fn single_deals_follow_the_slam_and_penalty_settings() {
    // 4S by North takes all 13 tricks, not vulnerable: 120 trick score, 3 overtricks at 30,
    // 300 for a game not vulnerable.
    let four_spades = ["4S", "Pass", "Pass", "Pass"];
    assert_eq!(single_deal_score(&["scoring=deal"], &four_spades), 510.0);
    // The page: "Collecting all 13 tricks, called a grand slam—1000 if not vulnerable".
    assert_eq!(
        single_deal_score(&["scoring=deal", "slam=taken"], &four_spades),
        510.0 + 1000.0
    );
    // 2H doubled by North, who holds no heart: East's hearts take all 13 tricks, 8 down.
    // Not vulnerable doubled: 100 + 200 + 200 + 5 x 300 = 2000; vulnerable doubled:
    // 200 + 300 + 300 + 5 x 300 = 2300.
    let two_hearts_doubled = ["2H", "X", "Pass", "Pass", "Pass"];
    assert_eq!(
        single_deal_score(&["scoring=deal", "vul=ew"], &two_hearts_doubled),
        -2000.0,
        "by default the declarer's vulnerability counts"
    );
    assert_eq!(
        single_deal_score(
            &["scoring=deal", "vul=ew", "penalty_vul=defenders"],
            &two_hearts_doubled
        ),
        -2300.0,
        "the defenders are vulnerable"
    );
    assert_eq!(
        single_deal_score(
            &["scoring=deal", "vul=ns", "penalty_vul=defenders"],
            &two_hearts_doubled
        ),
        -2000.0,
        "the defenders are not vulnerable"
    );
}

#[test]
fn unfinished_rubbers_stop_at_max_deals() {
    let g = game(&["max_deals=2"]);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut s = g.deal(&mut rng);
    for _ in 0..8 {
        act(&g, &mut s, "Pass", &mut rng);
    }
    assert_eq!(g.to_move(&s), ToMove::Over);
    assert_eq!(
        g.outcome(&s).unwrap()[Seat::new(0)].win,
        0.25,
        "0-0: everyone ties"
    );
}

/// A rubber cut off by `max_deals` with a part score on each side: Law 80 gives the 100 for
/// a part score only to a side that alone has one, so neither side gets it here.
#[test]
fn unfinished_rubbers_with_two_part_scores_add_no_bonus() {
    let g = game(&["max_deals=2"]);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut s = with_hands(&g, SUITS, &mut rng);
    // Deal 1, seat 0 deals: 1S by North takes all 13 tricks. 30 below; six overtricks at 30
    // = 180 and five honours 150 above.
    bid_and_play(&g, &mut s, &["1S", "Pass", "Pass", "Pass"], &mut rng);
    assert_eq!(s.rubber().game_score(), [30, 0]);
    // Deal 2, seat 1 deals: 1H by East takes all 13 tricks, the same figures for E-W.
    redeal(&mut s, SUITS);
    bid_and_play(&g, &mut s, &["1H", "Pass", "Pass", "Pass"], &mut rng);
    assert_eq!(g.to_move(&s), ToMove::Over);
    assert_eq!(s.rubber().game_score(), [30, 30]);
    assert_eq!(s.rubber().above(), [180 + 150, 180 + 150]);
    assert_eq!(s.rubber().totals(), [360, 360]);
    let o = g.outcome(&s).unwrap();
    assert_eq!(o[Seat::new(0)].score, 360.0);
    assert_eq!(o[Seat::new(1)].score, 360.0);
}

#[test]
fn pbn_records_name_the_deal_auction_and_play() {
    let g = game(&[]);
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut s = with_hands(&g, SUITS, &mut rng);
    for c in ["1NT", "Pass", "Pass", "Pass"] {
        act(&g, &mut s, c, &mut rng);
    }
    let mut legal = Vec::new();
    for _ in 0..5 {
        g.legal_actions(&s, &mut legal);
        g.apply(&mut s, legal[0], &mut rng);
    }
    let text = s.pbn_record(&g).to_string();
    assert!(text.contains("[Dealer \"N\"]"), "{text}");
    assert!(
        text.contains(
            "[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]"
        ),
        "{text}"
    );
    assert!(
        text.contains("[Contract \"1NT\"]") && text.contains("[Declarer \"N\"]"),
        "{text}"
    );
    assert!(
        text.contains("[Auction \"N\"]\n1NT Pass Pass Pass\n"),
        "{text}"
    );
    assert!(
        text.contains("[Play \"E\"]\nH2 D2 C2 S2\nH3 - - -\n"),
        "{text}"
    );
    // The deal line parses back.
    let deal_line = text.lines().find(|l| l.starts_with("[Deal ")).unwrap();
    let deal: Deal = deal_line[6..deal_line.len() - 1].parse().unwrap();
    assert_eq!(deal.hands(), s.original_hands());
}

#[test]
fn pbn_records_name_the_deals_vulnerability_and_scoring() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    // A rubber: nobody vulnerable on the first deal; N-S after winning a game with 4S.
    let g = game(&[]);
    let mut s = with_hands(&g, SUITS, &mut rng);
    let text = s.pbn_record(&g).to_string();
    assert!(text.contains("[Vulnerable \"None\"]"), "{text}");
    assert!(text.contains("[Scoring \"Rubber\"]"), "{text}");
    bid_and_play(&g, &mut s, &["4S", "Pass", "Pass", "Pass"], &mut rng);
    let text = s.pbn_record(&g).to_string();
    assert!(text.contains("[Board \"2\"]"), "{text}");
    assert!(text.contains("[Vulnerable \"NS\"]"), "{text}");
    // A single deal: the vulnerability set by `vul=`, a duplicate scoring.
    for (vul, tag) in [
        ("none", "None"),
        ("ns", "NS"),
        ("ew", "EW"),
        ("both", "All"),
    ] {
        let g = game(&["scoring=deal", &format!("vul={vul}")]);
        let s = g.deal(&mut rng);
        let text = s.pbn_record(&g).to_string();
        assert!(text.contains(&format!("[Vulnerable \"{tag}\"]")), "{text}");
        assert!(text.contains("[Scoring \"IMP\"]"), "{text}");
    }
}

/// Known counts (perft) of the auction from a fresh deal, worked out from the rules of
/// calling alone: a seat may always pass, may bid any of the 35 bids above the last one, may
/// double an opponent's bid that is the last action, and redouble an opponent's double.
/// Depth 1 is the opening call: pass or any bid, 36 (nobody has bid, so no double).
#[test]
fn known_counts_of_the_auction() {
    let g = game(&[]);
    let s = g.deal(&mut ChaCha8Rng::seed_from_u64(5));
    // Bids are numbered 1 (1C) to 35 (7NT). After bid i by an opponent: pass, 35 - i higher
    // bids, double. After bid i by partner: pass and the higher bids.
    let bids = 1..=35u64;
    let over_opponent = |i: u64| 1 + (35 - i) + 1;
    let over_partner = |i: u64| 1 + (35 - i);
    let opening = 1 + 35;
    let depth2 = opening + bids.clone().map(over_opponent).sum::<u64>();
    // Third call: after pass-pass the opening count; after pass-bid the opponent's reply;
    // after bid i then pass, bid i's partner; after i then a higher bid j, j's opponent;
    // after i doubled, i's partner, who may redouble.
    let depth3 = opening
        + bids.clone().map(over_opponent).sum::<u64>()
        + bids
            .clone()
            .map(|i| {
                over_partner(i)
                    + (i + 1..=35).map(over_opponent).sum::<u64>()
                    + (over_partner(i) + 1)
            })
            .sum::<u64>();
    assert_eq!([opening, depth2, depth3], [36, 701, 9731]);
    assert_eq!(
        conformance::perft::perft_table(&g, &s, 3),
        [opening, depth2, depth3]
    );
}

/// Known counts of the next call after a few auctions: 1 (pass) + the bids above the last
/// one + 1 if a double is allowed (the last action is an opponent's bid) + 1 if a redouble is
/// allowed (the last action is an opponent's double).
#[test]
fn known_counts_of_the_next_call() {
    let g = game(&[]);
    for (calls, count) in [
        ("", 36),               // pass + 35 bids
        ("Pass Pass Pass", 36), // still the opening call
        ("1C", 36),             // pass + 34 bids + double
        ("1C Pass", 35),        // partner's bid: no double
        ("1C Pass Pass", 36),   // an opponent's bid again
        ("1C X", 36),           // pass + 34 bids + redouble
        ("1C X Pass", 35),      // the doubler's partner: neither
        ("1C X XX", 35),        // pass + 34 bids
        ("3NT", 1 + 20 + 1),    // 4C to 7NT are 20 bids
        ("7NT", 2),             // pass or double
        ("7NT X", 2),           // pass or redouble
        ("7NT X XX", 1),        // pass only
        ("7NT Pass Pass X", 2), // the doubler's left: pass or redouble
    ] {
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let mut s = g.deal(&mut rng);
        for c in calls.split_whitespace() {
            act(&g, &mut s, c, &mut rng);
        }
        assert_eq!(
            conformance::perft::perft(&g, &s, 1),
            count,
            "after {calls:?}"
        );
    }
}

/// Known counts of the first trick of a fixed deal, worked out from the hand text by the
/// follow-suit rule: each later seat plays a card of the led suit, or any card when void.
/// Seat 0 opens 1NT and the others pass: seat 1 leads, then dummy (seat 2, played by
/// declarer), seat 3 and seat 0.
#[test]
fn known_counts_of_the_opening_lead_and_first_trick() {
    let g = game(&[]);
    let hands = [
        "3S 2S 3H 2H 4D 3D 2D 7C 6C 5C 4C 3C 2C",
        "AS KS QS JS AH KH AD KD QD AC KC QC JC",
        "TS 9S 8S 7S 6S QH JH TH 9H JD TD 9D 8D",
        "5S 4S 8H 7H 6H 5H 4H 7D 6D 5D TC 9C 8C",
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut s = with_hands(&g, hands, &mut rng);
    for c in ["1NT", "Pass", "Pass", "Pass"] {
        act(&g, &mut s, c, &mut rng);
    }
    assert_eq!(s.phase(), Phase::Play);
    let suits = |seat: usize| -> Vec<char> {
        hands[seat]
            .split_whitespace()
            .map(|c| c.chars().last().unwrap())
            .collect()
    };
    let replies = |seat: usize, led: char| {
        let held = suits(seat);
        match held.iter().filter(|&&s| s == led).count() {
            0 => held.len() as u64,
            n => n as u64,
        }
    };
    let order = [1, 2, 3, 0];
    let expected: Vec<u64> = (1..=4)
        .map(|depth| {
            suits(order[0])
                .iter()
                .map(|&led| {
                    order[1..depth]
                        .iter()
                        .map(|&seat| replies(seat, led))
                        .product::<u64>()
                })
                .sum()
        })
        .collect();
    // Spades 4 x (5, 2, 2), hearts 2 x (4, 5, 2), diamonds 3 x (4, 3, 3), clubs 4 x (13, 3,
    // 6): dummy's club void lets it play any of its 13 cards.
    assert_eq!(expected, [13, 92, 272, 1204]);
    assert_eq!(conformance::perft::perft_table(&g, &s, 4), expected);
}

#[test]
fn nth_legal_enumerates_the_legal_calls_and_cards() {
    // Every turn of 300 random deals (auction and play): the count is the list's length and
    // nth_legal walks the list in order.
    let g = game(&["scoring=deal"]);
    assert!(conformance::counted_actions(&g, 0..300, 10_000) > 300 * 52);
    // Doubles and redoubles come up in random rubbers.
    assert!(conformance::counted_actions(&game(&["max_deals=3"]), 0..20, 100_000) > 0);
}

/// Passes until seat 0 is to call, then makes `calls` and passes until the auction ends;
/// a contract is then played out.
fn seat_zero_calls(g: &Bridge, s: &mut BridgeState, calls: &[&str], rng: &mut ChaCha8Rng) {
    while g.to_move(s) != ToMove::Seat(Seat::new(0)) {
        act(g, s, "Pass", rng);
    }
    for c in calls {
        act(g, s, c, rng);
    }
    let deal = s.deals();
    while s.phase() == Phase::Auction && s.deals() == deal {
        act(g, s, "Pass", rng);
    }
    play_out(g, s, rng);
}

/// The statistics, column by column, over ten scripted deals of one rubber: four passed
/// out, two made, three failed, one of those doubled.
#[test]
fn stats_count_every_column() {
    let g = game(&[]);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut s = g.deal(&mut rng);
    let mut out = vec![7.0];
    g.stats(&s, &mut out);
    assert_eq!(out, [1.0, 0.0, 0.0, 0.0, 0.0]);
    // Seat 0 holds every spade: 1S makes all thirteen tricks, twice (no game: 60 below).
    for _ in 0..2 {
        redeal(&mut s, SUITS);
        seat_zero_calls(&g, &mut s, &["1S"], &mut rng);
    }
    // Seat 0 holds no heart: 2H fails, undoubled twice and doubled once.
    for calls in [&["2H"][..], &["2H", "X"], &["2H"]] {
        redeal(&mut s, SUITS);
        seat_zero_calls(&g, &mut s, calls, &mut rng);
    }
    for _ in 0..4 {
        for _ in 0..4 {
            act(&g, &mut s, "Pass", &mut rng);
        }
    }
    assert_eq!(s.phase(), Phase::Auction, "the rubber goes on");
    assert_eq!(s.deals(), 10);
    g.stats(&s, &mut out);
    assert_eq!(out, [10.0, 4.0, 2.0, 3.0, 1.0]);
    assert_eq!(out.len(), Bridge::INFO.stats.len());
}

/// Every invariant, broken alone in a real position, is refused with its own message.
#[test]
fn broken_positions_fail_the_invariants() {
    let g = game(&[]);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut auction = with_hands(&g, SUITS, &mut rng);
    act(&g, &mut auction, "1S", &mut rng);
    let mut play = auction.clone();
    for c in ["Pass", "Pass", "Pass", "HA", "D2", "C2", "S2"] {
        act(&g, &mut play, c, &mut rng);
    }
    assert_eq!(play.play().tricks_played(), 1);
    type Break = fn(&mut BridgeState);
    let cases: [(&BridgeState, &str, Break); 6] = [
        (&auction, "still the auction", |s| {
            s.contract = play_contract();
        }),
        (&auction, "still the auction", |s| {
            for _ in 0..3 {
                s.auction.push("Pass".parse().unwrap());
            }
        }),
        (&play, "play without a contract", |s| s.contract = None),
        (&play, "trump is not the contract's strain", |s| {
            s.play
                .set_order(CardOrder::ace_high(Some(crate::Suit::Hearts)));
        }),
        (&play, "trick history", |s| {
            s.history.pop();
        }),
        (&play, "trick history", |s| {
            let t = s.history[0];
            s.history.push(t);
        }),
    ];
    for (base, message, corrupt) in cases {
        crate::games::common::testing::assert_each_corruption_refused_saying(
            &g,
            base,
            &[(message, corrupt)],
        );
    }
}

/// The contract of 1S by seat 0, as `broken_positions_fail_the_invariants` plays it.
fn play_contract() -> Option<Contract> {
    let g = game(&[]);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut s = with_hands(&g, SUITS, &mut rng);
    for c in ["1S", "Pass", "Pass", "Pass"] {
        act(&g, &mut s, c, &mut rng);
    }
    s.contract()
}

/// The deal text reads back; a hand a card short and a card twice are refused.
#[test]
fn the_deal_text_reads_back() {
    use crate::deal_text::{round_trip, DealText};
    let g = game(&[]);
    for seed in 0..5 {
        let s = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
        let text = round_trip(&g, &s).unwrap();
        assert!(text.starts_with("N:"), "{text}");
        assert!(
            g.parse_deal(&text[..text.len() - 1]).is_err(),
            "a card short"
        );
        // The first hand's lowest spade written twice.
        let first = text[2..].split(' ').next().unwrap();
        let spades = first.split('.').next().unwrap();
        if let Some(low) = spades.chars().last() {
            let twice = text.replacen(first, &format!("{low}{first}"), 1);
            assert!(g.parse_deal(&twice).is_err(), "{twice}");
        }
    }
}

/// The trick view: no card play in the auction, each card's action, partners across.
#[test]
fn the_trick_view_and_the_teams() {
    use crate::tricks::TrickTaking;
    let g = game(&[]);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut s = with_hands(&g, SUITS, &mut rng);
    assert!(g.trick_play(&s).is_none());
    for c in ["1S", "Pass", "Pass", "Pass"] {
        act(&g, &mut s, c, &mut rng);
    }
    assert_eq!(g.trick_play(&s).unwrap().tricks_played(), 0);
    assert_eq!(
        Bridge::card("HA".parse().unwrap()),
        Some("AH".parse().unwrap())
    );
    assert_eq!(Bridge::card("Pass".parse().unwrap()), None);
    assert_eq!(Bridge::card("1S".parse().unwrap()), None);
    let teams: Vec<usize> = Seat::all(4).map(|p| g.team(p)).collect();
    assert_eq!(teams, [0, 1, 0, 1]);
    let a: BridgeAction = "X".parse().unwrap();
    assert_eq!(g.observe_action(&s, a, Seat::new(2)), Some(a));
}
