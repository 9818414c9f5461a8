//! Seahaven's deal text: the Freecell Solver board (`Foundations:`, `Freecells:`, then one
//! line per column, bottom card first) written on one line, its lines separated by ` | `:
//! `Foundations: H-0 C-0 D-0 S-0 | Freecells: - 5D 8S - | 4H 2C ... | ...`. A board on
//! several lines, as Freecell Solver writes it, is read as well.

use super::{Board, Seahaven, State};
use crate::deal_text::{DealError, DealText};

impl DealText for Seahaven {
    fn print_deal(&self, state: &State) -> String {
        state
            .board
            .to_string()
            .lines()
            .collect::<Vec<_>>()
            .join(" | ")
    }

    fn parse_deal(&self, text: &str) -> Result<State, DealError> {
        let lines = text.replace('|', "\n");
        let board: Board = lines
            .parse()
            .map_err(|e| DealError::new(format!("Seahaven board: {e}")))?;
        Ok(self.from_board(board))
    }
}
