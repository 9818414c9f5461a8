//! [`TrickTaking`]: what a trick-taking game's state shows of its card play, for code that
//! works across the trick family (the double-dummy solver, the rules of thumb).

use crate::cards::Card;
use crate::game::Game;
use crate::tricks::{Teams, TrickPlay};

/// A game of the trick family seen through its card play: where the play of the current hand
/// stands, its partnerships, and which actions are cards. Each game implements it beside its
/// state, so generic trick-game code (a double-dummy solver, card-play rules of thumb) needs
/// nothing game-specific.
///
/// ```
/// use cardsim_engine::games::whist::Whist;
/// use cardsim_engine::tricks::TrickTaking;
/// use cardsim_engine::{Game, Params, Seat};
/// use rand::SeedableRng;
/// let game = Whist::new(4, &Params::new()).unwrap();
/// let state = game.deal(&mut rand_chacha::ChaCha8Rng::seed_from_u64(1));
/// let play = game.trick_play(&state).expect("a fresh deal is in card play");
/// assert_eq!(play.tricks_won(Seat::new(0)), 0);
/// assert!(game.teams().same(Seat::new(0), Seat::new(2)));
/// let card = "AS".parse().unwrap();
/// assert_eq!(Whist::card(card), Some(card));
/// ```
pub trait TrickTaking: Game {
    /// The play of the current hand while cards are being played; `None` in other phases
    /// (dealing choices, an auction, the end of the game).
    fn trick_play<'s>(&self, state: &'s Self::State) -> Option<&'s TrickPlay>;

    /// The sides whose tricks count together ([`Teams::solo`] when every seat plays for
    /// itself).
    fn teams(&self) -> Teams;

    /// The card an action plays, if it plays one.
    fn card(action: Self::Action) -> Option<Card>;
}
