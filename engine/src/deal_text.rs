//! Deal texts: every game's dealt state as one line of readable text, and back.
//!
//! [`DealText`] is the pair a game implements beside [`Game`]: [`DealText::print_deal`] writes
//! the state [`Game::deal`] returns (who holds what, in which order where order matters) and
//! [`DealText::parse_deal`] reads such a text back into that state, checking everything a deal
//! must satisfy (every card of the game's deck exactly as often as the deck holds it, the right
//! hand sizes, known card names). `parse_deal(print_deal(d))` is `d` for every deal `d`.
//! Chance after the deal (later hands, reshuffles, the second batch of a two-batch deal) is not
//! part of the text: a game played from a text draws it from its RNG as usual.
//!
//! The helpers here are the shared vocabulary of the games' texts:
//!
//! - a text is one or more *fields* `label: value` separated by `;` ([`Fields`],
//!   [`write_fields`]);
//! - a card list is two-character cards separated by spaces, `-` for an empty list
//!   ([`parse_cards`], [`print_cards`]); per-seat values are separated by `/`
//!   ([`split_seats`]);
//! - four-hand trick games write their hands in PBN, `N:AKQ2.J4.T98.765 ...`, seats clockwise
//!   from the first ([`parse_hands`], [`print_hands`]), which other player counts write without
//!   the `N:` prefix, from seat 0;
//! - [`check_deck`] checks that the cards given are the deck, copies counted.
//!
//! ```
//! use cardsim_engine::deal_text::{parse_cards, print_cards, Fields, write_fields};
//! let cards = parse_cards("AS TD 2C").unwrap();
//! assert_eq!(print_cards(cards.iter().copied()), "AS TD 2C");
//! let text = write_fields(&[("upcard", "7H".into()), ("stock", "-".into())]);
//! assert_eq!(text, "upcard: 7H; stock: -");
//! let mut f = Fields::parse(&text).unwrap();
//! assert_eq!(f.take("stock").unwrap(), "-");
//! assert!(f.finish().unwrap_err().to_string().contains("upcard"));
//! ```

use crate::cards::{Card, CardMultiset, CardSet};
use crate::games::bridge::pbn::{hand_to_pbn, parse_hand, parse_seat, seat_char};
use crate::seat::Seat;
use crate::tricks::TrickPlay;
use crate::Game;
use rand::SeedableRng;
use std::fmt::{Debug, Display};

/// A game's dealt state as text: [`DealText::print_deal`] and its inverse
/// [`DealText::parse_deal`]. Each game's rules doc (`docs/rules/<game>.md`) shows its text.
pub trait DealText: Game {
    /// The text of a dealt state (a state as [`Game::deal`] returns it).
    fn print_deal(&self, state: &Self::State) -> String;

    /// The dealt state a text describes.
    ///
    /// # Errors
    /// A [`DealError`] saying in one line what is wrong: a malformed field, an unknown card,
    /// a card missing or given too often, a hand of the wrong size.
    fn parse_deal(&self, text: &str) -> Result<Self::State, DealError>;
}

/// Why a deal text could not be read: one line saying what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DealError(pub String);

impl DealError {
    /// An error with `message`.
    pub fn new(message: impl Into<String>) -> DealError {
        DealError(message.into())
    }
}

/// The labelled fields of a text, `label: value; label: value`, taken one by one.
#[derive(Clone, Debug)]
pub struct Fields<'a> {
    parts: Vec<(&'a str, &'a str)>,
}

impl<'a> Fields<'a> {
    /// Splits `text` at `;` into `label: value` fields.
    ///
    /// # Errors
    /// A field without a colon, or a label given twice.
    pub fn parse(text: &'a str) -> Result<Fields<'a>, DealError> {
        let mut parts: Vec<(&str, &str)> = Vec::new();
        for part in text.split(';') {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let Some((label, value)) = part.split_once(':') else {
                return Err(DealError(format!(
                    "field {:?} is not of the form `label: value`",
                    short(part)
                )));
            };
            let label = label.trim();
            if parts.iter().any(|(l, _)| l.eq_ignore_ascii_case(label)) {
                return Err(DealError(format!(
                    "field {:?} is given twice",
                    short(label)
                )));
            }
            parts.push((label, value.trim()));
        }
        Ok(Fields { parts })
    }

    /// The value of field `label` (case-insensitive), removed from the fields.
    ///
    /// # Errors
    /// When the text has no such field.
    pub fn take(&mut self, label: &str) -> Result<&'a str, DealError> {
        self.take_opt(label)
            .ok_or_else(|| DealError(format!("the deal has no `{label}:` field")))
    }

    /// The value of field `label`, if the text has it.
    pub fn take_opt(&mut self, label: &str) -> Option<&'a str> {
        let i = self
            .parts
            .iter()
            .position(|(l, _)| l.eq_ignore_ascii_case(label))?;
        Some(self.parts.remove(i).1)
    }

    /// Checks that every field was taken.
    ///
    /// # Errors
    /// Naming the first field left over.
    pub fn finish(self) -> Result<(), DealError> {
        match self.parts.first() {
            None => Ok(()),
            Some((label, _)) => Err(DealError(format!(
                "unknown field {:?} in the deal",
                short(label)
            ))),
        }
    }
}

/// `label: value` fields joined with `; `.
pub fn write_fields(fields: &[(&str, String)]) -> String {
    fields
        .iter()
        .map(|(l, v)| format!("{l}: {v}"))
        .collect::<Vec<_>>()
        .join("; ")
}

/// At most 30 characters of `s`, for error messages.
fn short(s: &str) -> String {
    let mut out: String = s.chars().take(30).collect();
    if s.chars().count() > 30 {
        out.push('…');
    }
    out
}

/// A card, `10` accepted for the ten.
///
/// # Errors
/// When `token` is not a card.
pub fn parse_card(token: &str) -> Result<Card, DealError> {
    token.parse().map_err(|_| {
        DealError(format!(
            "{:?} is not a card (e.g. AS, TD, 7C)",
            short(token)
        ))
    })
}

/// Cards separated by spaces, in order; `-` alone is the empty list.
///
/// # Errors
/// The first token that is not a card.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, DealError> {
    let t = text.trim();
    if t == "-" || t.is_empty() {
        return Ok(Vec::new());
    }
    t.split_whitespace().map(parse_card).collect()
}

/// A set of cards given as a list; a card given twice is an error.
///
/// # Errors
/// As [`parse_cards`], or a repeated card.
pub fn parse_set(text: &str) -> Result<CardSet, DealError> {
    let mut set = CardSet::EMPTY;
    for c in parse_cards(text)? {
        if !set.insert(c) {
            return Err(DealError(format!("{c} is given twice")));
        }
    }
    Ok(set)
}

/// Cards separated by spaces, `-` for none.
pub fn print_cards<C: Display>(cards: impl IntoIterator<Item = C>) -> String {
    let s: Vec<String> = cards.into_iter().map(|c| c.to_string()).collect();
    if s.is_empty() {
        "-".into()
    } else {
        s.join(" ")
    }
}

/// The `/`-separated parts of `text`, which must be `n`, one per seat.
///
/// # Errors
/// When there are not `n` parts.
pub fn split_seats<'a>(text: &'a str, n: usize, what: &str) -> Result<Vec<&'a str>, DealError> {
    let parts: Vec<&str> = text.split('/').map(str::trim).collect();
    if parts.len() != n {
        return Err(DealError(format!(
            "{what}: {} given, {n} expected (separated by /)",
            parts.len()
        )));
    }
    Ok(parts)
}

/// Per-seat texts joined with ` / `.
pub fn join_seats(parts: impl IntoIterator<Item = String>) -> String {
    parts.into_iter().collect::<Vec<_>>().join(" / ")
}

/// Per-seat card sets as card lists separated by ` / `: `AS KD / 7C 2H`.
pub fn print_seat_sets(sets: &[CardSet]) -> String {
    join_seats(sets.iter().map(|s| print_cards(*s)))
}

/// Reads `n` per-seat card sets written by [`print_seat_sets`] (each a set: a card twice in
/// one is an error; the deck is not checked).
///
/// # Errors
/// As [`split_seats`] and [`parse_set`].
pub fn parse_seat_sets(text: &str, n: usize, what: &str) -> Result<Vec<CardSet>, DealError> {
    split_seats(text, n, what)?
        .into_iter()
        .map(parse_set)
        .collect()
}

/// The hands of `hands.len()` seats in PBN hand notation (`S.H.D.C`, high cards first, a joker
/// appended as `+JK`): for
/// four seats `N:` and the hands clockwise from North, else the hands from seat 0 separated by
/// spaces.
///
/// ```
/// use cardsim_engine::deal_text::{parse_hands, print_hands};
/// let text = "N:AKQ2.KJ4.T98.A73 JT9.AQ2.AKQ.KQJ2 876.T9876.765.T9 543.53.J432.8654";
/// let hands = parse_hands(text, 4).unwrap();
/// assert_eq!(print_hands(&hands), text);
/// ```
pub fn print_hands(hands: &[CardSet]) -> String {
    let body: Vec<String> = hands.iter().map(|&h| hand_text(h)).collect();
    if hands.len() == 4 {
        format!("{}:{}", seat_char(Seat::new(0)), body.join(" "))
    } else {
        body.join(" ")
    }
}

/// One hand in PBN notation, a joker (which PBN cannot write) appended as `+JK`.
fn hand_text(hand: CardSet) -> String {
    let jokers: CardSet = hand.iter().filter(|c| c.is_joker()).collect();
    let mut s = hand_to_pbn(hand - jokers);
    for j in jokers {
        s.push('+');
        s.push_str(&j.to_string());
    }
    s
}

/// Reads a hand written by [`hand_text`].
fn parse_hand_text(text: &str) -> Result<CardSet, DealError> {
    let mut parts = text.split('+');
    let mut hand = parse_hand(parts.next().unwrap_or("")).map_err(|e| DealError(e.to_string()))?;
    for j in parts {
        let c = parse_card(j)?;
        if !c.is_joker() || !hand.insert(c) {
            return Err(DealError(format!(
                "{j:?} after a hand's `+` must be a joker not given before"
            )));
        }
    }
    Ok(hand)
}

/// Reads `n` hands written as [`print_hands`] writes them; with four seats the first hand's
/// seat may be any of `N:`, `E:`, `S:`, `W:` (the hands then go clockwise from it). Sizes and
/// the deck are not checked (see [`check_deck`]).
///
/// # Errors
/// A missing seat prefix with four seats, the wrong number of hands, a malformed hand.
pub fn parse_hands(text: &str, n: usize) -> Result<Vec<CardSet>, DealError> {
    let t = text.trim().trim_matches('"');
    let (first, rest) = match t.split_once(':') {
        Some((f, r)) if n == 4 => {
            let mut chars = f.trim().chars();
            match (chars.next().and_then(parse_seat), chars.next()) {
                (Some(s), None) => (s, r),
                _ => {
                    return Err(DealError(format!(
                        "{:?} is not a seat; the hands start with N:, E:, S: or W:",
                        short(f)
                    )))
                }
            }
        }
        None if n != 4 => (Seat::new(0), t),
        _ => {
            return Err(DealError(if n == 4 {
                "the hands start with the first hand's seat, e.g. \"N:AKQ2.J4.T98.765 ...\"".into()
            } else {
                format!("{n} hands are written without a seat prefix")
            }))
        }
    };
    let texts: Vec<&str> = rest.split_whitespace().collect();
    if texts.len() != n {
        return Err(DealError(format!(
            "{} hands given, {n} expected (S.H.D.C each, separated by spaces)",
            texts.len()
        )));
    }
    let mut hands = vec![CardSet::EMPTY; n];
    for (k, h) in texts.iter().enumerate() {
        hands[first.left(k, n).index()] = parse_hand_text(h)?;
    }
    Ok(hands)
}

/// Checks that `cards` is exactly the multiset `deck`: no card the deck lacks, none more often
/// than the deck holds it, none missing.
///
/// # Errors
/// Naming the first offending card.
pub fn check_deck(
    deck: CardMultiset,
    cards: impl IntoIterator<Item = Card>,
) -> Result<(), DealError> {
    check_copies(
        |c: Card| deck.count(c),
        deck.iter(),
        cards,
        |c: Card| c.index(),
    )
}

/// [`check_deck`] for any card type with an index below 64: `copies(c)` is how often the
/// deck holds `c`, `deck` lists the deck (each copy once).
///
/// # Errors
/// Naming the first offending card.
pub fn check_copies<C: Copy + Display>(
    copies: impl Fn(C) -> u8,
    deck: impl IntoIterator<Item = C>,
    cards: impl IntoIterator<Item = C>,
    index: impl Fn(C) -> usize,
) -> Result<(), DealError> {
    let mut seen = [0u8; 64];
    for c in cards {
        let i = index(c);
        seen[i] = seen[i].saturating_add(1);
        let want = copies(c);
        if seen[i] > want {
            return Err(DealError(match want {
                0 => format!("{c} is not a card of this game's deck"),
                1 => format!("{c} is given twice"),
                n => format!("{c} is given more than {n} times (the deck has {n})"),
            }));
        }
    }
    let mut missing: Vec<String> = Vec::new();
    let mut counted = [0u8; 64];
    for c in deck {
        let i = index(c);
        counted[i] += 1;
        if counted[i] > seen[i] {
            missing.push(c.to_string());
        }
    }
    if missing.is_empty() {
        Ok(())
    } else {
        let n = missing.len();
        missing.truncate(8);
        Err(DealError(format!(
            "{n} card{} missing: {}{}",
            if n == 1 { " is" } else { "s are" },
            missing.join(" "),
            if n > 8 { " …" } else { "" }
        )))
    }
}

/// Checks that `cards` are cards of `deck`, none given twice (the rest of the deck stays
/// undealt: a stub, a kitty).
///
/// # Errors
/// Naming the first offending card.
pub fn check_part(deck: CardSet, cards: impl IntoIterator<Item = Card>) -> Result<(), DealError> {
    let mut seen = CardSet::EMPTY;
    for c in cards {
        if !deck.contains(c) {
            return Err(DealError(format!("{c} is not a card of this game's deck")));
        }
        if !seen.insert(c) {
            return Err(DealError(format!("{c} is given twice")));
        }
    }
    Ok(())
}

/// Hands as [`parse_hands`] reads them, of `size` cards each from `deck`, none twice (the
/// rest of the deck undealt).
///
/// # Errors
/// As [`parse_hands`] and [`check_part`], or a hand of another size.
pub fn parse_part_hands(
    text: &str,
    n: usize,
    deck: CardSet,
    size: usize,
) -> Result<Vec<CardSet>, DealError> {
    let hands = parse_hands(text, n)?;
    check_part(deck, hands.iter().flat_map(|h| h.iter()))?;
    for (i, h) in hands.iter().enumerate() {
        check_len(&format!("seat {i}'s hand"), h.len(), size)?;
    }
    Ok(hands)
}

/// The hands of the first `n` seats of a trick play.
pub fn hands_of(play: &TrickPlay) -> Vec<CardSet> {
    Seat::all(play.players()).map(|s| play.hand(s)).collect()
}

/// Checks that `what` has `want` cards.
///
/// # Errors
/// When it has `got`.
pub fn check_len(what: &str, got: usize, want: usize) -> Result<(), DealError> {
    if got == want {
        Ok(())
    } else {
        Err(DealError(format!(
            "{what} has {got} cards; it must have {want}"
        )))
    }
}

/// The hands of `n` seats as [`parse_hands`] reads them, checked: together exactly `deck`,
/// `size` cards each.
///
/// # Errors
/// As [`parse_hands`] and [`check_deck`], or a hand of another size.
pub fn parse_dealt_hands(
    text: &str,
    n: usize,
    deck: CardSet,
    size: usize,
) -> Result<Vec<CardSet>, DealError> {
    let hands = parse_hands(text, n)?;
    check_deck(
        CardMultiset::copies(deck, 1),
        hands.iter().flat_map(|h| h.iter()),
    )?;
    for (i, h) in hands.iter().enumerate() {
        check_len(&format!("seat {i}'s hand"), h.len(), size)?;
    }
    Ok(hands)
}

/// A text's first `;`-separated part (unlabelled, such as PBN hands) and its other fields.
///
/// # Errors
/// As [`Fields::parse`].
pub fn head_and_fields(text: &str) -> Result<(&str, Fields<'_>), DealError> {
    let (head, rest) = text.split_once(';').unwrap_or((text, ""));
    Ok((head.trim(), Fields::parse(rest)?))
}

/// A copy of a trick play that has not started (as dealt) with `hands` in place of its hands:
/// the same leader, order, obligation, active seats and deck.
pub fn with_hands(play: &TrickPlay, hands: &[CardSet]) -> TrickPlay {
    TrickPlay::new(
        play.players(),
        hands,
        play.to_play(),
        *play.order(),
        play.obligation(),
    )
    .with_deck(play.record().deck())
    .with_active(play.active())
}

/// A dealt state of `game` to fill in: [`Game::deal`] from a fixed seed, whose cards a parser
/// replaces (its other fields are those of every first deal).
pub fn template<G: Game>(game: &G) -> G::State {
    game.deal(&mut rand_chacha::ChaCha8Rng::seed_from_u64(0))
}

/// Checks that `text` reads back to `state`: `Ok` with the text when
/// `parse_deal(print_deal(state))` equals `state` (compared through `Debug`) and prints the
/// same text again.
///
/// # Errors
/// What differs.
pub fn round_trip<G: DealText>(game: &G, state: &G::State) -> Result<String, String>
where
    G::State: Debug,
{
    let text = game.print_deal(state);
    let back = game
        .parse_deal(&text)
        .map_err(|e| format!("{text:?} does not parse: {e}"))?;
    if format!("{back:?}") != format!("{state:?}") {
        return Err(format!(
            "{text:?} parses to another state:\n{back:?}\nnot\n{state:?}"
        ));
    }
    let again = game.print_deal(&back);
    if again != text {
        return Err(format!("{text:?} prints back as {again:?}"));
    }
    Ok(text)
}

/// Asserts that `game` refuses the text of `state` (whose stock is printed last) with `card`,
/// which opens its first hand, moved to the end of the stock (a hand one card short), and with
/// `card` added a second time at the end.
///
/// # Panics
/// If either text is accepted.
#[cfg(test)]
pub(crate) fn assert_misplaced_card_refused<G: DealText>(game: &G, state: &G::State, card: &str) {
    let text = game.print_deal(state);
    let short = text
        .replacen(&format!("{card} "), "", 1)
        .replacen(card, "", 1)
        + " "
        + card;
    assert!(game.parse_deal(&short).is_err(), "{short}");
    let twice = format!("{text} {card}");
    assert!(game.parse_deal(&twice).is_err(), "{twice}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_check_names_the_offending_card() {
        let deck = CardMultiset::copies(CardSet::FULL_DECK, 1);
        let all: Vec<Card> = Card::all52().collect();
        assert!(check_deck(deck, all.iter().copied()).is_ok());
        let e = check_deck(deck, all[1..].iter().copied()).unwrap_err();
        assert_eq!(e.to_string(), "1 card is missing: 2C");
        let twice = all.iter().copied().chain([all[0]]);
        assert_eq!(
            check_deck(deck, twice).unwrap_err().to_string(),
            "2C is given twice"
        );
        let joker = all.iter().copied().chain([Card::JOKER]);
        assert!(check_deck(deck, joker)
            .unwrap_err()
            .to_string()
            .contains("not a card of this game's deck"));
        let two = CardMultiset::copies(CardSet::FULL_DECK, 2);
        let thrice = all.iter().chain(&all).chain(&all[..1]).copied();
        assert!(check_deck(two, thrice)
            .unwrap_err()
            .to_string()
            .contains("more than 2 times"));
    }

    #[test]
    fn hands_read_from_any_first_seat_and_other_counts() {
        let n = parse_hands("N:AK... Q... J... T...", 4).unwrap();
        let w = parse_hands("W:T... AK... Q... J...", 4).unwrap();
        assert_eq!(n, w);
        assert_eq!(print_hands(&n), "N:AK... Q... J... T...");
        let three = parse_hands("A... K... .Q..", 3).unwrap();
        assert_eq!(print_hands(&three), "A... K... .Q..");
        assert!(parse_hands("N:A... K...", 4).is_err());
        assert!(parse_hands("A... K... Q... J...", 4).is_err());
        assert!(parse_hands("X:A... K... Q... J...", 4).is_err());
        assert!(parse_hands("N:A... K... Q... J...", 3).is_err());
    }

    #[test]
    fn fields_are_taken_once_each() {
        let mut f = Fields::parse("a: 1; b: x y").unwrap();
        assert_eq!(f.take("B").unwrap(), "x y");
        assert!(f.take("b").is_err());
        assert_eq!(f.take("a").unwrap(), "1");
        assert!(f.finish().is_ok());
        assert!(Fields::parse("a: 1; a: 2").is_err());
        assert!(Fields::parse("a 1").is_err());
    }
}
