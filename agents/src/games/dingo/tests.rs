//! Dingo's agents: the heuristic's choices, its strength against random, honesty of the
//! agents and of determinizations, and the search agents over whole games.

use super::*;
use crate::search::honesty::check_random_games;
use crate::testing::{play_with_agents, seat_wins_against_random, SEARCH_AGENTS};
use crate::{catalog, same_information_same_choice, AgentSpec, RandomAgent};
use cardsim_engine::driver::{self, Policy, Scratch};
use cardsim_engine::games::dingo::{DingoState, DECK};
use cardsim_engine::{Game, Params, ToMove};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn cards(s: &str) -> CardSet {
    s.split_whitespace().map(c).collect()
}

/// An observation for seat 0 in the hunts, with `hand` and the given public cards.
fn obs_with(hand: &str, discards: &str) -> DingoObservation {
    let game = Dingo;
    let st = game.deal(&mut ChaCha8Rng::seed_from_u64(1));
    let mut o = game.observe(&st, Seat::new(0));
    o.hand = cards(hand);
    o.discards = [
        cards(discards),
        CardSet::EMPTY,
        CardSet::EMPTY,
        CardSet::EMPTY,
    ];
    o.hand_sizes = [6, 6, 6, 6];
    o
}

fn pick(o: &DingoObservation, legal: &[DingoAction]) -> DingoAction {
    DingoHeuristic.choose(&Dingo, o.seat, o, legal, &mut ChaCha8Rng::seed_from_u64(0))
}

#[test]
fn it_discards_what_cannot_score_and_keeps_pairs_of_wolves() {
    // 5♥ is public: the 5♣ cannot hunt and goes first.
    let o = obs_with("5C 7C 7S 9H AC KS", "5H");
    let legal: Vec<_> = cards("5C 7C 7S 9H KS")
        .iter()
        .map(DingoAction::Discard)
        .collect();
    assert_eq!(pick(&o, &legal), DingoAction::Discard(c("5C")));
    // A heart whose wolves are both out is a sure penalty: it goes.
    let o = obs_with("9H 7C 7S KS", "9C 9S");
    let legal: Vec<_> = cards("9H 7C 7S KS")
        .iter()
        .map(DingoAction::Discard)
        .collect();
    assert_eq!(pick(&o, &legal), DingoAction::Discard(c("9H")));
    // The pair 7♣ 7♠ is kept over the lone K♠.
    let o = obs_with("7C 7S KS", "");
    let legal: Vec<_> = cards("7C 7S KS").iter().map(DingoAction::Pass).collect();
    assert_eq!(pick(&o, &legal), DingoAction::Pass(c("KS")));
}

#[test]
fn it_plays_a_wolf_when_it_will_be_the_last() {
    let mut o = obs_with("7C 2S 3S 4S 5S 6S", "");
    o.step = 28;
    o.hunt.index = 5; // the sevens
    o.hunt.dingo = Some(Seat::new(3)); // seat 0 acts first after the dingo
    o.hunt.turn = 0;
    let legal = [DingoAction::Wolf(c("7C")), DingoAction::NoWolf];
    // The 7♠ is unseen and two players are still to come: too likely to be overtaken.
    assert_eq!(pick(&o, &legal), DingoAction::NoWolf);
    // With the 7♠ discarded it is a sure catch.
    o.discards[1] = cards("7S");
    assert_eq!(pick(&o, &legal), DingoAction::Wolf(c("7C")));
    // A wolf already down: the second catches.
    o.discards[1] = CardSet::EMPTY;
    o.hunt.wolves[0] = Some((Seat::new(2), c("7S")));
    assert_eq!(pick(&o, &legal), DingoAction::Wolf(c("7C")));
    // Last to act: nobody can follow.
    o.hunt.wolves[0] = None;
    o.hunt.dingo = Some(Seat::new(1));
    o.hunt.turn = 2;
    assert_eq!(pick(&o, &legal), DingoAction::Wolf(c("7C")));
}

#[test]
fn in_the_ace_hunt_it_does_not_free_the_rabbit_for_a_later_player() {
    let mut o = obs_with("AC 2S 3S 4S 5S 6S", "");
    o.step = 28;
    o.hunt.index = 12;
    o.hunt.dingo = Some(Seat::new(3));
    o.hunt.turn = 0;
    let legal = [DingoAction::Wolf(c("AC")), DingoAction::NoWolf];
    // The other black ace is still out: playing scores 3 and frees nothing.
    assert_eq!(pick(&o, &legal), DingoAction::Wolf(c("AC")));
    // The A♠ is down: playing would let a later A♦ holder score 10.
    o.hunt.wolves[0] = Some((Seat::new(2), c("AS")));
    assert_eq!(pick(&o, &legal), DingoAction::NoWolf);
    // Holding the A♦ itself, it plays.
    o.hand = cards("AC AD 3S 4S 5S 6S");
    assert_eq!(pick(&o, &legal), DingoAction::Wolf(c("AC")));
}

#[test]
fn same_information_same_choice_for_random_and_heuristic() {
    let game = Dingo;
    assert!(same_information_same_choice(&game, &mut RandomAgent, 0..3, 3, 80) > 100);
    assert!(same_information_same_choice(&game, &mut DingoHeuristic, 0..3, 3, 80) > 100);
}

#[test]
fn heuristic_beats_random() {
    let games = 800;
    // The heuristic in seat `i % 4` of game `i`, random in the others.
    let wins = seat_wins_against_random(&Dingo, &mut DingoHeuristic, games, 0);
    let rate = wins / games as f64;
    assert!(
        rate > 0.40,
        "heuristic won {rate:.3} against three random players"
    );
}

/// One place per card of the deck: the seat holding it, or 4 when it is not in a hand.
fn places(st: &DingoState, out: &mut Vec<u32>) {
    out.clear();
    out.extend(DECK.iter().map(|card| {
        (0..4)
            .find(|&s| st.hand(Seat::new(s)).contains(card))
            .map_or(4, |s| s as u32)
    }));
}

/// The exact chance of each unseen card being in each hand: every deal of the unseen cards
/// equally likely that gives each hand its size, keeps the observer's passed cards within the
/// seats they may have reached, and the A♦ out of the hands shown not to hold it. Counted by
/// enumerating where the constrained cards go (at most four of them) and the ways to deal the
/// others into the room left.
fn belief(obs: &DingoObservation, place: usize, value: u32) -> f64 {
    let card = DECK.iter().nth(place).unwrap();
    let me = obs.seat.index();
    if obs.hand.contains(card) {
        return f64::from(value == me as u32);
    }
    let unseen = obs.unseen();
    if !unseen.contains(card) {
        return f64::from(value == 4);
    }
    let others = 0b1111u8 & !(1 << me);
    let mut constrained: Vec<(Card, u8)> = Vec::new();
    for r in 0..3 {
        if let Some(p) = obs.passed[r] {
            if unseen.contains(p) && !constrained.iter().any(|&(q, _)| q == p) {
                constrained.push((p, obs.reach[r] & others));
            }
        }
    }
    if unseen.contains(ACE_RABBIT) {
        let m = others & !obs.hunt.no_rabbit;
        match constrained.iter_mut().find(|(q, _)| *q == ACE_RABBIT) {
            Some(e) => e.1 &= m,
            None => constrained.push((ACE_RABBIT, m)),
        }
    }
    let free = unseen.len() - constrained.len();
    let lf = |n: i64| (1..=n).map(|k| (k as f64).ln()).sum::<f64>();
    let k = constrained.len();
    let mut total = 0.0;
    let mut hit = 0.0;
    for code in 0..4usize.pow(k as u32) {
        let mut room = obs.hand_sizes.map(i64::from);
        let mut here = None;
        let mut ok = true;
        for (i, &(q, m)) in constrained.iter().enumerate() {
            let s = code / 4usize.pow(i as u32) % 4;
            ok &= m & 1 << s != 0;
            room[s] -= 1;
            if q == card {
                here = Some(s);
            }
        }
        if !ok || room.iter().any(|&r| r < 0) {
            continue;
        }
        let w = (lf(free as i64)
            - (0..4)
                .filter(|&s| s != me)
                .map(|s| lf(room[s]))
                .sum::<f64>())
        .exp();
        total += w;
        hit += match here {
            Some(s) => w * f64::from(s as u32 == value),
            None if value < 4 && value as usize != me => {
                w * room[value as usize] as f64 / free as f64
            }
            None => 0.0,
        };
    }
    hit / total
}

#[test]
fn determinizations_are_honest() {
    let report = check_random_games(&Dingo, 0..3, 4, 300, places, belief).unwrap();
    assert!(report.positions >= 30, "{report:?}");
    assert!(
        report.truth_bias().abs() < 5.0 && report.worst_chi_square < 5.0,
        "{report:?}"
    );
}

fn build(spec: &str) -> Box<dyn Agent<Dingo>> {
    catalog::<Dingo>()
        .build(&spec.parse::<AgentSpec>().unwrap())
        .unwrap()
}

#[test]
fn search_agents_play_whole_games() {
    let game = Dingo::new(4, &Params::new()).unwrap();
    let (st, _) = play_with_agents(&game, &SEARCH_AGENTS, |s, _| s.index(), 7);
    assert!(game.outcome(&st).is_some());
}

/// Seats played by agents, each from its own observation (or the state, for `cheat`).
struct Table(Vec<Box<dyn Agent<Dingo>>>);

impl Policy<Dingo> for Table {
    type Error = std::convert::Infallible;

    fn choose<R: Rng>(
        &mut self,
        g: &Dingo,
        st: &DingoState,
        seat: Seat,
        legal: &[DingoAction],
        rng: &mut R,
    ) -> Result<DingoAction, Self::Error> {
        let mut r = ChaCha8Rng::seed_from_u64(rng.random());
        let agent = &mut self.0[seat.index()];
        Ok(if agent.perfect_information() {
            agent.choose_with_state(g, seat, st, legal, &mut r)
        } else {
            agent.choose(g, seat, &g.observe(st, seat), legal, &mut r)
        })
    }

    fn race<R: Rng>(
        &mut self,
        _: &Dingo,
        _: &DingoState,
        _: Seat,
        _: &[DingoAction],
        _: &mut R,
    ) -> Result<(DingoAction, f64), Self::Error> {
        unreachable!("Dingo has no races")
    }
}

/// `a`'s mean win share per deal against the heuristic over `deals` duplicate deals, `a` in
/// seats 0 and 2 and then in seats 1 and 3 of each deal (0.5 is level).
fn duplicate_share(a: impl Fn() -> Box<dyn Agent<Dingo>>, deals: u64) -> f64 {
    let game = Dingo;
    let mut total = 0.0;
    for deal in 0..deals {
        for table in 0..2 {
            let mut rng = ChaCha8Rng::seed_from_u64(deal);
            let mut st = game.deal(&mut rng);
            let mut seats = Table(
                (0..4)
                    .map(|i| {
                        if (i + table) % 2 == 0 {
                            a()
                        } else {
                            build("heuristic")
                        }
                    })
                    .collect(),
            );
            let Ok(_) = driver::play(
                &game,
                &mut st,
                &mut seats,
                &mut Scratch::new(),
                &mut rng,
                1 << 20,
            );
            let outcome = game.outcome(&st).expect("the deal is over");
            total += Seat::all(4)
                .filter(|s| (s.index() + table) % 2 == 0)
                .map(|s| outcome[s].win)
                .sum::<f64>();
        }
    }
    total / (2 * deals) as f64
}

/// Regression (issue #26): with random playouts, which play wolves at random, `ismcts` at
/// its defaults lost clearly to the heuristic (a win share of 0.30 in the `strength`
/// experiment; 0.3625 on these 40 deals). With its default playout now the heuristic it
/// wins 0.5625 of them.
#[test]
fn search_with_its_default_playout_is_level_with_the_heuristic() {
    let share = duplicate_share(|| build("ismcts"), 40);
    assert!(share >= 0.45, "{share}");
}

/// `spec`'s choices beside the heuristic's at the decisions (two or more legal actions) of
/// heuristic self-play from `deals`: (same, decisions).
fn agreement(spec: &str, deals: std::ops::Range<u64>) -> (usize, usize) {
    let game = Dingo;
    let mut agent = build(spec);
    let (mut same, mut all) = (0, 0);
    let mut legal = Vec::new();
    for deal in deals {
        let mut rng = ChaCha8Rng::seed_from_u64(deal);
        let mut st = game.deal(&mut rng);
        while let ToMove::Seat(seat) = game.to_move(&st) {
            game.legal_actions(&st, &mut legal);
            let obs = game.observe(&st, seat);
            let h = DingoHeuristic.choose(&game, seat, &obs, &legal, &mut rng);
            if legal.len() > 1 {
                let a = agent.choose(&game, seat, &obs, &legal, &mut rng);
                same += usize::from(a == h);
                all += 1;
            }
            game.apply(&mut st, h, &mut rng);
        }
    }
    (same, all)
}

/// Regression (issue #26): `pimc` lost to the heuristic at its defaults (0.350 in the
/// `strength` experiment, seed 0): its worlds show every hand, and it departed from the
/// heuristic's choice in most decisions (it kept it in 45 of these 154). Now it keeps the
/// heuristic's choice unless another beats it by two standard errors world by world: 123
/// of 154.
#[test]
fn regression_pimc_keeps_the_heuristics_choice_without_evidence_against_it() {
    let (same, all) = agreement("pimc", 0..4);
    assert_eq!(all, 154);
    assert!(same >= 100, "{same} of {all}");
}
