//! Partnership rewards: a won game is worth a whole win to each partner, on the scale of a
//! hand's value ([`gain_share`]), in the playouts of the real partnership games and in one
//! tree that mixes game ends with hand ends (issue #26).

use super::*;
use crate::RandomAgent;
use cardsim_engine::driver::Scratch;
use cardsim_engine::games::{
    bridge::Bridge, court_piece::CourtPiece, envite::Envite, euchre::Euchre,
    hasenpfeffer::Hasenpfeffer, omi::Omi, trash::Trash, whist::Whist,
};
use cardsim_engine::BySeat;

/// Checks `rewards` of a finished game against its `outcome` by the places alone: a side
/// placed first alone is worth 1 to each of its seats and every other side 0; sides tied
/// first share the win equally; partners' rewards are equal.
fn check_side_rewards<G: Game>(game: &G, outcome: &Outcome, rewards: &BySeat<f64>, what: &str) {
    let n = game.players();
    let first: Vec<usize> = Seat::all(n)
        .filter(|&s| outcome[s].place == 1)
        .map(|s| game.team(s))
        .collect();
    let sides_first = {
        let mut f = first.clone();
        f.sort_unstable();
        f.dedup();
        f.len() as f64
    };
    for s in Seat::all(n) {
        let expected = if first.contains(&game.team(s)) {
            1.0 / sides_first
        } else {
            0.0
        };
        assert!(
            (rewards[s] - expected).abs() < 1e-12,
            "{what}: seat {s} (side {}) got {}, expected {expected}; places {:?}",
            game.team(s),
            rewards[s],
            Seat::all(n).map(|t| outcome[t].place).collect::<Vec<_>>()
        );
    }
}

/// Plays `games` random games of `game` to the end and checks each outcome's
/// [`side_rewards`]; returns how many games some side won alone.
fn random_games<G: Game>(game: &G, games: u64) -> usize {
    let mut legal = Vec::new();
    let mut won = 0;
    for seed in 0..games {
        let mut r = rng(seed);
        let mut state = game.deal(&mut r);
        while let ToMove::Seat(_) = game.to_move(&state) {
            game.legal_actions(&state, &mut legal);
            let a = legal[r.random_range(0..legal.len())];
            game.apply(&mut state, a, &mut r);
        }
        let outcome = game.outcome(&state).expect("the game is over");
        let rewards = side_rewards(game, &outcome);
        check_side_rewards(
            game,
            &outcome,
            &rewards,
            &format!("{} seed {seed}", G::INFO.name),
        );
        // Each side's win share, counted once per side, adds up to the whole win.
        let sides: f64 = Seat::all(game.players())
            .filter(|&s| Seat::all(s.index()).all(|t| game.team(t) != game.team(s)))
            .map(|s| rewards[s])
            .sum();
        assert!((sides - 1.0).abs() < 1e-12, "{}: {sides}", G::INFO.name);
        won += usize::from(rewards.first(game.players()).contains(&1.0));
    }
    won
}

fn params(p: &[&str]) -> Params {
    Params::parse(p).unwrap()
}

/// In every partnership game, a finished game's reward is its side's whole win share: 1 to
/// each winner, 0 to each loser, a drawn game's share to each seat of the sides tied; without
/// partnerships, each seat's own win share.
#[test]
fn a_finished_game_is_worth_its_sides_win_share_to_each_partner() {
    assert!(random_games(&Whist::new(4, &params(&["target=2"])).unwrap(), 20) > 0);
    assert!(random_games(&Euchre::new(4, &params(&["target=3"])).unwrap(), 20) > 0);
    assert!(random_games(&Omi::new(4, &params(&["target=3"])).unwrap(), 20) > 0);
    assert!(random_games(&Hasenpfeffer::new(4, &params(&["target=3"])).unwrap(), 20) > 0);
    // Random play rarely takes a court: most of these games are drawn, the win shared.
    random_games(&CourtPiece::new(4, &params(&["deals=2"])).unwrap(), 20);
    assert!(random_games(&Envite::new(6, &params(&["games=1"])).unwrap(), 20) > 0);
    assert!(random_games(&Bridge::new(4, &params(&["scoring=deal"])).unwrap(), 20) > 0);
    let trash = Trash::new(3, &Params::new()).unwrap();
    for seed in 0..10 {
        let mut r = rng(seed);
        let mut state = trash.deal(&mut r);
        let mut legal = Vec::new();
        while let ToMove::Seat(_) = trash.to_move(&state) {
            trash.legal_actions(&state, &mut legal);
            let a = legal[r.random_range(0..legal.len())];
            trash.apply(&mut state, a, &mut r);
        }
        let o = trash.outcome(&state).unwrap();
        let rewards = side_rewards(&trash, &o);
        assert!(Seat::all(3).all(|s| rewards[s] == o[s].win), "seed {seed}");
    }
}

/// A search's playout that ends the match (one hand to a target of 1) is worth a whole win to
/// each partner of the winning side, not half of one: the old rewards gave the winners 0.5
/// each, the value of a level hand.
#[test]
fn a_playout_that_ends_the_match_is_a_whole_win_to_each_partner() {
    fn check<G: GameAgents>(game: &G, seeds: u64) -> usize {
        let mut rollout = auto_rollout::<G>();
        let mut scratch = Scratch::new();
        let mut ended = 0;
        for seed in 0..seeds {
            let mut r = rng(seed);
            let mut state = game.deal(&mut r);
            let v = rollout.play_out(game, &mut state, &mut scratch, &mut r, None, None);
            // A hand that does not end the match (a void deal, a hand that scores nothing)
            // is valued by the hand's gain instead.
            if let Some(o) = game.outcome(&state) {
                check_side_rewards(game, &o, &v, &format!("{} seed {seed}", G::INFO.name));
                ended += 1;
            }
        }
        ended
    }
    let whist = Whist::new(4, &params(&["target=1"])).unwrap();
    assert_eq!(check(&whist, 20), 20, "a Whist hand always scores a point");
    assert!(check(&Euchre::new(4, &params(&["target=1"])).unwrap(), 20) >= 10);
    assert!(check(&Omi::new(4, &params(&["target=1"])).unwrap(), 20) >= 10);
    assert!(check(&CourtPiece::new(4, &params(&["deals=1"])).unwrap(), 20) >= 10);
}

/// Clinch: four seats in two sides (0 and 2 against 1 and 3). Seat 0 either clinches the match
/// (0: over at once, its side the winner) or plays a good hand (1: its side gains 3 points
/// to none, then seat 1 ends the match by a pick: 0 for seat 0's side, 1 for its own).
#[derive(Clone, Copy, Debug)]
struct Clinch;

#[derive(Clone, Debug, PartialEq)]
struct ClinchState {
    hands: u32,
    score: [f64; 2],
    winner: Option<usize>,
}

impl Game for Clinch {
    type State = ClinchState;
    type Action = Pick;
    type Observation = ClinchState;
    const INFO: GameInfo = GameInfo {
        name: "clinch",
        title: "Clinch",
        min_players: 4,
        max_players: 4,
        default_players: 4,
        params: &[],
        stats: &[],
    };
    fn new(players: usize, _: &Params) -> Result<Self, ConfigError> {
        check_players(&Self::INFO, players)?;
        Ok(Clinch)
    }
    fn players(&self) -> usize {
        4
    }
    fn deal<R: Rng + ?Sized>(&self, _: &mut R) -> ClinchState {
        ClinchState {
            hands: 0,
            score: [0.0; 2],
            winner: None,
        }
    }
    fn to_move(&self, st: &ClinchState) -> ToMove {
        match (st.winner, st.hands) {
            (Some(_), _) => ToMove::Over,
            (None, 0) => ToMove::Seat(S0),
            (None, _) => ToMove::Seat(S1),
        }
    }
    fn legal_actions(&self, st: &ClinchState, out: &mut Vec<Pick>) {
        out.clear();
        if st.winner.is_none() {
            picks(2, out);
        }
    }
    fn apply<R: Rng + ?Sized>(&self, st: &mut ClinchState, a: Pick, _: &mut R) {
        match (st.hands, a.0) {
            (0, 0) => st.winner = Some(0),
            (0, _) => {
                st.hands = 1;
                st.score[0] += 3.0;
            }
            (_, side) => st.winner = Some(usize::from(side)),
        }
    }
    fn observe(&self, st: &ClinchState, _: Seat) -> ClinchState {
        st.clone()
    }
    fn determinize<R: Rng + ?Sized>(&self, obs: &ClinchState, _: &mut R) -> ClinchState {
        obs.clone()
    }
    fn outcome(&self, st: &ClinchState) -> Option<Outcome> {
        let w = st.winner?;
        Some(rank_by_score(
            &[0, 1, 2, 3].map(|s| f64::from(u8::from(s % 2 == w))),
        ))
    }
    fn stats(&self, _: &ClinchState, out: &mut Vec<f64>) {
        out.clear();
    }
    fn team(&self, seat: Seat) -> usize {
        seat.index() % 2
    }
}

impl GameAgents for Clinch {
    fn game_agents() -> Vec<AgentKind<Self>> {
        Vec::new()
    }
}

/// Once the hand is over, the side's gain valued on a scale of 4 points: 0.875 to seat 0's
/// side for its 3 points.
fn clinch_hand_end(game: &Clinch, start: &ClinchState, now: &ClinchState) -> Option<BySeat<f64>> {
    hands_and_scores(
        game,
        start,
        now,
        |s| s.hands,
        |s, seat| s.score[seat.index() % 2],
        4.0,
    )
}

/// In one tree, a move that wins the match outright beats one that plays a good hand: the
/// won match is worth 1 to seat 0, the hand 0.875. With the old rewards the won match was
/// worth seat 0 half a win (0.5), and ISMCTS and UCT both chose the hand.
#[test]
fn the_search_clinches_the_match_rather_than_play_a_good_hand() {
    let game = Clinch;
    let root = game.deal(&mut rng(0));
    let mut legal = Vec::new();
    game.legal_actions(&root, &mut legal);
    let rollout = || Rollout::HandEnd {
        agent: Box::new(RandomAgent),
        value: clinch_hand_end,
        leaf: None,
        margin: None,
    };
    for seed in 0..3 {
        let settings = SearchSettings::default().iterations(300);
        let mut agent = Ismcts::new(settings).with_rollout(rollout());
        let stats = agent.analyse(&game, S0, &root, &legal, &mut rng(seed));
        assert_eq!((stats[0].1, stats[1].1), (1.0, 0.875), "seed {seed}");
        assert_eq!(
            agent.choose(&game, S0, &root, &legal, &mut rng(seed)),
            Pick(0)
        );
        let mut uct = Uct::new(settings).with_rollout(rollout());
        let mut values = Vec::new();
        uct.evaluate(&game, &root, &legal, &mut values, &mut rng(seed));
        assert_eq!(values, [1.0, 0.875], "seed {seed}");
    }
}
