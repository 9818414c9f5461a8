//! Which agents exist for a game, and building them from specs.

use crate::{Agent, AgentError, AgentSpec, RandomAgent};
use cardsim_engine::Game;

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
}

/// All agents available for a game.
pub struct AgentCatalog<G: Game> {
    kinds: Vec<AgentKind<G>>,
}

/// The catalog for `G`: the generic agents, then the game's own.
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
    AgentCatalog { kinds }
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
