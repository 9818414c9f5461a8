//! Agents for Seahaven Towers: the `heuristic` agent, [`SeahavenHeuristic`].
//!
//! It plays the way a careful human does, thinking in whole runs and a few moves ahead,
//! without deep search:
//! 1. moves that need no thought come first: a card that can go home goes home (always safe
//!    in Seahaven: the only card that could be built on it is home already), and a tower card
//!    whose successor tops a column goes back onto it;
//! 2. otherwise it weighs each run move (a same-suit run moved as a unit through the free
//!    towers, the way players move runs) by the best position it can see within
//!    `lookahead` positions (default 100) of best-first look-ahead: cards home count most,
//!    then free towers, uncovered low cards (the next card each suit needs), few cards above a
//!    lower card of their own suit, and empty columns. With `lookahead=0` it judges each move
//!    by the position right after it;
//! 3. it never moves to a position it has already seen in the game while another move is
//!    available, so it does not walk in circles; once only repeats are left, the game's move
//!    limit ends the game.
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::seahaven::Seahaven;
//! let cat = catalog::<Seahaven>();
//! let agent = cat.build(&"heuristic".parse::<AgentSpec>().unwrap()).unwrap();
//! assert_eq!(agent.label(), "heuristic");
//! let greedy = cat.build(&"heuristic:lookahead=0".parse::<AgentSpec>().unwrap()).unwrap();
//! assert_eq!(greedy.label(), "heuristic:lookahead=0");
//! assert!(cat.build(&"heuristic:depth=2".parse::<AgentSpec>().unwrap()).is_err());
//! ```

pub mod solver;

use crate::search::PerfectInfoSolver;
use crate::{Agent, AgentKind, GameAgents};
use arrayvec::ArrayVec;
use cardsim_engine::games::seahaven::{Board, Move, State, COLUMNS, TOWERS};
use cardsim_engine::params::ParamSpec;
use cardsim_engine::{Card, Seat, Suit};
use rand::RngCore;
use solver::{lookahead, solve, Lookahead, LookaheadScratch, SolverConfig, Verdict};
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

pub use cardsim_engine::games::seahaven::Seahaven;

/// The heuristic's settings.
const HEURISTIC_PARAMS: &[ParamSpec] = &[ParamSpec::int(
    "lookahead",
    "100",
    0,
    100_000,
    "positions searched best-first before each move (0: one move ahead)",
)];

impl GameAgents for Seahaven {
    fn game_agents() -> Vec<AgentKind<Seahaven>> {
        vec![AgentKind {
            name: "heuristic",
            help: "careful human: cards home first, then the run move whose best position within \
                   a short look-ahead has the most cards home, free towers and uncovered low \
                   cards, never repeating a position",
            params: HEURISTIC_PARAMS,
            build: |spec| {
                let n = spec.settings(HEURISTIC_PARAMS)?.int("lookahead")?;
                Ok(Box::new(SeahavenHeuristic::new(n)))
            },
        }]
    }

    fn exact_solver() -> Option<Box<dyn PerfectInfoSolver<Seahaven>>> {
        Some(Box::new(SeahavenExact::default()))
    }

    /// All cards are dealt face up.
    const OPEN: bool = true;
}

/// The exact solver ([`solver`]) as the perfect-information search of `pimc` and
/// `cheat`: an action is worth 1 when the position after it can still be won, 0 when it
/// cannot, and 0.5 when the node budget (2,000,000 positions) runs out first. The best action
/// follows a winning line: it keeps the line it found and plays it on while the game follows
/// it, so it does not re-plan in the middle of a run move.
#[derive(Clone, Debug)]
pub struct SeahavenExact {
    config: SolverConfig,
    /// The rest of the line being played, and the position its first move is for.
    line: Vec<Move>,
    at: Option<Board>,
}

impl Default for SeahavenExact {
    fn default() -> Self {
        SeahavenExact {
            config: SolverConfig::default().max_nodes(Some(2_000_000)),
            line: Vec::new(),
            at: None,
        }
    }
}

fn worth(v: Verdict) -> f64 {
    match v {
        Verdict::Solved => 1.0,
        Verdict::Unsolvable => 0.0,
        Verdict::Limit => 0.5,
    }
}

impl PerfectInfoSolver<Seahaven> for SeahavenExact {
    fn evaluate(
        &mut self,
        _: &Seahaven,
        state: &State,
        legal: &[Move],
        values: &mut Vec<f64>,
        _: &mut dyn RngCore,
    ) {
        values.clear();
        // A lost position makes every action worth 0: one search instead of one per action.
        if solve(&state.board, &self.config).verdict == Verdict::Unsolvable {
            values.resize(legal.len(), 0.0);
            return;
        }
        for &m in legal {
            let mut b = state.board.clone();
            b.play_unchecked(m);
            values.push(worth(solve(&b, &self.config).verdict));
        }
    }

    fn best_action(
        &mut self,
        game: &Seahaven,
        state: &State,
        legal: &[Move],
        rng: &mut dyn RngCore,
    ) -> Move {
        // The simulator plays a lone legal move without asking: if that was the line's next
        // move, the line goes on from here.
        if let (Some(at), Some(&next)) = (&self.at, self.line.first()) {
            let mut b = at.clone();
            if *at != state.board && b.play(next).is_ok() && b == state.board {
                self.line.remove(0);
                self.at = Some(b);
            }
        }
        let on_line = self.at.as_ref() == Some(&state.board)
            && self.line.first().is_some_and(|m| legal.contains(m));
        if !on_line {
            let s = solve(&state.board, &self.config);
            self.line = s.moves;
            self.at = None;
            if !self.line.first().is_some_and(|m| legal.contains(m)) {
                self.line.clear();
                if s.verdict == Verdict::Unsolvable {
                    return legal[0];
                }
                let mut values = Vec::with_capacity(legal.len());
                self.evaluate(game, state, legal, &mut values, rng);
                let best = values.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                return legal[values.iter().position(|&v| v == best).unwrap_or(0)];
            }
        }
        let m = self.line.remove(0);
        let mut next = state.board.clone();
        next.play_unchecked(m);
        self.at = Some(next);
        m
    }

    fn label(&self) -> String {
        "exact".into()
    }
}

/// Positions of look-ahead per decision when none is given.
pub const DEFAULT_LOOKAHEAD: u64 = 100;

/// The `heuristic` agent (see the [module docs](self)). It remembers the positions of the
/// current game, and the rest of the run move it is playing; [`Agent::reset`] forgets both.
///
/// Its buffers are made with the agent, so a game of up to [`SEEN_CAPACITY`] decisions
/// allocates nothing.
pub struct SeahavenHeuristic {
    lookahead: u64,
    seen: HashSet<u64>,
    /// Moves still to play, last first; the position (hash) the last one is meant for, and
    /// the position it leads to.
    plan: Vec<Move>,
    plan_at: u64,
    next_at: u64,
    scratch: LookaheadScratch,
}

/// Positions the heuristic remembers without growing its set: the decisions of a game at
/// the default move limit.
pub const SEEN_CAPACITY: usize = 1024;

impl Clone for SeahavenHeuristic {
    /// The same memory and plan, with buffers of its own.
    fn clone(&self) -> Self {
        let mut copy = SeahavenHeuristic::new(self.lookahead);
        copy.seen.extend(&self.seen);
        copy.plan.extend_from_slice(&self.plan);
        copy.plan_at = self.plan_at;
        copy.next_at = self.next_at;
        copy
    }
}

impl std::fmt::Debug for SeahavenHeuristic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SeahavenHeuristic")
            .field("lookahead", &self.lookahead)
            .field("seen", &self.seen.len())
            .field("plan", &self.plan)
            .finish()
    }
}

impl Default for SeahavenHeuristic {
    fn default() -> Self {
        SeahavenHeuristic::new(DEFAULT_LOOKAHEAD)
    }
}

impl SeahavenHeuristic {
    /// The agent with `lookahead` positions of look-ahead per decision (0: one move ahead).
    pub fn new(lookahead: u64) -> Self {
        SeahavenHeuristic {
            lookahead,
            seen: HashSet::with_capacity(SEEN_CAPACITY),
            plan: Vec::with_capacity(128),
            plan_at: 0,
            next_at: 0,
            scratch: LookaheadScratch::new(lookahead),
        }
    }

    /// Sets the plan (in play order) for `board`.
    fn decide(&mut self, board: &Board, legal: &[Move]) {
        let (seen, plan) = (&self.seen, &mut self.plan);
        plan.clear();
        match lookahead(board, self.lookahead, &mut self.scratch) {
            Lookahead::Obvious(moves) => plan.extend_from_slice(moves),
            Lookahead::Options(options) => {
                let fresh = options
                    .iter()
                    .filter(|(_, after, _)| !seen.contains(&position_hash(after)));
                let best = fresh
                    .max_by_key(|(_, _, score)| *score)
                    .or_else(|| options.iter().max_by_key(|o| o.2));
                match best {
                    Some((moves, _, _)) => plan.extend_from_slice(moves),
                    None => {
                        // Only moves of part of a run are left: take one that leads somewhere new.
                        let new = legal.iter().find(|&&m| {
                            let mut b = board.clone();
                            b.play_unchecked(m);
                            !seen.contains(&position_hash(&b))
                        });
                        plan.push(*new.unwrap_or(&legal[0]));
                    }
                }
            }
        }
    }
}

/// A hash of the position that ignores the order of columns and of towers.
fn position_hash(b: &Board) -> u64 {
    let mut cols: ArrayVec<&[Card], COLUMNS> = b.columns().iter().map(|c| c.as_slice()).collect();
    cols.sort();
    let mut towers: ArrayVec<Card, TOWERS> = b.towers().iter().flatten().copied().collect();
    towers.sort();
    let mut h = std::collections::hash_map::DefaultHasher::new();
    cols.hash(&mut h);
    towers.hash(&mut h);
    Suit::ALL.map(|s| b.foundation(s)).hash(&mut h);
    h.finish()
}

impl Agent<Seahaven> for SeahavenHeuristic {
    fn choose(
        &mut self,
        _: &Seahaven,
        _: Seat,
        obs: &State,
        legal: &[Move],
        _: &mut dyn RngCore,
    ) -> Move {
        let here = position_hash(&obs.board);
        self.seen.insert(here);
        // Asked again in the same position: the same answer. One step further along the
        // plan: its next move. Anywhere else: a fresh decision.
        let planned = |plan: &Vec<Move>| plan.last().is_some_and(|m| legal.contains(m));
        if !(self.plan_at == here && planned(&self.plan)) {
            let advanced = self.next_at == here && self.plan.len() >= 2 && {
                self.plan.pop();
                planned(&self.plan)
            };
            if !advanced {
                self.decide(&obs.board, legal);
                self.plan.reverse();
            }
            self.plan_at = here;
            let mut after = obs.board.clone();
            after.play_unchecked(
                *self
                    .plan
                    .last()
                    .filter(|m| legal.contains(m))
                    .unwrap_or(&legal[0]),
            );
            self.next_at = position_hash(&after);
        }
        *self
            .plan
            .last()
            .filter(|m| legal.contains(m))
            .unwrap_or(&legal[0])
    }

    fn label(&self) -> String {
        if self.lookahead == DEFAULT_LOOKAHEAD {
            "heuristic".into()
        } else {
            format!("heuristic:lookahead={}", self.lookahead)
        }
    }

    fn reset(&mut self) {
        self.seen.clear();
        self.plan.clear();
        self.plan_at = 0;
        self.next_at = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::honesty::check_random_games;
    use crate::{catalog, same_information_same_choice, AgentSpec};
    use cardsim_engine::{Game, Params, ToMove};
    use rand::SeedableRng;

    fn play(game: &Seahaven, agent: &mut dyn Agent<Seahaven>, deal: u64) -> State {
        let mut state = game.from_board(Board::deal_number(deal));
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(deal);
        let mut legal = Vec::new();
        agent.reset();
        while let ToMove::Seat(seat) = game.to_move(&state) {
            game.legal_actions(&state, &mut legal);
            let m = agent.choose(game, seat, &game.observe(&state, seat), &legal, &mut rng);
            assert!(legal.contains(&m));
            game.apply(&mut state, m, &mut rng);
        }
        state
    }

    #[test]
    fn takes_a_card_home_when_it_can() {
        let text = "Foundations: H-K C-K D-K S-T\nFreecells: - - - -\nJS QS KS\n:\n:\n:\n:\n:\n:\n:\n:\n:\n";
        let game = Seahaven::default();
        let mut state = game.from_board(text.parse().unwrap());
        let mut agent = SeahavenHeuristic::default();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        let mut legal = Vec::new();
        let mut moves = 0;
        while let ToMove::Seat(seat) = game.to_move(&state) {
            game.legal_actions(&state, &mut legal);
            let m = agent.choose(&game, seat, &state, &legal, &mut rng);
            game.apply(&mut state, m, &mut rng);
            moves += 1;
        }
        // Two moves to free the jack, then three cards home: the shortest win.
        assert!(state.board.is_won());
        assert_eq!(moves, 5);
    }

    #[test]
    fn beats_random_play_and_avoids_repeats() {
        let game = Seahaven::new(1, &Params::new()).unwrap();
        let cat = catalog::<Seahaven>();
        let mut heuristic = cat
            .build(&"heuristic".parse::<AgentSpec>().unwrap())
            .unwrap();
        let mut random = cat.build(&"random".parse::<AgentSpec>().unwrap()).unwrap();
        let (mut h_home, mut r_home, mut h_wins) = (0u32, 0u32, 0);
        for deal in 1..=20 {
            let s = play(&game, heuristic.as_mut(), deal);
            h_home += s.board.home() as u32;
            h_wins += s.board.is_won() as u32;
            r_home += play(&game, random.as_mut(), deal).board.home() as u32;
        }
        assert!(
            h_home > 3 * r_home,
            "heuristic {h_home} cards home, random {r_home}"
        );
        // Deals 1 to 20 hold 17 winnable deals (the solver's verdicts, which Freecell Solver
        // confirms); a careful player wins most of them.
        assert!(h_wins >= 7, "only {h_wins} wins in 20 deals");
    }

    #[test]
    fn a_new_position_is_preferred_to_a_repeat() {
        // Endgame: the king of spades may go to an empty column or to a tower. Once the agent
        // has seen the position after one of them, it picks the other.
        let text = "Foundations: H-K C-K D-K S-T\nFreecells: - - - -\nJS QS KS\n:\n:\n:\n:\n:\n:\n:\n:\n:\n";
        let board: Board = text.parse().unwrap();
        let game = Seahaven::default();
        let mut legal = Vec::new();
        board.legal_moves(&mut legal);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        let mut agent = SeahavenHeuristic::default();
        let first = agent.choose(
            &game,
            Seat::new(0),
            &game.from_board(board.clone()),
            &legal,
            &mut rng,
        );
        let mut after = board.clone();
        after.play(first).unwrap();
        let mut fresh = SeahavenHeuristic::default();
        fresh.seen.insert(position_hash(&after));
        let second = fresh.choose(
            &game,
            Seat::new(0),
            &game.from_board(board),
            &legal,
            &mut rng,
        );
        assert_ne!(first, second);
        assert!(legal.contains(&second));
    }

    #[test]
    fn same_information_same_choice_holds() {
        let game = Seahaven::default();
        let mut agent = SeahavenHeuristic::new(20);
        assert!(same_information_same_choice(&game, &mut agent, 0..3, 2, 40) > 0);
    }

    #[test]
    fn the_exact_solver_player_wins_exactly_the_solvable_deals() {
        let game = Seahaven::default();
        let mut cheat = catalog::<Seahaven>()
            .build(&"cheat".parse::<AgentSpec>().unwrap())
            .unwrap();
        for deal in 1..=6 {
            let won = play(&game, cheat.as_mut(), deal).board.is_won();
            let solvable = solve(&Board::deal_number(deal), &SolverConfig::default()).verdict
                == Verdict::Solved;
            assert_eq!(won, solvable, "deal {deal}");
        }
        let mut values = Vec::new();
        let state = game.from_board(Board::deal_number(4));
        let mut legal = Vec::new();
        game.legal_actions(&state, &mut legal);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        SeahavenExact::default().evaluate(&game, &state, &legal, &mut values, &mut rng);
        // Deal 4 is lost (Freecell Solver agrees): every move is worth 0.
        assert_eq!(values, vec![0.0; legal.len()]);
    }

    /// No card is hidden, so the fair searches play the exact solver's line: each wins every
    /// deal `cheat` wins (on deals 1 to 3, at small budgets that would lose on their own).
    #[test]
    fn the_fair_searches_win_every_deal_cheat_wins() {
        let game = Seahaven::default();
        let cat = catalog::<Seahaven>();
        let build = |spec: &str| cat.build(&spec.parse::<AgentSpec>().unwrap()).unwrap();
        let mut cheat = build("cheat");
        let mut wins = 0;
        for deal in 1..=3 {
            let won = play(&game, cheat.as_mut(), deal).board.is_won();
            wins += u32::from(won);
            for spec in ["pimc:worlds=1", "ismcts:iters=10", "mo-ismcts:iters=10"] {
                let fair = play(&game, build(spec).as_mut(), deal).board.is_won();
                assert!(fair || !won, "{spec} lost deal {deal}, which cheat wins");
            }
        }
        assert!(wins >= 2, "cheat won only {wins} of deals 1 to 3");
    }

    #[test]
    fn the_same_deal_gives_the_same_game() {
        let game = Seahaven::default();
        let mut a = SeahavenHeuristic::default();
        let s1 = play(&game, &mut a, 7);
        let s2 = play(&game, &mut a, 7);
        assert_eq!(s1, s2);
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
}
