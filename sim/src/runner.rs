//! The parallel, reproducible simulation loop.

use crate::pipeline::pipelined;
use crate::play::{debug_text, play_game_in, Buffers, Prefix, Start};
use crate::{GameRecord, SimConfig, SimError, MAX_STATS};
use arrayvec::ArrayVec;
use cardsim_agents::{catalog, Agent, AgentCatalog, AgentSpec, GameAgents};
use cardsim_engine::{Game, MAX_SEATS};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::IsTerminal;

/// Games handed to rayon at a time, per thread; the records of a chunk are handed on in order
/// while the next chunk plays ([`pipelined`]), so memory stays flat however many games are
/// run: two chunks of records (about 600 bytes each) at most.
const CHUNK_PER_THREAD: u64 = 256;

/// The RNG of game `index` in a run with master seed `seed`: ChaCha8 seeded with `seed`,
/// on stream `index`.
pub fn game_rng(seed: u64, index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}

/// Which agent spec sits in each seat of game `index`: with `rotate`, seat `s` gets spec
/// `(s + index) mod n` (a cyclic shift, so partners stay partners); otherwise spec `s`.
pub fn seating(players: usize, index: u64, rotate: bool) -> Vec<usize> {
    let shift = if rotate {
        (index % players as u64) as usize
    } else {
        0
    };
    (0..players).map(|s| (s + shift) % players).collect()
}

/// How many consecutive games of a duplicate run share one deal: the number of distinct
/// cyclic rotations of the seating `specs` (2 for `A,B,A,B` or `A,B`; `n` for `n` different
/// agents; 1 when every seat holds the same agent). Game `i` then uses rotation `i mod p` and
/// the deal of game `i - i mod p`.
///
/// ```
/// use cardsim_agents::split_specs;
/// use cardsim_sim::duplicate_period;
/// assert_eq!(duplicate_period(&split_specs("ismcts,heuristic,ismcts,heuristic").unwrap()), 2);
/// assert_eq!(duplicate_period(&split_specs("a,b,c").unwrap()), 3);
/// assert_eq!(duplicate_period(&split_specs("a,a,a,a").unwrap()), 1);
/// assert_eq!(duplicate_period(&split_specs("a,a,b,b").unwrap()), 4);
/// ```
pub fn duplicate_period(specs: &[AgentSpec]) -> usize {
    let n = specs.len();
    (1..=n)
        .find(|&p| n % p == 0 && (0..n).all(|s| specs[(s + p) % n] == specs[s]))
        .unwrap_or(n.max(1))
}

/// A configured run of one game: the rules, one spec per seat, the settings.
pub struct Simulation<G: GameAgents> {
    game: G,
    specs: Vec<AgentSpec>,
    unfair: Vec<bool>,
    config: SimConfig,
    period: u64,
    /// `game_rng(config.seed, _)` before its stream is set, to clone for each game.
    seeded: ChaCha8Rng,
    /// Given deals, played in turn (empty: deals from the seed).
    deals: Vec<G::State>,
    /// How a record writes a deal.
    deal_text: fn(&G, &G::State) -> String,
    /// For a run from a recorded position: how each record begins.
    prefix: Option<Prefix>,
}

impl<G: GameAgents> Simulation<G> {
    /// Checks the specs (one for all seats, or one per seat) and builds each once.
    ///
    /// # Errors
    /// [`SimError::AgentCount`], the agents' own errors, or [`SimError::Setting`] for 0 games
    /// or more than [`crate::MAX_GAMES`].
    pub fn new(game: G, specs: &[AgentSpec], config: SimConfig) -> Result<Self, SimError> {
        let players = game.players();
        assert!(
            G::INFO.stats.len() <= MAX_STATS,
            "{} declares {} statistics; a record keeps at most {MAX_STATS}",
            G::INFO.name,
            G::INFO.stats.len()
        );
        let specs: Vec<AgentSpec> = match specs.len() {
            1 => vec![specs[0].clone(); players],
            n if n == players => specs.to_vec(),
            got => {
                return Err(SimError::AgentCount {
                    game: G::INFO.name,
                    players,
                    got,
                })
            }
        };
        let cat = catalog::<G>();
        let mut unfair = Vec::with_capacity(specs.len());
        for s in &specs {
            unfair.push(cat.build(s)?.perfect_information());
        }
        if config.games == 0 {
            return Err(SimError::Setting("--games must be at least 1".into()));
        }
        crate::check_games("--games", config.games)?;
        let period = if config.duplicate {
            if !config.rotate {
                return Err(SimError::Setting(
                    "--duplicate plays every deal in each seating; it cannot be used with \
                     --no-rotate"
                        .into(),
                ));
            }
            let p = duplicate_period(&specs) as u64;
            if config.games % p != 0 {
                return Err(SimError::Setting(format!(
                    "--games must be a multiple of {p} with --duplicate (each deal is played \
                     in {p} seatings); got {}",
                    config.games
                )));
            }
            p
        } else {
            1
        };
        if config.start % period != 0 || config.start >= config.games {
            return Err(SimError::Setting(format!(
                "the first game {} must be below --games {} and a multiple of {period}",
                config.start, config.games
            )));
        }
        if let Some(shard) = config.shard {
            let blocks = config.games / period;
            if shard.count > blocks {
                return Err(SimError::Setting(format!(
                    "--shard {shard}: {blocks} {} cannot be split into {} shards; use at most {blocks}",
                    if period > 1 { "deals" } else { "games" },
                    shard.count
                )));
            }
        }
        Ok(Simulation {
            game,
            specs,
            unfair,
            seeded: ChaCha8Rng::seed_from_u64(config.seed),
            config,
            period,
            deals: Vec::new(),
            deal_text: debug_text::<G>,
            prefix: None,
        })
    }

    /// Plays `deals` instead of deals from the seed: game `i` plays deal
    /// `(i / block) mod deals.len()` ([`Simulation::deal_of`]). Each game still draws its
    /// deal from its RNG first, so chance after the deal (later hands, reshuffles) is the
    /// stream the seed gives it.
    pub fn with_deals(mut self, deals: Vec<G::State>) -> Self {
        self.deals = deals;
        self
    }

    /// Plays on from a recorded position in every game: `state` is the position, `prefix` the
    /// record's deal text and moves up to it, with which each game's record begins.
    pub(crate) fn with_position(mut self, state: G::State, prefix: Prefix) -> Self {
        self.deals = vec![state];
        self.prefix = Some(prefix);
        self
    }

    /// Writes each record's deal with `text` (the game's deal text) instead of `Debug`.
    pub fn with_deal_text(mut self, text: fn(&G, &G::State) -> String) -> Self {
        self.deal_text = text;
        self
    }

    /// The given deal game `index` plays (an index into [`Simulation::with_deals`]'s list),
    /// or `None` when deals come from the seed.
    pub fn deal_of(&self, index: u64) -> Option<usize> {
        let n = self.deals.len() as u64;
        (n > 0).then(|| (index / self.period % n) as usize)
    }

    /// The spec of each seat before rotation.
    pub fn specs(&self) -> &[AgentSpec] {
        &self.specs
    }

    /// The label of each seat's agent in CSV files and tables: its spec, followed by
    /// ` (unfair)` for a baseline that sees hidden cards (`cheat`).
    pub fn labels(&self) -> Vec<String> {
        self.specs
            .iter()
            .zip(&self.unfair)
            .map(|(s, &unfair)| {
                if unfair {
                    format!("{s} (unfair)")
                } else {
                    s.to_string()
                }
            })
            .collect()
    }

    /// The rules.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The settings.
    pub fn config(&self) -> &SimConfig {
        &self.config
    }

    /// Consecutive games that share a deal: the duplicate period, or 1.
    pub fn block(&self) -> u64 {
        self.period
    }

    /// The indices of the games this run plays: all of them, or its shard's.
    pub fn range(&self) -> std::ops::Range<u64> {
        match self.config.shard {
            Some(shard) => shard.range(self.config.games, self.period),
            None => self.config.start..self.config.games,
        }
    }

    /// The spec index of each seat in game `index`.
    pub fn seating_of(&self, index: u64) -> Vec<usize> {
        self.seats_of(index).to_vec()
    }

    /// [`Simulation::seating_of`], on the stack.
    fn seats_of(&self, index: u64) -> ArrayVec<usize, MAX_SEATS> {
        let players = self.game.players();
        let shift = match (self.config.duplicate, self.config.rotate) {
            (true, _) => index % self.period,
            (false, true) => index,
            (false, false) => 0,
        } % players as u64;
        (0..players)
            .map(|s| (s + shift as usize) % players)
            .collect()
    }

    /// The RNG of game `index`: its own stream, or in a duplicate run the stream of the
    /// first game of its block, so all the games of a block get the same deal.
    pub fn rng_of(&self, index: u64) -> ChaCha8Rng {
        // As `game_rng(seed, _)`, without expanding the seed again for every game.
        let mut rng = self.seeded.clone();
        rng.set_stream(index - index % self.period);
        rng
    }

    /// Plays every game in parallel and hands the records to `sink` in game order, on the
    /// calling thread, while the next games play.
    ///
    /// # Errors
    /// The first error of any game in game order (no record of its chunk of games or after
    /// reaches `sink`), or of `sink` (which ends the run within a game per thread).
    pub fn run(
        &self,
        sink: impl FnMut(&GameRecord) -> Result<(), SimError>,
    ) -> Result<(), SimError> {
        if self.config.threads == 1 {
            return self.run_serial(sink);
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.config.threads)
            .build()
            .map_err(|e| {
                SimError::Setting(format!("cannot start {} threads: {e}", self.config.threads))
            })?;
        let bar = self.progress_bar();
        let shown = !bar.is_hidden();
        let cat = catalog::<G>();
        pipelined(
            &pool,
            self.range(),
            CHUNK_PER_THREAD * pool.current_num_threads() as u64,
            Worker::new,
            |worker, i| {
                let r = self.play_one(&cat, i, worker, &mut |moves| moves());
                if shown {
                    bar.inc(1);
                }
                r
            },
            sink,
        )?;
        bar.finish_and_clear();
        Ok(())
    }

    /// [`Simulation::run`] on one thread: the calling one, each record handed to `sink` as
    /// soon as its game ends (no thread to wake, no chunk of records to fill and read back).
    fn run_serial(
        &self,
        mut sink: impl FnMut(&GameRecord) -> Result<(), SimError>,
    ) -> Result<(), SimError> {
        let bar = self.progress_bar();
        let shown = !bar.is_hidden();
        let cat = catalog::<G>();
        let mut worker = Worker::new();
        for i in self.range() {
            let record = self.play_one(&cat, i, &mut worker, &mut |moves| moves())?;
            if shown {
                bar.inc(1);
            }
            sink(&record)?;
        }
        bar.finish_and_clear();
        Ok(())
    }

    /// Plays every game on the calling thread, in order, exactly as [`Simulation::run`] plays
    /// it, handing each game's move loop to `around` (see [`crate::play_game_with`]) and each
    /// record to `sink`.
    ///
    /// # Errors
    /// The first error of any game, or of `sink`.
    pub fn run_here(
        &self,
        around: &mut dyn FnMut(&mut dyn FnMut()),
        mut sink: impl FnMut(&GameRecord) -> Result<(), SimError>,
    ) -> Result<(), SimError> {
        let cat = catalog::<G>();
        let mut worker = Worker::new();
        for i in self.range() {
            sink(&self.play_one(&cat, i, &mut worker, around)?)?;
        }
        Ok(())
    }

    /// Game `index`: its seating, the worker's agents (built from the specs on its first
    /// game, reset before each game), its RNG, played to the end in the worker's buffers.
    fn play_one(
        &self,
        cat: &AgentCatalog<G>,
        index: u64,
        worker: &mut Worker<G>,
        around: &mut dyn FnMut(&mut dyn FnMut()),
    ) -> Result<GameRecord, SimError> {
        let labels = self.seats_of(index);
        if worker.agents.is_empty() {
            worker.agents = self
                .specs
                .iter()
                .map(|s| cat.build(s).expect("specs were checked"))
                .collect();
        }
        // The seating is a rotation of the specs (seat `s` holds spec `(s + shift) mod n`):
        // rotated into seat order for the game, and back after it.
        let shift = labels[0];
        worker.agents.rotate_left(shift);
        let mut rng = self.rng_of(index);
        let result = play_game_in(
            &self.game,
            &mut worker.agents,
            &labels,
            &mut rng,
            index,
            self.config.max_moves,
            &mut worker.buffers,
            Start {
                given: self.deal_of(index).map(|k| &self.deals[k]),
                record: self.config.records.then_some(index - index % self.period),
                text: self.deal_text,
                prefix: self.prefix.as_ref(),
            },
            around,
        );
        worker.agents.rotate_right(shift);
        result
    }

    fn progress_bar(&self) -> ProgressBar {
        if self.config.quiet || !std::io::stderr().is_terminal() {
            return ProgressBar::hidden();
        }
        let range = self.range();
        let bar = ProgressBar::with_draw_target(
            Some(range.end - range.start),
            ProgressDrawTarget::stderr(),
        );
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} {prefix} [{bar:30}] {pos}/{len} games  {per_sec}  ETA {eta}",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        bar.set_prefix(G::INFO.name);
        bar
    }
}

/// What a thread keeps from game to game: the move loop's buffers, and one agent per spec,
/// built on the first game and reset ([`Agent::reset`]) before each, so that a game plays
/// as it would with agents fresh from their specs, whichever games the thread played before
/// (`tests/reuse.rs` checks every game).
struct Worker<G: Game> {
    buffers: Buffers<G::Action>,
    /// In spec order between games (empty before the first).
    agents: Vec<Box<dyn Agent<G>>>,
}

impl<G: Game> Worker<G> {
    fn new() -> Self {
        Worker {
            buffers: Buffers::new(),
            agents: Vec::new(),
        }
    }
}

/// Plays `config.games` games of `game` with `specs` and collects every record (for tests and
/// small runs; [`Simulation::run`] streams).
///
/// # Errors
/// As [`Simulation::new`] and [`Simulation::run`].
pub fn simulate<G: GameAgents>(
    game: G,
    specs: &[AgentSpec],
    config: SimConfig,
) -> Result<Vec<GameRecord>, SimError> {
    let sim = Simulation::new(game, specs, config)?;
    let mut all = Vec::new();
    sim.run(|r| {
        all.push(r.clone());
        Ok(())
    })?;
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_is_a_cyclic_shift_covering_every_seat() {
        assert_eq!(seating(4, 0, true), vec![0, 1, 2, 3]);
        assert_eq!(seating(4, 1, true), vec![1, 2, 3, 0]);
        assert_eq!(seating(4, 5, false), vec![0, 1, 2, 3]);
        for agent in 0..4 {
            let seats: std::collections::BTreeSet<usize> = (0..4)
                .map(|i| {
                    seating(4, i, true)
                        .iter()
                        .position(|&a| a == agent)
                        .unwrap()
                })
                .collect();
            assert_eq!(seats.len(), 4);
        }
        // Partners (seats 0 and 2) stay two seats apart.
        let s = seating(4, 3, true);
        let p0 = s.iter().position(|&a| a == 0).unwrap();
        let p2 = s.iter().position(|&a| a == 2).unwrap();
        assert_eq!((p0 + 2) % 4, p2);
    }

    #[test]
    fn game_streams_differ_and_repeat() {
        use rand::RngCore;
        assert_eq!(game_rng(3, 7).next_u64(), game_rng(3, 7).next_u64());
        assert_ne!(game_rng(3, 7).next_u64(), game_rng(3, 8).next_u64());
        assert_ne!(game_rng(3, 7).next_u64(), game_rng(4, 7).next_u64());
        // A simulation's per-game RNG is game_rng's.
        use cardsim_engine::games::whist::Whist;
        use cardsim_engine::{Game, Params};
        let game = Whist::new(4, &Params::new()).unwrap();
        let specs = cardsim_agents::split_specs("random").unwrap();
        let sim = Simulation::new(game, &specs, SimConfig::default().seed(3)).unwrap();
        for i in [0, 7, 1 << 40] {
            assert_eq!(sim.rng_of(i), game_rng(3, i));
        }
    }

    #[test]
    fn games_played_here_are_the_games_run_in_parallel() {
        use cardsim_engine::games::bridge::Bridge;
        use cardsim_engine::{Game, Params};
        let game = Bridge::new(4, &Params::parse(&["scoring=deal"]).unwrap()).unwrap();
        let specs = cardsim_agents::split_specs("heuristic,random,heuristic,random").unwrap();
        let config = SimConfig::default()
            .games(40)
            .seed(9)
            .threads(2)
            .quiet(true);
        let parallel = simulate(game, &specs, config.clone()).unwrap();
        let mut here = Vec::new();
        let mut loops = 0;
        Simulation::new(game, &specs, config)
            .unwrap()
            .run_here(
                &mut |moves| {
                    loops += 1;
                    moves()
                },
                |r| {
                    here.push(r.clone());
                    Ok(())
                },
            )
            .unwrap();
        assert_eq!((loops, here), (40, parallel));
    }

    #[test]
    fn one_thread_plays_the_games_of_several_in_the_same_order() {
        use cardsim_engine::games::euchre::Euchre;
        use cardsim_engine::{Game, Params};
        // One thread plays on the calling thread, several in chunks of 256 games per thread:
        // 1,000 games cross chunk boundaries at 2 and 3 threads.
        let game = Euchre::new(4, &Params::parse(&["target=1"]).unwrap()).unwrap();
        let specs = cardsim_agents::split_specs("random,heuristic,random,heuristic").unwrap();
        let run = |threads| {
            let config = SimConfig::default()
                .games(1000)
                .seed(4)
                .threads(threads)
                .quiet(true);
            simulate(game, &specs, config).unwrap()
        };
        let one = run(1);
        assert_eq!(one.len(), 1000);
        assert!(one.iter().enumerate().all(|(i, r)| r.index == i as u64));
        assert_eq!(one, run(2));
        assert_eq!(one, run(3));
    }

    #[test]
    fn records_come_in_order_across_many_chunks_and_a_sink_error_ends_the_run() {
        use cardsim_engine::games::bridge::Bridge;
        use cardsim_engine::{Game, Params};
        // 3,000 games: 6 chunks at 2 threads, 4 at 3 (the last ones short).
        let game = Bridge::new(4, &Params::parse(&["scoring=deal"]).unwrap()).unwrap();
        let specs = cardsim_agents::split_specs("random").unwrap();
        let config = |threads| {
            SimConfig::default()
                .games(3000)
                .seed(11)
                .threads(threads)
                .quiet(true)
        };
        let one = simulate(game, &specs, config(1)).unwrap();
        assert!(one.iter().enumerate().all(|(i, r)| r.index == i as u64));
        assert_eq!(one, simulate(game, &specs, config(2)).unwrap());
        assert_eq!(one, simulate(game, &specs, config(3)).unwrap());
        // The sink's error is the run's, and no record reaches the sink after it.
        for threads in [1, 2, 3] {
            let mut seen = Vec::new();
            let e = Simulation::new(game, &specs, config(threads))
                .unwrap()
                .run(|r| {
                    if r.index == 700 {
                        return Err(SimError::Setting("disk full".into()));
                    }
                    seen.push(r.clone());
                    Ok(())
                })
                .unwrap_err();
            assert_eq!(e.to_string(), "disk full");
            assert_eq!(seen, one[..700], "{threads} threads");
        }
    }

    #[test]
    fn a_duplicate_run_plays_each_deal_in_every_distinct_seating() {
        use cardsim_engine::games::whist::Whist;
        use cardsim_engine::{Game, Params};
        let game = Whist::new(4, &Params::parse(&["target=1"]).unwrap()).unwrap();
        let specs = cardsim_agents::split_specs("heuristic,random,heuristic,random").unwrap();
        let config = SimConfig::default().games(6).quiet(true).duplicate(true);
        let sim = Simulation::new(game, &specs, config.clone()).unwrap();
        assert_eq!(sim.block(), 2);
        // Games 0 and 1 share a deal with the partnerships swapped; game 2 has a new deal.
        let deal = |i: u64| {
            let mut rng = sim.rng_of(i);
            for _ in 0..4 {
                rand::RngCore::next_u64(&mut rng); // the agents' seeds, as play_game draws them
            }
            game.deal(&mut rng)
        };
        assert_eq!(deal(0), deal(1));
        assert_ne!(deal(0), deal(2));
        assert_eq!(sim.seating_of(0), vec![0, 1, 2, 3]);
        assert_eq!(sim.seating_of(1), vec![1, 2, 3, 0]);
        assert_eq!(sim.seating_of(2), sim.seating_of(0));
        // The hands of one deal, as played at both tables: heuristic sits North-South at
        // one and East-West at the other.
        let records = simulate(game, &specs, config).unwrap();
        assert_eq!(records.len(), 6);
        for pair in records.chunks(2) {
            assert_ne!(pair[0].seats[0].agent, pair[1].seats[0].agent);
        }
        // A count that does not fill the last deal's seatings is refused.
        let odd = SimConfig::default().games(5).duplicate(true);
        let e = Simulation::new(game, &specs, odd)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("multiple of 2"), "{e}");
        let fixed = SimConfig::default().games(4).duplicate(true).rotate(false);
        assert!(Simulation::new(game, &specs, fixed).is_err());
    }
}
