//! Tests of the search agents: tiny hand-made games with a known best move, honesty of
//! determinizations, reproducibility, the catalog, and Trash.

use super::honesty::{check_random_games, HonestyReport};
use super::*;
use crate::{
    catalog, same_information_same_choice, Agent, AgentError, AgentKind, AgentSpec, GameAgents,
};
use cardsim_engine::driver::Scratch;
use cardsim_engine::games::bridge::Bridge;
use cardsim_engine::games::trash::{Spot, Trash};
use cardsim_engine::games::whist::Whist;
use cardsim_engine::tricks::TrickPlay;
use cardsim_engine::{
    check_players, rank_by_score, Card, CardSet, ConfigError, Game, GameInfo, Outcome, Params,
    Seat, ToMove,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;

const S0: Seat = Seat::new(0);
const S1: Seat = Seat::new(1);

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A tiny game's move: a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Pick(u8);

impl fmt::Display for Pick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pick {}", self.0)
    }
}

fn picks(n: u8, out: &mut Vec<Pick>) {
    out.clear();
    out.extend((0..n).map(Pick));
}

/// The outcome where `winner` wins a two-player game.
fn won_by(winner: Seat) -> Outcome {
    rank_by_score(&if winner == S0 { [1.0, 0.0] } else { [0.0, 1.0] })
}

// ---------------------------------------------------------------------------------------------
// Guess: a hidden-card game whose best fair play is known.
// ---------------------------------------------------------------------------------------------

/// Three cards 0, 1, 2 are dealt one each to seat 0, seat 1 and nobody. Seat 0 sees only its
/// own card and names a card: it wins if it names seat 1's. Fair play never names its own
/// card and wins half the time; a cheat always wins; random play wins a third.
///
/// With `leak`, the observation carries seat 1's card and `determinize` uses it: a broken
/// game that the honesty check must reject.
#[derive(Clone, Copy, Debug)]
struct Guess {
    leak: bool,
}

#[derive(Clone, Debug, PartialEq)]
struct GuessState {
    /// Seat 0's card, seat 1's card, the card out of play.
    cards: [u8; 3],
    guess: Option<u8>,
}

#[derive(Clone, Debug, PartialEq)]
struct GuessObs {
    seat: Seat,
    own: u8,
    guess: Option<u8>,
    leaked: Option<u8>,
}

impl Game for Guess {
    type State = GuessState;
    type Action = Pick;
    type Observation = GuessObs;
    const INFO: GameInfo = GameInfo {
        name: "guess",
        title: "Guess",
        min_players: 2,
        max_players: 2,
        default_players: 2,
        params: &[],
        stats: &[],
    };
    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        check_players(&Self::INFO, players)?;
        params.check_keys(&Self::INFO)?;
        Ok(Guess { leak: false })
    }
    fn players(&self) -> usize {
        2
    }
    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> GuessState {
        let mut cards = [0, 1, 2];
        cards.shuffle(rng);
        GuessState { cards, guess: None }
    }
    fn to_move(&self, st: &GuessState) -> ToMove {
        if st.guess.is_none() {
            ToMove::Seat(S0)
        } else {
            ToMove::Over
        }
    }
    fn legal_actions(&self, st: &GuessState, out: &mut Vec<Pick>) {
        out.clear();
        if st.guess.is_none() {
            picks(3, out);
        }
    }
    fn apply<R: Rng + ?Sized>(&self, st: &mut GuessState, a: Pick, _: &mut R) {
        st.guess = Some(a.0);
    }
    fn observe(&self, st: &GuessState, seat: Seat) -> GuessObs {
        GuessObs {
            seat,
            own: st.cards[seat.index()],
            guess: st.guess,
            leaked: self.leak.then_some(st.cards[1]),
        }
    }
    fn determinize<R: Rng + ?Sized>(&self, obs: &GuessObs, rng: &mut R) -> GuessState {
        let me = obs.seat.index();
        let mut others: Vec<u8> = (0..3).filter(|&c| c != obs.own).collect();
        others.shuffle(rng);
        if let Some(secret) = obs.leaked.filter(|_| me == 0) {
            others.sort_by_key(|&c| c != secret);
        }
        let mut cards = [0; 3];
        cards[me] = obs.own;
        let mut rest = others.into_iter();
        for (i, c) in cards.iter_mut().enumerate() {
            if i != me {
                *c = rest.next().expect("two other cards");
            }
        }
        GuessState {
            cards,
            guess: obs.guess,
        }
    }
    fn outcome(&self, st: &GuessState) -> Option<Outcome> {
        st.guess
            .map(|g| won_by(if g == st.cards[1] { S0 } else { S1 }))
    }
    fn stats(&self, _: &GuessState, out: &mut Vec<f64>) {
        out.clear();
    }
}

impl GameAgents for Guess {
    fn game_agents() -> Vec<AgentKind<Self>> {
        Vec::new()
    }
}

// ---------------------------------------------------------------------------------------------
// Trap: a perfect-information game where one-ply sampling is wrong and tree search is right.
// ---------------------------------------------------------------------------------------------

/// Seat 0 picks left (0) or right (1), then seat 1 replies. After left, seat 1 has four
/// replies: three lose for seat 1 and the fourth (3) wins. After right, seat 1 has two
/// replies and either way chance gives seat 0 the win with probability 0.6. Against a best
/// reply, right is worth 0.6 to seat 0 and left 0; against a random reply left looks better
/// (0.75), so only a search that backs up seat 1's own reward finds right.
#[derive(Clone, Copy, Debug)]
struct Trap;

#[derive(Clone, Debug, PartialEq)]
struct TrapState {
    first: Option<u8>,
    second: Option<u8>,
    winner: Option<Seat>,
}

impl Game for Trap {
    type State = TrapState;
    type Action = Pick;
    type Observation = TrapState;
    const INFO: GameInfo = GameInfo {
        name: "trap",
        title: "Trap",
        min_players: 2,
        max_players: 2,
        default_players: 2,
        params: &[],
        stats: &[],
    };
    fn new(players: usize, _: &Params) -> Result<Self, ConfigError> {
        check_players(&Self::INFO, players)?;
        Ok(Trap)
    }
    fn players(&self) -> usize {
        2
    }
    fn deal<R: Rng + ?Sized>(&self, _: &mut R) -> TrapState {
        TrapState {
            first: None,
            second: None,
            winner: None,
        }
    }
    fn to_move(&self, st: &TrapState) -> ToMove {
        match (st.first, st.winner) {
            (_, Some(_)) => ToMove::Over,
            (None, _) => ToMove::Seat(S0),
            (Some(_), None) => ToMove::Seat(S1),
        }
    }
    fn legal_actions(&self, st: &TrapState, out: &mut Vec<Pick>) {
        out.clear();
        match self.to_move(st) {
            ToMove::Seat(s) if s == S0 => picks(2, out),
            ToMove::Seat(_) => picks(if st.first == Some(0) { 4 } else { 2 }, out),
            _ => {}
        }
    }
    fn apply<R: Rng + ?Sized>(&self, st: &mut TrapState, a: Pick, rng: &mut R) {
        if st.first.is_none() {
            st.first = Some(a.0);
            return;
        }
        st.second = Some(a.0);
        st.winner = Some(match st.first {
            Some(0) if a.0 == 3 => S1,
            Some(0) => S0,
            _ if rng.random_bool(0.6) => S0,
            _ => S1,
        });
    }
    fn observe(&self, st: &TrapState, _: Seat) -> TrapState {
        st.clone()
    }
    fn determinize<R: Rng + ?Sized>(&self, obs: &TrapState, _: &mut R) -> TrapState {
        obs.clone()
    }
    fn outcome(&self, st: &TrapState) -> Option<Outcome> {
        st.winner.map(won_by)
    }
    fn stats(&self, _: &TrapState, out: &mut Vec<f64>) {
        out.clear();
    }
}

impl GameAgents for Trap {
    fn game_agents() -> Vec<AgentKind<Self>> {
        Vec::new()
    }
}

fn build<G: GameAgents>(spec: &str) -> Box<dyn Agent<G>> {
    catalog::<G>()
        .build(&spec.parse::<AgentSpec>().unwrap())
        .unwrap()
}

fn build_err<G: GameAgents>(spec: &str) -> AgentError {
    match catalog::<G>().build(&spec.parse::<AgentSpec>().unwrap()) {
        Ok(a) => panic!("{spec} built {}", a.label()),
        Err(e) => e,
    }
}

/// Plays `games` games of Guess with `agent` in seat 0, handing the true state to agents that
/// declare perfect information (as the simulator does); returns seat 0's wins, and checks
/// that the agent never named its own card unless `may_name_own`.
fn guess_wins(agent: &mut dyn Agent<Guess>, games: u64, may_name_own: bool) -> u64 {
    let game = Guess { leak: false };
    let mut legal = Vec::new();
    let mut wins = 0;
    for seed in 0..games {
        let mut r = rng(seed);
        let mut st = game.deal(&mut r);
        game.legal_actions(&st, &mut legal);
        let a = if agent.perfect_information() {
            agent.choose_with_state(&game, S0, &st, &legal, &mut r)
        } else {
            agent.choose(&game, S0, &game.observe(&st, S0), &legal, &mut r)
        };
        assert!(
            may_name_own || a.0 != st.cards[0],
            "{} named its own card",
            agent.label()
        );
        game.apply(&mut st, a, &mut r);
        wins += (game.outcome(&st).unwrap()[S0].win == 1.0) as u64;
    }
    wins
}

#[test]
fn fair_searches_never_name_their_own_card_and_win_only_by_chance() {
    let games = 400;
    for spec in [
        "ismcts:iters=60",
        "mo-ismcts:iters=60",
        "pimc:worlds=8,iters=10",
    ] {
        let mut agent = build::<Guess>(spec);
        assert!(!agent.perfect_information(), "{spec}");
        let wins = guess_wins(agent.as_mut(), games, false);
        // Fair play wins half: 200 +- 10 sd 10.
        assert!(
            (150..=250).contains(&wins),
            "{spec}: {wins} wins of {games}"
        );
    }
    // Random play names its own card a third of the time and wins a third.
    let wins = guess_wins(&mut crate::RandomAgent, games, true);
    assert!((90..=180).contains(&wins), "random: {wins}");
}

#[test]
fn the_cheat_sees_the_hidden_card_and_always_wins() {
    let mut cheat = build::<Guess>("cheat:iters=30");
    assert!(cheat.perfect_information());
    assert_eq!(guess_wins(cheat.as_mut(), 100, false), 100);
    // Asked from an observation only, it cannot cheat: it plays one sampled world.
    let game = Guess { leak: false };
    let mut legal = Vec::new();
    let mut wins = 0;
    for seed in 0..200 {
        let mut r = rng(seed);
        let st = game.deal(&mut r);
        game.legal_actions(&st, &mut legal);
        let a = cheat.choose(&game, S0, &game.observe(&st, S0), &legal, &mut r);
        assert_ne!(a.0, st.cards[0]);
        wins += u32::from(a.0 == st.cards[1]);
    }
    assert!((70..=130).contains(&wins), "{wins}");
}

#[test]
fn tree_search_finds_the_move_that_survives_the_best_reply() {
    let game = Trap;
    let root = game.deal(&mut rng(0));
    let mut legal = Vec::new();
    game.legal_actions(&root, &mut legal);
    for seed in 0..5 {
        let mut agent = Ismcts::new(SearchSettings::default().iterations(2_000));
        let stats = agent.analyse(&game, S0, &root, &legal, &mut rng(seed));
        let (left, right) = (stats[0], stats[1]);
        assert!(right.0 > left.0, "seed {seed}: {stats:?}");
        assert!(
            (right.1 - 0.6).abs() < 0.06,
            "seed {seed}: right is worth 0.6, got {stats:?}"
        );
        assert_eq!(
            agent.choose(&game, S0, &root, &legal, &mut rng(seed)),
            Pick(1)
        );
        assert_eq!(agent.last_iterations(), 2_000);
        // The tree holds the root, two first moves and at most six replies.
        assert!(agent.last_tree_size() <= 9, "{}", agent.last_tree_size());
        // UCT on the (perfect-information) state agrees.
        let mut uct = Uct::new(SearchSettings::default().iterations(2_000));
        assert_eq!(
            uct.best_action(&game, &root, &legal, &mut rng(seed)),
            Pick(1)
        );
        let mut values = Vec::new();
        uct.evaluate(&game, &root, &legal, &mut values, &mut rng(seed));
        assert!(values[1] > values[0] + 0.2, "{values:?}");
    }
    // Seat 1, after left, finds its only winning reply.
    let mut after_left = root.clone();
    game.apply(&mut after_left, Pick(0), &mut rng(0));
    game.legal_actions(&after_left, &mut legal);
    let mut agent = Ismcts::new(SearchSettings::default().iterations(200));
    assert_eq!(
        agent.choose(&game, S1, &after_left, &legal, &mut rng(1)),
        Pick(3)
    );
    let mut cheat = Cheat::new(Box::new(Uct::new(
        SearchSettings::default().iterations(200),
    )));
    assert_eq!(
        cheat.choose_with_state(&game, S1, &after_left, &legal, &mut rng(1)),
        Pick(3)
    );
}

#[test]
fn pimc_averages_worlds_and_finds_the_forced_move() {
    let game = Trap;
    let root = game.deal(&mut rng(0));
    let mut legal = Vec::new();
    game.legal_actions(&root, &mut legal);
    let solver = Box::new(Uct::new(SearchSettings::default().iterations(500)));
    let mut pimc = Pimc::new(PimcSettings::default().worlds(4), solver);
    let totals = pimc.analyse(&game, &root, &legal, &mut rng(3));
    // Four worlds, each valuing right near 0.6 and left near 0.
    assert!((totals[1] / 4.0 - 0.6).abs() < 0.1, "{totals:?}");
    assert!(totals[0] / 4.0 < 0.3, "{totals:?}");
    assert_eq!(pimc.choose(&game, S0, &root, &legal, &mut rng(3)), Pick(1));
}

#[test]
fn a_search_is_reproducible_from_its_seed() {
    let game = Trash::new(2, &Params::parse(&["layout=4"]).unwrap()).unwrap();
    let mut legal = Vec::new();
    let mut compared = 0;
    let mut differed = 0;
    for seed in 0..40 {
        let mut r = rng(seed);
        let mut st = game.deal(&mut r);
        // Walk to a decision.
        while let ToMove::Seat(seat) = game.to_move(&st) {
            game.legal_actions(&st, &mut legal);
            if compared < 6 && legal.len() > 2 {
                let obs = game.observe(&st, seat);
                let mut a = Ismcts::new(SearchSettings::default().iterations(300));
                let mut b = Ismcts::new(SearchSettings::default().iterations(300));
                let one = a.analyse(&game, seat, &obs, &legal, &mut rng(7));
                // A second search by a used agent gives the same statistics.
                let _ = b.analyse(&game, seat, &obs, &legal, &mut rng(99));
                let two = b.analyse(&game, seat, &obs, &legal, &mut rng(7));
                assert_eq!(one, two, "seed {seed}");
                let other = a.analyse(&game, seat, &obs, &legal, &mut rng(8));
                differed += usize::from(other != one);
                compared += 1;
            }
            let a = legal[r.random_range(0..legal.len())];
            game.apply(&mut st, a, &mut r);
        }
    }
    assert_eq!(compared, 6);
    assert!(
        differed >= 5,
        "another seed must give another search ({differed} of 6 differed)"
    );
}

#[test]
fn searches_choose_the_same_in_states_their_seat_cannot_tell_apart() {
    let game = Trash::new(2, &Params::parse(&["layout=5"]).unwrap()).unwrap();
    for spec in [
        "ismcts:iters=40",
        "mo-ismcts:iters=40",
        "pimc:worlds=3,iters=10",
    ] {
        let mut agent = build::<Trash>(spec);
        let compared = same_information_same_choice(&game, agent.as_mut(), 0..3, 2, 4);
        assert!(compared >= 12, "{spec}: {compared}");
    }
}

#[test]
fn search_agents_play_whole_games_of_trash() {
    for players in [2, 3] {
        let game = Trash::new(players, &Params::parse(&["layout=3"]).unwrap()).unwrap();
        let mut agents: Vec<Box<dyn Agent<Trash>>> = vec![
            build("ismcts:iters=30"),
            build("mo-ismcts:iters=30"),
            build("pimc:worlds=3,iters=10"),
            build("cheat:iters=30"),
        ];
        let mut legal = Vec::new();
        let mut r = rng(players as u64);
        let mut st = game.deal(&mut r);
        let mut decisions = 0;
        while let ToMove::Seat(seat) = game.to_move(&st) {
            game.legal_actions(&st, &mut legal);
            let agent = &mut agents[(seat.index() + decisions) % 4];
            let a = if agent.perfect_information() {
                agent.choose_with_state(&game, seat, &st, &legal, &mut r)
            } else {
                agent.choose(&game, seat, &game.observe(&st, seat), &legal, &mut r)
            };
            assert!(legal.contains(&a));
            game.apply(&mut st, a, &mut r);
            decisions += 1;
        }
        assert!(decisions > 0 && game.outcome(&st).is_some());
    }
}

#[test]
fn a_time_limit_stops_the_search() {
    let game = Trash::new(2, &Params::new()).unwrap();
    let mut r = rng(5);
    let st = game.deal(&mut r);
    let ToMove::Seat(seat) = game.to_move(&st) else {
        return;
    };
    let mut legal = Vec::new();
    game.legal_actions(&st, &mut legal);
    let settings = SearchSettings::default()
        .iterations(u32::MAX)
        .time_limit(Some(std::time::Duration::from_millis(30)));
    let mut agent = Ismcts::new(settings);
    let started = std::time::Instant::now();
    let a = agent.choose(&game, seat, &game.observe(&st, seat), &legal, &mut r);
    assert!(legal.contains(&a));
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    assert!(agent.last_iterations() > 0 && agent.last_iterations() < u32::MAX);
}

#[test]
fn the_catalog_builds_search_agents_from_specs() {
    let cat = catalog::<Trash>();
    let names: Vec<&str> = cat.kinds().iter().map(|k| k.name).collect();
    for name in ["random", "ismcts", "mo-ismcts", "pimc", "cheat"] {
        assert!(names.contains(&name), "{names:?}");
    }
    let cheat = cat.kinds().iter().find(|k| k.name == "cheat").unwrap();
    assert!(cheat.help.starts_with("UNFAIR"), "{}", cheat.help);
    assert_eq!(
        build::<Trash>("ismcts:iters=200,c=1").label(),
        "ismcts:iters=200,c=1,rollout=random"
    );
    assert_eq!(
        build::<Trash>("ismcts:ms=50").label(),
        format!("ismcts:iters={},c=0.7,ms=50,rollout=random", u32::MAX)
    );
    assert_eq!(
        build::<Trash>("pimc").label(),
        "pimc:worlds=20,iters=100,c=0.7,rollout=random"
    );
    assert_eq!(
        build::<Trash>("mo-ismcts:iters=200,c=1").label(),
        "mo-ismcts:iters=200,c=1,rollout=random"
    );
    // `ms` bounds the whole PIMC decision; alone it leaves the worlds unbounded, and the
    // per-world search never sees it.
    assert_eq!(
        build::<Trash>("pimc:ms=30").label(),
        format!(
            "pimc:worlds={},ms=30,iters=100,c=0.7,rollout=random",
            u32::MAX
        )
    );
    assert_eq!(
        build::<Trash>("pimc:worlds=5,ms=30,iters=50").label(),
        "pimc:worlds=5,ms=30,iters=50,c=0.7,rollout=random"
    );
    assert_eq!(
        build::<Trash>("cheat:solver=uct").label(),
        "cheat:iters=1000,c=0.7,rollout=random"
    );
    for bad in [
        "ismcts:iters=0",
        "ismcts:c=-1",
        "ismcts:ms=0",
        "ismcts:rollout=smart",
        "pimc:worlds=0",
        "pimc:ms=0",
        "pimc:ms=soon",
        "mo-ismcts:iters=0",
        "mo-ismcts:ms=0",
        "mo-ismcts:rollout=smart",
        "cheat:solver=dds",
    ] {
        assert!(
            matches!(build_err::<Trash>(bad), AgentError::BadValue { .. }),
            "{bad}"
        );
    }
    for bad in [
        "ismcts:worlds=3",
        "mo-ismcts:worlds=3",
        "mo-ismcts:solver=uct",
    ] {
        assert!(
            matches!(build_err::<Trash>(bad), AgentError::UnknownKey { .. }),
            "{bad}"
        );
    }
    // Trash has no exact solver; a game without a heuristic cannot roll out with one.
    let e = build_err::<Trash>("pimc:solver=exact").to_string();
    assert!(e.contains("no exact solver"), "{e}");
    let e = build_err::<Guess>("ismcts:rollout=heuristic").to_string();
    assert!(e.contains("guess has no heuristic agent"), "{e}");
}

#[test]
fn heuristic_rollouts_use_the_games_own_agent() {
    let cat = catalog::<Trash>();
    if !cat.kinds().iter().any(|k| k.name == "heuristic") {
        // Trash's heuristic is not in the catalog yet: then the spec must be refused.
        assert!(cat
            .build(&"ismcts:rollout=heuristic".parse().unwrap())
            .is_err());
        return;
    }
    let agent = build::<Trash>("ismcts:iters=20,rollout=heuristic");
    assert!(
        agent.label().ends_with("rollout=heuristic"),
        "{}",
        agent.label()
    );
    let game = Trash::new(2, &Params::parse(&["layout=5"]).unwrap()).unwrap();
    let mut agent = agent;
    assert!(same_information_same_choice(&game, agent.as_mut(), 0..3, 1, 3) >= 6);
}

// ---------------------------------------------------------------------------------------------
// Honesty of determinizations.
// ---------------------------------------------------------------------------------------------

fn guess_places(st: &GuessState, out: &mut Vec<u32>) {
    out.clear();
    out.extend(st.cards.iter().map(|&c| c as u32));
}

/// Seat `s` knows its own card; each other place holds one of the two others, evenly.
fn guess_belief(obs: &GuessObs, place: usize, value: u32) -> f64 {
    if place == obs.seat.index() {
        f64::from(value == obs.own as u32)
    } else if value == obs.own as u32 {
        0.0
    } else {
        0.5
    }
}

#[test]
fn honest_determinizations_pass_and_a_leak_is_caught() {
    let report = check_random_games(
        &Guess { leak: false },
        0..30,
        1,
        200,
        guess_places,
        guess_belief,
    )
    .unwrap();
    assert_eq!(report.positions, 60);
    assert!(report.truth_bias().abs() < 5.0);
    // A game whose determinization puts seat 1's true card back where it was.
    let e = check_random_games(
        &Guess { leak: true },
        0..30,
        1,
        200,
        guess_places,
        guess_belief,
    )
    .unwrap_err();
    assert!(e.contains("favoured") || e.contains("do not follow"), "{e}");
    // A belief that is wrong about what the seat can know is caught too.
    let wrong = |obs: &GuessObs, place: usize, value: u32| {
        if place == obs.seat.index() {
            f64::from(value == obs.own as u32)
        } else {
            1.0 / 3.0
        }
    };
    assert!(check_random_games(&Guess { leak: false }, 0..5, 1, 200, guess_places, wrong).is_err());
}

fn trash_places(st: &<Trash as Game>::State, out: &mut Vec<u32>) {
    out.clear();
    for s in Seat::all(cardsim_engine::MAX_SEATS) {
        let l = st.layout(s);
        out.extend((1..=l.size()).map(|k| l.card(k).index() as u32));
    }
    out.extend(st.stock().iter().map(|c| c.index() as u32));
}

/// A face-up spot shows its card; a face-down spot or stock position holds a uniform draw
/// from the cards nobody can see (the decks less every visible card).
fn trash_belief(game: &Trash) -> impl Fn(&<Trash as Game>::Observation, usize, u32) -> f64 + '_ {
    move |obs, place, value| {
        let mut i = place;
        for s in Seat::all(cardsim_engine::MAX_SEATS) {
            let l = &obs.layouts[s];
            if i < l.size as usize {
                if let Spot::Natural(c) | Spot::Jack(c) = l.spot(i as u8 + 1) {
                    return f64::from(c.index() as u32 == value);
                }
                break;
            }
            i -= l.size as usize;
        }
        let unseen = game
            .cards()
            .checked_sub(obs.visible())
            .expect("visible cards are in the decks");
        unseen.count(Card::from_index(value as u8)) as f64 / unseen.len() as f64
    }
}

#[test]
fn trash_determinizations_are_honest() {
    for (players, seeds, every, samples) in [(2, 0..3, 25, 400), (3, 3..4, 60, 300)] {
        let game = Trash::new(players, &Params::new()).unwrap();
        let report: HonestyReport = check_random_games(
            &game,
            seeds,
            every,
            samples,
            trash_places,
            trash_belief(&game),
        )
        .unwrap();
        assert!(report.positions >= 6, "{report:?}");
        assert!(report.places_tested > 100, "{report:?}");
        assert!(
            report.truth_bias().abs() < 5.0 && report.worst_chi_square < 5.0,
            "{report:?}"
        );
    }
}

/// The brief's own form of the check: at a face-down Trash spot, the sampled card equals the
/// true card as often as that card's share of the unseen cards predicts.
#[test]
fn a_face_down_trash_spot_matches_the_truth_only_by_its_share_of_the_unseen_cards() {
    let game = Trash::new(2, &Params::new()).unwrap();
    let mut r = rng(21);
    let st = game.deal(&mut r);
    let obs = game.observe(&st, S0);
    let unseen = game.cards().checked_sub(obs.visible()).unwrap();
    let k = (1..=10u8)
        .find(|&k| st.layout(S1).spot(k) == Spot::FaceDown)
        .unwrap();
    let truth = st.layout(S1).card(k);
    let p = unseen.count(truth) as f64 / unseen.len() as f64;
    let n = 20_000;
    let mut sample_rng = rng(22);
    let hits = (0..n)
        .filter(|_| game.determinize(&obs, &mut sample_rng).layout(S1).card(k) == truth)
        .count();
    let sd = (n as f64 * p * (1.0 - p)).sqrt();
    assert!(
        (hits as f64 - n as f64 * p).abs() < 4.0 * sd,
        "{hits} hits, {:.0} expected",
        n as f64 * p
    );
}

#[test]
fn random_rollouts_are_cut_short_only_past_the_limit() {
    // A Trash playout ends on its own, with one winner.
    let game = Trash::new(2, &Params::parse(&["layout=2"]).unwrap()).unwrap();
    let mut st = game.deal(&mut rng(1));
    let mut scratch = Scratch::new();
    let rewards = Rollout::Random.play_out(&game, &mut st, &mut scratch, &mut rng(2));
    assert_eq!(rewards[S0] + rewards[S1], 1.0);
    assert!(rewards[S0] == 1.0 || rewards[S1] == 1.0);
}

// ---------------------------------------------------------------------------------------------
// PIMC's time limit.
// ---------------------------------------------------------------------------------------------

#[test]
fn a_time_limit_stops_pimc_after_at_least_one_world() {
    let game = Trash::new(2, &Params::new()).unwrap();
    let mut r = rng(5);
    let st = game.deal(&mut r);
    let ToMove::Seat(seat) = game.to_move(&st) else {
        panic!("a fresh deal has a seat to move");
    };
    let mut legal = Vec::new();
    game.legal_actions(&st, &mut legal);
    let obs = game.observe(&st, seat);
    let timed = |ms: u64, iters: u32| {
        let solver = Box::new(Uct::new(SearchSettings::default().iterations(iters)));
        let settings = PimcSettings::default()
            .worlds(u32::MAX)
            .time_limit(Some(std::time::Duration::from_millis(ms)));
        Pimc::new(settings, solver)
    };
    // Unlimited worlds: the clock stops the search.
    let mut agent = timed(30, 20);
    let started = std::time::Instant::now();
    let a = agent.choose(&game, seat, &obs, &legal, &mut r);
    assert!(legal.contains(&a));
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    assert!(agent.last_worlds() > 1 && agent.last_worlds() < u32::MAX);
    // One world takes far longer than the limit: exactly one is searched.
    let mut agent = timed(1, 3_000);
    let totals = agent.analyse(&game, &obs, &legal, &mut r);
    assert_eq!(agent.last_worlds(), 1);
    assert!(totals.iter().all(|t| (0.0..=1.0).contains(t)), "{totals:?}");
    // Without a limit every world is searched, and the catalog's `ms` reaches PIMC.
    let mut agent = Pimc::new(
        PimcSettings::default().worlds(3),
        Box::new(Uct::new(SearchSettings::default().iterations(5))),
    );
    agent.choose(&game, seat, &obs, &legal, &mut r);
    assert_eq!(agent.last_worlds(), 3);
    let mut built = build::<Trash>("pimc:ms=20,iters=20");
    let started = std::time::Instant::now();
    assert!(legal.contains(&built.choose(&game, seat, &obs, &legal, &mut r)));
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
}

// ---------------------------------------------------------------------------------------------
// Multi-observer ISMCTS.
// ---------------------------------------------------------------------------------------------

/// Seat 0 hides a coin in its left (0) or right (1) hand; seat 1, who did not see which,
/// guesses. A right guess wins for seat 1 with probability 3/4, a wrong one for seat 0 with
/// probability 3/4 (the noise keeps two deterministic UCB players from locking into a
/// cycle). Each side's best play wins half the time. The hiding move is secret
/// ([`Game::observe_action`] gives seat 1 `None`).
#[derive(Clone, Copy, Debug)]
struct Hide;

#[derive(Clone, Debug, PartialEq)]
struct HideState {
    hidden: Option<u8>,
    guess: Option<u8>,
    winner: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq)]
struct HideObs {
    seat: Seat,
    /// Seat 0's own pick; `None` for seat 1.
    own: Option<u8>,
    moved: bool,
    guess: Option<u8>,
}

impl Game for Hide {
    type State = HideState;
    type Action = Pick;
    type Observation = HideObs;
    const INFO: GameInfo = GameInfo {
        name: "hide",
        title: "Hide",
        min_players: 2,
        max_players: 2,
        default_players: 2,
        params: &[],
        stats: &[],
    };
    fn new(players: usize, _: &Params) -> Result<Self, ConfigError> {
        check_players(&Self::INFO, players)?;
        Ok(Hide)
    }
    fn players(&self) -> usize {
        2
    }
    fn deal<R: Rng + ?Sized>(&self, _: &mut R) -> HideState {
        HideState {
            hidden: None,
            guess: None,
            winner: None,
        }
    }
    fn to_move(&self, st: &HideState) -> ToMove {
        match (st.hidden, st.guess) {
            (None, _) => ToMove::Seat(S0),
            (Some(_), None) => ToMove::Seat(S1),
            _ => ToMove::Over,
        }
    }
    fn legal_actions(&self, st: &HideState, out: &mut Vec<Pick>) {
        out.clear();
        if st.guess.is_none() {
            picks(2, out);
        }
    }
    fn apply<R: Rng + ?Sized>(&self, st: &mut HideState, a: Pick, rng: &mut R) {
        if st.hidden.is_none() {
            st.hidden = Some(a.0);
            return;
        }
        st.guess = Some(a.0);
        let caught = st.hidden == Some(a.0);
        st.winner = Some(if caught == rng.random_bool(0.75) {
            S1
        } else {
            S0
        });
    }
    fn observe(&self, st: &HideState, seat: Seat) -> HideObs {
        HideObs {
            seat,
            own: st.hidden.filter(|_| seat == S0),
            moved: st.hidden.is_some(),
            guess: st.guess,
        }
    }
    fn determinize<R: Rng + ?Sized>(&self, obs: &HideObs, rng: &mut R) -> HideState {
        let hidden = match (obs.own, obs.moved) {
            (Some(h), _) => Some(h),
            (None, true) => Some(rng.random_range(0..2)),
            (None, false) => None,
        };
        HideState {
            hidden,
            guess: obs.guess,
            winner: None,
        }
    }
    fn observe_action(&self, st: &HideState, a: Pick, _viewer: Seat) -> Option<Pick> {
        // Only the guess is public.
        st.hidden.map(|_| a)
    }
    fn outcome(&self, st: &HideState) -> Option<Outcome> {
        st.winner.map(won_by)
    }
    fn stats(&self, _: &HideState, out: &mut Vec<f64>) {
        out.clear();
    }
}

impl GameAgents for Hide {
    fn game_agents() -> Vec<AgentKind<Self>> {
        Vec::new()
    }
}

/// The textbook difference: SO-ISMCTS lets the guesser's nodes branch on the secret move, so
/// the hider believes it is always caught; in MO-ISMCTS the guesser's tree cannot tell the
/// hider's moves apart, and the hider values both hands near one half.
#[test]
fn multi_observer_trees_do_not_let_opponents_see_secret_moves() {
    let game = Hide;
    let root = game.deal(&mut rng(0));
    let obs = game.observe(&root, S0);
    let mut legal = Vec::new();
    game.legal_actions(&root, &mut legal);
    for seed in 0..4 {
        let settings = SearchSettings::default().iterations(3_000);
        let so = Ismcts::new(settings).analyse(&game, S0, &obs, &legal, &mut rng(seed));
        assert!(so.iter().all(|&(_, mean)| mean < 0.35), "SO: {so:?}");
        let mut mo = Ismcts::multi_observer(settings);
        let stats = mo.analyse(&game, S0, &obs, &legal, &mut rng(seed));
        assert_eq!(stats.iter().map(|s| s.0).sum::<u32>(), 3_000);
        assert!(
            stats.iter().all(|&(_, mean)| (0.4..=0.6).contains(&mean)),
            "MO: {stats:?}"
        );
        // One tree per seat: the guesser's tree holds one node for the hidden move.
        assert!(
            mo.last_tree_size() <= 2 * (1 + 2 + 4),
            "{}",
            mo.last_tree_size()
        );
    }
}

#[test]
fn mo_ismcts_is_reproducible_and_agrees_with_ismcts_where_moves_are_public() {
    let game = Trap;
    let root = game.deal(&mut rng(0));
    let mut legal = Vec::new();
    game.legal_actions(&root, &mut legal);
    // Trap uses the default `observe_action`: every move of the other seat is hidden from
    // the tree of the seat that did not make it, yet the deciding seat still finds the move
    // that survives the best reply, which its opponent finds in its own tree.
    let mut mo = Ismcts::multi_observer(SearchSettings::default().iterations(2_000));
    for seed in 0..3 {
        let a = mo.analyse(&game, S0, &root, &legal, &mut rng(seed));
        let b = mo.analyse(&game, S0, &root, &legal, &mut rng(seed));
        assert_eq!(a, b, "the same seed gives the same search");
        assert!(a[1].0 > a[0].0, "seed {seed}: {a:?}");
        assert_eq!(mo.choose(&game, S0, &root, &legal, &mut rng(seed)), Pick(1));
    }
    // Whist declares every move public: the trees of all four seats branch alike.
    let whist = Whist::new(4, &Params::parse(&["target=1"]).unwrap()).unwrap();
    let mut r = rng(9);
    let st = whist.deal(&mut r);
    let ToMove::Seat(seat) = whist.to_move(&st) else {
        panic!("a fresh deal has a seat to move");
    };
    let mut legal = Vec::new();
    whist.legal_actions(&st, &mut legal);
    let obs = whist.observe(&st, seat);
    let mut mo = Ismcts::multi_observer(SearchSettings::default().iterations(300));
    let mut so = Ismcts::new(SearchSettings::default().iterations(300));
    let m = mo.analyse(&whist, seat, &obs, &legal, &mut rng(4));
    let s = so.analyse(&whist, seat, &obs, &legal, &mut rng(4));
    assert_eq!(
        m, s,
        "with public moves MO-ISMCTS searches as SO-ISMCTS does"
    );
    assert_eq!(mo.last_tree_size(), 4 * so.last_tree_size());
}

/// Plays `deals` one-hand Whist games, `agent` for one partnership (team 0 on even deals, team
/// 1 on odd ones) and random play for the other; returns the hands the agent's side won.
fn whist_wins_against_random(agent: &mut dyn Agent<Whist>, deals: u64) -> u64 {
    let game = Whist::new(4, &Params::parse(&["target=1"]).unwrap()).unwrap();
    let mut legal = Vec::new();
    let mut wins = 0;
    for deal in 0..deals {
        let ours = (deal % 2) as usize;
        let mut r = rng(1_000 + deal);
        let mut st = game.deal(&mut r);
        while let ToMove::Seat(seat) = game.to_move(&st) {
            game.legal_actions(&st, &mut legal);
            let a = if seat.index() % 2 == ours {
                agent.choose(&game, seat, &game.observe(&st, seat), &legal, &mut r)
            } else {
                legal[r.random_range(0..legal.len())]
            };
            assert!(legal.contains(&a));
            game.apply(&mut st, a, &mut r);
        }
        let outcome = game.outcome(&st).unwrap();
        wins += u64::from(outcome[Seat::new(ours)].win > 0.0);
    }
    wins
}

#[test]
fn mo_ismcts_beats_random_at_whist() {
    let deals = 60;
    let mut agent = build::<Whist>("mo-ismcts:iters=150");
    let wins = whist_wins_against_random(agent.as_mut(), deals);
    // A random side would win about half (30 +- 3.9); 40 is 2.6 standard deviations above
    // that. At this budget MO-ISMCTS wins about 78% (78 of 100 deals in a longer run).
    assert!(wins >= 40, "mo-ismcts won {wins} of {deals} hands");
}

// ---------------------------------------------------------------------------------------------
// Honesty of Whist determinizations (the trick-taking sampler, voids binding).
// ---------------------------------------------------------------------------------------------

/// Whist places: for every card of the deck in order, the seat holding it, or 4 once played.
fn whist_places(st: &<Whist as Game>::State, out: &mut Vec<u32>) {
    out.clear();
    for c in CardSet::FULL_DECK {
        let holder = Seat::all(4).find(|&s| st.play().hand(s).contains(c));
        out.push(holder.map_or(4, |s| s.index() as u32));
    }
}

/// The exact chance of each card being in each seat's hand (index 4: played) given only
/// the public play record and the hands of the seats in `visible`: every deal of the unseen
/// cards equally likely that gives each hidden hand its size, respects its shown voids and
/// `allowed(card, seat)`. Counted card by card (forward and backward counts over the hidden
/// hands' filled sizes): a method independent of the sampler's, which deals class by class.
fn trick_marginals(
    play: &TrickPlay,
    visible: &[Seat],
    allowed: impl Fn(Card, Seat) -> bool,
) -> Vec<[f64; 5]> {
    let played = play.record().played();
    let hidden: Vec<Seat> = Seat::all(4).filter(|s| !visible.contains(s)).collect();
    let h = hidden.len();
    let len: Vec<usize> = hidden.iter().map(|&s| play.hand_len(s)).collect();
    let mut radix = vec![1usize; h];
    for k in 1..h {
        radix[k] = radix[k - 1] * (len[k - 1] + 1);
    }
    let states = radix[h - 1] * (len[h - 1] + 1);
    let digit = |r: usize, k: usize| r / radix[k] % (len[k] + 1);
    let full: usize = (0..h).map(|k| len[k] * radix[k]).sum();
    let seen: CardSet = visible
        .iter()
        .map(|&s| play.hand(s))
        .fold(played, |a, b| a | b);
    let unseen: Vec<Card> = (CardSet::FULL_DECK - seen).iter().collect();
    let ok = |c: Card, k: usize| {
        let s = hidden[k];
        !play.record().excluded(s).contains(c) && allowed(c, s)
    };
    let n = unseen.len();
    let mut fwd = vec![vec![0.0f64; states]; n + 1];
    let mut bwd = vec![vec![0.0f64; states]; n + 1];
    fwd[0][0] = 1.0;
    for (i, &c) in unseen.iter().enumerate() {
        for r in 0..states {
            if fwd[i][r] > 0.0 {
                for k in (0..h).filter(|&k| ok(c, k) && digit(r, k) < len[k]) {
                    fwd[i + 1][r + radix[k]] += fwd[i][r];
                }
            }
        }
    }
    bwd[n][full] = 1.0;
    for (i, &c) in unseen.iter().enumerate().rev() {
        for r in 0..states {
            bwd[i][r] = (0..h)
                .filter(|&k| ok(c, k) && digit(r, k) < len[k])
                .map(|k| bwd[i + 1][r + radix[k]])
                .sum();
        }
    }
    let total = fwd[n][full];
    assert!(
        total > 0.0,
        "an observation of a real game has a consistent deal"
    );
    let mut out = vec![[0.0; 5]; 52];
    for (place, c) in CardSet::FULL_DECK.iter().enumerate() {
        if played.contains(c) {
            out[place][4] = 1.0;
        } else if let Some(&s) = visible.iter().find(|&&s| play.hand(s).contains(c)) {
            out[place][s.index()] = 1.0;
        } else {
            let i = unseen.iter().position(|&u| u == c).expect("an unseen card");
            for k in (0..h).filter(|&k| ok(c, k)) {
                let ways: f64 = (0..states)
                    .filter(|&r| digit(r, k) < len[k])
                    .map(|r| fwd[i][r] * bwd[i + 1][r + radix[k]])
                    .sum();
                out[place][hidden[k].index()] = ways / total;
            }
        }
    }
    out
}

/// [`trick_marginals`] for a Whist seat: its own hand visible, and the turned-up trump card
/// with the dealer until played.
fn whist_marginals(obs: &<Whist as Game>::Observation) -> Vec<[f64; 5]> {
    let played = obs.play.record().played();
    let trump_known = obs.seat != obs.dealer && !played.contains(obs.trump_card);
    trick_marginals(&obs.play, &[obs.seat], |c, s| {
        !(trump_known && c == obs.trump_card && s != obs.dealer)
    })
}

/// Counts how often the honesty check's positions had voids shown, and caches the
/// marginals of the last observation (the check asks for every place of one observation in
/// a row).
struct MarginalCache<O> {
    last: std::cell::RefCell<Option<(O, Vec<[f64; 5]>)>>,
    voids: std::cell::Cell<usize>,
}

impl<O: Clone + PartialEq> MarginalCache<O> {
    fn new() -> Self {
        MarginalCache {
            last: std::cell::RefCell::new(None),
            voids: std::cell::Cell::new(0),
        }
    }

    fn belief(
        &self,
        obs: &O,
        play: &TrickPlay,
        seat: Seat,
        place: usize,
        value: u32,
        marginals: impl Fn(&O) -> Vec<[f64; 5]>,
    ) -> f64 {
        let mut last = self.last.borrow_mut();
        if last.as_ref().is_none_or(|(o, _)| o != obs) {
            let shown = Seat::all(4)
                .filter(|&s| s != seat && !play.record().excluded(s).is_empty())
                .count();
            self.voids.set(self.voids.get() + shown);
            *last = Some((obs.clone(), marginals(obs)));
        }
        last.as_ref().expect("just filled").1[place][value as usize]
    }
}

#[test]
fn whist_determinizations_are_honest_with_voids() {
    let game = Whist::new(4, &Params::parse(&["target=1"]).unwrap()).unwrap();
    let cache = MarginalCache::new();
    let belief = |obs: &<Whist as Game>::Observation, place: usize, value: u32| {
        cache.belief(obs, &obs.play, obs.seat, place, value, whist_marginals)
    };
    let report = check_random_games(&game, 0..3, 7, 400, whist_places, belief).unwrap();
    assert!(report.positions >= 60, "{report:?}");
    assert!(report.places_tested > 1_000, "{report:?}");
    let voids = cache.voids.get();
    assert!(voids > 20, "voids must bind in many positions: {voids}");
    assert!(
        report.truth_bias().abs() < 5.0 && report.worst_chi_square < 5.0,
        "{report:?}"
    );
}

/// Bridge places: for every card of the deck in order, the seat holding it, or 4 once played.
fn bridge_places(st: &<Bridge as Game>::State, out: &mut Vec<u32>) {
    out.clear();
    for c in CardSet::FULL_DECK {
        let holder = Seat::all(4).find(|&s| st.play().hand(s).contains(c));
        out.push(holder.map_or(4, |s| s.index() as u32));
    }
}

/// A Bridge seat sees its own hand and, from the opening lead on, dummy's; the auction shows
/// no cards.
#[test]
fn bridge_determinizations_are_honest_with_dummy_and_voids() {
    let game = Bridge::new(4, &Params::parse(&["scoring=deal"]).unwrap()).unwrap();
    let cache = MarginalCache::new();
    let with_dummy = std::cell::Cell::new(0);
    let belief = |obs: &<Bridge as Game>::Observation, place: usize, value: u32| {
        cache.belief(obs, &obs.play, obs.seat, place, value, |o| {
            let mut visible = vec![o.seat];
            if let Some((d, _)) = o.dummy {
                if d != o.seat {
                    visible.push(d);
                }
                with_dummy.set(with_dummy.get() + 1);
            }
            trick_marginals(&o.play, &visible, |_, _| true)
        })
    };
    let report = check_random_games(&game, 0..4, 6, 300, bridge_places, belief).unwrap();
    assert!(report.positions >= 60, "{report:?}");
    assert!(
        with_dummy.get() > 20,
        "dummy must be exposed in many positions"
    );
    assert!(cache.voids.get() > 10, "voids: {}", cache.voids.get());
    assert!(
        report.truth_bias().abs() < 5.0 && report.worst_chi_square < 5.0,
        "{report:?}"
    );
}

/// Seahaven Towers deals every card face up: a determinization is the position itself.
#[test]
fn seahaven_determinizations_are_the_position_itself() {
    use cardsim_engine::games::seahaven::Seahaven;
    let game = Seahaven::new(1, &Params::new()).unwrap();
    // Places: the board's text, character by character.
    let places = |st: &<Seahaven as Game>::State, out: &mut Vec<u32>| {
        out.clear();
        out.extend(st.board.to_string().bytes().map(u32::from));
    };
    // Belief: what the seat sees is the whole board, so each place holds what it shows.
    let belief = |obs: &<Seahaven as Game>::State, place: usize, value: u32| {
        let mut shown = Vec::new();
        places(obs, &mut shown);
        f64::from(shown.get(place) == Some(&value))
    };
    let report = check_random_games(&game, 0..10, 2, 20, places, belief).unwrap();
    assert!(report.positions > 10, "{report:?}");
    assert_eq!(report.hidden_checks, 0, "nothing is hidden");
}
