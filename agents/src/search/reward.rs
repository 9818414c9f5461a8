//! What a finished game is worth to each seat in a search: its side's win share, on the same
//! scale as a hand's value ([`gain_share`](super::gain_share)), so that a playout that ends
//! the game and one that ends a hand can be backed up into one tree.

use cardsim_engine::{BySeat, Game, Outcome, Seat};

/// Each seat's reward for `outcome`: the win shares of the seats on its side ([`Game::team`])
/// added up. A won game is worth 1 to every partner and a lost one 0, as a hand at the top
/// and bottom of [`gain_share`](super::gain_share)'s scale is; a game drawn between two sides
/// is worth each side's half. Without partnerships this is each seat's own win share.
///
/// ```
/// use cardsim_agents::search::side_rewards;
/// use cardsim_engine::{games::whist::Whist, tricks::Teams, Game, Params, Seat};
/// let game = Whist::new(4, &Params::new()).unwrap();
/// // Seats 1 and 3 (one side) won: 0.5 of the win each.
/// let o = Teams::alternating(4, 2).outcome(4, &[3.0, 7.0]);
/// let r = side_rewards(&game, &o);
/// assert_eq!((r[Seat::new(1)], r[Seat::new(3)], r[Seat::new(0)]), (1.0, 1.0, 0.0));
/// ```
pub fn side_rewards<G: Game>(game: &G, outcome: &Outcome) -> BySeat<f64> {
    let n = game.players();
    BySeat::from_fn(|s| {
        if s.index() >= n {
            return 0.0;
        }
        Seat::all(n)
            .filter(|&t| game.team(t) == game.team(s))
            .map(|t| outcome[t].win)
            .sum()
    })
}

/// Each seat's reward for a game cut short (drawn at a move cap, or a playout stopped
/// unfinished): an equal share for every side, 1 over the number of sides.
pub(crate) fn even_rewards<G: Game>(game: &G) -> BySeat<f64> {
    let n = game.players();
    let sides = Seat::all(n)
        .filter(|&s| Seat::all(s.index()).all(|t| game.team(t) != game.team(s)))
        .count();
    BySeat::from_fn(|_| 1.0 / sides as f64)
}

/// Each seat's reward for `state`: [`side_rewards`] of its outcome once the game is over,
/// [`even_rewards`] while it is not (a playout cut short).
pub(crate) fn rewards<G: Game>(game: &G, state: &G::State) -> BySeat<f64> {
    match game.outcome(state) {
        Some(outcome) => side_rewards(game, &outcome),
        None => even_rewards(game),
    }
}
