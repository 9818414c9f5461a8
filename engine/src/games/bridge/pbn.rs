//! Portable Bridge Notation: deals (`N:AKQ2.KJ4.T98.A73 ...`) and game records.
//!
//! A deal names the seat of its first hand, then four hands clockwise, each as
//! `spades.hearts.diamonds.clubs` with ranks `AKQJT98765432` (`10` is accepted for the ten, and
//! an empty suit is a void). Seats are `N`, `E`, `S`, `W` = seats 0, 1, 2, 3.
//!
//! ```
//! use cardsim_engine::games::bridge::pbn::Deal;
//! use cardsim_engine::Seat;
//! let text = "N:AKQ2.KJ4.T98.A73 JT9.AQ2.AKQ.KQJ2 876.T9876.765.T9 543.53.J432.8654";
//! let deal: Deal = text.parse().unwrap();
//! assert_eq!(deal.hand(Seat::new(0)).len(), 13);
//! assert_eq!(deal.to_string(), text);
//! let west_first: Deal = "W:543.53.J432.8654 AKQ2.KJ4.T98.A73 JT9.AQ2.AKQ.KQJ2 876.T9876.765.T9"
//!     .parse()
//!     .unwrap();
//! assert_eq!(west_first, deal);
//! assert!("N:AKQ2.KJ4.T98.A73".parse::<Deal>().unwrap_err().to_string().contains("four hands"));
//! ```

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::seat::Seat;
use std::fmt;
use std::str::FromStr;

/// The suits in PBN order: spades, hearts, diamonds, clubs.
const PBN_SUITS: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

/// The letter of a seat: `N`, `E`, `S`, `W` for seats 0..4.
///
/// # Panics
/// If the seat is not one of the first four.
pub fn seat_char(seat: Seat) -> char {
    ['N', 'E', 'S', 'W'][seat.index()]
}

/// The seat of a letter `N`, `E`, `S`, `W` (either case).
pub fn parse_seat(c: char) -> Option<Seat> {
    match c.to_ascii_uppercase() {
        'N' => Some(Seat::new(0)),
        'E' => Some(Seat::new(1)),
        'S' => Some(Seat::new(2)),
        'W' => Some(Seat::new(3)),
        _ => None,
    }
}

/// Why a PBN deal could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PbnError {
    /// No `X:` seat prefix.
    #[error("a PBN deal starts with the first hand's seat and a colon, e.g. \"N:\"; got {0:?}")]
    MissingSeat(String),
    /// Not four hands.
    #[error("a PBN deal has four hands separated by spaces; found {0}")]
    HandCount(usize),
    /// A hand without four suits.
    #[error("hand {hand:?} must have four suits S.H.D.C separated by dots")]
    SuitCount {
        /// The hand's text.
        hand: String,
    },
    /// A character that is not a rank.
    #[error("bad rank {ch:?} in hand {hand:?} (ranks are AKQJT98765432, or 10)")]
    BadRank {
        /// The character.
        ch: char,
        /// The hand's text.
        hand: String,
    },
    /// A card given twice.
    #[error("card {0} appears twice")]
    Duplicate(Card),
    /// A hand given as `-`, unknown (PBN allows it; a full deal needs every hand).
    #[error("{0}'s hand is unknown (\"-\"); a full deal needs all four hands")]
    UnknownHand(char),
    /// A hand without 13 cards.
    #[error("{seat}'s hand has {count} cards; every hand needs 13")]
    HandSize {
        /// The seat letter.
        seat: char,
        /// Its card count.
        count: usize,
    },
}

/// A full deal: four hands of 13 cards, one per seat (N, E, S, W).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    hands: [CardSet; 4],
}

impl Deal {
    /// The deal of `hands` (N, E, S, W).
    ///
    /// # Errors
    /// [`PbnError::Duplicate`] for a card in two hands, [`PbnError::HandSize`] for a hand
    /// without 13 cards.
    pub fn new(hands: [CardSet; 4]) -> Result<Deal, PbnError> {
        let mut seen = CardSet::EMPTY;
        for (i, &h) in hands.iter().enumerate() {
            if let Some(c) = (h & seen).lowest() {
                return Err(PbnError::Duplicate(c));
            }
            if h.len() != 13 || !h.is_subset(CardSet::FULL_DECK) {
                return Err(PbnError::HandSize {
                    seat: seat_char(Seat::new(i)),
                    count: h.len(),
                });
            }
            seen |= h;
        }
        Ok(Deal { hands })
    }

    /// The hand of `seat` (0..4 = N, E, S, W).
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// The four hands, N, E, S, W.
    pub const fn hands(&self) -> [CardSet; 4] {
        self.hands
    }

    /// The deal written from `first`'s hand: `X:hand hand hand hand`.
    pub fn to_pbn_from(&self, first: Seat) -> String {
        let mut s = format!("{}:", seat_char(first));
        for k in 0..4 {
            if k > 0 {
                s.push(' ');
            }
            s.push_str(&hand_to_pbn(self.hands[first.left(k, 4).index()]));
        }
        s
    }
}

/// One hand as `S.H.D.C`, high cards first.
///
/// ```
/// use cardsim_engine::games::bridge::pbn::hand_to_pbn;
/// assert_eq!(hand_to_pbn("AS TS 2H KC".parse().unwrap()), "AT.2..K");
/// ```
pub fn hand_to_pbn(hand: CardSet) -> String {
    let mut s = String::with_capacity(20);
    for (k, suit) in PBN_SUITS.iter().enumerate() {
        if k > 0 {
            s.push('.');
        }
        for c in hand.of_suit(*suit).iter().rev() {
            s.push(c.rank().char());
        }
    }
    s
}

/// Reads one hand `S.H.D.C`; sizes are not checked.
///
/// # Errors
/// [`PbnError::SuitCount`], [`PbnError::BadRank`] or [`PbnError::Duplicate`].
pub fn parse_hand(text: &str) -> Result<CardSet, PbnError> {
    let suits: Vec<&str> = text.split('.').collect();
    if suits.len() != 4 {
        return Err(PbnError::SuitCount {
            hand: text.to_string(),
        });
    }
    let mut hand = CardSet::EMPTY;
    for (part, &suit) in suits.iter().zip(&PBN_SUITS) {
        let mut chars = part.chars().peekable();
        while let Some(ch) = chars.next() {
            let rank = if ch == '1' && chars.peek() == Some(&'0') {
                chars.next();
                Some(Rank::Ten)
            } else if ch == 'C' || ch == 'c' {
                None // the Knight has no place in bridge
            } else {
                Rank::from_token(&ch.to_string())
            };
            let Some(rank) = rank else {
                return Err(PbnError::BadRank {
                    ch,
                    hand: text.to_string(),
                });
            };
            let card = Card::new(rank, suit);
            if !hand.insert(card) {
                return Err(PbnError::Duplicate(card));
            }
        }
    }
    Ok(hand)
}

impl FromStr for Deal {
    type Err = PbnError;

    fn from_str(s: &str) -> Result<Deal, PbnError> {
        let s = s.trim().trim_matches('"');
        let (first, rest) = match s.split_once(':') {
            Some((f, r)) if f.trim().chars().count() == 1 => (f.trim().chars().next(), r),
            _ => (None, ""),
        };
        let Some(first) = first.and_then(parse_seat) else {
            return Err(PbnError::MissingSeat(s.chars().take(20).collect()));
        };
        let texts: Vec<&str> = rest.split_whitespace().collect();
        if texts.len() != 4 {
            return Err(PbnError::HandCount(texts.len()));
        }
        let mut hands = [CardSet::EMPTY; 4];
        for (k, t) in texts.iter().enumerate() {
            let seat = first.left(k, 4);
            if *t == "-" {
                return Err(PbnError::UnknownHand(seat_char(seat)));
            }
            hands[seat.index()] = parse_hand(t)?;
        }
        Deal::new(hands)
    }
}

impl fmt::Display for Deal {
    /// The deal from North: `N:... ... ... ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pbn_from(Seat::new(0)))
    }
}

/// A PBN game record: tag pairs, then optional auction and play sections, written in the
/// export format other bridge programs read.
///
/// ```
/// use cardsim_engine::games::bridge::pbn::PbnRecord;
/// use cardsim_engine::Seat;
/// let mut r = PbnRecord::default();
/// r.tag("Event", "test");
/// r.auction = Some((Seat::new(0), vec!["1NT".into(), "Pass".into(), "Pass".into(), "Pass".into()]));
/// let text = r.to_string();
/// assert!(text.starts_with("[Event \"test\"]\n[Auction \"N\"]\n1NT Pass Pass Pass\n"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PbnRecord {
    /// Tag pairs in order, e.g. `("Deal", "N:...")`.
    pub tags: Vec<(String, String)>,
    /// The dealer and the calls in order (`1C`..`7NT`, `Pass`, `X`, `XX`).
    pub auction: Option<(Seat, Vec<String>)>,
    /// The opening leader and, per trick, the cards of the four seats in clockwise order
    /// from the opening leader (`None` where a card was not played).
    pub play: Option<(Seat, Vec<[Option<Card>; 4]>)>,
}

impl PbnRecord {
    /// Adds a tag pair.
    pub fn tag(&mut self, name: &str, value: impl fmt::Display) {
        self.tags.push((name.to_string(), value.to_string()));
    }
}

impl fmt::Display for PbnRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, v) in &self.tags {
            writeln!(f, "[{k} \"{v}\"]")?;
        }
        if let Some((dealer, calls)) = &self.auction {
            writeln!(f, "[Auction \"{}\"]", seat_char(*dealer))?;
            for row in calls.chunks(4) {
                writeln!(f, "{}", row.join(" "))?;
            }
        }
        if let Some((leader, tricks)) = &self.play {
            writeln!(f, "[Play \"{}\"]", seat_char(*leader))?;
            for t in tricks {
                let row: Vec<String> = t
                    .iter()
                    .map(|c| match c {
                        Some(c) => format!("{}{}", c.suit().char(), c.rank().char()),
                        None => "-".to_string(),
                    })
                    .collect();
                writeln!(f, "{}", row.join(" "))?;
            }
            writeln!(f, "*")?;
        }
        Ok(())
    }
}

/// Why a PBN file could not be read: the line and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {what}")]
pub struct ParsePbnError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub what: String,
}

/// The section a tag opens: the data between it and the next tag or the end of the game.
enum Section {
    /// Data that cardsim does not use, skipped.
    Skip,
    /// The calls of an `[Auction "X"]` tag.
    Auction(Seat, Vec<String>),
    /// The cards of a `[Play "X"]` tag (`None` for `-`), four per trick.
    Play(Seat, Vec<Option<Card>>),
}

/// Reads the games of a PBN file as the PBN 2.1 standard describes it: games separated by
/// blank lines; tag pairs `[Name "value"]` in any order (with `\"` and `\\` escapes); the
/// section data after `[Auction "X"]` (calls, notes `=n=` and suffixes skipped) and
/// `[Play "X"]` (cards like `SA`, `-` for none, `*` to end) kept, any other section skipped;
/// `%` lines, `;` comments to the end of the line and `{...}` comments (over several lines)
/// ignored. [`PbnRecord`]'s `Display` writes what this reads back.
///
/// ```
/// use cardsim_engine::games::bridge::pbn::parse_games;
/// let text = "% PBN 2.1\n[Event \"a\"]\n[Dealer \"E\"] ; the dealer\n\
///             [Auction \"E\"]\n1NT Pass =1= Pass Pass\n\n{ a comment }\n[Event \"b\"]\n";
/// let games = parse_games(text).unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].tags[1], ("Dealer".to_string(), "E".to_string()));
/// assert_eq!(games[0].auction.as_ref().unwrap().1, ["1NT", "Pass", "Pass", "Pass"]);
/// assert!(parse_games("[Event \"open").unwrap_err().to_string().starts_with("line 1:"));
/// ```
///
/// # Errors
/// [`ParsePbnError`] naming the line of a malformed tag, an unclosed comment, a bad card in a
/// play section, or text outside any section.
pub fn parse_games(text: &str) -> Result<Vec<PbnRecord>, ParsePbnError> {
    let mut games = Vec::new();
    let mut game = PbnRecord::default();
    let mut started = false;
    let mut section: Option<Section> = None;
    let mut comment_from = None;
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let bad = |what: String| ParsePbnError {
            line: line_no,
            what,
        };
        let mut rest = line;
        if comment_from.is_some() {
            match rest.find('}') {
                Some(end) => {
                    comment_from = None;
                    rest = &rest[end + 1..];
                }
                None => continue,
            }
        } else if rest.starts_with('%') {
            continue;
        } else if rest.trim().is_empty() {
            close(&mut game, section.take());
            if std::mem::take(&mut started) {
                games.push(std::mem::take(&mut game));
            }
            continue;
        }
        loop {
            rest = rest.trim_start();
            let Some(c) = rest.chars().next() else { break };
            match c {
                ';' => break,
                '{' => match rest.find('}') {
                    Some(end) => rest = &rest[end + 1..],
                    None => {
                        comment_from = Some(line_no);
                        break;
                    }
                },
                '[' => {
                    let (name, value, after) = tag_pair(&rest[1..]).map_err(bad)?;
                    rest = after;
                    close(&mut game, section.take());
                    started = true;
                    let seat = || {
                        let mut cs = value.chars();
                        match (cs.next().and_then(parse_seat), cs.next()) {
                            (Some(s), None) => Ok(s),
                            _ => Err(bad(format!(
                                "[{name} \"{value}\"]: the value must be a seat N, E, S or W"
                            ))),
                        }
                    };
                    section = Some(match name.as_str() {
                        "Auction" => Section::Auction(seat()?, Vec::new()),
                        "Play" => Section::Play(seat()?, Vec::new()),
                        _ => {
                            game.tags.push((name, value));
                            Section::Skip
                        }
                    });
                }
                _ => {
                    let end = rest
                        .find(|c: char| c.is_whitespace() || "[{;".contains(c))
                        .unwrap_or(rest.len());
                    let token = &rest[..end];
                    rest = &rest[end..];
                    match section.as_mut() {
                        None => {
                            return Err(bad(format!(
                                "{token:?} is outside any section (a game starts with a tag \
                                 such as [Event \"...\"])"
                            )))
                        }
                        Some(Section::Skip) => {}
                        Some(Section::Auction(_, calls)) => {
                            if !skipped(token) {
                                calls.push(token.trim_end_matches(['!', '?']).to_string());
                            }
                        }
                        Some(Section::Play(_, cards)) => {
                            if token == "-" {
                                cards.push(None);
                            } else if !skipped(token) {
                                let card = play_card(token.trim_end_matches(['!', '?']))
                                    .ok_or_else(|| {
                                        bad(format!(
                                            "{token:?} is not a card (a suit S, H, D or C, \
                                             then a rank, e.g. SA or H10) or -"
                                        ))
                                    })?;
                                cards.push(Some(card));
                            }
                        }
                    }
                }
            }
        }
    }
    if let Some(from) = comment_from {
        return Err(ParsePbnError {
            line: from,
            what: "a { comment is not closed".into(),
        });
    }
    close(&mut game, section.take());
    if started {
        games.push(game);
    }
    Ok(games)
}

/// Tokens of a section that carry no call or card: `*` (the end of an auction or a play),
/// notes `=n=` and NAGs `$n`.
fn skipped(token: &str) -> bool {
    token == "*" || token.starts_with('=') || token.starts_with('$')
}

/// Reads the inside of a tag pair after its `[`: `Name "value"]`, returning the name, the
/// value with its escapes resolved, and the text after the `]`.
fn tag_pair(text: &str) -> Result<(String, String, &str), String> {
    let text = text.trim_start();
    let name_end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    let name = &text[..name_end];
    if name.is_empty() {
        return Err("a tag pair is [Name \"value\"] with a name of letters and digits".into());
    }
    let rest = text[name_end..].trim_start();
    let Some(rest) = rest.strip_prefix('"') else {
        return Err(format!("tag {name}: the value must be in double quotes"));
    };
    let mut value = String::new();
    let mut chars = rest.char_indices();
    let close = loop {
        match chars.next() {
            None => return Err(format!("tag {name}: the value's closing quote is missing")),
            Some((_, '\\')) => match chars.next() {
                Some((_, c)) => value.push(c),
                None => return Err(format!("tag {name}: the value ends in a lone \\")),
            },
            Some((k, '"')) => break k,
            Some((_, c)) => value.push(c),
        }
    };
    let after = rest[close + 1..].trim_start();
    let Some(after) = after.strip_prefix(']') else {
        return Err(format!("tag {name}: the closing ] is missing"));
    };
    Ok((name.to_string(), value, after))
}

/// A card of a play section: suit letter, then rank (`SA`, `HT`, `H10`).
fn play_card(token: &str) -> Option<Card> {
    let mut chars = token.chars();
    let first = chars.next()?.to_ascii_uppercase();
    let suit = PBN_SUITS.into_iter().find(|s| s.char() == first)?;
    let rank = Rank::from_token(chars.as_str()).filter(|&r| r != Rank::Knight)?;
    Some(Card::new(rank, suit))
}

/// Stores a finished auction or play section in `game`.
fn close(game: &mut PbnRecord, section: Option<Section>) {
    match section {
        Some(Section::Auction(dealer, calls)) => game.auction = Some((dealer, calls)),
        Some(Section::Play(leader, cards)) => {
            let tricks = cards
                .chunks(4)
                .map(|t| {
                    let mut row = [None; 4];
                    row[..t.len()].copy_from_slice(t);
                    row
                })
                .collect();
            game.play = Some((leader, tricks));
        }
        Some(Section::Skip) | None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tricks::shuffled;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn random_deals_round_trip_from_every_seat() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        for _ in 0..50 {
            let cards = shuffled(CardSet::FULL_DECK, &mut rng);
            let hands: Vec<CardSet> = cards
                .chunks(13)
                .map(|c| c.iter().copied().collect())
                .collect();
            let deal = Deal::new([hands[0], hands[1], hands[2], hands[3]]).unwrap();
            for first in Seat::all(4) {
                let text = deal.to_pbn_from(first);
                assert_eq!(text.parse::<Deal>().unwrap(), deal, "{text}");
            }
        }
    }

    #[test]
    fn tens_voids_and_errors() {
        let d: Deal = "N:AKQJ1098765432... .AKQJ1098765432.. ..AKQJT98765432. ...AKQJT98765432"
            .parse()
            .unwrap();
        assert_eq!(d.hand(Seat::new(0)), CardSet::SPADES);
        assert_eq!(d.hand(Seat::new(3)), CardSet::CLUBS);
        assert_eq!(
            d.to_string(),
            "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
        );
        let bad = |s: &str| s.parse::<Deal>().unwrap_err();
        assert!(matches!(bad("AKQ.. x"), PbnError::MissingSeat(_)));
        assert!(matches!(bad("X:a b c d"), PbnError::MissingSeat(_)));
        assert_eq!(
            bad("N:AKQJT98765432... .AKQJT98765432.."),
            PbnError::HandCount(2)
        );
        assert!(matches!(bad("N:AKQ.JT9 a b c"), PbnError::SuitCount { .. }));
        assert!(matches!(
            bad("N:AKZ... a.b.c.d b c"),
            PbnError::BadRank { ch: 'Z', .. }
        ));
        assert_eq!(
            bad("N:AKQJT98765432... AKQJT98765432... ..AKQJT98765432. ...AKQJT98765432"),
            PbnError::Duplicate("2S".parse().unwrap())
        );
        let short = bad("N:AKQJT9876543... .AKQJT98765432..2 ..AKQJT98765432. ...AKQJT9876543");
        assert_eq!(
            short,
            PbnError::HandSize {
                seat: 'N',
                count: 12
            }
        );
        assert!(short.to_string().contains("13"));
        assert_eq!(
            bad("N:AAKQJT98765432... a b c"),
            PbnError::Duplicate("AS".parse().unwrap())
        );
    }

    #[test]
    fn quoted_tag_values_are_accepted() {
        let d: Deal = "\"S:543.53.J432.8654 AKQ2.KJ4.T98.A73 JT9.AQ2.AKQ.KQJ2 876.T9876.765.T9\""
            .parse()
            .unwrap();
        assert_eq!(hand_to_pbn(d.hand(Seat::new(2))), "543.53.J432.8654");
    }

    #[test]
    fn record_writes_play_rows() {
        let r = PbnRecord {
            play: Some((
                Seat::new(1),
                vec![[Some("AS".parse().unwrap()), None, None, None]],
            )),
            ..PbnRecord::default()
        };
        assert_eq!(r.to_string(), "[Play \"E\"]\nSA - - -\n*\n");
    }
}
