//! The games the package offers, and reading a game string such as
//! `euchre(deck=24,target=1)`.

use crate::erased::{DynGame, ErasedGame};
use crate::error::CoreError;
use cardsim_agents::GameAgents;
use cardsim_engine::{games, DealText, Encoding, GameInfo, Params};

/// One game of the table: its description and how to configure it.
#[derive(Clone, Copy)]
pub struct Entry {
    /// Name, players, parameters.
    pub info: GameInfo,
    /// `G` configured for the players (its default when `None`) and parameters.
    pub load: Load,
}

/// The type of [`Entry::load`].
pub type Load = fn(Option<usize>, &Params) -> Result<Box<dyn DynGame>, CoreError>;

fn entry<G: Encoding + DealText + GameAgents>() -> Entry {
    Entry {
        info: G::INFO,
        load: |players, params| Ok(Box::new(ErasedGame::<G>::new(players, params)?)),
    }
}

/// Every game with an encoding, in the order of `cardsim list`: one line per game.
pub fn games() -> Vec<Entry> {
    macro_rules! entries {
        ($($module:ident :: $game:ident),* $(,)?) => {
            vec![$(entry::<games::$module::$game>()),*]
        };
    }
    cardsim_engine::with_every_game!(entries)
}

/// The game named `name`.
///
/// # Errors
/// The command line's message for an unknown game, listing the names.
pub fn find(name: &str) -> Result<Entry, CoreError> {
    let all = games();
    all.iter()
        .find(|e| e.info.name == name)
        .copied()
        .ok_or_else(|| {
            let allowed: Vec<&str> = all.iter().map(|e| e.info.name).collect();
            CoreError(format!(
                "unknown game {name:?}; allowed: {}",
                allowed.join(", ")
            ))
        })
}

/// Splits a game string `name` or `name(key=value,...)` into the name and its parameters.
///
/// # Errors
/// A missing `)`, text after it, or an item that is not `key=value`.
pub fn parse_game_string(text: &str) -> Result<(String, Params), CoreError> {
    let text = text.trim();
    let Some((name, rest)) = text.split_once('(') else {
        return Ok((text.to_string(), Params::new()));
    };
    let Some(inner) = rest.strip_suffix(')') else {
        return Err(CoreError(format!(
            "game string {text:?} is not of the form name(key=value,...)"
        )));
    };
    let items: Vec<&str> = inner.split(',').filter(|s| !s.trim().is_empty()).collect();
    Ok((name.trim().to_string(), Params::parse(&items)?))
}
