//! Simulation settings.

/// How many games to run and how: a `Default` struct with chainable setters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimConfig {
    /// Number of games.
    pub games: u64,
    /// Master seed; game `i` uses the ChaCha stream `(seed, i)`.
    pub seed: u64,
    /// Worker threads; 0 means one per core.
    pub threads: usize,
    /// Rotate the seating cyclically from game to game.
    pub rotate: bool,
    /// No progress bar.
    pub quiet: bool,
    /// Duplicate: every deal is played once in each distinct seating of the agents (see
    /// [`crate::duplicate_period`]), so luck of the cards cancels out of the comparison.
    pub duplicate: bool,
    /// A game that runs longer than this many actions is reported as an error (a rules bug).
    pub max_moves: u64,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            games: 10_000,
            seed: 0,
            threads: 0,
            rotate: true,
            quiet: false,
            duplicate: false,
            max_moves: 50_000_000,
        }
    }
}

impl SimConfig {
    /// Sets the number of games.
    pub fn games(mut self, games: u64) -> Self {
        self.games = games;
        self
    }
    /// Sets the master seed.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
    /// Sets the number of threads (0 = all cores).
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }
    /// Turns seat rotation on or off.
    pub fn rotate(mut self, rotate: bool) -> Self {
        self.rotate = rotate;
        self
    }
    /// Turns duplicate play on or off.
    pub fn duplicate(mut self, duplicate: bool) -> Self {
        self.duplicate = duplicate;
        self
    }
    /// Turns the progress bar off.
    pub fn quiet(mut self, quiet: bool) -> Self {
        self.quiet = quiet;
        self
    }
}
