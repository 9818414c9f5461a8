//! Trap: a perfect-information game where one-ply sampling is wrong and tree search is right.

use super::*;

/// Seat 0 picks left (0) or right (1), then seat 1 replies. After left, seat 1 has four
/// replies: three lose for seat 1 and the fourth (3) wins. After right, seat 1 has two
/// replies and either way chance gives seat 0 the win with probability 0.6. Against a best
/// reply, right is worth 0.6 to seat 0 and left 0; against a random reply left looks better
/// (0.75), so only a search that backs up seat 1's own reward finds right.
#[derive(Clone, Copy, Debug)]
pub(super) struct Trap;

#[derive(Clone, Debug, PartialEq)]
pub(super) struct TrapState {
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
