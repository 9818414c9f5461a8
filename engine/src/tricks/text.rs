//! The card play of a trick-taking game as lines of an observation text, written the same way
//! for every game of the family (see [`Encoding::observation_string`](crate::Encoding::observation_string)).

use crate::games::common::text::{seats, BySuit, Fmt, ObsText};
use crate::seat::Seat;
use crate::tricks::{Trick, TrickPlay};
use std::fmt::{self, Display};

/// Adds `play`, as `observer` sees it, to `t`:
///
/// ```text
/// hand: AS KS 7S | QH 9H | TD | 2C      the observer's hand, by suit
/// seen 2: KH QH | 5C                    each other hand the observer sees (a dummy)
/// cards: 0:5 1:5 2:4 3:4                cards in each seat's hand
/// trick: 2:KD 3:AD, 0 to play           the trick in progress (`-, 1 to lead` before a lead)
/// last trick: 1:2C 2:3C 3:AC 0:4C, won by 3
/// tricks won: 0:3 1:5 2:0 3:1
/// sitting out: 2                        only when a seat sits the hand out (a lone hand)
/// ```
///
/// Everything comes from the [`TrickPlay`] of an observation, whose hidden hands are empty.
pub(crate) fn write_play(t: &mut ObsText, play: &TrickPlay, observer: Seat) {
    let p = play.players();
    write_hands(t, play, observer);
    if !play.is_over() {
        t.line("trick", trick_text(play.trick(), Some(play.to_play())));
    }
    if let Some(last) = play.last_trick() {
        let winner = last.winner(play.order()).map(|(w, _)| w);
        t.line(
            "last trick",
            Fmt(move |f: &mut fmt::Formatter<'_>| {
                write!(f, "{}", trick_text(last, None))?;
                match winner {
                    Some(w) => write!(f, ", won by {w}"),
                    None => Ok(()),
                }
            }),
        );
    }
    t.line("tricks won", seats(p, |s| play.tricks_won(s)));
    let out: Vec<Seat> = Seat::all(p)
        .filter(|&s| !play.active().contains(s))
        .collect();
    if !out.is_empty() {
        t.line("sitting out", crate::games::common::text::seat_list(out));
    }
}

/// Adds the first three lines of [`write_play`] (the hands and their sizes) to `t`: what a
/// game shows of its play before the first lead (during an auction or trump making).
pub(crate) fn write_hands(t: &mut ObsText, play: &TrickPlay, observer: Seat) {
    let p = play.players();
    t.line("hand", BySuit(play.hand(observer)));
    for s in Seat::all(p).filter(|&s| s != observer && !play.hand(s).is_empty()) {
        t.line(&format!("seen {s}"), BySuit(play.hand(s)));
    }
    t.line("cards", seats(p, |s| play.hand_len(s)));
}

/// A trick as `seat:card` pairs in play order, then `, N to play` (`-, N to lead` when empty).
pub(crate) fn trick_text(trick: &Trick, next: Option<Seat>) -> impl Display + '_ {
    Fmt(move |f: &mut fmt::Formatter<'_>| {
        if trick.is_empty() {
            f.write_str("-")?;
        }
        for (i, (s, c)) in trick.plays().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{s}:{c}")?;
        }
        match next {
            Some(n) if trick.is_empty() => write!(f, ", {n} to lead"),
            Some(n) => write!(f, ", {n} to play"),
            None => Ok(()),
        }
    })
}

/// Test support: plays random moves of `game` from the deal of `seed` until its card play
/// starts, then asserts that `observer`'s text opens by naming it and shows its whole hand and
/// no card of another seat's hand but the `public` ones of its observation (a turned-up trump
/// card). Returns the text.
#[cfg(test)]
pub(crate) fn assert_text_shows_own_hand<G>(
    game: &G,
    seed: u64,
    observer: Seat,
    public: impl Fn(&G::Observation) -> crate::CardSet,
) -> String
where
    G: crate::Encoding + crate::tricks::TrickTaking,
{
    use crate::driver::{step, RandomPolicy, Scratch, Step};
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut state = game.deal(&mut rng);
    let mut scratch = Scratch::new();
    while game.trick_play(&state).is_none() {
        match step(game, &mut state, &mut RandomPolicy, &mut scratch, &mut rng) {
            Ok(Step::Moved) => {}
            Ok(Step::Over) => panic!("seed {seed}: the game ended before its card play"),
            Err(never) => match never {},
        }
    }
    let play = game.trick_play(&state).unwrap();
    let obs = game.observe(&state, observer);
    let text = game.observation_string(&obs);
    assert!(text.starts_with(&format!("seat {observer} of ")), "{text}");
    let others = Seat::all(play.players())
        .filter(|&s| s != observer)
        .fold(crate::CardSet::EMPTY, |acc, s| acc | play.hand(s))
        - public(&obs);
    assert!(!play.hand(observer).is_empty());
    crate::games::common::text::assert_shows(&text, play.hand(observer), others);
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tricks::{CardOrder, Obligation};
    use crate::{CardSet, SeatMask};

    #[test]
    fn the_play_shows_the_hand_the_trick_and_the_counts() {
        let hands = ["AS 2C", "KS 3C", "QS 4C", "2H 5C"].map(|h| h.parse::<CardSet>().unwrap());
        let mut play = TrickPlay::new(
            4,
            &hands,
            Seat::new(0),
            CardOrder::ace_high(None),
            Obligation::FollowSuit,
        );
        for c in ["AS", "KS", "QS", "2H", "2C"] {
            play.play(c.parse().unwrap());
        }
        let mut t = ObsText::new(Seat::new(1), 4, "");
        write_play(&mut t, &play.masked(SeatMask(1 << 1)), Seat::new(1));
        assert_eq!(
            t.finish(),
            "seat 1 of 4\n\
             hand: 3C\n\
             cards: 0:0 1:1 2:1 3:1\n\
             trick: 0:2C, 1 to play\n\
             last trick: 0:AS 1:KS 2:QS 3:2H, won by 0\n\
             tricks won: 0:1 1:0 2:0 3:0\n"
        );
    }
}
