//! [`CardOrder`]: which suit a card follows as and how strong it is, and [`Obligation`]: what
//! a player must play to a trick.

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::tricks::Trick;

/// Which of two equally strong cards of the winning category takes the trick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// The first one played wins (Orgy's zero-ranked court cards). With no equal strengths,
    /// as in every standard order, the choice does not matter.
    #[default]
    FirstPlayed,
    /// The last one played wins (Ogórek).
    LastPlayed,
}

/// The card order of one hand of a trick-taking game: for every card its *effective suit*
/// (the suit it follows as and is followed by) and its *strength* within that suit, plus the
/// trump suit and the tie rule.
///
/// A trick is won by the strongest card of the trump suit if any was played, otherwise by the
/// strongest card of the suit led; other cards never win. Equal strengths are settled by
/// [`TieBreak`]. Everything game-specific is expressed as a table over the 64 card slots:
///
/// - standard ace-high order ([`CardOrder::ace_high`]): Whist, Bridge, Omi, Court Piece;
/// - Euchre and Hasenpfeffer ([`CardOrder::euchre`]): the jack of trumps (right bower) and the
///   other jack of the same colour (left bower) on top of the trump suit, the left bower
///   following as a trump, and optionally a joker above both;
/// - Envite's enlarged trump suit: [`CardOrder::with_card`] moves cards of other suits into
///   the trump suit with their own strengths;
/// - Orgy's court cards of strength zero with the first played winning ties:
///   [`CardOrder::from_fn`] plus [`TieBreak::FirstPlayed`];
/// - Ogórek's suitless order (every card in one effective suit, ranked by face, last played
///   winning ties) used with [`Obligation::BeatOrLowest`].
///
/// ```
/// use cardsim_engine::cards::{Card, Suit};
/// use cardsim_engine::tricks::CardOrder;
/// let order = CardOrder::euchre(Suit::Clubs, None);
/// let right: Card = "JC".parse().unwrap();
/// let left: Card = "JS".parse().unwrap();
/// let ace: Card = "AC".parse().unwrap();
/// assert_eq!(order.suit_of(left), Suit::Clubs); // the left bower follows as a trump
/// assert!(order.strength(right) > order.strength(left));
/// assert!(order.strength(left) > order.strength(ace));
/// assert!(order.is_trump(left) && !order.is_trump("JH".parse().unwrap()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardOrder {
    suit: [u8; 64],
    strength: [u8; 64],
    masks: [u64; 4],
    trump: Option<Suit>,
    tie: TieBreak,
    /// Cards of a fifth effective suit of trumps of their own ([`CardOrder::with_lone_trump`]):
    /// Nap's joker at *misère*, the only trump of a notrump hand.
    lone: u64,
}

impl CardOrder {
    /// The usual order: every card follows its own suit, ace high (strength = the card's lane
    /// slot, so a joker slot has strength 0), with `trump` as the trump suit (`None` for
    /// notrump).
    pub const fn ace_high(trump: Option<Suit>) -> CardOrder {
        let mut suit = [0u8; 64];
        let mut strength = [0u8; 64];
        let mut i = 0;
        while i < 64 {
            suit[i] = (i >> 4) as u8;
            strength[i] = (i & 15) as u8;
            i += 1;
        }
        CardOrder {
            suit,
            strength,
            masks: [0xFFFD, 0xFFFD << 16, 0xFFFD << 32, 0xFFFD << 48],
            trump,
            tie: TieBreak::FirstPlayed,
            lone: 0,
        }
    }

    /// Builds an order from `f(card) = (effective suit, strength)` for every suited card, with
    /// `trump` and `tie`. Joker slots keep their [`CardOrder::ace_high`] entry (their own
    /// lane, strength 0); place a joker with [`CardOrder::with_card`].
    ///
    /// ```
    /// use cardsim_engine::cards::{Rank, Suit};
    /// use cardsim_engine::tricks::{CardOrder, TieBreak};
    /// // Orgy: ace = 1 up to ten = 10, courts all 0, the first played of equals wins.
    /// let orgy = CardOrder::from_fn(Some(Suit::Spades), TieBreak::FirstPlayed, |c| {
    ///     let court = matches!(c.rank(), Rank::Jack | Rank::Queen | Rank::King);
    ///     (c.suit(), if court { 0 } else { c.rank().number() })
    /// });
    /// assert_eq!(orgy.strength("QC".parse().unwrap()), orgy.strength("KC".parse().unwrap()));
    /// assert!(orgy.strength("7C".parse().unwrap()) > orgy.strength("AC".parse().unwrap()));
    /// assert!(orgy.strength("AC".parse().unwrap()) > orgy.strength("KC".parse().unwrap()));
    /// ```
    pub fn from_fn(
        trump: Option<Suit>,
        tie: TieBreak,
        mut f: impl FnMut(Card) -> (Suit, u8),
    ) -> CardOrder {
        let mut order = CardOrder::ace_high(trump).with_tie_break(tie);
        for i in 0..64u8 {
            if let Some(c) = Card::try_from_index(i).filter(|c| !c.is_joker()) {
                let (s, k) = f(c);
                order = order.with_card(c, s, k);
            }
        }
        order
    }

    /// Euchre's order for `trump`: right bower (jack of trumps) and left bower (the jack of
    /// the same colour, which becomes a trump) above the ace of trumps, and `joker` (if the
    /// deck has one) above both as the highest trump. Other suits stay ace high.
    pub fn euchre(trump: Suit, joker: Option<Card>) -> CardOrder {
        /// The four orders without a joker, built once (a game of Euchre asks one a hand).
        const PLAIN: [CardOrder; 4] = [
            CardOrder::euchre_plain(Suit::ALL[0]),
            CardOrder::euchre_plain(Suit::ALL[1]),
            CardOrder::euchre_plain(Suit::ALL[2]),
            CardOrder::euchre_plain(Suit::ALL[3]),
        ];
        let order = PLAIN[trump as usize];
        match joker {
            Some(j) => order.with_card(j, trump, 18),
            None => order,
        }
    }

    /// [`CardOrder::euchre`] without a joker.
    const fn euchre_plain(trump: Suit) -> CardOrder {
        let left_suit = match trump {
            Suit::Clubs => Suit::Spades,
            Suit::Spades => Suit::Clubs,
            Suit::Diamonds => Suit::Hearts,
            Suit::Hearts => Suit::Diamonds,
        };
        CardOrder::ace_high(Some(trump))
            .with_card(Card::new(Rank::Jack, trump), trump, 17)
            .with_card(Card::new(Rank::Jack, left_suit), trump, 16)
    }

    /// A copy in which `card` follows as `suit` with `strength`.
    pub const fn with_card(mut self, card: Card, suit: Suit, strength: u8) -> CardOrder {
        let i = card.index();
        self.lone &= !card.bit();
        self.masks[self.suit[i] as usize] &= !card.bit();
        self.suit[i] = suit as u8;
        self.strength[i] = strength;
        self.masks[suit as usize] |= card.bit();
        self
    }

    /// A copy in which `card` belongs to a fifth effective suit that is a suit of trumps of its
    /// own, with `strength`: it beats every card of the four suits, follows no suit and is
    /// followed by no other card (a lead of it leaves everyone free), whatever the trump suit
    /// (`None` included). Nap's joker at *misère*, "the highest trump in hands that would
    /// otherwise have no trump". Several such cards rank among themselves by strength; with a
    /// trump suit as well, they rank with its cards by strength.
    ///
    /// [`CardOrder::suit_of`] reports the card's printed lane for such a card; follow-suit code
    /// goes through [`CardOrder::follow_cards`] and [`CardOrder::same_suit`], which know the
    /// fifth suit.
    ///
    /// ```
    /// use cardsim_engine::cards::{Card, CardSet};
    /// use cardsim_engine::tricks::{CardOrder, Obligation, Trick};
    /// use cardsim_engine::Seat;
    /// let o = CardOrder::ace_high(None).with_lone_trump(Card::JOKER, 20);
    /// assert!(o.is_trump(Card::JOKER) && o.trump_cards() == CardSet::from_card(Card::JOKER));
    /// let mut t = Trick::new(Seat::new(0));
    /// t.push(Seat::new(0), "AC".parse().unwrap());
    /// let hand: CardSet = "JK 2C 3H".parse().unwrap();
    /// assert_eq!(Obligation::FollowSuit.legal(hand, &t, &o).to_string(), "2C"); // not the joker
    /// t.push(Seat::new(1), Card::JOKER);
    /// assert_eq!(t.winner(&o).unwrap().1, Card::JOKER);
    /// let mut t = Trick::new(Seat::new(0));
    /// t.push(Seat::new(0), Card::JOKER); // a joker lead: nobody can follow
    /// assert_eq!(Obligation::FollowSuit.legal(hand - CardSet::from_card(Card::JOKER), &t, &o).len(), 2);
    /// ```
    pub fn with_lone_trump(mut self, card: Card, strength: u8) -> CardOrder {
        let i = card.index();
        self.masks[self.suit[i] as usize] &= !card.bit();
        self.lone |= card.bit();
        self.strength[i] = strength;
        self
    }

    /// The cards of the fifth effective suit ([`CardOrder::with_lone_trump`]); empty in every
    /// order that does not use one.
    #[inline]
    pub const fn lone_trumps(&self) -> CardSet {
        CardSet::from_bits(self.lone)
    }

    /// The card slots that follow `led` (its effective suit's cards, the fifth suit's for a
    /// card of it).
    #[inline]
    pub const fn follow_cards(&self, led: Card) -> CardSet {
        if self.lone & led.bit() != 0 {
            CardSet::from_bits(self.lone)
        } else {
            CardSet::from_bits(self.masks[self.suit[led.index()] as usize])
        }
    }

    /// True when `a` and `b` are of the same effective suit (the fifth suit included).
    #[inline]
    pub const fn same_suit(&self, a: Card, b: Card) -> bool {
        let (la, lb) = (self.lone & a.bit() != 0, self.lone & b.bit() != 0);
        if la || lb {
            la && lb
        } else {
            self.suit[a.index()] == self.suit[b.index()]
        }
    }

    /// A copy with trump suit `trump`.
    pub const fn with_trump(mut self, trump: Option<Suit>) -> CardOrder {
        self.trump = trump;
        self
    }

    /// A copy with tie rule `tie`.
    pub const fn with_tie_break(mut self, tie: TieBreak) -> CardOrder {
        self.tie = tie;
        self
    }

    /// The trump suit, `None` at notrump.
    pub const fn trump(&self) -> Option<Suit> {
        self.trump
    }

    /// The tie rule.
    pub const fn tie_break(&self) -> TieBreak {
        self.tie
    }

    /// The suit `card` follows as.
    #[inline]
    pub const fn suit_of(&self, card: Card) -> Suit {
        Suit::from_index(self.suit[card.index()])
    }

    /// The strength of `card` within its effective suit; higher beats lower.
    #[inline]
    pub const fn strength(&self, card: Card) -> u8 {
        self.strength[card.index()]
    }

    /// True when `card` is a trump.
    #[inline]
    pub const fn is_trump(&self, card: Card) -> bool {
        if self.lone & card.bit() != 0 {
            return true;
        }
        match self.trump {
            Some(t) => self.suit[card.index()] == t as u8,
            None => false,
        }
    }

    /// Every card slot whose effective suit is `suit` (intersect with a hand or a deck: it
    /// includes joker slots that a deck may not hold).
    #[inline]
    pub const fn suit_cards(&self, suit: Suit) -> CardSet {
        CardSet::from_bits(self.masks[suit as usize])
    }

    /// Every trump card slot (empty at notrump), the fifth suit's cards included.
    #[inline]
    pub const fn trump_cards(&self) -> CardSet {
        match self.trump {
            Some(t) => CardSet::from_bits(self.masks[t as usize] | self.lone),
            None => CardSet::from_bits(self.lone),
        }
    }

    /// True when every card slot keeps its printed suit and ace-high strength, as in Whist
    /// and Bridge (fast paths rely on it).
    pub fn is_standard(&self) -> bool {
        let base = CardOrder::ace_high(self.trump);
        self.suit == base.suit && self.strength == base.strength && self.lone == 0
    }

    /// The category of `card` when `led` was led: 2 for a trump, 1 for the led suit, 0 for a
    /// card that cannot win.
    #[inline]
    const fn category(&self, card: Card, led: Suit) -> u8 {
        if self.is_trump(card) {
            2
        } else if self.suit[card.index()] == led as u8 {
            1
        } else {
            0
        }
    }

    /// A key that orders the cards of a trick in which `led` was led as [`CardOrder::beats`]
    /// does: the category (trump, suit led, other) above the strength. A card beats the best
    /// so far when its power is greater, or equal under [`TieBreak::LastPlayed`] (cards of
    /// the third category are never best: the card led is in one of the first two).
    #[inline]
    pub(crate) const fn power(&self, card: Card, led: Suit) -> u16 {
        (self.category(card, led) as u16) << 8 | self.strength(card) as u16
    }

    /// True when `challenger`, played after `best` to a trick in which `led` was led, takes
    /// the trick from it.
    ///
    /// ```
    /// use cardsim_engine::cards::Suit;
    /// use cardsim_engine::tricks::CardOrder;
    /// let o = CardOrder::ace_high(Some(Suit::Spades));
    /// let c = |s: &str| s.parse().unwrap();
    /// assert!(o.beats(c("2S"), c("AH"), Suit::Hearts)); // a trump
    /// assert!(!o.beats(c("AD"), c("2H"), Suit::Hearts)); // off-suit
    /// assert!(o.beats(c("3H"), c("2H"), Suit::Hearts));
    /// ```
    #[inline]
    pub const fn beats(&self, challenger: Card, best: Card, led: Suit) -> bool {
        let (a, b) = (self.category(challenger, led), self.category(best, led));
        if a != b {
            return a > b;
        }
        if a == 0 {
            return false;
        }
        let (sa, sb) = (self.strength(challenger), self.strength(best));
        match self.tie {
            TieBreak::FirstPlayed => sa > sb,
            TieBreak::LastPlayed => sa >= sb,
        }
    }
}

/// What a player must play to a trick, given the cards already in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Obligation {
    /// Follow the effective suit led if able, else play anything (Whist, Bridge, Euchre).
    #[default]
    FollowSuit,
    /// Follow suit if able, else trump if able, else anything (Royal Orgy's last phase).
    FollowSuitOrTrump,
    /// Play a card at least as strong as the strongest in the trick if able, suits ignored,
    /// else a card of the lowest strength held (Ogórek).
    BeatOrLowest,
    /// Any card (the free phases of Mattis and Myllymatti, Royal Orgy while stock remains).
    Free,
}

impl Obligation {
    /// The cards of `hand` that may be played to `trick` under `order`.
    ///
    /// ```
    /// use cardsim_engine::cards::{CardSet, Suit};
    /// use cardsim_engine::tricks::{CardOrder, Obligation, Trick};
    /// use cardsim_engine::Seat;
    /// let order = CardOrder::ace_high(Some(Suit::Spades));
    /// let hand: CardSet = "2H KH 3S 4D".parse().unwrap();
    /// let mut trick = Trick::new(Seat::new(0));
    /// assert_eq!(Obligation::FollowSuit.legal(hand, &trick, &order), hand);
    /// trick.push(Seat::new(0), "AH".parse().unwrap());
    /// assert_eq!(Obligation::FollowSuit.legal(hand, &trick, &order).to_string(), "2H KH");
    /// trick = Trick::new(Seat::new(0));
    /// trick.push(Seat::new(0), "AC".parse().unwrap());
    /// assert_eq!(Obligation::FollowSuitOrTrump.legal(hand, &trick, &order).to_string(), "3S");
    /// ```
    #[inline]
    pub fn legal(self, hand: CardSet, trick: &Trick, order: &CardOrder) -> CardSet {
        let Some(led) = trick.led() else {
            return hand;
        };
        match self {
            Obligation::Free => hand,
            Obligation::FollowSuit => {
                // A select rather than an early return, so that it needs no branch.
                let follow = hand & order.follow_cards(led);
                if follow.is_empty() {
                    hand
                } else {
                    follow
                }
            }
            Obligation::FollowSuitOrTrump => {
                let follow = hand & order.follow_cards(led);
                if !follow.is_empty() {
                    return follow;
                }
                if self == Obligation::FollowSuitOrTrump {
                    let trumps = hand & order.trump_cards();
                    if !trumps.is_empty() {
                        return trumps;
                    }
                }
                hand
            }
            Obligation::BeatOrLowest => {
                let top = trick
                    .cards()
                    .iter()
                    .map(|&c| order.strength(c))
                    .max()
                    .unwrap_or(0);
                let beat: CardSet = hand.iter().filter(|&c| order.strength(c) >= top).collect();
                if !beat.is_empty() {
                    return beat;
                }
                let low = hand.iter().map(|c| order.strength(c)).min().unwrap_or(0);
                hand.iter().filter(|&c| order.strength(c) == low).collect()
            }
        }
    }

    /// The cards a player provably does not hold after playing `card` to `trick` (the trick
    /// before the play): holding any of them would have made `card` illegal. These are the
    /// voids and other facts the public record keeps for determinization.
    ///
    /// `deck` bounds the answer to the cards of the game.
    ///
    /// ```
    /// use cardsim_engine::cards::{CardSet, Suit};
    /// use cardsim_engine::tricks::{CardOrder, Obligation, Trick};
    /// use cardsim_engine::Seat;
    /// let order = CardOrder::ace_high(Some(Suit::Spades));
    /// let mut trick = Trick::new(Seat::new(0));
    /// trick.push(Seat::new(0), "AH".parse().unwrap());
    /// let shown = Obligation::FollowSuit.excluded(&trick, "2D".parse().unwrap(), &order, CardSet::FULL_DECK);
    /// assert_eq!(shown, CardSet::HEARTS); // a heart void
    /// let shown = Obligation::FollowSuitOrTrump.excluded(&trick, "2D".parse().unwrap(), &order, CardSet::FULL_DECK);
    /// assert_eq!(shown, CardSet::HEARTS | CardSet::SPADES); // and no trumps
    /// ```
    #[inline]
    pub fn excluded(self, trick: &Trick, card: Card, order: &CardOrder, deck: CardSet) -> CardSet {
        let Some(led) = trick.led() else {
            return CardSet::EMPTY;
        };
        match self {
            Obligation::Free => CardSet::EMPTY,
            Obligation::FollowSuit => {
                // A select rather than an early return, so that it needs no branch.
                let void = order.follow_cards(led) & deck;
                if order.same_suit(card, led) {
                    CardSet::EMPTY
                } else {
                    void
                }
            }
            Obligation::FollowSuitOrTrump => {
                if order.same_suit(card, led) {
                    return CardSet::EMPTY;
                }
                let mut out = order.follow_cards(led);
                if self == Obligation::FollowSuitOrTrump && !order.is_trump(card) {
                    out |= order.trump_cards();
                }
                out & deck
            }
            Obligation::BeatOrLowest => {
                let top = trick
                    .cards()
                    .iter()
                    .map(|&c| order.strength(c))
                    .max()
                    .unwrap_or(0);
                let k = order.strength(card);
                if k >= top {
                    return CardSet::EMPTY;
                }
                // Could not reach `top`, and `card` was (one of) the lowest held.
                deck.iter()
                    .filter(|&c| order.strength(c) >= top || order.strength(c) < k)
                    .collect()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seat;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn trick(cards: &str) -> Trick {
        let mut t = Trick::new(Seat::new(0));
        for (i, tok) in cards.split_whitespace().enumerate() {
            t.push(Seat::new(i), c(tok));
        }
        t
    }

    #[test]
    fn ace_high_is_standard_and_masks_are_lanes() {
        for trump in [None, Some(Suit::Hearts)] {
            let o = CardOrder::ace_high(trump);
            assert!(o.is_standard());
            for s in Suit::ALL {
                assert_eq!(
                    o.suit_cards(s) & CardSet::FULL_DECK,
                    CardSet::FULL_DECK.of_suit(s)
                );
            }
        }
        assert!(!CardOrder::euchre(Suit::Hearts, None).is_standard());
        assert_eq!(CardOrder::ace_high(None).trump_cards(), CardSet::EMPTY);
    }

    #[test]
    fn euchre_bowers_and_joker() {
        let o = CardOrder::euchre(Suit::Hearts, Some(Card::JOKER));
        assert_eq!(o.suit_of(c("JD")), Suit::Hearts);
        assert_eq!(o.suit_of(Card::JOKER), Suit::Hearts);
        assert_eq!(o.suit_cards(Suit::Diamonds).len(), 14); // 15 card slots minus the left bower
                                                            // Joker > right > left > ace of trumps.
        let t = trick("AH");
        assert_eq!(t.winner(&o), Some((Seat::new(0), c("AH"))));
        let t = trick("AH JD");
        assert_eq!(t.winner(&o).unwrap().1, c("JD"));
        let t = trick("AH JD JH JK");
        assert_eq!(t.winner(&o).unwrap().1, Card::JOKER);
        // The left bower does not follow diamonds: a diamond lead lets it trump.
        let hand: CardSet = "JD 9D".parse().unwrap();
        assert_eq!(
            Obligation::FollowSuit
                .legal(hand, &trick("AD"), &o)
                .to_string(),
            "9D"
        );
        let hand: CardSet = "JD 9S".parse().unwrap();
        assert_eq!(Obligation::FollowSuit.legal(hand, &trick("AD"), &o), hand);
        assert_eq!(
            Obligation::FollowSuit
                .legal(hand, &trick("9H"), &o)
                .to_string(),
            "JD"
        );
    }

    #[test]
    fn orgy_first_played_tie_break_examples() {
        // The examples of the Orgy rules page, spades trump.
        let o = CardOrder::from_fn(Some(Suit::Spades), TieBreak::FirstPlayed, |card| {
            let court = matches!(card.rank(), Rank::Jack | Rank::Queen | Rank::King);
            (card.suit(), if court { 0 } else { card.rank().number() })
        });
        let win = |s: &str| trick(s).winner(&o).unwrap().1;
        assert_eq!(win("3C AC 7C JC"), c("7C"));
        assert_eq!(win("3C AS 7C JC"), c("AS"));
        assert_eq!(win("3C AS 7C JS"), c("AS"));
        assert_eq!(win("3C AC 7C JS"), c("JS"));
        assert_eq!(win("QC KC 7H JC"), c("QC"));
        assert_eq!(win("7H KC QC JC"), c("7H"));
        let o = o.with_trump(Some(Suit::Clubs));
        assert_eq!(trick("7H KC QC JC").winner(&o).unwrap().1, c("KC"));
    }

    #[test]
    fn ogorek_beat_or_lowest() {
        let o = CardOrder::from_fn(None, TieBreak::LastPlayed, |card| {
            (Suit::Clubs, card.rank() as u8)
        });
        let hand: CardSet = "2C 2D 9H KS".parse().unwrap();
        let ob = Obligation::BeatOrLowest;
        assert_eq!(ob.legal(hand, &trick("9C"), &o).to_string(), "9H KS");
        assert_eq!(ob.legal(hand, &trick("AC"), &o).to_string(), "2C 2D");
        // Ties go to the last player of the highest card.
        assert_eq!(
            trick("9C 9D 5H").winner(&o).unwrap(),
            (Seat::new(1), c("9D"))
        );
        let ex = ob.excluded(&trick("AC"), c("5D"), &o, CardSet::FULL_DECK);
        assert!(
            ex.contains(c("AS"))
                && ex.contains(c("4H"))
                && !ex.contains(c("5H"))
                && !ex.contains(c("KS"))
        );
        assert_eq!(
            ob.excluded(&trick("9C"), c("9S"), &o, CardSet::FULL_DECK),
            CardSet::EMPTY
        );
    }

    #[test]
    fn envite_enlarged_trump_suit() {
        // Four players' ranking plus one extra card moved into trumps (as with six players).
        let o = CardOrder::ace_high(Some(Suit::Hearts)).with_card(c("3C"), Suit::Hearts, 20);
        assert!(o.is_trump(c("3C")));
        assert_eq!(trick("KC 3C").winner(&o).unwrap().1, c("3C"));
        let hand: CardSet = "3C 4C".parse().unwrap();
        assert_eq!(
            Obligation::FollowSuit
                .legal(hand, &trick("KC"), &o)
                .to_string(),
            "4C"
        );
        assert_eq!(
            Obligation::FollowSuit
                .legal(hand, &trick("2H"), &o)
                .to_string(),
            "3C"
        );
    }

    #[test]
    fn a_lone_trump_is_a_fifth_suit() {
        // Nap's joker at misere: the only trump of a notrump hand.
        let o = CardOrder::ace_high(None).with_lone_trump(Card::JOKER, 20);
        assert!(!o.is_standard());
        assert_eq!(o.lone_trumps(), CardSet::from_card(Card::JOKER));
        assert!(!o.suit_cards(Suit::Clubs).contains(Card::JOKER));
        assert!(!o.same_suit(Card::JOKER, c("2C")) && o.same_suit(c("2C"), c("AC")));
        // Playing the joker to a club lead shows a club void; a club to a joker lead shows
        // nothing (nobody can follow a joker).
        let ex = Obligation::FollowSuit.excluded(&trick("AC"), Card::JOKER, &o, CardSet::FULL_DECK);
        assert_eq!(ex, CardSet::CLUBS);
        let ex = Obligation::FollowSuit.excluded(&trick("JK"), c("2C"), &o, CardSet::FULL_DECK);
        assert_eq!(ex, CardSet::EMPTY);
        assert_eq!(trick("JK AC").winner(&o).unwrap().1, Card::JOKER);
        assert_eq!(trick("2D AC JK").winner(&o).unwrap().1, Card::JOKER);
        assert_eq!(trick("2D AC").winner(&o).unwrap().1, c("2D"));
        // Moving the card back into a suit clears the fifth suit.
        let o = o.with_card(Card::JOKER, Suit::Hearts, 20);
        assert!(o.lone_trumps().is_empty() && o.suit_cards(Suit::Hearts).contains(Card::JOKER));
    }

    #[test]
    fn free_obligation_and_empty_trick() {
        let o = CardOrder::ace_high(None);
        let hand: CardSet = "2H 3S".parse().unwrap();
        assert_eq!(Obligation::Free.legal(hand, &trick("AC"), &o), hand);
        assert_eq!(
            Obligation::Free.excluded(&trick("AC"), c("2H"), &o, CardSet::FULL_DECK),
            CardSet::EMPTY
        );
        assert_eq!(
            Obligation::FollowSuit.excluded(&trick(""), c("2H"), &o, CardSet::FULL_DECK),
            CardSet::EMPTY
        );
    }
}
