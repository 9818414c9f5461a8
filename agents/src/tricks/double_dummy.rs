//! The double-dummy solver ([`crate::tricks::dds`]) as the perfect-information search of `pimc` and
//! `cheat` in any trick-taking game of the shared core: [`DoubleDummy`], for every game that
//! implements the engine's [`TrickTaking`] view.
//!
//! In a sampled world (or the true state, for `cheat`) it values each legal card by the
//! tricks the card player's side takes from here on with every hand visible. Tricks already
//! won are the same for every card, so the values add up across worlds as `pimc` needs.
//! Outside card play (an auction) it hands over to a fallback search, perfect-information
//! UCT by default. Positions past the lane solver's limits (more than four seats, a card order
//! with a fifth suit) go to [`GeneralSolver`](crate::tricks::dds::general::GeneralSolver).

use crate::search::{PerfectInfoSolver, SearchSettings, Uct};
use crate::tricks::dds::general::GeneralSolver;
use crate::tricks::dds::{Position, Solver};
use crate::GameAgents;
use cardsim_engine::tricks::TrickTaking;
use cardsim_engine::{CardSet, Game, Seat, MAX_SEATS};
use rand::RngCore;

/// [`PerfectInfoSolver`] by double-dummy analysis: each legal card is worth the tricks its
/// side takes from here on, everything visible. Its one [`Solver`] (and transposition table)
/// is reused from decision to decision while the deal goes on, and cleared for a new deal
/// (another world of `pimc`).
pub struct DoubleDummy<G: Game> {
    solver: Solver,
    /// [`DoubleDummy::with_node_limit`]'s limit.
    limit: Option<u64>,
    /// The hands of the last position solved.
    last: [CardSet; MAX_SEATS],
    /// For positions past the lane solver's limits: more than four seats, a fifth suit.
    general: GeneralSolver,
    fallback: Box<dyn PerfectInfoSolver<G>>,
}

impl<G: GameAgents> DoubleDummy<G> {
    /// The solver, with perfect-information UCT at the default settings (1,000 iterations,
    /// the game's default playout: [`Uct::with_auto_rollout`]) outside card play.
    pub fn new() -> Self {
        DoubleDummy {
            solver: Solver::new(),
            limit: None,
            last: [CardSet::EMPTY; MAX_SEATS],
            general: GeneralSolver::new(),
            fallback: Box::new(Uct::with_auto_rollout(SearchSettings::default())),
        }
    }
}

impl<G: Game> DoubleDummy<G> {
    /// This solver with the lane solver's node limit ([`Solver::with_node_limit`]): a
    /// position whose exact search passes `nodes` search nodes is valued by a depth-limited
    /// search instead, so that a decision costs at most about `2 * nodes` nodes. For the games
    /// whose exact search can run for minutes (Orgy's equal court cards).
    pub fn with_node_limit(mut self, nodes: u64) -> Self {
        self.limit = Some(nodes);
        self
    }

    /// Decisions whose exact search passed the node limit (valued by a depth-limited search).
    pub fn depth_limited(&self) -> u64 {
        self.solver.depth_limited()
    }

    /// Nodes the lane solver has searched so far, over every position it was given (a
    /// measure of work that does not depend on the machine).
    pub fn nodes(&self) -> u64 {
        self.solver.nodes()
    }
}

impl<G: GameAgents> Default for DoubleDummy<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: TrickTaking> DoubleDummy<G> {
    /// [`PerfectInfoSolver::evaluate`], the lane solver's exact search limited to `exact`
    /// nodes (then deepened within `deepen` more, or given up with `None`: `false`, `values`
    /// unset).
    #[allow(clippy::too_many_arguments)]
    fn values(
        &mut self,
        game: &G,
        state: &G::State,
        legal: &[G::Action],
        values: &mut Vec<f64>,
        rng: &mut dyn RngCore,
        exact: u64,
        deepen: Option<u64>,
    ) -> bool {
        let Some(play) = game.trick_play(state) else {
            self.fallback.evaluate(game, state, legal, values, rng);
            return true;
        };
        let plays = if play.players() > 4 || !play.order().lone_trumps().is_empty() {
            // Past the lane solver's limits: the general solver, same values.
            let teams = game.teams();
            let mut side = cardsim_engine::SeatMask::default();
            for s in teams.members(teams.team(play.to_play()), play.players()) {
                side.0 |= 1 << s.index();
            }
            self.general.solve_plays(play, side)
        } else {
            // A position whose hands are not what is left of the last one's is another deal.
            // Its entries rarely serve the new deal, and they fill the per-distribution lists
            // that every probe scans: with 20 worlds a decision, the solves of a Court Piece
            // game grew about as the square of the worlds (issue #26).
            let mut same_deal = true;
            for (i, last) in self.last.iter_mut().enumerate().take(play.players()) {
                let hand = play.hand(Seat::new(i));
                same_deal &= hand.is_subset(*last);
                *last = hand;
            }
            if !same_deal {
                self.solver.clear();
            }
            let position = Position::from_play(play, &game.teams());
            let plays = self
                .solver
                .solve_plays_within(&position, exact, deepen)
                .expect("a position reached in play is solvable");
            match plays {
                Some(plays) => plays,
                None => return false,
            }
        };
        values.clear();
        values.extend(legal.iter().map(|&a| {
            let card = G::card(a);
            plays
                .iter()
                .find(|&&(c, _)| Some(c) == card)
                .map_or(0.0, |&(_, t)| t as f64)
        }));
        true
    }
}

impl<G: TrickTaking> PerfectInfoSolver<G> for DoubleDummy<G> {
    fn evaluate(
        &mut self,
        game: &G,
        state: &G::State,
        legal: &[G::Action],
        values: &mut Vec<f64>,
        rng: &mut dyn RngCore,
    ) {
        let limit = self.limit.unwrap_or(u64::MAX);
        let answered = self.values(game, state, legal, values, rng, limit, Some(limit));
        debug_assert!(answered, "a search that may deepen gives values");
    }

    fn label(&self) -> String {
        "solver=exact".into()
    }

    /// The lane solver's nodes ([`DoubleDummy::nodes`]); positions given to the general
    /// solver (more than four seats, a fifth suit) are not counted.
    fn nodes(&self) -> Option<u64> {
        Some(self.solver.nodes())
    }

    /// Within `nodes`: with `must`, an exact search of up to three quarters of them, then
    /// the depth-limited search within the rest; without, an exact search of up to `nodes`,
    /// given up past them. A node limit of its own ([`DoubleDummy::with_node_limit`]) still
    /// bounds each part.
    fn evaluate_within(
        &mut self,
        game: &G,
        state: &G::State,
        legal: &[G::Action],
        values: &mut Vec<f64>,
        rng: &mut dyn RngCore,
        nodes: u64,
        must: bool,
    ) -> bool {
        let own = self.limit.unwrap_or(u64::MAX);
        let share = if must { nodes - nodes / 4 } else { nodes };
        let exact = share.min(own);
        let deepen = (must || exact < nodes).then(|| (nodes - exact).min(own));
        self.values(game, state, legal, values, rng, exact, deepen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::whist::Whist;
    use cardsim_engine::{Params, ToMove};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Tricks `team` ends the hand with, by plain minimax through the game's own rules.
    fn minimax(game: &Whist, state: &<Whist as Game>::State, team: usize) -> usize {
        let teams = Whist::teams();
        if state.play().is_over() {
            return state.play().team_tricks(&teams, team);
        }
        let ToMove::Seat(seat) = game.to_move(state) else {
            panic!("the hand ended without the play being over")
        };
        let mut legal = Vec::new();
        game.legal_actions(state, &mut legal);
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let values = legal.iter().map(|&a| {
            let mut s = state.clone();
            game.apply(&mut s, a, &mut rng);
            minimax(game, &s, team)
        });
        if teams.team(seat) == team {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    /// Regression (issue #26, `pimc`'s cost growing faster than its worlds): each sampled
    /// world of a decision costs the solver exactly the nodes it costs a fresh solver, so a
    /// decision's work is the sum of its worlds' and grows linearly with them. While the
    /// table kept the entries of earlier worlds (other deals), every probe scanned them.
    #[test]
    fn each_world_costs_what_a_fresh_solver_costs() {
        let game = Whist::new(4, &Params::parse(&["target=1"]).unwrap()).unwrap();
        let mut reused = DoubleDummy::<Whist>::new();
        let mut legal = Vec::new();
        let (mut values, mut fresh_values) = (Vec::new(), Vec::new());
        for seed in 0..3 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut state = game.deal(&mut rng);
            for _ in 0..9 {
                game.legal_actions(&state, &mut legal);
                let a = legal[(rng.next_u32() as usize) % legal.len()];
                game.apply(&mut state, a, &mut rng);
            }
            let ToMove::Seat(me) = game.to_move(&state) else {
                panic!("the hand is not over")
            };
            game.legal_actions(&state, &mut legal);
            let obs = game.observe(&state, me);
            for _ in 0..4 {
                let world = game.determinize(&obs, &mut rng);
                let before = reused.nodes();
                reused.evaluate(&game, &world, &legal, &mut values, &mut rng);
                let mut fresh = DoubleDummy::<Whist>::new();
                fresh.evaluate(&game, &world, &legal, &mut fresh_values, &mut rng);
                assert!(fresh.nodes() > 0);
                assert_eq!(reused.nodes() - before, fresh.nodes(), "seed {seed}");
                assert_eq!(values, fresh_values, "seed {seed}");
            }
        }
    }

    /// With three tricks left (some mid-trick), every card's double-dummy value is what a
    /// brute-force search through the game's own rules gives its side.
    #[test]
    fn whist_values_match_brute_force_endings() {
        let game = Whist::new(4, &Params::parse(&["target=1"]).unwrap()).unwrap();
        let mut dd = DoubleDummy::<Whist>::new();
        let mut legal = Vec::new();
        let mut values = Vec::new();
        for seed in 0..40 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut state = game.deal(&mut rng);
            for _ in 0..40 + seed % 4 {
                game.legal_actions(&state, &mut legal);
                let a = legal[(rng.next_u32() as usize) % legal.len()];
                game.apply(&mut state, a, &mut rng);
            }
            let ToMove::Seat(me) = game.to_move(&state) else {
                panic!("the hand is not over")
            };
            game.legal_actions(&state, &mut legal);
            dd.evaluate(&game, &state, &legal, &mut values, &mut rng);
            let teams = Whist::teams();
            let team = teams.team(me);
            let before = state.play().team_tricks(&teams, team);
            let expected: Vec<f64> = legal
                .iter()
                .map(|&a| {
                    let mut s = state.clone();
                    game.apply(&mut s, a, &mut rng);
                    (minimax(&game, &s, team) - before) as f64
                })
                .collect();
            assert_eq!(values, expected, "seed {seed}");
        }
    }
}
