//! One module per game. Each owns its state, actions, observation, scoring and tests, and
//! documents its player counts, deck, scoring and the rulings made where its rules page is
//! ambiguous (longer rulings live in `docs/rules/<game>.md`).

pub mod bridge;
pub mod common;
pub mod court_piece;
pub mod dingo;
pub mod egyptian_ratscrew;
pub mod envite;
pub mod euchre;
pub mod gin_rummy;
pub mod hasenpfeffer;
pub mod mattis;
pub mod myllymatti;
pub mod nap;
pub mod ninety_nine;
pub mod ogorek;
pub mod omi;
pub mod orgy;
pub mod royal_orgy;
pub mod seahaven;
pub mod speed;
pub mod spoons;
pub mod tong_its;
pub mod trash;
pub mod whist;
pub mod xeri;

/// Calls the macro `$callback` with every game's type, in the order `cardsim list` shows them,
/// as `$callback! { trash::Trash, gin_rummy::GinRummy, ... }` (module and type under
/// `cardsim_engine::games`); `with_every_game!(cb; tokens)` passes `tokens;` first. The one list of the games: the simulator's registry, the named
/// experiments and the Python package all expand it, so a new game is added here once.
///
/// ```
/// macro_rules! names {
///     ($($module:ident :: $game:ident),* $(,)?) => {
///         [$(<cardsim_engine::games::$module::$game as cardsim_engine::Game>::INFO.name),*]
///     };
/// }
/// let names = cardsim_engine::with_every_game!(names);
/// assert_eq!(names.len(), 24);
/// assert_eq!(names[0], "trash");
/// ```
#[macro_export]
macro_rules! with_every_game {
    ($callback:ident $(; $($extra:tt)*)?) => {
        $callback! {
            $($($extra)*;)?
            trash::Trash,
            gin_rummy::GinRummy,
            whist::Whist,
            seahaven::Seahaven,
            bridge::Bridge,
            ninety_nine::NinetyNine,
            xeri::Xeri,
            mattis::Mattis,
            myllymatti::Myllymatti,
            euchre::Euchre,
            omi::Omi,
            court_piece::CourtPiece,
            envite::Envite,
            hasenpfeffer::Hasenpfeffer,
            nap::Nap,
            orgy::Orgy,
            royal_orgy::RoyalOrgy,
            egyptian_ratscrew::Ratscrew,
            speed::Speed,
            tong_its::TongIts,
            spoons::Spoons,
            spoons::Pig,
            dingo::Dingo,
            ogorek::Ogorek,
        }
    };
}
