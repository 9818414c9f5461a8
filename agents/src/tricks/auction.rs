//! The search agents' bidding in the trick games with an auction before the play (Euchre,
//! Hasenpfeffer): each seat's bid depends on little but its own hand, which the search
//! must not let another seat's bid, or a later one of its own, see (issue #26 §3).
//!
//! - [`others_bid`]: where ISMCTS's tree stops ([`Rollout::HandEnd`]'s `leaf`), at another
//!   seat's decision before the play, which the playout's heuristic makes from that seat's
//!   sampled hand.
//! - [`BidsByPlayout`]: the solver of `pimc`'s sampled worlds
//!   ([`GameAgents::world_solver`]), which values each bid by the heuristic's play of every
//!   seat to the end of the hand instead of searching the later bids seeing the world whole.
//!
//! [`Rollout::HandEnd`]: crate::search::Rollout::HandEnd
//! [`GameAgents::world_solver`]: crate::GameAgents::world_solver

use crate::search::{side_rewards, CutoffValue};
use crate::{Agent, PerfectInfoSolver};
use cardsim_engine::tricks::TrickTaking;
use cardsim_engine::{Game, ToMove};
use rand::RngCore;

/// Where ISMCTS's tree stops ([`Rollout::HandEnd`]'s `leaf`): at a decision before the card
/// play (a bid, naming trumps, a discard) of another seat than the root's. A single-observer
/// tree keys that seat's node by the moves alone, so its statistics mix every hand the seat
/// might hold, while a bid depends on little but the hand: in the tree the others bid alike
/// whatever they hold, and passing looked better than it is (Euchre's dealer and its partner
/// passed hands the heuristic makes trumps on, and lost points by it). The playout's
/// heuristic makes those decisions, from the seat's sampled hand (issue #26 §3).
///
/// [`Rollout::HandEnd`]: crate::search::Rollout::HandEnd
pub fn others_bid<G: TrickTaking>(g: &G, root: &G::State, now: &G::State) -> bool {
    match g.to_move(now) {
        ToMove::Seat(seat) => g.trick_play(now).is_none() && g.to_move(root) != ToMove::Seat(seat),
        _ => false,
    }
}

/// The solver of `pimc`'s sampled worlds ([`GameAgents::world_solver`]) in a trick game with
/// an auction: the game's exact solver in card play; before it, each action (a bid, naming
/// trumps, a discard) valued by the heuristic playing every seat to the end of the hand,
/// each from its own observation, by the game's hand value, or by the side's win share
/// ([`side_rewards`]) where the hand ends the game (one playout: the heuristics are
/// deterministic, so the play after a bid in a world is too).
/// Perfect-information UCT there searched the later bids of every world seeing it whole
/// (strategy fusion: a pass looked as good as the best bid the partner or the seat itself
/// could make later knowing every hand; a contract safe whatever trumps the world calls
/// for), and `pimc` passed Euchre hands the heuristic makes trumps on and bid three or four
/// on weak Hasenpfeffer hands (issue #26 §3).
///
/// [`GameAgents::world_solver`]: crate::GameAgents::world_solver
pub struct BidsByPlayout<G: Game> {
    play: Box<dyn PerfectInfoSolver<G>>,
    heuristic: Box<dyn Agent<G>>,
    value: CutoffValue<G>,
    moves: Vec<G::Action>,
}

impl<G: Game> BidsByPlayout<G> {
    /// Bids valued by `heuristic`'s play of every seat until `value` (the game's
    /// [`GameAgents::hand_end`]) ends the hand; card play by `play` (the game's exact solver,
    /// such as [`DoubleDummy`]).
    ///
    /// [`GameAgents::hand_end`]: crate::GameAgents::hand_end
    /// [`DoubleDummy`]: super::DoubleDummy
    pub fn new(
        play: Box<dyn PerfectInfoSolver<G>>,
        heuristic: Box<dyn Agent<G>>,
        value: CutoffValue<G>,
    ) -> Self {
        BidsByPlayout {
            play,
            heuristic,
            value,
            moves: Vec::new(),
        }
    }
}

impl<G: TrickTaking> PerfectInfoSolver<G> for BidsByPlayout<G> {
    fn evaluate(
        &mut self,
        g: &G,
        state: &G::State,
        legal: &[G::Action],
        values: &mut Vec<f64>,
        rng: &mut dyn RngCore,
    ) {
        if g.trick_play(state).is_some() {
            return self.play.evaluate(g, state, legal, values, rng);
        }
        let ToMove::Seat(me) = g.to_move(state) else {
            panic!("a seat to bid");
        };
        values.clear();
        for &a in legal {
            let mut s = state.clone();
            g.apply(&mut s, a, rng);
            let v = loop {
                if let Some(v) = (self.value)(g, state, &s) {
                    break v[me];
                }
                if let Some(o) = g.outcome(&s) {
                    break side_rewards(g, &o)[me];
                }
                let ToMove::Seat(seat) = g.to_move(&s) else {
                    panic!("no races in a trick game's hand");
                };
                g.legal_actions(&s, &mut self.moves);
                let obs = g.observe(&s, seat);
                let x = self.heuristic.choose(g, seat, &obs, &self.moves, rng);
                g.apply(&mut s, x, rng);
            };
            values.push(v);
        }
    }

    fn label(&self) -> String {
        "solver=exact".into()
    }

    fn nodes(&self) -> Option<u64> {
        self.play.nodes()
    }
}
