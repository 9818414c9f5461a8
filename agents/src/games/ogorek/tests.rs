//! Ogórek's agents: the heuristic's choices and strength, honesty, the exact solver against a
//! brute-force search through the game's own rules, and the search agents over whole games.

use super::*;
use crate::search::honesty::check_random_games;
use crate::testing::{play_against_random, play_with_agents};
use crate::tricks::testing::{assert_honest, place_chances};
use crate::{same_information_same_choice, RandomAgent};
use cardsim_engine::games::ogorek::OgorekState;
use cardsim_engine::{Card, Game, Params, ToMove};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn game(n: usize, params: &[&str]) -> Ogorek {
    Ogorek::new(n, &Params::parse(params).unwrap()).unwrap()
}

fn plays(s: &str) -> Vec<OgorekAction> {
    s.split_whitespace()
        .map(|t| OgorekAction::Play(c(t)))
        .collect()
}

#[test]
fn the_heuristic_sheds_high_cards_and_keeps_an_ace() {
    let g = game(4, &["kontra=true"]);
    let st = g.deal(&mut ChaCha8Rng::seed_from_u64(1));
    let obs = g.observe(&st, Seat::new(0));
    let pick = |legal: &[OgorekAction]| {
        OgorekHeuristic.choose(
            &g,
            Seat::new(0),
            &obs,
            legal,
            &mut ChaCha8Rng::seed_from_u64(0),
        )
    };
    assert_eq!(pick(&plays("AS KD 9C")), OgorekAction::Play(c("KD")));
    assert_eq!(
        pick(&plays("AS 2D")),
        OgorekAction::Play(c("2D")),
        "the ace is kept"
    );
    assert_eq!(pick(&plays("AS AD")), OgorekAction::Play(c("AD")));
    let kontra = [OgorekAction::NoKontra, OgorekAction::Kontra];
    let aces = (obs.hand() & CardSet::rank_mask(Rank::Ace)).len();
    let want = if aces >= 2 {
        OgorekAction::Kontra
    } else {
        OgorekAction::NoKontra
    };
    assert_eq!(pick(&kontra), want);
}

#[test]
fn same_information_same_choice_for_random_and_heuristic() {
    for n in [3, 8] {
        let g = game(n, &["kontra=true", "target=21"]);
        assert!(same_information_same_choice(&g, &mut RandomAgent, 0..3, 3, 60) > 100);
        assert!(same_information_same_choice(&g, &mut OgorekHeuristic, 0..3, 3, 60) > 100);
    }
}

/// The heuristic in seat `hero` against random players: its place.
fn hero_place(g: &Ogorek, hero: Seat, seed: u64) -> u8 {
    play_against_random(g, &mut OgorekHeuristic, |s| s == hero, seed)[hero].place
}

#[test]
fn heuristic_beats_random() {
    for n in [4, 8] {
        let g = game(n, &["target=21"]);
        let games = 300;
        let firsts = (0..games)
            .filter(|&i| hero_place(&g, Seat::new(i as usize % n), i) == 1)
            .count();
        let rate = firsts as f64 / games as f64;
        assert!(
            rate > 2.0 / n as f64,
            "{n} players: heuristic first in {rate:.3} of games against random"
        );
    }
}

/// The root player's penalty this deal under paranoid play, through the game's own rules.
fn minimax(g: &Ogorek, st: &OgorekState, root: Seat, deal: u16) -> i32 {
    if st.deal_number() != deal || g.to_move(st) == ToMove::Over {
        return -(st.last_penalty(root) as i32);
    }
    let ToMove::Seat(seat) = g.to_move(st) else {
        unreachable!()
    };
    let mut legal = Vec::new();
    g.legal_actions(st, &mut legal);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let values = legal.iter().map(|&a| {
        let mut s = st.clone();
        g.apply(&mut s, a, &mut rng);
        minimax(g, &s, root, deal)
    });
    if seat == root {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

#[test]
fn the_solver_matches_brute_force_in_the_last_tricks() {
    let mut solver = PenaltySolver::new();
    let mut values = Vec::new();
    let mut legal = Vec::new();
    for seed in 0..40 {
        let n = 3 + seed as usize % 3;
        let g = game(n, &["target=1000"]);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut st = g.deal(&mut rng);
        // Random plays into trick 3 or later (some mid-trick).
        for _ in 0..2 * n + seed as usize % (2 * n) {
            g.legal_actions(&st, &mut legal);
            let a = legal[(rand::RngCore::next_u32(&mut rng) as usize) % legal.len()];
            g.apply(&mut st, a, &mut rng);
        }
        let ToMove::Seat(me) = g.to_move(&st) else {
            panic!()
        };
        g.legal_actions(&st, &mut legal);
        solver.evaluate(&g, &st, &legal, &mut values, &mut rng);
        let want: Vec<f64> = legal
            .iter()
            .map(|&a| {
                let mut s = st.clone();
                g.apply(&mut s, a, &mut rng);
                f64::from(minimax(&g, &s, me, st.deal_number()))
            })
            .collect();
        assert_eq!(values, want, "seed {seed}");
    }
}

/// Every card's place: its holder's seat, 8 when unseen in the unused pack, 9 when played.
fn places(st: &OgorekState, out: &mut Vec<u32>) {
    out.clear();
    let p = st.play();
    out.extend(Card::all52().map(|card| {
        if p.record().played().contains(card) {
            9
        } else {
            (0..p.players())
                .find(|&s| p.hand(Seat::new(s)).contains(card))
                .map_or(8, |s| s as u32)
        }
    }));
}

/// Exact marginals: every deal of the unseen cards to the other hands (by size, avoiding what
/// each showed it lacks) and the unused pack (the rest, unconstrained) equally likely; counted
/// card by card by [`place_chances`], the unused pack as the last place.
fn marginals(obs: &cardsim_engine::games::ogorek::OgorekObservation) -> Vec<[f64; 10]> {
    let p = &obs.play;
    let played = p.record().played();
    let hidden: Vec<Seat> = p.active().iter().filter(|&s| s != obs.seat).collect();
    let h = hidden.len();
    let unseen: Vec<Card> = (CardSet::FULL_DECK - played - obs.hand()).iter().collect();
    let mut caps: Vec<usize> = hidden.iter().map(|&s| p.hand_len(s)).collect();
    caps.push(unseen.len() - caps.iter().sum::<usize>());
    let chances = place_chances(&unseen, &caps, |c, k| {
        k == h || !p.record().excluded(hidden[k]).contains(c)
    });
    let mut out = vec![[0.0; 10]; 52];
    for (place, card) in Card::all52().enumerate() {
        if played.contains(card) {
            out[place][9] = 1.0;
        } else if obs.hand().contains(card) {
            out[place][obs.seat.index()] = 1.0;
        } else {
            let i = unseen.iter().position(|&u| u == card).unwrap();
            for (k, &chance) in chances[i].iter().enumerate() {
                let bin = if k == h { 8 } else { hidden[k].index() };
                out[place][bin] = chance;
            }
        }
    }
    out
}

#[test]
fn determinizations_are_honest() {
    for n in [3, 4] {
        let g = game(n, &["target=15"]);
        let cache: std::cell::RefCell<Option<(_, Vec<[f64; 10]>)>> = Default::default();
        let belief =
            |obs: &cardsim_engine::games::ogorek::OgorekObservation, place: usize, value: u32| {
                let mut c = cache.borrow_mut();
                if c.as_ref().is_none_or(|(o, _)| o != obs) {
                    *c = Some((obs.clone(), marginals(obs)));
                }
                c.as_ref().unwrap().1[place][value as usize]
            };
        let report = check_random_games(&g, 0..3, 5, 300, places, belief).unwrap();
        assert_honest(&report, 20);
    }
}

#[test]
fn search_agents_play_whole_games() {
    let g = game(4, &["target=15", "kontra=true"]);
    let specs = [
        "ismcts:iters=30",
        "mo-ismcts:iters=30",
        "pimc:worlds=3",
        "cheat",
    ];
    let (st, _) = play_with_agents(&g, &specs, |s, _| s.index(), 7);
    assert!(g.outcome(&st).is_some());
}

#[test]
fn the_solver_is_fast_enough_for_eight_players() {
    // A fresh deal of eight hands, solved from the first lead.
    let g = game(8, &[]);
    let st = g.deal(&mut ChaCha8Rng::seed_from_u64(3));
    let mut solver = PenaltySolver::new();
    let mut legal = Vec::new();
    let mut values = Vec::new();
    g.legal_actions(&st, &mut legal);
    solver.evaluate(
        &g,
        &st,
        &legal,
        &mut values,
        &mut ChaCha8Rng::seed_from_u64(0),
    );
    assert_eq!(values.len(), 6);
    assert!(values.iter().all(|&v| (-13.0..=0.0).contains(&v)));
    assert!(solver.nodes() < 5_000_000, "{} nodes", solver.nodes());
}

/// A playout's deal ends with the penalty of the last trick: in a deal where one player takes
/// `p` points and nobody goes out, that player is valued `0.5 - p / 26` and the three others
/// `0.5 + p / 78` (scale 13: a king); a player put out counts the rest of the target (50)
/// instead.
#[test]
fn a_playout_ends_with_the_deal_valued_by_the_penalty() {
    let game = game(4, &[]);
    let (mut single, mut outs) = (0, 0);
    let hands = crate::search::check_hand_ends(&game, 0..20, |start, _, after, v| {
        assert_eq!(after.deal_number(), start.deal_number() + 1);
        let losers: Vec<Seat> = Seat::all(4)
            .filter(|&s| after.last_penalty(s) > 0)
            .collect();
        assert!(!losers.is_empty());
        let went_out: Vec<Seat> = Seat::all(4)
            .filter(|&s| after.eliminations().is_out(s) && !start.eliminations().is_out(s))
            .collect();
        if !went_out.is_empty() {
            // Out: the rest of the target counts, not the penalty taken.
            outs += 1;
            let gain = |s: Seat| {
                if went_out.contains(&s) {
                    f64::from(start.total(s)) - 50.0
                } else {
                    -f64::from(after.last_penalty(s))
                }
            };
            for s in Seat::all(4) {
                let others = Seat::all(4).filter(|&t| t != s).map(gain).sum::<f64>() / 3.0;
                let expected = (0.5 + (gain(s) - others) / 26.0).clamp(0.0, 1.0);
                assert!((v[s] - expected).abs() < 1e-12, "{s:?} {v:?}");
            }
        } else if let [loser] = losers[..] {
            single += 1;
            let p = f64::from(after.last_penalty(loser));
            for s in Seat::all(4) {
                let expected = if s == loser {
                    0.5 - p / 26.0
                } else {
                    0.5 + p / 78.0
                };
                assert!((v[s] - expected).abs() < 1e-12, "{s:?} {p} {v:?}");
            }
        }
    });
    assert!(hands > 100 && single > 50, "{hands} {single}");
    assert!(outs >= 20, "{outs}");
}
