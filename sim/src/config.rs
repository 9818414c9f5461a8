//! Simulation settings.

use crate::SimError;

/// The most games one run (or one tournament pairing) may ask for: 2^53, the largest count
/// every tally (kept in `f64`) holds exactly. Memory never depends on the count; this bounds
/// the arithmetic on game indices, which then cannot overflow.
pub const MAX_GAMES: u64 = 1 << 53;

/// Refuses a count of games past [`MAX_GAMES`], naming the option `what`.
///
/// ```
/// assert!(cardsim_sim::check_games("--games", 1000).is_ok());
/// let e = cardsim_sim::check_games("--games", u64::MAX).unwrap_err().to_string();
/// assert!(e.contains("--games 18446744073709551615 is more than"));
/// ```
///
/// # Errors
/// [`SimError::Setting`] saying the limit.
pub fn check_games(what: &str, games: u64) -> Result<(), SimError> {
    if games > MAX_GAMES {
        return Err(SimError::Setting(format!(
            "{what} {games} is more than {MAX_GAMES}, the most games a run can count exactly"
        )));
    }
    Ok(())
}

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
    /// Play only this share of the games (see [`Shard`]); `None` plays them all.
    pub shard: Option<Shard>,
    /// Keep each game's deal and decisions ([`crate::GameRecord::trace`]) for game records.
    pub records: bool,
    /// The first game index to play: a run plays games `start..games` (a batch of a longer
    /// run, each game exactly as the whole run plays it). Not used with `shard`.
    pub start: u64,
    /// Deal texts to play ([`cardsim_engine::DealText`]), empty for deals from the seed: game
    /// `i` plays deal `(i / block) mod len`, `block` being the duplicate period (1 without
    /// `duplicate`); chance after the deal comes from the game's seed as usual.
    pub deals: Vec<String>,
    /// Play on from this recorded position in every game instead of from a deal (not with
    /// `deals`); chance after the position comes from the game's seed.
    pub position: Option<crate::Position>,
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
            shard: None,
            records: false,
            start: 0,
            deals: Vec::new(),
            position: None,
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
    /// Plays only games `start..games`.
    pub fn start(mut self, start: u64) -> Self {
        self.start = start;
        self
    }
    /// Plays these deal texts instead of deals from the seed (see [`SimConfig::deals`]).
    pub fn deals(mut self, deals: Vec<String>) -> Self {
        self.deals = deals;
        self
    }
    /// Plays on from a recorded position (see [`SimConfig::position`]).
    pub fn position(mut self, position: Option<crate::Position>) -> Self {
        self.position = position;
        self
    }
    /// Plays only one share of the games.
    pub fn shard(mut self, shard: Option<Shard>) -> Self {
        self.shard = shard;
        self
    }
}

/// Share `index` of `count` (0-based, written `I/N`) of a run's games: a contiguous range of
/// game indices fixed by the run's size alone, so the shards of any split are the games of
/// the whole run, each played exactly as the whole run plays it.
///
/// ```
/// use cardsim_sim::Shard;
/// let s: Shard = "1/4".parse().unwrap();
/// // 10 games in blocks of 1: shards of 2, 3, 2 and 3 games.
/// assert_eq!(s.range(10, 1), 2..5);
/// // Duplicate blocks of 2 games are never split.
/// assert_eq!(s.range(10, 2), 2..4);
/// assert!("4/4".parse::<Shard>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// This shard, from 0.
    pub index: u64,
    /// How many shards the run is split into.
    pub count: u64,
}

impl Shard {
    /// The game indices of this shard in a run of `games` games played in blocks of `block`
    /// (the duplicate period; `games` is a multiple of it): shard `i` of `n` holds blocks
    /// `i*B/n .. (i+1)*B/n` of the `B = games/block` blocks.
    pub fn range(&self, games: u64, block: u64) -> std::ops::Range<u64> {
        let block = block.max(1);
        let blocks = games / block;
        let at = |i: u64| ((i as u128 * blocks as u128 / self.count as u128) as u64) * block;
        at(self.index)..at(self.index + 1)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("bad shard {s:?}: use I/N with 0 <= I < N, e.g. 0/8");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}
