//! An exact solver for Seahaven Towers: it decides whether a position can be won, and returns
//! a winning line when it can.
//!
//! ```
//! use cardsim_agents::games::seahaven::solver::{solve, SolverConfig, Verdict};
//! use cardsim_engine::games::seahaven::Board;
//! let board = Board::deal_number(3);
//! let result = solve(&board, &SolverConfig::default());
//! assert_ne!(result.verdict, Verdict::Limit);
//! if result.verdict == Verdict::Solved {
//!     let mut b = board.clone();
//!     for m in &result.moves {
//!         b.play(*m).unwrap();
//!     }
//!     assert!(b.is_won());
//! }
//! ```
//!
//! # Verdicts
//! - [`Verdict::Solved`]: [`Solution::moves`] wins from the given board; [`solve`] replays it
//!   through the engine's checked [`Board::play`] before returning, so a solution that did not
//!   win would be a panic, never a wrong answer.
//! - [`Verdict::Unsolvable`]: every position reachable under the rules (up to the reductions
//!   below, each of which keeps some winning line whenever one exists) was visited and none
//!   is won.
//! - [`Verdict::Limit`]: the node or time budget of [`SolverConfig`] ran out first.
//!
//! # Search
//! A best-first search over positions: the open position with the best score (cards home,
//! towers free, next cards uncovered; `Pos::eval` in `position.rs`) is expanded first, the
//! newest among equals (one stack per score, `queue.rs`).
//! Every position is reduced to a 128-bit canonical key (see `position.rs`: columns are
//! `(origin, k, r)` triples, towers are implied, and positions that differ only in the order
//! of their columns or of their towers share a key) and stored in an open-addressing table of
//! keys, 16 bytes each; a position whose key is already stored is not queued again. Each position reachable from
//! the root (under the moves below) is therefore expanded at most once, and the search ends
//! either at a won position or when nothing is left to expand: then no reachable position is
//! won. The score only decides the order, never what is searched, so it cannot change the
//! verdict. Memory is about 100 bytes per stored position (key, queue entry, parent link).
//!
//! # Speed
//! What each technique gave, deciding deals 1 to 1,000 on one core (CPU seconds of the
//! whole run, median of 9 runs interleaved with the others, on the 2-core development
//! machine at a load of about 13, so the figures carry about ±10% of noise; the node and
//! position counts, 2,203,062 and 965,554, are the same for every step):
//!
//! | step | CPU s |
//! |---|---|
//! | binary heap of positions, depths by scanning the columns (before) | 0.83 |
//! | a stack per score instead of the heap (`queue.rs`; same order of expansion) | 0.77 |
//! | `Pos::eval`'s depths by table look-up (normal form: the cards it asks about cover nothing unless they are where they were dealt) | 0.71 |
//! | buffers kept between searches ([`Solver`]; a small search after a big one starts with a small table) | 0.73 |
//! | branch-free key (a moved king counts 1 in `k`) and a bit set of column tops, kept by `Pos::apply` | 0.68 |
//!
//! From 0.83 to 0.68 s: 18% less CPU. Still spent (`perf record`): the position table's
//! probes about 14% (cache misses: a key is 16 bytes, and a smaller one would have to
//! drop bits and so risk a wrong verdict), the key 12%, normalization 12%, applying moves
//! 15%, the evaluation 10%, and the loop with move generation the rest.
//!
//! # Moves and normal form, and why the verdict stays exact
//! The rules move one card at a time. The search works on positions in *normal form* and
//! with *run moves*; every run move is a sequence of legal single-card moves, and the
//! engine replays the expanded line, so a `solved` verdict is always genuine. What must be
//! shown is the converse: if some line of single-card moves wins, the search finds a win.
//!
//! 1. **Cards that can go home go home at once.** A card `c` that can go home has the card
//!    below it in suit home already, and that is the only card that could ever be built on
//!    `c`, so in play `c` can only be in the way. Take a winning line from the position with
//!    `c` in play and replay it with `c` home, skipping the moves of `c` (and, by induction,
//!    of every card sent home early: such cards only ever lie on each other). Every other
//!    move stays legal (its card is on top, the card it lands on is there, there are at
//!    least as many free towers and empty columns, and a foundation move still finds the
//!    card below it home), and the line still ends with every card home.
//! 2. **A tower card whose successor (next higher card, same suit) tops a column is put on
//!    it at once.** Call the result the normal form `N(S)` of a position `S`: `S` with some
//!    tower cards placed back on their successors, so `N(S)` has as many more free towers
//!    as cards placed. The only thing `S` can do that `N(S)` cannot do in one move is move
//!    a card `x` that in `N(S)` is covered by such cards `x-1, x-2, ...`: those cards sit in
//!    towers in `S`, and the free towers they leave in `N(S)` are exactly what it takes to
//!    move `x` with them as one run. So the search moves *runs*: the maximal same-suit run
//!    on top of a column (a single card is a run of one) goes as a unit, its upper cards
//!    passing through free towers, onto the successor of its bottom card (needing
//!    `length - 1` free towers), to an empty column if its bottom card is a king that has
//!    cards under it (same), or into the towers (`length` free towers). Each single-card
//!    move of a winning line from `S` maps to one run move (or none) from `N(S)` that
//!    reaches the normal form of its result, by the case analysis above: a card moved to a
//!    tower takes its covering run with it, a card moved onto its successor or to an empty
//!    column takes it along, and a tower card moved onto its successor is already there.
//!    By induction on the line, the search reaches a won position. Moving only the upper
//!    part of a run is never needed: into the towers it would come straight back, and its
//!    bottom card's successor is the card under it, so it has nowhere else to go. For the
//!    same reason a run whose bottom card's successor tops a column is not offered the
//!    towers: its normal form is the move onto the successor.
//! 3. **Moves that only reorder columns or towers are not generated**: tower to tower, a
//!    whole column that is a king's run to another empty column, and a king to any empty
//!    column but the first. Their results have the key of a position already generated.
//!
//! Nothing else is pruned: no move is forced because it looks good, and no position is cut
//! because it looks bad.

mod position;
mod queue;
mod table;
#[cfg(test)]
mod tests;

use cardsim_engine::games::seahaven::{Board, Move, Spot, COLUMNS, TOWERS};
use position::{card, Layout, Macro, Pos, SMove, HOME, NONE, TOWER};
use queue::BucketQueue;
use std::collections::BinaryHeap;
use std::fmt;
use std::time::{Duration, Instant};
use table::Table;

/// The solver's budget: a `Default` struct (no limit at all) with chainable setters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolverConfig {
    /// Stop with [`Verdict::Limit`] after generating this many positions.
    pub max_nodes: Option<u64>,
    /// Stop with [`Verdict::Limit`] after this much time.
    pub timeout: Option<Duration>,
}

impl SolverConfig {
    /// Sets the node budget (`None` = unlimited).
    pub fn max_nodes(mut self, n: Option<u64>) -> Self {
        self.max_nodes = n;
        self
    }
    /// Sets the time budget (`None` = unlimited).
    pub fn timeout(mut self, t: Option<Duration>) -> Self {
        self.timeout = t;
        self
    }
}

/// The answer for one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Winnable; [`Solution::moves`] wins.
    Solved,
    /// Proven unwinnable: the whole reachable space was searched.
    Unsolvable,
    /// The budget ran out before a decision.
    Limit,
}

impl Verdict {
    /// The lower-case word used in CSV files: `solved`, `unsolvable`, `limit`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::Unsolvable => "unsolvable",
            Verdict::Limit => "limit",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What [`solve`] found, and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The verdict.
    pub verdict: Verdict,
    /// For [`Verdict::Solved`], a winning line of engine moves from the given board (each
    /// accepted by [`Board::play`]); empty otherwise.
    pub moves: Vec<Move>,
    /// Positions generated (successors examined, after foundation moves).
    pub nodes: u64,
    /// Distinct positions stored in the transposition table.
    pub states: u64,
    /// Bytes held by the transposition table at the end.
    pub table_bytes: usize,
    /// Wall time spent.
    pub elapsed: Duration,
}

/// Decides `board` within `config`'s budget.
///
/// The search works in buffers kept per thread ([`Solver`]), so deciding many boards in a
/// row allocates only when a search outgrows the ones before it.
///
/// # Panics
/// Only on a solver bug: if a line it found is rejected by the engine or does not win.
pub fn solve(board: &Board, config: &SolverConfig) -> Solution {
    thread_local! {
        static SOLVER: std::cell::RefCell<Solver> = std::cell::RefCell::new(Solver::new());
    }
    SOLVER.with(|s| match s.try_borrow_mut() {
        Ok(mut solver) => solver.solve(board, config),
        // Only reachable from a solve inside a solve; give it buffers of its own.
        Err(_) => Solver::new().solve(board, config),
    })
}

/// The exact solver with its buffers (the position table, the queue and the tree of parent
/// links), kept from one [`Solver::solve`] to the next. A search that grew the table or the
/// tree beyond a few hundred thousand positions hands the excess back when it ends.
pub struct Solver {
    table: Table,
    queue: BucketQueue<(u32, Pos)>,
    parent: Vec<u32>,
    via: Vec<Macro>,
}

/// Positions a [`Solver`] keeps room for between searches: about 11 MB of table, tree and
/// queue.
const KEEP: usize = 1 << 18;

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with small buffers.
    pub fn new() -> Solver {
        Solver {
            table: Table::new(),
            queue: BucketQueue::new(),
            parent: Vec::new(),
            via: Vec::new(),
        }
    }

    /// Decides `board` within `config`'s budget ([`solve`] on this solver's buffers).
    ///
    /// # Panics
    /// Only on a solver bug: if a line it found is rejected by the engine or does not win.
    pub fn solve(&mut self, board: &Board, config: &SolverConfig) -> Solution {
        let started = Instant::now();
        let layout = Layout::new(board);
        self.table.reset(KEEP);
        self.queue.reset(KEEP / 4);
        self.parent.clear();
        self.parent.shrink_to(KEEP);
        self.via.clear();
        self.via.shrink_to(KEEP);
        let mut search = Search {
            layout: &layout,
            table: &mut self.table,
            queue: &mut self.queue,
            parent: &mut self.parent,
            via: &mut self.via,
            nodes: 0,
            config: *config,
            started,
        };
        let (verdict, line) = search.run(board);
        let nodes = search.nodes;
        let moves = if verdict == Verdict::Solved {
            to_engine_moves(board, &line)
        } else {
            Vec::new()
        };
        Solution {
            verdict,
            moves,
            nodes,
            states: self.table.len() as u64,
            table_bytes: self.table.bytes(),
            elapsed: started.elapsed(),
        }
    }
}

/// Turns a solver line into engine moves by replaying it on `board` with the checked
/// [`Board::play`], and checks that it wins.
fn to_engine_moves(board: &Board, line: &[SMove]) -> Vec<Move> {
    let (out, b) = expand(board, line);
    assert!(b.is_won(), "solver bug: the line does not win\n{b}");
    out
}

/// Replays a solver line on `board` with the checked [`Board::play`]: the engine moves and
/// the board they lead to.
fn expand(board: &Board, line: &[SMove]) -> (Vec<Move>, Board) {
    let mut out = Vec::with_capacity(line.len());
    let b = expand_into(board, line, &mut out);
    (out, b)
}

/// [`expand`], appending the engine moves to `out`.
fn expand_into(board: &Board, line: &[SMove], out: &mut Vec<Move>) -> Board {
    let mut b = board.clone();
    for (i, m) in line.iter().enumerate() {
        let c = card(m.card);
        let from = b
            .find(c)
            .unwrap_or_else(|| panic!("solver bug: move {i} plays {c}, which is home"));
        let to = match m.to {
            HOME => Spot::Foundation,
            TOWER => {
                let t = b.towers().iter().position(|t| t.is_none());
                Spot::Tower(
                    t.unwrap_or_else(|| panic!("solver bug: move {i}: no free tower")) as u8,
                )
            }
            col => Spot::Column(col),
        };
        let mv = Move { card: c, from, to };
        if let Err(e) = b.play(mv) {
            panic!("solver bug: move {i} ({mv}) rejected by the engine: {e}\n{b}");
        }
        out.push(mv);
    }
    b
}

/// The most run moves a position has ([`gen_moves`]): a king from each tower to an empty
/// column, and from each column one move onto a column plus one into the towers.
const MAX_MACROS: usize = TOWERS + 2 * COLUMNS;

/// The longest line one run move and the normalization after it log: a run of up to 13
/// cards, then up to 52 cards home and a card from each tower onto its successor.
const MAX_LINE: usize = 13 + 52 + TOWERS;

/// The buffers of [`lookahead`], owned by its caller: sized for the budget when made, so
/// that a look-ahead allocates nothing (budgets above 65,536 positions may still grow them).
pub(crate) struct LookaheadScratch {
    table: Table,
    heap: BinaryHeap<(Open, usize)>,
    firsts: Vec<Macro>,
    moves: Vec<Macro>,
    line: Vec<SMove>,
    best: Vec<i32>,
    /// The engine moves of the obvious line, or of every option one after another.
    steps: Vec<Move>,
    /// Per option: where its moves end in `steps`, and the position they lead to.
    options: Vec<(usize, Board)>,
}

impl LookaheadScratch {
    /// Buffers for look-aheads of `budget` positions.
    pub(crate) fn new(budget: u64) -> LookaheadScratch {
        // Positions stored or queued: the root, its moves, the budget, and the moves of the
        // expansion that reaches it.
        let positions = budget.min(1 << 16) as usize + 2 * MAX_MACROS + 1;
        LookaheadScratch {
            table: Table::for_keys(positions),
            heap: BinaryHeap::with_capacity(positions),
            firsts: Vec::with_capacity(MAX_MACROS),
            moves: Vec::with_capacity(MAX_MACROS),
            line: Vec::with_capacity(MAX_LINE),
            best: Vec::with_capacity(MAX_MACROS),
            steps: Vec::with_capacity(MAX_MACROS * MAX_LINE),
            options: Vec::with_capacity(MAX_MACROS),
        }
    }
}

/// What a short look-ahead from a position found (for the heuristic agent).
pub(crate) enum Lookahead<'a> {
    /// Moves that need no thought (cards home, tower cards back onto their successor).
    Obvious(&'a [Move]),
    /// Each run move of the position: the engine moves that play it (with the obvious moves
    /// that follow), the position they lead to, and the best score found below it.
    Options(Options<'a>),
}

/// The options of a [`Lookahead`].
#[derive(Clone, Copy)]
pub(crate) struct Options<'a> {
    scratch: &'a LookaheadScratch,
}

impl<'a> Options<'a> {
    /// `(moves, position after them, best score below)` for each run move, in move order.
    pub(crate) fn iter(self) -> impl Iterator<Item = (&'a [Move], &'a Board, i32)> + Clone {
        let s = self.scratch;
        s.options
            .iter()
            .zip(&s.best)
            .enumerate()
            .map(|(i, ((end, after), &score))| {
                let start = if i == 0 { 0 } else { s.options[i - 1].0 };
                (&s.steps[start..*end], after, score)
            })
    }
}

/// Score of a won position in [`lookahead`].
pub(crate) const WON: i32 = i32::MAX / 2;

/// A best-first look-ahead from `board` that expands at most `budget` positions: scores each
/// run move by the best [`position::Pos::eval`] found below it ([`WON`] for a win). Works in
/// `scratch`, which the result borrows.
pub(crate) fn lookahead<'s>(
    board: &Board,
    budget: u64,
    scratch: &'s mut LookaheadScratch,
) -> Lookahead<'s> {
    let LookaheadScratch {
        table,
        heap,
        firsts,
        moves,
        line,
        best,
        steps,
        options,
    } = scratch;
    let l = Layout::new(board);
    let mut root = Pos::new(&l, board);
    line.clear();
    steps.clear();
    root.normalize(&l, line);
    if !line.is_empty() {
        expand_into(board, line, steps);
        return Lookahead::Obvious(&scratch.steps);
    }
    table.clear();
    heap.clear();
    firsts.clear();
    best.clear();
    options.clear();
    table.insert(root.key(&l));
    gen_moves(&l, &root, firsts);
    let mut next_id = 0;
    for (i, &m) in firsts.iter().enumerate() {
        let mut child = root;
        line.clear();
        child.apply_macro(&l, m, line);
        child.normalize(&l, line);
        let score = if child.home == 52 {
            WON
        } else {
            child.eval(&l)
        };
        best.push(score);
        let after = expand_into(board, line, steps);
        options.push((steps.len(), after));
        if table.insert(child.key(&l)) && score != WON {
            heap.push((
                Open {
                    score,
                    id: next_id,
                    pos: child,
                },
                i,
            ));
            next_id += 1;
        }
    }
    let mut nodes = 0;
    while let Some((Open { pos, .. }, i)) = heap.pop() {
        if nodes >= budget {
            break;
        }
        moves.clear();
        gen_moves(&l, &pos, moves);
        for &m in moves.iter() {
            let mut child = pos;
            line.clear();
            child.apply_macro(&l, m, line);
            child.normalize(&l, line);
            nodes += 1;
            let score = if child.home == 52 {
                WON
            } else {
                child.eval(&l)
            };
            best[i] = best[i].max(score);
            if score != WON && table.insert(child.key(&l)) {
                heap.push((
                    Open {
                        score,
                        id: next_id,
                        pos: child,
                    },
                    i,
                ));
                next_id += 1;
            }
        }
    }
    Lookahead::Options(Options { scratch })
}

struct Search<'a> {
    layout: &'a Layout,
    table: &'a mut Table,
    queue: &'a mut BucketQueue<(u32, Pos)>,
    /// `parent[i]`, `via[i]`: how position `i` was reached (position 0 is the root).
    parent: &'a mut Vec<u32>,
    via: &'a mut Vec<Macro>,
    nodes: u64,
    config: SolverConfig,
    started: Instant,
}

impl Search<'_> {
    fn out_of_budget(&self) -> bool {
        if let Some(n) = self.config.max_nodes {
            if self.nodes >= n {
                return true;
            }
        }
        if let Some(t) = self.config.timeout {
            if self.nodes % 1024 == 0 && self.started.elapsed() >= t {
                return true;
            }
        }
        false
    }
}

/// A position waiting in the best-first queue.
struct Open {
    score: i32,
    id: u32,
    pos: Pos,
}

impl PartialEq for Open {
    fn eq(&self, o: &Open) -> bool {
        (self.score, self.id) == (o.score, o.id)
    }
}
impl Eq for Open {}
impl PartialOrd for Open {
    fn partial_cmp(&self, o: &Open) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Open {
    /// Best score first; among equals, the newest (depth-first flavour).
    fn cmp(&self, o: &Open) -> std::cmp::Ordering {
        (self.score, self.id).cmp(&(o.score, o.id))
    }
}

impl Search<'_> {
    fn run(&mut self, board: &Board) -> (Verdict, Vec<SMove>) {
        let l = self.layout;
        let mut scratch: Vec<SMove> = Vec::with_capacity(MAX_LINE);
        let mut root = Pos::new(l, board);
        let mut prefix = Vec::new();
        root.normalize(l, &mut prefix);
        if root.home == 52 {
            return (Verdict::Solved, prefix);
        }
        self.table.insert(root.key(l));
        self.parent.push(u32::MAX);
        self.via.push(Macro {
            base: 0,
            len: 0,
            from: 0,
            to: 0,
        });
        self.queue.push(root.eval(l), (0u32, root));
        let mut moves: Vec<Macro> = Vec::with_capacity(MAX_MACROS);
        while let Some((id, pos)) = self.queue.pop() {
            moves.clear();
            gen_moves(l, &pos, &mut moves);
            for &m in &moves {
                let mut child = pos;
                scratch.clear();
                child.apply_macro(l, m, &mut scratch);
                child.normalize(l, &mut scratch);
                self.nodes += 1;
                if child.home == 52 {
                    let mut path = vec![m];
                    let mut at = id;
                    while at != 0 {
                        path.push(self.via[at as usize]);
                        at = self.parent[at as usize];
                    }
                    let mut line = prefix;
                    let mut p = root;
                    for &m in path.iter().rev() {
                        p.apply_macro(l, m, &mut line);
                        p.normalize(l, &mut line);
                    }
                    debug_assert_eq!(p.home, 52);
                    return (Verdict::Solved, line);
                }
                if !self.table.insert(child.key(l)) {
                    continue;
                }
                if self.out_of_budget() {
                    return (Verdict::Limit, Vec::new());
                }
                let cid = self.parent.len() as u32;
                self.parent.push(id);
                self.via.push(m);
                self.queue.push(child.eval(l), (cid, child));
            }
        }
        (Verdict::Unsolvable, Vec::new())
    }
}

/// Appends the moves of a normalized position to `out` (see the module docs for which moves
/// exist).
fn gen_moves(l: &Layout, p: &Pos, out: &mut Vec<Macro>) {
    let empty = p.empty_column();
    let free = p.free_towers() as u8;
    if let Some(e) = empty {
        let mut t = p.towers;
        while t != 0 {
            let c = t.trailing_zeros() as u8;
            t &= t - 1;
            if c & 15 == 13 {
                out.push(Macro {
                    base: c,
                    len: 1,
                    from: TOWER,
                    to: e as u8,
                });
            }
        }
    }
    for x in 0..p.cols.len() {
        let col = &p.cols[x];
        if col.top == NONE {
            continue;
        }
        let len = col.run(l);
        let base = col.top + len - 1;
        if base & 15 == 13 {
            if let (Some(e), true) = (empty, col.height() > len && len <= free + 1) {
                out.push(Macro {
                    base,
                    len,
                    from: x as u8,
                    to: e as u8,
                });
            }
        } else if let Some(y) = p.column_topped_by(base + 1) {
            // Sending this run to the towers would bring it straight back onto its successor.
            if len <= free + 1 {
                out.push(Macro {
                    base,
                    len,
                    from: x as u8,
                    to: y as u8,
                });
            }
            continue;
        }
        if len <= free {
            out.push(Macro {
                base,
                len,
                from: x as u8,
                to: TOWER,
            });
        }
    }
}
