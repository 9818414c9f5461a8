//! Seahaven Towers' [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (192). A move is named by its card and the kind of place it goes to; where
//! the card comes from is fixed by the position, and the column or tower it goes to is the
//! one [`Board::legal_moves`](super::Board::legal_moves) offers (the column topped by its
//! successor, the first empty column for a king, the first free tower), so no two legal moves
//! share an id.
//!
//! | ids | action |
//! |---|---|
//! | `0..64` | card `c` (id `c.index()`) to its foundation |
//! | `64..128` | card to a column: onto its successor, or a king to an empty column (`64 + c.index()`) |
//! | `128..192` | card from a column to a tower (`128 + c.index()`) |
//!
//! **Observation** (every card is visible, so the observation is the whole position; 903
//! entries). Card planes have [`Card::SLOTS`] entries indexed by [`Card::index`].
//!
//! | segment | length | meaning |
//! |---|---|---|
//! | `column` | 10 × 64 | one plane per column (1 to 10): the cards in it |
//! | `column.top` | 64 | the card on top of each column (the cards that can move) |
//! | `column.depth` | 64 | for a card in a column: the cards above it / 32 |
//! | `towers` | 64 | the cards in the towers |
//! | `foundation` | 64 | the cards home |
//! | `foundation.height` | 4 | cards home per suit (♣ ♦ ♥ ♠) / 13 |
//! | `towers_used` | 1 | occupied towers / 4 |
//! | `empty_columns` | 1 | empty columns / 10 |
//! | `moves` | 1 | moves made / the move limit |

use super::{Move, Seahaven, Spot, State, COLUMNS, MAX_COLUMN, TOWERS};
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::encoding::{Encoding, Tensor};
use crate::games::common::text::{in_order, ObsText};
use crate::Seat;

/// Cards or `-` for empty places, space-separated.
fn in_order_opt(cards: &[Option<Card>]) -> impl std::fmt::Display + '_ {
    crate::games::common::text::Fmt(move |f: &mut std::fmt::Formatter<'_>| {
        for (i, c) in cards.iter().enumerate() {
            let sep = if i > 0 { " " } else { "" };
            write!(f, "{sep}{}", crate::games::common::text::card_or_dash(*c))?;
        }
        Ok(())
    })
}

impl Encoding for Seahaven {
    fn num_distinct_actions(&self) -> usize {
        3 * Card::SLOTS
    }

    fn action_id(&self, action: Move) -> usize {
        let kind = match action.to {
            Spot::Foundation => 0,
            Spot::Column(_) => 1,
            Spot::Tower(_) => 2,
        };
        kind * Card::SLOTS + action.card.index()
    }

    fn encode_observation(&self, obs: &State, out: &mut Tensor) {
        let board = &obs.board;
        let mut tops = CardSet::EMPTY;
        let mut depth = [0f32; Card::SLOTS];
        for col in board.columns() {
            out.cards("column", col.iter().copied().collect());
            if let Some(&top) = col.last() {
                tops.insert(top);
            }
            for (i, c) in col.iter().enumerate() {
                depth[c.index()] = (col.len() - 1 - i) as f32 / MAX_COLUMN as f32;
            }
        }
        out.cards("column.top", tops);
        out.values_of("column.depth", &depth);
        out.cards("towers", board.towers().iter().flatten().copied().collect());
        let mut home = CardSet::EMPTY;
        let mut heights = [0f32; Suit::COUNT];
        for suit in Suit::ALL {
            let n = board.foundation(suit);
            heights[suit.index()] = f32::from(n) / Rank::COUNT as f32;
            for number in 1..=n {
                if let Some(rank) = Rank::from_number(number) {
                    home.insert(Card::new(rank, suit));
                }
            }
        }
        out.cards("foundation", home);
        out.values_of("foundation.height", &heights);
        out.scalar("towers_used", board.towers_used() as f32 / TOWERS as f32);
        out.scalar(
            "empty_columns",
            board.empty_columns() as f32 / COLUMNS as f32,
        );
        out.scalar("moves", obs.moves as f32 / self.max_moves() as f32);
    }

    /// The first line, then the top card of each foundation, the towers (`-` for a free
    /// one), the columns 1 to 10 from their bottom card, and the moves made.
    fn observation_string(&self, obs: &State) -> String {
        let board = &obs.board;
        let mut t = ObsText::new(Seat::new(0), 1, "");
        let home: Vec<Card> = Suit::ALL
            .into_iter()
            .filter_map(|s| Some(Card::new(Rank::from_number(board.foundation(s))?, s)))
            .collect();
        let towers = board.towers();
        t.line("foundations", in_order(&home))
            .line("towers", in_order_opt(&towers));
        for (i, col) in board.columns().iter().enumerate() {
            t.line(&format!("column {}", i + 1), in_order(col.iter()));
        }
        t.line("moves", obs.moves);
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{check, layout, Tensor};
    use crate::games::common::encoding::named as segment;
    use crate::games::seahaven::Board;
    use crate::{Game, Params};

    #[test]
    fn the_text_shows_every_column_and_the_towers() {
        let game = Seahaven::default();
        let state = game.from_board(Board::deal_number(7));
        let text = game.observation_string(&state);
        assert!(
            text.starts_with("seat 0 of 1\nfoundations: -\ntowers: "),
            "{text}"
        );
        let col3: Vec<String> = state
            .board
            .column(3)
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert!(
            text.contains(&format!("column 4: {}\n", col3.join(" "))),
            "{text}"
        );
        assert!(text.ends_with("moves: 0\n"), "{text}");
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        let game = Seahaven::new(1, &Params::new()).unwrap();
        let report = check(&game, 0..20, 400);
        assert_eq!(report.games, 20);
        assert!(report.decisions > 200);
    }

    #[test]
    fn the_layout_has_the_documented_length() {
        let game = Seahaven::default();
        let l = layout(&game);
        let total: usize = l.iter().map(|s| s.len).sum();
        assert_eq!(total, 903);
        assert_eq!(l.iter().filter(|s| s.name == "column").count(), COLUMNS);
    }

    #[test]
    fn moves_have_the_documented_ids() {
        let game = Seahaven::default();
        let ah = "AH".parse::<Card>().unwrap();
        let mv = |to| Move {
            card: ah,
            from: Spot::Column(3),
            to,
        };
        assert_eq!(game.action_id(mv(Spot::Foundation)), ah.index());
        assert_eq!(game.action_id(mv(Spot::Column(7))), 64 + ah.index());
        assert_eq!(game.action_id(mv(Spot::Tower(2))), 128 + ah.index());
    }

    #[test]
    fn columns_towers_and_foundations_are_where_the_board_has_them() {
        let game = Seahaven::default();
        let mut state = game.from_board(Board::deal_number(7));
        let mut t = Tensor::new();
        game.encode_observation(&game.observe(&state, Seat::new(0)), &mut t);
        let col3 = state.board.column(3).to_vec();
        let planes = segment(&t, "column");
        for c in Card::all52() {
            assert_eq!(planes[3 * 64 + c.index()] == 1.0, col3.contains(&c), "{c}");
        }
        let top = *col3.last().unwrap();
        assert_eq!(segment(&t, "column.top")[top.index()], 1.0);
        // Each card's depth is the number of cards above it, over 32.
        let depth = segment(&t, "column.depth");
        for (i, c) in col3.iter().enumerate() {
            assert_eq!(depth[c.index()], (4 - i) as f32 / 32.0, "{c}");
        }
        let towers = segment(&t, "towers");
        for c in state.board.towers().iter().flatten() {
            assert_eq!(towers[c.index()], 1.0);
        }
        assert_eq!(towers.iter().sum::<f32>(), 2.0);
        // Play a move to a foundation if there is one, and see the card home.
        let mut legal = Vec::new();
        game.legal_actions(&state, &mut legal);
        if let Some(&home) = legal.iter().find(|m| m.to == Spot::Foundation) {
            state.board.play_unchecked(home);
            t.clear();
            game.encode_observation(&state, &mut t);
            assert_eq!(segment(&t, "foundation")[home.card.index()], 1.0);
            assert_eq!(segment(&t, "column.top")[home.card.index()], 0.0);
        }
    }

    #[test]
    fn the_observation_scales_each_count_as_documented() {
        let game = Seahaven::with_max_moves(400);
        // Three spades left (JS QS KS in column 1); KS and QS go to towers 3 and 1.
        let mut board: Board = "Foundations: H-K C-K D-K S-T\nFreecells: - - - -\nJS QS KS\n:\n:\n:\n:\n:\n:\n:\n:\n:\n"
            .parse()
            .unwrap();
        for (c, t) in [("KS", 2), ("QS", 0)] {
            board
                .play(Move {
                    card: c.parse().unwrap(),
                    from: Spot::Column(0),
                    to: Spot::Tower(t),
                })
                .unwrap();
        }
        let state = State { board, moves: 100 };
        let mut t = Tensor::new();
        game.encode_observation(&state, &mut t);
        assert_eq!(t.get("towers_used"), Some(&[0.5][..]));
        assert_eq!(t.get("empty_columns"), Some(&[0.9][..]));
        assert_eq!(t.get("moves"), Some(&[0.25][..]));
        let mut heights = [1.0; 4];
        heights[Suit::Spades.index()] = 10.0 / 13.0;
        assert_eq!(t.get("foundation.height"), Some(&heights[..]));
        let js: Card = "JS".parse().unwrap();
        assert_eq!(t.get("column.depth").unwrap()[js.index()], 0.0);
        // The text shows the towers in place, one space apart.
        let text = game.observation_string(&state);
        assert!(text.contains("\ntowers: QS - KS -\n"), "{text}");
        assert!(text.contains("\nfoundations: KC KD KH TS\n"), "{text}");
    }
}
