//! Which agents exist for a game, and building them from specs.

use crate::search::{
    Cheat, Ismcts, PerfectInfoSolver, Pimc, PimcSettings, Rollout, SearchSettings, Uct,
};
use crate::{Agent, AgentError, AgentSpec, RandomAgent};
use cardsim_engine::Game;
use std::time::Duration;

/// Builds one kind of agent from its spec.
pub type AgentBuilder<G> = fn(&AgentSpec) -> Result<Box<dyn Agent<G>>, AgentError>;

/// One kind of agent available for a game.
pub struct AgentKind<G: Game> {
    /// The name used in specs.
    pub name: &'static str,
    /// One line on what it does and its settings.
    pub help: &'static str,
    /// Builds it from a spec with this name.
    pub build: AgentBuilder<G>,
}

/// The game-specific agents of a game (its heuristics). Every game implements this; the
/// generic agents are added by [`catalog`].
pub trait GameAgents: Game {
    /// This game's own agents.
    fn game_agents() -> Vec<AgentKind<Self>>;

    /// The game's exact perfect-information solver, if it has one (the double-dummy solver
    /// of the trick-taking games). `pimc` and `cheat` use it in place of perfect-information
    /// UCT when their `solver` setting is `auto` (the default) or `exact`.
    fn exact_solver() -> Option<Box<dyn PerfectInfoSolver<Self>>> {
        None
    }
}

/// All agents available for a game.
pub struct AgentCatalog<G: Game> {
    kinds: Vec<AgentKind<G>>,
}

/// The catalog for `G`: `random`, the game's own agents, then the search agents (`ismcts`,
/// `mo-ismcts`, `pimc`, `cheat`).
pub fn catalog<G: GameAgents>() -> AgentCatalog<G> {
    let mut kinds = vec![AgentKind::<G> {
        name: "random",
        help: "uniformly random legal action (no settings)",
        build: |spec| {
            spec.check_keys(&[])?;
            Ok(Box::new(RandomAgent))
        },
    }];
    kinds.extend(G::game_agents());
    kinds.extend(search_agents::<G>());
    AgentCatalog { kinds }
}

/// The search agents every game gets: `ismcts`, `mo-ismcts`, `pimc` and `cheat`.
fn search_agents<G: GameAgents>() -> Vec<AgentKind<G>> {
    vec![
        AgentKind {
            name: "ismcts",
            help: "information set MCTS (single observer); iters=1000 per decision, or ms=N (time limit; \
                   not reproducible), c=0.7 exploration, rollout=random|heuristic",
            build: |spec| {
                spec.check_keys(&["iters", "ms", "c", "rollout"])?;
                let agent = Ismcts::new(search_settings(spec, 1_000)?).with_rollout(rollout::<G>(spec)?);
                Ok(Box::new(agent))
            },
        },
        AgentKind {
            name: "mo-ismcts",
            help: "multi-observer information set MCTS (one tree per seat, each following what its \
                   seat sees of every move); iters=1000 per decision, or ms=N (time limit; not \
                   reproducible), c=0.7 exploration, rollout=random|heuristic",
            build: |spec| {
                spec.check_keys(&["iters", "ms", "c", "rollout"])?;
                let agent =
                    Ismcts::multi_observer(search_settings(spec, 1_000)?).with_rollout(rollout::<G>(spec)?);
                Ok(Box::new(agent))
            },
        },
        AgentKind {
            name: "pimc",
            help: "determinized search: worlds=20 samples of the hidden cards (or as many as fit in \
                   ms=N for the whole decision, at least one; not reproducible), each searched \
                   with perfect-information UCT (iters=100, c=0.7, rollout=random|heuristic) or \
                   the game's exact solver (solver=auto|uct|exact)",
            build: |spec| {
                spec.check_keys(&["worlds", "ms", "iters", "c", "rollout", "solver"])?;
                let ms = time_limit(spec)?;
                let default_worlds = if ms.is_some() && !has(spec, "worlds") { u32::MAX } else { 20 };
                let worlds =
                    spec.get("worlds", default_worlds, "a number of worlds, at least 1", |&n| n >= 1)?;
                // `ms` is the whole decision's: the per-world search does not see it.
                let per_world = AgentSpec {
                    name: spec.name.clone(),
                    params: spec.params.iter().filter(|(k, _)| k != "ms").cloned().collect(),
                };
                let solver = solver::<G>(&per_world, 100)?;
                let settings = PimcSettings::default().worlds(worlds).time_limit(ms);
                Ok(Box::new(Pimc::new(settings, solver)))
            },
        },
        AgentKind {
            name: "cheat",
            help: "UNFAIR: sees all hidden cards (an upper-bound baseline, never a fair opponent); \
                   perfect-information UCT on the true state (iters=1000, ms=N, c=0.7, \
                   rollout=random|heuristic) or the game's exact solver (solver=auto|uct|exact)",
            build: |spec| {
                spec.check_keys(&["iters", "ms", "c", "rollout", "solver"])?;
                Ok(Box::new(Cheat::new(solver::<G>(spec, 1_000)?)))
            },
        },
    ]
}

/// `iters`, `ms` and `c`: with `ms` alone, the search runs until the time is up.
fn search_settings(spec: &AgentSpec, default_iters: u32) -> Result<SearchSettings, AgentError> {
    let time = time_limit(spec)?;
    let default_iters = if time.is_some() && !has(spec, "iters") {
        u32::MAX
    } else {
        default_iters
    };
    let iters = spec.get(
        "iters",
        default_iters,
        "a number of iterations, at least 1",
        |&n| n >= 1,
    )?;
    let c = spec.get("c", 0.7f64, "an exploration constant, 0 or more", |c| {
        c.is_finite() && *c >= 0.0
    })?;
    Ok(SearchSettings::default()
        .iterations(iters)
        .time_limit(time)
        .exploration(c))
}

/// `ms`: the time limit, if any (with it, the count it bounds defaults to unlimited).
fn time_limit(spec: &AgentSpec) -> Result<Option<Duration>, AgentError> {
    let ms = spec.get(
        "ms",
        0u64,
        "a time limit in milliseconds, at least 1",
        |&m| m >= 1,
    )?;
    Ok((ms > 0).then(|| Duration::from_millis(ms)))
}

/// True when the spec sets `key`.
fn has(spec: &AgentSpec, key: &str) -> bool {
    spec.params.iter().any(|(k, _)| k == key)
}

/// `rollout=random` (the default) or `rollout=heuristic`: the game's own heuristic agent.
fn rollout<G: GameAgents>(spec: &AgentSpec) -> Result<Rollout<G>, AgentError> {
    let bad = |expected: String| AgentError::BadValue {
        agent: spec.name.clone(),
        key: "rollout".into(),
        value: raw(spec, "rollout"),
        expected,
    };
    match raw(spec, "rollout").as_str() {
        "" | "random" => Ok(Rollout::Random),
        "heuristic" => {
            let cat = catalog::<G>();
            if !cat.kinds().iter().any(|k| k.name == "heuristic") {
                return Err(bad(format!(
                    "random ({} has no heuristic agent)",
                    G::INFO.name
                )));
            }
            Ok(Rollout::Agent(cat.build(&AgentSpec {
                name: "heuristic".into(),
                params: Vec::new(),
            })?))
        }
        _ => Err(bad("random or heuristic".into())),
    }
}

/// The perfect-information solver of `pimc` and `cheat`: `solver=auto|uct|exact`.
fn solver<G: GameAgents>(
    spec: &AgentSpec,
    default_iters: u32,
) -> Result<Box<dyn PerfectInfoSolver<G>>, AgentError> {
    let which = spec.get("solver", "auto".to_string(), "auto, uct or exact", |s| {
        ["auto", "uct", "exact"].contains(&s.as_str())
    })?;
    let uct_keys = ["iters", "ms", "c", "rollout"];
    let exact = if which == "uct" {
        None
    } else {
        G::exact_solver()
    };
    match exact {
        Some(exact) => {
            if let Some((k, _)) = spec
                .params
                .iter()
                .find(|(k, _)| uct_keys.contains(&k.as_str()))
            {
                return Err(AgentError::BadValue {
                    agent: spec.name.clone(),
                    key: k.clone(),
                    value: raw(spec, k),
                    expected: format!(
                        "no {k} with the exact solver of {} (or solver=uct)",
                        G::INFO.name
                    ),
                });
            }
            Ok(exact)
        }
        None if which == "exact" => Err(AgentError::BadValue {
            agent: spec.name.clone(),
            key: "solver".into(),
            value: which,
            expected: format!("auto or uct ({} has no exact solver)", G::INFO.name),
        }),
        None => Ok(Box::new(
            Uct::new(search_settings(spec, default_iters)?).with_rollout(rollout::<G>(spec)?),
        )),
    }
}

impl<G: Game> AgentCatalog<G> {
    /// The available kinds.
    pub fn kinds(&self) -> &[AgentKind<G>] {
        &self.kinds
    }

    /// Builds the agent a spec names.
    ///
    /// # Errors
    /// [`AgentError::UnknownAgent`] listing the allowed names, or the agent's own setting errors.
    pub fn build(&self, spec: &AgentSpec) -> Result<Box<dyn Agent<G>>, AgentError> {
        match self.kinds.iter().find(|k| k.name == spec.name) {
            Some(k) => (k.build)(spec),
            None => Err(AgentError::UnknownAgent {
                name: spec.name.clone(),
                game: G::INFO.name,
                allowed: self
                    .kinds
                    .iter()
                    .map(|k| k.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            }),
        }
    }
}

/// The last value given for `key`, or `""`.
fn raw(spec: &AgentSpec, key: &str) -> String {
    spec.params
        .iter()
        .rev()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.clone())
        .unwrap_or_default()
}
