//! The end of a match played deal by deal to a target score.

use crate::game::{ConfigError, GameInfo, Params};

/// A match played to `target` points, deal by deal: over once any side's score reaches the
/// target, or after `max_deals` deals (the cap of a game that could otherwise run for ever).
/// Euchre, Omi, Hasenpfeffer and Nap play to a target.
///
/// ```
/// use cardsim_engine::games::common::ToTarget;
/// let game = ToTarget { target: 10, max_deals: 100 };
/// assert!(!game.is_over(&[9, 7], 12));
/// assert!(game.is_over(&[9, 10], 12));
/// assert!(game.is_over(&[0, 0], 100));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToTarget<T> {
    /// The score that ends the match.
    pub target: T,
    /// The most deals played.
    pub max_deals: u32,
}

impl<T: TryFrom<i64>> ToTarget<T> {
    /// The game's `target` and `max_deals` settings.
    ///
    /// # Errors
    /// [`ConfigError::BadValue`] when either is out of its declared range.
    ///
    /// # Panics
    /// When `info` does not declare both as whole numbers (a bug in the game).
    pub fn from_params(params: &Params, info: &GameInfo) -> Result<Self, ConfigError> {
        Ok(ToTarget {
            target: params.int(info, "target")?,
            max_deals: params.int(info, "max_deals")?,
        })
    }
}

impl<T: PartialOrd + Copy> ToTarget<T> {
    /// True when some side's score has reached the target.
    pub fn reached(&self, scores: &[T]) -> bool {
        scores.iter().any(|&s| s >= self.target)
    }

    /// True when the match is over after `deals` deals with these scores.
    pub fn is_over(&self, scores: &[T], deals: u32) -> bool {
        self.reached(scores) || deals >= self.max_deals
    }
}
