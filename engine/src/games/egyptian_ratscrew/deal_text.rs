//! Egyptian Ratscrew's deal text: each seat's face-down stack from the top (the next card
//! turned) down: `stacks: AS 7D KC ... / 2H JS ...`. Suits are `C D H S`; with `decks=2` the
//! second deck's copy of a card carries a `'` (`AS'`), and jokers are `JK`, `JK2`, `JK3`,
//! `JK4`. The cards are dealt one at a time from seat 0, so the first `52 mod players` seats
//! hold one card more.
//!
//! Beggar-my-neighbour deals (`slaps=false`, one deck, no jokers) may also be given in the
//! notation of the record lists: one string per player, top card first, `A K Q J` for the
//! penalty cards and `-` for any numeral, the players separated by `/`
//! (`---K---Q-KQAJ-----AAJ--J--/----------Q----KQ-J-----KA`). Numerals cannot change that game,
//! so they are dealt in a fixed order: the k-th `-` read (seat 0's string top first, then seat
//! 1's) is the k-th of `2C 3C ... TC 2D ... TS`, and the k-th copy of a penalty rank read is
//! of suit `C`, `D`, `H`, `S` in turn. Such a text prints back in the full form.

use super::{Card, Ratscrew, RatscrewState, ROOM};
use crate::deal_text::{join_seats, split_seats, DealError, DealText, Fields};
use crate::Seat;

const RANKS: &[u8; 13] = b"23456789TJQKA";
const SUITS: &[u8; 4] = b"CDHS";

impl Ratscrew {
    /// The text of one card (see the module docs).
    fn card_text(&self, c: Card) -> String {
        let standard = 52 * self.decks as usize;
        if (c as usize) < standard {
            let w = c as usize % 52;
            let copy = if c as usize >= 52 { "'" } else { "" };
            format!("{}{}{copy}", RANKS[w % 13] as char, SUITS[w / 13] as char)
        } else {
            match c as usize - standard {
                0 => "JK".into(),
                j => format!("JK{}", j + 1),
            }
        }
    }

    /// The card of a token.
    fn parse_card_text(&self, token: &str) -> Result<Card, DealError> {
        let bad = || {
            DealError::new(format!(
                "{token:?} is not a card of this game (e.g. AS, TD, 7C{}{})",
                if self.decks == 2 {
                    ", AS' for the second deck's"
                } else {
                    ""
                },
                if self.jokers > 0 { ", JK" } else { "" }
            ))
        };
        let standard = 52 * self.decks as usize;
        let upper = token.to_ascii_uppercase();
        if let Some(j) = upper.strip_prefix("JK") {
            let j: usize = match j {
                "" => 0,
                "2" | "3" | "4" => j.parse::<usize>().map_err(|_| bad())? - 1,
                _ => return Err(bad()),
            };
            if j >= self.jokers as usize {
                return Err(bad());
            }
            return Ok((standard + j) as Card);
        }
        let (body, copy) = match upper.strip_suffix('\'') {
            Some(b) if self.decks == 2 => (b, 1),
            Some(_) => return Err(bad()),
            None => (upper.as_str(), 0),
        };
        let b = body.as_bytes();
        let (rank, suit) = match b {
            [r, s] => (*r, *s),
            [b'1', b'0', s] => (b'T', *s),
            _ => return Err(bad()),
        };
        let r = RANKS.iter().position(|&x| x == rank).ok_or_else(bad)?;
        let s = SUITS.iter().position(|&x| x == suit).ok_or_else(bad)?;
        Ok((copy * 52 + s * 13 + r) as Card)
    }

    /// How many cards seat `i` is dealt.
    fn stack_size(&self, i: usize) -> usize {
        let n = self.cards();
        n / self.players + usize::from(i < n % self.players)
    }

    /// Reads the record lists' `A K Q J -` notation (one deck, no jokers).
    fn parse_bmn(&self, text: &str) -> Result<Vec<Vec<Card>>, DealError> {
        if self.slaps || self.decks != 1 || self.jokers != 0 {
            return Err(DealError::new(
                "the A K Q J - notation is for Beggar-my-neighbour: slaps=false, one deck, no \
                 jokers",
            ));
        }
        let mut numerals = (0..4u8).flat_map(|s| (0..9u8).map(move |r| s * 13 + r));
        let mut copies = [0u8; 13];
        let mut stacks = Vec::new();
        for part in split_seats(text, self.players, "stacks")? {
            let mut stack = Vec::new();
            for ch in part.chars().filter(|c| !c.is_whitespace()) {
                let c = match ch.to_ascii_uppercase() {
                    '-' => numerals.next(),
                    ch @ ('A' | 'K' | 'Q' | 'J') => {
                        let r = RANKS.iter().position(|&x| x as char == ch).unwrap_or(12);
                        let k = copies[r];
                        copies[r] += 1;
                        (k < 4).then_some(k * 13 + r as u8)
                    }
                    other => {
                        return Err(DealError::new(format!(
                            "{other:?} is not A, K, Q, J or - (a numeral)"
                        )))
                    }
                };
                let Some(c) = c else {
                    return Err(DealError::new(format!(
                        "more than four {ch}s (or 36 numerals) in the deal"
                    )));
                };
                stack.push(c);
            }
            stacks.push(stack);
        }
        Ok(stacks)
    }
}

impl DealText for Ratscrew {
    fn print_deal(&self, state: &RatscrewState) -> String {
        let stacks = join_seats(Seat::all(self.players).map(|p| {
            let cards: Vec<String> = state.stacks[p].iter().map(|c| self.card_text(c)).collect();
            if cards.is_empty() {
                "-".into()
            } else {
                cards.join(" ")
            }
        }));
        format!("stacks: {stacks}")
    }

    fn parse_deal(&self, text: &str) -> Result<RatscrewState, DealError> {
        let stacks: Vec<Vec<Card>> = if text.contains(':') {
            let mut fields = Fields::parse(text)?;
            let stacks = split_seats(fields.take("stacks")?, self.players, "stacks")?
                .into_iter()
                .map(|s| match s.trim() {
                    "-" => Ok(Vec::new()),
                    s => s
                        .split_whitespace()
                        .map(|t| self.parse_card_text(t))
                        .collect::<Result<Vec<_>, _>>(),
                })
                .collect::<Result<Vec<_>, _>>()?;
            fields.finish()?;
            stacks
        } else {
            self.parse_bmn(text)?
        };
        let mut seen = [false; ROOM];
        for &c in stacks.iter().flatten() {
            if std::mem::replace(&mut seen[c as usize], true) {
                return Err(DealError::new(format!(
                    "{} is given twice",
                    self.card_text(c)
                )));
            }
        }
        if let Some(c) = (0..self.cards()).find(|&c| !seen[c]) {
            let missing = (0..self.cards()).filter(|&c| !seen[c]).count();
            return Err(DealError::new(format!(
                "{missing} card(s) missing, the first {}",
                self.card_text(c as Card)
            )));
        }
        for (i, s) in stacks.iter().enumerate() {
            let want = self.stack_size(i);
            if s.len() != want {
                return Err(DealError::new(format!(
                    "seat {i}'s stack has {} cards; dealing one at a time from seat 0 gives it {want}",
                    s.len()
                )));
            }
        }
        let refs: Vec<&[Card]> = stacks.iter().map(Vec::as_slice).collect();
        Ok(self.position(&refs))
    }
}
