//! Seahaven Towers: a one-player solitaire with ten columns, four towers and in-suit building.
//!
//! - **Players:** 1. All cards are face up, so the observation is the whole position.
//! - **Deck:** one 52-card deck. Ten columns of five cards, face up; the last two cards go to
//!   towers 2 and 3 ([`Board::from_deck`]). Deal `n` of the toolkit is
//!   [`Board::deal_number`]`(n)`: the 52 cards in [`Card::all52`](crate::Card::all52) order
//!   shuffled by `rand`'s `SliceRandom::shuffle` driven by `ChaCha8Rng::seed_from_u64(n)`.
//! - **Play:** one card at a time, from the top of a column or from a tower, to its
//!   foundation (built up by suit from the ace), onto the next higher card of its suit at the
//!   top of a column, to a free tower, or (kings only) to an empty column. Cards never leave
//!   the foundations. See [`Board::legal_moves`] for the moves listed.
//! - **End:** the game is won when all 52 cards are home. It is lost when no legal move is
//!   left, or after `max_moves` moves (parameter, default 1000) so that aimless play ends.
//! - **Score:** cards on the foundations (0 to 52); the win share is 1 for a win, else 0.
//! - **Statistics:** `foundation` (cards home at the end), `moves_made`, `stuck` (1 when the
//!   game ended because no legal move was left).
//!
//! Rulings where the rules page is silent are in `docs/rules/seahaven-towers.md`: an ace may
//! be built on its two (it is a descending card of the suit), a tower card never moves to
//! another tower, a card in a tower may go to an empty column only if it is a king, and moves
//! that only reorder columns or towers are not offered.
//!
//! Positions are read and written in Freecell Solver's text format ([`Board`]'s `FromStr`
//! and `Display`), so boards can be exchanged with Freecell Solver and PySol.
//!
//! ```
//! use cardsim_engine::games::seahaven::{Board, Seahaven};
//! use cardsim_engine::{Game, Params, ToMove};
//! let game = Seahaven::new(1, &Params::new()).unwrap();
//! let state = game.from_board(Board::deal_number(7));
//! let mut legal = Vec::new();
//! game.legal_actions(&state, &mut legal);
//! assert!(matches!(game.to_move(&state), ToMove::Seat(_)));
//! assert!(!legal.is_empty());
//! ```

mod board;

pub use board::{
    successor, Board, BoardErrorKind, Column, Move, ParseBoardError, Spot, COLUMNS,
    DEALT_PER_COLUMN, MAX_COLUMN, MAX_INPUT_COLUMN, TOWERS,
};

use crate::game::{
    check_players, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, SeatResult, ToMove,
};
use crate::seat::Seat;
use rand::Rng;

/// The rules of Seahaven Towers (one player; the only setting is the move limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seahaven {
    max_moves: u32,
}

/// A game in progress: the position and the number of moves made.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The position.
    pub board: Board,
    /// Moves made so far.
    pub moves: u32,
}

const DEFAULT_MAX_MOVES: u32 = 1000;

impl Seahaven {
    /// The rules with a move limit: the game is lost once `max_moves` moves have been made
    /// without winning.
    pub fn with_max_moves(max_moves: u32) -> Seahaven {
        Seahaven { max_moves }
    }

    /// The move limit.
    pub fn max_moves(&self) -> u32 {
        self.max_moves
    }

    /// A game starting from `board` (a deal or any position read from text).
    pub fn from_board(&self, board: Board) -> State {
        State { board, moves: 0 }
    }

    /// True when the seat to move has at least one legal move.
    fn can_move(board: &Board) -> bool {
        board.has_legal_move()
    }
}

impl Default for Seahaven {
    fn default() -> Seahaven {
        Seahaven {
            max_moves: DEFAULT_MAX_MOVES,
        }
    }
}

impl Game for Seahaven {
    type State = State;
    type Action = Move;
    type Observation = State;

    const INFO: GameInfo = GameInfo {
        name: "seahaven",
        title: "Seahaven Towers",
        min_players: 1,
        max_players: 1,
        default_players: 1,
        params: &[ParamSpec::int(
            "max_moves",
            "1000",
            1,
            1_000_000,
            "the game is lost after this many moves without winning",
        )],
        stats: &["foundation", "moves_made", "stuck"],
    };

    fn new(players: usize, params: &Params) -> Result<Seahaven, ConfigError> {
        check_players(&Self::INFO, players)?;
        params.check_keys(&Self::INFO)?;
        let max_moves = params.int(&Self::INFO, "max_moves")?;
        Ok(Seahaven { max_moves })
    }

    fn players(&self) -> usize {
        1
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> State {
        self.from_board(Board::random(rng))
    }

    fn to_move(&self, state: &State) -> ToMove {
        if state.board.is_won()
            || state.moves >= self.max_moves
            || !Seahaven::can_move(&state.board)
        {
            ToMove::Over
        } else {
            ToMove::Seat(Seat::new(0))
        }
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Move>) {
        state.board.legal_moves(out);
    }

    fn apply<R: Rng + ?Sized>(&self, state: &mut State, action: Move, _rng: &mut R) {
        state.board.play_unchecked(action);
        state.moves += 1;
    }

    fn observe(&self, state: &State, _seat: Seat) -> State {
        state.clone()
    }

    fn determinize<R: Rng + ?Sized>(&self, obs: &State, _rng: &mut R) -> State {
        obs.clone()
    }

    /// Every move is public: all cards are dealt face up (and there is only one player).
    fn observe_action(&self, _state: &State, action: Move, _viewer: Seat) -> Option<Move> {
        Some(action)
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        if self.to_move(state) != ToMove::Over {
            return None;
        }
        let mut out = Outcome::default();
        let won = state.board.is_won();
        out[Seat::new(0)] = SeatResult {
            score: state.board.home() as f64,
            place: 1,
            win: if won { 1.0 } else { 0.0 },
        };
        Some(out)
    }

    fn stats(&self, state: &State, out: &mut Vec<f64>) {
        out.clear();
        let b = &state.board;
        let stuck = !b.is_won() && state.moves < self.max_moves && !Seahaven::can_move(b);
        out.extend([
            b.home() as f64,
            state.moves as f64,
            if stuck { 1.0 } else { 0.0 },
        ]);
    }

    fn check_invariants(&self, state: &State) -> Result<(), String> {
        state.board.check_cards().map_err(|e| e.to_string())
    }
}

mod deal_text;
pub mod encoding;
#[cfg(test)]
mod tests;
