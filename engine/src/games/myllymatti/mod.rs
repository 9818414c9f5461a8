//! Myllymatti (Skitgubbe): the Finnish ancestor of Mattis, for three players. The same two
//! halves as [`Mattis`](crate::games::mattis::Mattis), played on the shared core
//! [`TwoPart`], with these differences:
//!
//! - **First half:** each trick is played by two players only, the leader and the player to
//!   his left; the third sits out. The higher rank wins both cards (suits ignored) and leads
//!   the next trick against the player to *his* left. Equal ranks are a *bounce*: the cards
//!   stay on the table, both players draw, and the same leader leads again against the same
//!   opponent; the next winner takes everything on the table. After every trick the two
//!   players draw back to 3, the winner (after a bounce, the leader) first. Blind play from
//!   the stock is allowed while it holds more than one card; the last card is shown, fixes
//!   trump and goes to its drawer's won pile. The half ends when a player to play has no
//!   card: cards on the table go back to who played them, and the cards left in hands are
//!   **shown** and added to the won piles (so the second half is a game of perfect
//!   information for players who remember the cards).
//! - **Second half:** single cards only; a player who cannot or **will not** beat the last
//!   card takes the last card played into his hand; a trick is complete with as many cards
//!   as players at its start; if every card is taken, the player to the left of the last
//!   taker leads. The last player with cards loses.
//!
//! Rulings are in `docs/rules/myllymatti.md`, each with its test. Action ids and the observation
//! tensor are Mattis's ([`encoding`](crate::games::mattis::encoding)).
//!
//! ```
//! use cardsim_engine::games::myllymatti::Myllymatti;
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::{seq::IndexedRandom, SeedableRng};
//! let game = Myllymatti::new(3, &Params::new()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, *legal.choose(&mut rng).unwrap(), &mut rng);
//! }
//! assert!(game.outcome(&state).is_some());
//! ```

use crate::game::GameInfo;
use crate::games::common::{BeatRules, Take};
pub use crate::games::mattis::{MattisAction, MattisObservation, MattisState, TwoPart, Variant};

/// The rules of Myllymatti ([`Variant`] for [`TwoPart`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MyllymattiRules;

impl Variant for MyllymattiRules {
    const INFO: GameInfo = GameInfo {
        name: "myllymatti",
        title: "Myllymatti (Skitgubbe)",
        min_players: 3,
        max_players: 3,
        default_players: 3,
        params: &[],
        stats: &[
            "tricks",
            "bounces",
            "blind_plays",
            "blamattis",
            "beat_tricks",
            "plays",
            "runs",
            "pickups",
            "forced_pickups",
            "loser_cards",
        ],
    };
    const PAIRS: bool = true;
    const BEAT: BeatRules = BeatRules {
        runs: false,
        take: Take::Last,
        may_decline: true,
    };
    const EXPOSE: bool = true;
}

/// Myllymatti.
///
/// ```
/// use cardsim_engine::games::myllymatti::Myllymatti;
/// use cardsim_engine::{Game, Params};
/// let err = Myllymatti::new(4, &Params::new()).unwrap_err();
/// assert_eq!(err.to_string(), "myllymatti takes 3 to 3 players, not 4");
/// ```
pub type Myllymatti = TwoPart<MyllymattiRules>;

#[cfg(test)]
mod tests;
