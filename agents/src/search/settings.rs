//! Search settings: `Default` structs with chainable setters.

use super::tree::Budget;
use std::time::Duration;

/// The budget and exploration of one tree search (ISMCTS, or the perfect-information UCT of
/// `pimc` and `cheat`).
///
/// ```
/// use cardsim_agents::search::SearchSettings;
/// use std::time::Duration;
/// let s = SearchSettings::default().iterations(200).exploration(1.0);
/// assert_eq!((s.iterations, s.exploration, s.time_limit), (200, 1.0, None));
/// let timed = SearchSettings::default().time_limit(Some(Duration::from_millis(50)));
/// assert_eq!(timed.time_limit, Some(Duration::from_millis(50)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchSettings {
    /// Iterations per decision (default 1,000). With a time limit as well, the search stops
    /// at whichever comes first.
    pub iterations: u32,
    /// Wall-clock time per decision (default none). A timed search is not reproducible.
    pub time_limit: Option<Duration>,
    /// The UCB exploration constant `c` (default 0.7; rewards are sides' win shares in `[0, 1]`).
    pub exploration: f64,
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            iterations: 1_000,
            time_limit: None,
            exploration: 0.7,
        }
    }
}

impl SearchSettings {
    /// Sets the iterations per decision.
    pub fn iterations(mut self, n: u32) -> Self {
        self.iterations = n;
        self
    }

    /// Sets the time limit per decision.
    pub fn time_limit(mut self, t: Option<Duration>) -> Self {
        self.time_limit = t;
        self
    }

    /// Sets the exploration constant.
    pub fn exploration(mut self, c: f64) -> Self {
        self.exploration = c;
        self
    }

    pub(crate) fn budget(&self) -> Budget {
        Budget {
            iterations: self.iterations,
            time: self.time_limit,
        }
    }

    /// The settings as spec text, e.g. `iters=1000,c=0.7` (with `ms=` when timed).
    pub(crate) fn spec_text(&self) -> String {
        let mut s = format!("iters={},c={}", self.iterations, self.exploration);
        if let Some(t) = self.time_limit {
            s.push_str(&format!(",ms={}", t.as_millis()));
        }
        s
    }
}

/// The settings of determinized search ([`crate::search::Pimc`]): how many worlds to sample,
/// and optionally a time limit or a budget of solver nodes for the whole decision. The
/// per-world search has its own settings (those of its solver).
///
/// ```
/// use cardsim_agents::search::PimcSettings;
/// use std::time::Duration;
/// assert_eq!(PimcSettings::default().worlds(40).worlds, 40);
/// let timed = PimcSettings::default().time_limit(Some(Duration::from_millis(20)));
/// assert_eq!(timed.time_limit, Some(Duration::from_millis(20)));
/// let budgeted = PimcSettings::default().worlds(10).nodes(Some(1_000_000));
/// assert_eq!(budgeted.nodes, Some(1_000_000));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PimcSettings {
    /// Determinizations sampled per decision (default 20). With a time limit as well, the
    /// search stops at whichever comes first.
    pub worlds: u32,
    /// Wall-clock time per decision (default none): no new world is sampled once it is up,
    /// but at least one world is always searched. A timed search is not reproducible.
    pub time_limit: Option<Duration>,
    /// Solver nodes per decision (default none), summed over its worlds: no new world is
    /// sampled once the next, at the mean cost of those searched so far, would pass the
    /// budget, but at least one world is always searched. Each world is searched within what
    /// is left ([`crate::search::PerfectInfoSolver::evaluate_within`]): one that would pass it
    /// is given up, and the first world, always valued, is valued approximately where its
    /// exact search would pass it, so a decision costs about the budget at most. Unlike a
    /// time limit it keeps the search reproducible: dear positions (the first tricks of a
    /// double-dummy solve) get fewer worlds, cheap ones up to [`PimcSettings::worlds`]. Only a
    /// solver that counts its nodes ([`crate::search::PerfectInfoSolver::nodes`]) has one.
    pub nodes: Option<u64>,
}

impl Default for PimcSettings {
    fn default() -> Self {
        PimcSettings {
            worlds: 20,
            time_limit: None,
            nodes: None,
        }
    }
}

impl PimcSettings {
    /// Sets the number of worlds.
    pub fn worlds(mut self, n: u32) -> Self {
        self.worlds = n;
        self
    }

    /// Sets the time limit per decision.
    pub fn time_limit(mut self, t: Option<Duration>) -> Self {
        self.time_limit = t;
        self
    }

    /// Sets the budget of solver nodes per decision.
    pub fn nodes(mut self, n: Option<u64>) -> Self {
        self.nodes = n;
        self
    }

    /// The settings as spec text, e.g. `worlds=20` (with `ms=` when timed, `nodes=` with a
    /// node budget).
    pub(crate) fn spec_text(&self) -> String {
        let mut s = format!("worlds={}", self.worlds);
        if let Some(t) = self.time_limit {
            s.push_str(&format!(",ms={}", t.as_millis()));
        }
        if let Some(n) = self.nodes {
            s.push_str(&format!(",nodes={n}"));
        }
        s
    }
}
