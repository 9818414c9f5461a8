//! Guess: a hidden-card game whose best fair play is known. Fair searches win only by chance,
//! the cheat always wins, and the honesty check passes its determinizations and catches a
//! leak.

use super::honesty::check_random_games;
use super::*;
use rand::seq::SliceRandom;

/// Three cards 0, 1, 2 are dealt one each to seat 0, seat 1 and nobody. Seat 0 sees only its
/// own card and names a card: it wins if it names seat 1's. Fair play never names its own
/// card and wins half the time; a cheat always wins; random play wins a third.
///
/// With `leak`, the observation carries seat 1's card and `determinize` uses it: a broken
/// game that the honesty check must reject.
#[derive(Clone, Copy, Debug)]
pub(super) struct Guess {
    leak: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub(super) struct GuessState {
    /// Seat 0's card, seat 1's card, the card out of play.
    cards: [u8; 3],
    guess: Option<u8>,
}

#[derive(Clone, Debug, PartialEq)]
pub(super) struct GuessObs {
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
