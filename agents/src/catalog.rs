//! Which agents exist for a game, and building them from specs.

use crate::reaction::{Reacting, ReactionModel, REACTION};
use crate::search::{
    auto_rollout, Cheat, CutoffValue, Ismcts, PerfectInfoSolver, Pimc, PimcSettings, Rollout,
    SearchSettings, Uct,
};
use crate::spec::AgentSettings;
use crate::veto::{guarded, Deferral, PositionOf, Veto};
use crate::{Agent, AgentError, AgentSpec, RandomAgent};
use cardsim_engine::params::ParamSpec;
use cardsim_engine::Game;
use std::time::Duration;

/// Builds one kind of agent from its spec.
pub type AgentBuilder<G> = fn(&AgentSpec) -> Result<Box<dyn Agent<G>>, AgentError>;

/// One kind of agent available for a game.
pub struct AgentKind<G: Game> {
    /// The name used in specs.
    pub name: &'static str,
    /// One line on what it does.
    pub help: &'static str,
    /// Its settings, each declared once (`cardsim list` prints them).
    pub params: &'static [ParamSpec],
    /// Builds it from a spec with this name.
    pub build: AgentBuilder<G>,
}

impl<G: Game> AgentKind<G> {
    /// A kind of agent without settings, built as `A::default()` (a spec with any setting is
    /// refused).
    pub fn without_settings<A: Agent<G> + Default + 'static>(
        name: &'static str,
        help: &'static str,
    ) -> Self {
        AgentKind {
            name,
            help,
            params: &[],
            build: |spec| {
                spec.settings(&[])?;
                Ok(Box::new(A::default()))
            },
        }
    }
}

/// The search agents' default budgets in a game ([`GameAgents::search_defaults`]): what
/// `iters=auto` and `worlds=auto` (the defaults) mean there. Budgets in iterations keep a
/// run reproducible; they are chosen by measurement (`cardsim experiment agent-cost`) so that
/// a decision takes at most about a second and a game about a minute on one core.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchDefaults {
    /// Iterations per decision of `ismcts`, and of `cheat` with UCT.
    pub iters: u32,
    /// Iterations per decision of `mo-ismcts` (one tree per seat: dearer per iteration).
    pub mo_iters: u32,
    /// Sampled worlds per decision of `pimc` (at most, with a `nodes` budget).
    pub worlds: u32,
    /// Solver nodes per decision of `pimc` with `worlds=auto` and `nodes=auto`
    /// ([`crate::search::PimcSettings::nodes`]): `None` (most games) searches every world.
    pub nodes: Option<u64>,
    /// Solver nodes per decision of `cheat` with `nodes=auto`, where its solver counts them
    /// ([`crate::search::Cheat::with_nodes`]).
    pub cheat_nodes: Option<u64>,
}

impl SearchDefaults {
    /// The budgets of most games: 1,000 iterations, 20 worlds, no node budget for `pimc`, and
    /// 4,000,000 solver nodes a decision for `cheat` (about 0.45 s of one core for the
    /// double-dummy solver; a Bridge opening lead searched whole took up to 28 M).
    pub const STANDARD: SearchDefaults = SearchDefaults {
        iters: 1_000,
        mo_iters: 1_000,
        worlds: 20,
        nodes: None,
        cheat_nodes: Some(4_000_000),
    };
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

    /// The solver `pimc` runs in its sampled worlds with `solver=auto|exact`: the exact
    /// solver (the default) unless the game offers one for sampled worlds, where the exact
    /// solver's search of later decisions would fuse what only the world shows (Euchre's
    /// auction: a bid followed by bids made seeing every hand). `cheat`, on the true state,
    /// keeps [`GameAgents::exact_solver`].
    fn world_solver() -> Option<Box<dyn PerfectInfoSolver<Self>>> {
        Self::exact_solver()
    }

    /// True for a real-time game (one with races): every agent then also takes the
    /// reaction-time settings [`crate::reaction::REACTION`] (`rt_mean`, `rt_spread`,
    /// `errors`).
    const REAL_TIME: bool = false;

    /// The playout the search agents use with `rollout=auto` (their default), if the game
    /// offers one; `None` (the default) plays out uniformly at random. A game offers one where
    /// random playouts would not end in reasonable time, or would mislead (the guide's search
    /// section says why, game by game): the race games Spoons, Pig and Egyptian Ratscrew
    /// resolve the next race with their heuristic and value the position then
    /// ([`Rollout::Cutoff`]); Gin Rummy, Tong-Its, Dingo, Xeri, Court Piece, Euchre and
    /// Hasenpfeffer play their heuristic to the end of the hand ([`Rollout::HandEnd`]), all
    /// but the last two keeping the heuristic's own choice unless another beats it by two
    /// standard errors.
    fn default_rollout() -> Option<Rollout<Self>> {
        None
    }

    /// Where the search agents' default playout (`rollout=auto`, when the game offers no
    /// [`GameAgents::default_rollout`]) stops early: in a game played hand by hand to a
    /// target, the end of the hand the playout started in, valued by what each side gained
    /// in it (the game's own hand score; see [`crate::search::gain_share`]). `None` (the
    /// default) plays on to the end of the game.
    fn hand_end() -> Option<CutoffValue<Self>> {
        None
    }

    /// A move the search agents (`ismcts`, `mo-ismcts`, `pimc`, `cheat`) never make at a
    /// decision of their own, judged from the seat's observation; `None` (the default) keeps
    /// every legal action. Gin Rummy's: taking back from the pile a card the seat itself
    /// discarded this hand (two searches passed cards back and forth, and the stock never
    /// shrank).
    fn search_veto() -> Option<Veto<Self>> {
        None
    }

    /// Where play can go round in circles: the position a seat's observation shows
    /// ([`crate::Position`]), `None` where it cannot. A search agent (`ismcts`, `mo-ismcts`,
    /// `pimc`, `cheat`) that is to choose in a position it chose in at an earlier move of the
    /// game does not choose again what it chose there before, while it has another legal
    /// action (then it starts a new round). `None` (the default) keeps no memory. Mattis's and
    /// Myllymatti's second half: players who each lead the card the next one cannot beat
    /// passed the same cards round to the move cap.
    fn search_position() -> Option<PositionOf<Self>> {
        None
    }

    /// Decisions the search agents (`ismcts`, `mo-ismcts`, `pimc`, `cheat`) leave to another
    /// agent of the game ([`Deferral`]); `None` (the default) searches every decision.
    /// Bridge's auction, left to the heuristic's natural bidding: a search of the calls, whose
    /// partner and opponents in a playout or a sampled world bid no system it can read,
    /// reached contracts that failed 49 times in 50.
    fn search_defers() -> Option<Deferral<Self>> {
        None
    }

    /// The search agents' default budgets in this game: [`SearchDefaults::STANDARD`] unless
    /// measurement showed them too dear here.
    fn search_defaults() -> SearchDefaults {
        SearchDefaults::STANDARD
    }

    /// True for a game without hidden information (Seahaven Towers): every seat's observation
    /// is the whole state. With an exact solver ([`GameAgents::exact_solver`]), `pimc` (with
    /// `solver=auto|exact`), `ismcts` and `mo-ismcts` then play the solver's move instead of
    /// sampling, so they are exactly as strong as `cheat`.
    const OPEN: bool = false;
}

/// All agents available for a game.
pub struct AgentCatalog<G: Game> {
    kinds: Vec<AgentKind<G>>,
    real_time: bool,
}

/// The catalog for `G`: `random`, the game's own agents, then the search agents (`ismcts`,
/// `mo-ismcts`, `pimc`, `cheat`).
pub fn catalog<G: GameAgents>() -> AgentCatalog<G> {
    let mut kinds = vec![AgentKind::<G> {
        name: "random",
        help: "uniformly random legal action",
        params: &[],
        build: |spec| {
            spec.settings(&[])?;
            Ok(Box::new(RandomAgent))
        },
    }];
    kinds.extend(G::game_agents());
    kinds.extend(search_agents::<G>());
    AgentCatalog {
        kinds,
        real_time: G::REAL_TIME,
    }
}

/// `ms`: shared by every search agent.
const MS: ParamSpec = ParamSpec::int(
    "ms",
    "none",
    1,
    i64::MAX,
    "time limit per decision in milliseconds (with it, the count it bounds defaults to \
     unlimited; not reproducible)",
);
/// `c`: UCB exploration constant.
const C: ParamSpec = ParamSpec::float("c", "0.7", 0.0, f64::INFINITY, "UCB exploration constant");
/// `rollout`: the playout policy.
const ROLLOUT: ParamSpec = ParamSpec::choice(
    "rollout",
    "auto",
    &["auto", "random", "heuristic"],
    "playout policy (auto: the game's own playout where it offers one (Spoons, Pig: the \
     heuristic for one tick, valued by hand progress), else random to the end of the hand in a game played \
     hand by hand, valued by the points each side gained, else random to the end; random: \
     random to the end of the game; heuristic: the game's own heuristic agent to the end of \
     the game)",
);
/// `solver`: the perfect-information search of `pimc` and `cheat`.
const SOLVER: ParamSpec = ParamSpec::choice(
    "solver",
    "auto",
    &["auto", "uct", "exact"],
    "perfect-information search: the game's exact solver where it has one (auto), UCT, or \
     the exact solver",
);
const ITERS: ParamSpec = ParamSpec::auto_or_int(
    "iters",
    "auto",
    1,
    u32::MAX as i64,
    "iterations per decision (auto: the game's default budget, 1000 in most games; \
     `cardsim experiment agent-cost` shows what it costs)",
);

/// The settings of `ismcts` and `mo-ismcts`.
const ISMCTS: &[ParamSpec] = &[ITERS, MS, C, ROLLOUT];
/// The settings of `pimc`.
const PIMC: &[ParamSpec] = &[
    ParamSpec::auto_or_int(
        "worlds",
        "auto",
        1,
        u32::MAX as i64,
        "sampled deals of the hidden cards per decision (auto: the game's default budget, 20 \
         in most games)",
    ),
    MS,
    ParamSpec::auto_or_int(
        "nodes",
        "auto",
        1,
        i64::MAX,
        "exact-solver nodes per decision, summed over its worlds, each searched within what is \
         left: no new world once spent, at least one (auto: the game's default budget with \
         worlds=auto and no ms, none in most games; reproducible, unlike ms)",
    ),
    ParamSpec::auto_or_int(
        "iters",
        "auto",
        1,
        u32::MAX as i64,
        "UCT iterations per world (auto: 100)",
    ),
    C,
    ROLLOUT,
    SOLVER,
];
/// The settings of `cheat`.
const CHEAT: &[ParamSpec] = &[
    ITERS,
    MS,
    C,
    ROLLOUT,
    SOLVER,
    ParamSpec::auto_or_int(
        "nodes",
        "auto",
        1,
        i64::MAX,
        "exact-solver nodes per decision: an exact search of up to three quarters of them, \
         then a depth-limited one within the rest (auto: the game's default, 4,000,000, with a \
         solver that counts its nodes; reproducible, unlike ms)",
    ),
];

/// The search agents every game gets: `ismcts`, `mo-ismcts`, `pimc` and `cheat`.
fn search_agents<G: GameAgents>() -> Vec<AgentKind<G>> {
    vec![
        AgentKind {
            name: "ismcts",
            help: "information set MCTS (single observer)",
            params: ISMCTS,
            build: |spec| {
                let s = spec.settings(ISMCTS)?;
                let iters = G::search_defaults().iters;
                let agent = Ismcts::new(search_settings(&s, time_limit(&s)?, iters)?)
                    .with_rollout(rollout::<G>(&s)?)
                    .with_open_solver(open_solver::<G>());
                Ok(guarded::<G>(Box::new(agent)))
            },
        },
        AgentKind {
            name: "mo-ismcts",
            help:
                "multi-observer information set MCTS (one tree per seat, each following what its \
                   seat sees of every move)",
            params: ISMCTS,
            build: |spec| {
                let s = spec.settings(ISMCTS)?;
                let iters = G::search_defaults().mo_iters;
                let agent = Ismcts::multi_observer(search_settings(&s, time_limit(&s)?, iters)?)
                    .with_rollout(rollout::<G>(&s)?)
                    .with_open_solver(open_solver::<G>());
                Ok(guarded::<G>(Box::new(agent)))
            },
        },
        AgentKind {
            name: "pimc",
            help: "determinized search: samples of the hidden cards (as many as fit in ms for the \
                   whole decision when ms is set, at least one), each searched with \
                   perfect-information UCT or the game's exact solver",
            params: PIMC,
            build: |spec| {
                let s = spec.settings(PIMC)?;
                let ms = time_limit(&s)?;
                let worlds = if ms.is_some() && !s.is_set("worlds") {
                    u32::MAX
                } else {
                    s.auto_or_int("worlds")?
                        .unwrap_or(G::search_defaults().worlds)
                };
                // `ms` is the whole decision's: the per-world search does not see it.
                let solver = solver::<G>(&s, None, PIMC_WORLD_ITERS, G::world_solver)?;
                // The game's node budget goes with its default worlds only (`worlds=N` alone
                // still searches N worlds, `ms=N` alone as many as fit), and with a solver
                // that counts its nodes.
                let auto_worlds = s.auto_or_int::<u32>("worlds")?.is_none();
                let auto = G::search_defaults()
                    .nodes
                    .filter(|_| ms.is_none() && auto_worlds);
                let nodes = budget::<G>(&s, solver.as_ref(), auto)?;
                let settings = PimcSettings::default()
                    .worlds(worlds)
                    .time_limit(ms)
                    .nodes(nodes);
                // Without hidden cards there is one world: the exact solver plays it.
                let open = G::OPEN && s.choice("solver")? != "uct" && G::exact_solver().is_some();
                Ok(guarded::<G>(Box::new(
                    Pimc::new(settings, solver)
                        .with_race_rollout(rollout::<G>(&s)?)
                        .solve_open(open),
                )))
            },
        },
        AgentKind {
            name: "cheat",
            help:
                "UNFAIR: sees all hidden cards (an upper-bound baseline, never a fair opponent); \
                   perfect-information UCT on the true state or the game's exact solver",
            params: CHEAT,
            build: |spec| {
                let s = spec.settings(CHEAT)?;
                let solver = solver::<G>(
                    &s,
                    time_limit(&s)?,
                    G::search_defaults().iters,
                    G::exact_solver,
                )?;
                let nodes = budget::<G>(&s, solver.as_ref(), G::search_defaults().cheat_nodes)?;
                Ok(guarded::<G>(Box::new(
                    Cheat::new(solver)
                        .with_nodes(nodes)
                        .with_race_rollout(rollout::<G>(&s)?),
                )))
            },
        },
    ]
}

/// `nodes` of `pimc` and `cheat`: the budget given, or `auto` with `nodes=auto`; none with a
/// solver that counts no nodes, and an error where one is given to such a solver.
fn budget<G: GameAgents>(
    s: &AgentSettings,
    solver: &dyn PerfectInfoSolver<G>,
    auto: Option<u64>,
) -> Result<Option<u64>, AgentError> {
    let given = s.auto_or_int::<u64>("nodes")?;
    if solver.nodes().is_none() {
        if given.is_some() {
            return Err(s.reject(
                "nodes",
                s.given("nodes").unwrap_or_default(),
                format!(
                    "no nodes without the exact solver of {} (it counts them)",
                    G::INFO.name
                ),
            ));
        }
        return Ok(None);
    }
    Ok(given.or(auto))
}

/// UCT iterations per world of `pimc` with `iters=auto`.
const PIMC_WORLD_ITERS: u32 = 100;

/// `iters` (`auto`: `auto_iters`) and `c`, with the time limit `time`: with a time limit and
/// no `iters`, the search runs until the time is up.
fn search_settings(
    s: &AgentSettings,
    time: Option<Duration>,
    auto_iters: u32,
) -> Result<SearchSettings, AgentError> {
    let iters = if time.is_some() && !s.is_set("iters") {
        u32::MAX
    } else {
        s.auto_or_int("iters")?.unwrap_or(auto_iters)
    };
    Ok(SearchSettings::default()
        .iterations(iters)
        .time_limit(time)
        .exploration(s.float("c")?))
}

/// The exact solver `ismcts` plays in a game without hidden information
/// ([`GameAgents::OPEN`]), if the game has one.
fn open_solver<G: GameAgents>() -> Option<Box<dyn PerfectInfoSolver<G>>> {
    if G::OPEN {
        G::exact_solver()
    } else {
        None
    }
}

/// `ms`: the time limit, if any.
fn time_limit(s: &AgentSettings) -> Result<Option<Duration>, AgentError> {
    Ok(s.opt_int::<u64>("ms")?.map(Duration::from_millis))
}

/// `rollout=auto` (the default: [`GameAgents::default_rollout`], else random),
/// `rollout=random` or `rollout=heuristic`: the game's own heuristic agent.
fn rollout<G: GameAgents>(s: &AgentSettings) -> Result<Rollout<G>, AgentError> {
    match s.choice("rollout")? {
        "auto" => Ok(auto_rollout::<G>()),
        "heuristic" => {
            let cat = catalog::<G>();
            if !cat.kinds().iter().any(|k| k.name == "heuristic") {
                return Err(s.reject(
                    "rollout",
                    "heuristic",
                    format!("random ({} has no heuristic agent)", G::INFO.name),
                ));
            }
            Ok(Rollout::Agent(cat.build(&AgentSpec {
                name: "heuristic".into(),
                params: Vec::new(),
            })?))
        }
        _ => Ok(Rollout::Random),
    }
}

/// The perfect-information solver of `pimc` and `cheat` (`solver=auto|uct|exact`); `time` is
/// the UCT search's own time limit, if any, `auto_iters` its iterations with `iters=auto`,
/// and `exact` the game's exact solver for the agent.
fn solver<G: GameAgents>(
    s: &AgentSettings,
    time: Option<Duration>,
    auto_iters: u32,
    exact: fn() -> Option<Box<dyn PerfectInfoSolver<G>>>,
) -> Result<Box<dyn PerfectInfoSolver<G>>, AgentError> {
    let which = s.choice("solver")?;
    let exact = if which == "uct" { None } else { exact() };
    match exact {
        Some(exact) => {
            // `ms` of pimc bounds the whole decision (`time` is then `None`), which the exact
            // solver allows; the UCT settings mean nothing to it.
            let uct_keys = ["iters", "ms", "c", "rollout"];
            let pimc_ms = |k: &str| k == "ms" && time.is_none();
            if let Some(k) = uct_keys.into_iter().find(|&k| s.is_set(k) && !pimc_ms(k)) {
                return Err(s.reject(
                    k,
                    s.given(k).unwrap_or_default(),
                    format!(
                        "no {k} with the exact solver of {} (or solver=uct)",
                        G::INFO.name
                    ),
                ));
            }
            Ok(exact)
        }
        None if which == "exact" => Err(s.reject(
            "solver",
            which,
            format!("auto or uct ({} has no exact solver)", G::INFO.name),
        )),
        None => Ok(Box::new(
            Uct::new(search_settings(s, time, auto_iters)?).with_rollout(rollout::<G>(s)?),
        )),
    }
}

impl<G: Game> AgentCatalog<G> {
    /// The available kinds.
    pub fn kinds(&self) -> &[AgentKind<G>] {
        &self.kinds
    }

    /// The settings every agent takes besides its own: the reaction-time model
    /// ([`crate::reaction::REACTION`]) in a real-time game, none otherwise.
    pub fn shared_settings(&self) -> &'static [ParamSpec] {
        if self.real_time {
            REACTION
        } else {
            &[]
        }
    }

    /// Builds the agent a spec names.
    ///
    /// # Errors
    /// [`AgentError::UnknownAgent`] listing the allowed names, or the agent's own setting errors.
    pub fn build(&self, spec: &AgentSpec) -> Result<Box<dyn Agent<G>>, AgentError> {
        match self.kinds.iter().find(|k| k.name == spec.name) {
            Some(k) if self.real_time => {
                let is_rt = |key: &str| REACTION.iter().any(|p| p.key == key);
                let (rt, own): (Vec<_>, Vec<_>) =
                    spec.params.iter().cloned().partition(|(key, _)| is_rt(key));
                let inner = (k.build)(&AgentSpec {
                    name: spec.name.clone(),
                    params: own,
                })?;
                let rt = AgentSpec {
                    name: spec.name.clone(),
                    params: rt,
                };
                let s = rt.settings(REACTION)?;
                let model = ReactionModel {
                    mean: s.float("rt_mean")?,
                    spread: s.float("rt_spread")?,
                    errors: s.float("errors")?,
                };
                Ok(Box::new(Reacting::new(inner, model, spec.to_string())))
            }
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
