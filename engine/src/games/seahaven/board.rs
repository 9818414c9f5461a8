//! The Seahaven Towers position ([`Board`]), its moves ([`Move`]), numbered deals and the
//! Freecell Solver board text format.

use crate::cards::{Card, Rank, Suit};
use crate::game::IllegalAction;
use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

/// Number of tableau columns.
pub const COLUMNS: usize = 10;
/// Number of towers (free cells).
pub const TOWERS: usize = 4;
/// Cards dealt to each column.
pub const DEALT_PER_COLUMN: usize = 5;
/// The most cards a column of a board read from text may hold. Play can build up to twelve
/// more cards on it, which [`MAX_COLUMN`] leaves room for.
pub const MAX_INPUT_COLUMN: usize = 20;
/// The capacity of a column.
pub const MAX_COLUMN: usize = MAX_INPUT_COLUMN + 12;

/// The cards of one column, bottom (the card on the table) first.
pub type Column = ArrayVec<Card, MAX_COLUMN>;

/// Where a card lies. Columns and towers are numbered from 0 here and from 1 in text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spot {
    /// Tableau column `0..10`.
    Column(u8),
    /// Tower `0..4`.
    Tower(u8),
    /// The foundation of the card's suit.
    Foundation,
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spot::Column(c) => write!(f, "c{}", c + 1),
            Spot::Tower(t) => write!(f, "t{}", t + 1),
            Spot::Foundation => f.write_str("home"),
        }
    }
}

/// One move: a single card from the top of a column or from a tower to a column, a tower or
/// its foundation. Written `5D c3-c7` (five of diamonds from column 3 onto column 7), `KS
/// t2-c1`, `AH c4-home`; columns and towers are numbered from 1 in text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The card moved.
    pub card: Card,
    /// Where it is.
    pub from: Spot,
    /// Where it goes.
    pub to: Spot,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}-{}", self.card, self.from, self.to)
    }
}

impl Move {
    /// The move in words, e.g. `5D from column 3 onto 6D in column 7`, given the board it is
    /// played in (to name the card it lands on).
    pub fn describe(&self, board: &Board) -> String {
        let place = |s: Spot| match s {
            Spot::Column(c) => format!("column {}", c + 1),
            Spot::Tower(t) => format!("tower {}", t + 1),
            Spot::Foundation => "its foundation".to_string(),
        };
        let to = match self.to {
            Spot::Column(c) => match board.column(c as usize).last() {
                Some(under) => format!("onto {under} in column {}", c + 1),
                None => format!("to empty column {}", c + 1),
            },
            other => format!("to {}", place(other)),
        };
        format!("{} from {} {to}", self.card, place(self.from))
    }
}

/// Ace-low face number of a card (A=1 ... K=13).
#[inline]
fn number(c: Card) -> u8 {
    c.rank().number()
}

/// The card one rank higher in the same suit (the card `c` may be built on), if any.
pub fn successor(c: Card) -> Option<Card> {
    Rank::from_number(number(c) + 1).map(|r| Card::new(r, c.suit()))
}

/// A Seahaven Towers position: ten columns, four towers and four foundations.
///
/// Foundations are stored as the number of cards home per suit (0 to 13, ace first). The
/// board keeps tower positions (Freecell Solver's format shows them) although the rules treat
/// the towers as an unordered set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    columns: [Column; COLUMNS],
    towers: [Option<Card>; TOWERS],
    foundations: [u8; 4],
}

impl Board {
    /// The deal of a shuffled 52-card deck: column `c` gets cards `5c..5c+5` (the first one at
    /// the bottom), and the last two cards go to towers 2 and 3.
    ///
    /// # Panics
    /// If `deck` is not the 52 cards of the French deck, each once.
    pub fn from_deck(deck: &[Card]) -> Board {
        let mut seen = crate::CardSet::EMPTY;
        for &c in deck {
            assert!(
                !c.is_joker() && c.rank() != Rank::Knight,
                "{c} is not in the 52-card deck"
            );
            assert!(seen.insert(c), "{c} appears twice in the deck");
        }
        assert_eq!(deck.len(), 52, "a Seahaven deal needs the 52 cards");
        let mut b = Board::empty();
        for (c, col) in b.columns.iter_mut().enumerate() {
            col.extend(
                deck[c * DEALT_PER_COLUMN..(c + 1) * DEALT_PER_COLUMN]
                    .iter()
                    .copied(),
            );
        }
        b.towers[1] = Some(deck[50]);
        b.towers[2] = Some(deck[51]);
        b
    }

    /// A random deal: the 52 cards in [`Card::all52`] order, shuffled with
    /// [`SliceRandom::shuffle`], then laid out by [`Board::from_deck`].
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Board {
        let mut deck: Vec<Card> = Card::all52().collect();
        deck.shuffle(rng);
        Board::from_deck(&deck)
    }

    /// Deal number `n`: [`Board::random`] with `rand_chacha::ChaCha8Rng::seed_from_u64(n)`.
    /// This numbering is the toolkit's own (not PySol's or Microsoft's); it is stable as long
    /// as `rand`'s shuffle algorithm is.
    ///
    /// ```
    /// use cardsim_engine::games::seahaven::Board;
    /// let b = Board::deal_number(1);
    /// assert_eq!(b, Board::deal_number(1));
    /// assert_eq!(b.towers().iter().flatten().count(), 2);
    /// assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
    /// ```
    pub fn deal_number(n: u64) -> Board {
        Board::random(&mut rand_chacha::ChaCha8Rng::seed_from_u64(n))
    }

    fn empty() -> Board {
        Board {
            columns: Default::default(),
            towers: [None; TOWERS],
            foundations: [0; 4],
        }
    }

    /// Builds a board from its parts, checking that it holds each of the 52 cards once.
    ///
    /// # Errors
    /// [`BoardErrorKind`] for a duplicated or missing card, a column longer than
    /// [`MAX_INPUT_COLUMN`], a foundation above 13, or a card that is not in the 52-card deck.
    pub fn from_parts(
        columns: &[Vec<Card>; COLUMNS],
        towers: [Option<Card>; TOWERS],
        foundations: [u8; 4],
    ) -> Result<Board, BoardErrorKind> {
        let mut b = Board::empty();
        for (s, &n) in foundations.iter().enumerate() {
            if n > 13 {
                return Err(BoardErrorKind::BadFoundation(format!(
                    "{} foundation holds {n} cards",
                    Suit::from_index(s as u8)
                )));
            }
        }
        b.foundations = foundations;
        for (i, col) in columns.iter().enumerate() {
            if col.len() > MAX_INPUT_COLUMN {
                return Err(BoardErrorKind::ColumnTooLong {
                    column: i + 1,
                    cards: col.len(),
                });
            }
            b.columns[i].extend(col.iter().copied());
        }
        b.towers = towers;
        b.check_cards()?;
        Ok(b)
    }

    /// The columns, bottom card first.
    pub fn columns(&self) -> &[Column; COLUMNS] {
        &self.columns
    }

    /// Column `i` (`0..10`), bottom card first.
    pub fn column(&self, i: usize) -> &[Card] {
        &self.columns[i]
    }

    /// The towers by position.
    pub fn towers(&self) -> [Option<Card>; TOWERS] {
        self.towers
    }

    /// Cards home on `suit`'s foundation (0 to 13; the top one is the card of that number).
    pub fn foundation(&self, suit: Suit) -> u8 {
        self.foundations[suit.index()]
    }

    /// Cards home on all foundations (0 to 52).
    pub fn home(&self) -> u8 {
        self.foundations.iter().sum()
    }

    /// True when all 52 cards are home.
    pub fn is_won(&self) -> bool {
        self.home() == 52
    }

    /// Towers holding a card.
    pub fn towers_used(&self) -> usize {
        self.towers.iter().flatten().count()
    }

    /// Columns with no card.
    pub fn empty_columns(&self) -> usize {
        self.columns.iter().filter(|c| c.is_empty()).count()
    }

    /// Where `card` is, or `None` if it is home.
    pub fn find(&self, card: Card) -> Option<Spot> {
        if self.foundations[card.suit().index()] >= number(card) {
            return None;
        }
        if let Some(t) = self.towers.iter().position(|&t| t == Some(card)) {
            return Some(Spot::Tower(t as u8));
        }
        self.columns
            .iter()
            .position(|c| c.contains(&card))
            .map(|c| Spot::Column(c as u8))
    }

    /// True when `card` may go to its foundation now (the card below it is home).
    pub fn playable_home(&self, card: Card) -> bool {
        self.foundations[card.suit().index()] + 1 == number(card)
    }

    /// Writes every legal move into `out` (cleared first), sources in order (columns 1..10,
    /// then towers 1..4), and for each source: home, onto a column, to a tower.
    ///
    /// Moves that change nothing but the order of columns or towers are not listed: a card
    /// goes only to the first free tower, a king only to the first empty column, never from
    /// tower to tower, and a king alone in its column never to another empty column.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        let _ = self.each_legal_move(|m| {
            out.push(m);
            ControlFlow::Continue(())
        });
    }

    /// True when at least one move is legal.
    pub fn has_legal_move(&self) -> bool {
        self.each_legal_move(|_| ControlFlow::Break(())).is_break()
    }

    /// Calls `f` with each move of [`Board::legal_moves`], in the same order, until it breaks.
    fn each_legal_move(&self, mut f: impl FnMut(Move) -> ControlFlow<()>) -> ControlFlow<()> {
        let free_tower = self.towers.iter().position(|t| t.is_none());
        let empty_col = self.columns.iter().position(|c| c.is_empty());
        let sources = (0..COLUMNS)
            .filter_map(|c| self.columns[c].last().map(|&k| (k, Spot::Column(c as u8))))
            .chain((0..TOWERS).filter_map(|t| self.towers[t].map(|k| (k, Spot::Tower(t as u8)))));
        for (card, from) in sources {
            if self.playable_home(card) {
                f(Move {
                    card,
                    from,
                    to: Spot::Foundation,
                })?;
            }
            match successor(card) {
                Some(up) => {
                    if let Some(c) = self.columns.iter().position(|col| col.last() == Some(&up)) {
                        f(Move {
                            card,
                            from,
                            to: Spot::Column(c as u8),
                        })?;
                    }
                }
                None => {
                    let alone =
                        matches!(from, Spot::Column(c) if self.columns[c as usize].len() == 1);
                    if let (Some(e), false) = (empty_col, alone) {
                        f(Move {
                            card,
                            from,
                            to: Spot::Column(e as u8),
                        })?;
                    }
                }
            }
            if let (Spot::Column(_), Some(t)) = (from, free_tower) {
                f(Move {
                    card,
                    from,
                    to: Spot::Tower(t as u8),
                })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Plays `mv` after checking that it is legal under the rules (any free tower and any
    /// empty column are accepted, not only the first).
    ///
    /// # Errors
    /// [`IllegalAction`] saying why, leaving the board unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalAction> {
        let err = |reason| {
            Err(IllegalAction {
                action: mv.to_string(),
                reason,
            })
        };
        let Move { card, from, to } = mv;
        if card.is_joker() || card.rank() == Rank::Knight {
            return err("not a card of the 52-card deck");
        }
        let on_top = match from {
            Spot::Column(c) => self.columns.get(c as usize).and_then(|c| c.last()) == Some(&card),
            Spot::Tower(t) => self.towers.get(t as usize) == Some(&Some(card)),
            Spot::Foundation => return err("cards never leave the foundations"),
        };
        if !on_top {
            return err("the card is not on top of that column or in that tower");
        }
        match to {
            Spot::Foundation => {
                if !self.playable_home(card) {
                    return err("the foundation does not end with the card below it");
                }
            }
            Spot::Tower(t) => match self.towers.get(t as usize) {
                None => return err("no such tower"),
                Some(Some(_)) => return err("the tower is occupied"),
                Some(None) => {
                    if matches!(from, Spot::Tower(_)) {
                        return err("a tower card moves only to a column or home");
                    }
                }
            },
            Spot::Column(c) => match self.columns.get(c as usize) {
                None => return err("no such column"),
                Some(col) => match col.last() {
                    None if card.rank() != Rank::King => {
                        return err("only a king may fill an empty column")
                    }
                    Some(&under) if successor(card) != Some(under) => {
                        return err("a card goes only on the next higher card of its suit")
                    }
                    _ if col.is_full() => return err("the column is full"),
                    _ => {}
                },
            },
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays `mv` without checking it. It must be legal (one of [`Board::legal_moves`] or
    /// accepted by [`Board::play`]); otherwise the board may break its invariants.
    pub fn play_unchecked(&mut self, mv: Move) {
        match mv.from {
            Spot::Column(c) => {
                self.columns[c as usize].pop();
            }
            Spot::Tower(t) => self.towers[t as usize] = None,
            Spot::Foundation => {}
        }
        match mv.to {
            Spot::Column(c) => self.columns[c as usize].push(mv.card),
            Spot::Tower(t) => self.towers[t as usize] = Some(mv.card),
            Spot::Foundation => self.foundations[mv.card.suit().index()] += 1,
        }
    }

    /// Checks that the board holds each of the 52 cards exactly once (home cards counted by
    /// the foundations) and no other card.
    ///
    /// # Errors
    /// The first problem found.
    pub fn check_cards(&self) -> Result<(), BoardErrorKind> {
        let mut seen = crate::CardSet::EMPTY;
        for s in Suit::ALL {
            for n in 1..=self.foundations[s.index()] {
                seen.insert(Card::new(Rank::from_number(n).expect("1..=13"), s));
            }
        }
        let in_play = self
            .columns
            .iter()
            .flatten()
            .chain(self.towers.iter().flatten());
        for &c in in_play {
            if c.is_joker() || c.rank() == Rank::Knight {
                return Err(BoardErrorKind::NotInDeck(c.to_string()));
            }
            if !seen.insert(c) {
                return Err(BoardErrorKind::Duplicate(c));
            }
        }
        let missing = crate::CardSet::FULL_DECK - seen;
        if !missing.is_empty() {
            return Err(BoardErrorKind::Missing(missing.to_string()));
        }
        Ok(())
    }

    /// Parses a file of boards separated by blank lines; lines starting with `#` are comments.
    ///
    /// # Errors
    /// The first malformed board, with its line number in `text`.
    pub fn parse_many(text: &str) -> Result<Vec<Board>, ParseBoardError> {
        let mut boards = Vec::new();
        let mut block: Vec<(usize, &str)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let t = line.trim();
            if t.starts_with('#') {
                continue;
            }
            if t.is_empty() {
                if !block.is_empty() {
                    boards.push(parse_block(&block)?);
                    block.clear();
                }
                continue;
            }
            block.push((i + 1, t));
        }
        if !block.is_empty() {
            boards.push(parse_block(&block)?);
        }
        Ok(boards)
    }
}

/// What is wrong with a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardErrorKind {
    /// A token that is not a card.
    #[error("{0:?} is not a card (expected rank A, 2-10 or T, J, Q, K then suit C, D, H, S)")]
    BadCard(String),
    /// A joker or knight.
    #[error("{0} is not a card of the 52-card deck")]
    NotInDeck(String),
    /// A malformed foundation entry.
    #[error("bad foundation {0} (expected suit-rank such as H-5, S-0 or D-K)")]
    BadFoundation(String),
    /// More than four tower entries.
    #[error("{0} towers given; Seahaven has 4")]
    TooManyTowers(usize),
    /// A header line given twice or after the columns.
    #[error("{0}")]
    Misplaced(&'static str),
    /// More than ten column lines.
    #[error("more than {COLUMNS} columns")]
    TooManyColumns,
    /// Fewer than ten column lines.
    #[error(
        "{0} columns given; Seahaven has {COLUMNS} (write an empty column as a line holding ':')"
    )]
    TooFewColumns(usize),
    /// A column longer than [`MAX_INPUT_COLUMN`].
    #[error("column {column} holds {cards} cards; at most {MAX_INPUT_COLUMN} are allowed")]
    ColumnTooLong {
        /// The column, from 1.
        column: usize,
        /// Its length.
        cards: usize,
    },
    /// A card twice (or in play although its foundation already holds it).
    #[error("{0} appears twice (or is in play although its foundation holds it)")]
    Duplicate(Card),
    /// Cards absent from the board.
    #[error("cards missing: {0}")]
    Missing(String),
    /// No board in the text.
    #[error("no board found")]
    Empty,
    /// Several boards where one was expected.
    #[error("{0} boards found where one was expected")]
    Several(usize),
}

/// A board that could not be read: where and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct ParseBoardError {
    /// The line (from 1) the problem was found on; for a problem with the board as a whole,
    /// its first line.
    pub line: usize,
    /// What is wrong.
    pub kind: BoardErrorKind,
}

fn parse_card(token: &str) -> Result<Card, BoardErrorKind> {
    // Freecell Solver also writes the ace as 1.
    let fixed;
    let t = match token.strip_prefix('1') {
        Some(suit) if suit.len() == 1 => {
            fixed = format!("A{suit}");
            fixed.as_str()
        }
        _ => token,
    };
    let card: Card = t
        .parse()
        .map_err(|_| BoardErrorKind::BadCard(token.to_string()))?;
    if card.is_joker() || card.rank() == Rank::Knight {
        return Err(BoardErrorKind::NotInDeck(token.to_string()));
    }
    Ok(card)
}

fn parse_foundation(token: &str) -> Result<(Suit, u8), BoardErrorKind> {
    let bad = || BoardErrorKind::BadFoundation(token.to_string());
    let (s, r) = token.split_once('-').ok_or_else(bad)?;
    let mut sc = s.chars();
    let suit = match (sc.next(), sc.next()) {
        (Some(c), None) => Suit::from_char(c).ok_or_else(bad)?,
        _ => return Err(bad()),
    };
    let n = match r {
        "0" => 0,
        "1" => 1,
        _ => Rank::from_token(r)
            .filter(|&r| r != Rank::Knight)
            .ok_or_else(bad)?
            .number(),
    };
    Ok((suit, n))
}

fn parse_block(lines: &[(usize, &str)]) -> Result<Board, ParseBoardError> {
    let first = lines.first().map_or(0, |l| l.0);
    let mut foundations: Option<[u8; 4]> = None;
    let mut towers: Option<[Option<Card>; TOWERS]> = None;
    let mut columns: Vec<Vec<Card>> = Vec::new();
    for &(line, text) in lines {
        let at = |kind| ParseBoardError { line, kind };
        let header = |name: &str| {
            text.get(..name.len())
                .filter(|h| h.eq_ignore_ascii_case(name))
                .map(|_| &text[name.len()..])
        };
        if let Some(rest) = header("Foundations:").or_else(|| header("Founds:")) {
            if foundations.is_some() {
                return Err(at(BoardErrorKind::Misplaced("a second Foundations line")));
            }
            if !columns.is_empty() {
                return Err(at(BoardErrorKind::Misplaced(
                    "Foundations line after the columns",
                )));
            }
            let mut f = [0u8; 4];
            let mut given = [false; 4];
            for tok in rest.split_whitespace() {
                let (s, n) = parse_foundation(tok).map_err(at)?;
                if std::mem::replace(&mut given[s.index()], true) {
                    return Err(at(BoardErrorKind::BadFoundation(format!(
                        "{tok} (suit given twice)"
                    ))));
                }
                f[s.index()] = n;
            }
            foundations = Some(f);
        } else if let Some(rest) = header("Freecells:") {
            if towers.is_some() {
                return Err(at(BoardErrorKind::Misplaced("a second Freecells line")));
            }
            if !columns.is_empty() {
                return Err(at(BoardErrorKind::Misplaced(
                    "Freecells line after the columns",
                )));
            }
            let toks: Vec<&str> = rest.split_whitespace().collect();
            if toks.len() > TOWERS {
                return Err(at(BoardErrorKind::TooManyTowers(toks.len())));
            }
            let mut t = [None; TOWERS];
            for (i, tok) in toks.iter().enumerate() {
                if *tok != "-" {
                    t[i] = Some(parse_card(tok).map_err(at)?);
                }
            }
            towers = Some(t);
        } else {
            if columns.len() == COLUMNS {
                return Err(at(BoardErrorKind::TooManyColumns));
            }
            let body = text.strip_prefix(':').unwrap_or(text);
            let col = body
                .split_whitespace()
                .map(parse_card)
                .collect::<Result<Vec<_>, _>>();
            let col = col.map_err(at)?;
            if col.len() > MAX_INPUT_COLUMN {
                let kind = BoardErrorKind::ColumnTooLong {
                    column: columns.len() + 1,
                    cards: col.len(),
                };
                return Err(at(kind));
            }
            columns.push(col);
        }
    }
    if columns.len() < COLUMNS {
        return Err(ParseBoardError {
            line: first,
            kind: BoardErrorKind::TooFewColumns(columns.len()),
        });
    }
    let columns: [Vec<Card>; COLUMNS] = columns.try_into().expect("exactly COLUMNS");
    Board::from_parts(
        &columns,
        towers.unwrap_or([None; TOWERS]),
        foundations.unwrap_or([0; 4]),
    )
    .map_err(|kind| ParseBoardError { line: first, kind })
}

/// Freecell Solver's order of suits on the `Foundations:` line.
const FC_SUIT_ORDER: [Suit; 4] = [Suit::Hearts, Suit::Clubs, Suit::Diamonds, Suit::Spades];

impl fmt::Display for Board {
    /// Freecell Solver's format: `Foundations:`, `Freecells:`, then one line per column,
    /// bottom card first; an empty column is a line holding `:`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Foundations:")?;
        for s in FC_SUIT_ORDER {
            match self.foundations[s.index()] {
                0 => write!(f, " {}-0", s.char())?,
                n => write!(
                    f,
                    " {}-{}",
                    s.char(),
                    Rank::from_number(n).expect("1..=13").char()
                )?,
            }
        }
        f.write_str("\nFreecells:")?;
        for t in self.towers {
            match t {
                Some(c) => write!(f, " {c}")?,
                None => f.write_str(" -")?,
            }
        }
        for col in &self.columns {
            f.write_str("\n")?;
            if col.is_empty() {
                f.write_str(":")?;
            }
            for (i, c) in col.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{c}")?;
            }
        }
        f.write_str("\n")
    }
}

impl FromStr for Board {
    type Err = ParseBoardError;

    /// Parses exactly one board in Freecell Solver's format (see [`Board::parse_many`]).
    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        let mut all = Board::parse_many(s)?;
        match all.len() {
            1 => Ok(all.pop().expect("one")),
            0 => Err(ParseBoardError {
                line: 1,
                kind: BoardErrorKind::Empty,
            }),
            n => Err(ParseBoardError {
                line: 1,
                kind: BoardErrorKind::Several(n),
            }),
        }
    }
}
