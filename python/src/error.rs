//! [`CoreError`]: the one-line message every failure of the package carries, the same text
//! the command line prints after `error: `.

use std::fmt;

/// Why a call failed, in one line (Python sees it as a `ValueError`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoreError(pub String);

impl fmt::Display for CoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CoreError {}

macro_rules! from_error {
    ($($t:ty),*) => {$(
        impl From<$t> for CoreError {
            fn from(e: $t) -> Self {
                CoreError(e.to_string())
            }
        }
    )*};
}

from_error!(
    cardsim_engine::ConfigError,
    cardsim_engine::IllegalAction,
    cardsim_engine::DealError,
    cardsim_agents::AgentError,
    cardsim_sim::SimError
);
