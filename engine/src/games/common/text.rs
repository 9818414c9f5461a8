//! Observation-text pieces written once for every game's
//! [`Encoding::observation_string`](crate::Encoding::observation_string): a text of labelled
//! lines ([`ObsText`]), hands written by suit ([`BySuit`], [`Counted`]) and per-seat values
//! ([`seats`]).
//!
//! Seats are written as their absolute numbers (`0` to `players - 1`), the numbers
//! `current_player()`, the action history and the deal texts use; the first line names the
//! observer (`seat 1 of 4`).

use crate::cards::{Card, CardMultiset, CardSet, Suit};
use crate::seat::Seat;
use std::fmt::{self, Display, Write};

/// The suits in the order a hand is written: spades, hearts, diamonds, clubs.
const SUITS: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

/// An observation text being written: a first line naming the observer, then one
/// `label: value` line per [`ObsText::line`].
pub(crate) struct ObsText(String);

impl ObsText {
    /// A text whose first line is `seat {seat} of {players}`, followed by `, {extra}` when
    /// `extra` is not empty (the game's one-line summary: dealer, trump, contract).
    pub(crate) fn new(seat: Seat, players: usize, extra: impl Display) -> ObsText {
        let mut s = format!("seat {seat} of {players}");
        let start = s.len();
        let _ = write!(s, ", {extra}");
        if s.len() == start + 2 {
            s.truncate(start);
        }
        s.push('\n');
        ObsText(s)
    }

    /// A text whose first line is `seat {seat} of {players}, dealer {dealer}, {phase}`, the
    /// phase by [`name`]: the first line of a game dealt hand by hand.
    pub(crate) fn dealt(
        seat: Seat,
        players: usize,
        dealer: Seat,
        phase: impl fmt::Debug,
    ) -> ObsText {
        ObsText::new(
            seat,
            players,
            format_args!("dealer {dealer}, {}", name(phase)),
        )
    }

    /// Adds the lines of a match played to a target: `score: {score}`, `target: {target}` and
    /// `deals: {deals}`.
    pub(crate) fn match_score(
        &mut self,
        score: impl Display,
        target: impl Display,
        deals: impl Display,
    ) -> &mut ObsText {
        self.line("score", score)
            .line("target", target)
            .line("deals", deals)
    }

    /// Adds the line `label: value`.
    pub(crate) fn line(&mut self, label: &str, value: impl Display) -> &mut ObsText {
        // Writing to a `String` cannot fail.
        let _ = writeln!(self.0, "{label}: {value}");
        self
    }

    /// Adds one line `label N: cards` per seat `N` (cards by suit, [`BySuit`]).
    pub(crate) fn seat_cards(
        &mut self,
        label: &str,
        players: usize,
        cards: impl Fn(Seat) -> CardSet,
    ) -> &mut ObsText {
        for s in Seat::all(players) {
            let _ = writeln!(self.0, "{label} {s}: {}", BySuit(cards(s)));
        }
        self
    }

    /// Adds the line `label: value` when `value` is `Some`.
    pub(crate) fn opt(&mut self, label: &str, value: Option<impl Display>) -> &mut ObsText {
        if let Some(v) = value {
            self.line(label, v);
        }
        self
    }

    /// The text.
    pub(crate) fn finish(&mut self) -> String {
        std::mem::take(&mut self.0)
    }
}

/// A card set written by suit: jokers first, then spades, hearts, diamonds and clubs, each
/// from its highest card down, the suits separated by ` | ` and empty suits left out (`-` for
/// an empty set): `JK AS KS 7S | QH 9H | 2C`.
#[derive(Clone, Copy)]
pub(crate) struct BySuit(pub(crate) CardSet);

impl Display for BySuit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_by_suit(f, self.0, |_| 1)
    }
}

/// A counted hand (several decks) written like [`BySuit`], each card as often as it is held:
/// `AS AS KS | 2C`.
#[derive(Clone, Copy)]
pub(crate) struct Counted<'a>(pub(crate) &'a CardMultiset);

impl Display for Counted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_by_suit(f, self.0.support(), |c| self.0.count(c))
    }
}

fn write_by_suit(
    f: &mut fmt::Formatter<'_>,
    set: CardSet,
    copies: impl Fn(Card) -> u8,
) -> fmt::Result {
    if set.is_empty() {
        return f.write_str("-");
    }
    let mut first = true;
    let mut put = |f: &mut fmt::Formatter<'_>, c: Card, sep: &str| -> fmt::Result {
        for _ in 0..copies(c) {
            if !first {
                f.write_str(sep)?;
            }
            write!(f, "{c}")?;
            first = false;
        }
        Ok(())
    };
    for joker in set.intersection(CardSet::JOKERS).iter() {
        put(f, joker, " ")?;
    }
    let mut sep = " ";
    for suit in SUITS {
        for c in set.of_suit(suit).difference(CardSet::JOKERS).iter().rev() {
            put(f, c, sep)?;
            sep = " ";
        }
        if !set.of_suit(suit).difference(CardSet::JOKERS).is_empty() {
            sep = " | ";
        }
    }
    Ok(())
}

/// A [`Display`] written by a closure (`std::fmt::from_fn`, newer than the workspace's Rust).
pub(crate) struct Fmt<F>(pub(crate) F);

impl<F: Fn(&mut fmt::Formatter<'_>) -> fmt::Result> Display for Fmt<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}

/// A one-round [`Auction`](crate::games::common::Auction): `2 of 4 spoke, high 3 by 1, 2 to
/// speak` (`no bid` before a bid; no `to speak` once over); bids are the game's levels.
pub(crate) fn auction(a: &crate::games::common::Auction, players: usize) -> impl Display + '_ {
    Fmt(move |f: &mut fmt::Formatter<'_>| {
        write!(f, "{} of {players} spoke", a.spoken())?;
        match a.high() {
            Some((s, level)) => write!(f, ", high {level} by {s}")?,
            None => f.write_str(", no bid")?,
        }
        match a.turn() {
            Some(s) => write!(f, ", {s} to speak"),
            None => Ok(()),
        }
    })
}

/// A card or `-` for none.
pub(crate) fn card_or_dash(card: Option<Card>) -> impl Display {
    Fmt(move |f: &mut fmt::Formatter<'_>| match card {
        Some(c) => write!(f, "{c}"),
        None => f.write_str("-"),
    })
}

/// A list of cards in the order given, space-separated (`-` when empty): a pile, top last.
pub(crate) fn in_order<'a>(cards: impl IntoIterator<Item = &'a Card> + Clone) -> impl Display {
    Fmt(move |f: &mut fmt::Formatter<'_>| {
        let mut any = false;
        for c in cards.clone() {
            if any {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
            any = true;
        }
        if !any {
            f.write_str("-")?;
        }
        Ok(())
    })
}

/// One value per seat, `seat:value` separated by spaces, seats in absolute order:
/// `0:3 1:5 2:0`.
pub(crate) fn seats<T: Display>(players: usize, value: impl Fn(Seat) -> T) -> impl Display {
    Fmt(move |f: &mut fmt::Formatter<'_>| {
        for s in Seat::all(players) {
            if s.index() > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{s}:{}", value(s))?;
        }
        Ok(())
    })
}

/// One value per partnership of seats sitting alternately (team `k` holds seats `k`,
/// `k + teams`, ...), written `0/2:3 1/3:5`.
pub(crate) fn teams<T: Display>(values: &[T], players: usize) -> impl Display + '_ {
    Fmt(move |f: &mut fmt::Formatter<'_>| {
        let n = values.len().max(1);
        for (k, v) in values.iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            for (i, s) in (k..players).step_by(n).enumerate() {
                if i > 0 {
                    f.write_str("/")?;
                }
                write!(f, "{s}")?;
            }
            write!(f, ":{v}")?;
        }
        Ok(())
    })
}

/// The name of a phase or other field-less enum value: its `Debug` name, lower case.
pub(crate) fn name(value: impl fmt::Debug) -> String {
    format!("{value:?}").to_lowercase()
}

/// `yes` or `no`.
pub(crate) fn yes_no(v: bool) -> &'static str {
    if v {
        "yes"
    } else {
        "no"
    }
}

/// The seats of a list, lowest first, space-separated (`-` when none).
pub(crate) fn seat_list(list: impl IntoIterator<Item = Seat>) -> impl Display {
    let mask = crate::seat::SeatMask(list.into_iter().fold(0, |m, s| m | 1 << s.index()));
    Fmt(move |f: &mut fmt::Formatter<'_>| {
        if mask.0 == 0 {
            return f.write_str("-");
        }
        for (i, s) in mask.iter().enumerate() {
            let sep = if i > 0 { " " } else { "" };
            write!(f, "{sep}{s}")?;
        }
        Ok(())
    })
}

/// A suit's letter, or `-` for none (no trumps yet).
pub(crate) fn suit_or_dash(suit: Option<Suit>) -> impl Display {
    Fmt(move |f: &mut fmt::Formatter<'_>| match suit {
        Some(s) => write!(f, "{s}"),
        None => f.write_str("-"),
    })
}

/// Test support: the card tokens of an observation text (its words, split at spaces and at
/// `:`, `,`, `|`, `(`, `)`, `/`), so that `10` and `T`-cards are not found inside other words.
#[cfg(test)]
pub(crate) fn tokens(text: &str) -> std::collections::HashSet<&str> {
    text.split(|c: char| c.is_whitespace() || ":,|()/;[]".contains(c))
        .filter(|t| !t.is_empty())
        .collect()
}

/// Test support: asserts that `text` shows every card of `shown` and none of `hidden`.
#[cfg(test)]
pub(crate) fn assert_shows(text: &str, shown: CardSet, hidden: CardSet) {
    let words = tokens(text);
    for c in shown.iter() {
        assert!(
            words.contains(c.to_string().as_str()),
            "{c} missing from\n{text}"
        );
    }
    for c in hidden.iter() {
        assert!(
            !words.contains(c.to_string().as_str()),
            "hidden {c} shows in\n{text}"
        );
    }
}

/// Test support: deals from `seed` and asserts that each seat's text shows its own hand
/// (`hand` of its observation) and no card of another seat's hand.
#[cfg(test)]
pub(crate) fn assert_hands_private<G: crate::Encoding>(
    game: &G,
    seed: u64,
    hand: impl Fn(&G::Observation) -> CardSet,
) {
    use rand::SeedableRng;
    let state = game.deal(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
    let obs: Vec<G::Observation> = Seat::all(game.players())
        .map(|s| game.observe(&state, s))
        .collect();
    for (i, o) in obs.iter().enumerate() {
        let others = obs
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .fold(CardSet::EMPTY, |acc, (_, other)| acc | hand(other));
        assert!(!hand(o).is_empty(), "seat {i} holds no card");
        let text = game.observation_string(o);
        assert!(text.starts_with(&format!("seat {i} of ")), "{text}");
        assert_shows(&text, hand(o), others);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn hands_are_written_by_suit_high_cards_first() {
        assert_eq!(
            BySuit(set("2C 7S AS QH KS 9H TD")).to_string(),
            "AS KS 7S | QH 9H | TD | 2C"
        );
        assert_eq!(BySuit(set("JK 3H")).to_string(), "JK 3H");
        assert_eq!(BySuit(CardSet::EMPTY).to_string(), "-");
        let mut two = CardMultiset::default();
        for c in ["AS", "AS", "2C"] {
            assert!(two.try_insert(c.parse().unwrap()));
        }
        assert_eq!(Counted(&two).to_string(), "AS AS | 2C");
    }

    #[test]
    fn a_text_is_a_header_and_labelled_lines() {
        let mut t = ObsText::new(Seat::new(1), 3, "dealer 0");
        t.line("hand", BySuit(set("AS 2C")))
            .line("tokens", seats(3, |s| s.index() * 2))
            .line("score", teams(&[3, 5], 4))
            .opt("trump", None::<Suit>)
            .line(
                "pile",
                in_order(&["5D".parse().unwrap(), "6D".parse().unwrap()]),
            );
        assert_eq!(
            t.finish(),
            "seat 1 of 3, dealer 0\nhand: AS | 2C\ntokens: 0:0 1:2 2:4\nscore: 0/2:3 1/3:5\npile: 5D 6D\n"
        );
        assert_eq!(ObsText::new(Seat::new(0), 1, "").finish(), "seat 0 of 1\n");
    }

    #[test]
    fn tokens_split_at_punctuation() {
        let words = tokens("trick: 0:KD 1:TD | 2C, (won)");
        assert!(words.contains("KD") && words.contains("TD") && words.contains("2C"));
        assert!(!words.contains("D"));
    }
}
