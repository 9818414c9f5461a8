//! Multi-observer ISMCTS: Hide, a game with a secret move, where the trees of MO-ISMCTS keep
//! the guesser from seeing it; and games whose moves are all public, where MO-ISMCTS searches
//! as SO-ISMCTS does.

use super::trap::Trap;
use super::*;
use cardsim_engine::games::whist::Whist;

/// Seat 0 hides a coin in its left (0) or right (1) hand; seat 1, who did not see which,
/// guesses. A right guess wins for seat 1 with probability 3/4, a wrong one for seat 0 with
/// probability 3/4 (the noise keeps two deterministic UCB players from locking into a
/// cycle). Each side's best play wins half the time. The hiding move is secret
/// ([`Game::observe_action`] gives seat 1 `None`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Hide;

#[derive(Clone, Debug, PartialEq)]
pub(super) struct HideState {
    hidden: Option<u8>,
    guess: Option<u8>,
    winner: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq)]
pub(super) struct HideObs {
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
