//! `agent-cost`: what does an agent cost at its default settings? Every agent of every game
//! (`random`, the game's `heuristic` where it has one, `ismcts`, `mo-ismcts`, `pimc`,
//! `cheat`) plays games against itself at the game's default player count and rules, on one
//! thread; each decision an agent is asked for is timed (a lone legal action is applied
//! without asking, as in every run).
//!
//! Times are the **CPU time of the thread** that plays the game ([`cpu_time::ThreadTime`]):
//! a game runs on one thread, so its thread's CPU seconds are the seconds one core spends on
//! it, whatever else the machine runs (a shared machine's load inflates wall-clock times, not
//! these). A game's wall-clock seconds are kept beside them, to show how far the load
//! stretched the run.
//!
//! A sample is one game: its CPU and wall-clock seconds, its decisions, their CPU seconds,
//! its slowest decision, and for an agent whose exact solver counts its search nodes (`pimc`
//! and `cheat` with the double-dummy solver, [`Agent::solver_nodes`]) the nodes of its
//! decisions and of its dearest one. The table gives per game and agent the mean CPU seconds
//! per decision, the slowest decision seen, the mean and 99th percentile (nearest rank) of
//! the CPU seconds per game, the mean wall-clock seconds per game, and the mean and most
//! solver nodes per decision. The seconds differ a little from run to run and machine to
//! machine; everything else (the nodes too) is a pure function of the seed.

use super::shard::{Emit, Part, Sharded};
use super::{Experiment, Settings};
use cardsim_agents::{catalog, Agent, AgentSpec, GameAgents, SeatView};
use cardsim_engine::{Game, Params, Seat};
use cardsim_sim::{align_table, game_rng, play_game, AtomicCsv};
use cpu_time::ThreadTime;
use rand::RngCore;
use std::ops::Range;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The experiment's entry.
pub const EXPERIMENT: Experiment = Experiment {
    name: "agent-cost",
    about: "every agent of every game at its defaults, playing itself at the game's default \
            player count on one thread: seconds per decision (mean, slowest) and per game \
            (mean, 99th percentile)",
    run,
};

/// Games per game and agent.
const DEFAULT_GAMES: u64 = 20;

/// The agents measured, where the game has them (`--agent` keeps those it names).
pub(super) const AGENTS: [&str; 6] = [
    "random",
    "heuristic",
    "ismcts",
    "mo-ismcts",
    "pimc",
    "cheat",
];

/// Moves after which a game is abandoned as an error (the simulator's own guard).
const MAX_MOVES: u64 = 50_000_000;

fn run(s: &Settings) -> Result<(), String> {
    super::shard::drive(&AgentCost, EXPERIMENT.name, s)
}

/// The agents of `G` that `s` measures (all of [`AGENTS`] the game has, or those `--agent`
/// names), in the order of [`AGENTS`].
fn agents_of<G: GameAgents>(s: &Settings) -> Result<Vec<&'static str>, String> {
    let cat = catalog::<G>();
    Ok(AGENTS
        .into_iter()
        .filter(|a| s.measures_agent(a) && cat.kinds().iter().any(|k| k.name == *a))
        .collect())
}

/// The game's default player count.
fn players_of<G: GameAgents>() -> Result<usize, String> {
    Ok(G::INFO.default_players)
}

/// The parts: `(game, agent)` in the order of `cardsim list`, then of [`AGENTS`], for the
/// games `s` plays (`--game`) and the agents it measures (`--agent`).
fn pairs(s: &Settings) -> Result<Vec<(&'static str, &'static str)>, String> {
    let mut out = Vec::new();
    for g in cardsim_sim::games()
        .into_iter()
        .filter(|g| s.plays_game(g.info.name))
    {
        for a in for_game!(g.info.name, agents_of(s))? {
            out.push((g.info.name, a));
        }
    }
    Ok(out)
}

/// One decision: its thread-CPU seconds, and its solver nodes where the agent counts them.
type Decision = (f64, Option<u64>);

/// An agent whose every decision is timed by the CPU time of its thread (and its solver nodes
/// counted) into a shared log.
struct Timed<G: Game> {
    inner: Box<dyn Agent<G>>,
    log: Arc<Mutex<Vec<Decision>>>,
}

impl<G: Game> Timed<G> {
    fn time<T>(&mut self, f: impl FnOnce(&mut dyn Agent<G>) -> T) -> T {
        let nodes = self.inner.solver_nodes();
        let start = ThreadTime::now();
        let out = f(self.inner.as_mut());
        let secs = start.elapsed().as_secs_f64();
        let spent = self.inner.solver_nodes().zip(nodes).map(|(a, b)| a - b);
        self.log
            .lock()
            .expect("the log is not poisoned")
            .push((secs, spent));
        out
    }
}

impl<G: Game> Agent<G> for Timed<G> {
    fn choose(
        &mut self,
        game: &G,
        seat: Seat,
        obs: &G::Observation,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        self.time(|a| a.choose(game, seat, obs, legal, rng))
    }
    fn act(
        &mut self,
        view: &SeatView<'_, G>,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        self.time(|a| a.act(view, legal, rng))
    }
    fn act_index(
        &mut self,
        view: &SeatView<'_, G>,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> Result<usize, G::Action> {
        self.time(|a| a.act_index(view, legal, rng))
    }
    fn label(&self) -> String {
        self.inner.label()
    }
    fn reaction_time(&mut self, rng: &mut dyn RngCore) -> f64 {
        self.inner.reaction_time(rng)
    }
    fn reset(&mut self) {
        self.inner.reset()
    }
    fn solver_nodes(&self) -> Option<u64> {
        self.inner.solver_nodes()
    }
    fn perfect_information(&self) -> bool {
        self.inner.perfect_information()
    }
    fn choose_with_state(
        &mut self,
        game: &G,
        seat: Seat,
        state: &G::State,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        self.time(|a| a.choose_with_state(game, seat, state, legal, rng))
    }
}

/// Plays games `range` of `agent` against itself in `G` on this thread, emitting per game its
/// thread-CPU seconds, its decisions, their CPU seconds, its slowest decision's CPU seconds,
/// (where the agent counts them) its decisions' solver nodes and the most of one decision,
/// and its wall-clock seconds.
fn measure<G: GameAgents>(
    agent: &str,
    seed: u64,
    range: Range<u64>,
    emit: &mut Emit<'_>,
) -> Result<(), String> {
    let game = G::new(G::INFO.default_players, &Params::new()).map_err(|e| e.to_string())?;
    let spec: AgentSpec = agent
        .parse()
        .map_err(|e: cardsim_agents::AgentError| e.to_string())?;
    let log = Arc::new(Mutex::new(Vec::new()));
    let cat = catalog::<G>();
    let mut agents: Vec<Box<dyn Agent<G>>> = Vec::new();
    for _ in 0..game.players() {
        agents.push(Box::new(Timed {
            inner: cat.build(&spec).map_err(|e| e.to_string())?,
            log: Arc::clone(&log),
        }));
    }
    let labels = vec![0; game.players()];
    for index in range {
        log.lock().expect("the log is not poisoned").clear();
        for a in &mut agents {
            a.reset();
        }
        let mut rng = game_rng(seed, index);
        let (cpu, wall) = (ThreadTime::now(), Instant::now());
        play_game(&game, &mut agents, &labels, &mut rng, index, MAX_MOVES)
            .map_err(|e| e.to_string())?;
        let (secs, wall) = (cpu.elapsed().as_secs_f64(), wall.elapsed().as_secs_f64());
        let times = log.lock().expect("the log is not poisoned");
        let slowest = times.iter().map(|d| d.0).fold(0.0, f64::max);
        let nodes: Option<Vec<u64>> = times.iter().map(|d| d.1).collect();
        let nodes = nodes.filter(|n| !n.is_empty());
        emit(vec![
            Some(secs),
            Some(times.len() as f64),
            Some(times.iter().map(|d| d.0).sum()),
            Some(slowest),
            nodes.as_ref().map(|n| n.iter().sum::<u64>() as f64),
            nodes
                .as_ref()
                .and_then(|n| n.iter().max())
                .map(|&m| m as f64),
            Some(wall),
        ])?;
    }
    Ok(())
}

/// A part's samples so far (seconds of thread CPU time unless named wall).
#[derive(Clone, Default)]
struct Costs {
    game_secs: Vec<f64>,
    wall_secs: f64,
    decisions: f64,
    decision_secs: f64,
    slowest: f64,
    /// Solver nodes of all decisions and of the dearest one, where counted.
    nodes: Option<(f64, f64)>,
}

/// The nearest-rank `p` percentile of `xs` (0 when empty).
fn percentile(xs: &[f64], p: f64) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    if v.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * v.len() as f64).ceil().max(1.0) as usize;
    v[rank.min(v.len()) - 1]
}

/// The parts are the games times their agents; a sample is one game.
struct AgentCost;

impl Sharded for AgentCost {
    type Acc = Vec<Costs>;

    fn columns(&self) -> &'static [&'static str] {
        &[
            "seconds",
            "decisions",
            "decision_seconds",
            "slowest",
            "nodes",
            "most_nodes",
            "wall_seconds",
        ]
    }

    fn parts(&self, s: &Settings) -> Result<Vec<Part>, String> {
        let games = s.games.unwrap_or(DEFAULT_GAMES);
        Ok(pairs(s)?
            .into_iter()
            .map(|(g, a)| Part {
                name: format!("{g} {a}"),
                samples: games,
            })
            .collect())
    }

    fn play(
        &self,
        s: &Settings,
        part: usize,
        range: Range<u64>,
        emit: &mut Emit<'_>,
    ) -> Result<(), String> {
        let (game, agent) = pairs(s)?[part];
        for_game!(game, measure(agent, s.seed, range, emit))
    }

    fn start(&self, parts: &[Part]) -> Vec<Costs> {
        vec![Costs::default(); parts.len()]
    }

    fn add(&self, acc: &mut Vec<Costs>, part: usize, x: &[Option<f64>]) {
        let c = &mut acc[part];
        let v = |i: usize| x[i].unwrap_or(f64::NAN);
        c.game_secs.push(v(0));
        c.wall_secs += v(6);
        c.decisions += v(1);
        c.decision_secs += v(2);
        c.slowest = c.slowest.max(v(3));
        if let (Some(n), Some(m)) = (x[4], x[5]) {
            let (sum, most) = c.nodes.unwrap_or((0.0, 0.0));
            c.nodes = Some((sum + n, most.max(m)));
        }
    }

    fn finish(
        &self,
        s: &Settings,
        _parts: &[Part],
        acc: Vec<Costs>,
        _seconds: &[f64],
    ) -> Result<(), String> {
        let e = |e: cardsim_sim::SimError| e.to_string();
        let mut out = AtomicCsv::create(&s.out).map_err(e)?;
        out.write([
            "game",
            "players",
            "agent",
            "games",
            "decisions",
            "mean_decision_cpu_s",
            "slowest_decision_cpu_s",
            "mean_game_cpu_s",
            "p99_game_cpu_s",
            "mean_game_wall_s",
            "mean_decision_nodes",
            "most_decision_nodes",
        ])
        .map_err(e)?;
        let mut rows = vec![[
            "game",
            "players",
            "agent",
            "CPU s/decision",
            "slowest decision CPU s",
            "CPU s/game",
            "p99 CPU s/game",
            "wall s/game",
            "nodes/decision",
            "most nodes",
        ]
        .map(String::from)
        .to_vec()];
        for ((game, agent), c) in pairs(s)?.into_iter().zip(&acc) {
            let players = for_game!(game, players_of())?;
            let games = c.game_secs.len() as f64;
            let per_decision = c.decision_secs / c.decisions.max(1.0);
            let mean_game = c.game_secs.iter().sum::<f64>() / games.max(1.0);
            let p99 = percentile(&c.game_secs, 99.0);
            let wall = c.wall_secs / games.max(1.0);
            let (mean_nodes, most_nodes) = match c.nodes {
                Some((sum, most)) => (
                    format!("{:.0}", sum / c.decisions.max(1.0)),
                    format!("{most:.0}"),
                ),
                None => (String::new(), String::new()),
            };
            out.write([
                game.to_string(),
                players.to_string(),
                agent.to_string(),
                c.game_secs.len().to_string(),
                c.decisions.to_string(),
                format!("{per_decision:.6}"),
                format!("{:.6}", c.slowest),
                format!("{mean_game:.6}"),
                format!("{p99:.6}"),
                format!("{wall:.6}"),
                mean_nodes.clone(),
                most_nodes.clone(),
            ])
            .map_err(e)?;
            rows.push(vec![
                game.to_string(),
                players.to_string(),
                agent.to_string(),
                format!("{per_decision:.5}"),
                format!("{:.4}", c.slowest),
                format!("{mean_game:.3}"),
                format!("{p99:.3}"),
                format!("{wall:.3}"),
                mean_nodes,
                most_nodes,
            ]);
        }
        out.commit().map_err(e)?;
        let games = s.games.unwrap_or(DEFAULT_GAMES);
        super::show(
            &format!(
                "Agent cost: each agent against itself, default players and rules, {games} \
                 games each, seed {}, one thread per game; seconds of the thread's CPU time \
                 but for wall s/game",
                s.seed
            ),
            &align_table(&rows),
        )?;
        eprintln!("wrote {}", s.out.display());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(games: &[&str]) -> Settings {
        Settings::for_test("agent-cost.csv", games)
    }

    #[test]
    fn every_registered_game_has_its_arm() {
        let pairs = pairs(&settings(&[])).unwrap();
        for g in cardsim_sim::games() {
            assert!(
                pairs
                    .iter()
                    .any(|(n, a)| *n == g.info.name && *a == "ismcts"),
                "{}",
                g.info.name
            );
        }
        // Random and the four search agents everywhere, the heuristic where there is one.
        assert!(pairs.len() >= 5 * cardsim_sim::games().len());
    }

    /// `--game` keeps the named games' pairs, in the order of `cardsim list`.
    #[test]
    fn the_game_filter_keeps_the_named_games() {
        let pairs = pairs(&settings(&["pig", "bridge"])).unwrap();
        let games: Vec<&str> = pairs.iter().map(|&(g, _)| g).collect();
        assert_eq!(games.first(), Some(&"bridge"));
        assert_eq!(games.last(), Some(&"pig"));
        assert!(games.iter().all(|&g| g == "bridge" || g == "pig"));
        // Random, heuristic and the four search agents in each.
        assert_eq!(pairs.len(), 12, "{pairs:?}");
    }

    /// `--agent` keeps the named agents, in the order of [`AGENTS`], in every game played.
    #[test]
    fn the_agent_filter_keeps_the_named_agents() {
        let mut s = settings(&["pig", "bridge"]);
        s.agents_named = vec!["pimc".into(), "random".into()];
        let kept = pairs(&s).unwrap();
        assert_eq!(
            kept,
            [
                ("bridge", "random"),
                ("bridge", "pimc"),
                ("pig", "random"),
                ("pig", "pimc")
            ]
        );
        s.games_named.clear();
        assert_eq!(pairs(&s).unwrap().len(), 2 * cardsim_sim::games().len());
    }

    /// Each game's sample: CPU seconds spent and within the wall-clock seconds, decisions
    /// counted, their CPU seconds within the game's, the slowest within their sum, and the
    /// solver's nodes only for an agent whose solver counts them.
    #[test]
    fn every_game_has_sane_timing_columns() {
        use cardsim_engine::games::{euchre::Euchre, trash::Trash};
        let mut samples = Vec::new();
        let mut emit = |x: Vec<Option<f64>>| {
            samples.push(x);
            Ok(())
        };
        measure::<Trash>("heuristic", 0, 0..2, &mut emit).unwrap();
        measure::<Euchre>("cheat", 0, 0..1, &mut emit).unwrap();
        assert_eq!(samples.len(), 3);
        for (i, x) in samples.iter().enumerate() {
            assert_eq!(x.len(), AgentCost.columns().len());
            let v = |c: &str| {
                let k = AgentCost.columns().iter().position(|&n| n == c).unwrap();
                x[k]
            };
            let (cpu, wall) = (v("seconds").unwrap(), v("wall_seconds").unwrap());
            let decisions = v("decisions").unwrap();
            let (spent, slowest) = (v("decision_seconds").unwrap(), v("slowest").unwrap());
            assert!(
                cpu > 0.0 && cpu <= wall + 0.01,
                "{i}: {cpu} CPU s in {wall} s"
            );
            assert!(
                decisions >= 1.0 && decisions.fract() == 0.0,
                "{i}: {decisions}"
            );
            assert!(spent > 0.0 && spent <= cpu, "{i}: {spent} of {cpu}");
            assert!(
                slowest > 0.0 && slowest <= spent,
                "{i}: {slowest} of {spent}"
            );
            let cheat = i == 2;
            assert_eq!(v("nodes").is_some(), cheat, "{i}");
            if let (Some(n), Some(m)) = (v("nodes"), v("most_nodes")) {
                assert!(m > 0.0 && m <= n, "{i}: {m} of {n}");
            }
        }
    }

    /// A decision is timed by its thread's CPU time: one that sleeps spends next to none,
    /// however long it takes by the clock.
    #[test]
    fn decisions_are_timed_by_the_threads_cpu_time() {
        use cardsim_engine::{games::trash::Trash, ToMove};
        /// Sleeps, then plays the first legal action.
        struct Sleeper;
        impl Agent<Trash> for Sleeper {
            fn choose(
                &mut self,
                _: &Trash,
                _: Seat,
                _: &<Trash as Game>::Observation,
                legal: &[<Trash as Game>::Action],
                _: &mut dyn RngCore,
            ) -> <Trash as Game>::Action {
                std::thread::sleep(std::time::Duration::from_millis(50));
                legal[0]
            }
            fn label(&self) -> String {
                "sleeper".into()
            }
        }
        let game = Trash::new(2, &Params::new()).unwrap();
        let mut rng = game_rng(0, 0);
        let state = game.deal(&mut rng);
        let ToMove::Seat(seat) = game.to_move(&state) else {
            panic!("a seat to move")
        };
        let mut legal = Vec::new();
        game.legal_actions(&state, &mut legal);
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut timed = Timed {
            inner: Box::new(Sleeper),
            log: Arc::clone(&log),
        };
        let wall = Instant::now();
        timed.choose(&game, seat, &game.observe(&state, seat), &legal, &mut rng);
        assert!(wall.elapsed().as_secs_f64() >= 0.05);
        let log = log.lock().unwrap();
        assert_eq!(log.len(), 1);
        assert!(log[0].0 < 0.02, "{} CPU s for a 50 ms sleep", log[0].0);
        assert_eq!(log[0].1, None);
    }

    #[test]
    fn percentiles_by_nearest_rank() {
        let xs: Vec<f64> = (1..=20).map(f64::from).collect();
        assert_eq!(percentile(&xs, 99.0), 20.0);
        assert_eq!(percentile(&xs, 50.0), 10.0);
        assert_eq!(percentile(&[], 99.0), 0.0);
    }
}
