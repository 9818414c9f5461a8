//! Xeri's rules: captures and xeris, replenishing, the end of a hand and its scoring with
//! literal figures, the whole game, known counts and the conformance checks.

use super::*;
use crate::conformance::{self, perft::perft};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn cards(s: &str) -> CardSet {
    s.split_whitespace().map(c).collect()
}

fn game(hands: u16) -> Xeri {
    Xeri::new(2, &Params::new().set("hands", hands)).unwrap()
}

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(0)
}

const S0: Seat = Seat::new(0);
const S1: Seat = Seat::new(1);

/// A position in hand 1 (seat 1 deals, seat 0 to play): the hands, the pile (its top last),
/// the stock (top first, or `rest` for the twelve lowest cards not placed), seat 0's captures;
/// every card not placed goes to seat 1's captures.
fn position(h0: &str, h1: &str, pile: &str, stock: &str, won0: &str) -> XeriState {
    let mut st = XeriState {
        stock: Stock::default(),
        hands: BySeat::default(),
        pile: cards(pile),
        top: pile.split_whitespace().last().map(c),
        caps: BySeat::default(),
        last_capturer: None,
        turn: S0,
        dealer: S1,
        hand: 1,
        hands_won: BySeat::default(),
        last_points: BySeat::default(),
        over: false,
        tally: Tally::default(),
    };
    st.hands[S0] = cards(h0);
    st.hands[S1] = cards(h1);
    st.caps[S0].won = cards(won0);
    let placed = st.hands[S0] | st.hands[S1] | st.pile | st.caps[S0].won;
    if stock == "rest" {
        // Twelve cards (two refills), the lowest of those not placed.
        st.stock = Stock::from_top((CardSet::FULL_DECK - placed).iter().take(12));
        st.caps[S1].won = CardSet::FULL_DECK - placed - st.stock.cards();
    } else {
        st.stock = Stock::from_top(stock.split_whitespace().map(c));
        st.caps[S1].won = CardSet::FULL_DECK - placed - st.stock.cards();
    }
    if !(st.caps[S0].won | st.caps[S1].won).is_empty() {
        st.last_capturer = Some(S1);
    }
    st
}

fn play(g: &Xeri, st: &mut XeriState, card: &str) {
    g.try_apply(st, c(card), &mut rng()).unwrap();
    g.check_invariants(st).unwrap();
}

#[test]
fn config_and_errors() {
    assert_eq!(Xeri::new(2, &Params::new()).unwrap().hands(), 5);
    let err = |players, p: &[&str]| {
        Xeri::new(players, &Params::parse(p).unwrap())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(err(3, &[]), "xeri takes 2 to 2 players, not 3");
    assert!(err(2, &["hands=0"]).contains("from 1 to 99"));
    assert!(err(2, &["target=3"]).contains("allowed: hands"));
}

#[test]
fn a_deal_gives_six_each_and_a_pile_of_four_whose_top_is_no_jack() {
    let g = game(1);
    let mut redeals = 0;
    for seed in 0..300 {
        let st = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
        g.check_invariants(&st).unwrap();
        assert_eq!(
            (st.hands[S0].len(), st.hands[S1].len(), st.pile.len()),
            (6, 6, 4)
        );
        assert_eq!(st.stock.len(), 36, "three more deals of six each");
        assert_ne!(st.top.unwrap().rank(), Rank::Jack);
        assert_eq!((st.turn, st.dealer), (S0, S1), "the non-dealer leads");
        redeals += st.tally.redeals;
    }
    // A jack on top (4/52) or a pair on top (3/51): about 13% of deals are redealt at least once.
    assert!((20..80).contains(&redeals), "{redeals}");
}

/// "If the top card of the pile is a jack, or if the card on top of the pile and the card
/// below it are the same rank ... shuffle the discard pile back into the deck and deal a new
/// four-card discard pile": the deal's first shuffle, replayed from the same seed, decides
/// whether a redeal must happen; an acceptable first pile is kept as dealt, an unacceptable
/// one (jack on top, or a pair on top) is always redealt. Both causes occur in the seeds.
#[test]
fn an_unacceptable_first_pile_is_always_redealt() {
    let g = game(1);
    let (mut jacks, mut pairs, mut kept) = (0, 0, 0);
    for seed in 0..300 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut first = Stock::shuffled(CardSet::FULL_DECK, &mut rng.clone());
        for _ in 0..2 * HAND {
            first.draw();
        }
        let dealt: Vec<Card> = (0..FIRST_PILE).map(|_| first.draw().unwrap()).collect();
        let (top, below) = (dealt[3], dealt[2]);
        let st = g.deal(&mut rng);
        if top.rank() == Rank::Jack || top.rank() == below.rank() {
            if top.rank() == Rank::Jack {
                jacks += 1;
            } else {
                pairs += 1;
            }
            assert!(
                st.tally.redeals >= 1,
                "seed {seed}: {dealt:?} must be redealt"
            );
        } else {
            kept += 1;
            assert_eq!(st.tally.redeals, 0, "seed {seed}: {dealt:?} is acceptable");
            assert_eq!(st.pile, dealt.iter().copied().collect());
            assert_eq!(st.top, Some(top));
        }
    }
    assert!(jacks > 0 && pairs > 0 && kept > 0, "{jacks} {pairs} {kept}");
}

#[test]
fn a_card_of_the_top_rank_captures_the_pile() {
    let g = game(1);
    let mut st = position(
        "7H 2C 3C 4C 5C 6C",
        "8S 2D 3D 4D 5D 6D",
        "KS QS 7S",
        "rest",
        "",
    );
    play(&g, &mut st, "7H");
    assert_eq!(st.caps[S0].won, cards("KS QS 7S 7H"));
    assert_eq!(
        (st.caps[S0].xeris, st.pile, st.top),
        (0, CardSet::EMPTY, None)
    );
    assert_eq!((st.last_capturer, st.turn), (Some(S0), S1));
    // Seat 1 starts a new pile; a lone card captured by its rank is a xeri.
    play(&g, &mut st, "5D");
    play(&g, &mut st, "5C");
    assert_eq!((st.caps[S0].xeris, st.tally.xeris), (1, 1));
    assert_eq!(st.caps[S0].won.len(), 6);
    // A card of another rank just goes on the pile.
    play(&g, &mut st, "2D");
    play(&g, &mut st, "3C");
    assert_eq!((st.pile, st.top), (cards("2D 3C"), Some(c("3C"))));
}

#[test]
fn a_jack_captures_any_pile_but_a_lone_card_xeri_only_if_it_is_a_jack() {
    let g = game(1);
    // A jack takes a pile of three: no xeri.
    let mut st = position("JH 2C 3C", "JS 2D 3D", "KS QS 7S", "rest", "");
    play(&g, &mut st, "JH");
    assert_eq!((st.caps[S0].won.len(), st.caps[S0].xeris), (4, 0));
    // Seat 1 leads the two to the empty pile; a jack on that lone two captures, no xeri.
    let mut st = position("JH 2C", "JS 2D", "KS", "rest", "");
    play(&g, &mut st, "2C"); // on the king: the pile is KS 2C
    play(&g, &mut st, "JS"); // seat 1 takes two cards with a jack
    assert_eq!((st.caps[S1].xeris, st.last_capturer), (0, Some(S1)));
    play(&g, &mut st, "JH"); // a jack on an empty pile just starts it
    assert_eq!((st.top, st.caps[S0].xeris), (Some(c("JH")), 0));
    play(&g, &mut st, "2D"); // a two does not take a jack
    assert_eq!(st.pile, cards("JH 2D"));
    // A lone two led by seat 1 (dealing this time), taken by a jack: a capture, not a xeri.
    let mut st = position("3C JH", "2D 3D", "", "rest", "");
    (st.turn, st.dealer) = (S1, S0);
    play(&g, &mut st, "2D");
    play(&g, &mut st, "JH");
    assert_eq!((st.caps[S0].won, st.caps[S0].xeris), (cards("2D JH"), 0));
}

#[test]
fn jack_on_jack_is_a_xeri() {
    let g = game(1);
    let mut st = position("JH 2C", "JS 2D", "KS", "rest", "");
    play(&g, &mut st, "2C"); // on the king: the pile is KS 2C
    play(&g, &mut st, "2D"); // seat 1 takes it with the two (2 cards: no xeri)
    assert_eq!((st.caps[S1].xeris, st.last_capturer), (0, Some(S1)));
    play(&g, &mut st, "JH"); // seat 0 leads a jack to the empty pile
    assert_eq!(st.top, Some(c("JH")));
    play(&g, &mut st, "JS"); // jack on a lone jack: a xeri
    assert_eq!((st.caps[S1].xeris, st.caps[S1].jack_xeris), (1, 1));
    assert_eq!(st.tally.jack_xeris, 1);
}

#[test]
fn the_last_capturer_takes_the_rest_and_the_hand_is_scored() {
    let g = game(2);
    // Stock empty; seat 1 captured earlier (every card not placed is its); seat 0 captures
    // with its last-but-one card, then two cards are left on the pile at the end.
    let mut st = position("7H 2C", "8D 3D", "7S", "", "");
    st.last_capturer = Some(S1);
    play(&g, &mut st, "7H"); // seat 0 takes the lone seven: a xeri
    play(&g, &mut st, "8D");
    play(&g, &mut st, "2C");
    let before = st.caps;
    play(&g, &mut st, "3D");
    // The hand ended: 8D 2C 3D went to seat 0, the last capturer; the next hand is dealt.
    assert_eq!(st.hand, 2);
    let mut caps = before;
    caps[S0].won |= cards("8D 2C 3D");
    let pts = Xeri::hand_points(&caps);
    assert_eq!(st.last_points, pts);
    // Seat 0: one xeri (10), 2C (1); 7 cards against 45: no majority. Seat 1: the majority (3)
    // and every honour but none of seat 0's (20 honours, 10D +1): 3 + 20 + 1 = 24.
    assert_eq!((pts[S0], pts[S1]), (11, 24));
    assert_eq!((st.hands_won[S0], st.hands_won[S1]), (0, 1));
    assert_eq!((st.dealer, st.turn), (S0, S1), "the deal alternates");
}

#[test]
fn scoring_with_literal_figures() {
    let caps = |won0: &str, x0: u8, won1: &str, x1: u8| {
        let mut c = BySeat::<Captures>::default();
        c[S0] = Captures {
            won: cards(won0),
            xeris: x0,
            jack_xeris: 0,
        };
        c[S1] = Captures {
            won: cards(won1),
            xeris: x1,
            jack_xeris: 0,
        };
        Xeri::hand_points(&c)
    };
    // The ten of diamonds counts twice (a ten and the bonus), the two of clubs once.
    let p = caps("TD 2C 5H", 0, "AS KS", 0);
    assert_eq!((p[S0], p[S1]), (2 + 1 + 3, 2));
    // Equal cards: nobody gets the 3; two xeris are 20.
    let p = caps("5H 6H", 2, "AS KS", 0);
    assert_eq!((p[S0], p[S1]), (20, 2));
    assert_eq!(card_points(CardSet::FULL_DECK), 20 + 2);
}

#[test]
fn a_hand_with_no_capture_leaves_the_pile_to_nobody() {
    let g = game(1);
    let mut st = position("2C", "3D", "KS", "", "");
    st.caps = BySeat::default();
    st.stock = Stock::default();
    st.last_capturer = None;
    // Every other card is nowhere: put them on the pile for the test.
    st.pile = CardSet::FULL_DECK - cards("2C 3D");
    st.top = Some(c("KS"));
    play(&g, &mut st, "2C");
    play(&g, &mut st, "3D");
    assert!(st.over);
    assert_eq!(st.last_points[S0] + st.last_points[S1], 0);
    assert_eq!(st.tally.tied_hands, 1);
    let o = g.outcome(&st).unwrap();
    assert_eq!((o[S0].win, o[S1].win), (0.5, 0.5), "a drawn game");
}

#[test]
fn hands_are_refilled_when_both_are_empty() {
    let g = game(1);
    let mut st = position("2C", "3D", "KS", "rest", "");
    assert_eq!(st.stock.len(), 12);
    play(&g, &mut st, "2C");
    play(&g, &mut st, "3D");
    assert_eq!(
        (st.hands[S0].len(), st.hands[S1].len(), st.stock.len()),
        (6, 6, 0)
    );
    assert_eq!(
        (st.turn, st.hand),
        (S0, 1),
        "the non-dealer leads each new six"
    );
}

/// Known counts: every card in hand is a legal play, and play never changes hand sizes but by
/// one card, so from a fresh deal depth d gives 6 * 6 * 5 * 5 * ... lines.
#[test]
fn perft_known_counts() {
    let g = game(1);
    let st = g.deal(&mut ChaCha8Rng::seed_from_u64(2));
    let want = [1u64, 6, 36, 180, 900, 3600];
    for (d, &w) in want.iter().enumerate() {
        assert_eq!(perft(&g, &st, d as u32), w, "depth {d}");
    }
}

#[test]
fn whole_games_to_their_number_of_hands() {
    for hands in [1, 5] {
        let g = game(hands);
        let r = conformance::random_games(&g, 0..60, 100_000);
        assert_eq!(r.games, 60);
        for s in &r.stats {
            assert_eq!(s[0], hands as f64);
        }
    }
}

#[test]
fn determinization_is_uniform_at_a_fresh_deal() {
    let g = game(1);
    let st = g.deal(&mut ChaCha8Rng::seed_from_u64(9));
    let obs = g.observe(&st, S0);
    assert_eq!(obs.unseen().len(), 52 - 6 - 4);
    let card = obs.unseen().lowest().unwrap();
    let n = 24_000;
    let mut r = ChaCha8Rng::seed_from_u64(4);
    let hits = (0..n)
        .filter(|_| g.determinize(&obs, &mut r).hands[S1].contains(card))
        .count();
    let p = 6.0 / 42.0;
    let sd = (n as f64 * p * (1.0 - p)).sqrt();
    assert!((hits as f64 - n as f64 * p).abs() < 4.0 * sd, "{hits}");
}

/// The soak: a million random five-hand games with the invariants checked after every move.
/// Not run in CI: `cargo test -p cardsim-engine xeri_soak -- --ignored` (`SOAK_GAMES=N` for
/// another count).
#[test]
#[ignore]
fn xeri_soak() {
    let variants = [game(5)];
    conformance::soak_a_million("xeri", &variants);
}

/// The public accessors report the position the observation and the statistics describe: the
/// stock completes the deck with the hands, the pile and the captures; the hand number counts
/// the hands started; the hands won and the tied hands add up to the hands scored, and the
/// points tallied to the points of each hand scored; the statistics count every capture and
/// xeri the page's capture rule makes, and every play is seen by both seats.
#[test]
fn the_accessors_agree_with_the_observation_and_the_statistics() {
    let g = game(5);
    let mut r = ChaCha8Rng::seed_from_u64(11);
    let mut legal = Vec::new();
    let mut stats = Vec::new();
    for _ in 0..20 {
        let mut st = g.deal(&mut r);
        let mut hand_numbers_seen = Vec::new();
        let mut points_scored = 0;
        let (mut takes_seen, mut xeris_seen) = (0, 0);
        assert_eq!(st.hand_number(), 1);
        assert_eq!(st.stock().len(), 52 - 12 - 4);
        loop {
            let obs = g.observe(&st, S0);
            let seen = st.hand_of(S0) | st.hand_of(S1) | st.pile().0;
            let won = st.captures(S0).won | st.captures(S1).won;
            assert_eq!(st.stock().cards(), CardSet::FULL_DECK - seen - won);
            assert_eq!(st.stock().len(), obs.stock as usize);
            assert_eq!(st.hand_number(), obs.hand_number);
            assert_eq!(st.tally(), obs.tally);
            let scored = st.hand_number() - u16::from(g.outcome(&st).is_none());
            let won_or_tied = st.hands_won(S0) + st.hands_won(S1) + st.tally().tied_hands as u16;
            assert_eq!(won_or_tied, scored);
            for s in [S0, S1] {
                assert_eq!(st.hands_won(s), obs.hands_won[s]);
            }
            g.stats(&st, &mut stats);
            assert_eq!(stats[0], st.hand_number() as f64);
            assert_eq!(stats[1], st.tally().xeris as f64);
            assert_eq!(stats[5], st.tally().redeals as f64);
            assert_eq!(st.tally().captures, takes_seen);
            assert_eq!(st.tally().xeris, xeris_seen);
            assert_eq!(stats[3], takes_seen as f64);
            if hand_numbers_seen.last() != Some(&st.hand_number()) {
                if !hand_numbers_seen.is_empty() {
                    points_scored += st.last_points()[S0] + st.last_points()[S1];
                }
                hand_numbers_seen.push(st.hand_number());
            }
            let mean_points = match won_or_tied {
                0 => 0.0,
                n => points_scored as f64 / n as f64,
            };
            if g.outcome(&st).is_none() {
                assert_eq!(
                    stats[6], mean_points,
                    "the mean points of the hands scored so far"
                );
            }
            if g.outcome(&st).is_some() {
                points_scored += st.last_points()[S0] + st.last_points()[S1];
                assert_eq!(st.tally().points, points_scored);
                assert_eq!(stats[6], points_scored as f64 / 5.0);
                break;
            }
            g.legal_actions(&st, &mut legal);
            let a = legal[r.random_range(0..legal.len())];
            let (pile, top) = st.pile();
            let (takes, xeri) = capture(a, top, pile.len());
            takes_seen += u32::from(takes);
            xeris_seen += u32::from(xeri);
            for viewer in [S0, S1] {
                assert_eq!(
                    g.observe_action(&st, a, viewer),
                    Some(a),
                    "plays are face up"
                );
            }
            g.try_apply(&mut st, a, &mut r).unwrap();
        }
        assert_eq!(hand_numbers_seen, [1, 2, 3, 4, 5]);
        assert_eq!(
            st.hands_won(S0) + st.hands_won(S1) + st.tally().tied_hands as u16,
            5
        );
    }
}

/// The invariant check refuses positions no legal play reaches: a card lost or doubled, a top
/// card off the pile or a pile without one, hands out of step with the turn, a hand over six
/// cards (either seat's), a stock that is not whole refills, more hands won than scored, and
/// more jack xeris than xeris or more xeris than captured pairs.
#[test]
fn broken_positions_fail_the_invariants() {
    let g = game(5);
    let fresh = g.deal(&mut ChaCha8Rng::seed_from_u64(5));
    g.check_invariants(&fresh).unwrap();
    let leader = fresh.dealer.next(2);
    let some_stock_card = fresh.stock.cards().lowest().unwrap();
    let some_hand_card = fresh.hands[leader].lowest().unwrap();
    type Break = fn(&mut XeriState, Card, Card, Seat);
    let broken: [(&str, Break); 12] = [
        ("a card lost", |st, c, _, _| {
            st.stock = Stock::from_top(st.stock.cards().iter().filter(|&x| x != c));
        }),
        ("a card in the stock and the pile", |st, c, _, _| {
            st.pile.insert(c);
        }),
        ("the top off the pile", |st, _, h, _| st.top = Some(h)),
        ("a pile without a top", |st, _, _, _| st.top = None),
        ("the wrong seat to play", |st, _, _, l| st.turn = l.next(2)),
        ("a hand of seven", |st, c, _, l| {
            st.stock = Stock::from_top(st.stock.cards().iter().filter(|&x| x != c));
            st.hands[l].insert(c);
            st.hands[l.next(2)].insert(st.stock.cards().lowest().unwrap());
            st.stock = Stock::from_top(st.stock.cards().iter().skip(1));
        }),
        ("seat 1 to play seven cards as the dealer", |st, _, _, _| {
            let (pile, top) = st.pile();
            let under = pile.iter().find(|&c| Some(c) != top).unwrap();
            st.pile.remove(under);
            st.hands[S1].insert(under);
            (st.dealer, st.turn) = (S1, S1);
        }),
        ("both hands empty", |st, _, _, l| {
            let cards = st.hands[l] | st.hands[l.next(2)];
            st.caps[l].won |= cards;
            st.hands = BySeat::default();
        }),
        ("a hand won that was not scored", |st, _, _, l| {
            st.hands_won[l] = 1
        }),
        ("a jack xeri that is no xeri", |st, _, _, l| {
            st.caps[l].jack_xeris = 1
        }),
        ("a xeri without a captured card", |st, _, _, l| {
            st.caps[l].xeris = 1
        }),
        ("a hand past the last", |st, _, _, _| st.hand = 6),
    ];
    for (what, corrupt) in broken {
        let mut st = fresh.clone();
        corrupt(&mut st, some_stock_card, some_hand_card, leader);
        assert_ne!(st, fresh, "{what}: the corruption changed nothing");
        assert!(g.check_invariants(&st).is_err(), "{what}: accepted");
    }
}

/// A deal's text reads back to the same state, and names the redeals only when there were
/// some (the statistic reads the same from the text).
#[test]
fn the_deal_text_reads_back() {
    use crate::deal_text::round_trip;
    let g = game(5);
    let mut redealt = 0;
    for seed in 0..60 {
        let st = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
        let text = round_trip(&g, &st).unwrap();
        assert_eq!(text.contains("redeals"), st.tally.redeals > 0, "{text}");
        redealt += u32::from(st.tally.redeals > 0);
    }
    assert!(redealt > 0, "no deal was redealt");
}
